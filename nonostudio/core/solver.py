"""The complete solver: a verdict for a puzzle (unique and line-solvable, unique but needs search,
multiple solutions, no solution, undecided) with the solutions that prove it.

Line logic first (exact line solver to a fixed point), then probing and depth-first search
(:mod:`nonostudio.core.search`), then SAT (:mod:`nonostudio.core.satsolver`) once the search's
budgets are spent.  Time limit, progress callback and cancellation are part of the API; a cancelled
or timed-out run returns ``UNDECIDED`` with the cells line logic decided.  How the stages hand over
and why the budgets count line solves: docs/design/solver.md.
"""

from __future__ import annotations

import enum
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.search import Search, SearchStopped, SolveStats

if TYPE_CHECKING:  # the SAT stage's module is imported when that stage runs
    import numpy as np


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
    ) -> None:
        self.verdict = verdict
        self._grid = grid
        self._solution = solution
        self._alternate = alternate
        self.seconds = seconds
        self.cancelled = cancelled
        self.timed_out = timed_out
        self.stats = SolveStats() if stats is None else stats

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


# Past these budgets of probing search the SAT stage takes over from the probed state.  They
# count line solves, not seconds, so that the path to a verdict does not depend on how busy the
# machine is (the figures behind them: docs/design/solver.md).
ROOT_PROBE_BUDGET = 60_000
SEARCH_BUDGET = 4_000


@dataclass
class _Outcome:
    """Makes the :class:`SolveResult` of one :func:`solve` call: the time it started, its stats
    and search, and the state line logic reached."""

    started: float
    stats: SolveStats
    search: Search
    logic_state: GridState | None = None

    def finish(
        self,
        verdict: Verdict,
        grid: np.ndarray | GridState,
        *,
        solution: np.ndarray | GridState | None = None,
        alternate: np.ndarray | None = None,
        cancelled: bool = False,
        timed_out: bool = False,
    ) -> SolveResult:
        return SolveResult(
            verdict,
            grid,
            solution=solution,
            alternate=alternate,
            seconds=time.perf_counter() - self.started,
            cancelled=cancelled,
            timed_out=timed_out,
            stats=self.stats,
        )

    @property
    def logic(self) -> GridState:
        assert self.logic_state is not None  # set once line logic has run
        return self.logic_state

    def undecided(self) -> SolveResult:
        """Stopped by the time limit or cancelled: the line-logic grid and any solution found."""
        search = self.search
        return self.finish(
            Verdict.UNDECIDED,
            self.logic,
            cancelled=search.cancelled,
            timed_out=not search.cancelled,
            solution=_first_solution(search),
        )

    def verdict_from(self, grids: list[np.ndarray]) -> SolveResult:
        """The verdict of the complete list of (at most two) distinct solutions found."""
        if not grids:
            return self.finish(Verdict.NO_SOLUTION, self.logic)
        if len(grids) == 1:
            return self.finish(Verdict.UNIQUE_SEARCH, self.logic, solution=grids[0])
        return self.finish(Verdict.MULTIPLE, self.logic, solution=grids[0], alternate=grids[1])


def solve(
    puzzle: Puzzle,
    *,
    time_limit: float | None = None,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> SolveResult:
    """Decide ``puzzle``: its verdict, a solution and, when not unique, a second one.

    ``time_limit`` is in seconds (None: no limit); ``progress(fraction, message)`` is called now and
    then; ``should_stop()`` returning True cancels the run (checked often).
    """
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    stats = SolveStats()
    search = Search(deadline, should_stop, progress, stats)
    out = _Outcome(started, stats, search)
    root = GridState(puzzle)
    try:
        stats.line_solves += root.propagate(should_stop=search.halt)
    except Contradiction:
        return out.finish(Verdict.NO_SOLUTION, _kept(root))
    logic = out.logic_state = _kept(root)
    if search.halted is not None:  # line logic alone ran out of time (or was cancelled)
        return out.finish(
            Verdict.UNDECIDED,
            logic,
            cancelled=search.cancelled,
            timed_out=not search.cancelled,
        )
    if root.is_solved():
        return out.finish(Verdict.UNIQUE_LINE, logic, solution=logic)
    if progress is not None:
        progress(root.known / root.total, "line logic stuck; probing")
    probed = _probe_and_search(root, out)
    if isinstance(probed, SolveResult):
        return probed
    if progress is not None:
        progress(probed.known / probed.total, "probing exhausted its budget; SAT search")
    return _sat_stage(probed, out, deadline, should_stop, progress)


def _probe_and_search(root: GridState, out: _Outcome) -> SolveResult | GridState:
    """Probe the root, then search, each within its line-solve budget: the result, or the state
    the SAT stage starts from when a budget ran out (the root when its probing did)."""
    search, stats = out.search, out.stats
    probed = root
    try:
        search.phase_limit = stats.line_solves + ROOT_PROBE_BUDGET
        probed, _ = search.probe(root.copy())
        if probed.is_solved():
            search.found(probed)
        else:
            search.phase_limit = stats.line_solves + SEARCH_BUDGET
            search.run(probed)
        return out.verdict_from([s.to_grid() for s in search.solutions.values()])
    except Contradiction:
        return out.finish(Verdict.NO_SOLUTION, out.logic)
    except SearchStopped as stop:
        if stop.reason != "budget":
            return out.undecided()
    return probed


def _sat_stage(
    probed: GridState,
    out: _Outcome,
    deadline: float | None,
    should_stop: StopCallback | None,
    progress: ProgressCallback | None,
) -> SolveResult:
    """Up to two solutions from SAT, merged with those the search found."""
    from nonostudio.core.satsolver import SatUnknown, sat_backend, sat_solutions

    search, stats = out.search, out.stats
    try:
        # ``halt`` also stops the encoding (long for a large puzzle) at the deadline.
        stats.sat_backend = sat_backend()
        grids = sat_solutions(
            probed,
            limit=2,
            deadline=deadline,
            should_stop=search.halt,
            backend=stats.sat_backend,
            progress=progress,
        )
    except SatUnknown:
        search.cancelled = search.cancelled or (should_stop is not None and should_stop())
        return out.undecided()
    stats.sat_calls += 1
    seen: dict[bytes, np.ndarray] = {}
    for g in [s.to_grid() for s in search.solutions.values()] + grids:
        seen.setdefault(g.tobytes(), g)
    return out.verdict_from(list(seen.values()))


def _first_solution(search: Search) -> np.ndarray | None:
    for state in search.solutions.values():
        return state.to_grid()
    return None


__all__ = ["Verdict", "SolveResult", "SolveStats", "solve", "CROSSED", "FILLED", "UNKNOWN"]
