"""The paper's heuristic solver (H) and its network-started variants (NeHI, NeHPF, NeHPFI and
the Ne8 ones that take the best of the eight reflections).

H fills the trivial cells (those with one value in every combination of a line that fits what
is known) to a fixed point, then branches on the undecided line with the fewest combinations,
trying them in order, and repeats.  Intuition tries a line's combinations by how few cells they
differ from the network's guess (ties in random order).  Partial erase starts from the guess
with the rows and columns that break their clues wiped; when that start leads nowhere, full
erase starts again from the empty board.  An *iteration* is one search node (a fixed point
followed by a branch or an answer).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from nonostudio.baselines.encoding import wrong_lines
from nonostudio.baselines.network import Guess, Network
from nonostudio.core.linesolver import solve_masks
from nonostudio.core.puzzle import Clues

VARIANTS = ("H", "NeHI", "NeHPF", "NeHPFI", "Ne8HI", "Ne8HPF", "Ne8HPFI")


@dataclass(frozen=True)
class Run:
    """One variant on one puzzle: solved or not, the board, time (s), iterations, and the stage
    that found it (``network``, ``partial``, ``full`` or ``search``)."""

    variant: str
    solved: bool
    board: np.ndarray | None
    seconds: float
    iterations: int
    timed_out: bool
    stage: str


class _OutOfTime(Exception):
    pass


@functools.cache
def line_combinations(n: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every line of ``n`` cells (bit ``i`` = cell ``i``), grouped by its clue."""
    table: dict[tuple[int, ...], list[int]] = {}
    for mask in range(1 << n):
        runs, length = [], 0
        for i in range(n):
            if mask >> i & 1:
                length += 1
            elif length:
                runs.append(length)
                length = 0
        if length:
            runs.append(length)
        table.setdefault(tuple(runs), []).append(mask)
    return {k: tuple(v) for k, v in table.items()}


class _State:
    """Filled and crossed masks of every row (bit j = column j) and column (bit i = row i)."""

    __slots__ = ("fr", "cr", "fc", "cc")

    def __init__(self, n: int) -> None:
        self.fr, self.cr, self.fc, self.cc = [0] * n, [0] * n, [0] * n, [0] * n

    def copy(self) -> _State:
        s = _State.__new__(_State)
        s.fr, s.cr, s.fc, s.cc = self.fr[:], self.cr[:], self.fc[:], self.cc[:]
        return s


class _Solver:
    def __init__(
        self,
        rows: Clues,
        cols: Clues,
        deadline: float | None,
        guide: np.ndarray | None,
        rng: random.Random,
    ) -> None:
        self.n = len(rows)
        self.rows, self.cols = [tuple(r) for r in rows], [tuple(c) for c in cols]
        self.full = (1 << self.n) - 1
        self.table = line_combinations(self.n)
        self.deadline = deadline
        self.rng = rng
        self.iterations = 0
        self.guide_rows: list[int] | None = None
        self.guide_cols: list[int] | None = None
        if guide is not None:
            bits = 1 << np.arange(self.n)
            g = np.asarray(guide, dtype=np.int64)
            self.guide_rows = [int(v) for v in g @ bits]
            self.guide_cols = [int(v) for v in g.T @ bits]

    def _set(self, s: _State, is_row: bool, k: int, f: int, c: int) -> list[tuple[bool, int]]:
        """Line ``k`` becomes ``(f, c)``; the crossing lines learn the new cells."""
        lf, lc, xf, xc = (s.fr, s.cr, s.fc, s.cc) if is_row else (s.fc, s.cc, s.fr, s.cr)
        new_f, new_c = f & ~lf[k], c & ~lc[k]
        lf[k], lc[k] = f, c
        touched = []
        bit = 1 << k
        for cells, target in ((new_f, xf), (new_c, xc)):
            while cells:
                low = cells & -cells
                j = low.bit_length() - 1
                target[j] |= bit
                touched.append((not is_row, j))
                cells ^= low
        return touched

    def propagate(self, s: _State, queue: list[tuple[bool, int]]) -> bool:
        """Trivial cells to a fixed point; False on a contradiction."""
        pending = set(queue)
        while pending:
            is_row, k = pending.pop()
            hints = self.rows[k] if is_row else self.cols[k]
            f, c = (s.fr[k], s.cr[k]) if is_row else (s.fc[k], s.cc[k])
            out = solve_masks(hints, self.n, f, c)
            if out is None:
                return False
            if out != (f, c):
                pending.update(self._set(s, is_row, k, out[0], out[1]))
        return True

    def search(self, s: _State) -> _State | None:
        self.iterations += 1
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfTime
        best: tuple[int, bool, int, list[int]] | None = None
        for is_row in (True, False):
            fs, cs, clues = (s.fr, s.cr, self.rows) if is_row else (s.fc, s.cc, self.cols)
            for k in range(self.n):
                f, c = fs[k], cs[k]
                if f | c == self.full:
                    continue
                fits = [m for m in self.table.get(clues[k], ()) if not m & c and not f & ~m]
                if best is None or len(fits) < best[0]:
                    best = (len(fits), is_row, k, fits)
        if best is None:
            return s  # every cell known after a fixed point: every line checked, a solution
        _, is_row, k, fits = best
        guide = self.guide_rows if is_row else self.guide_cols
        if guide is not None:
            self.rng.shuffle(fits)
            want = guide[k]
            fits.sort(key=lambda m: (m ^ want).bit_count())
        for m in fits:
            t = s.copy()
            touched = self._set(t, is_row, k, m, self.full & ~m)
            if self.propagate(t, touched):
                found = self.search(t)
                if found is not None:
                    return found
        return None

    def start(self, board: np.ndarray | None = None, keep: np.ndarray | None = None) -> _State:
        """A state holding ``board``'s cells where ``keep`` is True (nothing without them)."""
        s = _State(self.n)
        if board is not None and keep is not None:
            for i, j in zip(*(a.tolist() for a in np.nonzero(keep)), strict=True):
                if board[i, j]:
                    s.fr[i] |= 1 << j
                    s.fc[j] |= 1 << i
                else:
                    s.cr[i] |= 1 << j
                    s.cc[j] |= 1 << i
        return s

    def solve_from(self, s: _State) -> np.ndarray | None:
        queue = [(True, k) for k in range(self.n)] + [(False, k) for k in range(self.n)]
        if not self.propagate(s, queue):
            self.iterations += 1
            return None
        found = self.search(s)
        if found is None:
            return None
        bits = 1 << np.arange(self.n)
        return ((np.array(found.fr, dtype=np.int64)[:, None] & bits) != 0).astype(np.uint8)


def partial_erase_keep(board: np.ndarray, rows: Clues, cols: Clues) -> np.ndarray:
    """The cells partial erase keeps: those whose row and column both hold their clues."""
    bad_rows, bad_cols = wrong_lines(board, rows, cols)
    keep = np.ones(board.shape, dtype=bool)
    keep[bad_rows, :] = False
    keep[:, bad_cols] = False
    return keep


def run_variant(
    variant: str,
    rows: Clues,
    cols: Clues,
    network: Network | None = None,
    *,
    time_limit: float | None = None,
    seed: int = 0,
    guess: Callable[[], Guess] | None = None,
) -> Run:
    """Solve one square puzzle with ``variant`` (one of :data:`VARIANTS`); the network variants
    need ``network`` (or ``guess``, which makes the network's guess: its time counts)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; known: {', '.join(VARIANTS)}")
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    rng = random.Random(seed)
    total = 0

    def finish(board: np.ndarray | None, stage: str, timed_out: bool = False) -> Run:
        seconds = time.perf_counter() - started
        return Run(variant, board is not None, board, seconds, total, timed_out, stage)

    def attempt(
        guide: np.ndarray | None,
        board: np.ndarray | None = None,
        keep: np.ndarray | None = None,
    ) -> np.ndarray | None:
        nonlocal total
        solver = _Solver(rows, cols, deadline, guide, rng)
        try:
            return solver.solve_from(solver.start(board, keep))
        finally:
            total += solver.iterations

    try:
        if variant == "H":
            return finish(attempt(None), "search")
        if guess is None:
            if network is None:
                raise ValueError(f"the {variant} variant needs a network")
            g = network.guess(rows, cols, reflections=variant.startswith("Ne8"))
        else:
            g = guess()
        if g.solves:
            return finish(g.board, "network")
        intuition = variant.endswith("I")
        guide = g.board if intuition else None
        if "PF" in variant:
            keep = partial_erase_keep(g.board, rows, cols)
            found = attempt(guide, g.board, keep)
            if found is not None:
                return finish(found, "partial")
            return finish(attempt(guide), "full")
        return finish(attempt(guide), "search")
    except _OutOfTime:
        return finish(None, "timeout", timed_out=True)
