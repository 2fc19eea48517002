"""A puzzle too big for the Solve view scrolls to the step shown: the cells it decides (or its
line) come into sight clear of the pinned clues, and the view holds still when they are in sight
already — in the black-and-white and the colour views alike (:mod:`nonostudio.gui.solve.reveal`)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.trace import ColourTrace
from nonostudio.analysis.helping.hints import Chain, ChainLine
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.grid.scroll import revealed_value
from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.solve.grid import SolveGridView, StepMarks
from nonostudio.gui.solve.view import SolveView


@pytest.mark.parametrize(
    ("value", "start", "length", "expected", "why"),
    [
        (100, 200, 20, 100, "seen already: no move"),
        (100, 120, 20, 100, "just clear of the 20 covered pixels: no move"),
        (100, 110, 20, 90, "partly under the covered pixels: back just enough"),
        (100, 390, 20, 110, "partly past the far edge: on just enough"),
        (100, 900, 20, 620, "far past the far edge: its end at the far edge"),
        (100, 10, 20, -10, "far before: its start just clear of the covered pixels"),
        (100, 50, 1000, 100, "longer than the view and partly seen: no move"),
        (100, 500, 1000, 480, "longer than the view and unseen: its start in sight"),
    ],
)
def test_a_span_is_scrolled_just_into_sight(
    value: int, start: int, length: int, expected: int, why: str
) -> None:
    # a 300-pixel view whose first 20 pixels the pinned clues cover
    assert revealed_value(value, start, length, 300, 20) == expected, why


def big_puzzle(size: int = 60) -> Puzzle:
    """Long runs: two-digit column clues, so the grid's readable cells are wider than one-digit
    ones and the puzzle scrolls both ways."""
    rng = np.random.default_rng(3)
    puzzle = Puzzle.from_grid((rng.random((size, size)) < 0.85).astype(np.int8))
    assert max(n for clue in puzzle.cols for n in clue) >= 10
    return puzzle


def in_sight(area: QScrollArea, grid: QWidget, rect: QRect, covered: tuple[int, int]) -> bool:
    """Whether ``rect`` (grid coordinates) is whole in the viewport, clear of the pinned clues."""
    QApplication.processEvents()
    viewport = area.viewport()
    on_view = QRect(grid.mapTo(viewport, rect.topLeft()), rect.size())
    left, top = covered
    return (
        on_view.left() >= left
        and on_view.top() >= top
        and on_view.right() < viewport.width()
        and on_view.bottom() < viewport.height()
    )


def bars(area: QScrollArea) -> tuple[int, int]:
    return area.horizontalScrollBar().value(), area.verticalScrollBar().value()


@pytest.fixture
def view(show_solve_view: Callable[..., SolveView]) -> SolveView:
    """A Solve view at 900x640, shown (cancelled after the test)."""
    return show_solve_view(height=640, width=900)


def shown_scrolling(
    qtbot: QtBot, view: SolveView, puzzle: Puzzle
) -> tuple[QScrollArea, SolveGridView, tuple[int, int]]:
    """``view`` on ``puzzle``, no trace under way (the marks are set by the test as the replay
    sets them), once its grid scrolls and its panes settle: the scroll area, the grid and the
    pinned clues' width and height."""
    view.set_puzzle(puzzle)
    view.cancel()
    area, grid = view.ui.scroll, view.grid
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    qtbot.wait(50)  # the view's panes settle
    pinned = grid.pinned_size()
    return area, grid, (pinned.width(), pinned.height())


def test_the_solve_view_scrolls_to_the_cells_a_step_decides(qtbot: QtBot, view: SolveView) -> None:
    """Faase (80x95) at 1280x720: stepping to a column out of view left the view where it was,
    the cells the step decided unseen."""
    area, grid, covered = shown_scrolling(qtbot, view, big_puzzle())
    assert area.horizontalScrollBar().maximum() > 0
    assert bars(area) == (0, 0)
    assert area.viewport().height() - covered[1] > 5 * grid.cell_size()

    decided = frozenset((r, 55) for r in range(40, 45))
    grid.set_marks(StepMarks("column", 55, None, decided))
    spot = grid.cell_rect(40, 55).united(grid.cell_rect(44, 55))
    assert in_sight(area, grid, spot, covered), "the decided cells are out of sight"
    moved = bars(area)

    # in sight already: the view holds still (a row's frame runs beyond the view)
    row = 42
    assert in_sight(area, grid, grid.cell_rect(row, 55), covered)
    grid.set_marks(StepMarks("row", row, None, frozenset({(row, 55)})))
    assert bars(area) == moved

    # a line out of sight with no cells marked (Next line?): it comes into sight, and the
    # view keeps its place across (the row runs wider than the view)
    grid.set_marks(StepMarks("row", 2, None, frozenset()))
    assert in_sight(area, grid, grid.cell_rect(2, 55), covered)
    assert bars(area)[0] == moved[0]


def test_a_contradictions_chain_comes_into_sight_with_its_supposed_cell(
    qtbot: QtBot, view: SolveView
) -> None:
    """Mum's step 216 at 1024x600: row 5, column 7 supposed empty came into sight, the chain's
    cells three rows up (its numbered markers) stayed under the pinned clues."""
    area, grid, covered = shown_scrolling(qtbot, view, big_puzzle())
    room = (area.viewport().height() - covered[1]) // grid.cell_size()
    assert room >= 8
    # the view low down (as after steps there); the supposed cell near the top, the chain 5
    # rows above it: scrolled up just far enough for that cell, the chain stayed above
    bottom = 10
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum())
    links = (
        ChainLine(1, "column", 7, ((bottom - 5, 7, 1),), False),
        ChainLine(2, "row", bottom - 5, ((bottom - 5, 9, 1),), False),
        ChainLine(3, "column", 9, (), True),
    )
    chain = Chain(bottom, 7, 0, links)
    grid.set_marks(StepMarks("row", bottom, None, frozenset({(bottom, 7)}), chain=chain))
    for r, c in ((bottom, 7), (bottom - 5, 7), (bottom - 5, 9)):
        assert in_sight(area, grid, grid.cell_rect(r, c), covered), (r, c)
    # a chain longer than the view: the supposed cell still comes first
    far = (ChainLine(1, "column", 7, ((59, 7, 1),), False),)
    grid.set_marks(
        StepMarks("row", bottom, None, frozenset({(bottom, 7)}), chain=Chain(bottom, 7, 0, far))
    )
    assert in_sight(area, grid, grid.cell_rect(bottom, 7), covered)


def test_a_line_beyond_the_other_sides_length_is_revealed(qtbot: QtBot, view: SolveView) -> None:
    """On a puzzle taller than it is wide (Faase is 80x95), a row below the last column's index
    (or, wider than tall, a column past the last row's) with no cells marked came into sight
    not at all: its index was checked against the other side's length."""
    rng = np.random.default_rng(3)
    puzzle = Puzzle.from_grid((rng.random((80, 40)) < 0.85).astype(np.int8))
    area, grid, covered = shown_scrolling(qtbot, view, puzzle)
    assert not in_sight(area, grid, grid.cell_rect(70, 0), covered)
    grid.set_marks(StepMarks("row", 70, None, frozenset()))
    assert in_sight(area, grid, grid.cell_rect(70, 0), covered), "row 71 out of sight"


def test_the_colour_solve_view_holds_still_for_a_step_in_sight(
    big_colour_solve_view: tuple[ColourSolveView, ColourTrace],
) -> None:
    """The colour view scrolled to a step's line with the pinned clues' height as a margin on
    both sides: a row in sight near the view's bottom edge made the view jump.  Now it holds
    still, and a step out of sight still comes into sight clear of the pinned clues."""
    view, trace = big_colour_solve_view
    area, grid = view.ui.scroll, view.grid
    viewport = area.viewport()
    clues = grid.origin()
    covered = (clues.x(), clues.y())
    k = next(k for k, s in enumerate(trace.steps) if s.axis == "row" and s.index > 10)
    step = trace.steps[k]
    line = grid.line_rect("row", step.index)
    # scrolled so the row is the last one whole in sight
    area.verticalScrollBar().setValue(line.bottom() + 1 - viewport.height())
    assert in_sight(area, grid, grid.cell_rect(step.index, 0), covered)
    before = bars(area)
    view.go_to(k + 1)  # the position after step k marks step k
    assert grid.marks().axis == "row" and grid.marks().index == step.index
    assert bars(area) == before, "the view jumped for a row in sight"

    k = next(k for k, s in enumerate(trace.steps) if s.axis == "column" and s.index > 25)
    step = trace.steps[k]
    area.horizontalScrollBar().setValue(0)
    view.go_to(k + 1)
    QApplication.processEvents()
    column = grid.cell_rect(0, step.index)
    left = grid.mapTo(viewport, column.topLeft()).x()
    assert clues.x() <= left and left + column.width() <= viewport.width()
