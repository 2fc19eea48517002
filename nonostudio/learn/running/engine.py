"""The engine seam of a learning run: the coordinator
(:class:`~nonostudio.learn.running.runner.Runner`) hands work items to an :class:`Engine` and
receives their outcomes.  :class:`LocalEngine`, this machine's pool of worker processes (or
threads), is the default; :mod:`nonostudio.learn.running.dask_engine` (the ``cluster`` extra) runs
them on a Dask cluster.

A task is ``(number, key, spec_json, budget_s, which)`` (``which`` 1: the narrow work); an outcome
is ``(index, key, status, seconds, result_json, error)``, as
:func:`~nonostudio.learn.running.runner_worker.worker_loop` reports it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import threading
import time
from typing import Any, Protocol

from nonostudio.learn.running.runner_worker import (
    Event,
    Queue,
    Work,
    cancel_mark,
    sigint_blocked,
    worker_loop,
)

__all__ = ["CANCEL_GRACE_S", "Engine", "EngineError", "LocalEngine", "Outcome", "Task"]

Task = tuple[int, str, Any, float, int]
Outcome = tuple[int, str, str, float, str | None, str | None]

CANCEL_GRACE_S = 0.3  # after a cancel, how long work may take to hand its task back
CANCEL_RING = 64  # items cancelled one by one that the workers remember (the latest ones)
_EXIT_GRACE_S = 0.5  # how long an idle worker process may take to exit before it is terminated


class EngineError(RuntimeError):
    """The engine cannot go on (its workers cannot start, its cluster is gone): the runner hands
    the work in flight back as pending and raises this; the run resumes later."""


class Engine(Protocol):
    """Where a run's work items run.  Only the coordinating thread calls these."""

    def open(self, works: tuple[Work, Work | None]) -> None:
        """Get ready to run tasks of ``works`` (the work and the narrow work)."""

    ahead: int
    """Tasks the runner keeps in flight per slot (2: a worker never waits for its next task)."""

    def slots(self) -> int:
        """How many tasks it runs at once (the runner keeps :attr:`ahead` times that many in
        flight)."""

    def submit(self, task: Task) -> None:
        """Run ``task``; its outcome comes back from :meth:`result`."""

    batches: bool
    """Whether :meth:`submit_batch` saves anything (the runner then batches cheap items)."""

    def submit_batch(self, tasks: list[Task], skips: tuple[bool, bool] = (False, False)) -> None:
        """Run ``tasks`` one after another in one submission; each outcome comes back from
        :meth:`result` on its own, in the batch's order.  ``skips`` (supersets, covered: as the
        runner skips): an item a rule found earlier in the batch skips comes back ``pending``
        unrun (:class:`~nonostudio.learn.running.runner_skips.SkipsSoFar`)."""

    def result(self, timeout: float) -> Outcome | None:
        """The next outcome, or None when none came within ``timeout`` seconds."""

    def cancel_item(self, task: Task) -> None:
        """One item is no longer wanted (a rule found meanwhile skips it): its running work is
        interrupted, or it is never started; its outcome comes back ``pending`` (unless it
        finished first)."""

    def stop(self) -> None:
        """The run is cancelled: running work is interrupted, queued work comes back pending."""

    def stopped(self) -> bool: ...

    def gave_up(self, since_stop: float) -> bool:
        """After :meth:`stop`, ``since_stop`` seconds ago: whether the work still in flight will
        not come back (the runner then hands it back as pending)."""

    def lost(self) -> list[int]:
        """The numbers of the tasks whose worker died since the last call (their outcome will
        never come); raises :class:`EngineError` when the engine cannot go on."""

    def close(self, *, handed_back: bool) -> None:
        """Stop and release the workers (``handed_back``: work that did not stop was handed back);
        a run that was not stopped first lets idle workers end on their own."""

    def describe(self) -> str:
        """The workers' count and state in words (empty for the local pool, whose progress
        lines stay as they were)."""


class LocalEngine:
    """``jobs`` spawned worker processes (``mode="process"``) or threads on this machine, fed
    through queues; a worker process that dies is replaced."""

    ahead = 2
    batches = False  # its queues cost little per item: every task goes on its own

    def __init__(self, jobs: int, mode: str = "process") -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"mode must be 'process' or 'thread', not {mode!r}")
        self.jobs, self.mode = jobs, mode
        self._workers: list[Any] = []

    def open(self, works: tuple[Work, Work | None]) -> None:
        self._works = works
        self._tasks: Queue
        self._results: Any  # a SimpleQueue (processes) or a Queue (threads)
        self._stop: Event
        if self.mode == "process":
            mp = multiprocessing.get_context("spawn")  # never fork a process that may run Qt
            # Outcomes go through a SimpleQueue, written by the worker's own thread before it
            # takes its next task: a Queue sends from a thread of its own, and a worker that died
            # in its next task could take an outcome with it, or the queue's lock, which hung
            # every other worker's outcomes.
            self._tasks, self._stop = mp.Queue(), mp.Event()
            self._results = mp.SimpleQueue()
            self._slots: Any = mp.Array("q", [-1] * self.jobs, lock=False)
            self._cancels: Any = mp.Array("q", [-1] * CANCEL_RING, lock=False)
        else:
            self._tasks, self._results, self._stop = queue.Queue(), queue.Queue(), threading.Event()
            self._slots = [-1] * self.jobs
            self._cancels = [-1] * CANCEL_RING
        self._cancelled_count = 0
        self._idle_deaths = 0
        self._workers = []
        self._workers = [self._start_worker(i) for i in range(self.jobs)]

    def slots(self) -> int:
        return self.jobs

    def submit(self, task: Task) -> None:
        self._tasks.put(task)

    def submit_batch(self, tasks: list[Task], skips: tuple[bool, bool] = (False, False)) -> None:
        # Not taken as a batch (``batches`` is False): each task on its own, as submit() does.
        for task in tasks:
            self._tasks.put(task)

    def result(self, timeout: float) -> Outcome | None:
        if self.mode == "process":
            # SimpleQueue.get has no timeout: wait on its pipe first.
            if not self._results._reader.poll(timeout):
                return None
            message: Outcome = self._results.get()
            return message
        try:
            message = self._results.get(timeout=timeout)
        except queue.Empty:
            return None
        return message

    def cancel_item(self, task: Task) -> None:
        # Written straight to shared memory: the worker's watchdog interrupts the item, and a
        # worker that takes it from the queue later gives it back untouched.
        self._cancels[self._cancelled_count % CANCEL_RING] = cancel_mark(task[0], task[4])
        self._cancelled_count += 1

    def stop(self) -> None:
        self._stop.set()

    def stopped(self) -> bool:
        return self._stop.is_set()

    def gave_up(self, since_stop: float) -> bool:
        # Nobody left to report, or (processes) work that does not stop: its worker process is
        # terminated.
        return not any(w.is_alive() for w in self._workers) or (
            self.mode == "process" and since_stop > CANCEL_GRACE_S
        )

    def describe(self) -> str:
        return ""

    def _start_worker(self, index: int) -> Any:
        args = (
            index,
            self._works,
            self._tasks,
            self._results,
            self._stop,
            self._slots,
            self._cancels,
        )
        if self.mode == "process":
            mp = multiprocessing.get_context("spawn")
            worker: Any = mp.Process(target=worker_loop, args=args, daemon=True)
            with sigint_blocked():
                worker.start()
        else:
            worker = threading.Thread(target=worker_loop, args=args, daemon=True)
            worker.start()
        return worker

    def lost(self) -> list[int]:
        """A worker process that died (a crash in native code) gives back its task's number and
        is replaced; workers that die without a task (they cannot start) end the run."""
        numbers = []
        for index, worker in enumerate(self._workers):
            if worker.is_alive() or self._stop.is_set():
                continue
            number = self._slots[index]
            self._slots[index] = -1
            if number >= 0:
                numbers.append(number)
            else:
                self._idle_deaths += 1
                if self._idle_deaths > 2 * self.jobs:
                    raise EngineError(
                        "worker processes die before taking work; is the work "
                        "function importable from a module?"
                    )
            if self.mode == "process":
                worker.join()  # reap it (it is dead: this returns at once)
            self._workers[index] = self._start_worker(index)
        return numbers

    def close(self, *, handed_back: bool) -> None:
        """Stop every worker and, for processes, reap it: an idle one exits on its ``None``; one
        still busy after a short grace is terminated (then killed); each is joined, so none is
        left behind as a defunct process."""
        cancelled = self._stop.is_set()
        self._stop.set()
        for _ in self._workers:
            with contextlib.suppress(Exception):  # a queue a killed worker broke
                self._tasks.put(None)
        if self.mode != "process":
            for w in self._workers:
                w.join(timeout=5.0)  # the watchdogs interrupt z3; daemon threads otherwise
            return
        processes = self._workers
        # Cancelled: nothing is left to save, idle workers are ended at once; otherwise they get a
        # moment to exit on their own.
        grace = 0.0 if handed_back else 0.05 if cancelled else _EXIT_GRACE_S
        deadline = time.monotonic() + grace
        for w in processes:
            w.join(timeout=max(0.0, deadline - time.monotonic()))
        for w in processes:
            if w.is_alive():
                w.terminate()
        for w in processes:
            w.join(timeout=1.0)
            if w.is_alive():
                w.kill()
                w.join()
        self._tasks.close()  # type: ignore[attr-defined]
        self._tasks.cancel_join_thread()  # type: ignore[attr-defined]
        self._results.close()
