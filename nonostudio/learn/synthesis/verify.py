"""The verification ladder: how synthesis judges a candidate rule, cheapest judge first.

A candidate is checked on every valid line of ≤ :data:`CHECK_LENGTH` cells (the check pool,
vectorised), then on every line of :data:`VERIFY_LENGTH` cells, then proved by z3 for lines up
to :data:`SHORT_PROOF_LENGTH` cells, and only then for every line up to the run's
``max_length``; a proof z3 has not finished in :data:`PROOF_SECONDS` (runs keyed by their first
cell, then by their last) is given up and the rule not kept.  The instance pools of every valid
line and the verdicts are remembered in the process (``docs/design/learning.md``, step 4).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from nonostudio.core.line import FILLED
from nonostudio.learn.mining.pool import Instances, PoolLine, all_states
from nonostudio.learn.synthesis.synth_run import Run, Stopped
from nonostudio.learn.synthesis.vector_eval import cond_truth, expr_values
from nonostudio.rules.language.ast import Binding, Rule
from nonostudio.rules.language.tidy import unpinned
from nonostudio.rules.proving.prover import ProofResult, ProofStrategy, prove

ACTIVE_LENGTH = 4  # every valid line up to this length starts the active pool
CHECK_LENGTH = 6  # candidates are checked on every valid line up to this length before z3
# ... and a rule about to be proved on every valid line of exactly this length (most
# refutations z3 gave were lines of 7 cells)
VERIFY_LENGTH = 7
# ... and then proved for lines up to this length before the proof up to ``max_length``
# (most rules z3 refutes fail on 8-10 cells, found there in a fraction of the time)
SHORT_PROOF_LENGTH = 10
# A proof z3 has not finished by then is given up (the rule is not kept).
PROOF_SECONDS = 15.0


def check_pool_failures(rule: Rule, check: Instances) -> tuple[list[int], int]:
    """Lines of the check pool where the rule fills wrongly, and how many (line, cell) pairs it
    sets there (its generality: docs/design/learning.md, "Synthesis", step 4)."""
    truth = cond_truth(rule.condition, check)
    value = FILLED if rule.action.value else 1 - FILLED
    s = expr_values(rule.action.start, check)
    e = expr_values(rule.action.end, check)
    wrong, productive = check.fill_status(value, s, e)
    bad = np.unique(check.line[truth & wrong]).tolist()
    return bad, check.new_cells(truth & productive, s, e)


# The instance pools of all_lines_instances, by length and pattern set:
POOLS: dict[int, dict[tuple[Binding, ...], Instances]] = {}
# pattern sets remembered, least recently used dropped first (check pools are big)
POOLS_KEPT = {ACTIVE_LENGTH: 256, CHECK_LENGTH: 64, VERIFY_LENGTH: 32}


def on_all_lines(rule: Rule, length: int, run: Run) -> tuple[Instances, list[int], int]:
    """The instances of ``rule``'s patterns on the lines of ``length`` (see
    :func:`all_lines_instances`) and :func:`check_pool_failures` there.  The rule is read
    :func:`unpinned`: the pools enumerate a unique's other elements only for arbitrary patterns."""
    rule = unpinned(rule)
    inst = all_lines_instances(rule.bindings, length, run)
    return (inst, *check_pool_failures(rule, inst))


def on_check_pool(rule: Rule, run: Run) -> tuple[list[int], int]:
    """:func:`check_pool_failures` of ``rule`` on the check pool of its own patterns."""
    _, bad, fired = on_all_lines(rule, CHECK_LENGTH, run)
    return bad, fired


def all_lines_instances(bindings: tuple[Binding, ...], length: int, run: Run) -> Instances:
    """The instances on every valid line up to ``length`` cells — :data:`ACTIVE_LENGTH` starts
    every active pool, :data:`CHECK_LENGTH` is the check pool — or of exactly
    :data:`VERIFY_LENGTH` cells, built once per pattern set and process, not once per search
    round or specification."""
    cache = POOLS.setdefault(length, {})
    inst = cache.pop(bindings, None)
    if inst is None:
        if len(cache) >= POOLS_KEPT[length]:
            del cache[next(iter(cache))]  # the least recently used
        lines = all_states(length)
        if length == VERIFY_LENGTH:
            lines = tuple(pl for pl in lines if pl.n == length)
        inst = Instances(bindings, list(lines), run.check)
    cache[bindings] = inst  # now the most recently used
    return inst


def refuting_lines(rule: Rule, run: Run) -> list[PoolLine]:
    """Up to eight lines of :data:`VERIFY_LENGTH` cells on which ``rule`` fills wrongly.

    Called on rules that passed the check pool, just before z3 would be asked: finding the
    refutation here takes milliseconds once the pattern set's lines are built, a refuted proof
    about half a second.
    """
    inst, bad, _ = on_all_lines(rule, VERIFY_LENGTH, run)
    return [inst.lines[i] for i in bad[:8]]


# Finished verdicts by rule body and length, with the seconds a given-up proof had (None when
# z3 settled it): a proof given up in less time than a later caller allows is tried again.
PROOFS: dict[tuple[Any, ...], tuple[ProofResult, float | None]] = {}


def proved(rule: Rule, run: Run, seconds: float | None = None) -> ProofResult:
    """:func:`verdict` without the refuting lines."""
    return verdict(rule, run, seconds)[0]


def _ask_z3(
    rule: Rule, length: int, run: Run, seconds: float, by_end: bool | None = None
) -> ProofResult:
    """One prover query, counted in ``run``: ``rule`` on every line up to ``length`` cells, given
    up (``sound`` None) after ``seconds``; raises :class:`Stopped` when the run stopped it."""
    run.prover_calls += 1
    cap = time.monotonic() + seconds
    strategy = ProofStrategy(at_once=True, fast=True, by_end=by_end)
    result = prove(
        rule, length, strategy=strategy, should_stop=lambda: run.stopped() or time.monotonic() > cap
    )
    if result.sound is None and run.stopped():
        raise Stopped
    return result


def verdict(
    rule: Rule, run: Run, seconds: float | None = None
) -> tuple[ProofResult, list[PoolLine]]:
    """The prover's verdict (with the lines of :data:`VERIFY_LENGTH` cells that refuted the rule
    without z3, if any) on ``rule`` (finished verdicts are remembered by the rule's
    patterns, condition and fill, so a rule met again for another specification is not re-proved
    in this process).

    A rule that fills wrongly on a line of :data:`VERIFY_LENGTH` cells is refuted without z3.
    A proof gets at most ``seconds`` (:data:`PROOF_SECONDS` unless the caller says): a rule z3
    cannot settle in that time (``unique`` conditions can take minutes) is given up like a
    refuted one — it is not kept, and the search moves to the next candidate instead of spending
    the specification's whole budget on it.
    """
    seconds = PROOF_SECONDS if seconds is None else seconds
    key = (rule.bindings, rule.condition, rule.action, run.max_length)
    known = PROOFS.get(key)
    if known is not None and (known[1] is None or known[1] >= seconds):
        return known[0], []
    refuting = refuting_lines(rule, run) if run.max_length >= VERIFY_LENGTH else []
    given_up: float | None = None
    short = None
    if not refuting and run.max_length > SHORT_PROOF_LENGTH:
        # Most rules z3 refutes fail on a line of 8-10 cells: asked about lines up to
        # SHORT_PROOF_LENGTH cells first, z3 finds it in a fifteenth of the time.
        short = _ask_z3(rule, SHORT_PROOF_LENGTH, run, seconds)
    if refuting:
        result = ProofResult(rule.name, False, run.max_length, 0.0)  # no need to ask z3
    elif short is not None and short.sound is False:
        result = ProofResult(short.rule, False, run.max_length, short.seconds, short.counterexample)
    else:
        # One query for every length at once: about ten times faster than one per length on
        # the rules learning meets, and a worker process per core already fills the machine.
        # The fast solver: on learning's queries it is faster and gives up fewer proofs at
        # PROOF_SECONDS (docs/design/prover.md).  Runs keyed by their first cell, then, if
        # z3 has not finished in ``seconds``, once more keyed by their last cell: the six proofs
        # given up on specification 1 1 1|---x--|O2-3|h1,g0 are sound and take 16-32 s keyed by
        # start, 10-14 s keyed by end (it took 96 s and ended at the constant level; now 32 s,
        # arbitrary patterns), while replaying 500 specifications of a run took the same time.
        for by_end in (False, True):
            result = _ask_z3(rule, run.max_length, run, seconds, by_end)
            if result.sound is not None:
                break
        if result.sound is None:
            run.proofs_given_up += 1  # remembered below as not proved: not tried again here
            result = ProofResult(result.rule, False, result.max_length, result.seconds)
            given_up = seconds
    if len(PROOFS) > 4096:
        PROOFS.clear()
    PROOFS[key] = (result, given_up)
    return result, refuting
