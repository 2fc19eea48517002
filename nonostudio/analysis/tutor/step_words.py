"""The player's next step in words: the tier (:func:`~nonostudio.analysis.tutor.mastery.step_tier`)
and the techniques of it the player is learning, by their catalogue names.  "your step (tier 3)"
told a player nothing: what tier 3 is was said nowhere near it (the For You dock)."""

from __future__ import annotations

from collections.abc import Mapping

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES
from nonostudio.analysis.tutor.mastery import Mastery, step_tier


def learning_at_step(levels: Mapping[str, Mastery]) -> list[str]:
    """The ids of the techniques the player is learning at their step: those of the step's tier
    not yet mastered, in catalogue order; all of the tier's when each is mastered (a step
    judged on whole tiers can stay on a tier whose techniques are); none past the hardest
    tier (every tier known)."""
    step = step_tier(levels)
    tier = [t.id for t in ALL_TECHNIQUES if t.tier == step]
    open_ = [tid for tid in tier if tid not in levels or not levels[tid].mastered]
    return open_ or tier


def step_words(levels: Mapping[str, Mastery]) -> str:
    """The step and what it is, e.g. "tier 2: Edges and walls, Matching blocks to clues" (the
    techniques of :func:`learning_at_step`, by their catalogue names, a comma between: one name
    may hold an "and"); "past tier 8: every tier known" past the hardest tier."""
    step = step_tier(levels)
    names = {t.id: t.name for t in ALL_TECHNIQUES}
    learning = learning_at_step(levels)
    if not learning:
        return f"past tier {step - 1}: every tier known"
    return f"tier {step}: {', '.join(names[tid] for tid in learning)}"
