"""The worker side of :mod:`nonostudio.learn.running.runner`: the loop each worker (process or
thread) runs over its tasks, with its own z3 context and a watchdog that interrupts overdue or
cancelled work, and the signal handling that keeps a Ctrl-C from killing a worker or reaching z3."""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

import z3

from nonostudio.core.z3threads import interrupt, new_context
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.store.job_records import SpecStatus

Work = Callable[[Specification, float, Callable[[], bool], z3.Context], dict[str, Any]]

POLL_S = 0.05  # how often a watchdog (and the coordinator) looks at the clock and the stop flag


def keep_z3_from_ctrl_c() -> None:
    """Switch off z3's own Ctrl-C handling in this process.  Left on, every ``check()`` installs
    z3's SIGINT handler for its duration, in whatever thread it runs: a Ctrl-C then interrupts
    the query ("interrupted from keyboard") and never reaches Python, whose handler cancels the
    run and hands the specification back as pending."""
    z3.set_param("ctrl_c", False)


@contextlib.contextmanager
def sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread while inside: a worker process started here inherits the mask,
    so a Ctrl-C cannot kill it while it starts, before it ignores SIGINT (the signal stays
    pending for this process and is delivered when the block ends)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _ignore_interrupts_in_worker_process() -> None:
    """In a worker process: ignore SIGINT (a Ctrl-C at the terminal reaches the whole process
    group; the coordinator cancels the run instead and hands the tasks back as pending), then
    lift the block it was started with."""
    if (
        multiprocessing.parent_process() is None
        or threading.current_thread() is not threading.main_thread()
    ):
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class Event(Protocol):
    def is_set(self) -> bool: ...
    def set(self) -> None: ...


class Queue(Protocol):
    def get(self, block: bool = ..., timeout: float | None = ...) -> Any: ...
    def put(self, item: Any, /) -> None: ...


def cancel_mark(number: int, which: int) -> int:
    """How an item cancelled on its own is remembered in the workers' ring of cancels: its
    number and which work runs it (a cancelled item may come back as the narrow work)."""
    return 2 * number + which


def worker_loop(
    index: int,
    works: tuple[Work, Work | None],
    tasks: Queue,
    results: Queue,
    stop: Event,
    slots: Any,
    cancels: Any = (),
) -> None:
    """Worker ``index``: its own z3 context, a watchdog thread, tasks until a ``None`` arrives.

    A task names which of ``works`` runs it (0: the work, 1: the narrow work of a skipped
    specification, whose ``done`` is reported as ``skipped``).  ``slots[index]`` holds the number
    of the task in progress (-1 when idle), written straight to shared memory so the coordinator
    knows what a crashed worker held; ``cancels`` holds the :func:`cancel_mark` of the items
    cancelled one by one (interrupted, or given back untouched, and reported ``pending``); each
    outcome is reported as ``(index, key, status, seconds, result_json, error)``.
    """
    _ignore_interrupts_in_worker_process()
    keep_z3_from_ctrl_c()
    ctx = new_context()
    lock = threading.Lock()
    current: list[float | None] = [None]  # deadline of the task in progress
    mark = [-1]  # the cancel mark of the task in progress
    seen = [False]  # its cancel was seen while it ran (work that finished first stands)
    finished = threading.Event()

    parent = multiprocessing.parent_process()

    def watchdog() -> None:
        while not finished.wait(POLL_S):
            if parent is not None and not parent.is_alive():
                os._exit(1)  # the coordinator was killed: nobody will take this worker's results
            with lock:  # interrupt only while the overdue task is still the current one
                deadline = current[0]
                if deadline is not None and mark[0] in cancels:
                    seen[0] = True
                if deadline is not None and (
                    stop.is_set() or time.monotonic() > deadline or seen[0]
                ):
                    interrupt(ctx)

    threading.Thread(target=watchdog, daemon=True).start()
    try:
        while (task := tasks.get()) is not None:
            number, key, spec_json, budget, which = task
            work = works[which]
            assert work is not None, "a narrow task without a narrow work"
            me = cancel_mark(number, which)
            if stop.is_set() or me in cancels:  # cancelled before it started: give it back
                results.put((index, key, SpecStatus.PENDING, 0.0, None, None))
                continue
            slots[index] = number
            start = time.monotonic()
            deadline = start + budget
            with lock:
                current[0], mark[0], seen[0] = deadline, me, False

            def should_stop(d: float = deadline, m: int = me) -> bool:
                if m in cancels:
                    seen[0] = True
                return stop.is_set() or time.monotonic() > d or seen[0]

            result_text, error = _run_work(work, spec_json, budget, should_stop, ctx)
            with lock:
                current[0], mark[0] = None, -1
            seconds = time.monotonic() - start
            stopped = stop.is_set() or seen[0]
            status = _status(stopped, seconds > budget, error, narrow=bool(which))
            slots[index] = -1
            results.put((index, key, status, seconds, result_text, error))
    finally:
        finished.set()


def _run_work(
    work: Work, spec_json: Any, budget: float, should_stop: Callable[[], bool], ctx: z3.Context
) -> tuple[str | None, str | None]:
    """The work's result as JSON, or the error it raised (the specification's outcome)."""
    try:
        return json.dumps(work(Specification.from_json(spec_json), budget, should_stop, ctx)), None
    except Exception as exc:  # the work's failure is the specification's outcome
        return None, f"{type(exc).__name__}: {exc}"


def _status(stopped: bool, over_budget: bool, error: str | None, *, narrow: bool) -> SpecStatus:
    """A finished task's status: handed back (pending) when the run was stopped, then timeout,
    failed, skipped (the narrow work) or done."""
    if stopped:
        return SpecStatus.PENDING
    if over_budget:
        return SpecStatus.TIMEOUT
    return SpecStatus.FAILED if error else SpecStatus.SKIPPED if narrow else SpecStatus.DONE
