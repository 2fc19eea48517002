"""The colour Solve view's step list and step marks: a colour trace's steps as rows of the
black-and-white step table (:class:`~nonostudio.gui.solve.steps_model.StepsModel`), its summary,
what holds of a puzzle line logic does not solve (several solutions: where it stops), and what
the grid marks for a step (its line, the clue items and spans its premises name, the cells it
narrows)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from nonostudio.analysis.colour.hints import grid_after
from nonostudio.analysis.colour.trace import GUESS, PER_COLOUR, ColourStep, ColourTrace
from nonostudio.analysis.colour.words import colour_name
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.premise_text import premise_focus
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.gui.common.limits import duration
from nonostudio.gui.solve.colour.grid import ColourMarks
from nonostudio.gui.solve.replay import MISTYPED
from nonostudio.gui.solve.steps_model import StepRow

KIND_TEXT = {"per_colour": "one colour", "colour": "colour", "search": "search"}


def technique_title(step: ColourStep, puzzle: ColourPuzzle) -> str:
    """``Overlap (red only)`` for a per-colour step, the colour technique's name otherwise."""
    if step.kind == PER_COLOUR and step.colour is not None:
        return f"{step.technique_name} ({colour_name(puzzle.palette, step.colour)} only)"
    return step.technique_name


def colour_step_rows(trace: ColourTrace) -> list[StepRow]:
    """One row per step: number, kind, technique, line and the step's sentence; a search step
    (a guess from the solution) is a fallback."""
    rows = []
    for i, step in enumerate(trace.steps):
        line = "whole grid"
        if step.axis is not None and step.index is not None:
            line = line_name(step.axis, step.index)
        rows.append(
            StepRow(
                number=i + 1,
                kind=KIND_TEXT.get(step.kind, step.kind),
                rule_title=technique_title(step, trace.puzzle),
                line=line,
                explanation=step.text,
                fallback=step.kind == GUESS,
            )
        )
    return rows


def stopped_at_the_limit(trace: ColourTrace) -> bool:
    """Whether the trace was cut by its time limit: undecided, neither cancelled nor given up
    by the colour solver for a reason of its own (memory), which more time would not mend."""
    return trace.verdict == "undecided" and not trace.reason and not trace.cancelled


def colour_summary(trace: ColourTrace, limit: float | None = None) -> str:
    """The trace in a few lines of rich text: its verdict (cut by the time limit: which one,
    ``limit`` seconds), steps by kind, techniques used."""
    at_limit = "Stopped at the time limit"
    if limit is not None:
        at_limit += f" of {duration(limit)}"
    state = {
        "solved": "Solved",
        "undecided": "Stopped" if trace.reason else at_limit,
        "no solution": "No solution",
    }.get(trace.verdict, trace.verdict)
    kinds = Counter(step.kind for step in trace.steps)
    lines = [
        f"<b>{state}</b> in {len(trace.steps)} steps: {kinds[PER_COLOUR]} one colour at a time, "
        f"{kinds['colour']} by colour techniques, {kinds[GUESS]} by search."
    ]
    if trace.reason:
        lines.append(f"{trace.reason[:1].upper()}{trace.reason[1:]}.")
    if trace.solutions == "multiple":
        lines.append("The puzzle has several solutions: the search steps take one of them.")
    used = Counter(step.technique_name for step in trace.steps)
    if used:
        lines.append(
            "Techniques: " + ", ".join(f"{name} ×{k}" for name, k in used.most_common()) + "."
        )
    return "<br>".join(lines)


def no_picture(trace: ColourTrace | None) -> bool:
    """Whether the trace found that no picture fits the clues (nobody can finish the puzzle)."""
    return trace is not None and trace.verdict == "no solution"


def colour_verdict_words(trace: ColourTrace, limit: float | None = None) -> str:
    """What holds of the puzzle, in words for the pane under the grid (the steps pane with the
    summary may be folded away): for clues no picture fits, the line that cannot hold its clue
    and the usual cause, as black and white says it; for a puzzle with several solutions, where
    line logic stops (after which step, how many cells undecided) and that the search steps
    take one of the solutions; for a trace cut by its time limit (``limit`` seconds), how far
    it went; "" otherwise (the summary says the rest)."""
    if no_picture(trace):
        why = f"{trace.reason}." if trace.reason else "no picture fits every clue."
        return f"No solution: {why} {MISTYPED}"
    if stopped_at_the_limit(trace):
        left = sum(1 for row in trace.grid for cell in row if cell & (cell - 1) or not cell)
        steps = len(trace.steps)
        within = "" if limit is None else f" of {duration(limit)}"
        return (
            f"Stopped at the time limit{within}: {steps} step{'s' * (steps != 1)} worked out, "
            f"{left} cell{'s' * (left != 1)} left undecided."
        )
    if trace.solutions != "multiple":
        return ""
    first = next((i for i, step in enumerate(trace.steps) if step.kind == GUESS), None)
    stop = len(trace.steps) if first is None else first
    open_cells = sum(
        1 for row in grid_after(trace, stop) for cell in row if cell & (cell - 1) or not cell
    )
    where = f"after step {stop}" if stop else "before its first step"
    logic = f"Line logic stops {where} with {open_cells} cell{'s' * (open_cells != 1)} undecided"
    guesses = sum(1 for step in trace.steps if step.kind == GUESS)
    then = ""
    if guesses == 1:
        then = f"; step {stop + 1} is the search step, which takes one of them"
    elif guesses:
        then = f"; step {stop + 1} is the first of {guesses} search steps, which take one of them"
    return f"Several solutions: more than one picture fits these clues. {logic}{then}."


def colour_step_marks(
    step: ColourStep,
    puzzle: ColourPuzzle,
    premises: Sequence[dict[str, Any]] | None = None,
    *,
    cells: bool = True,
) -> ColourMarks:
    """The grid marks of a step: its line; with ``premises`` (all of the step's when ``cells``),
    the clue items and spans they name; with ``cells``, the cells it narrows."""
    narrowed = frozenset((r, c) for r, c, _b, _a in step.cells) if cells else frozenset()
    if step.axis is None or step.index is None:
        return ColourMarks(cells=narrowed)
    if premises is None:
        premises = step.premises if cells else ()
    clue = (puzzle.rows if step.axis == "row" else puzzle.cols)[step.index]
    items: list[int] = []
    spans: list[tuple[str, int, int]] = []
    if step.kind == PER_COLOUR and step.colour is not None:
        # the premises number the colour's own items: find them in the whole clue
        own = [k for k, (_n, colour) in enumerate(clue) if colour == step.colour]
        bw_clues, bw_spans = premise_focus(premises)
        items = [own[k] for k in bw_clues if 0 <= k < len(own)]
        spans = [span for span in bw_spans if span[0] != "cells"]
    else:
        for premise in premises:
            if premise.get("claim") == "item_starts":
                items.append(int(premise["clue"]))
            elif premise.get("claim") == "block":
                spans.append(("block", int(premise["start"]), int(premise["end"])))
    return ColourMarks(step.axis, step.index, narrowed, tuple(items), tuple(spans))
