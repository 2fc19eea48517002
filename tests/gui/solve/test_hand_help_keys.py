"""The words under a by-hand grid say the keys as well as the clicks (a keyboard-only player
found only the mouse named there), and each key they name does what they say of it."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nonostudio.gui.grid.view import MARK_KEYS
from nonostudio.gui.solve.colour.layout import COLOUR_HAND_HELP
from nonostudio.gui.solve.layout import HAND_HELP

KEYS = {"Space": Qt.Key.Key_Space, "X": Qt.Key.Key_X, "Delete": Qt.Key.Key_Delete}


def test_the_keys_the_words_name_do_what_they_say() -> None:
    said = {
        "Space fills": "fill",
        "X crosses out": "cross",
        "Delete makes a cell unknown": "clear",
    }
    for words, mark in said.items():
        assert words in HAND_HELP
        assert MARK_KEYS[KEYS[words.split()[0]]] == mark
    assert "arrows move the cursor" in HAND_HELP and "arrows move the cursor" in COLOUR_HAND_HELP
