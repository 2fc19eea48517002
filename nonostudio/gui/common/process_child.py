"""The worker process's side of the studio's process-backed background jobs (no Qt here: a worker
process never imports it).

A :class:`ProcessJob` is a top-level function and its picklable arguments, called as
``fn(*args, progress, should_stop)`` (and ``emit`` first when it hands over items as it goes).
:func:`serve` is a worker process's main loop: it takes jobs from its pipe one at a time and
sends back what they report (:data:`PROGRESS`, :data:`ITEM`) and how they end (:data:`RESULT` or
:data:`ERROR`); a job stops when the parent sets the process's shared stop flag, which it reads
through ``should_stop()``.  The same job runs on a thread unchanged (:meth:`ProcessJob.__call__`).

The jobs that may run the complete solver (:data:`SOLVER_JOBS`: the Check, Difficulty and Solve
of the puzzle on screen, which start together) share the memory a formula may take: each is
given, as it starts, the memory budget divided by the number of them running then
(:class:`MemoryShares`), passed as ``memory_budget=`` to a job function that takes one.  Before,
each took :func:`~nonostudio.core.satsolver.default_memory_budget` (half the memory available)
for itself: three together more than the machine has.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import pickle
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from typing import Any, Protocol

from nonostudio.core.progress import ProgressCallback, StopCallback

# What a worker process sends its parent: (kind, …) tuples.
READY = "ready"  # (READY,): the process has imported what it warms up with, and waits for jobs
PROGRESS = "progress"  # (PROGRESS, fraction, message)
ITEM = "item"  # (ITEM, value): one of the items an emitting job hands over as it goes
RESULT = "result"  # (RESULT, value): the job returned
ERROR = "error"  # (ERROR, detail, traceback text): the job raised, or its result cannot be sent

PROGRESS_EVERY_S = 0.05  # progress reports closer together than this are not sent (the last is)

Emit = Callable[[Any], None]


class Shared:
    """A large, unchanging argument (a rule set) pickled once in the studio and sent to each
    worker process once, however many jobs it goes with (:func:`shared`, :func:`pickle_job`)."""

    __slots__ = ("value", "_key", "_data")

    def __init__(self, value: Any) -> None:
        self.value = value
        self._key = ""
        self._data = b""

    def __reduce__(self) -> tuple[Any, ...]:
        if not self._key:
            self._data = pickle.dumps(self.value, pickle.HIGHEST_PROTOCOL)
            self._key = hashlib.sha1(self._data, usedforsecurity=False).hexdigest()
        if _sending is not None:
            known, new = _sending
            if self._key in known:
                return (_shared_value, (self._key, b""))  # the process has it already
            new.add(self._key)
        return (_shared_value, (self._key, self._data))


_SHARED_KEPT = 16  # the studio keeps this many Shared wrappers
_shared: dict[int, Shared] = {}
_sending: tuple[set[str], set[str]] | None = None  # while pickling a job: (known, new) keys
_received: dict[str, Any] = {}  # in a worker process: the Shared values it was sent


def shared(value: Any) -> Shared:
    """``value`` (immutable) wrapped to be sent to worker processes once: the same wrapper for
    the same object while it is among the last few wrapped."""
    wrapper = _shared.get(id(value))
    if wrapper is None or wrapper.value is not value:
        wrapper = _shared[id(value)] = Shared(value)
        while len(_shared) > _SHARED_KEPT:
            del _shared[next(iter(_shared))]
    return wrapper


def pickle_job(job: ProcessJob, known: set[str]) -> tuple[bytes, set[str]]:
    """``job`` pickled for a process that was sent the :class:`Shared` values of the ``known``
    keys already (they go as their keys); also the keys of the values sent with it."""
    global _sending
    new: set[str] = set()
    _sending = (known, new)
    try:
        return pickle.dumps(job, pickle.HIGHEST_PROTOCOL), new
    finally:
        _sending = None


def _shared_value(key: str, data: bytes) -> Any:
    """A :class:`Shared` value as a worker process receives it (kept for the jobs after)."""
    if data:
        _received[key] = pickle.loads(data)
    return _received[key]


class StopFlag(Protocol):
    """The shared byte the parent sets to ask the running job to stop (a ``RawValue('b')``)."""

    value: int


@dataclass(frozen=True)
class ProcessJob:
    """``fn(*args, progress, should_stop)`` — or ``fn(*args, emit, progress, should_stop)`` when
    ``emits`` — where ``fn`` is a module-level function and ``args`` pickle, so the job can run
    in a worker process; called directly it runs where it is called (a thread of the pool)."""

    fn: Callable[..., Any]
    args: tuple[Any, ...] = ()
    emits: bool = field(default=False, kw_only=True)
    #: The bytes the job's formulas may take, passed to ``fn`` as ``memory_budget=`` (None: not
    #: passed); set as the job starts, for a job of :data:`SOLVER_JOBS` (:class:`MemoryShares`).
    memory_budget: int | None = field(default=None, kw_only=True)

    def __call__(
        self, progress: ProgressCallback, should_stop: StopCallback, emit: Emit | None = None
    ) -> Any:
        args = tuple(a.value if isinstance(a, Shared) else a for a in self.args)
        more = {} if self.memory_budget is None else {"memory_budget": self.memory_budget}
        if self.emits:
            return self.fn(*args, emit or (lambda _item: None), progress, should_stop, **more)
        return self.fn(*args, progress, should_stop, **more)

    @property
    def name(self) -> str:
        return f"{self.fn.__module__}.{self.fn.__qualname__}"


#: The jobs that may run the complete solver on a puzzle (by :attr:`ProcessJob.name`), counted
#: among the solver jobs running; those in :data:`TAKE_BUDGET` are given their share.
SOLVER_JOBS = frozenset(
    {
        "nonostudio.gui.panels.panel_jobs.check_puzzle",
        "nonostudio.gui.panels.panel_jobs.grade_puzzle",
        "nonostudio.gui.panels.colour_jobs.grade_colour_puzzle",
        "nonostudio.gui.solve.trace_job.trace_puzzle",
        "nonostudio.gui.solve.colour.trace_job.trace_colour_puzzle",
    }
)
#: The solver jobs whose function takes ``memory_budget=`` and hands it to the solver: all of
#: them (the grade and the trace through the analysis layer's ``memory_budget=``: ``grade``,
#: ``rule_set_trace``, ``colour_grade``, ``colour_trace``).
TAKE_BUDGET = SOLVER_JOBS


def memory_share(budget: int, running: int, floor: int) -> int:
    """The memory budget of a solver job that starts while ``running`` solver jobs run (itself
    included): ``budget`` divided among them, at least ``floor`` (a formula that fits in the
    floor is always tried, whatever else runs)."""
    return max(floor, budget // max(1, running))


class MemoryShares:
    """The solver jobs running in the studio (on threads or in worker processes) and the memory
    budget each starts with: :func:`memory_share` of ``budget()`` (None: the machine's
    :func:`~nonostudio.core.satsolver.default_memory_budget`, read at each start, so what the
    jobs running already hold is not counted twice) among those running.  Thread-safe."""

    def __init__(self, budget: Callable[[], int] | None = None, floor: int | None = None) -> None:
        self._budget, self._floor = budget, floor
        self._running: set[object] = set()
        self._lock = threading.Lock()

    def start(self, job: ProcessJob, key: object) -> ProcessJob:
        """``job``, started under ``key`` (its worker): a solver job is counted from now until
        :meth:`end`, and one of :data:`TAKE_BUDGET` is returned with its share set."""
        if job.name not in SOLVER_JOBS:
            return job
        with self._lock:
            self._running.add(key)
            running = len(self._running)
        if job.name not in TAKE_BUDGET:
            return job
        from nonostudio.core import satsolver

        budget = self._budget() if self._budget is not None else satsolver.default_memory_budget()
        floor = satsolver.MEMORY_FLOOR if self._floor is None else self._floor
        return replace(job, memory_budget=memory_share(budget, running, floor))

    def end(self, key: object) -> None:
        """The job started under ``key`` ended (nothing when it was no solver job)."""
        with self._lock:
            self._running.discard(key)

    def running(self) -> int:
        """The solver jobs running now."""
        with self._lock:
            return len(self._running)


#: The studio's count of its solver jobs (its workers start and end them here).
SHARES = MemoryShares()


class _Reporter:
    """The job's ``progress`` and ``emit`` in a worker process: messages to the parent."""

    def __init__(self, conn: Connection, stop: StopFlag) -> None:
        self._conn, self._stop = conn, stop
        self._last = 0.0
        self._pending: tuple[float, str] | None = None

    def progress(self, fraction: float, message: str) -> None:
        now = time.monotonic()
        if now - self._last < PROGRESS_EVERY_S and fraction < 1.0:
            self._pending = (float(fraction), str(message))
            return
        self._last, self._pending = now, None
        if not self._stop.value:
            self._conn.send((PROGRESS, float(fraction), str(message)))

    def emit(self, item: Any) -> None:
        if self._pending is not None:  # the items' progress first, so a report is never late
            self.progress(*self._pending)
        self._conn.send((ITEM, item))

    def flush(self) -> None:
        if self._pending is not None and not self._stop.value:
            self._conn.send((PROGRESS, *self._pending))
        self._pending = None


def run_job(job: ProcessJob, conn: Connection, stop: StopFlag) -> None:
    """Run one job and send its result or error (a result that cannot be pickled is an error)."""
    reporter = _Reporter(conn, stop)

    def should_stop() -> bool:
        return bool(stop.value)

    try:
        value = job(reporter.progress, should_stop, reporter.emit)
        reporter.flush()
    except Exception as exc:  # the job's failure is reported to the parent, never raised here
        _tell(conn, (ERROR, _detail(exc), traceback.format_exc()))
        return
    try:
        conn.send((RESULT, value))
    except OSError:
        return  # the studio is gone (see _tell)
    except Exception as exc:  # noqa: BLE001 - a result pickle cannot carry (a bug of the job)
        _tell(conn, (ERROR, f"the result of {job.name} cannot be sent: {_detail(exc)}", ""))


def _tell(conn: Connection, message: tuple[Any, ...]) -> None:
    """Send ``message`` to the studio; nothing when it is gone (its end of the pipe closed: the
    studio was ended while the job ran, whose progress then failed with BrokenPipeError), so a
    worker prints no traceback to the terminal the studio was started from."""
    try:
        conn.send(message)
    except OSError:
        pass


def _detail(exc: BaseException) -> str:
    return "".join(traceback.format_exception_only(exc)).strip()


def serve(
    jobs: Connection, conn: Connection, stop: StopFlag, warm: Sequence[str] = (), nice: int = 0
) -> None:
    """A worker process's main loop: import the ``warm`` modules (so the first job does not pay
    for them), then run each job received from ``jobs`` until ``None`` arrives or the parent is
    gone, sending what it reports through ``conn``.  ``nice``: how much lower than the studio's
    the process's CPU priority is."""
    if nice and hasattr(os, "nice"):
        try:
            os.nice(nice)
        except OSError:
            pass  # not allowed here: run at the studio's priority
    for module in warm:
        importlib.import_module(module)
    try:
        conn.send((READY,))
    except OSError:
        return
    while True:
        try:
            data = jobs.recv_bytes()
        except (EOFError, OSError):  # the studio is gone
            return
        try:
            job = pickle.loads(data)
        except Exception as exc:  # noqa: BLE001 - e.g. a function this process cannot import
            conn.send((ERROR, f"the job cannot be read: {_detail(exc)}", traceback.format_exc()))
            continue
        if job is None:
            return
        run_job(job, conn, stop)
