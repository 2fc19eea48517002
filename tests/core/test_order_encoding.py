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
from nonostudio.core.line import CROSSED, FILLED, clue_of
from nonostudio.core.linesolver import placements
from nonostudio.core.order_encoding import FALSE, TRUE, Formula, _add, encode, encode_line
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


def _reference_clauses(formula, hints, starts, cells):
    """The clauses of one line straight from their definition (order_encoding's docstring): each
    literal through a function of (block, position), each clause simplified by ``_add``; the
    order of the clauses and of their literals is encode_line's."""
    clauses = formula.clauses
    k = len(hints)
    lo = [(m & -m).bit_length() - 1 for m in starts]
    hi = [m.bit_length() - 1 for m in starts]
    var_at: list[dict[int, int]] = []
    for j in range(k):
        count = starts[j].bit_count() - 1
        var = formula.new_vars(count) if count else 0
        own: dict[int, int] = {}
        later = None
        for p in range(hi[j], lo[j], -1):
            if starts[j] >> p & 1:
                if later is not None:
                    clauses.append([-later, var])
                later = var
                var += 1
            own[p] = later
        var_at.append(own)

    def y(j, p):  # block j starts at p or later
        return TRUE if p <= lo[j] else FALSE if p > hi[j] else var_at[j][p]

    ok = True
    for j in range(k - 1):
        for p in range(lo[j] + 1, hi[j] + 1):
            if starts[j] >> p & 1:
                ok = _add(clauses, (-y(j, p), y(j + 1, p + hints[j] + 1))) and ok
    for i, x in enumerate(cells):
        if x != TRUE:
            for j, h in enumerate(hints):
                if lo[j] <= i <= hi[j] + h - 1:
                    ok = _add(clauses, (x, -y(j, i - h + 1), y(j, i + 1))) and ok
        if x != FALSE:
            ok = _add(clauses, (-x, -y(0, i + 1))) and ok
            for j, h in enumerate(hints):
                if lo[j] <= i:
                    after = -y(j + 1, i + 1) if j + 1 < k else FALSE
                    ok = _add(clauses, (-x, y(j, i + 1), after, y(j, i - h + 1))) and ok
    return clauses, ok


@pytest.mark.parametrize("seed", range(3))
def test_line_clauses_are_those_of_the_definition(seed):
    """encode_line reads each literal from a padded row and visits only the blocks whose
    clauses can hold no true literal: on random lines of 1-24 cells, some cells decided (some
    against the picture), its clauses are the definition's, clause for clause."""
    rng = random.Random(seed)
    compared = 0
    for _ in range(150):
        n = rng.randint(1, 24)
        picture = [rng.random() < rng.choice((0.3, 0.5, 0.7)) for _ in range(n)]
        hints = clue_of([int(b) for b in picture])
        if not hints:
            continue
        formula = Formula()
        cells = []
        filled = crossed = 0
        for i in range(n):
            roll = rng.random()
            if roll < 0.3:
                value = picture[i] if roll < 0.27 else not picture[i]
                cells.append(TRUE if value else FALSE)
                filled |= value << i
                crossed |= (not value) << i
            else:
                cells.append(formula.new_vars(1))
        starts = placements(hints, n, filled, crossed)
        if starts is None:
            continue
        reference = Formula()
        reference.count = formula.count
        expected, expected_ok = _reference_clauses(reference, hints, starts, cells)
        assert encode_line(formula, hints, starts, cells) == expected_ok
        assert formula.clauses == expected, (hints, cells)
        compared += 1
    assert compared > 80
