"""The complete solver: a verdict for a puzzle (unique and line-solvable, unique but needs search,
multiple solutions, no solution, undecided) with the solutions that prove it.

Line logic first (exact line solver to a fixed point), then, if it leaves cells undecided, a search
for two solutions: a small depth-first search with line logic when few cells are left
(:func:`_small_search`), else or past its budget the SAT solver (:mod:`nonostudio.core.satsolver`).
Time limit, progress callback and cancellation are part of the API; a cancelled or timed-out run
returns ``UNDECIDED`` with the cells line logic decided (and a solution, if one was found).  Why
SAT follows line logic directly: docs/design/solver.md §1.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle

if TYPE_CHECKING:  # the SAT stage's module is imported when that stage runs
    import numpy as np


@dataclass
class SolveStats:
    """What a solve did: line solves, and the SAT stage's backend, formula and conflicts."""

    line_solves: int = 0
    sat_calls: int = 0
    # what finished the search after line logic: "search" (the small search, no SAT solver) or
    # the SAT solver, "cadical", "kissat" or "z3"
    sat_backend: str = ""
    search_nodes: int = 0  # the small search's propagations (also when it gave up)
    sat_variables: int = 0
    sat_clauses: int = 0
    sat_conflicts: int = 0  # CaDiCaL's (z3 does not report them)


class Verdict(enum.Enum):
    """What the complete solver concluded."""

    UNIQUE_LINE = "unique, line-solvable"
    UNIQUE_SEARCH = "unique, needs search"
    MULTIPLE = "multiple solutions"
    NO_SOLUTION = "no solution"
    UNDECIDED = "undecided"

    @property
    def label(self) -> str:
        return self.value

    @property
    def is_unique(self) -> bool:
        return self in (Verdict.UNIQUE_LINE, Verdict.UNIQUE_SEARCH)


class SolveResult:
    """The verdict with its evidence.

    ``solution`` is the (first) solution found; ``alternate`` a second, different one (only for
    MULTIPLE); ``grid`` the cells decided by line logic alone (UNKNOWN elsewhere).  Each is read
    as a grid array (or None); :func:`solve` may hand over a :class:`GridState` instead, whose
    array is made on the first read, so a caller that wants only the verdict builds none.
    ``reason`` says in words why an ``UNDECIDED`` verdict that is neither cancelled nor timed
    out is one (the puzzle is too large for the SAT stage, or it ran out of memory); it is
    empty otherwise.
    """

    def __init__(
        self,
        verdict: Verdict,
        grid: np.ndarray | GridState,
        solution: np.ndarray | GridState | None = None,
        alternate: np.ndarray | GridState | None = None,
        seconds: float = 0.0,
        cancelled: bool = False,
        timed_out: bool = False,
        stats: SolveStats | None = None,
        reason: str = "",
    ) -> None:
        self.verdict = verdict
        self._grid = grid
        self._solution = solution
        self._alternate = alternate
        self.seconds = seconds
        self.cancelled = cancelled
        self.timed_out = timed_out
        self.stats = SolveStats() if stats is None else stats
        self.reason = reason

    @property
    def grid(self) -> np.ndarray:
        grid = self._grid = _array(self._grid)
        return grid

    @property
    def solution(self) -> np.ndarray | None:
        solution = self._solution = None if self._solution is None else _array(self._solution)
        return solution

    @property
    def alternate(self) -> np.ndarray | None:
        alternate = self._alternate = None if self._alternate is None else _array(self._alternate)
        return alternate

    def __repr__(self) -> str:
        return (
            f"SolveResult({self.verdict}, seconds={self.seconds:.3f}, "
            f"cancelled={self.cancelled}, timed_out={self.timed_out})"
        )


def _array(grid: np.ndarray | GridState) -> np.ndarray:
    return grid.to_grid() if isinstance(grid, GridState) else grid


def _kept(state: GridState) -> GridState:
    """A copy of ``state`` for a result to make its grid from later: nothing changes it, and it
    holds no line cache (that can be large)."""
    kept = state.copy()
    kept.cache = {}
    return kept


class _Halt:
    """The ``should_stop`` of line propagation and of the SAT stage: true once cancelled or past
    the deadline, so that one long propagation (a 1000x1000 puzzle's lines take a millisecond
    each) or SAT search does not overrun the time limit."""

    def __init__(self, deadline: float | None, should_stop: StopCallback | None) -> None:
        self.deadline = deadline
        self.should_stop = should_stop
        self.cancelled = False
        self.halted = False

    def __call__(self) -> bool:
        if self.should_stop is not None and self.should_stop():
            self.cancelled = self.halted = True
        elif self.deadline is not None and time.perf_counter() > self.deadline:
            self.halted = True
        return self.halted


@dataclass
class _Outcome:
    """Makes the :class:`SolveResult` of one :func:`solve` call: the time it started, its stats
    and stop, and the state line logic reached."""

    started: float
    halt: _Halt
    stats: SolveStats = field(default_factory=SolveStats)

    def finish(
        self,
        verdict: Verdict,
        grid: np.ndarray | GridState,
        *,
        solution: np.ndarray | GridState | None = None,
        alternate: np.ndarray | GridState | None = None,
        reason: str = "",
    ) -> SolveResult:
        halt = self.halt
        stopped = verdict is Verdict.UNDECIDED and not reason
        return SolveResult(
            verdict,
            grid,
            solution=solution,
            alternate=alternate,
            seconds=time.perf_counter() - self.started,
            cancelled=stopped and halt.cancelled,
            timed_out=stopped and not halt.cancelled,
            stats=self.stats,
            reason=reason,
        )

    def searched(self, grid: GridState, solutions: list[GridState]) -> SolveResult:
        """The verdict of a search from the state ``grid`` that found ``solutions``: all of
        them, or the first two."""
        if not solutions:
            return self.finish(Verdict.NO_SOLUTION, grid)
        if len(solutions) == 1:
            return self.finish(Verdict.UNIQUE_SEARCH, grid, solution=solutions[0])
        return self.finish(Verdict.MULTIPLE, grid, solution=solutions[0], alternate=solutions[1])


def solve(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    memory_budget: int | None = None,
) -> SolveResult:
    """Decide ``puzzle``: its verdict, a solution and, when not unique, a second one.

    ``time_limit`` is in seconds (None: no limit); ``progress(fraction, message)`` is called now and
    then; ``should_stop()`` returning True cancels the run (checked often).  The SAT stage does
    not start when its formula would take more than ``memory_budget`` bytes (None: half the
    memory available, at least 1 GiB: :func:`nonostudio.core.satsolver.default_memory_budget`),
    and the verdict is then ``UNDECIDED`` with the ``reason``, as when it runs out of memory.
    """
    started = time.perf_counter()
    halt = _Halt(None if time_limit is None else started + time_limit, should_stop)
    out = _Outcome(started, halt)
    root = GridState(puzzle)
    try:
        out.stats.line_solves += root.propagate(should_stop=halt)
    except Contradiction:
        return out.finish(Verdict.NO_SOLUTION, _kept(root))
    logic = _kept(root)
    if halt.halted:  # line logic alone ran out of time (or was cancelled)
        return out.finish(Verdict.UNDECIDED, logic)
    if root.is_solved():
        return out.finish(Verdict.UNIQUE_LINE, logic, solution=logic)
    if progress is not None:
        progress(root.known / root.total, "line logic stuck; SAT search")
    if root.total - root.known <= SMALL_CELLS:
        decided = _small_stage(root, logic, out)
        if decided is not None:
            return decided
    return _sat_stage(root, logic, out, progress, memory_budget)


#: The small search takes on a state line logic leaves with at most this many undecided cells
#: (Edge: 110, TAAI icga2017 #1: 102); larger ones go to the SAT solver directly.  On 1,500
#: INDEX.csv puzzles that need search, it (with its budget) took 54 % of CaDiCaL's warm CPU up
#: to 150 undecided cells; from there on it took more than CaDiCaL did, and its budget ran out
#: on 6 of 30 (tests/benchmarks/bench_small_search.py).
SMALL_CELLS = 150

#: Propagations the small search makes at most before it leaves the state to the SAT solver
#: (2 of the 1,469 puzzles up to 150 cells above needed more: 148 and 224).
SMALL_NODES = 128


def _small_stage(root: GridState, logic: GridState, out: _Outcome) -> SolveResult | None:
    """The verdict from :func:`_small_search`; None when it gave up within its budget, for the
    SAT stage to decide.  Stopped or past the deadline, ``UNDECIDED`` (with a solution found)."""
    found, nodes, solves = _small_search(root, out.halt, SMALL_NODES)
    stats = out.stats
    stats.search_nodes += nodes
    stats.line_solves += solves
    if out.halt.halted:
        return out.finish(Verdict.UNDECIDED, logic, solution=found[0] if found else None)
    if nodes > SMALL_NODES:
        return None
    stats.sat_calls += 1
    stats.sat_backend = "search"
    return out.searched(logic, found)


def _small_search(root: GridState, halt: _Halt, budget: int) -> tuple[list[GridState], int, int]:
    """Up to two solutions of ``root`` (line logic's fixed point) by depth first search: a cell
    filled, then crossed, each followed by line logic to its fixed point; a line with no
    solution ends that branch.  The two branches of a cell share no solution, so every
    solution turns up once, and a search that ends with fewer than two has found them all.

    The cell is the first undecided one of the first line with any in the order of the lines'
    slack (length less the clue's cells and gaps: the most constrained first).  Returns the
    solutions found (complete states, no line cache), the propagations made (past ``budget``:
    it gave up, the solutions found being only some) and the line solves.  Ends early when
    ``halt()`` turns true.  Why it comes before the SAT solver: docs/design/solver.md §3,
    "The first search of a process"."""
    puzzle = root.puzzle
    height, width = root.height, root.width
    slack = [(width - sum(clue) - len(clue), 0, r) for r, clue in enumerate(puzzle.rows)]
    slack += [(height - sum(clue) - len(clue), 1, c) for c, clue in enumerate(puzzle.cols)]
    lines = [(is_col, index) for _, is_col, index in sorted(slack)]
    all_row, all_col = (1 << width) - 1, (1 << height) - 1
    found: list[GridState] = []
    nodes = solves = 0
    stack = [root]
    while stack and len(found) < 2:
        state = stack.pop()
        if state.known == state.total:
            found.append(_kept(state))
            continue
        r = c = 0
        for is_col, index in lines:
            if is_col:
                free = all_col & ~(state.col_f[index] | state.col_x[index])
                if free:
                    r, c = (free & -free).bit_length() - 1, index
                    break
            else:
                free = all_row & ~(state.row_f[index] | state.row_x[index])
                if free:
                    r, c = index, (free & -free).bit_length() - 1
                    break
        for value in (CROSSED, FILLED):  # the filled branch is searched first (pushed last)
            nodes += 1
            if nodes > budget or halt():
                return found, nodes, solves
            branch = state.copy()
            branch.set_cell(r, c, value)
            try:
                solves += branch.propagate({r}, {c})
            except Contradiction:
                continue
            stack.append(branch)
    return found, nodes, solves


def _sat_stage(
    root: GridState,
    logic: GridState,
    out: _Outcome,
    progress: ProgressCallback | None,
    memory_budget: int | None = None,
) -> SolveResult:
    """The verdict from up to two solutions the SAT stage finds from ``root``; ``UNDECIDED``
    with the reason when its formula is too large for ``memory_budget`` or memory ran out."""
    from nonostudio.core.satsolver import (
        SatStats,
        SatTooLarge,
        SatUnknown,
        sat_backend,
        sat_states,
    )

    stats = out.stats
    sat = SatStats()
    stats.sat_backend = sat_backend()
    stats.sat_calls += 1
    try:
        grids = sat_states(
            root,
            limit=2,
            deadline=out.halt.deadline,
            should_stop=out.halt,  # also stops the encoding (long for a large puzzle)
            backend=stats.sat_backend,
            progress=progress,
            stats=sat,
            memory_budget=memory_budget,
        )
    except SatTooLarge as large:
        return out.finish(Verdict.UNDECIDED, logic, reason=f"{large}; {_decided(root)}")
    except MemoryError:  # (what CaDiCaL's C++ fails to allocate ends the process: not this)
        reason = f"out of memory in the complete solver's SAT stage; {_decided(root)}"
        return out.finish(Verdict.UNDECIDED, logic, reason=reason)
    except SatUnknown as stop:
        out.halt()  # say why: cancelled, or past the deadline
        return out.finish(Verdict.UNDECIDED, logic, solution=stop.found[0] if stop.found else None)
    finally:
        stats.sat_variables, stats.sat_clauses = sat.variables, sat.clauses
        stats.sat_conflicts = sat.conflicts
        stats.sat_backend = sat.backend or stats.sat_backend
    return out.searched(logic, grids)


def _decided(root: GridState) -> str:
    """What line logic decided, in words: 'line logic decided 12 of 4,000,000 cells'."""
    return f"line logic decided {root.known:,} of {root.total:,} cells"


__all__ = ["Verdict", "SolveResult", "SolveStats", "solve", "CROSSED", "FILLED", "UNKNOWN"]
