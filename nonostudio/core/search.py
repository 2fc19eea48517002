"""Probing and depth-first search for :mod:`nonostudio.core.solver`: the stage between line
logic and SAT.

At each search node every undecided cell next to a decided one is tried both ways with
propagation; a side that contradicts forces the other value, and the cell whose two outcomes
decide the most is the one to branch on (docs/design/solver.md).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.progress import ProgressCallback, StopCallback


@dataclass
class SolveStats:
    """What a solve did: line solves, probes, search nodes and depth, SAT calls and backend."""

    line_solves: int = 0
    probes: int = 0
    nodes: int = 0
    max_depth: int = 0
    sat_calls: int = 0
    sat_backend: str = ""  # "cadical" or "z3" once the SAT stage ran


class SearchStopped(Exception):
    """Time limit reached, cancelled, or the current phase's budget spent."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Search:
    """Probing and depth-first search over grid states, with the time limit, cancellation,
    phase budget and progress of one solve; ``solutions`` collects the solved states (by key)."""

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
        # The most decided state the last ``probe`` call reached: it implies no more than the
        # state that call was given, so it stands for it when the call is stopped part way.
        self.latest: GridState | None = None

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
        """Every 16th call: raise :class:`SearchStopped` when cancelled, past the deadline or
        over the phase's line-solve budget."""
        self._checks += 1
        if self._checks & 15:
            return
        if self.should_stop is not None and self.should_stop():
            self.cancelled = True
            raise SearchStopped("cancelled")
        now = time.perf_counter()
        if self.deadline is not None and now > self.deadline:
            raise SearchStopped("time")
        if self.phase_limit is not None and self.stats.line_solves > self.phase_limit:
            raise SearchStopped("budget")

    def report(self, state: GridState, message: str) -> None:
        """Progress: the fraction of decided cells, at most every 0.1 s."""
        if self.progress is None:
            return
        now = time.perf_counter()
        if now - self._last_report >= 0.1:
            self._last_report = now
            self.progress(state.known / state.total, message)

    def found(self, state: GridState) -> None:
        self.solutions.setdefault(state.key(), state)

    def propagate(self, state: GridState, rows: set[int], cols: set[int]) -> None:
        """Line propagation from ``rows``/``cols``; raises :class:`SearchStopped` when halted part
        way."""
        self.stats.line_solves += state.propagate(rows, cols, self.halt)
        if self.halted is not None:
            raise SearchStopped(self.halted)

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
        self.latest = state
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
                    state = self.latest = forced
                    self.report(state, "probing")
                    continue
                common = self.agreement(state, on, off)
                if common is not None:
                    state = self.latest = common  # decided alike whichever value the cell takes
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
        """Depth-first search from ``root``, probing at each node, until two solutions are found
        or the tree is exhausted."""
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
            # The child that decides more cells is searched first (pushed last): its subtree is
            # the smaller one, and on the TAAI puzzles it reaches a solution in fewer nodes.
            for child in (on, off) if on.known < off.known else (off, on):
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
    rows = {
        i for i in range(new.height) if (old.row_f[i], old.row_x[i]) != (new.row_f[i], new.row_x[i])
    }
    cols = {
        j for j in range(new.width) if (old.col_f[j], old.col_x[j]) != (new.col_f[j], new.col_x[j])
    }
    return rows, cols


def _known_cells(state: GridState) -> np.ndarray:
    """The decided cells as a boolean array, read from the row masks a byte at a time (the
    per-cell loop of ``to_grid`` takes a second on a 1000x1000 grid)."""
    nbytes = (state.width + 7) // 8
    data = b"".join(
        (f | x).to_bytes(nbytes, "little") for f, x in zip(state.row_f, state.row_x, strict=True)
    )
    bits = np.unpackbits(
        np.frombuffer(data, dtype=np.uint8).reshape(state.height, nbytes), axis=1, bitorder="little"
    )
    return bits[:, : state.width].astype(bool)


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
