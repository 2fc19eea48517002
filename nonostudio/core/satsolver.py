"""SAT search with z3 for the puzzles that defeat probing: find up to two solutions of a grid state.

Each line becomes clauses over its undecided cells and one Boolean per (hint, start cell) that the
exact line solver still allows: exactly one start per hint, hints in order and apart, a start fills
its cells and empties its neighbours, and a filled cell is covered by some start.  The formula is
written as SMT-LIB text and parsed in one call (building it through the Python API object by
object is far slower), solved in its own ``z3.Context``; a second solution is sought with a clause
that blocks the first.  Cancellation interrupts the context from a watcher thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import numpy as np
import z3

from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.linesolver import placements


class SatUnknown(Exception):
    """z3 gave up: time limit reached or interrupted."""


def _line_clauses(
    out: list[str], hints: tuple[int, ...], cells: list[str], n: int, filled: int, crossed: int,
    tag: str,
) -> None:
    """Append SMT-LIB assertions for one line; ``cells[i]`` is the literal name of cell i."""
    places = placements(hints, n, filled, crossed)
    if places is None:
        out.append("(assert false)")
        return
    cover: list[list[str]] = [[] for _ in range(n)]
    starts: list[list[tuple[int, str]]] = []
    for j, (h, mask) in enumerate(zip(hints, places, strict=True)):
        here: list[tuple[int, str]] = []
        p = mask
        while p:
            low = p & -p
            s = low.bit_length() - 1
            p ^= low
            name = f"{tag}_{j}_{s}"
            out.append(f"(declare-const {name} Bool)")
            here.append((s, name))
            lits = []
            for i in range(s, s + h):
                cover[i].append(name)
                lits.append(cells[i])
            if s > 0:
                lits.append(f"(not {cells[s - 1]})")
            if s + h < n:
                lits.append(f"(not {cells[s + h]})")
            out.append(f"(assert (=> {name} (and {' '.join(lits)})))")
        names = " ".join(nm for _, nm in here)
        out.append(f"(assert ((_ pbeq 1 {' '.join('1' for _ in here)}) {names}))")
        starts.append(here)
    for j in range(len(hints) - 1):
        h = hints[j]
        nxt = starts[j + 1]
        for s, name in starts[j]:
            later = [nm for t, nm in nxt if t > s + h]
            out.append(f"(assert (=> {name} {_or(later)}))")
    for i in range(n):
        if not ((filled >> i) & 1 or (crossed >> i) & 1):
            out.append(f"(assert (=> {cells[i]} {_or(cover[i])}))")


def _line_clauses_regular(
    out: list[str], hints: tuple[int, ...], cells: list[str], n: int, filled: int, crossed: int,
    tag: str,
) -> None:
    """Append the line as a deterministic automaton unrolled over its cells.

    State ``q[i][s]``: after cell ``i - 1`` the automaton reading the line is in state ``s`` (a gap
    before hint ``j``, or the ``m``-th cell of hint ``j``).  Only states reachable from the start
    and co-reachable from the end are kept; unit propagation on these clauses decides what the
    exact line solver decides.
    """
    # States: gap j = ("G", j) then the cells of hint j; the last gap ends the list.
    nxt0: list[int] = []
    nxt1: list[int] = []
    index = 0
    for j, h in enumerate(hints):
        gap = index
        nxt0.append(gap)
        nxt1.append(gap + 1)
        for m in range(1, h + 1):
            state = gap + m
            if m < h:
                nxt0.append(-1)
                nxt1.append(state + 1)
            else:
                nxt0.append(state + 1)  # the next gap
                nxt1.append(-1)
        index = gap + h + 1
    last_gap = index
    nxt0.append(last_gap)
    nxt1.append(-1)
    accepting = {last_gap} | ({last_gap - 1} if hints else set())

    allowed = []
    for i in range(n):
        if (filled >> i) & 1:
            allowed.append((1,))
        elif (crossed >> i) & 1:
            allowed.append((0,))
        else:
            allowed.append((0, 1))
    reach = [{0}]
    for i in range(n):
        here = set()
        for st in reach[i]:
            for v in allowed[i]:
                t = nxt1[st] if v else nxt0[st]
                if t >= 0:
                    here.add(t)
        reach.append(here)
    alive: list[set[int]] = [set() for _ in range(n + 1)]
    alive[n] = reach[n] & accepting
    for i in range(n - 1, -1, -1):
        later = alive[i + 1]
        alive[i] = {
            st for st in reach[i]
            if any((nxt1[st] if v else nxt0[st]) in later for v in allowed[i])
        }
    if not alive[0]:
        out.append("(assert false)")
        return
    names: list[dict[int, str]] = []
    for i in range(n + 1):
        if len(alive[i]) == 1:
            names.append({st: "true" for st in alive[i]})
            continue
        level = {}
        for st in alive[i]:
            nm = f"{tag}q{i}_{st}"
            out.append(f"(declare-const {nm} Bool)")
            level[st] = nm
        names.append(level)

    def cell_is(i: int, v: int) -> str:
        return cells[i] if v else f"(not {cells[i]})"

    def cell_isnt(i: int, v: int) -> str:
        return f"(not {cells[i]})" if v else cells[i]

    for i in range(n):
        for st, q in names[i].items():
            nq = "false" if q == "true" else f"(not {q})"
            for v in allowed[i]:
                if len(allowed[i]) == 1:
                    continue  # a decided cell: reachability already pruned the other value
                t = nxt1[st] if v else nxt0[st]
                target = names[i + 1].get(t)
                if target is None:
                    out.append(f"(assert (or {nq} {cell_isnt(i, v)}))")
                elif target != "true":
                    out.append(f"(assert (or {nq} {cell_isnt(i, v)} {target}))")
    for i in range(1, n + 1):
        for t, q in names[i].items():
            if q == "true":
                continue
            preds = [st for st in names[i - 1]
                     for v in allowed[i - 1] if (nxt1[st] if v else nxt0[st]) == t]
            value = 1 if t in {nxt1[st] for st in preds} else 0
            if len(allowed[i - 1]) > 1:
                out.append(f"(assert (=> {q} {cell_is(i - 1, value)}))")
            pred_names = [names[i - 1][st] for st in preds]
            if "true" not in pred_names:
                out.append(f"(assert (=> {q} {_or(pred_names)}))")
    final = list(names[n].values())
    if "true" not in final:
        out.append(f"(assert {_or(final)})")


def _or(lits: list[str]) -> str:
    if not lits:
        return "false"
    if len(lits) == 1:
        return lits[0]
    return f"(or {' '.join(lits)})"


ENCODER = _line_clauses_regular


def _encode(state: GridState) -> tuple[str, dict[tuple[int, int], str]]:
    h, w = state.height, state.width
    names: dict[tuple[int, int], str] = {}
    out: list[str] = []

    def lit(r: int, c: int) -> str:
        v = state.get(r, c)
        if v == FILLED:
            return "true"
        if v == CROSSED:
            return "false"
        name = names.get((r, c))
        if name is None:
            name = f"c_{r}_{c}"
            names[(r, c)] = name
            out.append(f"(declare-const {name} Bool)")
        return name

    row_cells = [[lit(r, c) for c in range(w)] for r in range(h)]
    for r in range(h):
        ENCODER(out, state.puzzle.rows[r], row_cells[r], w, state.row_f[r], state.row_x[r], f"r{r}")
    for c in range(w):
        cells = [row_cells[r][c] for r in range(h)]
        ENCODER(out, state.puzzle.cols[c], cells, h, state.col_f[c], state.col_x[c], f"k{c}")
    return "\n".join(out), names


def sat_solutions(
    state: GridState,
    *,
    limit: int = 2,
    deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> list[np.ndarray]:
    """Up to ``limit`` different solutions extending ``state`` (fewer means there are no more).

    Raises :class:`SatUnknown` when the deadline passes or ``should_stop()`` becomes true first.
    """
    text, names = _encode(state)
    ctx = z3.Context()
    solver = z3.SolverFor("QF_FD", ctx=ctx)
    solver.from_string(text)
    base = state.to_grid()
    done = threading.Event()
    stopped = threading.Event()

    def watch() -> None:
        while not done.wait(0.05):
            late = deadline is not None and time.perf_counter() > deadline
            if late or (should_stop is not None and should_stop()):
                stopped.set()
                ctx.interrupt()
                return

    watcher = threading.Thread(target=watch, name="z3-watch", daemon=True)
    watcher.start()
    found: list[np.ndarray] = []
    cell_vars = {rc: z3.Bool(nm, ctx) for rc, nm in names.items()}
    try:
        while len(found) < limit:
            # The watcher interrupts the context at the deadline too: z3's own "timeout" setting
            # would stop honouring ctx.interrupt(), and cancellation with it.
            if deadline is not None and deadline <= time.perf_counter():
                raise SatUnknown("time limit reached")
            answer = solver.check()
            if answer == z3.unsat:
                break
            if answer != z3.sat:
                raise SatUnknown(solver.reason_unknown())
            model = solver.model()
            grid = base.copy()
            differs = []
            for (r, c), var in cell_vars.items():
                value = z3.is_true(model.eval(var, model_completion=True))
                grid[r, c] = FILLED if value else CROSSED
                differs.append(var if not value else z3.Not(var))
            found.append(grid)
            if not differs:
                break
            solver.add(z3.Or(differs) if len(differs) > 1 else differs[0])
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
