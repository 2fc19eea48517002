"""What a rule-based solving trace records: its steps, the trace itself, replay and JSON form.

A :class:`Step` decides some cells of the grid for one reason (a rule fill on a row or column, or a
fallback beyond the rules); a :class:`Trace` is the ordered list of steps that solved (or gave up
on) a puzzle.  :mod:`nonostudio.analysis.tracing.trace` produces traces; the CLI and the GUI read
them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from nonostudio.analysis.catalogue.techniques import ORDER
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle, new_grid

if TYPE_CHECKING:
    from nonostudio.core.solver import SolveResult

RULE = "rule"
LINE = "line"
PROBE = "probe"
SEARCH = "search"
KINDS = (RULE, LINE, PROBE, SEARCH)
FALLBACK_KINDS = (LINE, PROBE, SEARCH)
AXES = ("row", "column", "")

# (element type, index, start, size) of a bound pattern variable, e.g. ("hint", 0, 0, 3).
BoundElement = tuple[str, int, int, int]


@dataclass(frozen=True)
class Step:
    """One deduction: the cells it decides and why.

    ``kind`` is ``"rule"`` (a rule's fill), ``"line"`` (the exact line solver: beyond the rules),
    ``"probe"`` (a cell whose other value contradicts line logic) or ``"search"`` (the rest of the
    grid from the complete solver).  ``axis``/``index`` name the row or column (0-based; ``""``
    for search).  For rule steps ``rule`` is the rule's name, ``flipped`` says the rule matched
    the line read right-to-left (bottom-to-top), ``env`` holds the bindings as the rule saw them
    (on the sub-line, flipped when ``flipped``) and ``subline`` the ``[start, end)`` cells of the
    oracle's sub-line the rule was applied to (None: the whole line).  ``cells`` are
    ``(row, column, value)`` triples, each decided by this step and by no earlier one.

    A trace of complete moves (the default) also names every step's **technique** (an id of
    :mod:`nonostudio.analysis.catalogue.techniques`): a rule step is that technique's complete move
    on its line, the rule that fired being the evidence (``rule``, ``flipped``, ``env``); ``text``
    is the step explained for a player, and ``focus_clues`` (the line's clue indices, 0-based) and
    ``focus_spans`` (``(what, start, end)`` cell ranges of the line, ``what`` being ``block``,
    ``gap`` or ``cells``) say what the text points at, for highlighting.  ``premises`` are
    the reasons the text states, as checkable claims
    (:mod:`nonostudio.analysis.explaining.premises`):
    ``{say, claims, cells}`` dicts, ``cells`` being ``[position, value]`` pairs of the line.
    """

    kind: str
    axis: str
    index: int
    rule: str | None
    flipped: bool
    env: dict[str, BoundElement]
    cells: tuple[tuple[int, int, int], ...]
    subline: tuple[int, int] | None
    note: str = ""
    technique: str = ""
    text: str = ""
    focus_clues: tuple[int, ...] = ()
    focus_spans: tuple[tuple[str, int, int], ...] = ()
    premises: tuple[dict[str, Any], ...] = ()

    @property
    def line(self) -> tuple[str, int] | None:
        """``(axis, index)`` of the step's row or column (None: the whole grid)."""
        return (self.axis, self.index) if self.axis else None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(
                f"unknown step kind {self.kind!r} (expected one of {', '.join(KINDS)})"
            )
        if self.axis not in AXES:
            raise ValueError(f"unknown axis {self.axis!r} (expected 'row', 'column' or '')")

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "axis": self.axis,
            "index": self.index,
            "rule": self.rule,
            "flipped": self.flipped,
            "env": {name: list(bound) for name, bound in self.env.items()},
            "cells": [list(cell) for cell in self.cells],
            "subline": None if self.subline is None else list(self.subline),
            "note": self.note,
            "technique": self.technique,
            "text": self.text,
            "focus": {
                "clues": list(self.focus_clues),
                "spans": [list(span) for span in self.focus_spans],
            },
            "premises": list(self.premises),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Step:
        subline = data.get("subline")
        return cls(
            kind=str(data["kind"]),
            axis=str(data["axis"]),
            index=int(data["index"]),
            rule=None if data.get("rule") is None else str(data["rule"]),
            flipped=bool(data.get("flipped", False)),
            env={
                str(k): (str(v[0]), int(v[1]), int(v[2]), int(v[3]))
                for k, v in data.get("env", {}).items()
            },
            cells=tuple((int(r), int(c), int(v)) for r, c, v in data["cells"]),
            subline=None if subline is None else (int(subline[0]), int(subline[1])),
            note=str(data.get("note", "")),
            technique=str(data.get("technique", "")),
            text=str(data.get("text", "")),
            focus_clues=tuple(int(i) for i in (data.get("focus") or {}).get("clues", ())),
            focus_spans=tuple(
                (str(w), int(a), int(b)) for w, a, b in (data.get("focus") or {}).get("spans", ())
            ),
            premises=tuple(dict(p) for p in data.get("premises") or ()),
        )


def _order(technique: str) -> int:
    return ORDER.get(technique, len(ORDER))


@dataclass(frozen=True)
class TraceSummary:
    """Counts of a trace: steps by kind, uses and cells per rule, cells decided beyond the rules."""

    steps: int
    rule_steps: int
    fallback_steps: dict[str, int]
    uses: dict[str, int]
    rule_cells: int
    fallback_cells: int
    techniques: dict[str, int] = field(default_factory=dict)
    """Steps per technique id (complete-move traces), in difficulty order."""

    def to_json(self) -> dict[str, Any]:
        return {
            "techniques": dict(self.techniques),
            "steps": self.steps,
            "rule_steps": self.rule_steps,
            "fallback_steps": dict(self.fallback_steps),
            "uses": dict(self.uses),
            "rule_cells": self.rule_cells,
            "fallback_cells": self.fallback_cells,
        }


@dataclass
class Trace:
    """The steps that solved ``puzzle`` with the rules of ``rule_set`` (and fallbacks)."""

    puzzle: Puzzle
    rule_set: str
    steps: list[Step]
    solved: bool
    seconds: float
    interrupted: bool = field(default=False)
    search: SolveResult | None = field(default=None, compare=False, repr=False)
    """The complete solver's result when a search step ran (not part of the JSON form)."""

    @property
    def stop_reason(self) -> str:
        """Why the complete solver gave up on its own when that cut the trace short (e.g. a
        formula too large for memory: ``SolveResult.reason``); empty when the trace ran to the
        end or a time limit or cancel stopped it."""
        if not self.interrupted or self.search is None:
            return ""
        return self.search.reason

    def first_fallback(self) -> int | None:
        """Index of the first step that is not a rule step (None: the rules did everything)."""
        for i, step in enumerate(self.steps):
            if step.kind != RULE:
                return i
        return None

    def grid_after(self, n: int) -> np.ndarray:
        """The grid after the first ``n`` steps (``int8``, UNKNOWN where undecided)."""
        if not 0 <= n <= len(self.steps):
            raise IndexError(f"a trace of {len(self.steps)} steps has no state after step {n}")
        grid = new_grid(self.puzzle.height, self.puzzle.width)
        for step in self.steps[:n]:
            for r, c, v in step.cells:
                grid[r, c] = v
        return grid

    def summary(self) -> TraceSummary:
        uses: Counter[str] = Counter()
        techniques: Counter[str] = Counter()
        fallback = dict.fromkeys(FALLBACK_KINDS, 0)
        rule_cells = fallback_cells = 0
        for step in self.steps:
            if step.technique:
                techniques[step.technique] += 1
            if step.kind == RULE:
                if step.rule is not None:
                    uses[step.rule] += 1
                rule_cells += len(step.cells)
            else:
                fallback[step.kind] += 1
                fallback_cells += len(step.cells)
        return TraceSummary(
            steps=len(self.steps),
            rule_steps=sum(1 for step in self.steps if step.kind == RULE),
            fallback_steps=fallback,
            uses=dict(uses),
            rule_cells=rule_cells,
            fallback_cells=fallback_cells,
            techniques=dict(sorted(techniques.items(), key=lambda item: _order(item[0]))),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "width": self.puzzle.width,
            "height": self.puzzle.height,
            "rule_set": self.rule_set,
            "solved": self.solved,
            "interrupted": self.interrupted,
            "seconds": round(self.seconds, 6),
            "steps": [step.to_json() for step in self.steps],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], puzzle: Puzzle) -> Trace:
        """Read :meth:`to_json`'s form back; ValueError when it does not fit ``puzzle``."""
        size = (data.get("width"), data.get("height"))
        if size != (puzzle.width, puzzle.height):
            raise ValueError(
                f"the trace is for a {size[0]}x{size[1]} puzzle, not {puzzle.size_text}"
            )
        steps = [Step.from_json(s) for s in data["steps"]]
        seen: set[tuple[int, int]] = set()
        for number, step in enumerate(steps, 1):
            for r, c, v in step.cells:
                if not (0 <= r < puzzle.height and 0 <= c < puzzle.width) or v not in (
                    FILLED,
                    CROSSED,
                ):
                    raise ValueError(
                        f"step {number} sets cell ({r}, {c}) to {v}: not a cell "
                        f"value inside the {puzzle.size_text} grid"
                    )
                if (r, c) in seen:
                    raise ValueError(f"step {number} decides cell ({r}, {c}) a second time")
                seen.add((r, c))
        return cls(
            puzzle,
            str(data.get("rule_set", "")),
            steps,
            bool(data["solved"]),
            float(data.get("seconds", 0.0)),
            bool(data.get("interrupted", False)),
        )
