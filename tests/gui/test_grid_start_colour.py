"""A big colour puzzle opens with its first cells and the clue boxes beside them in sight, in the
colour Editor and in colour Solve, as a black-and-white one does (bb35916).  Seen in the studio:
a random 200x200 colour puzzle opened on a blank view, the empty corner between clues longer than
the view both ways (the Editor scrolled to where the clues begin, Solve stayed at 0, 0)."""

from __future__ import annotations

import random

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.grid.colour import ColourGrid
from nonostudio.gui.solve.colour.view import ColourSolveView

PALETTE = Palette(
    (
        WHITE,
        Colour("red", "#d62728", "r"),
        Colour("blue", "#1f77b4", "b"),
        Colour("gold", "#e8c000", "g"),
    )
)


def random_puzzle(size: int, *, goal: bool) -> ColourPuzzle:
    """Random colour cells (a fifth background), their clues: about size / 2 boxes a line."""
    rng = random.Random(7)
    cells = tuple(tuple(rng.choice((0, 1, 2, 3, 3)) for _ in range(size)) for _ in range(size))
    rows, cols = clues_of_colour_grid(cells)
    return ColourPuzzle(PALETTE, rows, cols, goal=cells if goal else None)


def seen(area: QScrollArea, grid: ColourGrid, rect: QRect) -> bool:
    """Whether ``rect`` (grid coordinates) is whole inside the scroll area's view."""
    QApplication.processEvents()
    viewport = area.viewport()
    on_view = QRect(grid.mapTo(viewport, rect.topLeft()), rect.size())
    return viewport.rect().contains(on_view)


def assert_starts_at_the_cells(qtbot: QtBot, area: QScrollArea, grid: ColourGrid) -> None:
    """The first cell is in sight, with the last row and column clue boxes beside it."""
    qtbot.waitUntil(lambda: seen(area, grid, grid.cell_rect(0, 0)), timeout=2000)
    (x0, left), (y0, top) = grid.clue_bands()
    view = area.viewport().size()
    assert left - x0 > view.width() and top - y0 > view.height()  # clues longer than the view
    cell = grid.cell_size()
    first = grid.cell_rect(0, 0)
    assert seen(area, grid, QRect(left - cell, first.top(), cell, cell))  # the row's last box
    assert seen(area, grid, QRect(first.left(), top - cell, cell, cell))  # the column's


def test_the_colour_editor_opens_a_big_puzzle_at_its_first_cells(qtbot: QtBot) -> None:
    editor = ColourEditorView()
    qtbot.addWidget(editor)
    editor.resize(640, 420)
    editor.show()
    qtbot.waitExposed(editor)
    editor.set_puzzle(random_puzzle(200, goal=True))
    assert_starts_at_the_cells(qtbot, editor.grid_scroll, editor.grid)


def test_colour_solve_opens_a_big_puzzle_at_its_first_cells(qtbot: QtBot) -> None:
    """Set while the view is hidden (another tab), it starts there once shown."""
    holder = QWidget()
    qtbot.addWidget(holder)
    view = ColourSolveView(holder, delay_ms=60_000)  # (no trace starts during the test)
    holder.resize(700, 500)
    view.resize(700, 500)
    view.set_puzzle(random_puzzle(200, goal=False))
    holder.show()
    qtbot.waitExposed(holder)
    assert_starts_at_the_cells(qtbot, view.ui.scroll, view.grid)
    view.cancel()
