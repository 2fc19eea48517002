"""Jobs in worker processes: they run in another interpreter without Qt, report progress, items,
results and errors on the GUI thread, stop when cancelled (or are ended with their process when
they do not), survive a process that dies, and leave no process behind."""

from __future__ import annotations

import gc
import multiprocessing
import os
import pickle
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import process_test_jobs as jobs
import pytest
from app_process import run_driver
from pytestqt.qtbot import QtBot

from nonostudio.gui.common import process_pool
from nonostudio.gui.common.process_child import ProcessJob, shared
from nonostudio.gui.common.process_pool import ProcessPool, ProcessWorker
from nonostudio.gui.common.workers import CurrentWorker, Worker, run_in_background
from nonostudio.rules.ruleset import load_rule_set


@pytest.fixture(scope="module")
def pool(qapp: Any) -> Iterator[ProcessPool]:
    """Two worker processes for this module's tests (nothing imported ahead: they start fast)."""
    made = ProcessPool(2, warm=())
    yield made
    made.shutdown()


def run(qtbot: QtBot, pool: ProcessPool, job: ProcessJob) -> tuple[ProcessWorker, list[Any]]:
    """Start ``job`` in ``pool``; every signal it sends, in order, once ``finished`` arrived."""
    worker = ProcessWorker(job)
    seen: list[Any] = []
    worker.progress.connect(lambda f, m: seen.append(("progress", f, m)))
    worker.emitted.connect(lambda item: seen.append(("item", item)))
    worker.result.connect(lambda value: seen.append(("result", value)))
    worker.errored.connect(lambda text: seen.append(("error", text)))
    worker.aborted.connect(lambda: seen.append(("aborted",)))
    worker.finished.connect(lambda: seen.append(("finished",)))
    worker.start(pool)
    return worker, seen


def test_a_job_runs_in_another_process_that_has_no_qt(qtbot: QtBot, pool: ProcessPool) -> None:
    worker, seen = run(qtbot, pool, ProcessJob(jobs.where))
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    (kind, (pid, qt)), end = seen
    assert kind == "result" and end == ("finished",)
    assert pid != os.getpid() and pid in pool.pids()
    assert not qt


def test_items_and_progress_arrive_in_order_before_the_result(
    qtbot: QtBot, pool: ProcessPool
) -> None:
    worker, seen = run(qtbot, pool, ProcessJob(jobs.count, (40,), emits=True))
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    assert [s[1] for s in seen if s[0] == "item"] == list(range(40))
    assert ("progress", 1.0, "item 39") in seen  # the last report is never dropped
    assert seen[-2:] == [("result", 40), ("finished",)]


def test_an_error_is_reported_in_words(qtbot: QtBot, pool: ProcessPool) -> None:
    worker, seen = run(qtbot, pool, ProcessJob(jobs.fails))
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    assert seen == [("error", "ValueError: row 3 cannot hold 4 4"), ("finished",)]


def test_a_result_that_cannot_be_sent_is_an_error(qtbot: QtBot, pool: ProcessPool) -> None:
    worker, seen = run(qtbot, pool, ProcessJob(jobs.unpicklable))
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    assert seen[0][0] == "error" and "cannot be sent" in seen[0][1]


def test_cancel_stops_the_job_and_keeps_its_process(qtbot: QtBot, pool: ProcessPool) -> None:
    worker, seen = run(qtbot, pool, ProcessJob(jobs.until_stopped))
    qtbot.waitUntil(lambda: ("progress", 0.0, "started") in seen, timeout=30000)
    before = set(pool.pids())
    worker.cancel()
    qtbot.waitUntil(worker.is_delivered, timeout=process_pool.KILL_AFTER_S * 1000 / 2)
    assert seen[-2:] == [("aborted",), ("finished",)]
    assert not [s for s in seen if s[0] == "result"]
    assert set(pool.pids()) == before  # it stopped when asked: nothing was ended


def test_a_job_deaf_to_cancel_is_ended_with_its_process(
    qtbot: QtBot, pool: ProcessPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process_pool, "KILL_AFTER_S", 0.3)
    worker, seen = run(qtbot, pool, ProcessJob(jobs.deaf))
    qtbot.waitUntil(lambda: ("progress", 0.0, "started") in seen, timeout=30000)
    pids = set(pool.pids())
    worker.cancel()
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    assert seen[-2:] == [("aborted",), ("finished",)]
    ended = pids - set(pool.pids())
    assert len(ended) == 1
    again, seen = run(qtbot, pool, ProcessJob(jobs.where))  # the pool goes on
    qtbot.waitUntil(again.is_delivered, timeout=30000)
    assert seen[0][0] == "result" and seen[0][1][0] not in ended


def test_a_process_that_dies_is_reported_and_replaced(qtbot: QtBot, pool: ProcessPool) -> None:
    worker, seen = run(qtbot, pool, ProcessJob(jobs.dies))
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    assert seen[0][0] == "error" and "stopped unexpectedly (exit 3)" in seen[0][1]
    again, seen = run(qtbot, pool, ProcessJob(jobs.where))
    qtbot.waitUntil(again.is_delivered, timeout=30000)
    assert seen[0][0] == "result"


def test_a_waiting_job_cancelled_never_runs(qtbot: QtBot, pool: ProcessPool) -> None:
    busy = [run(qtbot, pool, ProcessJob(jobs.until_stopped))[0] for _ in range(pool.size)]
    waiting, seen = run(qtbot, pool, ProcessJob(jobs.where))
    waiting.cancel()
    qtbot.waitUntil(waiting.is_delivered, timeout=5000)
    assert seen == [("aborted",), ("finished",)]
    for worker in busy:
        worker.cancel()
    qtbot.waitUntil(lambda: all(w.is_delivered() for w in busy), timeout=10000)


def test_a_rule_set_is_sent_once_pickled(qtbot: QtBot, pool: ProcessPool) -> None:
    rules = load_rule_set("control")
    assert shared(rules) is shared(rules)
    worker, seen = run(qtbot, pool, ProcessJob(jobs.rule_count, (shared(rules),)))
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    assert seen[0] == ("result", len(rules.rules))
    # on a thread the same job gets the rule set itself
    assert ProcessJob(jobs.rule_count, (shared(rules),))(lambda f, m: None, lambda: False) == len(
        rules.rules
    )


def test_a_job_that_cannot_be_read_does_not_lose_its_rule_set_for_the_next(qtbot: QtBot) -> None:
    """A job that fails to load in the worker before its rule set is read left the rule set
    marked as sent: every later job with it failed, "the job cannot be read: KeyError '9cb8…'"
    (seen in the Rules tab's coverage).  After an error the rule sets go again."""
    one = ProcessPool(1, warm=())
    try:
        rules = load_rule_set("control")
        worker, seen = run(
            qtbot, one, ProcessJob(jobs.rule_count_after, (jobs.LoadFails(), shared(rules)))
        )
        qtbot.waitUntil(worker.is_delivered, timeout=30000)
        assert seen[0][0] == "error" and "cannot be read" in seen[0][1]
        worker, seen = run(qtbot, one, ProcessJob(jobs.rule_count, (shared(rules),)))
        qtbot.waitUntil(worker.is_delivered, timeout=30000)
        assert seen[0] == ("result", len(rules.rules)), seen
    finally:
        one.shutdown()


def test_shutdown_ends_every_process(qtbot: QtBot) -> None:
    own = ProcessPool(2, warm=())
    own.warm_up()
    qtbot.waitUntil(lambda: len(own.pids()) == 2, timeout=10000)
    worker, seen = run(qtbot, own, ProcessJob(jobs.until_stopped))
    qtbot.waitUntil(lambda: ("progress", 0.0, "started") in seen, timeout=30000)
    pids = own.pids()
    own.shutdown()
    assert own.pids() == [] and own.is_idle()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert seen[-2:] == [("aborted",), ("finished",)]


def test_the_studio_sends_process_jobs_to_processes_unless_turned_off(
    qtbot: QtBot, worker_processes: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    results: list[Any] = []
    worker = run_in_background(ProcessJob(jobs.where), on_result=results.append)
    assert isinstance(worker, ProcessWorker)
    qtbot.waitUntil(worker.is_delivered, timeout=60000)
    assert results[0][0] != os.getpid()
    monkeypatch.setenv(process_pool.ENV, "0")
    worker = run_in_background(ProcessJob(jobs.where), on_result=results.append)
    assert type(worker) is Worker
    qtbot.waitUntil(worker.is_delivered, timeout=10000)
    assert results[1][0] == os.getpid()


def test_the_current_worker_drops_a_superseded_process_job(
    qtbot: QtBot, pool: ProcessPool, worker_processes: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process_pool, "shared_pool", lambda: pool)
    results: list[Any] = []
    current = CurrentWorker(pool, on_result=results.append)
    first = current.start(ProcessJob(jobs.until_stopped))
    second = current.start(ProcessJob(jobs.count, (3,), emits=True))
    qtbot.waitUntil(lambda: first.is_delivered() and second.is_delivered(), timeout=30000)
    assert results == [3]


UNGUARDED = """
import sys, time
print("the script ran", flush=True)
from PySide6.QtWidgets import QApplication
from nonostudio.gui.common.process_pool import ProcessPool
qapp = QApplication.instance() or QApplication([])
pool = ProcessPool(2, warm=())
pool.warm_up()
began = time.monotonic()
while not pool.is_warm() and time.monotonic() < began + 60:
    qapp.processEvents()
    time.sleep(0.01)
print("warm" if pool.is_warm() else "not warm", flush=True)
pool.shutdown()
"""


def test_a_worker_process_never_runs_the_script_the_studio_was_started_from(
    tmp_path: Path,
) -> None:
    # a script without an ``if __name__ == "__main__"`` guard would start again in each process
    result = run_driver(tmp_path, UNGUARDED, tmp_path / "data")
    assert result.stdout.split("\n")[:2] == ["the script ran", "warm"], result.stderr


def test_a_process_that_cannot_be_started_fails_its_jobs_in_words(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    own = ProcessPool(1, warm=())

    def refused(process: Any) -> None:  # as fork does at the system's process limit
        raise BlockingIOError(11, "Resource temporarily unavailable")

    monkeypatch.setattr(multiprocessing.get_context("spawn").Process, "start", refused)
    own.warm_up()  # at the window's start: nothing raised into Qt
    first, seen = run(qtbot, own, ProcessJob(jobs.where))
    second, seen_too = run(qtbot, own, ProcessJob(jobs.where))
    qtbot.waitUntil(lambda: first.is_delivered() and second.is_delivered(), timeout=5000)
    told = "the background process could not be started (Resource temporarily unavailable)"
    assert seen == seen_too == [("error", told), ("finished",)]
    assert own.pids() == [] and own.is_idle()
    monkeypatch.undo()  # the limit is gone: the next job starts a process
    again, seen = run(qtbot, own, ProcessJob(jobs.where))
    qtbot.waitUntil(again.is_delivered, timeout=30000)
    assert seen[0][0] == "result"
    own.shutdown()


def test_ending_an_idle_process_does_not_wait_for_it_to_wind_down(qtbot: QtBot) -> None:
    # (the library's checks end their idle process from the GUI thread; asked to exit, a niced
    # process on a loaded machine took 0.1-0.5 s to, and the GUI thread waited)
    own = ProcessPool(1, warm=("process_slow_exit",))
    own.warm_up()
    qtbot.waitUntil(own.is_warm, timeout=30000)
    (pid,) = own.pids()
    began = time.monotonic()
    own.shutdown(2.0)
    assert time.monotonic() - began < 0.5
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


class _Collected:
    """Notes, when unpickled, whether the cyclic garbage collector was running."""

    seen: list[bool] = []

    def __reduce__(self) -> tuple[Any, ...]:
        return (_collector_state, ())


def _collector_state() -> _Collected:
    _Collected.seen.append(gc.isenabled())
    return _Collected()


def test_a_message_is_unpickled_with_the_garbage_collector_paused() -> None:
    """A large result of small objects (a 1000x1000 trace) set off a collection every 700
    objects made on the GUI thread: 1.5-2.1 s to unpickle, 0.5-0.65 s paused.  The collector
    runs again after, and after a message that fails to unpickle."""
    assert gc.isenabled()
    _Collected.seen.clear()
    message = process_pool.unpickled(pickle.dumps(("result", [_Collected(), _Collected()])))
    assert message[0] == "result" and _Collected.seen == [False, False]
    assert gc.isenabled()
    with pytest.raises(pickle.UnpicklingError):
        process_pool.unpickled(b"not a pickle")
    assert gc.isenabled()


def test_a_solver_job_gets_its_memory_share_in_the_worker_process(
    qtbot: QtBot, pool: ProcessPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonostudio.gui.common import process_child

    name = ProcessJob(jobs.budget).name
    monkeypatch.setattr(process_child, "SOLVER_JOBS", process_child.SOLVER_JOBS | {name})
    monkeypatch.setattr(process_child, "TAKE_BUDGET", process_child.TAKE_BUDGET | {name})
    monkeypatch.setattr(process_child.SHARES, "_budget", lambda: 3 << 30)
    worker, seen = run(qtbot, pool, ProcessJob(jobs.budget))
    qtbot.waitUntil(worker.is_delivered, timeout=30000)
    assert seen == [("result", 3 << 30), ("finished",)]  # (test_memory_shares.py: the shares)
    assert process_child.SHARES.running() == 0
