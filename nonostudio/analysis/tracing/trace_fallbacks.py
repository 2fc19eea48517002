"""The steps a trace takes when no rule applies anywhere: line logic, probes, search.

In order: line logic beyond the rules (the easiest technique that decides a cell somewhere, or
the exact line solver), a depth-1 probe (a cell whose one value contradicts line logic) and the
complete solver.  Each function takes the :class:`~nonostudio.analysis.tracing.tracer.Tracer` and
returns the step, or None when that fallback has nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypedDict

from nonostudio.analysis.catalogue.techniques import (
    BY_ID,
    CONTRADICTION,
    DEEP_CONTRADICTION,
    FALLBACK,
    ORDER,
)
from nonostudio.analysis.catalogue.techniques import SEARCH as SEARCH_TECHNIQUE
from nonostudio.analysis.explaining.chain import (
    DeepRefutation,
    Link,
    chain_premises,
    chain_text,
    deep_premises,
    deep_refutation,
    deep_text,
    shortest_chain,
)
from nonostudio.analysis.explaining.naming import line_name, value_name
from nonostudio.analysis.explaining.step_text import guess_text, probe_text
from nonostudio.analysis.tracing.steps import LINE, PROBE, SEARCH, Step
from nonostudio.analysis.tracing.tracer import Tracer
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.gridstate import Contradiction
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.core.progress import StopCallback
from nonostudio.core.solver import Verdict, solve


class SolverBudget(TypedDict, total=False):
    """:func:`~nonostudio.core.solver.solve`'s ``memory_budget=``, when one is given."""

    memory_budget: int


def budget_of(memory_budget: int | None) -> SolverBudget:
    """The keyword that gives the complete solver ``memory_budget`` bytes for its formula; none
    for None, so that the solver takes its default (and a ``solve`` bound to a budget, as the
    tests of a formula too large do, keeps it)."""
    return {} if memory_budget is None else {"memory_budget": memory_budget}


def line_step(t: Tracer) -> Step | None:
    """Line logic beyond the rules (None: line logic is stuck).  With complete moves: the
    easiest technique that decides a cell somewhere, on the line where its move decides most;
    otherwise the exact line solver on the line it decides most cells of."""
    if t.complete:
        return _technique_line_step(t)
    best: tuple[int, str, int, list[int], tuple[int, ...]] | None = None
    for axis, count in (("row", t.puzzle.height), ("column", t.puzzle.width)):
        for index in range(count):
            line = t.line(axis, index)
            if UNKNOWN not in line.cells:
                continue
            forced = t.forced(axis, index, line)
            new = [p for p, c in enumerate(line.cells) if c == UNKNOWN and forced[p] != UNKNOWN]
            if new and (best is None or len(new) > best[0]):
                best = (len(new), axis, index, new, forced)
    if best is None:
        return None
    _, axis, index, new, forced = best
    return Step(
        LINE,
        axis,
        index,
        None,
        False,
        {},
        tuple((*t.cell(axis, index, p), forced[p]) for p in new),
        None,
        "beyond the rules: the exact line solver",
    )


def _technique_line_step(t: Tracer) -> Step | None:
    best: tuple[int, int] | None = None
    choice: tuple[str, int, Line, str] | None = None
    for axis, count in (("row", t.puzzle.height), ("column", t.puzzle.width)):
        for index in range(count):
            if (axis, index) in t.stuck:
                continue
            line = t.line(axis, index)
            if UNKNOWN not in line.cells:
                continue
            forced = t.forced(axis, index, line)
            if forced == line.cells:
                t.stuck.add((axis, index))
                continue
            technique = t.first_technique(line) or FALLBACK
            after = t.move(technique, line.hints, line.cells)
            gained = sum(1 for a, b in zip(line.cells, after, strict=True) if a != b)
            key = (ORDER[technique], -gained)
            if best is None or key < best:
                best, choice = key, (axis, index, line, technique)
    if choice is None:
        return None
    axis, index, line, technique = choice
    return t.move_step(LINE, axis, index, line, None, technique, note="beyond the rules")


def probe_step(
    t: Tracer, should_stop: StopCallback | None, memory_budget: int | None = None
) -> Step | None:
    """A cell whose one value contradicts line logic, decided the other way.

    Cells are tried filled before empty.  The first refuted assumption in reading order is found;
    then, of the first :data:`CHAIN_CANDIDATES` assumptions line logic refutes taking the cells
    nearest its cell first (in steps along rows and columns; at one distance, in reading
    order), the one with the shortest chain of line steps to a dead end is the step
    (:mod:`nonostudio.analysis.explaining.chain`).  Without complete moves the step is that
    first one.  The step depends on the grid alone (a hint from the grid is the trace's step).
    Which are refuted comes from :class:`~nonostudio.analysis.tracing.trial_memory.TrialMemory`
    (earlier trials reused); without a chain, the first one's trial is run again from the grid,
    so that the step names the line a trial from scratch names.  ``memory_budget`` is the
    complete solver's when it looks for a solution the trials need not try against
    (:func:`budget_of`).
    """
    _witness(t, should_stop, memory_budget)
    state = t.trials.grid_state(t.grid)
    trials = t.trials.start(state)
    stopped = [False]

    def cells() -> Iterator[tuple[int, int]]:
        """The undecided cells in reading order (until asked to stop: asked at each row)."""
        full = (1 << t.puzzle.width) - 1
        for r, (f, x) in enumerate(zip(state.row_f, state.row_x, strict=True)):
            unknown = full & ~(f | x)
            if unknown and should_stop is not None and should_stop():
                stopped[0] = True
                return
            while unknown:
                low = unknown & -unknown
                unknown ^= low
                yield r, low.bit_length() - 1

    def candidates() -> Iterator[tuple[int, int, int]]:
        """Refuted assumptions in reading order, found as they are asked for."""
        return trials.first_refuted(cells())

    def near(r0: int, c0: int) -> Iterator[tuple[int, int]]:
        """The undecided cells by their distance from (r0, c0) in steps along rows and
        columns, each distance's in reading order (until asked to stop: asked at each
        distance)."""
        h, w = t.puzzle.height, t.puzzle.width
        full = (1 << w) - 1
        unknown = [full & ~(f | x) for f, x in zip(state.row_f, state.row_x, strict=True)]
        for d in range(h + w - 1):
            if should_stop is not None and should_stop():
                stopped[0] = True
                return
            for r in range(max(0, r0 - d), min(h - 1, r0 + d) + 1):
                row = unknown[r]
                if not row:
                    continue
                k = d - abs(r - r0)
                c = c0 - k
                if c >= 0 and row >> c & 1:
                    yield r, c
                c = c0 + k
                if k and c < w and row >> c & 1:
                    yield r, c

    if t.complete:
        masks = (state.row_f, state.row_x, state.col_f, state.col_x)
        head = next(candidates(), None)  # (the first refuted assumption in reading order)
        if head is None:
            return None
        found = trials.first_refuted(near(head[0], head[1]))
        best = shortest_chain(
            t.puzzle, t.grid, found, CHAIN_CANDIDATES, t.trials.chain_cache, masks
        )
        if best is not None:
            return _chain_probe(t, *best)
        if stopped[0]:
            return None
    first = next(candidates(), None)
    if first is None:
        return None
    r, c, assumed = first
    trial = state.copy()
    trial.set_cell(r, c, assumed)
    try:
        trial.propagate(rows={r}, cols={c})
    except Contradiction as exc:
        return _probe(t, r, c, assumed, exc)
    raise AssertionError("line logic refutes an assumption in any order")


WITNESS_SECONDS = 0.5
"""The complete solver's time for a solution the probe trials need not try against (else the
trace goes on without one)."""

WITNESS_AFTER = 3
"""The probe step of a trace at which that solution is looked for (a trace of a few probe steps,
or a hint, does not pay for it)."""


def _witness(t: Tracer, should_stop: StopCallback | None, memory_budget: int | None) -> None:
    """Give the trial memory a solution of the puzzle, once a trace (at its
    :data:`WITNESS_AFTER`-th probe step): an assumption that agrees with a solution containing
    the grid is never refuted, so about half of a probe step's questions need no trial.  Only
    the speed depends on it.  A decided result is kept for the search step (the same call's
    answer: the solver is deterministic)."""
    trials = t.trials
    if trials.witness_asked or not trials.remember:
        return
    trials.probe_steps += 1
    if trials.probe_steps < WITNESS_AFTER:
        return
    trials.witness_asked = True
    result = t.search
    if result is None or result.solution is None:
        result = solve(
            t.puzzle,
            time_limit=WITNESS_SECONDS,
            should_stop=should_stop,
            **budget_of(memory_budget),
        )
        if result.verdict is not Verdict.UNDECIDED:
            trials.solved = result
    if result.solution is not None:
        trials.set_witness(result.solution.tolist())


CHAIN_CANDIDATES = 48
"""A contradiction step is the shortest chain among the first this many refuted assumptions,
nearest the first one in reading order first
(:func:`~nonostudio.analysis.explaining.chain.shortest_chain`: the first one's trial alone, and
a chain of :data:`~nonostudio.analysis.explaining.chain.SHORT` line steps or fewer from it ends
the search at once; else the others are found and their trials followed side by side).  Taken
around one cell rather than along the first rows, they give shorter chains and fewer
contradiction steps: see docs/design/analysis.md, "Chain search speed"."""


def _chain_probe(t: Tracer, r: int, c: int, assumed: int, chain: list[Link]) -> Step:
    """The probe step deciding (r, c) against ``assumed``, told as the chain of line steps that
    refutes it."""
    value = CROSSED if assumed == FILLED else FILLED
    note = (
        f"assuming row {r + 1}, column {c + 1} is {value_name(assumed)} leads, in "
        f"{len(chain)} line step{'s' if len(chain) != 1 else ''}, to a line that could not match "
        f"its clue; so it is {value_name(value)}"
    )
    premises = chain_premises(r, c, assumed, chain)
    text = chain_text(t.puzzle, r, c, assumed, chain)
    return _supposition_step(r, c, value, note, CONTRADICTION, text, premises)


def _supposition_step(
    r: int, c: int, value: int, note: str, technique: str, body: str, premises: list
) -> Step:
    """A contradiction step deciding (r, c) to ``value``: its text is ``body`` after the cell
    and the technique's name."""
    text = f"Row {r + 1}, column {c + 1} — {BY_ID[technique].name}: {body}."
    return Step(
        PROBE,
        "row",
        r,
        None,
        False,
        {},
        ((r, c, value),),
        None,
        note,
        technique,
        text,
        (),
        (("cells", c, c + 1),),
        tuple(premises),
    )


def _probe(t: Tracer, r: int, c: int, assumed: int, exc: Contradiction) -> Step:
    """The probe step deciding (r, c) against ``assumed``, refuted at the line ``exc`` names."""
    where = line_name(*exc.args).lower() if len(exc.args) == 2 else "some line"
    value = CROSSED if assumed == FILLED else FILLED
    note = (
        f"assuming row {r + 1}, column {c + 1} is {value_name(assumed)} leads, by line "
        f"logic, to {where} having no solution; so it is {value_name(value)}"
    )
    if not t.complete:
        return Step(PROBE, "row", r, None, False, {}, ((r, c, value),), None, note)
    bad = exc.args if len(exc.args) == 2 else None
    clue = (
        None
        if bad is None
        else (t.puzzle.rows[bad[1]] if bad[0] == "row" else t.puzzle.cols[bad[1]])
    )
    body = probe_text(assumed, bad, clue)
    return _supposition_step(r, c, value, note, CONTRADICTION, body, [])


DEEP_BUDGET = 300
"""Second cells a chained-contradiction step may try, in all, before search takes over (on
grids over 400 cells, proportionally fewer)."""


def deep_probe_step(t: Tracer, should_stop: StopCallback | None) -> Step | None:
    """A chained contradiction: a cell whose one value line logic does not refute, but after
    which some second cell can be neither value (None: none within :data:`DEEP_BUDGET`).

    First cells in reading order, filled before empty; the second cell is the first one (in
    reading order) whose both values line logic refutes under the first supposition."""
    if not t.complete:
        return None
    cells = t.puzzle.width * t.puzzle.height
    budget = [int(DEEP_BUDGET * min(1.0, 400 / max(cells, 1)))]
    solution = _solution_rows(t)
    for r, row in enumerate(t.grid):
        for c, value in enumerate(row):
            if value != UNKNOWN:
                continue
            for assumed in (FILLED, CROSSED):
                if should_stop is not None and should_stop():
                    return None
                deep = deep_refutation(
                    t.puzzle, t.grid, r, c, assumed, t.trials.chain_cache, budget, solution=solution
                )
                if deep is not None:
                    return _deep_step(t, r, c, assumed, deep)
                if budget[0] < 0:
                    return None
    return None


def _solution_rows(t: Tracer) -> tuple[list[int], list[int]] | None:
    """The trial memory's solution (its witness) as row masks of filled and crossed cells,
    when the grid lies within it (None: no solution known, or not this grid's)."""
    witness = t.trials.witness
    if witness is None:
        return None
    w = t.puzzle.width
    full = (1 << w) - 1
    rows_f = [witness[0] >> (r * w) & full for r in range(t.puzzle.height)]
    rows_x = [witness[1] >> (r * w) & full for r in range(t.puzzle.height)]
    for r, row in enumerate(t.grid):
        for c, value in enumerate(row):
            if value != UNKNOWN and not (rows_f if value == FILLED else rows_x)[r] >> c & 1:
                return None
    return rows_f, rows_x


def _deep_step(t: Tracer, r: int, c: int, assumed: int, deep: DeepRefutation) -> Step:
    value = CROSSED if assumed == FILLED else FILLED
    r2, c2 = deep.second
    note = (
        f"assuming row {r + 1}, column {c + 1} is {value_name(assumed)}, line logic leaves "
        f"row {r2 + 1}, column {c2 + 1} neither filled nor empty; so it is {value_name(value)}"
    )
    text = deep_text(t.puzzle, r, c, assumed, deep)
    premises = deep_premises(r, c, assumed, deep)
    return _supposition_step(r, c, value, note, DEEP_CONTRADICTION, text, premises)


def search_step(
    t: Tracer, should_stop: StopCallback | None, memory_budget: int | None = None
) -> Step | None:
    """The complete solver's step (None: it was stopped, or gave up: a formula over
    ``memory_budget`` bytes, :func:`budget_of`).  With complete moves, a guess: the
    undecided cell whose value in the solution lets line logic decide the most cells
    (:func:`guess_cell`) takes that value, said as such, and the trace goes on from there;
    otherwise the rest of the grid at once."""
    result = t.search
    if result is None or result.solution is None:
        result = t.trials.solved  # (the witness's search, when it decided)
        if result is None:
            result = solve(t.puzzle, should_stop=should_stop, **budget_of(memory_budget))
        t.search = result
    if result.verdict is Verdict.NO_SOLUTION:
        raise InconsistentPuzzleError("the puzzle has no solution")
    if result.solution is None:
        return None
    solution = result.solution
    cells = tuple(
        (r, c, int(solution[r, c]))
        for r in range(t.puzzle.height)
        for c in range(t.puzzle.width)
        if t.grid[r][c] == UNKNOWN
    )
    note = (
        "the complete solver: the puzzle has a unique solution"
        if result.verdict.is_unique
        else "the complete solver: the puzzle has several solutions; this is one of them"
    )
    if not t.complete:
        return Step(SEARCH, "", -1, None, False, {}, cells, None, note)
    guess = guess_cell(t, cells, should_stop)
    if guess is None:
        return None
    (r, c, value), known = guess
    # (the cells line logic decides once it is known, beyond it and those known before)
    decides = known - (t.puzzle.height * t.puzzle.width - len(cells)) - 1
    text = guess_text(r, c, value, result.verdict.is_unique, decides)
    claim = {"claim": "solution_value", "row": r, "column": c, "value": value, "decides": decides}
    premise = {"say": "guess", "claims": [claim], "cells": []}
    return Step(
        SEARCH,
        "",
        -1,
        None,
        False,
        {},
        ((r, c, value),),
        None,
        note,
        SEARCH_TECHNIQUE,
        text.text,
        (),
        text.spans,
        (premise,),
    )


def guess_cell(
    t: Tracer,
    cells: tuple[tuple[int, int, int], ...],
    should_stop: StopCallback | None = None,
) -> tuple[tuple[int, int, int], int] | None:
    """The guess of a search step: of ``cells`` (every undecided cell with its value in the
    solution, in reading order), the one after which line logic, run to its fixed point from
    the grid, decides the most cells, with the count of cells known at that fixed point; ties
    go to reading order (None: ``should_stop()`` said to stop).

    The count is exact (:meth:`~nonostudio.analysis.tracing.trial_memory.TrialMemory.reach`;
    the probe steps' remembered trials make most of it free), so the guess depends on the grid
    and the solution alone, as a hint from the same grid needs.  The trace's next steps are the
    tutor's line steps, which reach that fixed point before the next contradiction or guess:
    the revealed cell is the one that shows the player the most, not the first in the grid."""
    state = t.trials.grid_state(t.grid)
    trials = t.trials.start(state)
    best, most = cells[0], -1
    for cell in cells:
        if should_stop is not None and should_stop():
            return None
        known = trials.reach(*cell)
        if known is None:  # (line logic does not refute a value of a solution)
            raise AssertionError("line logic refutes a value of the solution")
        if known > most:
            best, most = cell, known
    return best, most
