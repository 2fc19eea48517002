"""Checking a player's hand-solve: whether the filled cells solve the puzzle, and which cells
disagree with the solution.

Pure: no Qt here.  The Solve view's *by hand* mode rings the cells :func:`mistakes` finds and
locks the grid once :func:`filled_solves` holds.
"""

from __future__ import annotations

import numpy as np

from nonostudio.analysis.tracing.steps import Trace
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict

Cell = tuple[int, int]

__all__ = [
    "Cell",
    "filled_solves",
    "judged_by_the_only_solution",
    "reference_solution",
    "mistakes",
]


def filled_solves(puzzle: Puzzle, grid: np.ndarray) -> bool:
    """Whether the filled cells of ``grid`` satisfy every clue (undecided cells count as empty):
    the player's picture is right, whatever is crossed out or not."""
    g = np.asarray(grid)
    if g.shape != (puzzle.height, puzzle.width):
        return False
    return puzzle.is_solution(np.where(g == FILLED, FILLED, CROSSED).astype(np.int8))


def nothing_to_fill(puzzle: Puzzle | ColourPuzzle) -> bool:
    """Whether every clue of ``puzzle`` (black and white or colour) is empty (a blank new
    puzzle): its one picture is blank, so there is nothing for a player to solve."""
    return not any(puzzle.rows)


def judged_by_the_only_solution(trace: Trace | None) -> bool:
    """Whether :func:`reference_solution` is the puzzle's only solution, so that a cell the player
    decided differently *is* wrong: the end of a solved ``trace`` whose search, if it needed one,
    found no second solution.  Otherwise it is one picture the clues fit, maybe among others
    (the goal, or the solution a trace's search took of several): on Two Ways, a 2x2 with both
    diagonals, the player's other diagonal was "2 mistakes: row 1, column 2 is wrong" and a hint
    asked for them to be fixed first, while finishing it solves the puzzle."""
    if trace is None or not trace.solved:
        return False
    return trace.search is None or trace.search.verdict in (
        Verdict.UNIQUE_LINE,
        Verdict.UNIQUE_SEARCH,
    )


def reference_solution(trace: Trace | None, puzzle: Puzzle | None) -> np.ndarray | None:
    """The solution a player's cells are judged against: the end of a solved ``trace``, else
    the puzzle's goal picture; None when neither is known (yet)."""
    if trace is not None and trace.solved:
        return trace.grid_after(len(trace.steps))
    if puzzle is not None and puzzle.goal is not None:
        return np.asarray(puzzle.goal)
    return None


def mistakes(grid: np.ndarray, solution: np.ndarray | None) -> list[Cell]:
    """The cells the player decided (filled or crossed out) differently from ``solution``, in
    row-major order; none when there is no solution or its shape is not the grid's."""
    if solution is None or solution.shape != grid.shape:
        return []
    wrong = (grid != UNKNOWN) & (grid != solution)
    return [(int(r), int(c)) for r, c in zip(*np.nonzero(wrong), strict=True)]
