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


def _neg(lit: int | str) -> int | str:
    if lit == TRUE:
        return FALSE
    if lit == FALSE:
        return TRUE
    return -lit  # type: ignore[operator]


def _automaton(hints: tuple[int, ...]) -> tuple[list[int], list[int], set[int]]:
    """Next state on an empty cell, on a filled cell (-1: rejected), and the accepting states.

    States in order: the gap before hint 0, the cells of hint 0, the gap before hint 1, ...,
    the gap after the last hint.
    """
    nxt0: list[int] = []
    nxt1: list[int] = []
    gap = 0
    for h in hints:
        nxt0.append(gap)
        nxt1.append(gap + 1)
        for m in range(1, h + 1):
            nxt0.append(gap + h + 1 if m == h else -1)
            nxt1.append(gap + m + 1 if m < h else -1)
        gap += h + 1
    nxt0.append(gap)
    nxt1.append(-1)
    return nxt0, nxt1, {gap} | ({gap - 1} if hints else set())


def _line(cnf: _Cnf, hints: tuple[int, ...], cells: list[int | str]) -> None:
    """Add one line: ``cells[i]`` is the literal meaning "cell i is filled"."""
    n = len(cells)
    nxt0, nxt1, accepting = _automaton(hints)
    values = [(1,) if c == TRUE else (0,) if c == FALSE else (0, 1) for c in cells]

    def step(state: int, v: int) -> int:
        return nxt1[state] if v else nxt0[state]

    reach = [{0}]
    for i in range(n):
        reach.append({t for s in reach[i] for v in values[i] if (t := step(s, v)) >= 0})
    alive: list[set[int]] = [set() for _ in range(n + 1)]
    alive[n] = reach[n] & accepting
    for i in range(n - 1, -1, -1):
        later = alive[i + 1]
        alive[i] = {s for s in reach[i] if any(step(s, v) in later for v in values[i])}
    if not alive[0]:
        cnf.add()
        return
    q: list[dict[int, int | str]] = []
    for i in range(n + 1):
        if len(alive[i]) == 1:
            q.append({s: TRUE for s in alive[i]})
        else:
            q.append({s: cnf.var() for s in alive[i]})
    for i in range(n):
        cell = cells[i]
        for s, lit in q[i].items():
            for v in values[i]:  # a decided cell has one value (the other one cannot be read)
                is_v = cell if v else _neg(cell)
                target = q[i + 1].get(step(s, v), FALSE)
                cnf.add(_neg(lit), _neg(is_v), target)
    for i in range(1, n + 1):
        for t, lit in q[i].items():
            if lit == TRUE:
                continue
            preds = [s for s in q[i - 1] for v in values[i - 1] if step(s, v) == t]
            if len(values[i - 1]) > 1:
                filled = any(nxt1[s] == t for s in preds)
                cnf.add(_neg(lit), cells[i - 1] if filled else _neg(cells[i - 1]))
            cnf.add(_neg(lit), *(q[i - 1][s] for s in preds))
    cnf.add(*q[n].values())


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
        row: list[int | str] = []
        for c in range(w):
            v = state.get(r, c)
            if v == FILLED:
                row.append(TRUE)
            elif v == CROSSED:
                row.append(FALSE)
            else:
                var = cnf.var()
                cell_var[(r, c)] = var
                row.append(var)
        grid.append(row)
    for r in range(h):
        if should_stop is not None and should_stop():
            raise SatUnknown("interrupted")
        _line(cnf, state.puzzle.rows[r], grid[r])
    for c in range(w):
        if should_stop is not None and should_stop():
            raise SatUnknown("interrupted")
        _line(cnf, state.puzzle.cols[c], [grid[r][c] for r in range(h)])
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
