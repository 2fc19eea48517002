"""The complete solver against brute force, and its time limit, progress and cancellation."""

from __future__ import annotations

import contextlib
import itertools
import random
import signal
import threading
import time
from collections import defaultdict
from collections.abc import Iterator

import numpy as np
import pytest

from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle, clues_of_grid
from nonostudio.core.satsolver import sat_solutions
from nonostudio.core.solver import Verdict, solve


def _all_grids(h: int, w: int) -> Iterator[np.ndarray]:
    for bits in itertools.product((CROSSED, FILLED), repeat=h * w):
        yield np.array(bits, dtype=np.int8).reshape(h, w)


@pytest.fixture(scope="module")
def census_4x4() -> dict:
    """Every 4x4 picture grouped by its clues, in the order of :func:`_all_grids`: the ground
    truth for uniqueness.  A picture's clues are its rows' and columns' clues, each looked up
    among the clues of the 16 lines of 4 cells (``clues_of_grid`` of those lines)."""
    grids = np.stack(list(_all_grids(4, 4)))
    lines = np.stack([line for (line,) in _all_grids(1, 4)])
    clue = {line.tobytes(): c for line, c in zip(lines, clues_of_grid(lines)[0], strict=True)}
    by_clues: dict = defaultdict(list)
    for g in grids:
        rows = tuple(clue[row.tobytes()] for row in g)
        cols = tuple(clue[col.tobytes()] for col in g.T)
        by_clues[rows, cols].append(g)
    return by_clues


@pytest.mark.slow
def test_verdicts_match_brute_force_on_every_4x4_clue_set(census_4x4):
    rng = random.Random(7)
    keys = list(census_4x4)
    sample = rng.sample(keys, 400)
    seen: defaultdict[Verdict, int] = defaultdict(int)
    for rows_cols in sample:
        sols = census_4x4[rows_cols]
        puzzle = Puzzle(*rows_cols)
        res = solve(puzzle)
        seen[res.verdict] += 1
        assert res.solution is not None, rows_cols  # every clue set here has a solution
        if len(sols) == 1:
            assert res.verdict.is_unique, rows_cols
            assert np.array_equal(res.solution, sols[0])
        else:
            assert res.verdict is Verdict.MULTIPLE and res.alternate is not None, rows_cols
            assert puzzle.is_solution(res.solution) and puzzle.is_solution(res.alternate)
            assert not np.array_equal(res.solution, res.alternate)
    assert seen[Verdict.MULTIPLE] and seen[Verdict.UNIQUE_LINE]


def test_line_solvable_verdict_means_propagation_alone_solves(census_4x4):
    for rows_cols, sols in list(census_4x4.items())[:300]:
        puzzle = Puzzle(*rows_cols)
        res = solve(puzzle)
        state = GridState(puzzle)
        state.propagate()
        assert (res.verdict is Verdict.UNIQUE_LINE) == state.is_solved()
        # line logic never decides a cell against a solution
        decided = res.grid != UNKNOWN
        for s in sols:
            assert np.array_equal(res.grid[decided], s[decided])


def test_no_solution_when_clues_agree_in_total_but_contradict(census_4x4):
    rng = random.Random(3)
    keys = list(census_4x4)
    made = 0
    while made < 40:
        rows = rng.choice(keys)[0]
        cols = rng.choice(keys)[1]
        if sum(map(sum, rows)) != sum(map(sum, cols)):
            continue
        made += 1
        res = solve(Puzzle(rows, cols))
        if (rows, cols) in census_4x4:
            assert res.verdict is not Verdict.NO_SOLUTION
        else:
            assert res.verdict is Verdict.NO_SOLUTION


def _random_puzzle(rng: random.Random, h: int, w: int, density: float) -> Puzzle:
    g = np.array(
        [[FILLED if rng.random() < density else CROSSED for _ in range(w)] for _ in range(h)],
        dtype=np.int8,
    )
    return Puzzle.from_grid(g)


def test_search_and_sat_agree_on_random_larger_puzzles():
    rng = random.Random(11)
    for _ in range(25):
        puzzle = _random_puzzle(rng, 8, 9, 0.55)
        res = solve(puzzle, time_limit=30)
        state = GridState(puzzle)
        state.propagate()
        sat = sat_solutions(state, limit=2)
        assert all(puzzle.is_solution(g) for g in sat)
        assert (len(sat) == 1) == res.verdict.is_unique
        assert (len(sat) == 2) == (res.verdict is Verdict.MULTIPLE)
        assert res.solution is not None and puzzle.is_solution(res.solution)


@pytest.mark.parametrize("backend", ["cadical", "z3"])
def test_sat_backend_counts_like_brute_force(census_4x4, backend):
    rng = random.Random(5)
    for rows_cols in rng.sample(list(census_4x4), 60):
        puzzle = Puzzle(*rows_cols)
        found = sat_solutions(GridState(puzzle), limit=3, backend=backend)
        assert len(found) == min(3, len(census_4x4[rows_cols]))
        assert len({g.tobytes() for g in found}) == len(found)


def _domino(n: int) -> Puzzle:
    """Josh Greifer's domino pattern (webpbn survey "n-Dom"), hard for search-based solvers."""
    size = 2 * n + 1
    rows = [(3,), (1,)] + [(3, 1), (1,)] * (n - 1) + [(1,)]
    cols = [(1,)] + [(1,), (1, 3)] * (n - 1) + [(1,), (3,)]
    assert len(rows) == size and len(cols) == size
    return Puzzle(tuple(rows), tuple(cols))


def test_domino_pattern_is_unique_and_needs_search():
    res = solve(_domino(4), time_limit=60)
    assert res.verdict is Verdict.UNIQUE_SEARCH
    assert res.solution is not None and _domino(4).is_solution(res.solution)


def test_time_limit_returns_undecided_quickly():
    started = time.perf_counter()
    res = solve(_domino(25), time_limit=0.3)  # CaDiCaL needs minutes for 25-Dom
    elapsed = time.perf_counter() - started
    assert res.verdict is Verdict.UNDECIDED and res.timed_out and not res.cancelled
    assert elapsed < 2.0


def test_cancel_from_another_thread_and_progress_reported():
    stop = threading.Event()
    reports: list[tuple[float, str]] = []
    threading.Timer(0.3, stop.set).start()
    started = time.perf_counter()
    res = solve(_domino(25), should_stop=stop.is_set, progress=lambda f, m: reports.append((f, m)))
    assert time.perf_counter() - started < 2.5
    assert res.verdict is Verdict.UNDECIDED and res.cancelled
    assert reports and all(0.0 <= f <= 1.0 for f, _ in reports)


@contextlib.contextmanager
def _overrun_alarm(seconds: float) -> Iterator[None]:
    """Raise in the test after ``seconds`` (SIGALRM), so a solver that ignores its time limit
    fails the test in seconds instead of running for minutes."""

    def ring(signum, frame):
        raise TimeoutError(f"solve() still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def random_1000() -> tuple[Puzzle, np.ndarray]:
    """The clues of a random 1000x1000 picture (70 % filled): each line solve takes a
    millisecond or more, root line logic takes seconds and a single probe's propagation
    cascades over the grid for minutes, so only a deadline checked inside propagation stops it
    (without it, ``check --time-limit 3`` returned after 26.6 s)."""
    rng = np.random.default_rng(32)
    picture = np.where(rng.random((1000, 1000)) < 0.7, FILLED, CROSSED).astype(np.int8)
    return Puzzle.from_grid(picture).without_goal(), picture


@pytest.mark.slow
@pytest.mark.parametrize("time_limit", [1.0, 2.0])
def test_time_limit_honoured_on_a_1000x1000_puzzle(random_1000, time_limit):
    puzzle, picture = random_1000
    started = time.perf_counter()
    with _overrun_alarm(time_limit + 10):
        # (a budget its formula fits, 31 GB, so that the deadline stops the encoding: with the
        # machine's, the SAT stage does not start, test_solver_memory.py)
        res = solve(puzzle, time_limit=time_limit, memory_budget=1 << 50)
    elapsed = time.perf_counter() - started
    assert res.verdict is Verdict.UNDECIDED and res.timed_out and not res.cancelled
    assert elapsed < time_limit + 1.0, f"{elapsed:.2f} s with a {time_limit} s limit"
    # what line logic decided before the deadline is right (partial propagation is still sound)
    decided = res.grid != UNKNOWN
    assert np.array_equal(res.grid[decided], picture[decided])


def test_cancel_honoured_on_a_1000x1000_puzzle(random_1000):
    puzzle, _ = random_1000
    stop = threading.Event()
    threading.Timer(0.5, stop.set).start()
    started = time.perf_counter()
    with _overrun_alarm(10):
        res = solve(puzzle, should_stop=stop.is_set)
    assert time.perf_counter() - started < 1.5
    assert res.verdict is Verdict.UNDECIDED and res.cancelled and not res.timed_out
