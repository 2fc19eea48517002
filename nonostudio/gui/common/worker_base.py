"""One background job on the thread pool (:class:`Worker`) and its signals, heard on the GUI
thread.  The base of :class:`~nonostudio.gui.common.process_pool.ProcessWorker` too; what the
widgets use (``make_worker``, :class:`~nonostudio.gui.common.workers.CurrentWorker`,
``run_in_background``) is in :mod:`nonostudio.gui.common.workers`, which picks a thread or a
process for a job.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable
from typing import Any, ClassVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, SignalInstance

from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.gui.common.process_child import SHARES, ProcessJob

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
        job = self._job
        try:
            if isinstance(job, ProcessJob):
                job = SHARES.start(job, self)  # a solver job's share of the memory budget
            if isinstance(job, ProcessJob) and job.emits:
                value = job(self._report, self._stop.is_set, self._emit)
            else:
                value = job(self._report, self._stop.is_set)
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
            SHARES.end(self)
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
