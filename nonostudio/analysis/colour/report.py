"""A colour trace and grade as the ``explain`` and ``grade`` commands report them: the steps'
sentences, a summary, and the JSON fields (the black-and-white shapes plus colour fields)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from nonostudio.analysis.colour.grade import colour_grade
from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR, ColourTrace
from nonostudio.core.progress import StopCallback


def summary_data(trace: ColourTrace) -> dict[str, Any]:
    """Steps by kind, cells decided by kind, and the steps of each technique."""
    decided = trace.cells_by_kind()
    kinds = Counter(step.kind for step in trace.steps)
    return {
        "steps": len(trace.steps),
        "per_colour_steps": kinds[PER_COLOUR],
        "colour_steps": kinds[COLOUR],
        "search_steps": kinds[GUESS],
        "cells_per_colour": decided[PER_COLOUR],
        "cells_colour": decided[COLOUR],
        "cells_search": decided[GUESS],
        "techniques": dict(Counter(step.technique for step in trace.steps)),
        "solutions": trace.solutions,
    }


def summary_text(trace: ColourTrace) -> str:
    """``Solved in 94 steps: 465 cells decided one colour at a time, 0 by colour techniques, 0
    by search.``"""
    s = summary_data(trace)
    head = {
        "solved": f"Solved in {s['steps']} steps",
        "undecided": f"Stopped {'' if trace.reason else 'at the time limit '}after {s['steps']} "
        "steps" + (f" ({trace.reason})" if trace.reason else ""),
        "no solution": f"No solution ({trace.reason or 'no picture fits the clues'})",
    }[trace.verdict]
    text = (
        f"{head}: {s['cells_per_colour']} cells decided one colour at a time, "
        f"{s['cells_colour']} by colour techniques, {s['cells_search']} by search."
    )
    if trace.solutions == "multiple":
        # as black and white says it: "Solved" with search steps read as the one picture
        text += (
            " The puzzle has several solutions: this is one of them ('nonostudio-cli solve' "
            "shows two)."
        )
    return text


def trace_lines(trace: ColourTrace) -> list[str]:
    """The numbered sentences, a blank line and the summary."""
    width = len(str(len(trace.steps)))
    numbered = [f"{i:>{width}}. {step.text}" for i, step in enumerate(trace.steps, 1)]
    return [*numbered, "", summary_text(trace)]


def explain_data(trace: ColourTrace) -> dict[str, Any]:
    """``explain --json``'s fields for a colour trace (as for black and white: verdict, solved,
    first_fallback, summary, text, steps; no rule set) and the pencil marks left: ``[row,
    column, [colour names]]`` of each undecided cell (0-based)."""
    names = [c.name for c in trace.puzzle.palette.colours]
    guess = next((s for s in trace.steps if s.kind == GUESS), None)
    return {
        "rule_set": None,
        "verdict": trace.verdict,
        "reason": trace.reason,
        "solved": trace.solved,
        "first_fallback": None if guess is None else guess.technique,
        "summary": summary_data(trace),
        "text": [step.text for step in trace.steps],
        "steps": [step.to_json(names) for step in trace.steps],
        "trace": None,
        # the cells left undecided, with the colours each can still be (pencil marks)
        "pencil_marks": [
            [r, c, [names[i] for i in range(len(names)) if cell >> i & 1]]
            for r, row in enumerate(trace.grid)
            for c, cell in enumerate(row)
            if cell & (cell - 1)
        ],
    }


def grade_fields(
    puzzle: Any, time_limit: float | None = None, should_stop: StopCallback | None = None
) -> dict[str, Any]:
    """A ``grade`` row's fields for a colour puzzle: tier, score, label, seconds, explanation,
    hardest technique, the two colour questions that order it before the tier
    (``needs_colour_reasoning``, then after the tier ``needs_pencil_marks``) and the colour
    features (nested); ``should_stop()`` cancels it (the row is then ``Undecided``).  An
    undecided grade has no tier or score, as in the studio's Difficulty panel: the hardest step
    before it stopped is no tier of the puzzle (acorn.g stopped at 0.3 s said 'tier 0, score
    28.36', the tier of empty lines)."""
    g = colour_grade(puzzle, time_limit=time_limit, should_stop=should_stop)
    graded = g.features.solutions != "undecided"
    return {
        "tier": g.tier if graded else None,
        "score": g.score if graded else None,
        "label": g.label,
        "seconds": round(g.seconds, 6),
        "explanation": g.explanation,
        "hardest_technique": g.hardest_technique,
        "colours": g.features.colours,
        "needs_colour_reasoning": g.features.needs_colour_reasoning,
        "needs_pencil_marks": g.features.needs_pencil_marks,
        "features": g.features.to_json(),
    }
