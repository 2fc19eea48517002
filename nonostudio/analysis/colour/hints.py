"""The hint ladder of a colour puzzle, and the player's grid of colour sets it works on.

A player's grid (solving by hand, or a replayed trace) is rows of cell sets: bitmasks of the
palette indices a cell may still be (:mod:`nonostudio.core.colour.model`).  A hint gives the next
step of a colour trace (:mod:`.trace`) away one rung at a time, as for black and white
(:data:`nonostudio.analysis.helping.hints.RUNGS`): **where** to look (the line), **which
technique** (for a per-colour step, the colour looked at too), the **premise** (the first
reason, in the words of the step's sentence), the **cells** (the step's sentence) and **apply**.
:func:`next_colour_hint` takes the easiest step from a player's grid, :func:`colour_trace_hint`
the next step of a trace being replayed.  Pure: no Qt here.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from nonostudio.analysis.catalogue.technique_moves import normal_clues
from nonostudio.analysis.catalogue.techniques import BY_ID, cell_ranges_text
from nonostudio.analysis.colour.catalogue import COLOUR_BY_ID
from nonostudio.analysis.colour.colour_text import _starts_text, reach_reason
from nonostudio.analysis.colour.projection import project
from nonostudio.analysis.colour.trace import (
    COLOUR,
    GUESS,
    PER_COLOUR,
    ColourContradiction,
    ColourStep,
    ColourTrace,
    _ColourTracer,
)
from nonostudio.analysis.colour.words import change_text, colour_clue_text, colour_name
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.premise_text import Naming, along, part_text
from nonostudio.analysis.explaining.step_text import premise_sentence
from nonostudio.analysis.helping.hints import Ladder, _reason
from nonostudio.core.colour.linesolver import solve_colour_line
from nonostudio.core.colour.model import ColourGrid, ColourPuzzle
from nonostudio.core.progress import StopCallback

#: A grid of cell sets: rows of bitmasks of the palette indices still possible.
CellSets = tuple[tuple[int, ...], ...]


def unknown_grid(puzzle: ColourPuzzle) -> CellSets:
    """Every cell unknown: the background and every colour the clues use still possible."""
    full = puzzle.used_mask
    return tuple((full,) * puzzle.width for _ in range(puzzle.height))


def decided(cell: int) -> bool:
    """Whether a cell set holds exactly one colour."""
    return cell != 0 and not cell & (cell - 1)


def grid_after(trace: ColourTrace, position: int) -> CellSets:
    """The cell sets after the first ``position`` steps of ``trace``."""
    grid = [list(row) for row in unknown_grid(trace.puzzle)]
    for step in trace.steps[: max(0, position)]:
        for r, c, _before, after in step.cells:
            grid[r][c] = after
    return tuple(tuple(row) for row in grid)


def apply_colour_step(grid: Sequence[Sequence[int]], step: ColourStep) -> CellSets:
    """A copy of ``grid`` with the step's cells narrowed to what the step leaves them."""
    out = [list(row) for row in grid]
    for r, c, _before, after in step.cells:
        out[r][c] = out[r][c] & after or after
    return tuple(tuple(row) for row in out)


def _unique_end(trace: ColourTrace | None, puzzle: ColourPuzzle) -> bool:
    """Whether ``trace`` is of ``puzzle``'s clues and ended on its one solution."""
    return (
        trace is not None
        and trace.puzzle.rows == puzzle.rows
        and trace.puzzle.cols == puzzle.cols
        and trace.solved
        and trace.solutions == "unique"
        and all(decided(x) for row in trace.grid for x in row)
    )


def reference_colour_solution(trace: ColourTrace | None, puzzle: ColourPuzzle) -> ColourGrid | None:
    """The solution a player's cells are judged against: the end of a trace that solved a puzzle
    with one solution, else the puzzle's goal picture (None: neither is known)."""
    if trace is not None and _unique_end(trace, puzzle):
        return tuple(tuple(x.bit_length() - 1 for x in row) for row in trace.grid)
    return puzzle.goal


def judged_by_the_only_solution(trace: ColourTrace | None, puzzle: ColourPuzzle) -> bool:
    """Whether :func:`reference_colour_solution` is the puzzle's only solution, so a cell that
    lost its colour *cannot* be what the player marked.  Otherwise it is the puzzle's own
    picture (the goal), and another picture may fit the clues as well: a cell that differs from
    it may be right (a 3x3 with two red diagonals: the player's other diagonal was "2 mistakes:
    ... cannot be what you marked", then "Solved!" once finished)."""
    return _unique_end(trace, puzzle)


def colour_mistakes(
    grid: Sequence[Sequence[int]], solution: Sequence[Sequence[int]] | None
) -> list[tuple[int, int]]:
    """Cells whose set of colours has lost the solution's colour (a wrong colour painted, or
    the right one pencilled out), in reading order; none without a solution."""
    if solution is None:
        return []
    return [
        (r, c)
        for r, row in enumerate(grid)
        for c, cell in enumerate(row)
        if not cell >> solution[r][c] & 1
    ]


def colour_grid_solves(puzzle: ColourPuzzle, grid: Sequence[Sequence[int]]) -> bool:
    """Whether every cell is decided and the picture they make satisfies every clue."""
    if not all(decided(x) for row in grid for x in row):
        return False
    return puzzle.is_solution(tuple(tuple(x.bit_length() - 1 for x in row) for row in grid))


class ColourHintLadder(Ladder[ColourStep]):
    """The rungs of a hint for a colour ``step`` (see the module docstring)."""


def _per_colour_premise(step: ColourStep, puzzle: ColourPuzzle) -> tuple[str, tuple[Any, ...]]:
    """The first reason of a per-colour step, on the projected line (true of it, as the step's
    sentence is)."""
    assert step.axis is not None and step.index is not None and step.colour is not None
    clue = (puzzle.rows if step.axis == "row" else puzzle.cols)[step.index]
    hints, _bw = project(clue, (0,) * len(clue), step.colour)
    size = puzzle.width if step.axis == "row" else puzzle.height
    nm = Naming(step.axis, normal_clues(hints), size)
    shown: list[dict[str, Any]] = []
    said: list[str] = []
    for premise in step.premises:  # as for black and white: the parts it holds on, then why
        shown.append(premise)
        if premise.get("say") == "part":
            said.append(part_text(nm, premise))
            continue
        reason = _reason(premise_sentence(nm, premise))
        if not reason.startswith("so "):
            said.append(reason)
        break
    if not said:
        return "", ()
    name = colour_name(puzzle.palette, step.colour)
    numbers = " ".join(map(str, hints)) or "0"
    return (
        f"On {line_name(step.axis, step.index).lower()}, looking only at the {name} "
        f"clue{'s' if len(hints) > 1 else ''} {numbers}: {'; '.join(said)}.",
        tuple(shown),
    )


def _colour_premise(step: ColourStep, puzzle: ColourPuzzle) -> tuple[str, tuple[Any, ...]]:
    """The first reason of a colour technique's step, in its sentence's words."""
    assert step.axis is not None and step.index is not None
    clue = (puzzle.rows if step.axis == "row" else puzzle.cols)[step.index]
    palette = puzzle.palette
    on = f"On {line_name(step.axis, step.index).lower()}, "
    if step.technique == "colour_reach":  # the clues that bound the cell, not the first item
        changed = [(c if step.axis == "row" else r, b, a) for r, c, b, a in step.cells]
        reason, shown = reach_reason(palette, clue, step.premises, changed)
        if reason:
            return f"{on}{reason}.", shown
    for premise in step.premises:
        claim = premise.get("claim")
        if claim == "exact":  # the exact solver's: every arrangement of the clue, compared
            return (
                f"{on}in every way the clue {colour_clue_text(palette, clue)} fits the line, some "
                "cells agree.",
                (premise,),
            )
        if claim == "item_starts":
            return on + _starts_text(palette, clue, premise) + ".", (premise,)
        if claim == "block":
            name = colour_name(palette, premise["colour"])
            where = f"cells {cell_ranges_text(range(premise['start'], premise['end']))}"
            return (
                f"{on}the {name} block at {where} is as long as the longest {name} clue that "
                f"can hold it ({premise['longest']}), so it is finished.",
                (premise,),
            )
    return "", ()


def colour_hint_ladder(step: ColourStep, puzzle: ColourPuzzle) -> ColourHintLadder:
    """The rungs of a hint for ``step`` (a step of a colour trace of ``puzzle``)."""
    palette = puzzle.palette
    premise, shown = "", tuple[dict[str, Any], ...]()
    if step.kind == GUESS or step.axis is None or step.index is None:
        r, c, _before, after = step.cells[0]
        name = colour_name(palette, after.bit_length() - 1)
        where = "No row or column decides anything more on this grid: one cell must be taken."
        # (one of the solutions: a puzzle with several has no "the solution" to take it from)
        which = (
            f"Use {BY_ID[step.technique].name}: take one cell as one of the puzzle's solutions "
            "has it."
        )
        apply = f"Take row {r + 1}, column {c + 1} as {name}."
        return ColourHintLadder(step, where, which, step.text, step.text, apply)
    line = line_name(step.axis, step.index).lower()
    where = f"Look at {line}."
    if step.kind == PER_COLOUR:
        assert step.colour is not None
        technique = BY_ID[step.technique]
        name = colour_name(palette, step.colour)
        which = (
            f"Look only at the {name} clues ({name} as filled, every other colour as empty: a "
            f"cross means not {name}, the background or another colour) and use "
            f"{technique.name} (tier {technique.tier}): {technique.idea_on(step.axis)}"
        )
        premise, shown = _per_colour_premise(step, puzzle)
    else:
        assert step.kind == COLOUR
        colour_technique = COLOUR_BY_ID[step.technique]
        which = (
            f"Use {colour_technique.name} (tier {colour_technique.tier}): "
            f"{along(colour_technique.idea, step.axis)}"
        )
        premise, shown = _colour_premise(step, puzzle)
    size = puzzle.width if step.axis == "row" else puzzle.height
    was, now = [0] * size, [0] * size  # cells the step leaves alone are equal: unsaid
    for r, c, b, a in step.cells:
        p = c if step.axis == "row" else r
        was[p], now[p] = b, a
    effect = change_text(palette, was, now)
    apply = f"On {line}, {effect}."
    return ColourHintLadder(step, where, which, premise or step.text, step.text, apply, shown)


def colour_trace_hint(trace: ColourTrace, position: int) -> ColourHintLadder | None:
    """The hint for the next step of ``trace`` replayed up to ``position`` steps (None: the
    replay is at the last step, or ``position`` is outside the trace)."""
    if not 0 <= position < len(trace.steps):
        return None
    return colour_hint_ladder(trace.steps[position], trace.puzzle)


def next_colour_step(
    puzzle: ColourPuzzle,
    grid: Sequence[Sequence[int]],
    *,
    time_limit: float | None = None,
    should_stop: StopCallback | None = None,
) -> ColourStep | None:
    """The step a colour trace takes next from ``grid`` (the easiest line move anywhere; when
    line logic is stuck, one cell from a solution); None when every cell is decided.  Raises
    ColourContradiction when a line cannot hold its clue, ValueError when the puzzle has no
    solution from here or none was found within ``time_limit`` seconds (None too when
    ``should_stop()`` ends the search for a solution)."""
    deadline = None if time_limit is None else time.monotonic() + time_limit
    tracer = _ColourTracer(puzzle, deadline, should_stop)
    tracer.grid = [list(row) for row in grid]
    # A line the cells break is said first: the easiest step goes no further than the first
    # line offering one, so on a puzzle of several pictures (whose cells are not judged against
    # one of them) two blues side by side in a row clued 1 blue got "Look at row 1." and hints
    # built on a grid no picture fits.
    for axis, index in tracer.lines():
        line = tracer.line(axis, index)
        if solve_colour_line(tracer.clue(axis, index), line, tracer.ncolours) is None:
            raise ColourContradiction(axis, index)
    step = tracer.next_line_step()
    if step is not None:
        return step
    if tracer.solved():
        return None
    guess = tracer.search_step()
    if isinstance(guess, str):
        if guess in ("solved", "cancelled"):
            return None
        raise ValueError(
            "no picture fits every clue from here"
            if guess == "none"
            else "no solution was found within the time limit"
        )
    return guess


def next_colour_hint(
    puzzle: ColourPuzzle,
    grid: Sequence[Sequence[int]],
    *,
    time_limit: float | None = None,
    should_stop: StopCallback | None = None,
) -> ColourHintLadder | None:
    """The hint for the next step from the player's ``grid`` (None: every cell is decided).
    The grid must hold no mistakes (check them first)."""
    step = next_colour_step(puzzle, grid, time_limit=time_limit, should_stop=should_stop)
    return None if step is None else colour_hint_ladder(step, puzzle)


__all__ = [
    "CellSets",
    "ColourContradiction",
    "ColourHintLadder",
    "apply_colour_step",
    "colour_grid_solves",
    "colour_hint_ladder",
    "colour_mistakes",
    "colour_trace_hint",
    "decided",
    "grid_after",
    "judged_by_the_only_solution",
    "next_colour_hint",
    "next_colour_step",
    "reference_colour_solution",
    "unknown_grid",
]
