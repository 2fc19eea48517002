"""The hint ladder: the next step of a solve, given away one rung at a time, from vague to exact.

A hint's rungs come from the step's premises (:mod:`nonostudio.analysis.explaining.premises`), each
shown on its own key or button press: **where** to look (the line; for a contradiction the cell to
suppose), **which technique**, the **premise** (the first reason: a clue's bounds, the block or gap
it is about; for a contradiction the supposition and the chain's first lines), the **cells** (the
step explained, every premise and the cells they decide) and **apply**.  The ladder follows the
trace's order, a tutor's pace: :func:`next_hint` takes the easiest step from a player's grid,
:func:`trace_hint` the next step of a trace being replayed.  :func:`step_chain` reads a
contradiction's chain from its premises, for drawing.  Pure: no Qt here; the Solve view builds its
buttons and highlights on this (docs/design/analysis.md, "Hints").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import numpy as np

from nonostudio.analysis.catalogue.technique_moves import normal_clues
from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.move_line import cells_text
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.narrate import step_effect
from nonostudio.analysis.explaining.premise_text import Naming, part_text
from nonostudio.analysis.explaining.step_text import premise_sentence
from nonostudio.analysis.tracing.steps import LINE, PROBE, SEARCH, Step, Trace
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.language.ast import Rule

RUNGS = ("where", "technique", "premise", "cells", "apply")
"""The rungs in order: ``HintLadder.rung(0)`` is where to look, ``rung(4)`` applies the step."""

PREMISE, CELLS = RUNGS.index("premise"), RUNGS.index("cells")

CHAIN_LINES_SHOWN = 2
"""How many forced lines of a contradiction's chain the premise rung shows."""

# Where a premise's words turn from its reason to what it decides (the last one found), and how
# much of the mark the reason keeps.
_CONCLUSIONS = ((", so ", 0), ("; either way ", 0), ("; both agree that ", 0), (" fits, ", 5))


@dataclass(frozen=True)
class ChainLine:
    """One line of a contradiction's chain: its place in the chain (``number``, from 1), the
    line, and the ``(row, column, value)`` cells it decides under the supposition; the ``dead``
    line decides nothing: no arrangement of its clue fits it."""

    number: int
    axis: str
    index: int
    cells: tuple[tuple[int, int, int], ...]
    dead: bool = False

    @property
    def name(self) -> str:
        return line_name(self.axis, self.index).lower()


@dataclass(frozen=True)
class Chain:
    """A contradiction step read from its premises: the cell supposed (``row``, ``column``,
    ``assumed`` value) and the lines that follow, in order, the dead line last."""

    row: int
    column: int
    assumed: int
    lines: tuple[ChainLine, ...]

    def dead_line(self) -> ChainLine | None:
        return next((line for line in self.lines if line.dead), None)


def step_chain(premises: Sequence[dict[str, Any]]) -> Chain | None:
    """The chain of a contradiction step's premises (``suppose``, ``forced`` lines, ``dead``),
    or of their first ones; None when the premises are not a chain."""
    if not premises or premises[0].get("say") != "suppose":
        return None
    assume = premises[0]["claims"][0]
    lines: list[ChainLine] = []
    for premise in premises[1:]:
        say = premise.get("say")
        if say not in ("forced", "dead"):
            continue
        claim = premise["claims"][0]
        axis, index = str(claim["axis"]), int(claim["index"])
        cells = tuple(
            (index, int(p), int(v)) if axis == "row" else (int(p), index, int(v))
            for p, v in premise.get("cells", ())
        )
        lines.append(ChainLine(len(lines) + 1, axis, index, cells, say == "dead"))
    return Chain(int(assume["row"]), int(assume["column"]), int(assume["value"]), tuple(lines))


class _Premised(Protocol):
    @property
    def premises(self) -> tuple[dict[str, Any], ...]: ...


S = TypeVar("S", bound=_Premised)


@dataclass(frozen=True)
class Ladder(Generic[S]):
    """The rungs of a hint for a ``step`` of any kind of trace (black and white:
    :class:`HintLadder`; colour: ``nonostudio.analysis.colour.hints.ColourHintLadder``);
    ``shown_premises`` are the premises the premise rung reveals (highlighted from that rung on)."""

    step: S
    where: str
    technique: str
    premise: str
    cells: str
    apply: str
    shown_premises: tuple[dict[str, Any], ...] = ()

    def rung(self, n: int) -> str:
        """The text of rung ``n`` (0 = where … 4 = apply); IndexError outside them."""
        if not 0 <= n < len(RUNGS):
            raise IndexError(f"a hint has {len(RUNGS)} rungs (0–{len(RUNGS) - 1}), not {n}")
        return self.texts()[n]

    def texts(self) -> tuple[str, str, str, str, str]:
        return self.where, self.technique, self.premise, self.cells, self.apply

    def premises_at(self, n: int) -> tuple[dict[str, Any], ...]:
        """The premises rung ``n`` points at: none before the premise rung, the first ones on
        it, all of them from the cells rung on."""
        if n < PREMISE:
            return ()
        return self.shown_premises if n == PREMISE else self.step.premises


class HintLadder(Ladder[Step]):
    """The rungs of a hint for a black-and-white ``step`` (see the module's docstring)."""


def _effect(step: Step) -> str:
    """``fill cells 3–8 and cross out cell 10`` (display numbers along the step's line)."""
    return step_effect(step, cells_text, ("fill", "cross out"))


def _cells_words(cells: Sequence[Sequence[int]]) -> str:
    """``cells 21–22 filled, cell 13 empty`` (positions along a line)."""
    parts = []
    for value, word in ((FILLED, "filled"), (CROSSED, "empty")):
        ps = [int(p) for p, v in cells if v == value]
        if ps:
            parts.append(f"{cells_text(ps)} {word}")
    return ", ".join(parts)


def _reason(words: str) -> str:
    """A premise's words up to what it decides: its reason."""
    cut = max((words.rfind(mark), keep) for mark, keep in _CONCLUSIONS)
    return words[: cut[0] + cut[1]] if cut[0] > 0 else words


def _line_premise(step: Step, puzzle: Puzzle) -> tuple[str, tuple[dict[str, Any], ...]]:
    """The premise rung of a line step: the first premise's reason (after the part of the line
    it holds on, when it is an oracle's part), and the premises it draws from."""
    clues = puzzle.rows[step.index] if step.axis == "row" else puzzle.cols[step.index]
    size = puzzle.width if step.axis == "row" else puzzle.height
    nm = Naming(step.axis, normal_clues(clues), size)
    shown: list[dict[str, Any]] = []
    said: list[str] = []
    for premise in step.premises:
        shown.append(premise)
        if premise["say"] == "part":
            said.append(part_text(nm, premise))
            continue
        reason = _reason(premise_sentence(nm, premise))
        if not reason.startswith("so "):  # (a part's emptiness: the part is the reason)
            said.append(reason)
        break
    if not said:
        return "", ()
    text = "; ".join(said)
    return f"On {line_name(step.axis, step.index).lower()}, {text}.", tuple(shown)


def _chain_premise(step: Step) -> tuple[str, tuple[dict[str, Any], ...]]:
    """The premise rung of a contradiction: the supposition and the chain's first lines (a line
    that decides more cells than the chain uses lists those it uses, "among others")."""
    chain = step_chain(step.premises)
    if chain is None:
        return "", ()
    was = "filled" if chain.assumed == FILLED else "empty"
    forced = [p for p in step.premises[1:] if p["say"] == "forced"][:CHAIN_LINES_SHOWN]
    words = [f"Suppose row {chain.row + 1}, column {chain.column + 1} were {was}"]
    for premise in forced:
        claim = premise["claims"][0]
        words.append(f"{line_name(claim['axis'], claim['index']).lower()}: ")
        words[-1] += _cells_words(premise["cells"])
        if claim.get("used"):  # the line decides other cells too: these are the chain's
            words[-1] += ", among others"
    more = len(chain.lines) - len(forced)
    tail = (
        f" → … ({more} more line{'s' if more != 1 else ''}: follow on until a line has no "
        "room for its clue)"
        if more
        else ""
    )
    return " → ".join(words) + tail + ".", (step.premises[0], *forced)


def hint_ladder(step: Step, puzzle: Puzzle) -> HintLadder:
    """The rungs of a hint for ``step`` (a step of a complete-move trace of ``puzzle``)."""
    technique = BY_ID.get(step.technique)
    name = technique.name if technique is not None else "the exact line solver"
    idea = technique.idea_on(step.axis) if technique is not None else ""
    premise, shown = "", tuple[dict[str, Any], ...]()
    if step.kind == PROBE:
        r, c, v = step.cells[0]
        where = (
            f"Look at row {r + 1}, column {c + 1}: no single row or column decides "
            "anything now, but supposing a value for this cell does."
        )
        apply = f"{'Fill' if v == FILLED else 'Cross out'} the cell at row {r + 1}, column {c + 1}."
        premise, shown = _chain_premise(step)
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
        premise, shown = _line_premise(step, puzzle)
    which = f"Use {name}" + (f" (tier {technique.tier})" if technique is not None else "")
    which += f": {idea}" if idea else "."
    if step.kind == LINE:
        which += " (None of your rules covers this step.)"
    cells = step.text or apply
    return HintLadder(step, where, which, premise or cells, cells, apply, shown)


def next_hint(
    puzzle: Puzzle,
    grid: np.ndarray,
    rules: Sequence[Rule],
    *,
    rule_set: str = "",
    should_stop: StopCallback | None = None,
) -> HintLadder | None:
    """The hint for the next step from the player's ``grid``: the easiest step anywhere, as a
    trace takes it (None: the grid is complete, or the search was stopped).  The grid must hold
    no mistakes (check them first)."""
    trace = rule_trace(
        puzzle, rules, rule_set=rule_set, start_grid=grid, max_steps=1, should_stop=should_stop
    )
    return hint_ladder(trace.steps[0], puzzle) if trace.steps else None


def trace_hint(trace: Trace, position: int) -> HintLadder | None:
    """The hint for the next step of a ``trace`` replayed up to ``position`` steps (None: the
    replay is at the last step, or ``position`` is outside the trace)."""
    if not 0 <= position < len(trace.steps):
        return None
    return hint_ladder(trace.steps[position], trace.puzzle)


def apply_step(grid: np.ndarray, step: Step) -> np.ndarray:
    """A copy of ``grid`` with the step's cells set (the last rung)."""
    out = np.array(grid, dtype=np.int8, copy=True)
    for r, c, v in step.cells:
        out[r, c] = v
    return out
