"""Depth-1 probe trials remembered from one probe step of a trace to the next.

A probe step looks for the first cell, in reading order, whose one value line logic refutes;
:class:`TrialMemory` answers "does line logic refute this assumption on this grid?" and reuses
what earlier trials of the same assumption found (the argument is in
docs/design/analysis.md, "Probe-trial memory").  Grids are whole-grid bit masks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from nonostudio.analysis.explaining.chain import Solved
from nonostudio.core.gridstate import (
    Contradiction,
    GridState,
    LineCache,
    bit_indices,
    grid_masks,
)
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.linesolver import solve_masks
from nonostudio.core.puzzle import Puzzle

if TYPE_CHECKING:
    from nonostudio.core.solver import SolveResult

# Depth-1 trials are remembered on puzzles up to this many cells (memory: three whole-grid masks
# a trial), and line-solver results up to this many (then they are dropped and computed again).
MEMORY_CELLS = 4096
LINE_CACHE_LIMIT = 200_000

_Masks = tuple[int, int, int, int]  # a grid's filled, crossed masks by rows, then by columns
# F, S, cells of the lines L unknown in F, L's rows, L's columns as bits, and the cells where
# a filled / a crossed cell of a later grid is news for the trial (see TrialMemory.refuted).
_Memory = tuple[_Masks, _Masks, int, int, int, int, int]


def whole_mask(rows: list[int], width: int) -> int:
    """Row masks joined into one mask of the whole grid (row ``r`` at bits ``r * width`` on)."""
    out = 0
    for r in range(len(rows) - 1, -1, -1):
        out = (out << width) | rows[r]
    return out


def bit_cells(mask: int, width: int) -> list[tuple[int, int]]:
    """``(row, column)`` of every bit of a whole-grid mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(divmod(low.bit_length() - 1, width))
        mask ^= low
    return out


class TrialMemory:
    """Depth-1 trials (assume a cell's value, run line logic) remembered across probe steps.

    Line logic (the exact line solver to a fixed point) is monotone, and whether it ends in a
    contradiction does not depend on the order lines are solved in.  Say an assumption's last
    trial started from grid ``S`` (a fixed point: probing starts where line logic is stuck) and
    reached the consistent fixed point ``F``, changing the lines ``L``.  On a later grid
    ``G ⊇ S`` the trial's outcome is that of line logic from ``F ∪ G``: refuted when a cell of
    ``G`` has the other value in ``F``; not refuted when every cell of ``G`` unknown in ``F``
    lies on lines outside ``L`` (each such line of ``F ∪ G`` is that line of ``G``, a fixed point,
    and the other lines are those of ``F``); otherwise line logic runs on from ``F ∪ G``.  Only
    the yes/no answer is taken from here; grids are whole-grid masks (cell (r, c) at bit
    ``r * width + c``).  An assumption once refuted stays refuted: on ``G ⊇ S`` line logic
    reaches at least what it reached from ``S``.  Puzzles over :data:`MEMORY_CELLS` cells
    remember only the refuted assumptions.

    A solution ``X`` of the puzzle (:meth:`set_witness`) answers half the questions at once: on a
    grid ``G ⊆ X`` line logic refutes no assumption that agrees with ``X`` (it is sound, and
    ``X`` is a solution with that cell's value), so those are not tried (puzzles up to
    :data:`MEMORY_CELLS` cells; on a grid not within ``X`` the solution is not used).
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.width = w = puzzle.width
        self.height = h = puzzle.height
        self.line_cache: LineCache = {}  # the line solver's results, shared by every trial
        self.remember = w * h <= MEMORY_CELLS
        self.row_region: list[int] = []
        self.col_region: list[int] = []
        if self.remember:  # (whole-grid masks of every row and column: not on a large grid)
            column = 0
            for r in range(h):
                column |= 1 << (r * w)
            self.row_region = [((1 << w) - 1) << (r * w) for r in range(h)]
            self.col_region = [column << c for c in range(w)]
        # (row, column, value) -> (F, S, cells of the lines L unknown in F, L's rows, L's
        # columns as bits); grids as (filled, crossed) row-major and column-major masks.
        self.memory: dict[tuple[int, int, int], _Memory] = {}
        self.news: dict[int, tuple[_Masks, int, int]] = {}
        # Assumptions line logic refuted on an earlier grid: refuted on every later one (line
        # logic is monotone; the grids only gain cells).  Kept on a grid of any size.
        self.refutations: set[tuple[int, int, int]] = set()
        self.state = GridState(puzzle, self.line_cache)
        self.grid: _Masks = (0, 0, 0, 0)
        # The line solves of the contradiction chains, sharing the trials' line cache.
        self.chain_cache = Solved(self.line_cache)
        # A solution's filled and crossed cells as whole-grid masks (set_witness); and the cells
        # (filled, crossed) of consistent fixed points of line logic containing the current grid
        # (the solution's, when the grid lies within it, and the not-refuted trials' so far).
        self.witness: tuple[int, int] | None = None
        self.certified = [0, 0]
        self.witness_asked = False  # (set by the caller once it has looked for a solution)
        self.probe_steps = 0  # (counted by the caller until then)
        self.solved: SolveResult | None = None  # that search's result, when it decided

    def set_witness(self, solution: Sequence[Sequence[int]] | None) -> None:
        """A solution of the puzzle (FILLED and CROSSED cells; None: none known) whose values
        need no trial while the grid lies within it (on puzzles up to :data:`MEMORY_CELLS`
        cells)."""
        if solution is None or not self.remember:
            self.witness = None
        else:
            masks = grid_masks(solution)
            self.witness = (whole_mask(masks[0], self.width), whole_mask(masks[1], self.width))
        self._agree()

    def _agree(self) -> None:
        """No certified cells but the witness's, when the grid lies within it."""
        witness = self.witness
        if witness is None or self.grid[0] & ~witness[0] or self.grid[1] & ~witness[1]:
            self.certified = [0, 0]
        else:
            self.certified = list(witness)

    def grid_state(self, grid: list[list[int]]) -> GridState:
        """A solver state of the grid, sharing the line cache."""
        if len(self.line_cache) > LINE_CACHE_LIMIT:
            self.line_cache.clear()
        return GridState.from_masks(self.puzzle, grid_masks(grid), self.line_cache)

    def start(self, state: GridState) -> TrialMemory:
        """Trials on this grid (a fixed point of line logic) from now on."""
        self.state = state
        if self.remember:
            self.grid = (
                whole_mask(state.row_f, self.width),
                whole_mask(state.row_x, self.width),
                whole_mask(state.col_f, self.height),
                whole_mask(state.col_x, self.height),
            )
            self.news = {}
        self._agree()
        return self

    def refuted(self, r: int, c: int, assumed: int) -> bool:
        """Whether line logic refutes cell (r, c) = ``assumed`` on the current grid."""
        key = (r, c, assumed)
        if key in self.refutations:
            return True
        certified = self.certified
        if certified[0 if assumed == FILLED else 1] >> (r * self.width + c) & 1:
            return False  # a consistent fixed point of line logic containing the grid has it
        started = self._started(key)
        if isinstance(started, bool):
            if not started:
                self._certify(self.memory[key][0])
            return started
        trial, rows, cols = started
        if self._run(key, trial, rows, cols):
            return True
        if self.remember:
            self._certify(self.memory[key][0])
        return False

    def reach(self, r: int, c: int, assumed: int) -> int | None:
        """How many cells are decided once line logic runs to its fixed point from the current
        grid with cell (r, c) = ``assumed`` (None: line logic refutes it).

        Exact, whatever the memory holds (the fixed point of line logic from a grid is one):
        from a remembered trial ``F`` it is the count of ``F ∪ G`` when nothing of ``G`` is new
        to the trial, else line logic runs on as in :meth:`refuted`, and the trial is
        remembered.  A certified assumption is tried too (its count is not known)."""
        key = (r, c, assumed)
        if key in self.refutations:
            return None
        started = self._started(key)
        if isinstance(started, bool):
            if started:
                return None
            fill, grid = self.memory[key][0], self.grid
            return ((fill[0] | grid[0]) | (fill[1] | grid[1])).bit_count()
        trial, rows, cols = started
        return None if self._run(key, trial, rows, cols) else trial.known

    def _certify(self, fill: _Masks) -> None:
        """A trial's fixed point ``F`` with ``F ∪ G`` a consistent fixed point of line logic:
        every assumption it holds is not refuted on ``G`` (line logic from ``G`` and it stays
        within ``F ∪ G``: the exact line solver is monotone)."""
        certified = self.certified
        certified[0] |= fill[0]
        certified[1] |= fill[1]

    def first_refuted(self, cells: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int, int]]:
        """The assumptions line logic refutes on the current grid, each of ``cells`` filled then
        empty, in their order: :meth:`refuted` of each, with its commonest cases (refuted
        before; remembered and nothing new to the trial) answered here."""
        # (refuted's answers, in its order but for the certified cells, tested first: a
        # certified assumption is never refuted; the two values written out.)
        refutations = self.refutations
        memory = self.memory if self.remember else {}
        grid_f, grid_x = self.grid[0], self.grid[1]
        width = self.width
        certified = self.certified
        get = memory.get
        for r, c in cells:
            bit = 1 << (r * width + c)
            if not certified[0] & bit:
                key = (r, c, FILLED)
                if key in refutations:
                    yield key
                else:
                    known = get(key)
                    if known is not None and not (grid_f & known[5] or grid_x & known[6]):
                        fill = known[0]  # (refuted's common case)
                        certified[0] |= fill[0]
                        certified[1] |= fill[1]
                    elif self.refuted(r, c, FILLED):
                        yield key
            if not certified[1] & bit:
                key = (r, c, CROSSED)
                if key in refutations:
                    yield key
                else:
                    known = get(key)
                    if known is not None and not (grid_f & known[5] or grid_x & known[6]):
                        fill = known[0]
                        certified[0] |= fill[0]
                        certified[1] |= fill[1]
                    elif self.refuted(r, c, CROSSED):
                        yield key

    def _run(
        self, key: tuple[int, int, int], trial: GridState, rows: set[int], cols: set[int]
    ) -> bool:
        """Run line logic on ``trial`` from ``rows`` and ``cols``: True when it refutes the
        assumption ``key`` (recorded, its memory dropped), else False (the trial remembered)."""
        try:
            trial.propagate(rows=rows, cols=cols)
        except Contradiction:
            self.memory.pop(key, None)
            self.refutations.add(key)
            return True
        if self.remember:
            self._remember(key, trial)
        return False

    def _started(self, key: tuple[int, int, int]) -> bool | tuple[GridState, set[int], set[int]]:
        """The trial of assumption ``key`` (row, column, value) to run line logic on, with the
        rows and columns to start from; or its outcome when the memory settles it (True:
        refuted, False: not), for :meth:`refuted` and :meth:`reach` alike."""
        r, c, assumed = key
        known = self.memory.get(key) if self.remember else None
        if known is None:
            trial = self.state.copy()
            trial.set_cell(r, c, assumed)
            return trial, {r}, {c}
        # The common case, ahead of _settled: no cell of G is new to the trial, that is no cell
        # of G \ S has the other value in F or lies unknown on L.  S ⊆ F, F is consistent and
        # no cell of S is unknown on L, so G's cells can be tested whole.
        grid = self.grid
        news = grid[0] & known[5] or grid[1] & known[6]
        outcome = self._settled(key, known) if news else False
        if outcome is not None:
            return outcome
        return self._resumed(known)

    def _resumed(self, known: _Memory) -> tuple[GridState, set[int], set[int]]:
        """The trial of ``F ∪ G`` to run on: the current grid with the remembered ``F`` added,
        and the rows and columns holding cells of ``G`` that are unknown in ``F`` on ``L``."""
        fill, _, open_, changed_rows, changed_cols = known[:5]
        grid = self.grid
        w, h = self.width, self.height
        full_w, full_h = (1 << w) - 1, (1 << h) - 1
        # F differs from S (so F ∪ G from G) only on the lines the trial changed: only those
        # are read from F's masks.
        trial = self.state.copy()
        row_f, row_x, col_f, col_x = trial.row_f, trial.row_x, trial.col_f, trial.col_x
        for r in bit_indices(changed_rows):
            shift = r * w
            row_f[r] |= fill[0] >> shift & full_w
            row_x[r] |= fill[1] >> shift & full_w
        for c in bit_indices(changed_cols):
            shift = c * h
            col_f[c] |= fill[2] >> shift & full_h
            col_x[c] |= fill[3] >> shift & full_h
        trial.known = ((fill[0] | grid[0]) | (fill[1] | grid[1])).bit_count()
        rows, cols = set(), set()
        for rr, cc in bit_cells((grid[0] | grid[1]) & open_, w):
            rows.add(rr)
            cols.add(cc)
        return trial, rows, cols

    def _remember(self, key: tuple[int, int, int], trial: GridState) -> None:
        """Remember a trial that ended at a consistent fixed point: its grid ``F``, the grid
        ``S`` it started from and the lines ``L`` it changed."""
        state = self.state
        w, h = self.width, self.height
        # F as whole-grid masks: the grid's, with the cells of the lines the trial changed.
        grid = self.grid
        fill_f, fill_x, fill_cf, fill_cx = grid
        changed_rows = changed_cols = region = 0
        for i, (f, x) in enumerate(zip(trial.row_f, trial.row_x, strict=True)):
            if f != state.row_f[i] or x != state.row_x[i]:
                changed_rows |= 1 << i
                region |= self.row_region[i]
                fill_f |= f << (i * w)
                fill_x |= x << (i * w)
        for i, (f, x) in enumerate(zip(trial.col_f, trial.col_x, strict=True)):
            if f != state.col_f[i] or x != state.col_x[i]:
                changed_cols |= 1 << i
                region |= self.col_region[i]
                fill_cf |= f << (i * h)
                fill_cx |= x << (i * h)
        fill = (fill_f, fill_x, fill_cf, fill_cx)
        open_ = region & ~(fill[0] | fill[1])
        self.memory[key] = (
            fill,
            grid,
            open_,
            changed_rows,
            changed_cols,
            fill[1] | open_,
            fill[0] | open_,
        )

    def _settled(self, key: tuple[int, int, int], known: _Memory) -> bool | None:
        """The trial's outcome from its memory when no full propagation is needed (None: it
        is).  On a line the trial changed and the grid has new cells on, the line of ``F ∪ G``
        is solved alone: if it stays as it is on every such line, ``F ∪ G`` is the fixed point
        (and is remembered as the trial's new ``F``)."""
        fill, seen, open_, changed_rows, changed_cols = known[:5]
        grid = self.grid
        new = self.news.get(id(seen))
        if new is None or new[0] is not seen:
            new = self.news[id(seen)] = (seen, grid[0] & ~seen[0], grid[1] & ~seen[1])
        _, new_f, new_x = new
        if new_f & fill[1] or new_x & fill[0]:
            del self.memory[key]
            self.refutations.add(key)
            return True
        dirty = (new_f | new_x) & open_
        if dirty:
            w, h = self.width, self.height
            full_w, full_h = (1 << w) - 1, (1 << h) - 1
            union = (fill[0] | grid[0], fill[1] | grid[1], fill[2] | grid[2], fill[3] | grid[3])
            lines = set()
            for r, c in bit_cells(dirty, w):
                if changed_rows >> r & 1:
                    lines.add((True, r))
                if changed_cols >> c & 1:
                    lines.add((False, c))
            cache = self.line_cache
            for is_row, i in lines:
                if is_row:
                    f, x = union[0] >> (i * w) & full_w, union[1] >> (i * w) & full_w
                    out = cache.get((True, i, f, x))
                    if out is None:
                        out = solve_masks(self.puzzle.rows[i], w, f, x)
                else:
                    f, x = union[2] >> (i * h) & full_h, union[3] >> (i * h) & full_h
                    out = cache.get((False, i, f, x))
                    if out is None:
                        out = solve_masks(self.puzzle.cols[i], h, f, x)
                if out is None:
                    del self.memory[key]
                    self.refutations.add(key)
                    return True
                cache[(is_row, i, f, x)] = out
                if out != (f, x):
                    return None
            open_ &= ~(grid[0] | grid[1])
            self.memory[key] = (
                union,
                grid,
                open_,
                changed_rows,
                changed_cols,
                union[1] | open_,
                union[0] | open_,
            )
        return False
