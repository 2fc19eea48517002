"""The solver jobs running at once (the Check, Difficulty and Solve of one big puzzle) share the
memory budget: each started with its own ``default_memory_budget()``, half the memory available,
three together more than the machine has.  The share logic without Qt, then the studio's
workers (a thread's and a worker process's) giving a job its share."""

from __future__ import annotations

import importlib
import inspect
import threading
from typing import Any

import process_test_jobs as jobs
import pytest
from pytestqt.qtbot import QtBot

from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict
from nonostudio.gui.common import process_child
from nonostudio.gui.common.process_child import (
    SOLVER_JOBS,
    TAKE_BUDGET,
    MemoryShares,
    ProcessJob,
    memory_share,
)
from nonostudio.gui.panels.panel_jobs import check_puzzle

GiB = 1 << 30


def test_the_budget_is_divided_among_the_jobs_running_down_to_the_floor() -> None:
    assert memory_share(12 * GiB, 1, GiB) == 12 * GiB
    assert memory_share(12 * GiB, 3, GiB) == 4 * GiB
    assert memory_share(2 * GiB, 3, GiB) == GiB  # a small formula is always tried
    assert memory_share(12 * GiB, 0, GiB) == 12 * GiB


def test_the_solver_jobs_are_real_functions_and_those_given_a_budget_take_one() -> None:
    assert TAKE_BUDGET <= SOLVER_JOBS
    for name in SOLVER_JOBS:
        module, _, function = name.rpartition(".")
        fn = getattr(importlib.import_module(module), function)
        assert ProcessJob(fn).name == name
        assert ("memory_budget" in inspect.signature(fn).parameters) == (name in TAKE_BUDGET)


def test_shares_follow_the_solver_jobs_running(monkeypatch: pytest.MonkeyPatch) -> None:
    name = ProcessJob(jobs.budget).name
    monkeypatch.setattr(
        process_child, "SOLVER_JOBS", SOLVER_JOBS | {name, ProcessJob(jobs.where).name}
    )
    monkeypatch.setattr(process_child, "TAKE_BUDGET", TAKE_BUDGET | {name})
    shares = MemoryShares(lambda: 12 * GiB, GiB)
    check, grade, trace, other = object(), object(), object(), object()
    assert shares.start(ProcessJob(jobs.budget), check).memory_budget == 12 * GiB
    assert shares.start(ProcessJob(jobs.where), grade).memory_budget is None  # counted, no budget
    assert shares.start(ProcessJob(jobs.count, (3,)), other).memory_budget is None  # not counted
    assert shares.start(ProcessJob(jobs.budget), trace).memory_budget == 4 * GiB
    assert shares.running() == 3
    for key in (check, grade, trace, other):
        shares.end(key)
    assert shares.running() == 0
    assert shares.start(ProcessJob(jobs.budget), check).memory_budget == 12 * GiB


def test_the_check_job_hands_its_budget_to_the_solver() -> None:
    ones = tuple((1,) for _ in range(14))  # line logic decides none of its cells: SAT stage
    job = ProcessJob(check_puzzle, (Puzzle(ones, ones), 10.0), memory_budget=1)
    result = job(lambda _f, _m: None, lambda: False)
    assert result.verdict is Verdict.UNDECIDED and "too large" in (result.reason or "")
    assert (
        ProcessJob(check_puzzle, (Puzzle(ones, ones), 10.0))(
            lambda _f, _m: None, lambda: False
        ).verdict
        is Verdict.MULTIPLE
    )


_gates: dict[str, threading.Event] = {}


def held_budget(
    gate: str,
    progress: ProgressCallback,
    should_stop: StopCallback,
    memory_budget: int | None = None,
) -> int | None:
    """Its memory budget, once the test opens its gate."""
    _gates[gate].wait(5)
    return memory_budget


def test_two_solver_jobs_on_threads_share_the_budget(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import QThreadPool

    from nonostudio.gui.common.workers import Worker

    name = ProcessJob(held_budget).name
    monkeypatch.setattr(process_child, "SOLVER_JOBS", SOLVER_JOBS | {name})
    monkeypatch.setattr(process_child, "TAKE_BUDGET", TAKE_BUDGET | {name})
    monkeypatch.setattr(process_child.SHARES, "_budget", lambda: 12 * GiB)
    monkeypatch.setattr(process_child.SHARES, "_floor", GiB)
    pool = QThreadPool()
    pool.setMaxThreadCount(2)
    results: dict[str, Any] = {}
    workers = []
    for gate in ("first", "second"):
        _gates[gate] = threading.Event()
        worker = Worker(ProcessJob(held_budget, (gate,)))
        worker.result.connect(lambda value, g=gate: results.__setitem__(g, value))
        worker.start(pool)
        workers.append(worker)
        count = len(workers)
        qtbot.waitUntil(lambda n=count: process_child.SHARES.running() == n, timeout=2000)
    for gate in _gates.values():
        gate.set()
    qtbot.waitUntil(lambda: all(w.is_delivered() for w in workers), timeout=2000)
    assert results == {"first": 12 * GiB, "second": 6 * GiB}
    assert process_child.SHARES.running() == 0
    pool.waitForDone(2000)
