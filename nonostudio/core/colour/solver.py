"""The complete colour solver: a verdict for a colour puzzle given as plain clues (the verdicts of
:class:`nonostudio.core.solver.Verdict`) with the solutions that prove it.

Line logic first (the exact colour line solver on every row and column, passing cell sets, to a
fixed point); if cells stay undecided, a depth-first search (choose a cell, try each of its
colours, propagate) for up to two solutions, each checked against every clue.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from nonostudio.core.colour.linesolver import ColourClue, solve_colour_line
from nonostudio.core.solver import Verdict

Grid = tuple[tuple[int, ...], ...]

#: Palettes up to this size (background included) fit a cell's set in a 32-bit int.
MAX_COLOURS = 32


@dataclass(frozen=True)
class ColourSolveResult:
    """The verdict with its evidence.

    ``grid`` holds the cell sets line logic alone reaches (bitmasks of palette indices);
    ``solution`` the first solution found and ``alternate`` a second, different one (only for
    MULTIPLE), as rows of colour indices.
    """

    verdict: Verdict
    grid: Grid
    solution: Grid | None = None
    alternate: Grid | None = None
    seconds: float = 0.0
    timed_out: bool = False
    line_solves: int = 0
    nodes: int = 0  # search nodes (assignments tried after line logic)


class _Timeout(Exception):
    """The time limit passed."""


def line_clue(cells: Sequence[int]) -> ColourClue:
    """The clue of a line of colour indices (0 = background)."""
    clue: list[tuple[int, int]] = []
    prev = 0
    for c in cells:
        if c and c == prev:
            length, _ = clue[-1]
            clue[-1] = (length + 1, c)
        elif c:
            clue.append((1, c))
        prev = c
    return tuple(clue)


def clues_of_grid(grid: Sequence[Sequence[int]]) -> tuple[list[ColourClue], list[ColourClue]]:
    """The row and column clues of a grid of colour indices."""
    rows = [line_clue(row) for row in grid]
    cols = [line_clue(col) for col in zip(*grid, strict=True)] if grid else []
    return rows, cols


def check_colour_solution(
    rows: Sequence[ColourClue], cols: Sequence[ColourClue], grid: Sequence[Sequence[int]]
) -> bool:
    """Whether ``grid`` (rows of colour indices) has ``rows`` and ``cols`` as its clues."""
    if len(grid) != len(rows) or any(len(row) != len(cols) for row in grid):
        return False
    got_rows, got_cols = clues_of_grid(grid)
    if not grid:
        return all(not clue for clue in cols)
    return [tuple(c) for c in rows] == got_rows and [tuple(c) for c in cols] == got_cols


class _Solver:
    """Line propagation and search over a flat grid of cell sets (cell ``r * width + c``)."""

    def __init__(
        self,
        rows: Sequence[ColourClue],
        cols: Sequence[ColourClue],
        ncolours: int,
        deadline: float | None,
    ) -> None:
        # Hashable clues for the cache (a caller may pass lists).
        self.rows: list[ColourClue] = [tuple((h, c) for h, c in clue) for clue in rows]
        self.cols: list[ColourClue] = [tuple((h, c) for h, c in clue) for clue in cols]
        self.height = len(rows)
        self.width = len(cols)
        self.ncolours = ncolours
        self.deadline = deadline
        self.cache: dict[tuple[ColourClue, tuple[int, ...]], tuple[int, ...] | None] = {}
        self.line_solves = 0
        self.nodes = 0
        self.solutions: list[list[int]] = []  # those the search found (kept when time runs out)

    def propagate(self, grid: list[int], lines: Sequence[int]) -> bool:
        """Line logic to a fixed point from the dirty ``lines`` (rows ``0..height-1``, then the
        columns); False on a contradiction."""
        height, width, ncolours = self.height, self.width, self.ncolours
        rows, cols, cache = self.rows, self.cols, self.cache
        queue = deque(lines)
        pending = bytearray(height + width)
        for line in lines:
            pending[line] = 1
        deadline = self.deadline
        while queue:
            line = queue.popleft()
            pending[line] = 0
            if line < height:
                start, step, clue = line * width, 1, rows[line]
                cells = tuple(grid[start : start + width])
            else:
                start, step, clue = line - height, width, cols[line - height]
                cells = tuple(grid[start::width])
            key = (clue, cells)
            if key in cache:
                out = cache[key]
            else:
                self.line_solves += 1
                if deadline is not None and not self.line_solves & 63:
                    if time.perf_counter() > deadline:
                        raise _Timeout
                out = cache[key] = solve_colour_line(clue, cells, ncolours)
            if out is None:
                return False
            if out == cells:
                continue
            for i, (old, new) in enumerate(zip(cells, out, strict=True)):
                if old != new:
                    grid[start + i * step] = new
                    cross = height + i if line < height else i
                    if not pending[cross]:
                        pending[cross] = 1
                        queue.append(cross)
        return True

    def search(self, grid: list[int], limit: int = 2) -> list[list[int]]:
        """Up to ``limit`` solutions below the propagated ``grid``, depth first."""
        width, height = self.width, self.height
        solutions = self.solutions
        stack = [grid]
        while stack:
            node = stack.pop()
            best = -1
            best_count = 33
            for i, cell in enumerate(node):
                if cell & (cell - 1):
                    count = cell.bit_count()
                    if count < best_count:
                        best, best_count = i, count
                        if count == 2:
                            break
            if best < 0:
                solutions.append(node)
                if len(solutions) >= limit:
                    break
                continue
            cell = node[best]
            row, col = divmod(best, width)
            children = []
            for colour in range(cell.bit_length()):
                if cell >> colour & 1:
                    self.nodes += 1
                    child = list(node)
                    child[best] = 1 << colour
                    if self.propagate(child, (row, height + col)):
                        children.append(child)
            stack.extend(reversed(children))
        return solutions


def _rows_of(grid: list[int], height: int, width: int) -> Grid:
    return tuple(tuple(grid[r * width : (r + 1) * width]) for r in range(height))


def _colours_of(grid: list[int], height: int, width: int) -> Grid:
    """Rows of colour indices of a decided grid of cell sets."""
    return _rows_of([cell.bit_length() - 1 for cell in grid], height, width)


def solve_colour(
    rows: Sequence[ColourClue],
    cols: Sequence[ColourClue],
    ncolours: int,
    *,
    time_limit: float | None = 10.0,
) -> ColourSolveResult:
    """Decide a colour puzzle: its verdict, a solution and, when not unique, a second one.

    ``rows`` and ``cols`` are the clues (each a tuple of ``(length, colour)`` items);
    ``ncolours`` is the size of the palette, background (index 0) included, at most 32.
    ``time_limit`` is in seconds (None: no limit); past it the verdict is UNDECIDED, with the first
    solution when the search had found one.
    """
    started = time.perf_counter()
    if not 1 <= ncolours <= MAX_COLOURS:
        raise ValueError(f"a palette has 1 to {MAX_COLOURS} colours, not {ncolours}")
    for kind, clues in (("row", rows), ("column", cols)):
        for index, clue in enumerate(clues, 1):
            for length, colour in clue:
                if length < 1 or not 1 <= colour < ncolours:
                    raise ValueError(
                        f"{kind} {index}: clue item {(length, colour)} is not a length >= 1 "
                        f"of a colour 1..{ncolours - 1}"
                    )
    deadline = None if time_limit is None else started + time_limit
    solver = _Solver(rows, cols, ncolours, deadline)
    height, width = solver.height, solver.width
    grid = [(1 << ncolours) - 1] * (solver.height * width)

    def finish(
        verdict: Verdict,
        logic: list[int],
        solutions: Sequence[list[int]] = (),
        timed_out: bool = False,
    ) -> ColourSolveResult:
        found = [_colours_of(s, height, width) for s in solutions]
        for s in found:  # every solution is checked against every clue before it is returned
            if not check_colour_solution(rows, cols, s):
                raise RuntimeError("the colour solver found a grid that breaks a clue (a bug)")
        return ColourSolveResult(
            verdict,
            _rows_of(logic, height, width),
            solution=found[0] if found else None,
            alternate=found[1] if len(found) > 1 else None,
            seconds=time.perf_counter() - started,
            timed_out=timed_out,
            line_solves=solver.line_solves,
            nodes=solver.nodes,
        )

    try:
        ok = solver.propagate(grid, range(height + width))
    except _Timeout:
        return finish(Verdict.UNDECIDED, grid, timed_out=True)
    if not ok:
        return finish(Verdict.NO_SOLUTION, grid)
    if all(not cell & (cell - 1) for cell in grid):
        return finish(Verdict.UNIQUE_LINE, grid, [grid])
    logic = list(grid)
    try:
        found = solver.search(grid)
    except _Timeout:
        return finish(Verdict.UNDECIDED, logic, solver.solutions[:1], timed_out=True)
    verdict = (Verdict.NO_SOLUTION, Verdict.UNIQUE_SEARCH, Verdict.MULTIPLE)[len(found)]
    return finish(verdict, logic, found)
