"""A grade in words: the explanation built from a puzzle's features, and its counting words.

:func:`explain` says the label, the hardest technique the puzzle needs and how often, what else
it takes (steps beyond the rules and in which order, probes and where, search) and whether it
narrows to one line.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.grades.grade_features import MULTIPLE, NO_SOLUTION, UNDECIDED, Features
from nonostudio.analysis.tracing.steps import SEARCH, Trace
from nonostudio.analysis.tracing.trace import TUTOR_MAX_CELLS
from nonostudio.core.counts import number
from nonostudio.rules.words.phrases import join_and

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_text(n: int, noun: str) -> str:
    """``one probe``, ``three probes``, ``12 probes``."""
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{word} {noun}{'' if n == 1 else 's'}"


def times_text(n: int) -> str:
    """``once``, ``twice``, ``three times``, ``14 times``."""
    if n <= 2:
        return ("never", "once", "twice")[n]
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} times"


def _and(parts: list[str]) -> str:
    """ "a, b and c"; "a; b; and c" when a part holds a comma (a learned rule's title does)."""
    if len(parts) > 1 and any("," in p for p in parts):
        return "; ".join(parts[:-1]) + "; and " + parts[-1]
    return join_and(parts)


def _around(cells: list[tuple[int, int]]) -> str:
    """``around row 7`` (the row most probes are on; the first such row on a tie)."""
    rows = Counter(r for r, _ in cells)
    best = max(rows.values())
    row = next(r for r, _ in cells if rows[r] == best)
    return f"around {line_name('row', row).lower()}"


def before_search(trace: Trace) -> Trace:
    """The reasoning part of ``trace``: its steps before the first search step (the whole trace
    when it has none).  On a puzzle that is not unique, the search only picks one of the pictures,
    so what the reasoning decides is this part alone."""
    stop = next((i for i, step in enumerate(trace.steps) if step.kind == SEARCH), None)
    if stop is None:
        return trace
    return replace(trace, steps=trace.steps[:stop], solved=False, search=None)


def not_unique_text(trace: Trace, margins: tuple[int, int, int, int] = (0, 0, 0, 0)) -> str:
    """What holds of a puzzle with several solutions, for its designer: how many cells
    step-by-step reasoning decides before it stops (``trace`` is the grade's, of the puzzle
    without its blank ``margins``; a blank margin's cells are decided too, being empty lines)."""
    top, bottom, left, right = margins
    inner = trace.puzzle.height * trace.puzzle.width
    total = (trace.puzzle.height + top + bottom) * (trace.puzzle.width + left + right)
    decided = sum(len(step.cells) for step in before_search(trace).steps) + total - inner
    return several_pictures_text(decided, total)


def several_pictures_text(decided: int, total: int) -> str:
    """The sentence for a puzzle with several solutions whose step-by-step reasoning decides
    ``decided`` of its ``total`` cells before it stops (black and white or colour)."""
    if decided == 0:
        found = "step-by-step reasoning decides none of its cells"
    else:
        found = (
            f"step-by-step reasoning decides {number(decided)} of its {number(total)} cells, "
            "then stops"
        )
    return f"Several pictures fit these clues: {found}."


def _beyond_where(f: Features) -> str:
    """When the grade's steps beyond the rules were taken.  Up to :data:`TUTOR_MAX_CELLS` cells
    the trace takes the easiest step anywhere first, and a step is beyond the rules when the rule
    set's first move on its line is not part of it: the rules, worked in their own order, may
    still decide every cell (the Designer Checks say so; without this the two read as a
    contradiction).  On a larger puzzle the rules go first and line logic only where they get
    stuck."""
    if f.cells <= TUTOR_MAX_CELLS:
        return " in easiest-first order"
    return " where they get stuck"


def explain(label: str, f: Features, titles: dict[str, str]) -> str:
    """The grade in words, built from the features."""
    if f.solutions == MULTIPLE:
        return f"{label}: the clues allow several pictures, so no reasoning can finish it"
    if f.solutions == NO_SOLUTION:
        return f"{label}: no picture fits the clues"
    if f.solutions == UNDECIDED:
        return f"{label}: grading stopped before it could tell whether the puzzle has one solution"
    parts = []
    if f.line_steps:
        parts.append(count_text(f.line_steps, "step") + " beyond the rules" + _beyond_where(f))
    for depth in (1, 2):
        cells = [(r, c) for r, c, d in f.probe_cells if d == depth]
        if cells:
            parts.append(f"{count_text(len(cells), f'depth-{depth} probe')} {_around(cells)}")
    if f.searched:
        parts.append("search deeper than depth-2 probing")
    if f.hardest_technique is None:
        return f"{label}: nothing to decide"
    hardest = BY_ID[f.hardest_technique]
    text = f"{label}: the hardest technique it needs is {hardest.name} (tier {hardest.tier})"
    used = f.techniques.get(f.hardest_technique, 0)
    if used:
        text += f", {times_text(used)}"
    if parts:
        text += f"; it also takes {_and(parts)}"
    else:
        text += " (the rules alone solve it)"
    if f.bottleneck_min == 1:
        text += "; at its narrowest only one line offers progress"
    return text
