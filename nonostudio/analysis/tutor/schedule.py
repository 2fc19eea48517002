"""Spaced repetition: a Leitner schedule of drill items, deterministic given the pool's order
and the clock.

An item answered right moves up a box and waits longer; one answered wrong goes back to the
first box and comes again after :data:`INTERVALS` ``[0]`` seconds, sooner than any item it
passed.  :meth:`Schedule.pick` takes the item due longest ago, then new items in the order of
the pool (the practice session orders it, seeded).

A skipped item (:meth:`Schedule.skip`, "Next drill" before answering) is no answer: its box and
due time stay as they were, and it is held back for :data:`SKIP_SECONDS`, so the next pick is
another item; when every item is held back the one skipped longest ago comes again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

INTERVALS = (60.0, 600.0, 86_400.0, 3 * 86_400.0, 7 * 86_400.0, 21 * 86_400.0)
"""Seconds an item waits in each box before it is due again."""

SKIP_SECONDS = INTERVALS[0]
"""Seconds a skipped item is held back (as long as a missed one waits)."""


@dataclass
class Card:
    """Where an item stands: its box and when it is due (seconds, the caller's clock)."""

    box: int
    due: float


class Schedule:
    """The Leitner boxes of one learner."""

    def __init__(self) -> None:
        self.cards: dict[str, Card] = {}
        self.skipped: dict[str, float] = {}
        """Item → when it was last skipped (until it is answered)."""

    def review(self, item: str, correct: bool, now: float) -> Card:
        """Record an answer on ``item`` at time ``now``; returns the item's card."""
        self.skipped.pop(item, None)
        card = self.cards.get(item)
        box = 0 if card is None or not correct else card.box + 1
        if card is None and correct:
            box = 1
        box = min(box, len(INTERVALS) - 1)
        self.cards[item] = Card(box, now + INTERVALS[box])
        return self.cards[item]

    def skip(self, item: str, now: float) -> None:
        """``item`` was shown at ``now`` and passed over unanswered: held back for
        :data:`SKIP_SECONDS`, its card (box, due time) unchanged, a new item still new."""
        self.skipped[item] = now

    def held(self, now: float) -> set[str]:
        """The items skipped less than :data:`SKIP_SECONDS` before ``now``."""
        return {item for item, at in self.skipped.items() if now - at < SKIP_SECONDS}

    def due(self, now: float) -> list[str]:
        """The items due at ``now`` and not held back by a skip, due longest ago first."""
        held = self.held(now)
        ready = [(c.due, item) for item, c in self.cards.items() if c.due <= now]
        return [item for _, item in sorted(ready) if item not in held]

    def pick(self, pool: Sequence[str], now: float) -> str | None:
        """The next item: the one due longest ago, else the first new item of ``pool``, else
        the item due soonest, passing over the items held back by a skip; when every item is
        held back, the one skipped longest ago (None: the pool is empty)."""
        due = self.due(now)
        if due:
            return due[0]
        held = self.held(now)
        new = next((item for item in pool if item not in self.cards and item not in held), None)
        if new is not None:
            return new
        waiting = [item for item in self.cards if item not in held]
        if waiting:
            return min(waiting, key=lambda item: (self.cards[item].due, item))
        if held:
            return min(held, key=lambda item: (self.skipped[item], item))
        return None
