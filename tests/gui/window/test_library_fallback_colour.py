"""Retry in the in-memory library bar moves the session's puzzles into the file, changing their
ids: the colour Solve view lets go of its game before the move (its last strokes saved under the
old id, so the copy carries them) and takes it up under the new id, as the black-and-white view
does; a stroke made within the second before Retry is not lost to the older copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, end_background, show_window

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.library.store import Reopened
from nonostudio.gui.window.library_fallback import show_memory_fallback

PALETTE = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
PICTURE = ((1, 1, 2), (0, 2, 2), (1, 0, 1))
RED = 1 << 1


def test_a_stroke_just_before_retry_is_carried_into_the_file(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    discard_on_question(monkeypatch)
    rows, cols = clues_of_colour_grid(PICTURE)
    db = tmp_path / "library.sqlite3"
    with Library(db) as lib:  # the file has a puzzle of its own, of the same shape and palette
        lib.add(ColourPuzzle(PALETTE, rows, cols, title="The file's own"))

    def open_recovering(path: Path, **_kw: Any) -> Reopened:
        return Reopened(Library(path, any_thread=True), None)

    monkeypatch.setattr(Library, "open_recovering", staticmethod(open_recovering))
    window = show_window(qtbot, Library(":memory:"), settings)
    try:
        path = tmp_path / "flag.xml"
        write_file(ColourPuzzle(PALETTE, rows, cols, title="Flag"), path)
        assert window.files.open_file(path, ask=False)
        old_id = window.library_commands.add_to_library()
        assert old_id is not None
        view = window.colour_pages().solve_view
        window.tabs.setCurrentWidget(view)
        view.ui.hand_action.trigger()
        view.pick_colour(1)  # red
        for column in (0, 1):
            pos = view.grid.cell_rect(0, column).center()
            qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=pos)
            if column == 0:
                assert view.save_progress()  # the first stroke kept; the second one not yet
        assert window.library.colour_progress(old_id).sets[0][1] != RED  # type: ignore[union-attr]

        bar = show_memory_fallback(window, db, ["the file could not be opened"])
        with qtbot.waitSignal(bar.moved, timeout=10000):
            qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
        new_id = window.document.library_id
        assert not window.library.in_memory and new_id is not None and new_id != old_id
        assert tuple(view.hand_sets()[0][:2]) == (RED, RED)  # the game on show has both strokes
        view.save_progress()
        kept = window.library.colour_progress(new_id)
        assert kept is not None and kept.sets[0][0] == RED and kept.sets[0][1] == RED
        assert window.library.colour_progress(old_id) is None  # the file's own puzzle: no game
    finally:
        end_background(window, 20000)
