"""The SAT encoding of a line accepts exactly the fillings whose blocks are the hints; the CaDiCaL
and z3 backends agree, stop at deadlines and when asked, and z3 takes over without python-sat."""

from __future__ import annotations

import itertools
import random
import sys
import time

import numpy as np
import pytest
import z3

from nonostudio.core import order_encoding, satsolver
from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED, clue_of
from nonostudio.core.linesolver import placements
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve


def _accepts(hints, known):
    """For every filling of the unknown cells: (filling, accepted by the CNF, matches hints)."""
    formula = order_encoding.Formula()
    cells: list[int] = []
    free: list[int] = []
    filled = crossed = 0
    for i, k in enumerate(known):
        if k is None:
            v = formula.new_vars(1)
            cells.append(v)
            free.append(v)
        else:
            cells.append(order_encoding.TRUE if k else order_encoding.FALSE)
            filled |= k << i
            crossed |= (1 - k) << i
    starts = placements(tuple(hints), len(known), filled, crossed) if hints else []
    possible = starts is not None and not (not hints and filled)
    if possible:
        possible = order_encoding.encode_line(formula, tuple(hints), starts, cells)
    ctx = z3.Context()
    solver = z3.SolverFor("QF_FD", ctx=ctx)
    solver.from_string(formula.dimacs())
    for bits in itertools.product((0, 1), repeat=len(free)):
        assumptions = [
            z3.Bool(v, ctx) if b else z3.Not(z3.Bool(v, ctx))
            for v, b in zip(free, bits, strict=True)
        ]
        it = iter(bits)
        full = [k if k is not None else next(it) for k in known]
        accepted = possible and solver.check(*assumptions) == z3.sat
        yield full, accepted, clue_of(full) == tuple(hints)


@pytest.mark.slow
def test_line_encoding_matches_the_hints_exactly():
    rng = random.Random(2)
    checked = 0
    for _ in range(250):
        n = rng.randint(1, 7)
        picture = [rng.randint(0, 1) for _ in range(n)]
        hints = clue_of(picture)
        if rng.random() < 0.2:  # sometimes hints that do not match the picture at all
            hints = tuple(rng.randint(1, 3) for _ in range(rng.randint(0, 2)))
        known = [picture[i] if rng.random() < 0.35 else None for i in range(n)]
        for full, accepted, matches in _accepts(hints, known):
            assert accepted == matches, (hints, known, full)
            checked += 1
    assert checked > 1000


# --- the backends: CaDiCaL (python-sat) and z3 ---------------------------------------------------


def _domino(n: int) -> Puzzle:
    """Josh Greifer's domino pattern: unique, and line logic decides almost nothing, so SAT does.
    From about n = 20 on, CaDiCaL needs minutes."""
    rows = [(3,), (1,)] + [(3, 1), (1,)] * (n - 1) + [(1,)]
    cols = [(1,)] + [(1,), (1, 3)] * (n - 1) + [(1,), (3,)]
    return Puzzle(tuple(rows), tuple(cols))


def _random_state(size: int, seed: int) -> GridState:
    rng = random.Random(seed)
    grid = np.array(
        [[FILLED if rng.random() < 0.5 else CROSSED for _ in range(size)] for _ in range(size)],
        dtype=np.int8,
    )
    return GridState(Puzzle.from_grid(grid))


def _hard_state() -> GridState:
    state = GridState(_domino(25))
    state.propagate()
    return state


def test_cadical_is_the_default_backend_and_installed():
    # python-sat is a declared dependency: CI installs it, so the CaDiCaL stage is what runs
    assert satsolver.sat_backend() == "cadical"


@pytest.mark.usefixtures("no_small_search")  # not the small search: the SAT stage
def test_without_python_sat_the_backend_is_z3_and_the_solver_still_decides(monkeypatch):
    for name in ("pysolvers", "pysat.solvers"):  # imports fail as if not installed
        monkeypatch.setitem(sys.modules, name, None)
    assert satsolver.sat_backend() == "z3"
    res = solve(_domino(6), time_limit=60)  # line logic is stuck: decided by SAT
    assert res.verdict is Verdict.UNIQUE_SEARCH and res.solution is not None
    assert _domino(6).is_solution(res.solution)
    assert res.stats.sat_calls == 1 and res.stats.sat_backend == "z3"


@pytest.mark.usefixtures("no_small_search")  # not the small search: the SAT stage
def test_with_python_sat_the_solver_decides_by_cadical():
    res = solve(_domino(6), time_limit=60)
    assert res.verdict is Verdict.UNIQUE_SEARCH and res.solution is not None
    assert _domino(6).is_solution(res.solution)
    assert res.stats.sat_calls == 1 and res.stats.sat_backend == "cadical"


@pytest.mark.parametrize("seed", range(6))
def test_both_backends_find_the_same_solution_sets(seed):
    rng = random.Random(seed)
    h, w = rng.randint(5, 9), rng.randint(5, 9)
    grid = np.array(
        [[FILLED if rng.random() < 0.55 else CROSSED for _ in range(w)] for _ in range(h)],
        dtype=np.int8,
    )
    puzzle = Puzzle.from_grid(grid)
    found = {}
    for backend in ("cadical", "z3"):
        grids = satsolver.sat_solutions(GridState(puzzle), limit=50, backend=backend)
        assert all(puzzle.is_solution(g) for g in grids)
        found[backend] = {g.tobytes() for g in grids}
        assert len(found[backend]) == len(grids)
    assert found["cadical"] == found["z3"] and grid.tobytes() in found["cadical"]


def test_contradictory_state_has_no_solution_with_either_backend():
    puzzle = Puzzle(((2,), ()), ((1,), (1,)))  # unique: row 0 filled
    state = GridState(puzzle)
    state.set_cell(0, 0, CROSSED)  # now row 0 cannot hold its 2
    for backend in ("cadical", "z3"):
        assert satsolver.sat_solutions(state, backend=backend) == []


def test_unknown_backend_is_refused_by_name():
    with pytest.raises(ValueError, match="'minisat'"):
        satsolver.sat_solutions(_random_state(4, 0), backend="minisat")


@pytest.mark.slow
def test_cadical_stops_at_the_deadline_between_slices():
    # 25-Dom takes CaDiCaL minutes (over 200,000 conflicts)
    state = _hard_state()
    started = time.perf_counter()
    with pytest.raises(satsolver.SatUnknown):
        satsolver.sat_solutions(state, backend="cadical", deadline=started + 1.5)
    assert time.perf_counter() - started < 3.0


@pytest.mark.slow
def test_cadical_stops_when_asked_and_reports_its_conflicts():
    # asked to stop once the first slice has reported: the search (minutes to go) ends
    state = _hard_state()
    reports: list[tuple[float, str]] = []
    with pytest.raises(satsolver.SatUnknown):
        satsolver.sat_solutions(
            state,
            backend="cadical",
            should_stop=lambda: bool(reports),
            progress=lambda f, m: reports.append((f, m)),
        )
    assert len(reports) == 1
    fraction, message = reports[0]
    assert fraction == state.known / state.total
    assert message.startswith("SAT search (CaDiCaL): ") and message.endswith(" conflicts")


def test_a_memory_budget_of_one_byte_is_said_in_the_singular() -> None:
    """The refused formula's reason counts bytes as words: "1 byte", not "1 bytes" (seen in the
    Difficulty panel with a share of one byte); other counts keep the plural and the comma."""
    said = {n: str(satsolver.SatTooLarge(10, 40, 8_000, n)) for n in (1, 2, 10_000)}
    assert said[1].endswith("against a memory budget of 1 byte"), said[1]
    assert said[2].endswith("against a memory budget of 2 bytes"), said[2]
    assert said[10_000].endswith("against a memory budget of 10,000 bytes"), said[10_000]
    assert "~8,000 bytes" in said[1]
