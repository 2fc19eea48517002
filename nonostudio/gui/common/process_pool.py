"""Background jobs in worker processes, so their Python never competes with the GUI thread for
the interpreter's lock: a :class:`ProcessWorker` is a :class:`~nonostudio.gui.common.workers.
Worker` whose :class:`~nonostudio.gui.common.process_child.ProcessJob` runs in a process of a
:class:`ProcessPool`.

The pool starts its processes ('spawn': never a fork of a process running Qt) when first asked
(:meth:`ProcessPool.warm_up` starts them early, at the window's start), sends each a job at a
time through a pipe and reads what comes back on the GUI thread, from a timer that runs only
while there is work.  Cancelling sets the process's shared stop flag, which the job polls through
``should_stop()``; a job that has not stopped :data:`KILL_AFTER_S` later (a long call into C) is
ended with its process, which is replaced.  :func:`shared_pool` is the studio's pool;
:func:`shut_down_pools` ends every pool's processes when the studio closes.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import pickle
import struct
import sys
import time
import weakref
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from multiprocessing.connection import Connection
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, QTimer

from nonostudio.gui.common.process_child import (
    ERROR,
    ITEM,
    PROGRESS,
    READY,
    RESULT,
    SHARES,
    ProcessJob,
    pickle_job,
    serve,
)
from nonostudio.gui.common.worker_base import Worker

log = logging.getLogger(__name__)

POLL_MS = 10  # how often the GUI thread reads the pipes while a job runs
KILL_AFTER_S = 2.0  # a cancelled job still running this long after is ended with its process
WARM_STEP_MS = 150  # between the starts of the processes warmed up early
# The studio's processes run at a lower CPU priority than the window, so a busy machine gives the
# window its turn first.
SHARED_NICE = 10
ENV = "NONOSTUDIO_WORKER_PROCESSES"  # "0": every job on the thread pool (the tests' default)

# The modules the studio's jobs use, imported by each process as it starts, before any job.
WARM_MODULES = (
    "nonostudio.analysis.grades.difficulty",
    "nonostudio.analysis.tracing.trace",
    "nonostudio.analysis.explaining.narrate",
    "nonostudio.core.solver",
)
HINT_MODULES = ("nonostudio.analysis.colour.hints",)  # what the hints' process imports first


def processes_enabled() -> bool:
    """Whether process jobs run in worker processes (``NONOSTUDIO_WORKER_PROCESSES=0``: on the
    thread pool, as every other job)."""
    return os.environ.get(ENV, "1").strip() != "0"


def default_size() -> int:
    """Processes of the studio's pool: the check, the grade and the trace of a puzzle opened run
    side by side (three), more on a machine with more cores, at most four."""
    return max(3, min(4, os.cpu_count() or 1))


class ProcessWorker(Worker):
    """One background job run in a worker process; the signals and methods of :class:`Worker`."""

    def __init__(self, job: ProcessJob, pool: ProcessPool | None = None) -> None:
        super().__init__(job)
        self.job = job
        self._pool = pool

    def start(self, pool: QThreadPool | ProcessPool | None = None) -> None:
        target = pool if isinstance(pool, ProcessPool) else self._pool or shared_pool()
        self._pool = target
        Worker._alive.add(self)
        target.submit(self)

    def cancel(self) -> None:
        """Ask the job to stop (``aborted`` and ``finished`` follow)."""
        if self._stop.is_set():
            return
        self._stop.set()
        if self._pool is not None:
            self._pool.cancel(self)

    def run(self) -> None:  # never on a thread: the pool runs the job
        raise RuntimeError("a ProcessWorker runs in a ProcessPool")

    # --- what the pool delivers, on the GUI thread --------------------------------------------

    def _report(self, fraction: float, message: str) -> None:
        if not self._stop.is_set():
            self.signals.progress.emit(fraction, message)

    def _item(self, item: Any) -> None:
        if not self._stop.is_set():
            self.signals.emitted.emit(item)

    def _end(self, kind: str, value: Any = None, detail: str = "") -> None:
        """The job ended: its result, its error (``detail``, logged) or its cancel."""
        if self._done.is_set():
            return
        SHARES.end(self)
        self._done.set()
        signals = self.signals
        if self._stop.is_set():
            signals.aborted.emit()
        elif kind == RESULT:
            signals.result.emit(value)
        else:
            log.error("background job %s failed: %s\n%s", self.job.name, value, detail)
            signals.errored.emit(str(value))
        signals.finished.emit()


@contextmanager
def _main_script_hidden() -> Iterator[None]:
    """'spawn' runs the script the studio was started from again in each new process, unless
    it cannot tell which it is.  A worker needs nothing of it (a job names its function by its
    module), and a script without an ``if __name__ == "__main__"`` guard (a test driver, a user's
    script that opens the studio) would start a second studio inside every worker process."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or path is None:
        yield
        return
    del main.__file__
    try:
        yield
    finally:
        main.__file__ = path


class _Inbox:
    """What a worker process sent, read without ever waiting for it: the pipe is read as far as
    it is filled and a message taken once all of it has arrived (a large result comes in pieces
    as the process writes them, and the GUI thread must not wait for the process's turn on the
    CPU).  Where pipes cannot be read so (not POSIX), a message is read once it begins."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._buffer = bytearray()
        self._ended = False
        self._posix = os.name == "posix"
        if self._posix:
            os.set_blocking(conn.fileno(), False)

    def messages(self) -> list[Any]:
        """The messages complete now, in order; EOFError once the process is gone and every
        message it sent was taken."""
        if not self._posix:
            found = []
            while self._conn.poll():
                found.append(self._conn.recv())
            return found
        while not self._ended:
            try:
                chunk = os.read(self._conn.fileno(), 1 << 20)
            except BlockingIOError:
                break
            if not chunk:
                self._ended = True
            self._buffer += chunk
        found = []
        while (message := self._take()) is not None:
            found.append(message)
        if not found and self._ended:
            raise EOFError
        return found

    def _take(self) -> Any:
        """One whole message off the buffer (multiprocessing's framing: a signed 4-byte size, or
        -1 and an 8-byte one), or None."""
        buffer = self._buffer
        if len(buffer) < 4:
            return None
        (size,) = struct.unpack("!i", buffer[:4])
        start = 4
        if size == -1:
            if len(buffer) < 12:
                return None
            (size,) = struct.unpack("!Q", buffer[4:12])
            start = 12
        if len(buffer) < start + size:
            return None
        message = unpickled(buffer[start : start + size])
        del buffer[: start + size]
        return message


def unpickled(data: bytes | bytearray | memoryview) -> Any:
    """``pickle.loads(data)`` with the cyclic garbage collector paused (on the GUI thread).

    A result made of many small objects (the Solve view's trace of a blank 1000x1000 puzzle: a
    million decided cells and their premises, 19 MB) set off a collection every 700 objects
    made, each going through the objects made before: it held the GUI thread 1.5-2.1 s, 0.5-0.65
    s with the collector paused (three rounds, load 6)."""
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return pickle.loads(data)
    finally:
        if paused:
            gc.enable()


class _Outbox:
    """Jobs for a worker process, written without ever waiting for it: what the pipe cannot take
    now (a rule set the first time, while the process is still starting) is kept and written as
    the process reads (:meth:`flush`, from the pool's timer).  Where pipes cannot be written so
    (not POSIX), a job is written whole at once."""

    def __init__(self, conn: Connection) -> None:
        self._conn = conn
        self._buffer = bytearray()
        self._posix = os.name == "posix"
        if self._posix:
            os.set_blocking(conn.fileno(), False)

    def put(self, data: bytes) -> None:
        if not self._posix:
            self._conn.send_bytes(data)
            return
        size = len(data)  # multiprocessing's framing, as Connection.recv_bytes reads it
        header = struct.pack("!i", size) if size <= 0x7FFFFFFF else struct.pack("!iQ", -1, size)
        self._buffer += header + data
        self.flush()

    def flush(self) -> None:
        """Write what the pipe takes now (OSError once the process is gone)."""
        while self._buffer:
            try:
                written = os.write(self._conn.fileno(), self._buffer)
            except BlockingIOError:
                return
            del self._buffer[:written]

    def pending(self) -> bool:
        return bool(self._buffer)


class _Child:
    """One worker process: its two pipes, its stop flag and the job it runs."""

    def __init__(self, context: Any, warm: tuple[str, ...], nice: int) -> None:
        """Start the process (OSError when the system refuses: no process, pipe or shared
        memory left; nothing is left open then)."""
        made: list[Connection] = []
        try:
            jobs_in, self.jobs = context.Pipe(duplex=False)  # (the reading end, the writing end)
            made += (jobs_in, self.jobs)
            replies, replies_out = context.Pipe(duplex=False)
            made += (replies, replies_out)
            self.stop = context.RawValue("b", 0)
            self.process = context.Process(
                target=serve,
                args=(jobs_in, replies_out, self.stop, warm, nice),
                name="nonostudio-worker",
                daemon=True,
            )
            with _main_script_hidden():
                self.process.start()
        except BaseException:
            for conn in made:
                conn.close()
            raise
        jobs_in.close()
        replies_out.close()
        self.replies: Connection = replies
        self.inbox = _Inbox(replies)
        self.outbox = _Outbox(self.jobs)
        self.known: set[str] = set()  # the Shared values sent to it
        self.worker: ProcessWorker | None = None
        self.kill_at: float | None = None  # when a cancelled job is ended with the process
        self.ready = False  # it has imported what it warms up with

    def send(self, worker: ProcessWorker) -> None:
        """Send ``worker``'s job, a solver job with its share of the memory budget."""
        data, new = pickle_job(SHARES.start(worker.job, worker), self.known)
        self.stop.value = 0
        self.worker, self.kill_at = worker, None
        self.outbox.put(data)
        self.known |= new

    def end(self, timeout: float) -> None:
        """End the process, idle or busy, at once: it holds nothing to keep.  (Asked to exit, an
        idle one took 0.1-0.5 s to wind down at its low priority on a loaded machine, and the
        GUI thread waited for it.)"""
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout)
        self.jobs.close()
        self.replies.close()
        self.process.close()


class ProcessPool(QObject):
    """Up to ``size`` worker processes running :class:`ProcessWorker` jobs, a job each."""

    def __init__(
        self,
        size: int,
        *,
        warm: tuple[str, ...] = WARM_MODULES,
        nice: int = 0,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.size = max(1, size)
        self._warm, self._nice = warm, nice
        self._context = multiprocessing.get_context("spawn")
        self._children: list[_Child] = []
        self._pending: deque[ProcessWorker] = deque()
        self._timer = QTimer(self)
        self._timer.setInterval(POLL_MS)
        self._timer.timeout.connect(self._poll)
        _every_pool.add(self)

    # --- public API ----------------------------------------------------------------------------

    def warm_up(self, count: int | None = None) -> None:
        """Start processes (``count``, default all) so the first jobs do not wait for them: one
        now and the next each :data:`WARM_STEP_MS` later, so the window never waits for the
        starts together."""
        wanted = self.size if count is None else min(self.size, count)
        if len(self._children) < wanted:
            try:
                self._children.append(_Child(self._context, self._warm, self._nice))
            except OSError as exc:  # the jobs will try again, and say so if they cannot
                log.warning("a worker process could not be started early: %s", exc)
                return
            self._timer.start()  # to hear that it is ready
        if len(self._children) < wanted:
            QTimer.singleShot(WARM_STEP_MS, self, lambda: self.warm_up(wanted))

    def is_warm(self) -> bool:
        """Every process started and ready for jobs."""
        return len(self._children) == self.size and all(c.ready for c in self._children)

    def submit(self, worker: ProcessWorker) -> None:
        self._pending.append(worker)
        self._dispatch()
        self._timer.start()

    def cancel(self, worker: ProcessWorker) -> None:
        """Stop ``worker``'s job: dropped if still waiting, else asked to stop (and ended with
        its process if it does not within :data:`KILL_AFTER_S`)."""
        if worker in self._pending:
            self._pending.remove(worker)
            QTimer.singleShot(0, lambda: worker._end(RESULT))  # cancelled: reports aborted
            return
        for child in self._children:
            if child.worker is worker:
                child.stop.value = 1
                child.kill_at = time.monotonic() + KILL_AFTER_S

    def is_idle(self) -> bool:
        """No job running or waiting."""
        return not self._pending and all(c.worker is None for c in self._children)

    def pids(self) -> list[int]:
        """The worker processes alive now."""
        return [c.process.pid for c in self._children if c.process.pid and c.process.is_alive()]

    def shutdown(self, timeout: float = 2.0) -> None:
        """Cancel every job and end every process (the studio is closing); the pool starts new
        ones if asked again."""
        self._timer.stop()
        pending, self._pending = list(self._pending), deque()
        for worker in pending:
            worker._stop.set()
            worker._end(RESULT)
        children, self._children = self._children, []
        for child in children:
            running = child.worker
            child.end(timeout)
            if running is not None:
                running._stop.set()
                running._end(RESULT)

    # --- running -------------------------------------------------------------------------------

    def _dispatch(self) -> None:
        while self._pending:
            idle = [c for c in self._children if c.worker is None]
            child = next((c for c in idle if c.ready), idle[0] if idle else None)
            if child is None:
                if len(self._children) >= self.size:
                    return
                try:
                    child = _Child(self._context, self._warm, self._nice)
                except OSError as exc:
                    self._cannot_start(exc)
                    return
                self._children.append(child)
            worker = self._pending.popleft()
            try:
                child.send(worker)
            except (pickle.PicklingError, TypeError, AttributeError) as exc:  # a bug: say so
                child.worker = None
                QTimer.singleShot(
                    0, lambda w=worker, e=exc: w._end(ERROR, f"cannot run {w.job.name}: {e}")
                )
                continue
            except OSError:  # the process is gone: the job goes to another one
                child.worker = None
                self._drop(child)
                self._pending.appendleft(worker)
                continue
            worker.signals.started.emit()

    def _cannot_start(self, exc: OSError) -> None:
        """The system refused a new process: the waiting jobs wait for the processes running,
        or, when there is none, end with an error that says why (after the caller's
        ``start`` returned, as every job's end is heard)."""
        log.error("a worker process could not be started: %s", exc)
        if self._children:
            return
        message = f"the background process could not be started ({exc.strerror or exc})"
        pending, self._pending = list(self._pending), deque()
        for worker in pending:
            QTimer.singleShot(0, lambda w=worker: w._end(ERROR, message))

    def _poll(self) -> None:
        now = time.monotonic()
        for child in list(self._children):
            worker = child.worker
            if worker is None:
                self._hear_ready(child)
                continue
            try:
                child.outbox.flush()
                for message in child.inbox.messages():
                    self._handle(child, worker, message)
            except (EOFError, OSError):  # the process died under the job
                child.process.join(0.1)
                code = child.process.exitcode
                child.worker = None
                self._drop(child)
                worker._end(ERROR, f"the background process stopped unexpectedly (exit {code})")
                continue
            if child.worker is worker and child.kill_at is not None and now > child.kill_at:
                log.info("background job %s did not stop when asked: ended", worker.job.name)
                child.worker = None
                self._drop(child)
                worker._end(RESULT)
        self._dispatch()
        if self.is_idle() and all(c.ready for c in self._children):
            self._timer.stop()

    def _hear_ready(self, child: _Child) -> None:
        try:
            for message in child.inbox.messages():
                child.ready = child.ready or message[0] == READY
        except (EOFError, OSError):  # it died starting: the next job starts another
            self._drop(child)

    def _handle(self, child: _Child, worker: ProcessWorker, message: tuple[Any, ...]) -> None:
        kind = message[0]
        if kind == READY:
            child.ready = True
        elif kind == PROGRESS:
            worker._report(message[1], message[2])
        elif kind == ITEM:
            worker._item(message[1])
        else:
            child.worker = child.kill_at = None
            if kind == RESULT:
                worker._end(RESULT, message[1])
            else:
                # a job that could not be read may have carried a shared value the process
                # never stored (it failed before reaching it): sent again with the next job,
                # where each later job with it failed "the job cannot be read: KeyError"
                child.known.clear()
                worker._end(ERROR, message[1], message[2])

    def _drop(self, child: _Child) -> None:
        if child in self._children:
            self._children.remove(child)
        child.end(0.5)


_pools: dict[str, ProcessPool] = {}
_every_pool: weakref.WeakSet[ProcessPool] = weakref.WeakSet()


def shared_pool() -> ProcessPool:
    """The studio's pool for the work on what is on screen (check, grade, trace, Grade Folder)."""
    if "shared" not in _pools:
        _pools["shared"] = ProcessPool(default_size(), nice=SHARED_NICE)
    return _pools["shared"]


def hint_pool() -> ProcessPool:
    """One process for the hints a player asks for while solving by hand: never queued behind
    the check, grade and trace of the puzzle on screen, which may hold the shared pool's
    processes up to the time limit, and at the studio's priority (the player waits for it)."""
    if "hints" not in _pools:
        _pools["hints"] = ProcessPool(1, warm=HINT_MODULES)
    return _pools["hints"]


def warm_up_processes() -> None:
    """Start the studio's worker processes now, one after the other (the window's start), unless
    worker processes are turned off."""
    if processes_enabled():
        shared_pool().warm_up()


def shut_down_pools(timeout: float = 2.0) -> None:
    """End every worker process (the studio is closing)."""
    for pool in live_pools():
        pool.shutdown(timeout)


def live_pools() -> list[ProcessPool]:
    """Every pool not yet garbage (tests check that their work is done)."""
    return list(_every_pool)
