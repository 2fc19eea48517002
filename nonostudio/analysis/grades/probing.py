"""Probing to a bounded depth: deciding cells by assuming a value and reaching a contradiction.

Depth 1 refutes an assumption by line logic, depth 2 by depth-1 probing inside the assumption.
Probing is sound, and its work is counted in trials against a budget, so results are
deterministic for a budget (docs/design/analysis.md, "Probing").
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.probing import assume, unknown_cells
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Puzzle

__all__ = ["DEFAULT_BUDGET", "Probe", "ProbeResult", "probe_solve"]


# Trials a run may spend.  A depth-2 pass over a 30x30 grid stuck with ~200 undecided cells costs
# up to 2 x 200 x (2 x 200) trials, so hard puzzles hit this bound and count as "deeper search";
# measured with tests/benchmarks/bench_grade.py.
DEFAULT_BUDGET = 60_000


@dataclass(frozen=True)
class Probe:
    """A cell decided by probing: ``value`` is what it was decided to be (the assumed value was
    the other one); ``depth`` is 1 or 2."""

    row: int
    col: int
    value: int
    depth: int


@dataclass
class ProbeResult:
    """Where probing got: the grid, the probes in the order they were found, and why it stopped."""

    grid: np.ndarray
    probes: list[Probe] = field(default_factory=list)
    solved: bool = False
    contradiction: bool = False  # the puzzle (from the start grid) has no solution
    exhausted: bool = False  # the trial budget ran out, or should_stop() said so
    trials: int = 0


class _OutOfWork(Exception):
    """The trial budget is spent or the caller asked to stop."""


class _Work:
    def __init__(self, budget: int, should_stop: StopCallback | None) -> None:
        self.budget = budget
        self.trials = 0
        self.should_stop = should_stop

    def spend(self) -> None:
        self.trials += 1
        if self.trials > self.budget:
            raise _OutOfWork
        if self.should_stop is not None and not self.trials & 31 and self.should_stop():
            raise _OutOfWork

    def assume(self, state: GridState, r: int, c: int, value: int) -> GridState | None:
        """One trial, counted: :func:`nonostudio.core.probing.assume`."""
        self.spend()
        return assume(state, r, c, value)


def _code(width: int, r: int, c: int, value: int) -> int:
    """The assumption that cell ``(r, c)`` of a grid ``width`` wide has ``value``, as one int."""
    return (r * width + c) << 1 | (value == FILLED)


def _lines(base: GridState, state: GridState) -> tuple[int, int]:
    """The rows and the columns (as bit masks) where ``state`` has cells ``base`` has not
    (``state`` holds every cell of ``base``)."""
    rows = cols = 0
    for r, (f, x, f0, x0) in enumerate(
        zip(state.row_f, state.row_x, base.row_f, base.row_x, strict=True)
    ):
        if f != f0 or x != x0:
            rows |= 1 << r
            cols |= (f ^ f0) | (x ^ x0)
    return rows, cols


class _Pass:
    """What one depth-2 pass knows of the outcomes of its trials, all made on grids line logic
    gets to from the pass's grid ``base`` (a fixed point of line logic) with some assumptions.

    * ``refuted``: outcomes by the set of assumptions added to ``base`` (codes of :meth:`code`),
      True when line logic refuted them.  Line logic (the exact line solver run to its fixed
      point) gets the same grid from a set of assumptions in any order, so a trial whose set an
      earlier trial had (assume b inside a, after assume a inside b) has that trial's outcome.
    * ``reach``: for an assumption on ``base``, the rows and columns where line logic from it
      decides cells (None when it is refuted).  Assumed on a grid ``state`` that line logic gets
      to from ``base``, it is not refuted when none of these lines holds a cell ``state`` decided
      beyond ``base``: the union of the two outcomes is then a consistent fixed point of line
      logic (each line is as one of them left it) holding the assumption, and line logic from
      the assumption on ``state`` stays inside it.  These are found without counting trials: a
      fact about ``base``, at most one per undecided cell and value in a pass, and taken
      from ``outcomes`` (the depth-1 pass over ``base`` that found nothing) where it ran.
    """

    def __init__(self, base: GridState, outcomes: dict[int, GridState]) -> None:
        self.base = base
        self.width = base.width
        self.refuted: dict[frozenset[int], bool] = {}
        self.reach: dict[int, tuple[int, int] | None] = {}
        self.outcomes = outcomes

    def code(self, r: int, c: int, value: int) -> int:
        """An assumption as one int (:func:`_code`)."""
        return _code(self.width, r, c, value)

    def reach_of(self, code: int, r: int, c: int, value: int) -> tuple[int, int] | None:
        """``reach[code]``, found when first asked."""
        if code in self.reach:
            return self.reach[code]
        outcome = self.outcomes.pop(code, None)
        if outcome is None:
            outcome = assume(self.base, r, c, value)
        lines = None if outcome is None else _lines(self.base, outcome)
        self.reach[code] = lines
        return lines


_UNSEEN = (-1, -1)  # not in _Pass.reach yet


def _other(value: int) -> int:
    return CROSSED if value == FILLED else FILLED


def _depth1_closure(
    state: GridState,
    work: _Work,
    found: list[Probe] | None,
    inside: tuple[_Pass, frozenset[int]] | None = None,
    outcomes: dict[int, GridState] | None = None,
) -> GridState | None:
    """Apply depth-1 probes (row-major passes) until none applies; None on a contradiction.

    Probes are appended to ``found`` when it is given.  ``inside``, when given, is a depth-2
    pass and the assumptions with which line logic gets from its grid to ``state``: a trial whose
    outcome the pass knows (:class:`_Pass`) is counted but not run.  ``outcomes``, when given,
    gets the outcomes of the trials on the grid returned that line logic did not refute, by
    :func:`_code`.
    """
    width = state.width
    if inside is not None:
        pass_, assumed = inside
        base, reach, memo = pass_.base, pass_.reach, pass_.refuted
    changed = True
    while changed and not state.is_solved():
        changed = False
        # The cells of the outcomes of trials on ``state`` that line logic did not refute
        # (consistent fixed points of line logic), as masks.  An assumption one of them already
        # holds is not refuted either (line logic from it stays inside that fixed point), so its
        # trial is counted but not run.
        held_f = [0] * state.height
        held_x = [0] * state.height
        if inside is not None:
            known_rows, known_cols = _lines(base, state)
        for r, c in unknown_cells(state):
            if state.get(r, c) != UNKNOWN:
                continue
            for value in (FILLED, CROSSED):
                if (held_f if value == FILLED else held_x)[r] >> c & 1:
                    work.spend()
                    continue
                code = _code(width, r, c, value)
                if inside is None:
                    trial = work.assume(state, r, c, value)
                else:
                    lines = reach.get(code, _UNSEEN)
                    if lines is _UNSEEN:
                        lines = pass_.reach_of(code, r, c, value)
                    if lines is not None and not (lines[0] & known_rows or lines[1] & known_cols):
                        work.spend()
                        continue
                    key = assumed | {code}
                    refuted = memo.get(key)
                    if refuted is None:
                        trial = work.assume(state, r, c, value)
                        memo[key] = trial is None
                    elif refuted:
                        work.spend()
                        trial = None
                    else:
                        work.spend()
                        continue
                if trial is not None:
                    if outcomes is not None:
                        outcomes[code] = trial
                    held_f = [h | f for h, f in zip(held_f, trial.row_f, strict=True)]
                    held_x = [h | x for h, x in zip(held_x, trial.row_x, strict=True)]
                    continue
                other = _other(value)
                after = work.assume(state, r, c, other)
                if after is None:
                    return None  # both values fail: no solution from here
                state = after
                if inside is not None:
                    assumed |= {code ^ 1}  # the other value's code
                    known_rows, known_cols = _lines(base, state)
                held_f = [0] * state.height
                held_x = [0] * state.height
                if outcomes is not None:
                    outcomes.clear()
                changed = True
                if found is not None:
                    found.append(Probe(r, c, other, 1))
                break
    return state


def _depth2_probe(
    state: GridState, work: _Work, start: int, outcomes: dict[int, GridState]
) -> tuple[GridState, Probe, int] | None:
    """The first depth-2 probe in row-major order from cell index ``start`` (wrapping around):
    the new state, the probe and the index to continue from.  None when there is none.
    ``outcomes``: those of the depth-1 pass over ``state`` that found nothing (:class:`_Pass`)."""
    cells = unknown_cells(state)
    if not cells:
        return None
    pass_ = _Pass(state, outcomes)
    start %= len(cells)
    for i in range(len(cells)):
        index = (start + i) % len(cells)
        r, c = cells[index]
        for assumed in (FILLED, CROSSED):
            code = pass_.code(r, c, assumed)
            trial = outcomes.pop(code, None)  # this trial, run by the depth-1 pass on this grid
            if trial is None:
                trial = work.assume(state, r, c, assumed)
            else:
                work.spend()
            if trial is not None:
                pass_.reach[code] = _lines(state, trial)
                if _depth1_closure(trial, work, None, (pass_, frozenset((code,)))) is not None:
                    continue
            after = work.assume(state, r, c, _other(assumed))
            if after is None:
                raise Contradiction("row", r)
            depth = 1 if trial is None else 2
            return after, Probe(r, c, _other(assumed), depth), index
    return None


def probe_solve(
    puzzle: Puzzle,
    start_grid: np.ndarray | None = None,
    *,
    max_depth: int = 2,
    budget: int = DEFAULT_BUDGET,
    should_stop: StopCallback | None = None,
) -> ProbeResult:
    """Decide what line logic and probing to ``max_depth`` (1 or 2) decide, from ``start_grid``.

    Cheaper reasoning always goes first: line logic, then depth-1 probes until none applies, and
    only then one depth-2 probe, after which depth 1 is tried again.  Depth-1 probes are looked
    for in row-major order; depth-2 probes in row-major order starting after the previous one.
    """
    if max_depth not in (1, 2):
        raise ValueError(f"probing depth must be 1 or 2, not {max_depth}")
    work = _Work(budget, should_stop)
    grid = (
        np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
        if start_grid is None
        else np.asarray(start_grid, dtype=np.int8)
    )
    state = GridState.from_grid(puzzle, grid)
    result = ProbeResult(grid.copy())
    try:
        state.propagate()
        cursor = 0
        while not state.is_solved():
            outcomes: dict[int, GridState] = {}
            closed = _depth1_closure(state, work, result.probes, None, outcomes)
            if closed is None:
                raise Contradiction
            state = closed
            if state.is_solved() or max_depth < 2:
                break
            found = _depth2_probe(state, work, cursor, outcomes)
            if found is None:
                break
            state, probe, cursor = found
            result.probes.append(probe)
    except Contradiction:
        result.contradiction = True
    except _OutOfWork:
        result.exhausted = True
    result.grid = state.to_grid()
    result.solved = state.is_solved() and not result.contradiction
    result.trials = work.trials
    return result
