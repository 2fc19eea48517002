"""CNF for the SAT stage: each line's block starts in the order encoding.

For block ``j`` of a line, variable ``y(j, p)`` means "block j starts at cell p or later".  The
clauses say that these are ordered (``y(j, p+1) -> y(j, p)``), that blocks keep a gap between them,
that a cell a block covers is filled, and that a filled cell is covered by the last block starting
at or before it.  Cells the grid state decides are constants.  Why this encoding and not an
automaton encoding: docs/design/solver.md §3.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from nonostudio.core.gridstate import GridState
from nonostudio.core.linesolver import masks_text, placements, solve_masks

#: A clause: DIMACS literals (non-zero ints).
Clause = list[int]

if TYPE_CHECKING:  # a Protocol class costs the first SAT search's import of this module 0.05 ms

    class ClauseSink(Protocol):
        """What takes the clauses from :func:`encode` as they are made: the SAT solver."""

        def reserve(self, count: int) -> object:
            """Told, before the first clause, that the variables are ``1..count``."""
            ...

        def add_clauses(self, clauses: list[Clause]) -> object:
            """Take ``clauses`` (the list is not used again by :func:`encode`)."""
            ...


class Formula:
    """Clauses over variables ``1..count``; ``cells`` maps each undecided cell to its variable
    (true: filled).  ``unsatisfiable`` is set when a line cannot hold its blocks at all.
    ``handed`` counts the clauses :func:`encode` handed to a ``sink`` as it made them instead of
    keeping them in ``clauses``."""

    def __init__(self) -> None:
        self.count = 0
        self.clauses: list[Clause] = []
        self.cells: dict[tuple[int, int], int] = {}
        self.unsatisfiable = False
        self.handed = 0

    def dimacs(self) -> str:
        """The clauses as DIMACS text."""
        body = "".join(" ".join(map(str, clause)) + " 0\n" for clause in self.clauses)
        return f"p cnf {max(self.count, 1)} {len(self.clauses)}\n{body}"

    def new_vars(self, n: int) -> int:
        """Reserve ``n`` variables; the first one's number."""
        first = self.count + 1
        self.count += n
        return first


# Constant literals: true and false (the negation of one is the other).
TRUE = 1 << 62
FALSE = -TRUE


def _add(clauses: list[Clause], lits: Sequence[int]) -> bool:
    """Add the clause of ``lits`` with constants simplified away; False if it is empty."""
    out = []
    for lit in lits:
        if lit == TRUE:
            return True
        if lit != FALSE and lit not in out:
            if -lit in out:
                return True
            out.append(lit)
    if not out:
        return False
    clauses.append(out)
    return True


class Stopped(Exception):
    """Raised by :func:`encode_line` when its ``should_stop()`` turned true part way."""


#: :func:`encode_line` asks its ``should_stop()`` after each this many blocks and cells (one of
#: a random 2000x2000 puzzle's lines, 420 blocks, takes 0.7-0.9 s and makes 330,000 clauses), and
#: :func:`encode` hands a line's clauses to the sink in chunks of :data:`HAND_CHUNK`.
LINE_CHECK = 256
HAND_CHUNK = 65_536


def encode_line(
    formula: Formula,
    hints: Sequence[int],
    starts: Sequence[int],
    cells: Sequence[int],
    should_stop: Callable[[], bool] | None = None,
) -> bool:
    """Add the clauses of one line; False if one of them is empty (the line cannot be placed).

    ``starts[j]`` is the mask of cells block ``j`` can start at in some solution of the line
    (:func:`nonostudio.core.linesolver.placements`); ``cells[i]`` is cell i's variable, or
    ``TRUE`` / ``FALSE`` when it is decided.  The clauses are :func:`_add`'s of the literals
    below, in the same order; each kind is simplified in place (no call per clause or literal:
    with them the encoding was half the CPU of solving TAAI icga2017 #1-100).  ``should_stop()``
    is asked after every :data:`LINE_CHECK` blocks and cells (never on shorter lines); once it
    is true, :class:`Stopped` is raised, the clauses made so far left in ``formula``.
    """
    k = len(hints)
    n = len(cells)
    clauses = formula.clauses
    append = clauses.append
    if k == 0:
        return all(_add(clauses, (-x,)) for x in cells)
    # ys[j][p + pad] for -pad <= p <= n + 1 + pad is "block j starts at p or later": true up to
    # the block's first start lo, false past its last start hi, and between them one variable
    # per start the block can take, the positions between two such starts sharing the later
    # one's variable.  The padding lets every position the clauses ask for be read directly.
    lo = [(m & -m).bit_length() - 1 for m in starts]
    hi = [m.bit_length() - 1 for m in starts]
    pad = max(hints) + 1
    size = n + 2 * pad + 2
    ys: list[list[int]] = []
    for j in range(k):
        if j & (LINE_CHECK - 1) == LINE_CHECK - 1 and should_stop is not None and should_stop():
            raise Stopped
        mask, low, high = starts[j], lo[j], hi[j]
        count = mask.bit_count() - 1
        var = formula.new_vars(count) if count else 0
        row = [TRUE] * (low + pad + 1) + [FALSE] * (size - low - pad - 1)
        lit = FALSE
        for p in range(high, low, -1):
            if mask >> p & 1:
                if lit != FALSE:
                    append([-lit, var])  # at the later start or after -> here or after
                lit = var
                var += 1
            row[p + pad] = lit
        ys.append(row)
    ok = True
    # Gap: block j at p or later -> block j + 1 at p + h_j + 1 or later.  The first literal is
    # a variable (p is one of block j's starts past its first).
    for j in range(k - 1):
        step = hints[j] + 1 + pad
        mask = starts[j]
        row, nxt = ys[j], ys[j + 1]
        for p in range(lo[j] + 1, hi[j] + 1):
            if mask >> p & 1:
                b = nxt[p + step]
                if b == TRUE:
                    continue
                append([-row[p + pad]] if b == FALSE else [-row[p + pad], b])
    # The blocks each cell's clauses name form a window that moves right with the cell (each
    # block's first and last starts are past the previous block's and its gap): the blocks that
    # can cover cell i, and those that can start at least h before it with the next one able to
    # start after it.  The others' clauses hold a true literal, so only the windows are read.
    ends = [high + h - 1 for h, high in zip(hints, hi, strict=True)]
    past = [low + h for h, low in zip(hints, lo, strict=True)]
    first = ys[0]
    c0 = c1 = f0 = f1 = 0
    last = k - 1
    for i in range(n):
        if i & (LINE_CHECK - 1) == LINE_CHECK - 1 and should_stop is not None and should_stop():
            raise Stopped
        x = cells[i]
        at = i + 1 + pad
        while c1 < k and lo[c1] <= i:
            c1 += 1
        while c0 < k and ends[c0] < i:
            c0 += 1
        if x != TRUE:  # a block covering cell i fills it: (x, -y(j, i - h + 1), y(j, i + 1))
            for j in range(c0, c1):
                row = ys[j]
                y1 = row[at - hints[j]]
                y2 = row[at]
                if y1 == FALSE or y2 == TRUE or y1 == y2:
                    continue  # a true literal, or -v and v
                out = [] if x == FALSE else [x]
                if y1 != TRUE:
                    out.append(-y1)
                if y2 != FALSE:
                    out.append(y2)
                if out:
                    append(out)
                else:
                    ok = False
        if x != FALSE:  # a filled cell is covered by the last block to start at or before it
            y0 = first[at]
            if y0 != FALSE:  # (-x, -y(0, i + 1))
                if x != TRUE:
                    append([-x] if y0 == TRUE else [-x, -y0])
                elif y0 == TRUE:
                    ok = False
                else:
                    append([-y0])
            # (-x, y(j, i + 1), -y(j + 1, i + 1) or false for the last block, y(j, i - h + 1))
            while f0 < last and hi[f0 + 1] <= i:
                f0 += 1
            while f1 < k and past[f1] <= i:
                f1 += 1
            for j in range(f0, f1):
                row = ys[j]
                ya = row[at]
                yb = ys[j + 1][at] if j < last else TRUE
                yc = row[at - hints[j]]
                if ya == TRUE or yb == FALSE or yc == TRUE:
                    continue
                out = [] if x == TRUE else [-x]
                if ya != FALSE:
                    out.append(ya)
                if yb != TRUE:
                    out.append(-yb)
                if yc != FALSE and yc != ya:
                    out.append(yc)
                if out:
                    append(out)
                else:
                    ok = False
    return ok


def size_bound(state: GridState) -> tuple[int, int]:
    """An upper bound on :func:`formula_size` from the clues alone, with no line solved: each
    block can start at no more places than its line's slack allows (its length less the
    hints' cells and gaps), plus one.  A few operations a line, so that every puzzle can ask
    before its encoding whether it may be too large."""
    puzzle = state.puzzle
    height, width = state.height, state.width
    variables = state.total - state.known
    clauses = 0
    lines = [(hints, width, state.row_f[r] | state.row_x[r]) for r, hints in enumerate(puzzle.rows)]
    lines += [
        (hints, height, state.col_f[c] | state.col_x[c]) for c, hints in enumerate(puzzle.cols)
    ]
    for hints, n, known in lines:
        if known == (1 << n) - 1:
            continue
        starts = max(n - sum(hints) - len(hints) + 2, 1)  # the slack plus one
        variables += len(hints) * starts
        clauses += n + 4 * len(hints) * starts
    return variables, clauses


def formula_size(
    state: GridState, should_stop: Callable[[], bool] | None = None
) -> tuple[int, int] | None:
    """The number of variables :func:`encode` gives the formula of ``state`` (exact) and an
    estimate of its clauses, from each line's block starts (:func:`placements`, as
    :func:`encode` finds them) without making a clause: per block, two for each start but its
    first (order and gap) and two for each cell between its first and last starts (cover and
    filled), and one for each undecided cell of a line.  On random puzzles of 60x60 to 200x200 the
    estimate is 2-3 % above the clauses made, on the survey files 4-46 % (Faase, Bucks).  None
    when ``should_stop()`` (asked between lines) turned true; a line no placement fits counts
    nothing (the formula is then unsatisfiable, and small)."""
    puzzle = state.puzzle
    height = state.height
    variables, clauses = state.total - state.known, 0
    for k in range(height + state.width):
        if should_stop is not None and should_stop():
            return None
        if k < height:
            hints, n, filled, crossed = puzzle.rows[k], state.width, state.row_f[k], state.row_x[k]
        else:
            c = k - height
            hints, n, filled, crossed = puzzle.cols[c], height, state.col_f[c], state.col_x[c]
        known = filled | crossed
        if known == (1 << n) - 1:
            continue
        clauses += n - known.bit_count()
        for mask in (placements(hints, n, filled, crossed) if hints else None) or ():
            more = mask.bit_count() - 1
            variables += more
            clauses += 2 * more + 2 * (mask.bit_length() - (mask & -mask).bit_length())
    return variables, clauses


#: Variables up to which the SAT solver is told their number before the first clause.  Making
#: room is one call the deadline cannot interrupt, growing with the count (100,000: 32 ms; a
#: million: 0.17 s; a random 1000x1000 puzzle's formula: about 8 s, past a 2 s time limit);
#: above it the solver is told only the number of cell variables (after a ``should_stop()``)
#: and grows its tables as each line's clauses come, ``should_stop()`` asked between lines and
#: inside long ones.
RESERVE_LIMIT = 100_000


def encode(
    state: GridState,
    should_stop: Callable[[], bool] | None = None,
    sink: ClauseSink | None = None,
) -> Formula | None:
    """The formula of the puzzle from ``state`` on; None when ``should_stop()`` turned true.

    Lines the state decides completely add no clauses; a line no placement fits makes the
    formula ``unsatisfiable``.  With ``sink``, each line's clauses go to ``sink`` as soon as
    they are made, in the same order, and are not kept (``clauses`` stays empty, ``handed``
    counts them), and ``sink`` is told the number of variables before the first (above
    :data:`RESERVE_LIMIT`, that of the cells' variables): the SAT solver
    takes them a line at a time, so that the whole formula is never held as Python lists (1.2
    MB on a 25x25 TAAI puzzle, fresh memory that a first solve pays for in page faults), and
    sizes its tables once (docs/design/solver.md §3, "The first search of a process").
    """
    formula = Formula()
    height, width = state.height, state.width
    row_f, row_x = state.row_f, state.row_x
    # Each cell's literal, a row at a time and asking should_stop() after each (a 1000x1000
    # puzzle's million cells take seconds, and its line logic can end well before its deadline).
    grid: list[list[int]] = []
    variables = formula.cells
    count = formula.count
    for r in range(height):
        if should_stop is not None and should_stop():
            return None
        row = []
        for c, cell in enumerate(masks_text(width, row_f[r], row_x[r])):
            if cell == "-":
                count += 1
                variables[(r, c)] = count
                row.append(count)
            else:
                row.append(TRUE if cell == "O" else FALSE)
        grid.append(row)
    formula.count = count
    puzzle = state.puzzle
    # Each line's block starts first, so that the number of variables is known before the
    # first clause (encode_line gives block j one per start but its first).
    plans = []
    for k in range(height + width):
        if should_stop is not None and should_stop():
            return None
        is_row = k < height
        c = k - height
        if is_row:
            hints, n, filled, crossed = puzzle.rows[k], width, row_f[k], row_x[k]
        else:
            hints, n, filled, crossed = puzzle.cols[c], height, state.col_f[c], state.col_x[c]
        if filled | crossed == (1 << n) - 1 and not formula.unsatisfiable:
            if solve_masks(hints, n, filled, crossed) is None:
                formula.unsatisfiable = True
            continue
        starts = placements(hints, n, filled, crossed) if hints else []
        if starts is None or (not hints and filled):
            formula.unsatisfiable = True
            continue
        plans.append((k, hints, starts))
        count += sum(mask.bit_count() - 1 for mask in starts)
    if sink is not None and 0 < count <= RESERVE_LIMIT:
        sink.reserve(count)
    elif sink is not None and formula.count:
        # Room for the cell variables (the first line's clauses name them) in one call, after a
        # should_stop(), not inside the first line's (a random 2000x2000 puzzle's 4 million:
        # 0.4 s CPU; 2.9 million in steps of RESERVE_LIMIT took 1.3 s against 0.43 s in one,
        # CaDiCaL doubling its tables over and over).
        if should_stop is not None and should_stop():
            return None
        sink.reserve(formula.count)
    for k, hints, starts in plans:
        if should_stop is not None and should_stop():
            return None
        cells = grid[k] if k < height else [row[k - height] for row in grid]
        try:
            if not encode_line(formula, hints, starts, cells, should_stop):
                formula.unsatisfiable = True
        except Stopped:
            return None
        if sink is not None and formula.clauses:
            clauses = formula.clauses
            formula.handed += len(clauses)
            formula.clauses = []
            if len(clauses) <= HAND_CHUNK:
                sink.add_clauses(clauses)
                continue
            for at in range(0, len(clauses), HAND_CHUNK):  # a long line's: asked before each
                if should_stop is not None and should_stop():
                    return None
                sink.add_clauses(clauses[at : at + HAND_CHUNK])
    return formula
