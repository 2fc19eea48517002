""" "For you": the puzzles whose hardest technique is at the player's step or the tier before it
(mastered, or just one step beyond), next step first -- or, when the library has neither, the
nearest tier above the step that has puzzles -- and a solving time predicted for this
player beside the generic grade's.

The personal time model is fitted from the player's own solving: each technique's seconds per
move (the median of the time between moves attributed to it), shrunk toward the player's median
over all techniques, times a log-linear calibration (the mean log ratio of their actual to
predicted session times).  The generic baseline is a log-linear fit of time on the grade's
features (log of its steps, its tier) over everyone's sessions, the same for every player.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import median

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tutor.mastery import Mastery, step_tier

SHRINK = 3.0
"""How many moves' worth of the player's overall rate a technique's own rate is mixed with."""


@dataclass(frozen=True)
class Candidate:
    """A puzzle as the recommender sees it: its key, its hardest technique and the steps of
    its grade's trace per technique."""

    key: str
    hardest: str
    techniques: Mapping[str, int]

    @property
    def tier(self) -> int:
        return BY_ID[self.hardest].tier

    @property
    def steps(self) -> int:
        return sum(self.techniques.values())


@dataclass(frozen=True)
class Suggestion:
    candidate: Candidate
    why: str
    seconds: float | None = None
    generic_seconds: float | None = None
    ahead: bool = False
    """Above the player's step: offered because the library has nothing at the step itself."""


def for_you(candidates: Sequence[Candidate], levels: dict[str, Mastery]) -> list[Suggestion]:
    """The candidates at the player's step tier (first) or the tier before it, fewest steps
    first within a tier.  When neither tier has any (a new player's step is tier 0, which only
    blank puzzles reach, and there is no tier before it), the candidates of the nearest tier
    above the step that has any instead, marked ``ahead`` (their ``why`` says one step up, or
    the nearest tier above); none of any other tier."""
    step = step_tier(levels)
    above = [c.tier for c in candidates if c.tier > step]
    window = any(c.tier in (step, step - 1) for c in candidates)
    ahead = min(above) if above and not window else None
    order = {step: 0, step - 1: 1}
    out = []
    for c in sorted(candidates, key=lambda c: (order.get(c.tier, 2), c.steps, c.key)):
        name = BY_ID[c.hardest].name
        if c.tier == step:
            out.append(Suggestion(c, f"your next step: {name} (tier {c.tier})"))
        elif c.tier == ahead:
            up = "one step up" if c.tier == step + 1 else "the nearest tier above your step"
            out.append(Suggestion(c, f"{up}: {name} (tier {c.tier})", ahead=True))
        elif c.tier == step - 1:
            out.append(Suggestion(c, f"practice at your level: {name}"))
    return out


@dataclass(frozen=True)
class Session:
    """A finished solving session: the puzzle and the seconds it took."""

    candidate: Candidate
    seconds: float


@dataclass
class PersonalTimeModel:
    """Seconds per move by technique for one player, and their calibration factor."""

    rates: dict[str, float]
    overall: float
    calibration: float = 1.0

    @classmethod
    def fit(
        cls, move_seconds: Mapping[str, Sequence[float]], sessions: Sequence[Session] = ()
    ) -> PersonalTimeModel:
        """From the seconds between moves per attributed technique (and finished sessions for
        the calibration); ValueError when there is no timed move at all."""
        every = [s for times in move_seconds.values() for s in times]
        if not every:
            raise ValueError("no timed move to fit a personal time model on")
        overall = median(every)
        rates = {}
        for tid, times in move_seconds.items():
            if times:
                n = len(times)
                rates[tid] = (n * median(times) + SHRINK * overall) / (n + SHRINK)
        model = cls(rates, overall)
        logs = [math.log(s.seconds / model.raw(s.candidate)) for s in sessions if s.seconds > 0]
        if logs:
            model.calibration = math.exp(sum(logs) / len(logs))
        return model

    def raw(self, c: Candidate) -> float:
        return sum(n * self.rates.get(tid, self.overall) for tid, n in c.techniques.items()) or 1.0

    def predict(self, c: Candidate) -> float:
        """Predicted seconds for this player to solve ``c``."""
        return self.calibration * self.raw(c)


@dataclass
class GenericTimeModel:
    """log(seconds) = a + b·log(1 + steps) + c·tier, fitted by least squares on sessions."""

    a: float
    b: float
    c: float

    @classmethod
    def fit(cls, sessions: Sequence[Session]) -> GenericTimeModel:
        """ValueError with fewer than three sessions."""
        if len(sessions) < 3:
            raise ValueError("the generic time model needs at least three sessions")
        rows = [(1.0, math.log1p(s.candidate.steps), float(s.candidate.tier)) for s in sessions]
        ys = [math.log(max(s.seconds, 1e-3)) for s in sessions]
        coef = _least_squares(rows, ys)
        return cls(*coef)

    def predict(self, c: Candidate) -> float:
        return math.exp(self.a + self.b * math.log1p(c.steps) + self.c * c.tier)


def _least_squares(
    rows: Sequence[tuple[float, float, float]], ys: Sequence[float]
) -> tuple[float, float, float]:
    """Ridge-regularised (1e-6) normal equations for three unknowns, solved by Gauss-Jordan."""
    k = 3
    m = [
        [sum(r[i] * r[j] for r in rows) + (1e-6 if i == j else 0.0) for j in range(k)]
        for i in range(k)
    ]
    v = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(k)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        v[col], v[pivot] = v[pivot], v[col]
        for r in range(k):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [a - f * b for a, b in zip(m[r], m[col], strict=True)]
                v[r] -= f * v[col]
    a, b, c = (v[i] / m[i][i] if m[i][i] else 0.0 for i in range(k))
    return a, b, c
