"""Spaced repetition: a Leitner schedule of drill items, deterministic given the pool's order
and the clock.

An item answered right moves up a box and waits longer; one answered wrong goes back to the
first box and comes again after :data:`INTERVALS` ``[0]`` seconds, sooner than any item it
passed.  :meth:`Schedule.pick` takes the item due longest ago, then new items in the order of
the pool (the practice session orders it, seeded).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

INTERVALS = (60.0, 600.0, 86_400.0, 3 * 86_400.0, 7 * 86_400.0, 21 * 86_400.0)
"""Seconds an item waits in each box before it is due again."""


@dataclass
class Card:
    """Where an item stands: its box and when it is due (seconds, the caller's clock)."""

    box: int
    due: float


class Schedule:
    """The Leitner boxes of one learner."""

    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}

    def review(self, item: str, correct: bool, now: float) -> Card:
        """Record an answer on ``item`` at time ``now``; returns the item's card."""
        card = self.cards.get(item)
        box = 0 if card is None or not correct else card.box + 1
        if card is None and correct:
            box = 1
        box = min(box, len(INTERVALS) - 1)
        self.cards[item] = Card(box, now + INTERVALS[box])
        return self.cards[item]

    def due(self, now: float) -> list[str]:
        """The items due at ``now``, due longest ago first."""
        ready = [(c.due, item) for item, c in self.cards.items() if c.due <= now]
        return [item for _, item in sorted(ready)]

    def pick(self, pool: Sequence[str], now: float) -> str | None:
        """The next item: the one due longest ago, else the first new item of ``pool``, else
        the item due soonest (None: the pool is empty)."""
        due = self.due(now)
        if due:
            return due[0]
        new = next((item for item in pool if item not in self.cards), None)
        if new is not None:
            return new
        if not self.cards:
            return None
        return min(self.cards, key=lambda item: (self.cards[item].due, item))
