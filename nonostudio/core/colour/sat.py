"""The SAT stage of the colour solver: up to two solutions of a grid of colour sets, from the
order encoding of :mod:`nonostudio.core.order_encoding` extended to colours.

For item ``j`` of a line, variable ``y(j, p)`` means "item j starts at cell p or later"; a cell
has a variable per colour it may still take, exactly one of them true.  Items keep their order
(with a background cell between two of the same colour), an item colours the cells it covers,
and a cell of a colour is covered by the last item starting at or before it, which has that
colour.  CaDiCaL (python-sat) searches in slices of conflicts so that the deadline is kept.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from nonostudio.core.colour.linesolver import ClueItem, colour_placements
from nonostudio.core.order_encoding import FALSE, TRUE, Formula, _add
from nonostudio.core.satsolver import SLICE_CONFLICTS, _solve_slice

#: A cell's literal per palette index: FALSE for a colour it cannot take, TRUE for its colour
#: once decided, else a variable.
CellLits = list[int]


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
    formula: Formula, clue: Sequence[ClueItem], starts: Sequence[int], cells: list[CellLits]
) -> bool:
    """Add the clauses of one line; False if one of them is empty.  ``starts[j]`` is the mask of
    the cells item ``j`` starts at in some arrangement that fits the line."""
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
    for i, lits in enumerate(cells):
        for j, (length, colour) in enumerate(clue):  # an item colours the cells it covers
            if i - length + 1 > hi[j] or i < lo[j]:
                continue
            ok = _add(clauses, (lits[colour], -y(j, i - length + 1), y(j, i + 1))) and ok
        for c in range(1, len(lits)):
            x = lits[c]
            if x == FALSE:
                continue
            # A cell of colour c: some item starts at or before it, and the last one to do so
            # covers it and has colour c.
            ok = _add(clauses, (-x, -y(0, i + 1))) and ok
            for j, (length, colour) in enumerate(clue):
                if lo[j] > i:
                    break
                after = -y(j + 1, i + 1) if j + 1 < k else FALSE
                covers = y(j, i - length + 1) if colour == c else FALSE
                ok = _add(clauses, (-x, y(j, i + 1), after, covers)) and ok
    return ok


def encode_colour(
    grid: Sequence[int],
    rows: Sequence[Sequence[ClueItem]],
    cols: Sequence[Sequence[ClueItem]],
    ncolours: int,
) -> tuple[Formula, list[CellLits]] | None:
    """The formula of the puzzle from ``grid`` (cell sets, row by row) on, with each cell's
    literals; None when a line has no arrangement that fits."""
    formula = Formula()
    height, width = len(rows), len(cols)
    lits: list[CellLits] = []
    for cell in grid:
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
    lines = [(rows[r], list(range(r * width, (r + 1) * width))) for r in range(height)]
    lines += [(cols[c], list(range(c, height * width, width))) for c in range(width)]
    for clue, index in lines:
        # A decided line adds only constant clauses, but is checked: the grid may break it.
        starts = colour_placements(clue, [grid[i] for i in index], ncolours)
        if starts is None or not _encode_line(formula, clue, starts, [lits[i] for i in index]):
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
) -> list[list[int]]:
    """Up to ``limit`` solutions (cell sets, each one colour) below ``grid`` and different from
    the decided grids in ``exclude``; fewer means there are no more.  Raises
    :class:`SatTimeout` when the deadline passes first or ``should_stop()`` says to stop
    (checked between slices)."""
    from pysat.solvers import Solver

    encoded = encode_colour(grid, rows, cols, ncolours)
    if encoded is None:
        return []
    formula, lits = encoded
    free = [(i, own) for i, own in enumerate(lits) if grid[i] & (grid[i] - 1)]  # undecided

    def blocking(solution: Sequence[int]) -> list[int]:
        return [-own[solution[i].bit_length() - 1] for i, own in free]

    found: list[list[int]] = []
    with Solver(name="cadical195", bootstrap_with=formula.clauses) as solver:
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
