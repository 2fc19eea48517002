"""The SAT stage of the colour solver: up to two solutions of a grid of colour sets, from the
order encoding of :mod:`nonostudio.core.order_encoding` extended to colours.

For item ``j`` of a line, variable ``y(j, p)`` means "item j starts at cell p or later"; a cell
has a variable per colour it may still take, exactly one of them true.  Items keep their order
(with a background cell between two of the same colour), an item colours the cells it covers,
and a cell of a colour is covered by the last item starting at or before it, which has that
colour.  CaDiCaL (python-sat) searches in slices of conflicts so that the deadline is kept.

Before a clause is made the formula is sized (:func:`colour_formula_size`, from the items'
starts the encoding takes anyway): one that would not fit in the memory budget is not made, and
:class:`~nonostudio.core.satsolver.SatTooLarge` says why, as in the black-and-white SAT stage.

The deadline and ``should_stop`` are asked while the formula is made as well as while it is
searched: between lines (finding their items' starts, then encoding them), every
:data:`LINE_POLL` steps inside a long line, every :data:`CELL_POLL` cells' colour clauses, and
between the chunks of :data:`HAND_CHUNK` clauses handed to CaDiCaL, so that a formula of
millions of clauses does not keep a run for seconds past its time limit or its cancel
(docs/design/colour.md).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from nonostudio.core.colour.linesolver import ClueItem, colour_placements
from nonostudio.core.order_encoding import FALSE, HAND_CHUNK, TRUE, Formula, _add
from nonostudio.core.satsolver import SLICE_CONFLICTS, _solve_slice, check_budget

#: A cell's literal per palette index: FALSE for a colour it cannot take, TRUE for its colour
#: once decided, else a variable.
CellLits = list[int]

#: A line to encode: its clue, its cells' indices in the grid and each item's starts (a mask).
Line = tuple[Sequence[ClueItem], list[int], list[int]]

#: Bytes a clause of the colour formula takes at its peak: the encoding keeps its clauses in
#: Python lists until CaDiCaL is handed them all, so both are held at once.  Formulas of random
#: 300x300 and 350x350 one-colour pictures (4.5 and 7.3 million clauses): 151 B a clause made,
#: 339 and 310 B once CaDiCaL holds them too (the black-and-white stage, which hands CaDiCaL
#: each line's clauses as they are made: :data:`~nonostudio.core.satsolver.BYTES_PER_CLAUSE`).
BYTES_PER_CLAUSE = 350

#: The cells' own clauses (exactly one colour) are made this many cells between two polls.
CELL_POLL = 4096

#: Within one line's encoding, the deadline and ``should_stop`` are asked every this many steps
#: (a start position of an item, an item met at a cell for a colour): most lines of a normal
#: puzzle take fewer; in a line of 20,000 cells and 6,600 items it is every ~10 ms.
LINE_POLL = 8192


class SatTimeout(Exception):
    """The deadline passed; ``found`` holds the solutions found by then."""

    def __init__(self, found: list[list[int]]) -> None:
        super().__init__("time limit")
        self.found = found


def sat_available() -> bool:
    """Whether python-sat (CaDiCaL) can be imported."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return False
    return True


def _encode_line(
    formula: Formula,
    clue: Sequence[ClueItem],
    starts: Sequence[int],
    cells: list[CellLits],
    should_stop: Callable[[], bool] | None = None,
) -> bool:
    """Add the clauses of one line; False if one of them is empty.  ``starts[j]`` is the mask of
    the cells item ``j`` starts at in some arrangement that fits the line.  Raises
    :class:`SatTimeout` when ``should_stop()`` turns true, asked every :data:`LINE_POLL` steps
    (a start position or an item met at a cell) of a long line."""
    k = len(clue)
    clauses = formula.clauses
    ok = True
    if k == 0:
        for lits in cells:
            for lit in lits[1:]:
                ok = _add(clauses, (-lit,)) and ok
        return ok
    # As in the black-and-white encoding: y[j][p - lo[j]] for lo[j] <= p <= hi[j] + 1, true at
    # lo, false past hi, one variable per possible start shared by the positions before it.
    lo = [(m & -m).bit_length() - 1 for m in starts]
    hi = [m.bit_length() - 1 for m in starts]
    work = 0  # steps since the last poll
    ys: list[list[int]] = []
    for j in range(k):
        mask, low, high = starts[j], lo[j], hi[j]
        count = mask.bit_count() - 1
        var = formula.new_vars(count) if count else 0
        row = [FALSE] * (high - low + 2)
        lit = FALSE
        for p in range(high, low, -1):
            if mask >> p & 1:
                if lit != FALSE:
                    clauses.append([-lit, var])
                lit = var
                var += 1
            row[p - low] = lit
        row[0] = TRUE
        ys.append(row)
        work += high - low
        if work > LINE_POLL:
            work = 0
            if should_stop is not None and should_stop():
                raise SatTimeout([])

    def y(j: int, p: int) -> int:
        if p <= lo[j]:
            return TRUE
        if p > hi[j]:
            return FALSE
        return ys[j][p - lo[j]]

    for j in range(k - 1):
        length, colour = clue[j]
        step = length + (clue[j + 1][1] == colour)  # a background cell between equal colours
        mask = starts[j]
        for p in range(lo[j] + 1, hi[j] + 1):
            if mask >> p & 1:
                ok = _add(clauses, (-y(j, p), y(j + 1, p + step))) and ok
        work += hi[j] - lo[j]
        if work > LINE_POLL:
            work = 0
            if should_stop is not None and should_stop():
                raise SatTimeout([])
    # At cell i only a window of items adds clauses (the starts are in order: lo and hi
    # increase with j), kept with three pointers: items before ``last`` start at or before i;
    # those from ``covers_from`` on may cover i (i <= hi[j] + length - 1); those from
    # ``after_from`` on leave i to the next item undecided (hi[j + 1] > i; the last item always
    # does).  The clauses of the items outside are always true: the same clauses, in the same
    # order, as trying every item at every cell, which took a 20,000-cell line of 6,600 items
    # minutes (the cells times the items).
    ends = [hi[j] + length - 1 for j, (length, _) in enumerate(clue)]
    last = covers_from = after_from = 0
    for i, lits in enumerate(cells):
        while last < k and lo[last] <= i:
            last += 1
        while covers_from < last and ends[covers_from] < i:
            covers_from += 1
        while after_from < k - 1 and hi[after_from + 1] <= i:
            after_from += 1
        for j in range(covers_from, last):  # an item colours the cells it covers
            length, colour = clue[j]
            if i - length + 1 > hi[j]:
                continue
            ok = _add(clauses, (lits[colour], -y(j, i - length + 1), y(j, i + 1))) and ok
        for c in range(1, len(lits)):
            x = lits[c]
            if x == FALSE:
                continue
            # A cell of colour c: some item starts at or before it, and the last one to do so
            # covers it and has colour c.
            ok = _add(clauses, (-x, -y(0, i + 1))) and ok
            for j in range(after_from, last):
                length, colour = clue[j]
                after = -y(j + 1, i + 1) if j + 1 < k else FALSE
                covers = y(j, i - length + 1) if colour == c else FALSE
                ok = _add(clauses, (-x, y(j, i + 1), after, covers)) and ok
        work += last - covers_from + (len(lits) - 1) * (last - after_from) + 1
        if work > LINE_POLL:
            work = 0
            if should_stop is not None and should_stop():
                raise SatTimeout([])
    return ok


def line_starts(
    grid: Sequence[int],
    rows: Sequence[Sequence[ClueItem]],
    cols: Sequence[Sequence[ClueItem]],
    ncolours: int,
    should_stop: Callable[[], bool] | None = None,
) -> list[Line] | None:
    """Every row and column of ``grid`` (cell sets, row by row) with its items' starts, as the
    encoding takes them; None when a line has no arrangement that fits.  Raises
    :class:`SatTimeout` when ``should_stop()`` (asked between lines) turns true."""
    height, width = len(rows), len(cols)
    lines = [(rows[r], list(range(r * width, (r + 1) * width))) for r in range(height)]
    lines += [(cols[c], list(range(c, height * width, width))) for c in range(width)]
    out: list[Line] = []
    for clue, index in lines:
        if should_stop is not None and should_stop():
            raise SatTimeout([])
        # A decided line adds only constant clauses, but is checked: the grid may break it.
        starts = colour_placements(clue, [grid[i] for i in index], ncolours)
        if starts is None:
            return None
        out.append((clue, index, starts))
    return out


def colour_formula_size(grid: Sequence[int], lines: Sequence[Line]) -> tuple[int, int]:
    """The variables :func:`encode_colour` gives the formula (exact) and an estimate of its
    clauses, from the lines' starts without making a clause: a few operations an item and a
    cell.  The estimate is above the clauses made (it counts some the encoding drops as always
    true): 3-4 % on formulas of millions of clauses, up to 2.7 times on tiny ones."""
    variables = clauses = 0
    for cell in grid:
        if cell & (cell - 1):
            m = cell.bit_count()
            variables += m
            clauses += 1 + m * (m - 1) // 2  # at least one colour, at most one
    for clue, index, starts in lines:
        cells = [grid[i] for i in index]
        if all(not cell & (cell - 1) for cell in cells):
            continue  # constant clauses only
        # A cell's colours beside the background (each a literal that is not FALSE).
        colours = [(cell >> 1).bit_count() for cell in cells]
        if not clue:
            clauses += sum(m for m, cell in zip(colours, cells, strict=True) if cell & (cell - 1))
            continue
        k = len(clue)
        lo = [(m & -m).bit_length() - 1 for m in starts]
        hi = [m.bit_length() - 1 for m in starts]
        free = [m & (m - 1) != 0 for m in starts]  # items with more than one start
        for j, mask in enumerate(starts):
            more = mask.bit_count() - 1
            variables += more
            clauses += more  # the order of an item's start variables
            if j + 1 < k:
                clauses += more  # the next item after this one
            if more:
                clauses += hi[j] - lo[j] + clue[j][0]  # the cells it may cover
        # near[j]: items 0..j-1 whose clause at a decided cell is not constant (item j or j + 1
        # has several starts).
        near = [0] * (k + 1)
        for j in range(k):
            near[j + 1] = near[j] + (free[j] or (j + 1 < k and free[j + 1]))
        # Each colour of cell i: one clause, and one for each item j with lo[j] <= i < hi[j + 1]
        # (the last item: lo <= i), counted with two pointers over the increasing lo and hi; at
        # a decided cell only those with a variable.
        first = last = 0
        for i, m in enumerate(colours):
            if not m:
                continue
            while last < k and lo[last] <= i:
                last += 1
            while first < k - 1 and hi[first + 1] <= i:
                first += 1
            if cells[i] & (cells[i] - 1):
                clauses += m * (int(i < hi[0]) + max(last - first, 0))
            elif last > first:
                clauses += int(free[0] and i < hi[0]) + near[last] - near[first]
    return variables, clauses


def encode_colour(
    grid: Sequence[int],
    rows: Sequence[Sequence[ClueItem]],
    cols: Sequence[Sequence[ClueItem]],
    ncolours: int,
    lines: Sequence[Line] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> tuple[Formula, list[CellLits]] | None:
    """The formula of the puzzle from ``grid`` (cell sets, row by row) on, with each cell's
    literals; None when a line has no arrangement that fits.  ``lines``: :func:`line_starts`
    when the caller has them.  Raises :class:`SatTimeout` when ``should_stop()`` turns true
    (asked before each line, every :data:`LINE_POLL` steps in a line and every
    :data:`CELL_POLL` cells)."""
    if lines is None:
        lines = line_starts(grid, rows, cols, ncolours, should_stop)
        if lines is None:
            return None
    formula = Formula()
    lits: list[CellLits] = []
    for at, cell in enumerate(grid):
        if should_stop is not None and not at % CELL_POLL and should_stop():
            raise SatTimeout([])
        if not cell & (cell - 1):
            lits.append([TRUE if cell >> c & 1 else FALSE for c in range(ncolours)])
            continue
        colours = [c for c in range(ncolours) if cell >> c & 1]
        first = formula.new_vars(len(colours))
        own = [FALSE] * ncolours
        for offset, c in enumerate(colours):
            own[c] = first + offset
        vars_ = list(range(first, first + len(colours)))
        formula.clauses.append(vars_)  # at least one colour
        for a in range(len(vars_)):  # at most one
            for b in range(a + 1, len(vars_)):
                formula.clauses.append([-vars_[a], -vars_[b]])
        lits.append(own)
    for clue, index, starts in lines:
        if should_stop is not None and should_stop():  # (a 400x400's line: 17 ms on average)
            raise SatTimeout([])
        if not _encode_line(formula, clue, starts, [lits[i] for i in index], should_stop):
            return None
    return formula, lits


def sat_colour_solutions(
    grid: Sequence[int],
    rows: Sequence[Sequence[ClueItem]],
    cols: Sequence[Sequence[ClueItem]],
    ncolours: int,
    *,
    limit: int = 2,
    exclude: Sequence[Sequence[int]] = (),
    deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    memory_budget: int | None = None,
) -> list[list[int]]:
    """Up to ``limit`` solutions (cell sets, each one colour) below ``grid`` and different from
    the decided grids in ``exclude``; fewer means there are no more.  Raises
    :class:`SatTimeout` when the deadline passes first or ``should_stop()`` says to stop
    (checked while the formula is made and handed to CaDiCaL: :func:`encode_colour`, between
    chunks of :data:`HAND_CHUNK` clauses; and between slices of the search).  A formula
    that would take more than ``memory_budget`` bytes (None: half the memory available, at
    least 1 GiB: :func:`~nonostudio.core.satsolver.default_memory_budget`) at
    :data:`BYTES_PER_CLAUSE` is not made: :class:`~nonostudio.core.satsolver.SatTooLarge` is
    raised instead."""
    from pysat.solvers import Solver

    def stop() -> bool:
        return (deadline is not None and time.perf_counter() > deadline) or (
            should_stop is not None and should_stop()
        )

    lines = line_starts(grid, rows, cols, ncolours, stop)
    if lines is None:
        return []
    check_budget(*colour_formula_size(grid, lines), memory_budget, BYTES_PER_CLAUSE)
    encoded = encode_colour(grid, rows, cols, ncolours, lines, stop)
    if encoded is None:
        return []
    formula, lits = encoded
    free = [(i, own) for i, own in enumerate(lits) if grid[i] & (grid[i] - 1)]  # undecided

    def blocking(solution: Sequence[int]) -> list[int]:
        return [-own[solution[i].bit_length() - 1] for i, own in free]

    found: list[list[int]] = []
    with Solver(name="cadical195") as solver:
        clauses = formula.clauses
        for at in range(0, len(clauses), HAND_CHUNK):  # (python-sat takes them one by one)
            if stop():
                raise SatTimeout([])
            solver.append_formula(clauses[at : at + HAND_CHUNK])
        for other in exclude:
            clause = blocking(other)
            if not clause:
                return []
            solver.add_clause(clause)
        while len(found) < limit:
            answer = None
            while answer is None:
                if deadline is not None and time.perf_counter() > deadline:
                    raise SatTimeout(found)
                if should_stop is not None and should_stop():
                    raise SatTimeout(found)
                solver.conf_budget(SLICE_CONFLICTS)
                answer = _solve_slice(solver)
            if not answer:
                break
            model = solver.get_model()
            true = bytearray(formula.count + 1)
            for lit in model:
                if lit > 0:
                    true[lit] = 1
            solution = list(grid)
            for i, own in free:
                solution[i] = next(1 << c for c, v in enumerate(own) if v > 0 and true[v])
            found.append(solution)
            clause = blocking(solution)
            if not clause:
                break
            solver.add_clause(clause)
    return found
