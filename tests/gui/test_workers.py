"""The background helper: results arrive on the GUI thread, cancel works, no job is left behind."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QThreadPool

from nonostudio.gui.workers import Worker, run_in_background


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
