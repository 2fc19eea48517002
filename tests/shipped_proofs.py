"""The shipped rules' proofs, run beside the rest of the test session (most of its CPU time).

Proving every shipped rule sound up to 30 cells takes several minutes of z3 time, while the rest
of the suite runs in one process and leaves the second core idle.  So the proofs start as soon as
the tests are collected (:func:`start`, from ``conftest.py``), with one worker process less than
there are cores, and the rules' tests, which ``conftest.py`` moves to the end of the session,
widen that to one worker per core (:meth:`Proofs.verdicts`) and read each verdict.  In a run on
several xdist workers (``-n 2 --dist loadgroup``, as CI runs) the other tests keep every core busy
already: the rules' tests are one ``xdist_group``, which the scheduler hands out first (the
largest), and the worker that runs them starts the proofs on every core (:func:`proofs`).

Nothing is cached: each worker reads the rule text from ``resources/rules/`` and proves it afresh
(one query for all lengths, ``at_once``), so a change to a rule or to the prover is seen by the
next run.  Each is proved the way the build's proof record names for it (a faster solver or
keying, measured per rule: ``docs/design/prover.md``; every way is a complete prover) while the
rule's text is the one recorded, else the default way (``AT_ONCE``).  Workers are spawned,
inheriting no z3 state from the test process.  Rules whose bodies are the same text
(:func:`body`: a concise rule that is a learned one under its own name) are proved once, and that
verdict is each one's.  The longest proofs start first (ranked by the seconds the build's proof
record holds for each rule, :func:`_slow_first`).
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import threading
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nonostudio.rules.language.ast import Rule

Key = tuple[str, int]  # a shipped set's name and a rule's index in it
Verdict = tuple[str, bool | None, str]  # the rule's name, sound, the counterexample
Proved = tuple[str, bool | None, str]  # the body proved, sound, the counterexample
MAX_LENGTH = 30


def body(rule: Rule) -> str:
    """The rule's canonical text (the printer's form) under a placeholder name: what the prover
    proves, so two rules with the same body need one proof."""
    from nonostudio.rules.language.printer import format_rule

    return format_rule(dataclasses.replace(rule, name="rule"))


_SETS: dict[str, tuple[Rule, ...]] = {}


def _rule(key: Key) -> Rule:
    """Rule ``key`` as the test process read its set (once a session)."""
    from nonostudio.rules.ruleset import load_rule_set

    if key[0] not in _SETS:
        _SETS[key[0]] = tuple(load_rule_set(key[0]).rules)
    return _SETS[key[0]][key[1]]


def prove_shipped(name: str, index: int, max_length: int = MAX_LENGTH) -> Proved:
    """In a worker: read rule ``index`` of the shipped set ``name`` afresh and prove it up to
    ``max_length`` cells, the way the record names for it (``proof_record.proof_strategy``);
    returns the body proved with the verdict."""
    from nonostudio.rules.proving.proof_record import proof_strategy
    from nonostudio.rules.proving.prover import prove
    from nonostudio.rules.ruleset import load_rule_set

    rule = load_rule_set(name).rules[index]
    result = prove(rule, max_length, strategy=proof_strategy(name, rule))
    return body(rule), result.sound, str(result.counterexample or "")


def distinct(keys: Sequence[Key]) -> dict[Key, list[Key]]:
    """``keys`` grouped by their rules' bodies: the first key of each body (in the order given)
    maps to every key with that body, itself first."""
    first: dict[str, Key] = {}
    groups: dict[Key, list[Key]] = {}
    for key in keys:
        groups.setdefault(first.setdefault(body(_rule(key)), key), []).append(key)
    return groups


def verdict_of(key: Key, proved: Proved | BaseException) -> Verdict | BaseException:
    """Rule ``key``'s verdict from the proof of its body (or the exception that proof raised):
    named as the rule is, and an error if the body proved is not this rule's."""
    if isinstance(proved, BaseException):
        return proved
    rule = _rule(key)
    text, sound, counterexample = proved
    if text != body(rule):
        return AssertionError(f"{key[0]} {rule.name}: the proof was of another rule:\n{text}")
    return rule.name, sound, counterexample


class Proofs:
    """The proofs of ``keys``, one per distinct body, fed to a pool of worker processes in the
    order given, at most ``first_slots`` at a time until :meth:`verdicts` is asked for, then one
    per core."""

    def __init__(
        self, keys: Sequence[Key], first_slots: int, all_slots: int, max_length: int = MAX_LENGTH
    ) -> None:
        self.keys = list(keys)
        self.groups = distinct(self.keys)
        self.max_length = max_length
        self._slots = first_slots
        self._all_slots = all_slots
        self._running = 0
        self._results: dict[Key, Proved | BaseException] = {}
        self._changed = threading.Condition()
        self._pool = multiprocessing.get_context("spawn").Pool(all_slots)
        self._closed = False
        self._feeder = threading.Thread(target=self._feed, name="shipped-proofs", daemon=True)
        self._feeder.start()

    def _feed(self) -> None:
        for key in self.groups:
            with self._changed:
                while self._running >= self._slots and not self._closed:
                    self._changed.wait()
                if self._closed:
                    return
                self._running += 1
                self._pool.apply_async(
                    prove_shipped,
                    (*key, self.max_length),
                    callback=partial(self._done, key),
                    error_callback=partial(self._done, key),
                )

    def _done(self, key: Key, outcome: Proved | BaseException) -> None:
        with self._changed:
            self._results[key] = outcome
            self._running -= 1
            self._changed.notify_all()

    def verdicts(self) -> dict[Key, Verdict | BaseException]:
        """Every key's verdict (or the exception its proof raised), once all are proved; from
        the call on, the proofs use every core."""
        with self._changed:
            self._slots = self._all_slots
            self._changed.notify_all()
            while len(self._results) < len(self.groups):
                self._changed.wait()
            proved = dict(self._results)
        return {
            key: verdict_of(key, proved[first])
            for first, keys in self.groups.items()
            for key in keys
        }

    def threads(self) -> list[threading.Thread]:
        """The threads these proofs run in this process (the feeder and the pool's handlers):
        long-lived by design, not leaked by the test that happens to be running."""
        pool = self._pool
        handlers = [
            getattr(pool, name, None)
            for name in ("_worker_handler", "_task_handler", "_result_handler")
        ]
        return [self._feeder, *(t for t in handlers if isinstance(t, threading.Thread))]

    def pids(self) -> set[int]:
        """The process ids of the pool's workers (long-lived by design, like :meth:`threads`)."""
        return {p.pid for p in getattr(self._pool, "_pool", []) if p.pid is not None}

    def close(self) -> None:
        """Stop feeding and end the workers, proofs still running included."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        self._pool.terminate()
        self._pool.join()
        self._feeder.join()


_RUNNING: Proofs | None = None


def _slow_first(keys: Sequence[Key]) -> list[Key]:
    """``keys`` longest proof first, so that no long proof starts last: a rule the build's proof
    record (``resources/rules/proofs.json``) holds with its current text is ranked by the seconds
    recorded for it; a rule it lacks (new or changed: its time unknown) comes before them all.
    Only the order comes from the record: every rule is still proved afresh."""
    from nonostudio.rules.proving.proof_record import recorded_proof

    def estimate(key: Key) -> float:
        proof = recorded_proof(key[0], _rule(key))
        return float("inf") if proof is None else proof.seconds

    return sorted(keys, key=lambda key: (-estimate(key), key))


def other_workers() -> bool:
    """True in one of several pytest-xdist workers (``-n 2``): every worker collects every test,
    and the tests themselves keep each core busy."""
    return int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1


def start(keys: Sequence[Key]) -> Proofs | None:
    """Start proving ``keys`` in the background, slow ones first, as the tests are collected
    (once a session; later calls return the proofs already started).  Not in one of several
    xdist workers: there the worker that runs the shipped rules' tests (one ``xdist_group``)
    starts them when its ``verdicts`` fixture asks (:func:`proofs`), and the other cores are
    already busy with tests."""
    if _RUNNING is None and other_workers():
        return None
    return proofs(keys)


def proofs(keys: Sequence[Key]) -> Proofs:
    """The proofs of ``keys``, started now on every core if :func:`start` did not start them."""
    global _RUNNING
    if _RUNNING is None:
        cores = os.cpu_count() or 1
        first = max(2, cores) if other_workers() else max(1, cores - 1)
        _RUNNING = Proofs(_slow_first(keys), first, max(2, cores))
    return _RUNNING


def session_threads() -> list[threading.Thread]:
    """The threads of the proofs :func:`start` began, if any."""
    return [] if _RUNNING is None else _RUNNING.threads()


def session_pids() -> set[int]:
    """The worker processes of the proofs :func:`start` began, if any."""
    return set() if _RUNNING is None else _RUNNING.pids()


def stop() -> None:
    """End the background proofs, if any were started."""
    global _RUNNING
    if _RUNNING is not None:
        _RUNNING.close()
        _RUNNING = None
