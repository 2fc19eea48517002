"""Parallel, resumable execution of a per-specification function over a run of the job store.

``work(spec, budget_s, should_stop, ctx) -> dict`` is called once per pending specification in a
worker (``mode="process"``, the default, or ``"thread"``; or on a Dask cluster, given its
``engine``: :mod:`nonostudio.learn.running.engine`) that owns one ``z3.Context``; its
JSON result's ``rules`` (or ``rule``) count as rules found.  A specification a smaller pattern
set or a rule found so far already covers is *skipped* (or given the cheaper ``narrow_work``).
The run is held by a :class:`~nonostudio.learn.store.run_lock.RunLock` while it runs, so no two
processes run it at once (:class:`~nonostudio.learn.store.run_lock.RunBusyError`) and one killed
shows as interrupted.  Only the coordinating thread writes the store, so a killed run loses only
what was in flight; cancelled specifications go back to ``pending``, one whose worker died is
handed out again (up to ``MAX_ATTEMPTS``), and every worker process is reaped.  Progress
follows :mod:`nonostudio.core.progress`; the run's figures go to ``on_snapshot`` as a
:class:`RunSnapshot`.  ``docs/design/learning.md`` ("The runner", "Running on a cluster") has
the details and the measurements behind the defaults.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from nonostudio.core.progress import ProgressCallback, report_count
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.running.engine import (
    CANCEL_GRACE_S,
    Engine,
    EngineError,
    LocalEngine,
    Task,
)
from nonostudio.learn.running.runner_skips import CoveringRules, SkipsSoFar, hand_out_key
from nonostudio.learn.running.runner_worker import POLL_S, Work, keep_z3_from_ctrl_c
from nonostudio.learn.store.jobs import (
    MAX_ATTEMPTS,
    WORKER_DIED,
    JobStore,
    RunState,
    RunStatus,
    SpecRecord,
    SpecStatus,
    rules_in,
)
from nonostudio.learn.store.run_lock import RunLock

__all__ = [
    "CANCEL_GRACE_S",
    "CoveringRules",
    "Engine",
    "EngineError",
    "RunSnapshot",
    "Runner",
    "Work",
    "hand_out_key",
    "run_specifications",
]


HOLD_BACK_WINDOW = 32  # how far past a held-back specification the hand-out looks
# Batches, on an engine that takes them (a cluster's round trips cost more than a cheap item):
# items of a kind whose first BATCH_AFTER took under CHEAP_S seconds on average (and none over
# CHEAP_MAX_S) go up to BATCH_MAX to a submission, about BATCH_S seconds of work.
CHEAP_S = 0.05
CHEAP_MAX_S = 0.5
BATCH_AFTER = 8
BATCH_S = 0.25
BATCH_MAX = 32


@dataclass(frozen=True)
class RunSnapshot:
    """After each finished specification: totals over the whole run, rate over this session."""

    done: int
    total: int
    rules_found: int
    rate_per_minute: float
    eta_seconds: float | None
    key: str
    status: SpecStatus
    workers: str = ""  # the engine's workers in words (empty on this machine's pool)

    def message(self) -> str:
        """The snapshot in words, e.g. ``12/122 specifications, 4 rules, 31.2/min, 21 s left
        (done 1|O--|x1-3|h)``, then the cluster's workers when it runs on one (``; 2 workers,
        2 busy``)."""
        eta = "?" if self.eta_seconds is None else f"{self.eta_seconds:.0f} s"
        workers = f"; {self.workers}" if self.workers else ""
        return (
            f"{self.done}/{self.total} specifications, {self.rules_found} rules, "
            f"{self.rate_per_minute:.1f}/min, {eta} left ({self.status} {self.key}){workers}"
        )


@dataclass
class _Held:
    """What the items in flight hold back (with ``hold_back``): per line, the fewest patterns of
    its items in flight; the earliest wave (:func:`hand_out_key`) in flight; per value their
    runs are filled with, the submissions in flight (a rule fills one value: it skips only
    specifications of that value); and, with its value, each item's cells (a rule found for a
    specification skips one of the same value and cells 3 times in 10, another of its value one
    time in 14, another value's never: the pairs of a wave of lines up to 5 cells, one pattern;
    docs/design/learning.md)."""

    lines: dict[str, int] = field(default_factory=dict)
    wave: tuple[bool, int, int] | None = None
    runs: dict[int, set[str]] = field(default_factory=dict)
    kin: set[tuple[int, str]] = field(default_factory=set)

    def add(self, key: str, spec: Specification, submission: str) -> None:
        line, count = _line_of(key), len(spec.patterns)
        self.lines[line] = min(self.lines.get(line, count), count)
        kind = hand_out_key(spec)
        self.wave = kind if self.wave is None else min(self.wave, kind)
        self.runs.setdefault(spec.value, set()).add(submission)
        self.kin.add(_kin(spec))


@dataclass
class _Session:
    """What the coordinating thread keeps while it hands out a run's work: finished and total
    specifications, rules found, the records still to hand out (last first), the keys in flight
    and the rules found so far with what they skip."""

    done: int
    total: int
    found: int
    todo: list[SpecRecord]
    skips: SkipsSoFar
    start: float  # when this session began (the rate is this session's)
    session_done: int = 0
    in_flight: set[str] = field(default_factory=set)


class Runner:
    """Runs ``work`` over the pending specifications of one run; :meth:`cancel` from any thread.

    ``progress(fraction, message)`` and ``on_snapshot(RunSnapshot)`` are called on the
    coordinating thread after each finished specification.
    """

    def __init__(
        self,
        store: JobStore,
        run_id: int,
        work: Work,
        *,
        jobs: int | None = None,
        budget_s: float = 60.0,
        mode: str = "process",
        progress: ProgressCallback | None = None,
        on_snapshot: Callable[[RunSnapshot], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        skip_supersets: bool = True,
        skip_covered: bool = True,
        narrow_work: Work | None = None,
        narrow_from: int | None = None,
        engine: Engine | None = None,
        hold_back: bool | None = None,
    ) -> None:
        if mode not in ("process", "thread"):
            raise ValueError(f"mode must be 'process' or 'thread', not {mode!r}")
        if budget_s <= 0:
            raise ValueError(f"budget must be positive, got {budget_s}")
        self.store, self.run_id, self.work = store, run_id, work
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.budget_s, self.mode = budget_s, mode
        # Where the work runs: this machine's pool unless another engine (a Dask cluster) is given.
        self.engine: Engine = engine if engine is not None else LocalEngine(self.jobs, mode)
        # Hold back a specification while one of its line with no more patterns is in flight:
        # that one's rule would often skip it (late skips).  On for a cluster engine (None); the
        # local pool keeps its plain hand-out order unless asked.
        self.hold_back = engine is not None if hold_back is None else hold_back
        # Synthesis seconds of this session, and those spent on specifications that the rules
        # found meanwhile would have skipped had they been known at hand-out (late skips).
        self.work_seconds = 0.0
        self.late_skip_seconds = 0.0
        self.progress, self.on_snapshot, self.should_stop = progress, on_snapshot, should_stop
        self.skip_supersets = skip_supersets
        self.skip_covered = skip_covered
        # Specifications of at least this many patterns are treated as skipped: with a narrow
        # work they get only its search (on run 6, the full lattice climb of 7-cell three-pattern
        # specifications took 5,000 s of work for 12 rules that added no test or validation cell).
        self.narrow_from = narrow_from
        self.narrow_work = narrow_work
        self._cancel = threading.Event()

    def cancel(self) -> None:
        self._cancel.set()

    def _cancelled(self) -> bool:
        return self._cancel.is_set() or bool(self.should_stop and self.should_stop())

    def run(self) -> RunStatus:
        """Resume the run, work until nothing is pending or it is cancelled; its final status.

        Raises :class:`~nonostudio.learn.store.run_lock.RunBusyError` when another process (or
        another runner here) is running the run, before anything is changed."""
        with RunLock(self.store.path, self.run_id):
            return self._run()

    def _run(self) -> RunStatus:
        store, run_id = self.store, self.run_id
        keep_z3_from_ctrl_c()  # thread workers run z3 in this process
        store.resume(run_id)
        pending = sorted(store.pending(run_id), key=lambda r: hand_out_key(r.spec))
        store.set_run_status(run_id, RunState.RUNNING)
        self._handed_back = False  # work that did not stop was handed back: end its workers now
        engine = self.engine
        try:
            engine.open((self.work, self.narrow_work))
            self._coordinate(pending)
        except EngineError:
            store.set_run_status(run_id, RunState.CANCELLED)  # paused: what is left is pending
            raise
        finally:
            # close() ends the workers: a cancelled run (engine.stop() above) ends idle ones at
            # once, a finished one gives them a moment to exit on their own.
            engine.close(handed_back=self._handed_back)
        final = store.status(run_id)
        store.set_run_status(
            run_id,
            RunState.CANCELLED if final.counts.get(SpecStatus.PENDING) else RunState.FINISHED,
        )
        return final

    def _coordinate(self, pending: list[SpecRecord]) -> None:
        """Hand out ``pending`` (in order) and record what comes back, until nothing is in
        flight; a cancel hands the work in flight back as pending, and so does an engine that
        cannot go on (then its :class:`EngineError` is raised)."""
        store, run_id = self.store, self.run_id
        status = store.status(run_id)
        self._pending = pending
        self._numbers = {r.key: i for i, r in enumerate(pending)}
        self._attempts = {r.key: r.attempts for r in pending}
        self._tasks: dict[str, Task] = {}  # the task of each key in flight
        self._submissions: dict[str, str] = {}  # key in flight -> its submission's first key
        self._cancelling: set[str] = set()  # keys in flight cancelled by _cancel_skippable
        # Per kind of item (hand_out_key): how many finished this session, their seconds and the
        # longest.
        self._kind_seconds: dict[tuple[bool, int, int], tuple[int, float, float]] = {}
        now = _Session(
            status.finished,
            status.total,
            status.rules_found,
            list(reversed(pending)),
            SkipsSoFar(
                store.results(run_id),
                supersets=self.skip_supersets,
                covered=self.skip_covered,
            ),
            time.monotonic(),
        )
        try:
            self._feed(now)
            self._wait(now)
        except EngineError:
            for key in now.in_flight:
                store.finish(run_id, key, SpecStatus.PENDING, None)
            now.in_flight.clear()
            raise

    def _wait(self, now: _Session) -> None:
        """Record outcomes and feed the engine until nothing is in flight."""
        store, run_id, engine = self.store, self.run_id, self.engine
        stopped_at: float | None = None
        while now.in_flight:
            if self._cancelled() and not engine.stopped():
                engine.stop()
            if engine.stopped() and stopped_at is None:
                stopped_at = time.monotonic()
            message = engine.result(POLL_S)
            if message is None:
                if stopped_at is not None and engine.gave_up(time.monotonic() - stopped_at):
                    # Cancelled, and nothing more will come back: give the tasks back untouched.
                    for key in now.in_flight:
                        store.finish(run_id, key, SpecStatus.PENDING, None)
                    self._handed_back = True
                    return
                self._retry_lost(now)
                continue
            with store.writes_together():  # one commit for the burst
                self._record(now, message)
                # A burst (a batch's outcomes) is all recorded before the next hand-out: the
                # lines its items held are free again, and the next batch is whole.
                while (message := engine.result(0.0)) is not None:
                    self._record(now, message)
            self._feed(now)

    def _skipped(self, now: _Session, record: SpecRecord) -> bool:
        """Whether ``record`` is skipped (or given the narrow work): it has many patterns
        (``narrow_from``), a smaller pattern set of its group gave a rule, or a rule covers it."""
        if self.narrow_from is not None and len(record.spec.patterns) >= self.narrow_from:
            return True
        return now.skips.skips(record.key, record.spec)

    def _feed(self, now: _Session) -> None:
        """Queue tasks until the engine's ``ahead`` per worker are in flight (skipped ones finished
        at once when there is no narrow work).  On an engine that takes batches, items of a kind
        measured cheap go several to a submission (:meth:`_batch_size`).  Held back, an item
        waits for the items in flight of other submissions only: a batch runs its items one
        after another, and one a batch-mate's rule skips is handed back unrun
        (:meth:`_handed_back_unrun`), so items of one line may share a batch."""
        store, run_id, engine = self.store, self.run_id, self.engine
        held = self._held(now)
        while now.todo and not engine.stopped():
            kind = hand_out_key(now.todo[-1].spec)
            size = self._batch_size(kind)
            if len(now.in_flight) >= engine.ahead * engine.slots() * size:
                return
            batch: list[Task] = []
            waiting = False
            # A batch holds items of one kind: the next kind's first are measured one by one.
            with store.writes_together():  # one commit for the batch's claims
                while now.todo and len(batch) < size and hand_out_key(now.todo[-1].spec) == kind:
                    # A batch fills one value: it takes one worker's share of that value.
                    value = self._pending[batch[0][0]].spec.value if batch else None
                    picked = self._next(now, held, value)
                    if picked is None:
                        waiting = True  # everything near the front waits for a rule in flight
                        break
                    record, narrow = picked
                    if store.spec_status(run_id, record.key) != SpecStatus.PENDING:
                        continue  # no longer pending (finished by another process)
                    if narrow and self.narrow_work is None:
                        store.finish(run_id, record.key, SpecStatus.SKIPPED, None)
                        now.done += 1
                        continue
                    store.mark_running(run_id, record.key)
                    self._attempts[record.key] += 1
                    batch.append(self._task(now, record, narrow))
            if len(batch) == 1:
                engine.submit(batch[0])
            elif batch:
                engine.submit_batch(batch, (self.skip_supersets, self.skip_covered))
            for task in batch:  # the next submission waits for these
                self._submissions[task[1]] = batch[0][1]
                if self.hold_back:
                    held.add(task[1], self._pending[task[0]].spec, batch[0][1])
            if waiting:
                return

    def _batch_size(self, kind: tuple[bool, int, int]) -> int:
        """How many items of ``kind`` (their :func:`hand_out_key`) go in one submission: 1 unless
        the engine takes batches and this session has measured the kind cheap (under
        :data:`CHEAP_S` on average over at least :data:`BATCH_AFTER` items, none over
        :data:`CHEAP_MAX_S`): then as many as fill about :data:`BATCH_S` seconds, at most
        :data:`BATCH_MAX`.  A batch reports its items when all are done: one long item in it
        holds back the rules of the others (and a cancel comes too late for them)."""
        count, total, longest = self._kind_seconds.get(kind, (0, 0.0, 0.0))
        if (
            not self.engine.batches
            or count < BATCH_AFTER
            or total / count >= CHEAP_S
            or longest >= CHEAP_MAX_S
        ):
            return 1
        return max(1, min(BATCH_MAX, int(BATCH_S / max(total / count, 1e-3))))

    def _task(self, now: _Session, record: SpecRecord, narrow: bool) -> Task:
        """``record`` (marked running) as a task of its work or of the narrow work, in flight."""
        task = (
            self._numbers[record.key],
            record.key,
            record.spec.to_json(),
            self.budget_s,
            1 if narrow else 0,
        )
        now.in_flight.add(record.key)
        self._tasks[record.key] = task
        return task

    def _submit(self, now: _Session, record: SpecRecord, narrow: bool) -> None:
        """Hand ``record`` (marked running) to the engine: its work, or the narrow work."""
        self.engine.submit(self._task(now, record, narrow))

    def _cancel_skippable(self, now: _Session) -> None:
        """Cancel the items in flight that the rules found so far now skip (their work would be
        wasted): they come back pending and are then finished as skipped (or given the narrow
        work).  The seconds they ran count as late skips."""
        for key in now.in_flight - self._cancelling:
            task = self._tasks[key]
            if not task[4] and self._skipped(now, self._pending[self._numbers[key]]):
                self._cancelling.add(key)
                self.engine.cancel_item(task)

    def _held(self, now: _Session) -> _Held:
        """What the items in flight hold back (nothing without :attr:`hold_back`)."""
        held = _Held()
        if self.hold_back:
            for key in now.in_flight:
                spec = self._pending[self._numbers[key]].spec
                held.add(key, spec, self._submissions.get(key, key))
        return held

    def _next(
        self, now: _Session, held: _Held, value: int | None = None
    ) -> tuple[SpecRecord, bool] | None:
        """The next record to hand out and whether it is skipped (narrow work).  With
        :attr:`hold_back`, the first of the next :data:`HOLD_BACK_WINDOW` records that no
        rule in flight (``held``) is likely to skip: it is of the earliest wave in flight (its
        :func:`hand_out_key`: the rules of shorter lines and fewer patterns are known before
        longer ones start); none in flight is of its line with no more patterns, nor of its
        cells and value; and fewer than half the workers (at least one) run its value
        (a rule found for one of them could skip it; only one of the other value cannot).  A
        batch being filled takes only ``value``.  None when all of them wait, while something
        is in flight."""
        if not self.hold_back:
            record = now.todo.pop()
            return record, self._skipped(now, record)
        busy, wave = held.lines, held.wave
        share = max(1, self.engine.slots() // 2)  # the submissions in flight of one value
        for i in range(len(now.todo) - 1, max(-1, len(now.todo) - 1 - HOLD_BACK_WINDOW), -1):
            record = now.todo[i]
            narrow = self._skipped(now, record)
            fewest = busy.get(_line_of(record.key))
            # Cheap kinds are held back too: one item in ten thousand of them takes seconds
            # (a 7 s one beside its line's others was most of a run's late skips).
            if narrow or (
                (wave is None or hand_out_key(record.spec) <= wave)
                and (fewest is None or fewest > len(record.spec.patterns))
                and (value is None or record.spec.value == value)
                and len(held.runs.get(record.spec.value, ())) < share
                and _kin(record.spec) not in held.kin
            ):
                del now.todo[i]
                return record, narrow
        if now.in_flight:
            return None
        record = now.todo.pop()
        return record, self._skipped(now, record)

    def _record(self, now: _Session, message: tuple) -> None:
        """Store a worker's outcome and report the run's progress."""
        store, run_id = self.store, self.run_id
        _, key, outcome, seconds, result_text, error = message
        if key not in now.in_flight:
            return  # a late second report of a task re-run elsewhere: the first one stands
        now.in_flight.discard(key)
        self._tasks.pop(key, None)
        self._submissions.pop(key, None)
        if key in self._cancelling:
            self._cancelling.discard(key)
            if outcome == SpecStatus.PENDING and not self.engine.stopped():
                self._skip_cancelled(now, key, seconds)
                return
        elif outcome == SpecStatus.PENDING and not self.engine.stopped():
            self._handed_back_unrun(now, key)
            return
        result = json.loads(result_text) if result_text is not None else None
        if (
            outcome == SpecStatus.PENDING
        ):  # handed back: what the interrupted work said is no outcome
            store.finish(run_id, key, SpecStatus.PENDING, None)
            return
        kind = hand_out_key(self._pending[self._numbers[key]].spec)
        count, total, longest = self._kind_seconds.get(kind, (0, 0.0, 0.0))
        self._kind_seconds[kind] = (count + 1, total + seconds, max(longest, seconds))
        if outcome in (SpecStatus.DONE, SpecStatus.TIMEOUT):
            self.work_seconds += seconds
            if self._skipped(now, self._pending[self._numbers[key]]):
                self.late_skip_seconds += seconds
        elif outcome == SpecStatus.SKIPPED:
            self.work_seconds += seconds
        store.finish(run_id, key, outcome, seconds, result, error)
        now.done += 1
        now.session_done += 1
        now.found += rules_in(result)
        now.skips.add(key, result, pattern_sets=outcome in (SpecStatus.DONE, SpecStatus.SKIPPED))
        if rules_in(result) and now.in_flight:
            self._cancel_skippable(now)
        if self.progress is not None or self.on_snapshot is not None:
            elapsed = time.monotonic() - now.start
            rate = 60.0 * now.session_done / elapsed if elapsed > 0 else 0.0
            eta = (now.total - now.done) * 60.0 / rate if rate > 0 else None
            snapshot = RunSnapshot(
                now.done, now.total, now.found, rate, eta, key, outcome, self.engine.describe()
            )
            report_count(self.progress, now.done, now.total, snapshot.message())
            if self.on_snapshot is not None:
                self.on_snapshot(snapshot)

    def _skip_cancelled(self, now: _Session, key: str, seconds: float) -> None:
        """``key`` came back from a cancel by :meth:`_cancel_skippable`: what it ran was wasted;
        it is given the narrow work now, or finished as skipped."""
        self.work_seconds += seconds
        self.late_skip_seconds += seconds
        record = self._pending[self._numbers[key]]
        if self.narrow_work is not None:
            self._submit(now, record, True)
            return
        self.store.finish(self.run_id, key, SpecStatus.SKIPPED, None)
        now.done += 1

    def _handed_back_unrun(self, now: _Session, key: str) -> None:
        """``key`` came back unrun from a batch, a batch-mate's rule skipping it (that result came
        first): it is skipped now (given the narrow work, or finished as skipped), nothing
        wasted; should no rule known here skip it, it is handed out again."""
        record = self._pending[self._numbers[key]]
        if self._skipped(now, record):
            self._skip_cancelled(now, key, 0.0)
            return
        self.store.finish(self.run_id, key, SpecStatus.PENDING, None)
        self._attempts[key] -= 1  # it never ran
        now.todo.append(record)

    def _retry_lost(self, now: _Session) -> None:
        """A task whose worker died (a crash in native code, a killed process) is handed out
        again, up to :data:`MAX_ATTEMPTS` attempts; then it fails (``learn status`` names it)."""
        for number in self.engine.lost():
            record = self._pending[number]
            if record.key not in now.in_flight:
                continue
            now.in_flight.discard(record.key)
            self._tasks.pop(record.key, None)
            self._submissions.pop(record.key, None)
            self._cancelling.discard(record.key)
            if self._attempts[record.key] < MAX_ATTEMPTS:
                self.store.finish(self.run_id, record.key, SpecStatus.PENDING, None)
                now.todo.append(record)  # next to be handed out
            else:
                self.store.finish(
                    self.run_id, record.key, SpecStatus.FAILED, None, error=WORKER_DIED
                )
                now.done += 1
        self._feed(now)


def _kin(spec: Specification) -> tuple[int, str]:
    """A specification's value with its line's cells: the rule of another of the same value and
    cells often skips it."""
    return spec.value, spec.transition.before


def _line_of(key: str) -> str:
    """The line (hints and cells) of a specification's key (``3 1|-----|O0-3|h0,b`` → ``3
    1|-----``)."""
    return key.split("|", 2)[0] + "|" + key.split("|", 2)[1]


def run_specifications(store: JobStore, run_id: int, work: Work, **options: Any) -> RunStatus:
    """``Runner(store, run_id, work, **options).run()``."""
    return Runner(store, run_id, work, **options).run()
