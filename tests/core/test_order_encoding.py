"""The order encoding against brute force: every solution of the formula is a solution of the
puzzle that agrees with the grid state, and it has exactly as many solutions as brute force
counts, on random small puzzles (with some cells decided, and some with shuffled clues)."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from pysat.solvers import Solver

from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.order_encoding import encode
from nonostudio.core.puzzle import Puzzle, clues_of_grid


def _solutions(state: GridState, limit: int = 100) -> list[np.ndarray]:
    formula = encode(state)
    assert formula is not None
    if formula.unsatisfiable:
        return []
    found = []
    with Solver(name="cadical195", bootstrap_with=formula.clauses) as solver:
        while len(found) < limit and solver.solve():
            model = set(solver.get_model())
            grid = state.to_grid().copy()
            for (r, c), var in formula.cells.items():
                grid[r, c] = FILLED if var in model else CROSSED
            found.append(grid)
            solver.add_clause([-v if v in model else v for v in formula.cells.values()])
    return found


def _brute_force(puzzle: Puzzle, fixed: dict[tuple[int, int], int]) -> set[bytes]:
    out = set()
    for bits in itertools.product((FILLED, CROSSED), repeat=puzzle.height * puzzle.width):
        grid = np.array(bits, dtype=np.int8).reshape(puzzle.height, puzzle.width)
        if puzzle.is_solution(grid) and all(grid[rc] == v for rc, v in fixed.items()):
            out.add(grid.tobytes())
    return out


@pytest.mark.parametrize("seed", range(4))
def test_solutions_match_brute_force(seed):
    rng = random.Random(seed)
    for trial in range(60):
        h, w = rng.randint(1, 3), rng.randint(1, 4)
        density = rng.choice((0.3, 0.5, 0.7))
        goal = np.where(
            np.array([[rng.random() < density for _ in range(w)] for _ in range(h)]),
            FILLED,
            CROSSED,
        ).astype(np.int8)
        rows, cols = clues_of_grid(goal)
        if trial % 3 == 0:  # shuffled row clues: often no solution, or other ones
            rows = tuple(rng.sample(rows, len(rows)))
        puzzle = Puzzle(rows=rows, cols=cols)
        state = GridState(puzzle)
        fixed: dict[tuple[int, int], int] = {}
        if trial % 2:
            for _ in range(rng.randint(1, 3)):
                fixed[(rng.randrange(h), rng.randrange(w))] = rng.choice((FILLED, CROSSED))
            for (r, c), value in fixed.items():
                state.set_cell(r, c, value)
        got = [g.tobytes() for g in _solutions(state)]
        assert len(got) == len(set(got))
        assert set(got) == _brute_force(puzzle, fixed), (rows, cols, fixed)


def test_a_decided_cell_no_placement_allows_is_unsatisfiable():
    puzzle = Puzzle(rows=((3,), (3,), (3,)), cols=((3,), (3,), (3,)))
    state = GridState(puzzle)
    state.set_cell(1, 1, CROSSED)
    formula = encode(state)
    assert formula is not None and formula.unsatisfiable


def test_stops_when_asked():
    puzzle = Puzzle(rows=((1,),), cols=((1,),))
    assert encode(GridState(puzzle), should_stop=lambda: True) is None
