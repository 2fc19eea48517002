"""The editor's grid holds still while the user draws: across strokes that make the clues grow,
neither the cell size nor the grid's place on screen changes (a stroke must land where it was
aimed), and the zoom changes only when the user asks."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.gui.window.main_window import MainWindow

pytestmark = pytest.mark.scenario  # also run under Xvfb in CI (a real X server)

SIZE = 20


def strokes() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """30 strokes (start cell, end cell) on a 20x20 grid, each adding clue numbers: rows across
    the left half (the column clues grow to 10 numbers), then short pieces of the right half's
    rows (the row clues grow), then dots in the top right."""
    out = [((r, 0), (r, 9)) for r in range(0, SIZE, 2)]
    out += [((r, c), (r, c)) for r in range(1, SIZE, 2) for c in (11, 15)]
    return out[:30]


def test_thirty_strokes_that_grow_the_clues_move_nothing(qtbot: QtBot, window: MainWindow) -> None:
    editor = window.editor
    window.tabs.setCurrentWidget(editor)
    editor.new_puzzle(SIZE, SIZE)
    QApplication.processEvents()
    grid = editor.grid

    def place() -> tuple[int, QPoint]:
        return grid.cell_size(), grid.mapTo(window, grid.cell_rect(0, 0).topLeft())

    first = place()
    zoom = grid.zoom()
    expected = np.zeros((SIZE, SIZE), dtype=bool)
    for (r0, c0), (r1, c1) in strokes():
        qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r0, c0).center())
        assert place() == first, "the grid moved as a stroke began"
        qtbot.mouseMove(grid, pos=grid.cell_rect(r1, c1).center())
        assert place() == first, "the grid moved during a stroke"
        qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r1, c1).center())
        QApplication.processEvents()  # let any layout the stroke started settle
        assert place() == first, "the grid moved between strokes"
        expected[r0 : r1 + 1, c0 : c1 + 1] = True
    assert grid.zoom() == zoom
    assert np.array_equal(grid.cells() == 1, expected), "a stroke landed off its cells"
    rows, cols = grid.clues()
    assert max(map(len, cols)) == 10 and max(map(len, rows)) == 2  # the clues did grow
