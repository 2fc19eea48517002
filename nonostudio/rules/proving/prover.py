"""The soundness prover: a rule is sound for lines up to L cells, or here is a line it gets wrong.

Soundness (docs/rule-language.md §3) is negated into one existential query per line length
``n ≤ L`` (see :mod:`nonostudio.rules.proving.symbolic`), or one query for every length at once; a
model is a counterexample, replayed with the concrete interpreter and the exact line solver before
it is returned (one they do not confirm is a bug in the encoding and raises :class:`ProverError`).
How the query is asked is a :class:`ProofStrategy`; why each way exists and what it costs is in
``docs/design/prover.md``.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import z3

from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.z3threads import interrupt, new_context
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.proving.prover_z3 import (
    Counterexample,
    GaveUp,
    ProverError,
    confirm,
    fast_solver,
    keyed_by_end,
    refute,
)
from nonostudio.rules.proving.symbolic import SymbolicLine, sym_rule

__all__ = [
    "AT_ONCE",
    "PER_LENGTH",
    "Counterexample",
    "ProofResult",
    "ProofStrategy",
    "ProverError",
    "fast_solver",
    "keyed_by_end",
    "prove",
]


@dataclass(frozen=True)
class ProofResult:
    """The verdict on one rule: ``sound`` True (proved), False (see ``counterexample``) or None
    (interrupted before a verdict)."""

    rule: str
    sound: bool | None
    max_length: int
    seconds: float
    counterexample: Counterexample | None = None


@dataclass(frozen=True)
class ProofStrategy:
    """How the prover asks z3 (``docs/design/prover.md`` has the measurements behind each way).

    ``at_once``: one query for every length up to the bound (the symbolic line has a length
    variable) instead of one query per length; while a counterexample is found the query is
    repeated below its length, so the shortest is returned either way.  ``fast``: the query at
    once goes to :func:`fast_solver` instead of z3's default solver (it applies to ``at_once``
    only).  ``by_end``: the line's runs keyed by their last cell (True) or their first (False);
    None lets :func:`keyed_by_end` choose by what the rule mentions.
    """

    at_once: bool = False
    fast: bool = False
    by_end: bool | None = None

    def keyed_by_end(self, rule: Rule) -> bool:
        """Whether ``rule``'s proof keys the line's runs by their last cell."""
        return keyed_by_end(rule) if self.by_end is None else self.by_end


PER_LENGTH = ProofStrategy()  # one query per length, in worker threads, with progress per length
AT_ONCE = ProofStrategy(at_once=True)  # one query for every length (progress only at the end)


def prove(
    rule: Rule,
    max_length: int = 30,
    *,
    strategy: ProofStrategy = PER_LENGTH,
    should_stop: StopCallback | None = None,
    progress: ProgressCallback | None = None,
    threads: int | None = None,
) -> ProofResult:
    """Prove ``rule`` sound on every valid line of 1 … ``max_length`` cells, or refute it.

    The lengths are queried by ``threads`` worker threads (default: up to two, one z3 context
    each; z3 releases the GIL, and the longest lengths dominate), and the shortest counterexample
    is returned.  Callers that already run one proof per core (learning workers) pass
    ``threads=1``.  ``should_stop`` is polled by a watcher thread, which interrupts z3 (the result
    then has ``sound=None``); ``progress(fraction, message)`` (:mod:`nonostudio.core.progress`) is
    called, in the calling thread, with 0 at the start and with ``n / max_length`` ("proved for
    lines up to n of max_length cells") each time every length up to ``n`` is proved (at once:
    only at the end, when sound).  ``strategy``: how the query is asked (:class:`ProofStrategy`;
    ``threads`` applies to the per-length form only).
    """
    began = time.perf_counter()
    threads = max(1, min(threads or min(2, os.cpu_count() or 1), max_length))

    def result(sound: bool | None, ce: Counterexample | None = None) -> ProofResult:
        return ProofResult(rule.name, sound, max_length, time.perf_counter() - began, ce)

    keyed = strategy.keyed_by_end(rule)
    if progress is not None:
        progress(0.0, f"proving for lines up to {max_length} cells")
    if strategy.at_once:
        sound, ce = _prove_at_once(rule, max_length, should_stop, strategy.fast, by_end=keyed)
        if sound:
            report_count(progress, max_length, max_length, _proved_up_to(max_length, max_length))
        return result(sound, ce)
    return _PerLength(rule, max_length, keyed, threads).prove(should_stop, progress, result)


_Outcome = Counterexample | None | BaseException  # a length's refutation, proof or failure


class _PerLength:
    """One proof asked one length at a time: worker threads (one z3 context each) take the
    lengths shortest first, and stop taking those at or above a counterexample found; the
    calling thread reads their outcomes in order of length."""

    def __init__(self, rule: Rule, max_length: int, keyed: bool, threads: int) -> None:
        self.rule, self.max_length, self.keyed = rule, max_length, keyed
        self.contexts = [new_context() for _ in range(threads)]
        self.stopped = threading.Event()
        self.lock = threading.Lock()
        self.pending = list(range(max_length, 0, -1))  # popped from the end: shortest first
        self.shortest = max_length + 1  # lengths at or above a known counterexample: not needed
        self.outcomes: queue.Queue[tuple[int, _Outcome]] = queue.Queue()

    def work(self, ctx: z3.Context) -> None:
        """A worker: refute lengths until none is left, a shorter one is refuted, or a stop."""
        while not self.stopped.is_set():
            with self.lock:
                if not self.pending or self.pending[-1] >= self.shortest:
                    return
                n = self.pending.pop()
            try:
                found: _Outcome = refute(self.rule, ctx, n, self.keyed)
            except BaseException as exc:  # handed to the calling thread, which decides
                found = exc
            if isinstance(found, Counterexample):
                with self.lock:
                    self.shortest = min(self.shortest, n)
            self.outcomes.put((n, found))

    def prove(
        self,
        should_stop: StopCallback | None,
        progress: ProgressCallback | None,
        result: Callable[[bool | None, Counterexample | None], ProofResult],
    ) -> ProofResult:
        """The verdict, read while the workers and a watcher of ``should_stop`` run; they all
        end (z3 contexts interrupted, threads joined) however it ends."""
        done = threading.Event()
        watcher = _watch(should_stop, self.contexts, self.stopped, done)
        workers = [
            threading.Thread(target=self.work, args=(ctx,), name=f"prover-{i}", daemon=True)
            for i, ctx in enumerate(self.contexts)
        ]
        for w in workers:
            w.start()
        try:
            return self._verdict(workers, progress, result)
        finally:
            self.stopped.set()  # let the workers drain
            for ctx in self.contexts:
                interrupt(ctx)
            done.set()
            for w in workers:
                w.join()
            watcher.join()

    def _verdict(
        self,
        workers: list[threading.Thread],
        progress: ProgressCallback | None,
        result: Callable[[bool | None, Counterexample | None], ProofResult],
    ) -> ProofResult:
        """The outcomes in order of length: the first refuted length's counterexample, sound
        once every length is proved, None when stopped or when the workers ended short."""
        results: dict[int, _Outcome] = {}
        proved = 0  # every length up to here is proved
        while proved < self.max_length:
            if all(not w.is_alive() for w in workers) and self.outcomes.empty():
                break
            try:
                n, found = self.outcomes.get(timeout=0.05)
            except queue.Empty:
                continue
            results[n] = found
            while proved + 1 in results:
                outcome = results[proved + 1]
                if isinstance(outcome, BaseException):
                    self._raise(outcome, proved + 1)
                    return result(None, None)
                if outcome is not None:
                    return result(False, outcome)
                proved += 1
                report_count(
                    progress, proved, self.max_length, _proved_up_to(proved, self.max_length)
                )
        return result(None if self.stopped.is_set() or proved < self.max_length else True, None)

    def _raise(self, failure: BaseException, n: int) -> None:
        """Raise a worker's failure at ``n`` cells (z3 giving up as :class:`ProverError`);
        return when that was the proof being stopped."""
        if self.stopped.is_set() and isinstance(failure, z3.Z3Exception | GaveUp):
            return
        if isinstance(failure, z3.Z3Exception | GaveUp):
            raise ProverError(
                f"z3 gave up on {self.rule.name} at {n} cells: {failure}"
            ) from failure
        raise failure


def _proved_up_to(n: int, max_length: int) -> str:
    return f"proved for lines up to {n} of {max_length} cells"


def _watch(
    should_stop: Callable[[], bool] | None,
    contexts: list[z3.Context],
    stopped: threading.Event,
    done: threading.Event,
) -> threading.Thread:
    """A started thread that polls ``should_stop`` until ``done``; when it says stop, it sets
    ``stopped`` and interrupts every z3 context, again every 50 ms until ``done`` (an interrupt
    that arrives while a query is still being built, before z3 runs, is otherwise lost)."""

    def watch() -> None:
        while True:
            if not stopped.is_set() and should_stop is not None and should_stop():
                stopped.set()
            if stopped.is_set():
                for ctx in contexts:
                    interrupt(ctx)
            if done.wait(0.05):
                return

    watcher = threading.Thread(target=watch, name="prover-watch", daemon=True)
    watcher.start()
    return watcher


def _prove_at_once(
    rule: Rule,
    max_length: int,
    should_stop: Callable[[], bool] | None,
    fast: bool = False,
    *,
    by_end: bool = False,
) -> tuple[bool | None, Counterexample | None]:
    """One query for every length up to ``max_length`` (the symbolic line's ``any_length``
    form), then, while it finds counterexamples, the same query below the last one's length:
    the verdict and the shortest counterexample, or ``(None, None)`` when stopped.  ``by_end``
    keys the line's runs by their last cell
    (:class:`~nonostudio.rules.proving.symbolic.SymbolicLine`)."""
    ctx = new_context()
    done = threading.Event()
    stopped = threading.Event()
    watcher = _watch(should_stop, [ctx], stopped, done)
    try:
        line = SymbolicLine(ctx, max_length, any_length=True, by_end=by_end)
        encoded = sym_rule(rule, line)
        solver = fast_solver(ctx) if fast else z3.Solver(ctx=ctx)
        solver.add(encoded.applies, encoded.wrong())
        shortest: Counterexample | None = None
        while True:
            if stopped.is_set():
                return None, None
            try:
                answer = solver.check()
            except z3.Z3Exception:
                if stopped.is_set():
                    return None, None
                raise
            if answer == z3.unsat:
                return shortest is None, shortest
            if answer != z3.sat:
                if stopped.is_set():
                    return None, None
                raise ProverError(
                    f"z3 gave up on {rule.name} up to {max_length} cells: {solver.reason_unknown()}"
                )
            try:
                shortest = confirm(rule, encoded, solver.model())
            except z3.Z3Exception:
                # Interrupted while the model was read: a stop, like one during the check.
                if stopped.is_set():
                    return None, None
                raise
            solver.add(line.length < len(shortest.cells))
    finally:
        done.set()
        watcher.join()
