"""The complete solver: a verdict for a puzzle (unique and line-solvable, unique but needs search,
multiple solutions, no solution, undecided) with the solutions that prove it.

Line logic first (exact line solver to a fixed point); then probing and depth-first search: at each
search node every undecided cell next to a decided one is tried both ways with propagation — a side
that contradicts forces the other value, and the cell whose two outcomes decide the most is the one
to branch on.  The search stops after two different solutions.  Time limit, progress callback and
cancellation are part of the API; a cancelled or timed-out run returns ``UNDECIDED`` with the
cells line logic decided.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.satsolver import SatUnknown, sat_backend, sat_solutions


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


@dataclass
class SolveStats:
    line_solves: int = 0
    probes: int = 0
    nodes: int = 0
    max_depth: int = 0
    sat_calls: int = 0
    sat_backend: str = ""  # "cadical" or "z3" once the SAT stage ran


@dataclass
class SolveResult:
    """The verdict with its evidence.

    ``solution`` is the (first) solution found; ``alternate`` a second, different one (only for
    MULTIPLE); ``grid`` the cells decided by line logic alone (UNKNOWN elsewhere).
    """

    verdict: Verdict
    grid: np.ndarray
    solution: np.ndarray | None = None
    alternate: np.ndarray | None = None
    seconds: float = 0.0
    cancelled: bool = False
    timed_out: bool = False
    stats: SolveStats = field(default_factory=SolveStats)


# Probing search decides most puzzles in milliseconds, but some (domino puzzles, Forever) need
# thousands of nodes; past these budgets the SAT stage (CaDiCaL, or z3 without python-sat) takes
# over from the probed state, which learns clauses and decides them in seconds.  Budgets count line solves, not seconds, so that the
# path to a verdict does not depend on how busy the machine is (a line solve is ~10-30 µs).
# Measured on the survey puzzles (tests/benchmarks/bench_solver.py): Light's root probing takes
# ~21,000 line solves, Petro's five-node search ~2,500; Forever's needs far more.
ROOT_PROBE_BUDGET = 60_000
SEARCH_BUDGET = 4_000


class _Stop(Exception):
    """Time limit reached, cancelled, or the current phase's budget spent."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _Search:
    def __init__(
        self,
        deadline: float | None,
        should_stop: StopCallback | None,
        progress: ProgressCallback | None,
        stats: SolveStats,
    ) -> None:
        self.deadline = deadline
        self.should_stop = should_stop
        self.progress = progress
        self.stats = stats
        self.solutions: dict[tuple[int, ...], GridState] = {}
        self.cancelled = False
        self.phase_limit: int | None = None  # line solves allowed before the phase gives up
        self._last_report = 0.0
        self._checks = 0
        self.halted: str | None = None  # why ``halt`` stopped a propagation: "cancelled", "time"

    def halt(self) -> bool:
        """The ``should_stop`` handed to line propagation: true once cancelled or past the
        deadline, so that one long propagation (a 1000x1000 puzzle's lines take a millisecond
        each, a probe can cascade over the whole grid) does not overrun the time limit."""
        if self.should_stop is not None and self.should_stop():
            self.cancelled = True
            self.halted = "cancelled"
        elif self.deadline is not None and time.perf_counter() > self.deadline:
            self.halted = "time"
        return self.halted is not None

    def check(self) -> None:
        self._checks += 1
        if self._checks & 15:
            return
        if self.should_stop is not None and self.should_stop():
            self.cancelled = True
            raise _Stop("cancelled")
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise _Stop("time")
        if self.phase_limit is not None and self.stats.line_solves > self.phase_limit:
            raise _Stop("budget")

    def report(self, state: GridState, message: str) -> None:
        if self.progress is None:
            return
        now = time.perf_counter()
        if now - self._last_report >= 0.1:
            self._last_report = now
            self.progress(state.known / state.total, message)

    def found(self, state: GridState) -> None:
        self.solutions.setdefault(state.key(), state)

    def propagate(self, state: GridState, rows: set[int], cols: set[int]) -> None:
        """Line propagation from ``rows``/``cols``; raises ``_Stop`` when halted part way."""
        self.stats.line_solves += state.propagate(rows, cols, self.halt)
        if self.halted is not None:
            raise _Stop(self.halted)

    def probe(
        self, state: GridState, focus: tuple[set[int], set[int]] | None = None
    ) -> tuple[GridState, tuple[GridState, GridState] | None]:
        """Probe until no probe forces a cell; return the state and the best pair to branch on.

        A pass probes the undecided cells next to decided ones on the rows and columns of
        ``focus`` (all of them when None); the next pass only those on lines that changed during
        the previous one, since a probe elsewhere would mostly repeat itself.  Search passes the
        lines its branch changed as the first focus.  Raises Contradiction when the state has no
        solution.
        """
        while True:
            best: tuple[GridState, GridState] | None = None
            best_score = -1
            before = state
            for r, c in _candidates(state, focus):
                if state.get(r, c) != UNKNOWN:
                    continue
                self.check()
                self.stats.probes += 1
                outcomes: list[GridState | None] = []
                for value in (FILLED, CROSSED):
                    child = state.copy()
                    child.set_cell(r, c, value)
                    try:
                        self.propagate(child, {r}, {c})
                    except Contradiction:
                        outcomes.append(None)
                        continue
                    if child.is_solved():
                        self.found(child)
                    outcomes.append(child)
                on, off = outcomes
                if on is None and off is None:
                    raise Contradiction
                if on is None or off is None:
                    forced = on if off is None else off  # the other value is forced
                    assert forced is not None  # both None was raised above
                    state = forced
                    self.report(state, "probing")
                    continue
                common = self.agreement(state, on, off)
                if common is not None:
                    state = common  # decided the same way whichever value the cell takes
                    self.report(state, "probing")
                    continue
                score = min(on.known, off.known)
                if score > best_score:
                    best_score, best = score, (on, off)
            if state is before:
                if best is None and focus is not None and not state.is_solved():
                    focus = None  # nothing to branch on near the change: look everywhere
                    continue
                return state, best
            focus = _changed_lines(before, state)

    def agreement(self, state: GridState, on: GridState, off: GridState) -> GridState | None:
        """``state`` plus the cells both probe outcomes decided alike, propagated (None if none)."""
        found = _agreement(state, on, off)
        if found is None:
            return None
        merged, rows, cols = found
        self.propagate(merged, rows, cols)
        return merged

    def run(self, root: GridState) -> None:
        stack: list[tuple[GridState, int, tuple[set[int], set[int]] | None]] = [(root, 0, None)]
        while stack and len(self.solutions) < 2:
            state, depth, focus = stack.pop()
            self.stats.nodes += 1
            self.stats.max_depth = max(self.stats.max_depth, depth)
            self.check()
            try:
                state, pair = self.probe(state, focus)
            except Contradiction:
                continue
            if state.is_solved():
                self.found(state)
                continue
            if pair is None:
                continue
            self.report(state, f"searching (depth {depth})")
            on, off = pair
            for child in (off, on):
                if child.is_solved():
                    self.found(child)
                else:
                    stack.append((child, depth + 1, _changed_lines(state, child)))


def _agreement(
    state: GridState, on: GridState, off: GridState
) -> tuple[GridState, set[int], set[int]] | None:
    """The cells both probe outcomes decided alike, set on a copy of ``state`` (not yet
    propagated) with the rows and columns they touch; None when there are none."""
    rows: set[int] = set()
    for i in range(state.height):
        f = on.row_f[i] & off.row_f[i] & ~state.row_f[i]
        x = on.row_x[i] & off.row_x[i] & ~state.row_x[i]
        if f or x:
            rows.add(i)
    if not rows:
        return None
    merged = state.copy()
    cols: set[int] = set()
    for i in rows:
        f = on.row_f[i] & off.row_f[i] & ~state.row_f[i]
        x = on.row_x[i] & off.row_x[i] & ~state.row_x[i]
        for value, mask in ((FILLED, f), (CROSSED, x)):
            while mask:  # the set bits only: a row of a wide puzzle has few of them
                low = mask & -mask
                j = low.bit_length() - 1
                merged.set_cell(i, j, value)
                cols.add(j)
                mask ^= low
    return merged, rows, cols


def _changed_lines(old: GridState, new: GridState) -> tuple[set[int], set[int]]:
    rows = {i for i in range(new.height) if (old.row_f[i], old.row_x[i]) != (new.row_f[i], new.row_x[i])}
    cols = {j for j in range(new.width) if (old.col_f[j], old.col_x[j]) != (new.col_f[j], new.col_x[j])}
    return rows, cols


def _known_cells(state: GridState) -> np.ndarray:
    """The decided cells as a boolean array, read from the row masks a byte at a time (the
    per-cell loop of ``to_grid`` takes a second on a 1000x1000 grid)."""
    nbytes = (state.width + 7) // 8
    data = b"".join((f | x).to_bytes(nbytes, "little")
                    for f, x in zip(state.row_f, state.row_x, strict=True))
    bits = np.unpackbits(np.frombuffer(data, dtype=np.uint8).reshape(state.height, nbytes),
                         axis=1, bitorder="little")
    return bits[:, :state.width].astype(bool)


def _candidates(
    state: GridState, focus: tuple[set[int], set[int]] | None = None
) -> Iterator[tuple[int, int]]:
    """Undecided cells with a decided neighbour (every undecided cell when none is decided),
    restricted to the rows and columns in ``focus`` when given; row by row, made as they are
    taken (a million pairs made up front took most of a second)."""
    known = _known_cells(state)
    unknown = ~known
    near = np.zeros_like(known)
    near[1:, :] |= known[:-1, :]
    near[:-1, :] |= known[1:, :]
    near[:, 1:] |= known[:, :-1]
    near[:, :-1] |= known[:, 1:]
    mask = unknown & near
    if not mask.any():
        mask = unknown
    if focus is not None:
        rows, cols = focus
        keep = np.zeros_like(mask)
        if rows:
            keep[sorted(rows), :] = True
        if cols:
            keep[:, sorted(cols)] = True
        mask &= keep
    rs, cs = np.nonzero(mask)
    return zip(rs.tolist(), cs.tolist(), strict=True)


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
    search = _Search(deadline, should_stop, progress, stats)
    root = GridState(puzzle)

    def finish(verdict: Verdict, grid: np.ndarray, **kw: object) -> SolveResult:
        return SolveResult(
            verdict, grid, seconds=time.perf_counter() - started, stats=stats, **kw  # type: ignore[arg-type]
        )

    try:
        stats.line_solves += root.propagate(should_stop=search.halt)
    except Contradiction:
        return finish(Verdict.NO_SOLUTION, root.to_grid())
    logic_grid = root.to_grid()
    if search.halted is not None:  # line logic alone ran out of time (or was cancelled)
        return finish(Verdict.UNDECIDED, logic_grid, cancelled=search.cancelled,
                      timed_out=not search.cancelled)
    if root.is_solved():
        return finish(Verdict.UNIQUE_LINE, logic_grid, solution=logic_grid.copy())
    if progress is not None:
        progress(root.known / root.total, "line logic stuck; probing")

    def undecided() -> SolveResult:
        return finish(
            Verdict.UNDECIDED,
            logic_grid,
            cancelled=search.cancelled,
            timed_out=not search.cancelled,
            solution=_first_solution(search),
        )

    def verdict_from(grids: list[np.ndarray]) -> SolveResult:
        if not grids:
            return finish(Verdict.NO_SOLUTION, logic_grid)
        if len(grids) == 1:
            return finish(Verdict.UNIQUE_SEARCH, logic_grid, solution=grids[0])
        return finish(Verdict.MULTIPLE, logic_grid, solution=grids[0], alternate=grids[1])

    probed = root
    try:
        search.phase_limit = stats.line_solves + ROOT_PROBE_BUDGET
        probed, _ = search.probe(root.copy())
        if probed.is_solved():
            search.found(probed)
        else:
            search.phase_limit = stats.line_solves + SEARCH_BUDGET
            search.run(probed)
        return verdict_from([s.to_grid() for s in search.solutions.values()])
    except Contradiction:
        return finish(Verdict.NO_SOLUTION, logic_grid)
    except _Stop as stop:
        if stop.reason != "budget":
            return undecided()
    if progress is not None:
        progress(probed.known / probed.total, "probing exhausted its budget; SAT search")
    try:
        # ``halt`` also stops the encoding (long for a large puzzle) at the deadline.
        stats.sat_backend = sat_backend()
        grids = sat_solutions(probed, limit=2, deadline=deadline, should_stop=search.halt,
                              backend=stats.sat_backend, progress=progress)
    except SatUnknown:
        search.cancelled = search.cancelled or (should_stop is not None and should_stop())
        return undecided()
    stats.sat_calls += 1
    seen: dict[bytes, np.ndarray] = {}
    for g in [s.to_grid() for s in search.solutions.values()] + grids:
        seen.setdefault(g.tobytes(), g)
    return verdict_from(list(seen.values()))


def _first_solution(search: _Search) -> np.ndarray | None:
    for state in search.solutions.values():
        return state.to_grid()
    return None


__all__ = ["Verdict", "SolveResult", "SolveStats", "solve", "CROSSED", "FILLED", "UNKNOWN"]
