"""Run a core call on a thread pool and hear about it on the GUI thread (superqt / Anki QueryOp style).

The core function receives two plain callables, ``progress(fraction, message)`` and
``should_stop()``, so it never sees Qt.  Results, errors and progress come back as signals of a
``QObject`` that lives on the GUI thread; a worker never touches widgets.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable
from typing import Any, ClassVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, SignalInstance

from nonostudio.core.progress import ProgressCallback, StopCallback

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
            value = self._job(self._report, self._stop.is_set)
        except Exception as exc:  # the job's failure is reported, never raised into Qt
            if self._stop.is_set():
                signals.aborted.emit()
            else:
                detail = "".join(traceback.format_exception_only(exc)).strip()
                logging.getLogger(__name__).error("background job failed: %s", detail,
                                                  exc_info=exc)
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

    def _release(self) -> None:
        Worker._alive.discard(self)


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
    worker = Worker(job)
    worker.result.connect(on_result)
    if on_error is not None:
        worker.errored.connect(on_error)
    if on_progress is not None:
        worker.progress.connect(on_progress)
    worker.start(pool)
    return worker
