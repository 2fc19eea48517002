"""Checking a hand-solve: the filled cells solving the puzzle, the solution a player is judged
against, and the cells decided differently from it."""

from __future__ import annotations

import numpy as np

from nonostudio.analysis.helping.mistakes import (
    filled_solves,
    judged_by_the_only_solution,
    mistakes,
    reference_solution,
)
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle, new_grid
from nonostudio.rules.ruleset import load_rule_set

HOUSE = Puzzle.from_grid(np.array([[0, 1, 0], [1, 1, 1], [1, 0, 1]], dtype=np.int8))
SOLUTION = np.array(
    [[CROSSED, FILLED, CROSSED], [FILLED, FILLED, FILLED], [FILLED, CROSSED, FILLED]], dtype=np.int8
)


def test_filled_solves_ignores_undecided_and_crossed_cells() -> None:
    grid = np.where(SOLUTION == FILLED, FILLED, UNKNOWN).astype(np.int8)
    assert filled_solves(HOUSE, grid)
    assert filled_solves(HOUSE, SOLUTION)
    grid[0, 1] = CROSSED
    assert not filled_solves(HOUSE, grid)
    assert not filled_solves(HOUSE, new_grid(2, 3))  # another shape is never a solution


def test_mistakes_are_decided_cells_that_disagree_in_row_major_order() -> None:
    grid = new_grid(3, 3)
    assert mistakes(grid, SOLUTION) == []  # nothing decided, nothing wrong
    grid[2, 1] = FILLED  # wrong
    grid[0, 0] = FILLED  # wrong
    grid[1, 1] = FILLED  # right
    grid[0, 1] = CROSSED  # wrong
    assert mistakes(grid, SOLUTION) == [(0, 0), (0, 1), (2, 1)]
    assert mistakes(grid, None) == []
    assert mistakes(grid, SOLUTION[:2]) == []  # a solution of another shape judges nothing


def test_the_reference_is_a_solved_trace_else_the_goal() -> None:
    puzzle = Puzzle(HOUSE.rows, HOUSE.cols)  # clues only: no goal picture
    assert reference_solution(None, puzzle) is None
    trace = rule_trace(puzzle, load_rule_set("control").rules)
    assert trace.solved
    assert (reference_solution(trace, puzzle) == SOLUTION).all()
    assert (reference_solution(None, HOUSE) == SOLUTION).all()
    unsolved = rule_trace(puzzle, (), max_steps=1)
    assert not unsolved.solved
    assert reference_solution(unsolved, puzzle) is None
    assert (reference_solution(unsolved, HOUSE) == SOLUTION).all()


def test_only_a_solution_known_to_be_the_only_one_judges_cells() -> None:
    """Two Ways (a 2x2 whose clues fit both diagonals): its trace's search takes one of the two,
    and the other diagonal's cells are no mistakes; the house's trace ends on its one solution."""
    rules = load_rule_set("learned").rules
    two_ways = Puzzle(((1,), (1,)), ((1,), (1,)))
    trace = rule_trace(two_ways, rules)
    assert trace.solved and trace.search is not None  # it did end on a picture
    other = 1 - reference_solution(trace, two_ways)  # FILLED 1, CROSSED 0: the other diagonal
    assert two_ways.is_solution(other) and mistakes(other, reference_solution(trace, two_ways))
    assert not judged_by_the_only_solution(trace)
    assert judged_by_the_only_solution(rule_trace(HOUSE, rules))
    assert not judged_by_the_only_solution(None)
