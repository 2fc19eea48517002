"""The shipped rules' proofs, run beside the rest of the test session (most of its CPU time).

Proving every shipped rule sound up to 30 cells takes several minutes of z3 time, while the rest
of the suite runs in one process and leaves the second core idle.  So the proofs start as soon as
the tests are collected (:func:`start`, from ``conftest.py``), with one worker process less than
there are cores, and the rules' tests, which ``conftest.py`` moves to the end of the session,
widen that to one worker per core (:meth:`Proofs.verdicts`) and read each verdict.

Nothing is cached: each worker reads the rule text from ``resources/rules/`` and proves it afresh
(one query for all lengths, ``at_once``), so a change to a rule or to the prover is seen by the
next run.  Workers are spawned, inheriting no z3 state from the test process.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Sequence
from functools import partial

Key = tuple[str, int]  # a shipped set's name and a rule's index in it
Verdict = tuple[str, bool | None, str]  # the rule's name, sound, the counterexample


def _verdict(name: str, index: int) -> Verdict:
    """In a worker: read rule ``index`` of the shipped set ``name`` and prove it up to 30 cells."""
    from nonostudio.rules.prover import AT_ONCE, prove
    from nonostudio.rules.ruleset import load_rule_set

    rule = load_rule_set(name).rules[index]
    result = prove(rule, 30, strategy=AT_ONCE)
    return rule.name, result.sound, str(result.counterexample or "")


class Proofs:
    """The proofs of ``keys``, fed to a pool of worker processes in the order given, at most
    ``first_slots`` at a time until :meth:`verdicts` is asked for, then one per core."""

    def __init__(self, keys: Sequence[Key], first_slots: int, all_slots: int) -> None:
        self.keys = list(keys)
        self._slots = first_slots
        self._all_slots = all_slots
        self._running = 0
        self._results: dict[Key, Verdict | BaseException] = {}
        self._changed = threading.Condition()
        self._pool = multiprocessing.get_context("spawn").Pool(all_slots)
        self._closed = False
        threading.Thread(target=self._feed, name="shipped-proofs", daemon=True).start()

    def _feed(self) -> None:
        for key in self.keys:
            with self._changed:
                while self._running >= self._slots and not self._closed:
                    self._changed.wait()
                if self._closed:
                    return
                self._running += 1
                self._pool.apply_async(_verdict, key, callback=partial(self._done, key),
                                       error_callback=partial(self._done, key))

    def _done(self, key: Key, outcome: Verdict | BaseException) -> None:
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
            while len(self._results) < len(self.keys):
                self._changed.wait()
            return dict(self._results)

    def close(self) -> None:
        """Stop feeding and end the workers, proofs still running included."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()
        self._pool.terminate()
        self._pool.join()


_RUNNING: Proofs | None = None


def _slow_first(keys: Sequence[Key]) -> list[Key]:
    """``keys`` with the rules that say ``unique`` (the slow proofs) first, so that no long proof
    starts last."""
    from nonostudio.rules.ast import Unique, walk
    from nonostudio.rules.ruleset import load_rule_set

    rules = {name: load_rule_set(name).rules for name in {name for name, _ in keys}}

    def fast(key: Key) -> bool:
        rule = rules[key[0]][key[1]]
        return not any(isinstance(c, Unique) for c in walk(rule.condition))

    return sorted(keys, key=lambda key: (fast(key), key))


def start(keys: Sequence[Key]) -> Proofs:
    """Start proving ``keys`` in the background, slow ones first (once a session; later calls
    return the proofs already started)."""
    global _RUNNING
    if _RUNNING is None:
        cores = os.cpu_count() or 1
        _RUNNING = Proofs(_slow_first(keys), max(1, cores - 1), max(2, cores))
    return _RUNNING


def stop() -> None:
    """End the background proofs, if any were started."""
    global _RUNNING
    if _RUNNING is not None:
        _RUNNING.close()
        _RUNNING = None
