"""Mastery per technique from a player's events: drill answers and, from solving by hand,
moves, hint rungs and mistakes, each attributed to a technique.

An event is an outcome (1 right, 0 wrong; a hint rung counts as partly wrong, the more so the
deeper the rung) and a time.  A technique's level is the outcome's recency-weighted mean with a
prior of :data:`PRIOR_WEIGHT` events at 0.5 (no event: 0.5; one right answer: 0.62, two 0.69,
three 0.74, the first to reach :data:`MASTERED`); its trend is the level over the later
half of its events minus the level over the earlier half.

The prior's weight is what keeps "mastered" from being said on too little evidence: with a prior
of one event, one right answer was 0.75 and counted as mastered, and in the simulated learners of
``tests/benchmarks/bench_tutor.py`` a technique answered by guessing was called mastered at some
point in 45 % of cases; with three, a known technique is mastered after its third right answer
and a guessed one rarely is (the figures are in docs/design/tutor.md).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import median

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES
from nonostudio.core.library.profiles import ProfileEvent

PRIOR_WEIGHT = 3.0
"""The prior's weight, in events at 0.5: no level reaches :data:`MASTERED` with fewer than three
events scoring 1 (two alone are 0.69; any other event, scoring at most 0.4, lowers it), and three
right answers alone do (0.74)."""
DECAY = 0.9
"""Each older event weighs this much of the one after it."""
MASTERED = 0.7
"""The level from which a technique counts as mastered."""
RUNGS = 5
"""The hint ladder's rungs (0 = where … 4 = apply)."""


@dataclass(frozen=True)
class Outcome:
    """One attributed event: the technique, 0..1 how well it went, seconds taken (None: not
    timed), and ``source`` ("drill" or "solve")."""

    technique: str
    score: float
    seconds: float | None = None
    source: str = "drill"


def hint_score(rung: int) -> float:
    """A hint's outcome: asking where to look (rung 0) costs less than being shown the move."""
    return 0.5 * (1 - (rung + 1) / RUNGS) if 0 <= rung < RUNGS else 0.0


@dataclass(frozen=True)
class Mastery:
    """One technique's standing: level 0..1, trend (later minus earlier), events, the median
    seconds of its timed events (None: none) and whether it counts as mastered."""

    technique: str
    level: float
    trend: float
    events: int
    seconds: float | None
    weight: float = PRIOR_WEIGHT
    """The evidence behind the level: the prior's weight plus the events' (recency) weights."""

    @property
    def mastered(self) -> bool:
        """The level has reached :data:`MASTERED` (which the prior lets no fewer than three
        right answers or moves do)."""
        return self.level >= MASTERED

    def to_json(self) -> dict[str, object]:
        return {
            "technique": self.technique,
            "level": round(self.level, 3),
            "trend": round(self.trend, 3),
            "events": self.events,
            "seconds": None if self.seconds is None else round(self.seconds, 2),
            "mastered": self.mastered,
        }


def _weighed(scores: Sequence[float]) -> tuple[float, float]:
    weight, total = PRIOR_WEIGHT, PRIOR_WEIGHT * 0.5
    w = 1.0
    for s in reversed(scores):
        weight += w
        total += w * s
        w *= DECAY
    return total / weight, weight


def _level(scores: Sequence[float]) -> float:
    return _weighed(scores)[0]


def mastery(outcomes: Iterable[Outcome]) -> dict[str, Mastery]:
    """Every technique's mastery (those without events at the prior's level) from the
    outcomes, oldest first."""
    by: dict[str, list[Outcome]] = {t.id: [] for t in ALL_TECHNIQUES}
    for o in outcomes:
        by.setdefault(o.technique, []).append(o)
    out = {}
    for tid, events in by.items():
        scores = [o.score for o in events]
        half = len(scores) // 2
        trend = _level(scores[half:]) - _level(scores[:half]) if half else 0.0
        times = [o.seconds for o in events if o.seconds is not None]
        level, weight = _weighed(scores)
        seconds = median(times) if times else None
        out[tid] = Mastery(tid, level, trend, len(events), seconds, weight)
    return out


def tier_levels(levels: dict[str, Mastery]) -> dict[int, float]:
    """Each tier's level: its techniques' events pooled (with their recency weights) under one
    prior of :data:`PRIOR_WEIGHT` events at 0.5, so a tier of three techniques with a few drills
    each is judged on all of them (and not on a prior per technique: five undrilled techniques
    are no evidence, not fifteen events at 0.5)."""
    pooled: dict[int, tuple[float, float]] = {}
    for t in ALL_TECHNIQUES:
        m = levels.get(t.id)
        hits, events = (0.0, 0.0) if m is None else _evidence(m)
        total, weights = pooled.get(t.tier, (0.0, 0.0))
        pooled[t.tier] = (total + hits, weights + events)
    return {
        tier: (PRIOR_WEIGHT * 0.5 + hits) / (PRIOR_WEIGHT + events)
        for tier, (hits, events) in pooled.items()
    }


def _evidence(m: Mastery) -> tuple[float, float]:
    """The recency-weighted sum of a technique's scores and of its events' weights, the prior
    taken out."""
    return m.level * m.weight - PRIOR_WEIGHT * 0.5, m.weight - PRIOR_WEIGHT


P_KNOWN = 0.9
"""How often a player who knows a technique is taken to get it right."""
P_GUESS = 0.5
"""How often one who does not is taken to get it right (a coin)."""


def step_tier(levels: dict[str, Mastery]) -> int:
    """The player's next step: the tier s that best explains their events as "every tier
    below s known, s and above not" (players learn the tiers in order).  A known tier's events
    are right with probability :data:`P_KNOWN`, the others' with :data:`P_GUESS`; each event
    counts with its recency weight.  Tiers without events fit either way, so the step is the
    lowest tier of the best fit (0 for a player with no events; one past the hardest tier when
    the events say every tier is known)."""
    right: dict[int, float] = {}
    wrong: dict[int, float] = {}
    for t in ALL_TECHNIQUES:
        m = levels.get(t.id)
        if m is None:
            continue
        hits, events = _evidence(m)
        right[t.tier] = right.get(t.tier, 0.0) + hits
        wrong[t.tier] = wrong.get(t.tier, 0.0) + events - hits
    tiers = sorted({t.tier for t in ALL_TECHNIQUES})
    known = {
        tier: right.get(tier, 0.0) * math.log(P_KNOWN)
        + wrong.get(tier, 0.0) * math.log(1 - P_KNOWN)
        for tier in tiers
    }
    guess = {
        tier: (right.get(tier, 0.0) + wrong.get(tier, 0.0)) * math.log(P_GUESS) for tier in tiers
    }
    best, best_fit = 0, -math.inf
    for step in [*tiers, tiers[-1] + 1]:
        fit = sum(known[t] for t in tiers if t < step) + sum(guess[t] for t in tiers if t >= step)
        if fit > best_fit + 1e-9:
            best, best_fit = step, fit
    return best


def outcomes_of(events: Iterable[ProfileEvent]) -> list[Outcome]:
    """The outcomes of a profile's events, in their order."""
    return [Outcome(e.technique, e.score, e.seconds, e.source) for e in events]
