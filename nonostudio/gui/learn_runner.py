"""A learning run on the Qt thread pool: the core :class:`Runner`'s callbacks become signals.

The Dangerzone seam: :mod:`nonostudio.learn.running.runner` reports progress through plain callbacks
and knows nothing of Qt; :class:`LearnJob` (a ``QRunnable`` in superqt's worker style) runs it on a
pool thread and re-emits each report as a signal delivered on the GUI thread: ``progress(float,
str)`` (the one progress protocol, :mod:`nonostudio.core.progress`) and ``snapshot`` (the run's
figures for the Jobs table, a :class:`~nonostudio.learn.running.runner.RunSnapshot`).  Rules are
announced the moment their specification's outcome is written to the job store, so the rule browser
can show them while the run goes on.  :meth:`LearnJob.cancel` sets the runner's flag, whose
watchdogs interrupt every worker's z3 context: the run stops within a second and its unfinished
specifications go back to ``pending`` for a later resume.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from nonostudio.core.progress import ProgressCallback
from nonostudio.learn.running.dask_engine import ClusterError
from nonostudio.learn.running.engine import EngineError
from nonostudio.learn.running.runner import Runner, RunSnapshot, Work
from nonostudio.learn.store.jobs import JobStore, SpecStatus, rule_texts


class _AnnouncingStore(JobStore):
    """The job store, telling ``on_rules`` about the rules of every outcome it writes."""

    def __init__(self, path: Path, on_rules: Callable[[str, list[str]], object]) -> None:
        super().__init__(path)
        self._on_rules = on_rules

    def finish(
        self,
        run_id: int,
        key: str,
        status: SpecStatus,
        seconds: float | None,
        result: dict[str, Any] | None = None,
        error: str | None = None,
    ) -> None:
        super().finish(run_id, key, status, seconds, result, error)
        if status in (SpecStatus.DONE, SpecStatus.SKIPPED) and (texts := rule_texts(result)):
            self._on_rules(key, texts)


@contextmanager
def _engine(cluster: str | None, progress: ProgressCallback) -> Iterator[Any]:
    """The Dask engine of ``cluster`` while inside (None: this machine's workers); connecting
    (a LocalCluster takes a second or two to start) is said through ``progress``."""
    if not cluster:
        yield None
        return
    from nonostudio.learn.running.dask_engine import open_cluster

    progress(0.0, f"connecting to the cluster {cluster}…")
    with open_cluster(cluster) as engine:
        progress(0.0, f"cluster {engine.summary()}")
        yield engine


class LearnSignals(QObject):
    """Signals of one learning job, emitted on the pool thread, delivered on the GUI thread."""

    started = Signal(int)  # run id
    progress = Signal(float, str)  # fraction done, message (nonostudio.core.progress)
    snapshot = Signal(object)  # nonostudio.learn.running.runner.RunSnapshot
    rulesFound = Signal(str, list)  # specification key, rule texts
    result = Signal(object)  # the run's final nonostudio.learn.store.jobs.RunStatus
    errored = Signal(str)
    finished = Signal()  # always last


class LearnJob(QRunnable):
    """Run (or resume) learning run ``run_id`` of the store at ``store_path`` in the background.

    ``options`` go to :class:`Runner` (``jobs``, ``budget_s``, ``mode``) but ``cluster``: the
    address of a Dask cluster to run on instead (connected to on the pool thread; not stored
    with the run).  The job keeps itself alive until ``finished`` has been delivered.
    """

    _alive: ClassVar[set[LearnJob]] = set()

    def __init__(
        self,
        store_path: Path,
        run_id: int,
        work: Work,
        *,
        cluster: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.setAutoDelete(False)
        self.store_path, self.run_id, self.work, self.options = store_path, run_id, work, options
        self.cluster = cluster
        self.signals = LearnSignals()
        self.signals.finished.connect(self._release)
        self._stop = threading.Event()
        self._done = threading.Event()

    def start(self, pool: QThreadPool | None = None) -> None:
        LearnJob._alive.add(self)
        (pool or QThreadPool.globalInstance()).start(self)

    def cancel(self) -> None:
        """Stop the run; the runner notices within its poll interval."""
        self._stop.set()

    def is_cancelled(self) -> bool:
        return self._stop.is_set()

    def is_delivered(self) -> bool:
        """True once ``finished`` has reached the GUI thread."""
        return self._done.is_set() and self not in LearnJob._alive

    def run(self) -> None:
        signals = self.signals
        signals.started.emit(self.run_id)
        try:
            with (
                _AnnouncingStore(self.store_path, signals.rulesFound.emit) as store,
                _engine(self.cluster, signals.progress.emit) as engine,
            ):
                runner = Runner(
                    store,
                    self.run_id,
                    self.work,
                    progress=signals.progress.emit,
                    on_snapshot=self._report,
                    should_stop=self._stop.is_set,
                    engine=engine,
                    **self.options,
                )
                signals.result.emit(runner.run())
        except (ClusterError, EngineError) as exc:  # no cluster there, or lost: the run pauses
            signals.errored.emit(str(exc))
        except OSError as exc:  # the job store's real I/O error, naming the store
            where = f"{exc.filename}: " if exc.filename else ""
            signals.errored.emit(f"{where}{exc.strerror or exc}")
        except Exception as exc:  # reported to the panel, never raised into Qt
            signals.errored.emit("".join(traceback.format_exception_only(exc)).strip())
        finally:
            self._done.set()
            signals.finished.emit()

    def _report(self, snapshot: RunSnapshot) -> None:
        self.signals.snapshot.emit(snapshot)

    def _release(self) -> None:
        LearnJob._alive.discard(self)
