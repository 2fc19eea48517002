"""A colour puzzle solved at a tutor's pace, step by step.

Each step is the easiest move that narrows a cell's set of colours anywhere in the grid (ties:
rows before columns, in reading order): first the black-and-white techniques on one colour at a
time (:mod:`.projection`, in the black-and-white difficulty order, colours in palette order),
then the colour techniques (:mod:`.catalogue`), ordered together by tier, a per-colour step
before a colour technique of the same tier; the exact colour line solver ("all colour
arrangements agree") comes last.  Every step's cells are checked against the exact colour line
solver on its line (:class:`UnsoundColourStepError` otherwise).  When line logic is stuck before
the grid is decided, a search step takes one undecided cell (the first in reading order) as its
colour in the solution the colour solver found, says so, and line logic goes on.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nonostudio.analysis.catalogue.techniques import BY_ID, CATALOGUE, SEARCH
from nonostudio.analysis.colour.catalogue import COLOUR_BY_ID, COLOUR_CATALOGUE
from nonostudio.analysis.colour.colour_text import colour_premises, colour_sentence
from nonostudio.analysis.colour.projection import lift, project, projected_move, projected_step
from nonostudio.analysis.colour.words import change_text, colour_name
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.core.colour.linesolver import solve_colour_line
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.colour.solver import solve_colour
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.solver import Verdict

PER_COLOUR = "per_colour"
COLOUR = "colour"
GUESS = "search"

ENTRIES: tuple[tuple[int, str, str], ...] = tuple(
    sorted(
        [(t.tier, PER_COLOUR, t.id) for t in CATALOGUE]
        + [(t.tier, COLOUR, t.id) for t in COLOUR_CATALOGUE],
        key=lambda e: (e[0], e[1] != PER_COLOUR),
    )
)
"""Every line move of a colour trace, easiest first: ``(tier, kind, technique id)``."""


class UnsoundColourStepError(RuntimeError):
    """A step removed a colour the exact colour line solver keeps (a bug, never the puzzle's)."""


class ColourContradiction(Exception):
    """A line cannot hold its clue: the puzzle has no solution."""

    def __init__(self, axis: str, index: int) -> None:
        super().__init__(f"{line_name(axis, index).lower()} cannot hold its clue")
        self.axis, self.index = axis, index


@dataclass(frozen=True)
class ColourStep:
    """One step: its kind (``per_colour``, ``colour`` or ``search``), technique, tier, line
    (None for a search step), the colour looked at (per-colour steps), the cells it narrowed as
    ``(row, column, set before, set after)`` (sets are bitmasks of palette indices), its
    sentence and premises."""

    kind: str
    technique: str
    tier: int
    axis: str | None
    index: int | None
    colour: int | None
    cells: tuple[tuple[int, int, int, int], ...]
    text: str
    premises: tuple[dict[str, Any], ...] = ()

    @property
    def technique_name(self) -> str:
        if self.kind == COLOUR:
            return COLOUR_BY_ID[self.technique].name
        return BY_ID[self.technique].name

    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """The step as ``explain --json`` gives it; cells as ``[row, column, [colour names
        still possible]]`` (0-based; the background is ``names[0]``)."""

        def names_of(cell: int) -> list[str]:
            return [names[i] for i in range(len(names)) if cell >> i & 1]

        return {
            "technique": self.technique,
            "technique_name": self.technique_name,
            "kind": self.kind,
            "tier": self.tier,
            "line": None
            if self.axis is None or self.index is None
            else {"axis": self.axis, "index": self.index, "name": line_name(self.axis, self.index)},
            "colour": None if self.colour is None else names[self.colour],
            "cells": [[r, c, names_of(after)] for r, c, _, after in self.cells],
            "text": self.text,
            "premises": list(self.premises),
        }


@dataclass
class ColourTrace:
    """The steps of a colour trace, its verdict (``solved``, ``undecided`` at the time limit,
    ``no solution``) and the cell sets it reached (rows of bitmasks)."""

    puzzle: ColourPuzzle
    steps: list[ColourStep] = field(default_factory=list)
    verdict: str = "solved"
    reason: str | None = None
    grid: list[list[int]] = field(default_factory=list)
    solutions: str = "unique"
    """What the colour solver says: ``unique``, ``multiple``, ``none`` or ``undecided`` (only
    asked when line logic is stuck; ``unique`` when line logic alone solves the puzzle)."""
    seconds: float = 0.0
    cancelled: bool = False
    """Whether ``should_stop`` ended the trace (then the verdict is ``undecided``)."""

    @property
    def solved(self) -> bool:
        return self.verdict == "solved"

    def cells_by_kind(self) -> dict[str, int]:
        """Cells decided (left with one colour) by each kind of step."""
        out = {PER_COLOUR: 0, COLOUR: 0, GUESS: 0}
        for step in self.steps:
            out[step.kind] += sum(1 for *_, a in step.cells if a and not a & (a - 1))
        return out


def _first_move(
    clue: Sequence[tuple[int, int]], cells: tuple[int, ...], ncolours: int
) -> tuple[int, int | None, tuple[int, ...]] | None:
    """The easiest entry of :data:`ENTRIES` that narrows the line: ``(entry, colour, cells
    after)``; None when none does.  Raises ValueError when the line cannot hold its clue."""
    exact = solve_colour_line(tuple(clue), cells, ncolours)
    if exact is None:
        raise ValueError("the line cannot hold its clue")
    if exact == cells:  # every move is sound, so none narrows what the exact solver keeps
        return None
    undecided = [c for c in range(1, ncolours) if any(x >> c & 1 and x != 1 << c for x in cells)]
    projections = [(colour, *project(clue, cells, colour)) for colour in undecided]
    for e, (_, kind, tid) in enumerate(ENTRIES):
        if kind == PER_COLOUR:
            for colour, hints, bw in projections:
                moved_bw = projected_move(tid, hints, bw)
                if moved_bw != bw:
                    after = lift(cells, colour, bw, moved_bw)
                    if after != cells:
                        return e, colour, after
        else:
            moved = COLOUR_BY_ID[tid].apply(clue, cells, ncolours)
            if moved is None:
                raise ValueError("the line cannot hold its clue")
            if moved != cells:
                return e, None, moved
    return None


class _ColourTracer:
    def __init__(
        self,
        puzzle: ColourPuzzle,
        deadline: float | None,
        should_stop: StopCallback | None = None,
        memory_budget: int | None = None,
    ) -> None:
        self.puzzle = puzzle
        self.palette = puzzle.palette
        self.ncolours = len(puzzle.palette)
        self.height, self.width = len(puzzle.rows), len(puzzle.cols)
        full = puzzle.used_mask  # a colour no clue uses is in no cell: no step says so
        self.grid = [[full] * self.width for _ in range(self.height)]
        self.deadline = deadline
        self.should_stop = should_stop
        self.memory_budget = memory_budget  # the colour solver's formula's bytes (None: default)
        self.cache: dict[tuple[str, int], tuple[tuple[int, ...], Any]] = {}
        self.solution: tuple[tuple[int, ...], ...] | None = None
        self.solutions = "unique"
        self.gave_up = ""  # why the colour solver gave up on its own (too large for memory)

    def line(self, axis: str, index: int) -> tuple[int, ...]:
        if axis == "row":
            return tuple(self.grid[index])
        return tuple(row[index] for row in self.grid)

    def clue(self, axis: str, index: int) -> tuple[tuple[int, int], ...]:
        return (self.puzzle.rows if axis == "row" else self.puzzle.cols)[index]

    def lines(self) -> list[tuple[str, int]]:
        return [("row", i) for i in range(self.height)] + [("column", i) for i in range(self.width)]

    def next_line_step(self) -> ColourStep | None:
        best: tuple[int, str, int, int | None, tuple[int, ...]] | None = None
        for axis, index in self.lines():
            cells = self.line(axis, index)
            known = self.cache.get((axis, index))
            if known is None or known[0] != cells:
                try:
                    found = _first_move(self.clue(axis, index), cells, self.ncolours)
                except ValueError:
                    raise ColourContradiction(axis, index) from None
                known = (cells, found)
                self.cache[(axis, index)] = known
            found = known[1]
            if found is not None and (best is None or found[0] < best[0]):
                best = (found[0], axis, index, found[1], found[2])
                if found[0] == 0:
                    break
        if best is None:
            return None
        entry, axis, index, colour, moved = best
        return self.make_step(entry, axis, index, colour, moved)

    def make_step(
        self, entry: int, axis: str, index: int, colour: int | None, moved: tuple[int, ...]
    ) -> ColourStep:
        tier, kind, tid = ENTRIES[entry]
        clue = self.clue(axis, index)
        before = self.line(axis, index)
        premises: tuple[dict[str, Any], ...] = ()
        after = moved
        if kind == PER_COLOUR:
            assert colour is not None
            step = projected_step(tid, axis, index, clue, before, colour, self.palette)
            if step is not None:  # the cells its sentence has room for; the rest come next
                after, premises, text = step.after, step.premises, step.text
            else:
                name = colour_name(self.palette, colour)
                text = (
                    f"{line_name(axis, index)}, looking only at the {name} clues — "
                    f"{BY_ID[tid].name}: so {change_text(self.palette, before, after)}."
                )
        else:
            premises = tuple(colour_premises(tid, clue, before, after))
            text = colour_sentence(tid, axis, index, clue, premises, before, after, self.palette)
        exact = solve_colour_line(clue, before, self.ncolours)
        if exact is None or any(t & ~a for t, a in zip(exact, after, strict=True)):
            raise UnsoundColourStepError(
                f"{line_name(axis, index)}: {tid} removed a colour the exact colour line solver "
                f"keeps ({before} -> {after}, exact {exact})"
            )
        cells = []
        for p, (b, a) in enumerate(zip(before, after, strict=True)):
            if a != b:
                r, c = (index, p) if axis == "row" else (p, index)
                cells.append((r, c, b, a))
                self.grid[r][c] = a
        return ColourStep(kind, tid, tier, axis, index, colour, tuple(cells), text, premises)

    def search_step(self) -> ColourStep | str:
        """A guess, or why there is none: ``none`` (no solution), ``undecided`` or
        ``cancelled``."""
        if self.solution is None:
            left = None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
            found = solve_colour(
                self.puzzle.rows,
                self.puzzle.cols,
                self.ncolours,
                time_limit=left,
                should_stop=self.should_stop,
                memory_budget=self.memory_budget,
            )
            if found.cancelled:
                self.solutions = "undecided"
                return "cancelled"
            if found.verdict is Verdict.NO_SOLUTION:
                self.solutions = "none"
                return "none"
            if found.solution is None:
                self.solutions = "undecided"
                self.gave_up = found.reason
                return "undecided"
            self.solutions = {Verdict.MULTIPLE: "multiple", Verdict.UNDECIDED: "undecided"}.get(
                found.verdict, "unique"
            )
            self.solution = found.solution
        for r, row in enumerate(self.grid):
            for c, cell in enumerate(row):
                if cell & (cell - 1):
                    value = self.solution[r][c]
                    name = colour_name(self.palette, value)
                    why = (
                        f"the puzzle's one solution has it {name}"
                        if self.solutions == "unique"
                        else f"one of the puzzle's solutions has it {name}"
                    )
                    self.grid[r][c] = 1 << value
                    text = (
                        f"Row {r + 1}, column {c + 1} — {BY_ID[SEARCH].name}: no line decides "
                        f"anything more; so take this cell as {name} and go on ({why})."
                    )
                    return ColourStep(
                        GUESS,
                        SEARCH,
                        BY_ID[SEARCH].tier,
                        None,
                        None,
                        None,
                        ((r, c, cell, 1 << value),),
                        text,
                    )
        return "solved"

    def solved(self) -> bool:
        return all(not x & (x - 1) for row in self.grid for x in row)


def colour_trace(
    puzzle: ColourPuzzle,
    *,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    memory_budget: int | None = None,
) -> ColourTrace:
    """Trace ``puzzle`` at a tutor's pace (see the module docstring); within ``time_limit``
    seconds, past which the verdict is ``undecided``.  ``progress(fraction, message)`` is
    called after each step (the share of cells decided); ``should_stop()`` returning True ends
    the trace (``undecided``, with ``cancelled`` set), checked before each step and by the
    colour solver a search step asks.  ``memory_budget`` is the bytes that solver's SAT formula
    may take (None: its default); a formula over it ends the trace ``undecided`` with the
    solver's ``reason``."""
    started = time.monotonic()
    deadline = None if time_limit is None else started + time_limit
    t = _ColourTracer(puzzle, deadline, should_stop, memory_budget)
    trace = ColourTrace(puzzle)
    total = len(puzzle.rows) * len(puzzle.cols)
    known = sum(1 for row in t.grid for x in row if not x & (x - 1))  # counted once, then kept
    while True:
        if should_stop is not None and should_stop():
            trace.verdict, trace.cancelled = "undecided", True
            break
        if deadline is not None and time.monotonic() > deadline:
            trace.verdict = "undecided"
            break
        try:
            step = t.next_line_step()
        except ColourContradiction as exc:
            trace.verdict, trace.reason = "no solution", str(exc)
            t.solutions = "none"
            break
        if step is None:
            if t.solved():
                break
            guess = t.search_step()
            if isinstance(guess, str):
                trace.verdict = "no solution" if guess == "none" else "undecided"
                trace.cancelled = guess == "cancelled"
                if guess == "undecided" and t.gave_up:  # not the time limit: say what it was
                    trace.reason = t.gave_up
                break
            step = guess
        trace.steps.append(step)
        # the cells this step decided (a step only narrows, so none is undecided again)
        known += sum(1 for *_, b, a in step.cells if b & (b - 1) and not a & (a - 1))
        if progress is not None:
            report_count(
                progress, known, total, f"step {len(trace.steps)}: {known} of {total} cells"
            )
    trace.grid = [list(row) for row in t.grid]
    trace.solutions = t.solutions
    trace.seconds = time.monotonic() - started
    return trace
