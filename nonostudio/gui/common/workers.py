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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThreadPool

from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.worker_base import (
    Job,
    Progress,
    ProgressCallback,
    ShouldStop,
    Worker,
    WorkerSignals,
)

if TYPE_CHECKING:
    from nonostudio.gui.common.process_pool import ProcessPool

__all__ = [
    "CurrentWorker",
    "Job",
    "Progress",
    "ShouldStop",
    "Worker",
    "WorkerSignals",
    "make_worker",
    "run_in_background",
]


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
    processes: Callable[[], ProcessPool] | None = None,
) -> Worker:
    """Start ``job(progress, should_stop)`` on ``pool`` (the global pool by default), or a
    :class:`ProcessJob` in a worker process of ``processes()`` (the studio's shared pool by
    default).

    ``on_result`` gets the return value, ``on_error`` the error text, ``on_progress`` the
    fraction and message — all on the GUI thread.  A cancelled job reports neither result nor
    error.  Returns the worker, for ``cancel()`` and its other signals.
    """
    from nonostudio.gui.common.process_pool import ProcessWorker

    worker = make_worker(job)
    worker.result.connect(on_result)
    if on_error is not None:
        worker.errored.connect(on_error)
    if on_progress is not None:
        worker.progress.connect(on_progress)
    if isinstance(worker, ProcessWorker) and processes is not None:
        worker.start(processes())
    else:
        worker.start(pool)
    return worker
