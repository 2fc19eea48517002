"""Show alternate solution marks where another picture fits the clues: the check finds two
solutions in its own order, and its alternate was often the picture drawn itself, so the button
marked nothing (a 10x10 cross with a two-way corner, under Xvfb)."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question

from nonostudio.core.line import FILLED
from nonostudio.gui.window.main_window import MainWindow

DIAGONALS = (
    np.array([[1, 0], [0, 1]], dtype=np.int8),
    np.array([[0, 1], [1, 0]], dtype=np.int8),
)


@pytest.fixture
def window(open_window, monkeypatch: pytest.MonkeyPatch) -> MainWindow:
    discard_on_question(monkeypatch)  # the drawn picture is not kept
    return open_window()


def test_the_alternate_shown_differs_from_either_picture_drawn(
    qtbot: QtBot, window: MainWindow
) -> None:
    window.files.new_puzzle(2, 2)
    panel, grid = window.check_panel, window.editor.grid
    for picture in DIAGONALS:  # the same clues: the check's two solutions are these two
        for row, col in zip(*np.nonzero(picture != (grid.cells() == FILLED)), strict=True):
            pos = grid.cell_rect(int(row), int(col)).center()
            qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=pos)
        assert ((grid.cells() == FILLED) == picture).all() and grid.overlay() is None
        qtbot.waitUntil(lambda: not panel.alternate_button.isHidden(), timeout=10000)
        panel.alternate_button.click()
        overlay = grid.overlay()
        assert overlay is not None
        assert ((overlay == FILLED) != picture).all(), (picture, overlay)


def test_the_colour_alternate_shown_differs_from_either_picture_drawn(
    qtbot: QtBot, window: MainWindow
) -> None:
    """The same in the colour editor: both diagonals of a 2x2 painted in black."""
    window.files.new_colour_puzzle(2, 2)
    panel, grid = window.check_panel, window.colour_editor.grid
    black = 1  # (white, black, red, blue)
    grid.set_current(black)
    for picture in DIAGONALS:
        for row, col in zip(*np.nonzero(picture != (np.array(grid.cells()) == black)), strict=True):
            pos = grid.cell_rect(int(row), int(col)).center()
            button = Qt.MouseButton.LeftButton if picture[row, col] else Qt.MouseButton.RightButton
            qtbot.mouseClick(grid, button, pos=pos)
        assert ((np.array(grid.cells()) == black) == picture).all() and grid.overlay() is None
        qtbot.waitUntil(lambda: not panel.alternate_button.isHidden(), timeout=10000)
        panel.alternate_button.click()
        overlay = grid.overlay()
        assert overlay is not None
        assert ((np.array(overlay) == black) != picture).all(), (picture, overlay)
