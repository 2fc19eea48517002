"""The background helper: results arrive on the GUI thread, cancel works, no job is left behind."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QObject, QThreadPool

from nonostudio.gui.common.workers import CurrentWorker, Worker, run_in_background


@pytest.fixture(autouse=True)
def no_jobs_left(qapp):
    yield
    pool = QThreadPool.globalInstance()
    assert pool.waitForDone(5000), "a background job was still running"
    assert pool.activeThreadCount() == 0


def test_result_and_progress_arrive_on_gui_thread(qtbot) -> None:
    seen: list[tuple[str, object, str]] = []

    def job(progress, should_stop):
        progress(0.5, "half way")
        return threading.current_thread().name

    gui = threading.current_thread().name
    worker = run_in_background(
        job,
        on_result=lambda v: seen.append(("result", v, threading.current_thread().name)),
        on_progress=lambda f, m: seen.append(("progress", (f, m), threading.current_thread().name)),
    )
    # Waiting on the signal itself could miss it: a fast job may finish before waitSignal connects.
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    assert seen[0] == ("progress", (0.5, "half way"), gui)
    kind, job_thread, delivered_on = seen[1]
    assert kind == "result" and job_thread != gui and delivered_on == gui
    assert worker.is_done()


def test_errors_are_reported_not_raised(qtbot) -> None:
    errors: list[str] = []
    results: list[object] = []

    def job(progress, should_stop):
        raise ValueError("row 3: bad clue")

    worker = run_in_background(job, on_result=results.append, on_error=errors.append)
    # Waiting on the signal itself could miss it: a fast job may finish before waitSignal connects.
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    assert results == []
    assert errors == ["ValueError: row 3: bad clue"]


def test_cancel_stops_the_job_and_drops_its_result(qtbot) -> None:
    started = threading.Event()
    polls: list[int] = []

    def job(progress, should_stop):
        started.set()
        deadline = time.monotonic() + 5
        while not should_stop():
            polls.append(1)
            if time.monotonic() > deadline:
                return "ran to the end"
            time.sleep(0.005)
        return "stopped"

    results: list[object] = []
    worker = run_in_background(job, on_result=results.append)
    assert started.wait(5)
    with qtbot.waitSignals([worker.aborted, worker.finished], timeout=5000):
        worker.cancel()
    assert worker.is_cancelled() and results == []
    assert polls  # the job really ran and polled the flag


def test_worker_keeps_itself_alive_until_finished(qtbot) -> None:
    release = threading.Event()
    worker = run_in_background(lambda p, s: release.wait(5), on_result=lambda v: None)
    assert worker in Worker._alive
    with qtbot.waitSignal(worker.finished, timeout=5000):
        release.set()
    assert worker not in Worker._alive


class Recorder(QObject):
    """A widget's stand-in: what its current worker told it, and whether it was running then."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[tuple] = []
        self.current = CurrentWorker(
            self,
            on_result=lambda v: self.heard.append(("result", v, self.current.is_running())),
            on_error=lambda m: self.heard.append(("error", m, self.current.is_running())),
            on_progress=lambda f, m: self.heard.append(("progress", f, m)),
            on_finished=lambda: self.heard.append(("finished",)),
        )


def test_current_worker_delivers_result_progress_then_finished(qtbot) -> None:
    owner = Recorder()

    def job(progress, should_stop):
        progress(0.25, "a quarter")
        return 42

    worker = owner.current.start(job)
    assert owner.current.is_running() and owner.current.worker is worker
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    assert owner.heard == [("progress", 0.25, "a quarter"), ("result", 42, False), ("finished",)]
    assert not owner.current.is_running() and owner.current.worker is None


def test_current_worker_reports_errors(qtbot) -> None:
    owner = Recorder()
    worker = owner.current.start(lambda p, s: 1 / 0)
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    assert owner.heard == [("error", "ZeroDivisionError: division by zero", False), ("finished",)]


def test_a_superseded_worker_is_cancelled_and_never_heard_from(qtbot) -> None:
    owner = Recorder()
    release = threading.Event()
    stopped = threading.Event()

    def slow(progress, should_stop):
        release.wait(5)
        progress(0.5, "stale")
        if should_stop():
            stopped.set()
        return "stale result"

    first = owner.current.start(slow)
    second = owner.current.start(lambda p, s: "fresh")
    assert first.is_cancelled() and owner.current.worker is second
    qtbot.waitUntil(second.is_delivered, timeout=5000)
    release.set()
    qtbot.waitUntil(first.is_delivered, timeout=5000)
    assert stopped.is_set()  # the first job was asked to stop
    assert owner.heard == [("result", "fresh", False), ("finished",)]


def test_cancel_forgets_the_job_at_once(qtbot) -> None:
    owner = Recorder()
    release = threading.Event()
    worker = owner.current.start(lambda p, s: release.wait(5) and "late")
    owner.current.cancel()
    assert not owner.current.is_running() and worker.is_cancelled()
    release.set()
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    assert owner.heard == []
