"""A big puzzle opens with its first cells and the clue numbers beside them in sight, in the
Editor and in Solve.  Seen under Xvfb at 1280x720: a random 1000x1000 (and a random 200x200)
opened from the command line showed a blank grey view in both tabs, the empty corner between
clues longer than the view both ways (the Solve view stayed at 0, 0; the editor scrolled to
where the clues begin, which is that corner too); zoomed in from the first cells, the view went
back there."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.grid.scroll import GridScrollArea, start_value
from nonostudio.gui.grid.view import GridView
from nonostudio.gui.solve.view import SolveView


def random_puzzle(size: int) -> Puzzle:
    """A random black-and-white picture's clues: about size / 4 numbers a line."""
    rng = np.random.default_rng(11)
    picture = np.where(rng.random((size, size)) < 0.6, FILLED, CROSSED).astype(np.int8)
    return Puzzle.from_grid(picture).without_goal()


def seen(area: GridScrollArea, grid: GridView, rect: QRect) -> bool:
    """Whether ``rect`` (grid coordinates) is whole inside the scroll area's view."""
    QApplication.processEvents()
    viewport = area.viewport()
    on_view = QRect(grid.mapTo(viewport, rect.topLeft()), rect.size())
    return viewport.rect().contains(on_view)


def centre_in_cells(area: GridScrollArea, grid: GridView) -> tuple[float, float]:
    """Where the view's centre is on the grid, in cells from the first cell's corner."""
    QApplication.processEvents()
    centre = grid.mapFrom(area.viewport(), area.viewport().rect().center())
    first = grid.cell_rect(0, 0)
    cell = grid.cell_size()
    return (centre.x() - first.left()) / cell, (centre.y() - first.top()) / cell


def assert_starts_at_the_cells(qtbot: QtBot, area: GridScrollArea, grid: GridView) -> None:
    """The first cell is in sight, with the last row and column clue numbers beside it."""
    (x0, left), (y0, top) = grid.clue_bands()
    view = area.viewport().size()
    assert left - x0 > view.width() and top - y0 > view.height()  # clues longer than the view
    qtbot.waitUntil(lambda: seen(area, grid, grid.cell_rect(0, 0)), timeout=2000)
    cell = grid.cell_size()
    beside_row = QRect(left - cell, grid.cell_rect(0, 0).top(), cell, cell)
    above_col = QRect(grid.cell_rect(0, 0).left(), top - cell, cell, cell)
    assert seen(area, grid, beside_row) and seen(area, grid, above_col)


@pytest.mark.parametrize(
    ("clues_from", "cells_from", "view", "expected", "why"),
    [
        (40, 240, 400, 40, "clues under two thirds of the view: seen whole"),
        (0, 1000, 400, 800, "longer clues: their last 200 pixels, then 200 of cells"),
        (500, 520, 300, 500, "room kept before short clues stays out of sight"),
    ],
)
def test_start_value(clues_from: int, cells_from: int, view: int, expected: int, why: str) -> None:
    assert start_value(clues_from, cells_from, view) == expected, why


def test_the_editor_opens_a_big_puzzle_at_its_first_cells(qtbot: QtBot) -> None:
    editor = EditorView()
    qtbot.addWidget(editor)
    editor.resize(640, 420)
    editor.show()
    qtbot.waitExposed(editor)
    editor.set_puzzle(random_puzzle(160))
    assert_starts_at_the_cells(qtbot, editor.ui.scroll, editor.grid)
    # zoomed in, the view keeps its place (the scroll bars kept their pixels: the clues only)
    looked_at = centre_in_cells(editor.ui.scroll, editor.grid)
    cell = editor.grid.cell_size()
    editor.zoom_in()
    editor.zoom_in()
    assert editor.grid.cell_size() > cell
    after = centre_in_cells(editor.ui.scroll, editor.grid)
    assert abs(after[0] - looked_at[0]) < 1 and abs(after[1] - looked_at[1]) < 1
    assert seen(editor.ui.scroll, editor.grid, editor.grid.cell_rect(0, 0))


def test_the_solve_view_opens_a_big_puzzle_at_its_first_cells(qtbot: QtBot) -> None:
    """Set while the view is hidden (another tab), it starts there once shown."""
    holder = QWidget()
    qtbot.addWidget(holder)
    view = SolveView(holder, delay_ms=60_000)  # (no solve starts during the test)
    holder.resize(700, 500)
    view.resize(700, 500)
    view.set_puzzle(random_puzzle(160))
    holder.show()
    qtbot.waitExposed(holder)
    assert_starts_at_the_cells(qtbot, view.ui.scroll, view.grid)
    view.cancel()
