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


_HELD = 4  # trial outcomes _depth1_closure keeps to skip assumptions they already hold


def _other(value: int) -> int:
    return CROSSED if value == FILLED else FILLED


def _depth1_closure(state: GridState, work: _Work, found: list[Probe] | None) -> GridState | None:
    """Apply depth-1 probes (row-major passes) until none applies; None on a contradiction.

    Probes are appended to ``found`` when it is given.
    """
    changed = True
    while changed and not state.is_solved():
        changed = False
        # Outcomes of trials on ``state`` that line logic did not refute: consistent fixed points
        # of line logic.  An assumption one of them already holds is not refuted either (line
        # logic from it stays inside that fixed point), so its trial is counted but not run.
        held: list[GridState] = []
        for r, c in unknown_cells(state):
            if state.get(r, c) != UNKNOWN:
                continue
            for assumed in (FILLED, CROSSED):
                if any(outcome.get(r, c) == assumed for outcome in held):
                    work.spend()
                    continue
                trial = work.assume(state, r, c, assumed)
                if trial is not None:
                    held.append(trial)
                    if len(held) > _HELD:
                        del held[0]
                    continue
                after = work.assume(state, r, c, _other(assumed))
                if after is None:
                    return None  # both values fail: no solution from here
                state = after
                held = []
                changed = True
                if found is not None:
                    found.append(Probe(r, c, _other(assumed), 1))
                break
    return state


def _depth2_probe(state: GridState, work: _Work, start: int) -> tuple[GridState, Probe, int] | None:
    """The first depth-2 probe in row-major order from cell index ``start`` (wrapping around):
    the new state, the probe and the index to continue from.  None when there is none."""
    cells = unknown_cells(state)
    if not cells:
        return None
    start %= len(cells)
    for i in range(len(cells)):
        index = (start + i) % len(cells)
        r, c = cells[index]
        for assumed in (FILLED, CROSSED):
            trial = work.assume(state, r, c, assumed)
            if trial is not None and _depth1_closure(trial, work, None) is not None:
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
            closed = _depth1_closure(state, work, result.probes)
            if closed is None:
                raise Contradiction
            state = closed
            if state.is_solved() or max_depth < 2:
                break
            found = _depth2_probe(state, work, cursor)
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
