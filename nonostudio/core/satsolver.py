"""SAT search for the puzzles that defeat probing: find up to two solutions of a grid state.

Each line is encoded as the clauses of a deterministic automaton unrolled over its cells; a second
solution is sought with a clause that blocks the first.  Two backends, ``"cadical"`` (python-sat,
the default) and ``"z3"``, both stopped by the deadline and ``should_stop()``.  The encoding, the
backends and how they were chosen: docs/design/solver.md.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from functools import lru_cache

import numpy as np

from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.progress import ProgressCallback

# A literal is a non-zero int (DIMACS) or one of these two constants.
TRUE = "T"
FALSE = "F"


class SatUnknown(Exception):
    """z3 gave up: time limit reached or interrupted."""


class _Cnf:
    """Clauses over numbered variables, with constant literals simplified away."""

    def __init__(self) -> None:
        self.count = 0
        self.clauses: list[list[int]] = []
        self.empty = False

    def var(self) -> int:
        self.count += 1
        return self.count

    def add(self, *lits: int | str) -> None:
        out = []
        for lit in lits:
            if lit == TRUE:
                return
            if lit != FALSE:
                out.append(lit)
        if not out:
            self.empty = True
        self.clauses.append(out)  # type: ignore[arg-type]

    def dimacs(self) -> str:
        if self.empty:
            return "p cnf 1 2\n1 0\n-1 0\n"
        body = "\n".join(" ".join(map(str, clause)) + " 0" for clause in self.clauses)
        return f"p cnf {max(self.count, 1)} {len(self.clauses)}\n" + body + "\n"


@lru_cache(maxsize=4096)
def _automaton(hints: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The line automaton's states as bit masks: the gap states, the last cells of blocks, the
    states that go on to the next state on a filled cell, and the accepting states.

    States in order: the gap before hint 0, the cells of hint 0, the gap before hint 1, ...,
    the gap after the last hint.  On an empty cell a gap state stays and the last cell of a block
    goes on to the next gap; on a filled cell a gap or a block's cell but its last goes on to the
    next state; every other move is rejected.
    """
    gaps = ends = ones = 0
    pos = 0
    for h in hints:
        gaps |= 1 << pos
        ones |= ((1 << h) - 1) << pos  # the gap and the block's cells but its last
        ends |= 1 << (pos + h)
        pos += h + 1
    gaps |= 1 << pos
    accept = (1 << pos) | ((1 << (pos - 1)) if hints else 0)
    return gaps, ends, ones, accept


def _line(cnf: _Cnf, hints: tuple[int, ...], cells: list[int | str]) -> None:
    """Add one line: ``cells[i]`` is the literal meaning "cell i is filled" (or TRUE / FALSE).

    The sets of automaton states reachable from the start and able to reach the end are bit
    masks; a boundary with one such state needs no variable.  Clauses: a state and a cell value
    imply the next state; a state implies one of its predecessors, and the cell value that leads
    to it; some accepting state at the end.
    """
    n = len(cells)
    gaps, ends, ones, accept = _automaton(hints)
    can0 = [c != TRUE for c in cells]
    can1 = [c != FALSE for c in cells]
    reach = [1]
    s = 1
    for i in range(n):
        t = 0
        if can0[i]:
            t = (s & gaps) | ((s & ends) << 1)
        if can1[i]:
            t |= (s & ones) << 1
        reach.append(t)
        s = t
    alive = [0] * (n + 1)
    a = alive[n] = reach[n] & accept
    for i in range(n - 1, -1, -1):
        b = 0
        if can0[i]:
            b = (a & gaps) | ((a >> 1) & ends)
        if can1[i]:
            b |= (a >> 1) & ones
        a = alive[i] = reach[i] & b
    if not alive[0]:
        cnf.add()
        return
    # q[i]: state -> its variable at boundary i, 0 when it is the only live state (true)
    q: list[dict[int, int]] = []
    count = cnf.count
    for m in alive:
        if m & (m - 1) == 0:
            q.append({m.bit_length() - 1: 0})
            continue
        d = {}
        while m:
            low = m & -m
            count += 1
            d[low.bit_length() - 1] = count
            m ^= low
        q.append(d)
    cnf.count = count
    out = cnf.clauses
    for i in range(n):
        cell = cells[i]
        free = can0[i] and can1[i]
        x = cell if free else 0
        qi, qn = q[i], q[i + 1]
        for st, lit in qi.items():
            bit = 1 << st
            if can0[i]:  # on an empty cell
                nxt = st if bit & gaps else st + 1 if bit & ends else -1
                tl = qn.get(nxt, -1)
                if tl != 0:  # a clause the constant true next state does not satisfy
                    clause = [-lit] if lit else []
                    if free:
                        clause.append(x)  # type: ignore[arg-type]
                    if tl > 0:
                        clause.append(tl)
                    if not clause:
                        cnf.empty = True
                    out.append(clause)
            if can1[i]:  # on a filled cell
                tl = qn.get(st + 1, -1) if bit & ones else -1
                if tl != 0:
                    clause = [-lit] if lit else []
                    if free:
                        clause.append(-x)  # type: ignore[operator]
                    if tl > 0:
                        clause.append(tl)
                    if not clause:
                        cnf.empty = True
                    out.append(clause)
        for t, tl in qn.items():
            if not tl:
                continue
            bit = 1 << t
            if bit & gaps:  # reached on an empty cell, from itself or a block's last cell
                if free:
                    out.append([-tl, -x])  # type: ignore[operator]
                preds = [p for p in (t, t - 1) if p in qi and (p == t or (bit >> 1) & ends)]
            else:  # a block's cell: reached on a filled cell from the state before
                if free:
                    out.append([-tl, x])  # type: ignore[list-item]
                preds = [t - 1] if t - 1 in qi else []
            if preds and any(qi[p] == 0 for p in preds):
                continue
            out.append([-tl] + [qi[p] for p in preds])
    last = list(q[n].values())
    if 0 not in last:
        out.append(last)


def encode(
    state: GridState, should_stop: Callable[[], bool] | None = None
) -> tuple[_Cnf, dict[tuple[int, int], int]]:
    """Clauses for the puzzle from ``state`` on, and the variable of each undecided cell.

    Raises :class:`SatUnknown` when ``should_stop()`` turns true while encoding.
    """
    cnf = _Cnf()
    h, w = state.height, state.width
    cell_var: dict[tuple[int, int], int] = {}
    grid: list[list[int | str]] = []
    for r in range(h):
        f, x = state.row_f[r], state.row_x[r]
        row: list[int | str] = []
        for c in range(w):
            bit = 1 << c
            if f & bit:
                row.append(TRUE)
            elif x & bit:
                row.append(FALSE)
            else:
                cnf.count += 1
                cell_var[(r, c)] = cnf.count
                row.append(cnf.count)
        grid.append(row)
    for r in range(h):
        if should_stop is not None and should_stop():
            raise SatUnknown("interrupted")
        _line(cnf, state.puzzle.rows[r], grid[r])
    for c in range(w):
        if should_stop is not None and should_stop():
            raise SatUnknown("interrupted")
        _line(cnf, state.puzzle.cols[c], [row[c] for row in grid])
    return cnf, cell_var


def sat_backend() -> str:
    """The backend :func:`sat_solutions` uses by default: "cadical" when python-sat is
    installed, else "z3"."""
    try:
        import pysat.solvers  # noqa: F401
    except ImportError:
        return "z3"
    return "cadical"


def sat_solutions(
    state: GridState,
    *,
    limit: int = 2,
    deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    backend: str | None = None,
    progress: ProgressCallback | None = None,
) -> list[np.ndarray]:
    """Up to ``limit`` different solutions extending ``state`` (fewer means there are no more).

    ``backend`` is "cadical" or "z3" (None: :func:`sat_backend`).  Raises :class:`SatUnknown`
    when the deadline passes or ``should_stop()`` becomes true first.  ``progress`` hears of
    CaDiCaL's conflicts between slices (the fraction stays that of the cells ``state`` decides).
    """
    backend = backend or sat_backend()
    if backend not in ("cadical", "z3"):
        raise ValueError(f"unknown SAT backend {backend!r}: expected 'cadical' or 'z3'")
    cnf, cell_var = encode(state, should_stop)
    base = state.to_grid()
    if backend == "cadical":

        def report(conflicts: int) -> None:
            if progress is not None:
                progress(
                    state.known / state.total, f"SAT search (CaDiCaL): {conflicts:,} conflicts"
                )

        return _cadical_solutions(cnf, cell_var, base, limit, deadline, should_stop, report)
    return _z3_solutions(cnf, cell_var, base, limit, deadline, should_stop)


# Conflicts per CaDiCaL slice.  A fixed number, not one sized by the clock: the slices change the
# search path, and slices timed on a busy machine made one TAAI puzzle (icga2017 #535) take 2 s
# in one run and 22 s in the next.  CaDiCaL manages 3,000-10,000 conflicts a second on the
# hardest puzzles here, so a stop or the deadline is noticed within about half a second.
SLICE_CONFLICTS = 2_000


def _cadical_solutions(
    cnf: _Cnf,
    cell_var: dict[tuple[int, int], int],
    base: np.ndarray,
    limit: int,
    deadline: float | None,
    should_stop: Callable[[], bool] | None,
    report: Callable[[int], None],
) -> list[np.ndarray]:
    from pysat.solvers import Solver

    found: list[np.ndarray] = []
    if cnf.empty:
        return found
    with Solver(name="cadical195", bootstrap_with=cnf.clauses) as solver:
        while len(found) < limit:
            while True:
                if should_stop is not None and should_stop():
                    raise SatUnknown("interrupted")
                if deadline is not None and time.perf_counter() > deadline:
                    raise SatUnknown("time limit")
                solver.conf_budget(SLICE_CONFLICTS)
                answer = solver.solve_limited()
                if answer is not None:
                    break
                report(solver.accum_stats().get("conflicts", 0))
            if not answer:
                break
            model = solver.get_model()
            value = bytearray(cnf.count + 1)
            for lit in model:
                if lit > 0:
                    value[lit] = 1
            grid = base.copy()
            blocking = []
            for (r, c), var in cell_var.items():
                if value[var]:
                    grid[r, c] = FILLED
                    blocking.append(-var)
                else:
                    grid[r, c] = CROSSED
                    blocking.append(var)
            found.append(grid)
            if not blocking:
                break
            solver.add_clause(blocking)  # the next answer must differ somewhere
    return found


def _z3_solutions(
    cnf: _Cnf,
    cell_var: dict[tuple[int, int], int],
    base: np.ndarray,
    limit: int,
    deadline: float | None,
    should_stop: Callable[[], bool] | None,
) -> list[np.ndarray]:
    import z3

    from nonostudio.core.z3threads import interrupt, new_context

    done = threading.Event()
    stopped = threading.Event()
    ctx = new_context()

    def watch() -> None:
        # z3's own "timeout" setting would stop honouring ctx.interrupt(), so the deadline is
        # enforced here too.
        while not done.wait(0.05):
            late = deadline is not None and time.perf_counter() > deadline
            if late or (should_stop is not None and should_stop()):
                stopped.set()
                interrupt(ctx)
                return

    watcher = threading.Thread(target=watch, name="z3-watch", daemon=True)
    watcher.start()
    found: list[np.ndarray] = []
    solver = z3.SolverFor("QF_FD", ctx=ctx)
    try:
        solver.from_string(cnf.dimacs())
        # The DIMACS reader names variable N by the integer symbol N (printed "k!N").
        cells = {rc: z3.Bool(var, ctx) for rc, var in cell_var.items()}
        while len(found) < limit and not stopped.is_set():
            answer = solver.check()
            if answer == z3.unsat:
                break
            if answer != z3.sat:
                raise SatUnknown(solver.reason_unknown())
            model = solver.model()
            grid = base.copy()
            blocking = []
            for (r, c), var in cells.items():
                value = z3.is_true(model.eval(var, model_completion=True))
                grid[r, c] = FILLED if value else CROSSED
                blocking.append(z3.Not(var) if value else var)
            found.append(grid)
            if not blocking:
                break
            solver.add(z3.Or(blocking))  # the next answer must differ somewhere
    except z3.Z3Exception as exc:
        if stopped.is_set():
            raise SatUnknown("interrupted") from exc
        raise
    finally:
        done.set()
        watcher.join()
    if stopped.is_set() and len(found) < limit:
        raise SatUnknown("interrupted")
    return found
