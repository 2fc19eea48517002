"""Kissat in a helper process: the same solutions as CaDiCaL, handed over past CaDiCaL's conflict
budget, stopped at the deadline and when asked (the helper is killed), and a helper that fails
is reported, not waited for."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
from test_solver import _domino
from test_solver import _random_puzzle as random_puzzle

from nonostudio.core import kissat_process, satsolver
from nonostudio.core.gridstate import GridState
from nonostudio.core.kissat_process import (
    KissatStopped,
    NoOtherModel,
    kissat_available,
    kissat_models,
)
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.order_encoding import encode
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve

# These puzzles are small: solve() would decide them by its small search, without a SAT solver;
# here every one goes to the SAT stage.
pytestmark = [
    pytest.mark.skipif(not kissat_available(), reason="python-sat without Kissat"),
    pytest.mark.usefixtures("no_small_search"),
]


def _random_puzzle(seed: int) -> Puzzle:
    rng = random.Random(seed)
    h, w = rng.randint(4, 6), rng.randint(4, 6)
    density = 0.5
    grid = np.array(
        [[FILLED if rng.random() < density else CROSSED for _ in range(w)] for _ in range(h)],
        dtype=np.int8,
    )
    return Puzzle.from_grid(grid)


@pytest.fixture
def processes(monkeypatch) -> list[subprocess.Popen]:
    """Every helper process started during the test."""
    started: list[subprocess.Popen] = []
    real = subprocess.Popen

    def popen(*args, **kwargs):
        process = real(*args, **kwargs)
        started.append(process)
        return process

    monkeypatch.setattr(kissat_process.subprocess, "Popen", popen)
    return started


@pytest.mark.parametrize("seed", range(3))
def test_handed_over_solutions_are_cadicals(monkeypatch, seed):
    puzzle = _random_puzzle(seed)
    found = {}
    for handover in (10**9, 0):
        monkeypatch.setattr(satsolver, "HANDOVER_CONFLICTS", handover)
        stats = satsolver.SatStats()
        grids = satsolver.sat_solutions(GridState(puzzle), limit=100, stats=stats)
        assert len(grids) < 100  # all of them, so that the two sets can be compared
        assert all(puzzle.is_solution(g) for g in grids)
        assert stats.backend == ("kissat" if handover == 0 else "cadical")
        found[handover] = {g.tobytes() for g in grids}
        assert len(found[handover]) == len(grids)
    assert found[0] == found[10**9]


def test_the_solver_says_kissat_decided(monkeypatch):
    monkeypatch.setattr(satsolver, "HANDOVER_CONFLICTS", 0)
    res = solve(_domino(6), time_limit=60)
    assert res.verdict is Verdict.UNIQUE_SEARCH and _domino(6).is_solution(res.solution)
    assert res.stats.sat_backend == "kissat"


def test_without_kissat_cadical_goes_on(monkeypatch):
    monkeypatch.setattr(satsolver, "HANDOVER_CONFLICTS", 0)
    monkeypatch.setattr(kissat_process, "kissat_available", lambda: False)
    stats = satsolver.SatStats()
    state = GridState(_domino(6))
    state.propagate()
    assert len(satsolver.sat_solutions(state, stats=stats)) == 1
    assert stats.backend == "cadical"


def _hard_formula():
    state = GridState(_domino(25))  # Kissat needs minutes
    state.propagate()
    formula = encode(state)
    assert formula is not None
    return formula


def test_stops_when_asked_and_the_helper_is_killed(processes):
    formula = _hard_formula()
    stop = threading.Event()
    threading.Timer(0.5, stop.set).start()
    seconds: list[float] = []
    started = time.perf_counter()
    with pytest.raises(KissatStopped) as stopped:
        kissat_models(
            formula.clauses,
            list(formula.cells.values()),
            2,
            should_stop=stop.is_set,
            report=seconds.append,
        )
    assert time.perf_counter() - started < 2.0
    assert len(stopped.value.found) <= 1  # 25-Dom's one solution may come before the stop
    assert len(processes) == 1 and processes[0].returncode is not None


def test_stops_at_the_deadline(processes):
    formula = _hard_formula()
    started = time.perf_counter()
    with pytest.raises(KissatStopped, match="time limit"):
        kissat_models(formula.clauses, list(formula.cells.values()), 2, deadline=started + 1.5)
    elapsed = time.perf_counter() - started
    assert 1.5 <= elapsed < 3.0
    assert processes[0].returncode is not None


def test_a_stopped_sat_stage_keeps_what_kissat_found(monkeypatch):
    monkeypatch.setattr(satsolver, "HANDOVER_CONFLICTS", 0)
    started = time.perf_counter()
    res = solve(_domino(25), time_limit=3.0)
    assert res.verdict is Verdict.UNDECIDED and res.timed_out
    assert time.perf_counter() - started < 5.0
    if res.solution is not None:  # found before the deadline: it is a solution
        assert _domino(25).is_solution(res.solution)


def test_a_failing_helper_is_reported():
    with pytest.raises(RuntimeError, match="ended without an answer"):
        kissat_models([["not a literal"]], [1], 1)  # type: ignore[list-item]


_CALLER = """
import sys
from nonostudio.core.gridstate import GridState
from nonostudio.core.kissat_process import kissat_models
from nonostudio.core.order_encoding import encode
from nonostudio.core.puzzle import Puzzle
n = 25
rows = [(3,), (1,)] + [(3, 1), (1,)] * (n - 1) + [(1,)]
cols = [(1,)] + [(1,), (1, 3)] * (n - 1) + [(1,), (3,)]
state = GridState(Puzzle(tuple(rows), tuple(cols)))
state.propagate()
formula = encode(state)
print("solving", flush=True)
kissat_models(formula.clauses, list(formula.cells.values()), 2)
"""


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_the_helper_dies_with_a_caller_killed_outright():
    caller = subprocess.Popen([sys.executable, "-c", _CALLER], stdout=subprocess.PIPE, text=True)
    try:
        assert caller.stdout is not None and caller.stdout.readline() == "solving\n"
        helpers: list[int] = []
        deadline = time.monotonic() + 10
        while not helpers and time.monotonic() < deadline:
            helpers = _children(caller.pid)
            time.sleep(0.05)
        assert len(helpers) == 1
        time.sleep(0.5)  # the helper has set itself up
        caller.kill()
        caller.wait()
        deadline = time.monotonic() + 5
        while os.path.exists(f"/proc/{helpers[0]}") and time.monotonic() < deadline:
            time.sleep(0.05)
        gone = not os.path.exists(f"/proc/{helpers[0]}")
        if not gone:
            os.kill(helpers[0], signal.SIGKILL)
        assert gone
    finally:
        if caller.poll() is None:
            caller.kill()
            caller.wait()
        if caller.stdout is not None:
            caller.stdout.close()


def test_a_helper_that_ends_before_reading_is_reported_not_a_broken_pipe(monkeypatch):
    """The helper ends at once (here: it cannot start) while megabytes of clauses wait to be sent:
    the caller says the helper failed; closing the unsent pipe raised BrokenPipeError instead."""
    real = subprocess.Popen

    def popen(args, **kwargs):
        return real([sys.executable, "-c", "import sys; sys.exit(3)"], **kwargs)

    monkeypatch.setattr(kissat_process.subprocess, "Popen", popen)
    clauses = [[v, -(v + 1), v + 2] for v in range(1, 400_000)]
    with pytest.raises(RuntimeError, match="exit code 3"):
        kissat_models(clauses, [1], 1)


def test_the_helper_finds_this_package_without_pythonpath(monkeypatch, tmp_path):
    """A script that put the package on sys.path itself (no install, no PYTHONPATH) still gets
    Kissat's answers: the helper is told where the package is."""
    monkeypatch.delenv("PYTHONPATH", raising=False)
    monkeypatch.chdir(tmp_path)  # not the checkout: ``-m`` would find the package there
    assert kissat_models([[1, 2], [-1]], [1, 2], 2) == [[2]]


def test_a_model_found_between_is_the_last_one():
    """``between`` hears the first model while the helper goes on; what it returns is the
    second, and the helper's own second is not waited for."""
    heard: list[list[int]] = []

    def between(model: list[int]) -> list[int]:
        heard.append(model)
        return [1, 2]

    models = kissat_models([[1, 2], [-1, -2]], [1, 2], 2, between=between)
    assert len(heard) == 1 and heard[0] in ([1], [2])
    assert models == [heard[0], [1, 2]]


def _several_solutions() -> Puzzle:
    """An 8x8 picture whose clues (no symmetry) have several solutions, two of them 4 cells
    apart."""
    return random_puzzle(random.Random(2), 8, 8, 0.5).without_goal()


def test_a_second_solution_is_sought_near_kissats_first(monkeypatch):
    """When Kissat found the first solution, CaDiCaL looks for the second near it (every
    variable's phase set to it) while Kissat goes on; its answer is a solution, the other one."""
    monkeypatch.setattr(satsolver, "HANDOVER_CONFLICTS", 0)
    puzzle = _several_solutions()
    heard: list[str] = []
    res = solve(puzzle, time_limit=60, progress=lambda _share, message: heard.append(message))
    assert res.verdict is Verdict.MULTIPLE and res.stats.sat_backend == "kissat"
    assert res.solution is not None and res.alternate is not None
    assert puzzle.is_solution(res.solution) and puzzle.is_solution(res.alternate)
    assert (res.solution != res.alternate).any()
    assert any("near the first solution" in message for message in heard)


def test_between_can_say_there_is_no_other_model():
    def between(model: list[int]) -> list[int]:
        raise NoOtherModel

    models = kissat_models([[1, 2], [-1, -2]], [1, 2], 2, between=between)
    assert len(models) == 1 and models[0] in ([1], [2])


def test_uniqueness_shown_near_kissats_solution_ends_the_search(monkeypatch):
    """A unique puzzle past the handover: once Kissat has its solution, CaDiCaL's search near it
    shows there is no other, and Kissat's second run is not waited for."""
    monkeypatch.setattr(satsolver, "HANDOVER_CONFLICTS", 0)
    heard: list[str] = []
    res = solve(_domino(6), time_limit=60, progress=lambda _share, message: heard.append(message))
    assert res.verdict is Verdict.UNIQUE_SEARCH and _domino(6).is_solution(res.solution)
    assert "SAT search: no other solution (CaDiCaL)" in heard
