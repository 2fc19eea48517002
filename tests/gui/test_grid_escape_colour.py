"""Escape during a mouse stroke on the colour grids puts the cells back and ends the stroke, as
on the black-and-white grid: the rest of the drag and its release paint nothing and make no undo
step (Escape did nothing on the colour grid; the stroke went on and was kept)."""

from __future__ import annotations

from pictures import COLOURS
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.hints import unknown_grid
from nonostudio.core.colour.model import BACKGROUND, ColourPuzzle, clues_of_colour_grid
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.grid.colour import ColourGrid
from nonostudio.gui.solve.colour.view import ColourSolveView

BLANK = ((BACKGROUND,) * 4,) * 3


def _centre(grid: ColourGrid, r: int, c: int) -> QPoint:
    return grid.cell_rect(r, c).center()


def test_escape_cancels_a_stroke_in_the_colour_editor(qtbot: QtBot) -> None:
    editor = ColourEditorView()
    qtbot.addWidget(editor)
    editor.resize(700, 500)
    editor.show()
    qtbot.waitExposed(editor)
    editor.set_puzzle(ColourPuzzle(COLOURS, ((),) * 3, ((),) * 4, goal=BLANK))
    grid = editor.grid
    grid.setFocus()
    left = Qt.MouseButton.LeftButton
    qtbot.mousePress(grid, left, pos=_centre(grid, 0, 0))
    qtbot.mouseMove(grid, _centre(grid, 0, 2))
    assert grid.cells()[0][:3] != (BACKGROUND,) * 3  # the stroke painted
    qtbot.keyClick(grid, Qt.Key.Key_Escape)
    assert grid.cells() == BLANK
    qtbot.mouseMove(grid, _centre(grid, 2, 3))  # the drag goes on: it paints nothing
    qtbot.mouseRelease(grid, left, pos=_centre(grid, 2, 3))
    assert grid.cells() == BLANK and editor.state().cells == BLANK
    assert editor.undo_stack().count() == 0
    # the next stroke is a stroke as before
    qtbot.mousePress(grid, left, pos=_centre(grid, 1, 1))
    qtbot.mouseRelease(grid, left, pos=_centre(grid, 1, 1))
    assert editor.state().cells[1][1] != BACKGROUND and editor.undo_stack().count() == 1


def test_escape_cancels_a_stroke_in_colour_solve_by_hand(qtbot: QtBot) -> None:
    rows, cols = clues_of_colour_grid(((1, 1, 0), (0, 2, 2)))
    puzzle = ColourPuzzle(COLOURS, rows, cols)
    view = ColourSolveView(delay_ms=60_000)  # (no trace needed)
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    view.set_puzzle(puzzle)
    view.set_hand_mode(True)
    grid = view.grid
    start = unknown_grid(puzzle)
    left = Qt.MouseButton.LeftButton
    qtbot.mousePress(grid, left, pos=_centre(grid, 0, 0))
    qtbot.mouseMove(grid, _centre(grid, 0, 1))
    assert grid.sets() != start  # the stroke painted
    qtbot.keyClick(grid, Qt.Key.Key_Escape)
    assert grid.sets() == start
    qtbot.mouseRelease(grid, left, pos=_centre(grid, 0, 2))
    assert view.hand_sets() == start and grid.sets() == start
    assert view.undo_stack().count() == 0
    view.cancel()
