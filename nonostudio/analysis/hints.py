"""The hint ladder: the next step of a solve, given away one rung at a time.

A hint has four rungs — where to look, which technique, which cells, apply — each shown on its
own key or button press: :func:`next_hint` finds the step from a player's grid, :func:`trace_hint`
from a trace being replayed, :func:`hint_ladder` gives its four texts.  Pure: no Qt here; the
Solve view builds its buttons on this (docs/design/analysis.md, "Hints").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nonostudio.analysis.move_line import cells_text
from nonostudio.analysis.naming import line_name
from nonostudio.analysis.narrate import step_effect
from nonostudio.analysis.steps import LINE, PROBE, SEARCH, Step, Trace
from nonostudio.analysis.techniques import BY_ID
from nonostudio.analysis.trace import rule_trace
from nonostudio.core.line import FILLED
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ast import Rule

RUNGS = ("where", "technique", "cells", "apply")
"""The rungs in order: ``HintLadder.rung(0)`` is where to look, ``rung(3)`` applies the step."""


@dataclass(frozen=True)
class HintLadder:
    """The four texts of a hint for ``step`` (see the module's docstring)."""

    step: Step
    where: str
    technique: str
    cells: str
    apply: str

    def rung(self, n: int) -> str:
        """The text of rung ``n`` (0 = where … 3 = apply); IndexError outside 0–3."""
        if not 0 <= n < len(RUNGS):
            raise IndexError(f"a hint has {len(RUNGS)} rungs (0–{len(RUNGS) - 1}), not {n}")
        return (self.where, self.technique, self.cells, self.apply)[n]

    def texts(self) -> tuple[str, str, str, str]:
        return self.where, self.technique, self.cells, self.apply


def _effect(step: Step) -> str:
    """``fill cells 3–8 and cross out cell 10`` (display numbers along the step's line)."""
    return step_effect(step, cells_text, ("fill", "cross out"))


def hint_ladder(step: Step) -> HintLadder:
    """The four rungs of a hint for ``step`` (a step of a complete-move trace)."""
    technique = BY_ID.get(step.technique)
    name = technique.name if technique is not None else "the exact line solver"
    idea = technique.idea if technique is not None else ""
    if step.kind == PROBE:
        r, c, v = step.cells[0]
        where = (
            f"Look at row {r + 1}, column {c + 1}: no single row or column decides "
            "anything now, but supposing a value for this cell does."
        )
        apply = f"{'Fill' if v == FILLED else 'Cross out'} the cell at row {r + 1}, column {c + 1}."
    elif step.kind == SEARCH:
        where = "Line logic and one-cell contradictions are stuck everywhere on this grid."
        apply = f"Fill in the remaining {len(step.cells)} cells from a solution."
    else:
        where = f"Look at {line_name(step.axis, step.index).lower()}"
        if step.subline is not None:
            start, end = step.subline
            where += f", {cells_text(range(start, end))}"
        where += "."
        apply = f"On {line_name(step.axis, step.index).lower()}, {_effect(step)}."
    which = f"Use {name}" + (f" (tier {technique.tier})" if technique is not None else "")
    which += f": {idea}" if idea else "."
    if step.kind == LINE:
        which += " (None of your rules covers this step.)"
    cells = step.text or apply
    return HintLadder(step, where, which, cells, apply)


def next_hint(
    puzzle: Puzzle,
    grid: np.ndarray,
    rules: Sequence[Rule],
    *,
    rule_set: str = "",
    should_stop: StopCallback | None = None,
) -> HintLadder | None:
    """The hint for the next step from the player's ``grid`` (None: the grid is complete, or
    the search was stopped).  The grid must hold no mistakes (check them first)."""
    trace = rule_trace(
        puzzle, rules, rule_set=rule_set, start_grid=grid, max_steps=1, should_stop=should_stop
    )
    return hint_ladder(trace.steps[0]) if trace.steps else None


def trace_hint(trace: Trace, position: int) -> HintLadder | None:
    """The hint for the next step of a ``trace`` replayed up to ``position`` steps (None: the
    replay is at the last step, or ``position`` is outside the trace)."""
    if not 0 <= position < len(trace.steps):
        return None
    return hint_ladder(trace.steps[position])


def apply_step(grid: np.ndarray, step: Step) -> np.ndarray:
    """A copy of ``grid`` with the step's cells set (rung 4)."""
    out = np.array(grid, dtype=np.int8, copy=True)
    for r, c, v in step.cells:
        out[r, c] = v
    return out
