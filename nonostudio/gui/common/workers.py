"""Run a core call on a thread pool and hear about it on the GUI thread (superqt / Anki QueryOp
style).

The core function receives two plain callables, ``progress(fraction, message)`` and
``should_stop()``, so it never sees Qt.  Results, errors and progress come back as signals of a
``QObject`` that lives on the GUI thread; a worker never touches widgets.  :class:`CurrentWorker`
is the one job of a kind a widget runs at a time: a new one supersedes it, a cancelled one is
never heard from again.  A :class:`~nonostudio.gui.common.process_child.ProcessJob` runs in a
worker process instead (:mod:`nonostudio.gui.common.process_pool`), with the same signals.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable
from typing import Any, ClassVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, SignalInstance

from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.gui.common.process_child import ProcessJob

Progress = ProgressCallback  # the one protocol (nonostudio.core.progress), under the GUI's name
ShouldStop = StopCallback
Job = Callable[[Progress, ShouldStop], Any]


class WorkerSignals(QObject):
    """The signals of one worker; emitted from the pool thread, delivered on the GUI thread."""

    started = Signal()
    progress = Signal(float, str)
    result = Signal(object)
    errored = Signal(str)
    finished = Signal()  # always last, after result, errored or aborted
    aborted = Signal()  # the job was cancelled; its return value is dropped
    emitted = Signal(object)  # an item an emitting job handed over (ProcessJob.emits)


class Worker(QRunnable):
    """One background job.  Keeps itself alive until ``finished`` has been delivered."""

    _alive: ClassVar[set[Worker]] = set()

    def __init__(self, job: Job) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self._job = job
        self._stop = threading.Event()
        self._done = threading.Event()
        self.signals = WorkerSignals()
        self.signals.finished.connect(self._release)

    @property
    def started(self) -> SignalInstance:
        return self.signals.started

    @property
    def progress(self) -> SignalInstance:
        return self.signals.progress

    @property
    def result(self) -> SignalInstance:
        return self.signals.result

    @property
    def errored(self) -> SignalInstance:
        return self.signals.errored

    @property
    def finished(self) -> SignalInstance:
        return self.signals.finished

    @property
    def aborted(self) -> SignalInstance:
        return self.signals.aborted

    @property
    def emitted(self) -> SignalInstance:
        return self.signals.emitted

    def start(self, pool: QThreadPool | None = None) -> None:
        Worker._alive.add(self)
        (pool or QThreadPool.globalInstance()).start(self)

    def cancel(self) -> None:
        """Ask the job to stop; it notices the next time it polls ``should_stop``."""
        self._stop.set()

    def is_cancelled(self) -> bool:
        return self._stop.is_set()

    def is_done(self) -> bool:
        """True once the job has returned or raised (``finished`` may still be on its way)."""
        return self._done.is_set()

    def is_delivered(self) -> bool:
        """True once ``finished`` has reached the GUI thread (every earlier signal has too)."""
        return self._done.is_set() and self not in Worker._alive

    def run(self) -> None:
        signals = self.signals
        signals.started.emit()
        try:
            if isinstance(self._job, ProcessJob) and self._job.emits:
                value = self._job(self._report, self._stop.is_set, self._emit)
            else:
                value = self._job(self._report, self._stop.is_set)
        except Exception as exc:  # the job's failure is reported, never raised into Qt
            if self._stop.is_set():
                signals.aborted.emit()
            else:
                detail = "".join(traceback.format_exception_only(exc)).strip()
                logging.getLogger(__name__).error("background job failed: %s", detail, exc_info=exc)
                signals.errored.emit(detail)
        else:
            if self._stop.is_set():
                signals.aborted.emit()
            else:
                signals.result.emit(value)
        finally:
            self._done.set()
            signals.finished.emit()

    def _report(self, fraction: float, message: str) -> None:
        if not self._stop.is_set():
            self.signals.progress.emit(float(fraction), str(message))

    def _emit(self, item: Any) -> None:
        if not self._stop.is_set():
            self.signals.emitted.emit(item)

    def _release(self) -> None:
        Worker._alive.discard(self)


def make_worker(job: Job) -> Worker:
    """The worker for ``job``: a :class:`~nonostudio.gui.common.process_pool.ProcessWorker`
    for a :class:`ProcessJob` (unless worker processes are turned off), else a thread's."""
    if isinstance(job, ProcessJob):
        from nonostudio.gui.common.process_pool import ProcessWorker, processes_enabled

        if processes_enabled():
            return ProcessWorker(job)
    return Worker(job)


class CurrentWorker(QObject):
    """The one background job of a kind that a widget runs at a time.

    :meth:`start` cancels the job before it; a job that was cancelled or superseded never reaches
    the callbacks, so the widget only hears about the job it is showing.  ``on_result`` and
    ``on_error`` are called after the job stopped being current (:meth:`is_running` is False by
    then); ``on_finished`` after either of them.  The helper is a child of ``parent``: a widget
    that is gone hears nothing.
    """

    def __init__(
        self,
        parent: QObject,
        *,
        on_result: Callable[[Any], None],
        on_error: Callable[[str], None] | None = None,
        on_progress: ProgressCallback | None = None,
        on_finished: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._worker: Worker | None = None
        self._on_result, self._on_error = on_result, on_error
        self._on_progress, self._on_finished = on_progress, on_finished

    @property
    def worker(self) -> Worker | None:
        """The job running now (None when there is none)."""
        return self._worker

    def is_running(self) -> bool:
        return self._worker is not None

    def start(self, job: Job, pool: QThreadPool | None = None) -> Worker:
        """Cancel the current job and run ``job(progress, should_stop)`` in its place."""
        self.cancel()
        worker = make_worker(job)  # every slot connected before it starts: it may finish at once
        worker.result.connect(self._result)
        worker.errored.connect(self._errored)
        worker.progress.connect(self._progress)
        self._worker = worker
        worker.start(pool)
        return worker

    def cancel(self) -> None:
        """Ask the current job to stop and forget it: nothing more of it arrives."""
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.cancel()

    def _take(self) -> bool:
        """True (and the job no longer current) when the signal comes from the current job."""
        worker = self._worker
        if worker is None or self.sender() is not worker.signals:
            return False
        self._worker = None
        return True

    def _result(self, value: object) -> None:
        if self._take():
            self._on_result(value)
            self._finished()

    def _errored(self, message: str) -> None:
        if self._take():
            if self._on_error is not None:
                self._on_error(message)
            self._finished()

    def _finished(self) -> None:
        if self._on_finished is not None:
            self._on_finished()

    def _progress(self, fraction: float, message: str) -> None:
        worker = self._worker
        if (
            self._on_progress is not None
            and worker is not None
            and (self.sender() is worker.signals)
        ):
            self._on_progress(fraction, message)


def run_in_background(
    job: Job,
    *,
    on_result: Callable[[Any], None],
    on_error: Callable[[str], None] | None = None,
    on_progress: ProgressCallback | None = None,
    pool: QThreadPool | None = None,
) -> Worker:
    """Start ``job(progress, should_stop)`` on ``pool`` (the global pool by default).

    ``on_result`` gets the return value, ``on_error`` the error text, ``on_progress`` the
    fraction and message — all on the GUI thread.  A cancelled job reports neither result nor
    error.  Returns the worker, for ``cancel()`` and its other signals.
    """
    worker = make_worker(job)
    worker.result.connect(on_result)
    if on_error is not None:
        worker.errored.connect(on_error)
    if on_progress is not None:
        worker.progress.connect(on_progress)
    worker.start(pool)
    return worker
