"""A practice session: drills drawn from a pool of drill lines, asked in the order the spaced
repetition schedule gives, answers checked and turned into profile events.

The GUI and ``nonostudio-cli practice`` both drive a :class:`Practice`: :meth:`Practice.next`
gives a drill, :meth:`Practice.answer` checks a text answer and returns the feedback and the
event to record.  Everything is deterministic given the seed and the clock values passed in.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tutor.checking import (
    AnswerError,
    Feedback,
    check_mark,
    check_sound,
    check_which,
    read_cells,
)
from nonostudio.analysis.tutor.drills import KINDS, MARK, SOUND, WHICH, Drill, make_drill
from nonostudio.analysis.tutor.lines import DrillLine
from nonostudio.analysis.tutor.mastery import Outcome, mastery, step_tier
from nonostudio.core.library.profiles import ProfileEvent

PER_TECHNIQUE = 8
"""How many lines of each technique a session draws its items from."""


def check_answer(drill: Drill, text: str) -> Feedback:
    """Check a text answer: ``-Ox`` cells for ``mark``, a choice's number or a technique id for
    ``which``, y/n for ``sound``; AnswerError for one that cannot be read."""
    if drill.kind == MARK:
        return check_mark(drill, read_cells(text, len(drill.line.cells)))
    if drill.kind == WHICH:
        return check_which(drill, text)
    word = text.strip().lower()
    if word not in ("y", "yes", "n", "no"):
        raise AnswerError(f"{text.strip()!r}: answer y (sound) or n (unsound)")
    return check_sound(drill, word.startswith("y"))


class Practice:
    """Drills on ``techniques`` (ids) from ``lines`` (technique id → drill lines), of the
    ``kinds`` given, scheduled by spaced repetition.  New items come one technique after another
    in turn (each technique's in an order fixed by ``seed``) until every technique has had one;
    after that a new item is taken from the player's frontier first — the tiers of their next
    step and the one before it (:func:`~nonostudio.analysis.tutor.mastery.step_tier` of the
    ``history`` outcomes and this session's answers) — where practice teaches most and where
    the step is decided."""

    def __init__(
        self,
        lines: Mapping[str, Sequence[DrillLine]],
        techniques: Sequence[str],
        kinds: Sequence[str] = KINDS,
        seed: int = 0,
        history: Sequence[Outcome] = (),
    ) -> None:
        from nonostudio.analysis.tutor.schedule import Schedule

        for kind in kinds:
            if kind not in KINDS:
                raise ValueError(f"unknown drill kind {kind!r} (known: {', '.join(KINDS)})")
        self.rng = random.Random(seed)
        self.schedule = Schedule()
        self.outcomes: list[Outcome] = list(history)
        self._first_pass = len(techniques)
        self.drills: dict[str, Drill] = {}
        by_technique = []
        for tid in techniques:
            pool = list(lines.get(tid, ()))
            picked = self.rng.sample(pool, min(PER_TECHNIQUE, len(pool)))
            drills = [
                make_drill(kinds[k % len(kinds)], line, self.rng) for k, line in enumerate(picked)
            ]
            by_technique.append(drills)
        # new items technique by technique in turn, so a short session touches every one
        self._order: list[str] = []
        for k in range(PER_TECHNIQUE):
            for drills in by_technique:
                if k < len(drills) and drills[k].item not in self.drills:
                    self.drills[drills[k].item] = drills[k]
                    self._order.append(drills[k].item)

    def next(self, now: float) -> Drill | None:
        """The next drill at time ``now`` (None: no drill lines for these techniques); a drill
        skipped less than a minute ago comes only when every other one was skipped too."""
        due = self.schedule.due(now)
        if due:
            return self.drills[due[0]]
        held = self.schedule.held(now)
        new = [i for i in self._order if i not in self.schedule.cards and i not in held]
        if new and len(self.schedule.cards) >= self._first_pass:
            step = step_tier(mastery(self.outcomes))
            near = [i for i in new if BY_ID[self.drills[i].technique].tier in (step - 1, step)]
            if near:
                return self.drills[near[0]]
        item = self.schedule.pick(self._order, now)
        return None if item is None else self.drills[item]

    def skip(self, drill: Drill, now: float) -> None:
        """``drill`` was passed over unanswered at ``now``: no outcome, no event, its place in
        the schedule kept; :meth:`next` gives another drill when there is one
        (:meth:`~nonostudio.analysis.tutor.schedule.Schedule.skip`)."""
        self.schedule.skip(drill.item, now)

    def answer(
        self, drill: Drill, text: str, seconds: float, now: float
    ) -> tuple[Feedback, ProfileEvent]:
        """Check ``text`` on ``drill`` (answered in ``seconds``, at ``now``), schedule the item
        again, and give the feedback and the event for the profile."""
        feedback = check_answer(drill, text)
        self.schedule.review(drill.item, feedback.correct, now)
        self.outcomes.append(Outcome(drill.technique, 1.0 if feedback.correct else 0.0, seconds))
        event = ProfileEvent(
            "drill",
            drill.kind,
            drill.technique,
            1.0 if feedback.correct else 0.0,
            seconds,
            drill.item,
            now,
        )
        return feedback, event


__all__ = ["MARK", "SOUND", "WHICH", "Practice", "check_answer"]
