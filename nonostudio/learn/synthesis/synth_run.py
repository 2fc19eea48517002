"""One synthesis run's budget, counters and outcome, shared by every step of rule synthesis.

A :class:`Run` polishes rules it is given (simplifying, widening: no specification); a
:class:`SpecRun` searches for a rule covering one specification and remembers its search
rounds.  Every step polls :meth:`Run.check`, which raises :class:`Stopped` once the budget ran
out or the caller cancelled; :class:`SynthResult` is what synthesis returns
(``docs/design/learning.md`` describes the whole pipeline).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from nonostudio.core.progress import StopCallback
from nonostudio.learn.mining.pool import Instances
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.synthesis.enumerate import DEFAULT_OPTIONS, SearchOptions
from nonostudio.rules.language.ast import Binding, Rule
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.printer import format_rule


class SynthStatus(StrEnum):
    """How a synthesis ended (stored in job results as these strings)."""

    FOUND = "found"
    EXHAUSTED = "exhausted"  # no rule in the search space
    TIMEOUT = "timeout"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class SynthResult:
    """A synthesis outcome: the rule found (if any), its cost, the time taken and the work done."""

    rule: Rule | None
    cost: int | None
    seconds: float
    candidates_tried: int
    status: SynthStatus
    prover_calls: int = 0
    proofs_given_up: int = 0  # proofs z3 had not finished in PROOF_SECONDS (rule not kept)
    # Proved rules of less general patterns that set more cells than ``rule`` on the check pool
    # (see climb.more_productive); they go to the rule-set optimisation with it.
    alternatives: tuple[Rule, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "rule": format_rule(self.rule) if self.rule else None,
            "cost": self.cost,
            "seconds": self.seconds,
            "candidates_tried": self.candidates_tried,
            "status": str(self.status),
            "prover_calls": self.prover_calls,
            "proofs_given_up": self.proofs_given_up,
        }
        if self.alternatives:
            out["rules"] = [format_rule(r) for r in self.alternatives]
        return out


@dataclass(frozen=True)
class Candidate:
    """A rule for one pattern set, the (line, cell) pairs it sets on the active pool and its
    cost (what :func:`nonostudio.learn.synthesis.candidates.search` ranks and a :class:`SpecRun`
    remembers)."""

    coverage: int
    cost: int
    rule: Rule


class Stopped(Exception):
    """The budget ran out or the caller cancelled."""


@dataclass
class Run:
    """A budget (``deadline`` on the monotonic clock, ``should_stop``), the proof bound
    ``max_length``, the search options, and the work counted so far."""

    deadline: float
    should_stop: StopCallback | None
    max_length: int
    options: SearchOptions = DEFAULT_OPTIONS  # the constructs searched, the weights ranked by
    candidates: int = 0
    prover_calls: int = 0
    proofs_given_up: int = 0  # proofs that ran out of PROOF_SECONDS
    started: float = field(default_factory=time.monotonic)

    @classmethod
    def for_budget(
        cls,
        budget_s: float,
        should_stop: StopCallback | None,
        max_length: int,
        options: SearchOptions = DEFAULT_OPTIONS,
    ) -> Run:
        """A run that may take ``budget_s`` seconds from now."""
        return cls(time.monotonic() + budget_s, should_stop, max_length, options)

    def stopped(self) -> bool:
        return time.monotonic() > self.deadline or bool(self.should_stop and self.should_stop())

    def check(self) -> None:
        """Raise :class:`Stopped` when the budget ran out or the caller cancelled."""
        if self.stopped():
            raise Stopped

    def stop_status(self) -> SynthStatus:
        """What ended the run once :class:`Stopped` was raised: the caller, or the budget."""
        if self.should_stop and self.should_stop():
            return SynthStatus.CANCELLED
        return SynthStatus.TIMEOUT


@dataclass
class SpecRun(Run):
    """A run searching for a rule covering ``spec``."""

    spec: Specification = field(kw_only=True)
    # A pattern set's search rounds, remembered for this specification (candidates.search): the
    # starting pool by pattern set, the ranked candidates by pattern set and pool lines.
    starts: dict[tuple[Binding, ...], Instances | None] = field(default_factory=dict)
    rounds: dict[tuple[Any, ...], list[Candidate]] = field(default_factory=dict)

    @classmethod
    def searching(
        cls,
        spec: Specification,
        budget_s: float,
        should_stop: StopCallback | None = None,
        max_length: int = 30,
        options: SearchOptions = DEFAULT_OPTIONS,
    ) -> SpecRun:
        """A run searching for ``spec``'s rule that may take ``budget_s`` seconds from now."""
        return cls(time.monotonic() + budget_s, should_stop, max_length, options, spec=spec)

    def result(
        self, rule: Rule | None, status: SynthStatus, alternatives: tuple[Rule, ...] = ()
    ) -> SynthResult:
        """The run's outcome, with its counters and the time since it started."""
        return SynthResult(
            rule,
            cost(rule, self.options.weights) if rule else None,
            time.monotonic() - self.started,
            self.candidates,
            status,
            self.prover_calls,
            self.proofs_given_up,
            alternatives,
        )
