"""SolveResult: the grids of a verdict are arrays when read, whether :func:`solve` handed over
arrays or the grid states they are made from (made on the first read, so a caller that wants
only the verdict, as ``check`` does, builds none)."""

from __future__ import annotations

import numpy as np

from nonostudio.core.formats import read_text
from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict, solve

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"


def test_a_line_solvable_result_reads_as_two_separate_arrays() -> None:
    duck = read_text(DUCK)
    result = solve(duck)
    assert result.verdict is Verdict.UNIQUE_LINE
    grid, solution = result.grid, result.solution
    assert isinstance(grid, np.ndarray) and isinstance(solution, np.ndarray)
    assert grid.dtype == np.int8 and grid.shape == (duck.height, duck.width)
    assert duck.is_solution(solution) and np.array_equal(grid, solution)
    assert grid is not solution and result.grid is grid  # made once, then kept
    assert result.alternate is None


def test_a_contradiction_found_by_line_logic_keeps_the_cells_decided_before_it() -> None:
    # The row fills its first and last cells, the middle column wants its cell filled.
    puzzle = Puzzle(((1, 1),), ((1,), (1,), ()))
    result = solve(puzzle)
    assert result.verdict is Verdict.NO_SOLUTION and result.solution is None
    assert isinstance(result.grid, np.ndarray) and result.grid.shape == (1, 3)
    assert set(np.unique(result.grid)) <= {UNKNOWN, CROSSED, FILLED}


def test_a_result_made_from_a_grid_state_reads_as_its_array() -> None:
    puzzle = read_text(DUCK)
    state = GridState(puzzle)
    state.set_cell(0, 1, FILLED)
    state.set_cell(2, 0, CROSSED)
    result = SolveResult(Verdict.UNDECIDED, state, solution=state)
    assert np.array_equal(result.grid, state.to_grid())
    assert np.array_equal(result.solution, state.to_grid()) and result.solution is not result.grid


def test_a_result_made_from_arrays_keeps_them() -> None:
    grid = np.zeros((2, 2), np.int8)
    result = SolveResult(Verdict.UNDECIDED, grid)
    assert result.grid is grid and result.solution is None and result.alternate is None
    assert result.seconds == 0.0 and not result.cancelled and result.stats.line_solves == 0
