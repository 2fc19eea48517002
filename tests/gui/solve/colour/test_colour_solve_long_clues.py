"""The colour Solve view scrolls a step into sight on a puzzle whose column clues are taller than
two thirds of the view: they are not pinned then, so nothing is covered at the view's top.  It
counted their whole height as covered, and a row step far down was scrolled below the view."""

from __future__ import annotations

from collections.abc import Callable

from pictures import COLOURS
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import ColourPuzzle, clues_of_colour_grid
from nonostudio.gui.solve.colour.view import ColourSolveView

SIZE = 40


def test_a_row_step_far_down_is_scrolled_into_sight_under_long_column_clues(
    qtbot: QtBot, show_colour_solve_view: Callable[[ColourPuzzle, int, int], ColourSolveView]
) -> None:
    # every column a run of one cell a row: 40 clue boxes, taller than the view
    picture = [[1 + (r + c // 8) % 2 for c in range(SIZE)] for r in range(SIZE)]
    rows, cols = clues_of_colour_grid(picture)
    view = show_colour_solve_view(ColourPuzzle(COLOURS, rows, cols), 900, 560)
    trace = view.trace()
    assert trace is not None
    area, grid = view.ui.scroll, view.grid
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    viewport = area.viewport()
    assert grid.origin().y() > viewport.height() * 2 // 3  # the column clues are not pinned
    k = max(k for k, s in enumerate(trace.steps) if s.axis == "row" and s.index > SIZE // 2)
    area.verticalScrollBar().setValue(0)
    view.go_to(k + 1)  # the position after step k marks step k
    QApplication.processEvents()
    line = grid.line_rect("row", trace.steps[k].index)
    on_view = QRect(grid.mapTo(viewport, line.topLeft()), line.size())
    assert 0 <= on_view.top() and on_view.bottom() < viewport.height()
