"""What the job store holds and reports, apart from the store itself: specification and run
statuses (stored as their strings), the records read back (:class:`RunInfo`, :class:`SpecRecord`,
:class:`RunStatus`), the rules a stored result reports, and a run's settings in words.  Split from
:mod:`nonostudio.learn.store.jobs`, which re-exports every name here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.synthesis.enumerate import SearchOptions

_FAILURES_SHOWN = 20  # failed specifications listed by RunStatus.lines

# A specification whose worker died under it is handed out again, up to this many attempts in
# all (an item that kills every worker it touches then fails with WORKER_DIED as its error); a
# resume retries one that failed so after fewer attempts (an older nonostudio failed it at once).
MAX_ATTEMPTS = 3
WORKER_DIED = "worker process died"


class SpecStatus(StrEnum):
    """A specification's status (stored as these strings)."""

    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"  # the work raised
    TIMEOUT = "timeout"  # over its budget
    SKIPPED = "skipped"  # covered already (or searched narrowly instead)


class RunState(StrEnum):
    """A run's status (stored as these strings, but for ``interrupted``)."""

    PENDING = "pending"
    RUNNING = "running"
    CANCELLED = "cancelled"
    FINISHED = "finished"
    # Never stored: a run stored as running whose process has died (its lock is free).
    INTERRUPTED = "interrupted"


SPEC_STATUSES = tuple(SpecStatus)
FINISHED = (SpecStatus.DONE, SpecStatus.FAILED, SpecStatus.TIMEOUT, SpecStatus.SKIPPED)
RUN_STATUSES = tuple(RunState)


def rule_texts(result: Any) -> list[str]:
    """The rules a work result reports: its ``rule`` entry if any, then its ``rules`` list (a
    synthesis result's more productive alternatives); none for anything but a result object (a
    malformed stored result reports no rule)."""
    if not isinstance(result, dict):
        return []
    found = [result["rule"]] if isinstance(result.get("rule"), str) else []
    return found + [r for r in result.get("rules") or () if isinstance(r, str)]


def rules_in(result: dict[str, Any] | None) -> int:
    """How many rules a work result reports: its ``rules`` list plus one for a ``rule`` entry."""
    return len(rule_texts(result))


@dataclass(frozen=True)
class RunInfo:
    id: int
    settings: dict[str, Any]
    created: float
    status: RunState
    total: int


@dataclass(frozen=True)
class SpecRecord:
    key: str
    group: str
    spec: Specification
    status: SpecStatus
    seconds: float | None
    attempts: int
    result: dict[str, Any] | None
    error: str | None


@dataclass(frozen=True)
class RunStatus:
    """What ``learn status`` prints: counts by status, timings of finished work, budget hits."""

    run_id: int
    total: int
    counts: dict[str, int] = field(default_factory=dict)
    rules_found: int = 0
    median_seconds: float | None = None
    p95_seconds: float | None = None
    work_seconds: float = 0.0
    failures: tuple[tuple[str, str], ...] = ()  # (key, why) of every failed specification

    @property
    def finished(self) -> int:
        return sum(self.counts.get(s, 0) for s in FINISHED)

    @property
    def budget_hits(self) -> int:
        return self.counts.get(SpecStatus.TIMEOUT, 0)

    def lines(self) -> list[str]:
        """Human-readable summary, one fact per line."""
        by_status = ", ".join(f"{s} {self.counts.get(s, 0)}" for s in SPEC_STATUSES)
        out = [
            f"run {self.run_id}: {self.finished}/{self.total} specifications finished",
            f"  {by_status}",
            f"  rules found {self.rules_found}; budget hits {self.budget_hits}",
        ]
        if self.median_seconds is not None:
            out.append(
                f"  seconds per specification: median {self.median_seconds:.3f}, "
                f"p95 {self.p95_seconds:.3f}, total {self.work_seconds:.1f}"
            )
        shown = self.failures[:_FAILURES_SHOWN]
        out += [f"  failed {key}: {why}" for key, why in shown]
        if len(self.failures) > len(shown):
            out.append(f"  … and {len(self.failures) - len(shown)} more failed")
        return out


def settings_summary(settings: Mapping[str, object]) -> str:
    """A run's settings in a few words, e.g. ``lines ≤ 7, ≤ 3 patterns, sample 200, 60 s`` (and
    its search options when they are not the defaults, and the run's narrowing choices)."""
    parts = [
        f"lines ≤ {settings.get('max_length', '?')}",
        f"≤ {settings.get('max_patterns', '?')} patterns",
    ]
    if settings.get("sample"):
        parts.append(f"sample {settings['sample']}")
    if "budget_s" in settings:
        parts.append(f"{settings['budget_s']:g} s")
    if search := search_text(settings):
        parts.append(search)
    if settings.get("three_first"):
        parts.append("of three patterns only the first hint, block and gap")
    if settings.get("three_narrow") and settings.get("narrow", True):
        parts.append("three patterns at the constant level only")
    if settings.get("narrow") is False:
        parts.append("no constant-level search of skipped specifications")
    return ", ".join(parts)


def search_text(settings: Mapping[str, Any], *, why: bool = False) -> str:
    """A run's search options in words ("" for the defaults): "without unique; cost weights …",
    or "unreadable search options" (``why``: and what is wrong with them)."""
    try:
        return SearchOptions.from_json(settings.get("search")).describe()
    except ValueError as exc:
        return f"unreadable search options ({exc})" if why else "unreadable search options"
