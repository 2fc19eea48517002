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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import median

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES, BY_ID
from nonostudio.core.counts import count
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
    right: int = 0
    """Its events that scored 1 (a right drill answer, a move agreeing with the solution)."""
    by_hand: int = 0
    """Its events from solving by hand (the others are drill answers)."""

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
            "right": self.right,
            "to_master": right_to_master(self),
            "note": mastery_note(self),
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
        right = sum(1 for x in scores if x >= 1.0)
        by_hand = sum(1 for o in events if o.source == "solve")
        out[tid] = Mastery(tid, level, trend, len(events), seconds, weight, right, by_hand)
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


def step_tier(levels: Mapping[str, Mastery]) -> int:
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


def right_to_master(m: Mastery) -> int:
    """How many more right answers (or moves) in a row would make ``m`` mastered: 0 when it is,
    3 with no events; fewer would not (each adds 1 to the recency-weighted scores and weights
    after the older ones are weighed by :data:`DECAY` again, as :func:`mastery` does)."""
    hits, events = _evidence(m)
    n = 0
    while (PRIOR_WEIGHT * 0.5 + hits) / (PRIOR_WEIGHT + events) < MASTERED:
        hits, events, n = DECAY * hits + 1.0, DECAY * events + 1.0, n + 1
    return n


def mastery_note(m: Mastery) -> str:
    """A technique's standing in words: "mastered", "not yet asked", or how many more right
    answers in a row would master it (so that "not mastered" after one or two right answers
    does not read as a failure)."""
    if m.mastered:
        return "mastered"
    if not m.events:
        return "not yet asked"
    n = right_to_master(m)
    return f"{n} more right in a row to master"


MASTERY_RULE = "each takes at least three right answers"
"""What :data:`MASTERED` asks, in words: no fewer than three events scoring 1 reach it (not
"in a row": twelve right answers and then a wrong one are still mastered)."""


def mastered_text(levels: Mapping[str, Mastery], techniques: Sequence[str]) -> str:
    """How many of ``techniques`` are mastered, the rule, and the answered ones nearest to it
    with the right answers in a row each still needs: "0 of 12 techniques mastered (each takes
    at least three right answers); nearest: Empty line (1 more right answer)".  The CLI's
    ``profile show`` and the Practice tab say this."""
    shown = [levels[t] for t in techniques if t in levels]
    done = sum(1 for m in shown if m.mastered)
    near = sorted(
        (m for m in shown if m.events and not m.mastered),
        key=lambda m: (right_to_master(m), techniques.index(m.technique)),
    )
    text = f"{done} of {count(len(shown), 'technique')} mastered ({MASTERY_RULE})"
    if near:
        said = [
            f"{_name(m.technique)} ({count(right_to_master(m), 'more right answer')})"
            for m in near[:NEAREST]
        ]
        rest = len(near) - len(said)
        text += "; nearest: " + ", ".join(said)
        if rest:
            text += f", and {count(rest, 'other technique')} answered"
    return text


NEAREST = 3
"""How many answered techniques not yet mastered :func:`mastered_text` names."""


def step_text(levels: Mapping[str, Mastery]) -> str:
    """The player's next step (:func:`step_tier`) and what it rests on, in words: the answers
    it was judged from, right ones out of all below the step, at it and above it, and the
    techniques below it not yet asked, e.g. "next step: tier 1, judged on whole tiers from 1
    drill answer: tier 0 right 1 of 1 (not yet asked: Line complete); none yet at tier 1 or
    above".  A step judged on whole tiers moves on before a technique is mastered (one right
    Empty line answer fits "tier 0 known" better than "not known"); said bare, "next step:
    tier 1" read as "tier 0 is done".  The CLI's ``profile show`` and the Practice tab say
    this (one function, the same words)."""
    step = step_tier(levels)
    shown = [(t, levels[t.id]) for t in ALL_TECHNIQUES if t.id in levels]
    drills = sum(m.events - m.by_hand for _, m in shown)
    by_hand = sum(m.by_hand for _, m in shown)
    if not drills + by_hand:
        return f"next step: tier {step} (no answers yet)"
    sources = [count(drills, "drill answer")] if drills else []
    if by_hand:
        sources.append(f"{count(by_hand, 'event')} solving by hand")
    parts = []
    below = [(t, m) for t, m in shown if t.tier < step]
    if below:
        unasked = [t.name for t, m in below if not m.events]
        span = f"tier {step - 1}" if step == 1 else f"tiers 0–{step - 1}"
        part = f"{span} {_right(m for _, m in below)}"
        # a comma list: "Joining and splitting" is one name
        parts.append(part + (f" (not yet asked: {', '.join(unasked)})" if unasked else ""))
    at = [m for t, m in shown if t.tier == step and m.events]
    above = [m for t, m in shown if t.tier > step and m.events]
    if at:
        parts.append(f"tier {step} {_right(at)}")
    if above:
        parts.append(
            ("none yet at tier {step}; " if not at else "").format(step=step)
            + f"above it {_right(above)}"
        )
    elif not at:
        parts.append(f"none yet at tier {step} or above")
    else:
        parts.append("none yet above it")
    return (
        f"next step: tier {step}, judged on whole tiers from {' and '.join(sources)}: "
        + "; ".join(parts)
    )


def _right(ms: Iterable[Mastery]) -> str:
    ms = list(ms)
    return f"right {sum(m.right for m in ms)} of {sum(m.events for m in ms)}"


def _name(tid: str) -> str:
    return BY_ID[tid].name if tid in BY_ID else tid


def outcomes_of(events: Iterable[ProfileEvent]) -> list[Outcome]:
    """The outcomes of a profile's events, in their order."""
    return [Outcome(e.technique, e.score, e.seconds, e.source) for e in events]
