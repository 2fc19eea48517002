"""The complete colour solver: a verdict for a colour puzzle given as plain clues (the verdicts of
:class:`nonostudio.core.solver.Verdict`) with the solutions that prove it.

Line logic first (the exact colour line solver on every row and column, passing cell sets, to a
fixed point); if cells stay undecided, a depth-first search with probing at each node (each
colour of a cell tried with propagation: colours that contradict leave it, and cells keep only
the colours some outcome gives them) for up to two solutions; past its budget, the SAT stage
(:mod:`nonostudio.core.colour.sat`) looks for the rest.  Every solution returned is checked
against every clue.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from nonostudio.core.colour.linesolver import ColourClue, solve_colour_line
from nonostudio.core.colour.sat import SatTimeout, sat_available, sat_colour_solutions
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.satsolver import SatTooLarge
from nonostudio.core.solver import Verdict

Grid = tuple[tuple[int, ...], ...]

#: Line solves of the probing search before SAT takes over.  The search decides the 200 generated
#: colour puzzles within it (all but one within 500); it thrashes on large loose puzzles (a 40x40
#: random one with 1,244 cells open after line logic: undecided after 20 s), which SAT decides in
#: about a second.
SEARCH_BUDGET = 2_000

#: Line results kept for reuse (then the cache starts again): a long search without SAT makes
#: some 50,000 line solves a second, and a 40-cell line's entry takes about a kilobyte.
CACHE_LINES = 100_000

#: Palettes up to this size (background included) fit a cell's set in a 32-bit int.
MAX_COLOURS = 32


@dataclass(frozen=True)
class ColourSolveResult:
    """The verdict with its evidence.

    ``grid`` holds the cell sets line logic alone reaches (bitmasks of palette indices);
    ``solution`` the first solution found and ``alternate`` a second, different one (only for
    MULTIPLE), as rows of colour indices.  ``reason`` says in words why an ``UNDECIDED`` verdict
    that is neither cancelled nor timed out is one (the SAT stage's formula would not fit in the
    memory budget, or memory ran out), as :class:`nonostudio.core.solver.SolveResult`'s does; it
    is empty otherwise.
    """

    verdict: Verdict
    grid: Grid
    solution: Grid | None = None
    alternate: Grid | None = None
    seconds: float = 0.0
    timed_out: bool = False
    line_solves: int = 0
    sat: bool = False  # whether the SAT stage ran
    nodes: int = 0  # search nodes
    probes: int = 0  # colours of a cell tried with propagation
    cancelled: bool = False  # should_stop ended the run (the verdict is UNDECIDED)
    reason: str = ""


class _Timeout(Exception):
    """The time limit passed, or ``should_stop`` said to stop."""


class _Budget(Exception):
    """The search spent its line solves: the SAT stage takes over."""


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
    if not grid:
        return all(not clue for clue in cols)
    got_rows, got_cols = clues_of_grid(grid)

    def items(clues: Sequence[ColourClue]) -> list[ColourClue]:
        return [tuple((h, c) for h, c in clue) for clue in clues]

    return items(rows) == got_rows and items(cols) == got_cols


class _Solver:
    """Line propagation and search over a flat grid of cell sets (cell ``r * width + c``)."""

    def __init__(
        self,
        rows: Sequence[ColourClue],
        cols: Sequence[ColourClue],
        ncolours: int,
        deadline: float | None,
        should_stop: StopCallback | None = None,
        progress: ProgressCallback | None = None,
    ) -> None:
        # Hashable clues for the cache (a caller may pass lists).
        self.rows: list[ColourClue] = [tuple((h, c) for h, c in clue) for clue in rows]
        self.cols: list[ColourClue] = [tuple((h, c) for h, c in clue) for clue in cols]
        self.height = len(rows)
        self.width = len(cols)
        self.ncolours = ncolours
        self.deadline = deadline
        self.should_stop = should_stop
        self.cancelled = False
        self.progress = progress
        self.cache: dict[tuple[ColourClue, tuple[int, ...]], tuple[int, ...] | None] = {}
        self.line_solves = 0
        self.budget = float("inf")  # line solves the search may make before SAT takes over
        self.nodes = 0
        self.probes = 0
        self.sat = False
        # The solutions found, by cells (kept when time runs out).
        self.solutions: dict[tuple[int, ...], list[int]] = {}

    def propagate(
        self, grid: list[int], lines: Iterable[int], changed: list[int] | None = None
    ) -> int | None:
        """Line logic to a fixed point from the dirty ``lines`` (rows ``0..height-1``, then the
        columns): the number of cells it decided, or None on a contradiction.  The cells it
        narrows are added to ``changed`` when given."""
        height, width, ncolours = self.height, self.width, self.ncolours
        rows, cols, cache = self.rows, self.cols, self.cache
        queue = deque(lines)
        pending = bytearray(height + width)
        for line in queue:
            pending[line] = 1
        decided = 0
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
                if not self.line_solves & 63:
                    self.check_stop()
                    if self.line_solves > self.budget:
                        raise _Budget
                if len(cache) >= CACHE_LINES:
                    cache.clear()
                out = cache[key] = solve_colour_line(clue, cells, ncolours)
            if out is None:
                return None
            if out == cells:
                continue
            for i, (old, new) in enumerate(zip(cells, out, strict=True)):
                if old != new:
                    grid[start + i * step] = new
                    if changed is not None:
                        changed.append(start + i * step)
                    if not new & (new - 1):
                        decided += 1
                    cross = height + i if line < height else i
                    if not pending[cross]:
                        pending[cross] = 1
                        queue.append(cross)
        return decided

    def check_stop(self) -> None:
        """Raise _Timeout past the deadline or when ``should_stop()`` says so (then
        ``cancelled`` is set)."""
        if self.should_stop is not None and self.should_stop():
            self.cancelled = True
            raise _Timeout
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout

    def halted(self) -> bool:
        """The SAT stage's ``should_stop``: :meth:`check_stop` as a question."""
        try:
            self.check_stop()
        except _Timeout:
            return True
        return False

    def found(self, grid: list[int]) -> None:
        self.solutions.setdefault(tuple(grid), grid)

    def search(self, grid: list[int], known: int) -> list[list[int]]:
        """Up to two solutions below the propagated ``grid`` (``known`` cells decided): depth
        first, probing at each node, branching on the cell whose outcomes decide the most."""
        total = len(grid)
        stack: list[tuple[list[int], int, set[int] | None]] = [(grid, known, None)]
        while stack and len(self.solutions) < 2:
            node, known, focus = stack.pop()
            self.nodes += 1
            if self.progress is not None and not self.nodes & 15:
                report_count(
                    self.progress, known, total, f"search: {self.nodes} nodes, {known} cells"
                )
            probed = self.probe(node, known, focus)
            if probed is None:
                continue
            node, known, outcomes = probed
            if known == total:
                self.found(node)
                continue
            # The child that decides more is searched first (pushed last): its subtree is the
            # smaller one.
            outcomes.sort(key=lambda o: o[1])
            for child, child_known in outcomes:
                if child_known == total:
                    self.found(child)
                else:
                    stack.append((child, child_known, _changed_lines(node, child, self.width)))
        return list(self.solutions.values())[:2]

    def probe(
        self, grid: list[int], known: int, focus: set[int] | None
    ) -> tuple[list[int], int, list[tuple[list[int], int]]] | None:
        """Probe until no probe narrows a cell: every undecided cell next to a decided one (on
        the ``focus`` lines, when given) tried with each of its colours and propagated.  Colours
        that contradict leave the cell, and a cell keeps only the colours some outcome leaves it
        (every solution lies below one outcome).  Returns the state, its decided count and the
        outcomes of the cell to branch on (the one whose outcomes decide the most at worst); None
        on a contradiction."""
        width, height = self.width, self.height
        total = len(grid)
        while True:
            before = grid
            best: list[tuple[list[int], int]] = []
            best_score = -1
            for i in _candidates(grid, width, focus):
                cell = grid[i]
                if not cell & (cell - 1):
                    continue
                row, col = divmod(i, width)
                outcomes = []
                common: set[int] | None = None  # cells every outcome narrowed
                for colour in range(cell.bit_length()):
                    if cell >> colour & 1:
                        self.probes += 1
                        # Probes whose lines are all cached solve none: the stop is checked here.
                        self.check_stop()
                        child = list(grid)
                        child[i] = 1 << colour
                        changed = [i]
                        decided = self.propagate(child, (row, height + col), changed)
                        if decided is not None:
                            child_known = known + 1 + decided
                            if child_known == total:
                                self.found(child)
                            outcomes.append((child, child_known))
                            common = (
                                set(changed) if common is None else common.intersection(changed)
                            )
                if not outcomes or common is None:
                    return None
                if len(outcomes) == 1:
                    grid, known = outcomes[0]
                    continue
                lines = set()
                narrowed = grid
                for j in common:
                    new = 0
                    for other, _ in outcomes:
                        new |= other[j]
                    if new != grid[j]:
                        if narrowed is grid:
                            narrowed = list(grid)
                        narrowed[j] = new
                        if not new & (new - 1):
                            known += 1
                        r, c = divmod(j, width)
                        lines.add(r)
                        lines.add(height + c)
                if narrowed is not grid:
                    decided = self.propagate(narrowed, lines)
                    if decided is None:
                        return None
                    grid, known = narrowed, known + decided
                    continue
                score = min(k for _, k in outcomes)
                if score > best_score:
                    best_score, best = score, outcomes
            if grid is before:
                if not best and focus is not None and known < total:
                    focus = None  # nothing to branch on near the change: look everywhere
                    continue
                return grid, known, best
            focus = _changed_lines(before, grid, width)


def _changed_lines(old: list[int], new: list[int], width: int) -> set[int]:
    """The rows and columns (numbered after the rows) where ``new`` differs from ``old``."""
    height = len(old) // width if width else 0
    lines = set()
    for i, (a, b) in enumerate(zip(old, new, strict=True)):
        if a != b:
            r, c = divmod(i, width)
            lines.add(r)
            lines.add(height + c)
    return lines


def _candidates(grid: list[int], width: int, focus: set[int] | None) -> list[int]:
    """Undecided cells with a decided neighbour (every undecided cell when none has one), on the
    ``focus`` lines when given (rows, then columns numbered after the rows)."""
    n = len(grid)
    height = n // width if width else 0
    undecided = [i for i, cell in enumerate(grid) if cell & (cell - 1)]
    if focus is not None:
        undecided = [i for i in undecided if i // width in focus or height + i % width in focus]
    near = []
    for i in undecided:
        c = i % width
        for j in (
            (i - width, i + width) + ((i - 1,) if c else ()) + ((i + 1,) if c + 1 < width else ())
        ):
            if 0 <= j < n and not grid[j] & (grid[j] - 1):
                near.append(i)
                break
    return near or undecided


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
    search_budget: int | None = SEARCH_BUDGET,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    memory_budget: int | None = None,
) -> ColourSolveResult:
    """Decide a colour puzzle: its verdict, a solution and, when not unique, a second one.

    ``rows`` and ``cols`` are the clues (each a tuple of ``(length, colour)`` items);
    ``ncolours`` is the size of the palette, background (index 0) included, at most 32.
    ``time_limit`` is in seconds (None: no limit); past it the verdict is UNDECIDED, with the first
    solution when the search had found one.  ``search_budget`` is the line solves the probing
    search may make before the SAT stage takes over (None: the search alone, to the end).
    ``progress(fraction, message)`` is called now and then (the share of cells decided);
    ``should_stop()`` returning True cancels the run (checked every 64 line solves, every probe
    and between SAT slices): the verdict is UNDECIDED with ``cancelled`` set, as
    :func:`nonostudio.core.solver.solve` does for black and white.  As there, the SAT stage does
    not start when its formula would take more than ``memory_budget`` bytes (None: half the
    memory available, at least 1 GiB: :func:`nonostudio.core.satsolver.default_memory_budget`),
    and the verdict is then UNDECIDED with the ``reason``, as when it runs out of memory.
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
    solver = _Solver(rows, cols, ncolours, deadline, should_stop, progress)
    height, width = solver.height, solver.width
    grid = [(1 << ncolours) - 1] * (solver.height * width)
    total = len(grid)

    def finish(
        verdict: Verdict,
        logic: list[int],
        solutions: Sequence[list[int]] = (),
        stopped: bool = False,
        reason: str = "",
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
            timed_out=stopped and not solver.cancelled,
            line_solves=solver.line_solves,
            nodes=solver.nodes,
            probes=solver.probes,
            sat=solver.sat,
            cancelled=stopped and solver.cancelled,
            reason=reason,
        )

    try:
        solver.check_stop()  # a run cancelled before it starts does nothing
        decided = solver.propagate(grid, range(height + width))
    except _Timeout:
        return finish(Verdict.UNDECIDED, grid, stopped=True)
    if decided is None:
        return finish(Verdict.NO_SOLUTION, grid)
    known = sum(1 for cell in grid if not cell & (cell - 1))
    report_count(progress, known, total, f"line logic: {known} of {total} cells")
    if known == len(grid):
        return finish(Verdict.UNIQUE_LINE, grid, [grid])
    logic = list(grid)
    sat = search_budget is not None and sat_available()
    if sat and search_budget is not None:
        solver.budget = solver.line_solves + search_budget
    try:
        if sat and search_budget == 0:
            raise _Budget
        found = solver.search(grid, known)
    except _Timeout:
        first = list(solver.solutions.values())[:1]
        return finish(Verdict.UNDECIDED, logic, first, stopped=True)
    except _Budget:
        # SAT from line logic's state, for the solutions the search has not found.
        found = list(solver.solutions.values())[:2]
        if len(found) < 2:
            solver.sat = True
            report_count(progress, known, total, "search stuck; SAT search")
            try:
                found += sat_colour_solutions(
                    logic,
                    solver.rows,
                    solver.cols,
                    ncolours,
                    limit=2 - len(found),
                    exclude=found,
                    deadline=deadline,
                    should_stop=solver.halted,
                    memory_budget=memory_budget,
                )
            except SatTimeout as stop:
                first = (found + stop.found)[:1]
                return finish(Verdict.UNDECIDED, logic, first, stopped=True)
            except SatTooLarge as large:  # (the words of the black-and-white solver's reason)
                reason = f"{large}; line logic decided {known:,} of {total:,} cells"
                return finish(Verdict.UNDECIDED, logic, found[:1], reason=reason)
            except MemoryError:  # (what CaDiCaL's C++ fails to allocate ends the process)
                reason = (
                    "out of memory in the complete solver's SAT stage; "
                    f"line logic decided {known:,} of {total:,} cells"
                )
                return finish(Verdict.UNDECIDED, logic, found[:1], reason=reason)
    verdict = (Verdict.NO_SOLUTION, Verdict.UNIQUE_SEARCH, Verdict.MULTIPLE)[len(found)]
    report_count(progress, total, total, verdict.label)
    return finish(verdict, logic, found)
