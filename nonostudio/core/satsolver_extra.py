"""The SAT searches a first CaDiCaL search does not need: past CaDiCaL's handover the
symmetric search, probing, Kissat and the search near Kissat's first solution, and the z3
backend.  Kept out of :mod:`nonostudio.core.satsolver` so that a process's first SAT search does
not load them (docs/design/solver.md §3, "The first search of a process"); the searches
themselves are described there too ("Symmetric clues", "Probing before Kissat", "A second
solution near the first").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

from nonostudio.core.gridstate import GridState
from nonostudio.core.line import FILLED
from nonostudio.core.order_encoding import Formula, encode
from nonostudio.core.satsolver import (
    SLICE_CONFLICTS,
    SatUnknown,
    _Cadical,
    _complete,
    _Search,
    _solution,
)

# CaDiCaL's conflicts for the solutions a symmetry of the clues leaves in place, asked for at the
# handover (Knotty's first three come within 5 s of CPU).
SYMMETRIC_CONFLICTS = 100_000

# CaDiCaL's conflicts for a second solution near the first Kissat found, every variable's phase
# set to that solution, while Kissat looks for one from scratch (Faase's comes in 1-6 conflicts,
# 4 cells away; Kissat's took minutes).
NEAR_CONFLICTS = 20_000

# Conflicts per slice of that search: smaller than SLICE_CONFLICTS, since Kissat's helper keeps
# the other core busy meanwhile and the deadline must still be noticed soon (the second solution
# near Faase's first takes a few conflicts).
NEAR_SLICE_CONFLICTS = 200


def symmetric_solutions(
    search: _Search, blocks: list[list[int]], limit: int, found: list[GridState]
) -> list[GridState]:
    """Up to ``limit`` solutions with ``found``, the others among those a symmetry of the clues
    leaves in place (none when the clues have no symmetry): each symmetry searched for up to
    :data:`SYMMETRIC_CONFLICTS` conflicts, the solutions of ``blocks`` excluded and each one found
    added to them; ``found`` goes with :class:`SatUnknown` if it is stopped.  Asked when CaDiCaL
    passes the handover: on Knotty the symmetric solutions take CaDiCaL 5 s where any solution
    took Kissat minutes (docs/design/solver.md §3, "Symmetric clues")."""
    from nonostudio.core.symmetry import clue_symmetries

    more: list[GridState] = []
    limit -= len(found)
    for symmetry in clue_symmetries(search.base.puzzle):
        same = _same_cells(search.cnf, search.base, symmetry.cell_pairs())
        if same is None:
            continue  # base itself is not symmetric: no solution is
        with _Cadical(search.cnf.clauses + blocks + same) as solver:
            while len(more) < limit:
                answer = None
                while answer is None:
                    search.check(found + more)
                    if solver.conflicts() >= SYMMETRIC_CONFLICTS:
                        break
                    answer = solver.solve_limited(SLICE_CONFLICTS)
                    if answer is None:
                        search.report(f"SAT search ({symmetry.name} solutions, CaDiCaL)")
                if not answer:
                    break
                grid, blocking = search.solution(solver.model())
                more.append(grid)
                if not blocking:
                    return more
                blocks.append(blocking)
                solver.add_clause(blocking)
        if len(more) >= limit:
            break
    return more


def _same_cells(
    cnf: Formula, base: GridState, pairs: Iterator[tuple[tuple[int, int], tuple[int, int]]]
) -> list[list[int]] | None:
    """Clauses that give each cell of ``pairs`` its partner's value; None when ``base`` decides
    the two differently."""
    clauses = []
    cells = cnf.cells
    for one, other in pairs:
        a, b = cells.get(one), cells.get(other)
        if a is not None and b is not None:
            if a != b:
                clauses += [[-a, b], [a, -b]]
        elif a is not None or b is not None:
            var, (r, c) = (a, other) if a is not None else (b, one)
            assert var is not None
            clauses.append([var] if base.get(r, c) == FILLED else [-var])
        elif base.get(*one) != base.get(*other):
            return None
    return clauses


def probed(search: _Search, found: list[GridState]) -> tuple[_Search, list[list[int]]] | None:
    """The search for Kissat, from ``search``'s state probed (:func:`nonostudio.core.probing.probe`)
    and encoded again when probing decides more cells, with the clauses that exclude the
    solutions ``found``; None when there is no other solution.  On Faase probing decides 813
    more cells and Kissat's first solution comes 2.4 times sooner (docs/design/solver.md §3,
    "Probing before Kissat")."""
    from nonostudio.core.probing import probe

    search.report("SAT search: probing each undecided cell both ways")
    base = probe(search.base, search.over)
    search.check(found)  # probing stops early when asked to: so does the search
    if base is None:
        return None
    cnf = encode(base, search.over) if base.known > search.base.known else search.cnf
    if cnf is None:
        search.check(found)
        raise SatUnknown("interrupted", found)
    if cnf.unsatisfiable:
        return None
    blocks = [
        [-var if solution.get(r, c) == FILLED else var for (r, c), var in cnf.cells.items()]
        for solution in found
    ]
    if any(not blocking for blocking in blocks):  # a solution found is the state's only one
        return None
    return _Search(cnf, base, search.deadline, search.should_stop, search.progress), blocks


def kissat_solutions(
    search: _Search, blocks: list[list[int]], limit: int, found: list[GridState]
) -> list[GridState]:
    """Up to ``limit`` more solutions from Kissat in a helper process, the ones in ``blocks``
    excluded; ``found`` (the solutions so far) goes with :class:`SatUnknown` if it is stopped."""
    from nonostudio.core.kissat_process import KissatStopped, NoOtherModel, kissat_models

    cnf, base = search.cnf, search.base

    def report(seconds: float) -> None:
        search.report(f"SAT search (Kissat): {seconds:.0f} s")

    def near(model: list[int]) -> list[int] | None:
        blocking = search.solution(model)[1]
        if not blocking:  # no cell undecided: that model is the only one
            return None
        search.report("SAT search (near the first solution, CaDiCaL; Kissat too)")
        answer, other = _near_model(search, blocks + [blocking], model)
        if answer is False:  # CaDiCaL has shown there is no other: Kissat need not go on
            search.report("SAT search: no other solution (CaDiCaL)")
            raise NoOtherModel
        return other

    try:
        models = kissat_models(
            cnf.clauses + blocks,
            list(cnf.cells.values()),
            limit,
            deadline=search.deadline,
            should_stop=search.should_stop,
            report=report,
            between=near,
        )
    except KissatStopped as stop:
        more = [_solution(cnf, base, model)[0] for model in stop.found]
        raise SatUnknown(str(stop), found + more) from None
    return [_solution(cnf, base, model)[0] for model in models]


def _near_model(
    search: _Search, blocks: list[list[int]], model: list[int]
) -> tuple[bool | None, list[int] | None]:
    """A model of the formula that ``blocks`` allow, sought by CaDiCaL with every variable's
    phase that of ``model`` (its true variables), for up to :data:`NEAR_CONFLICTS` conflicts:
    ``(True, its true variables)``, ``(False, None)`` when CaDiCaL shows there is none at all,
    ``(None, None)`` when the budget ran out or it was stopped first.  A solution's neighbours
    are where a puzzle with several solutions most often has another: Faase's first two differ
    in 4 cells (docs/design/solver.md §3, "A second solution near the first")."""
    true = set(model)
    phases = [v if v in true else -v for v in range(1, search.cnf.count + 1)]
    with _Cadical(search.cnf.clauses + blocks, phases) as solver:
        while solver.conflicts() < NEAR_CONFLICTS and not search.over():
            answer = solver.solve_limited(NEAR_SLICE_CONFLICTS)
            if answer:
                return True, [lit for lit in solver.model() if lit > 0]
            if answer is False:
                return False, None
    return None, None


def z3_solutions(search: _Search, limit: int) -> list[GridState]:
    """Up to ``limit`` solutions from z3's SAT core (the ``"z3"`` backend), the formula handed
    over as DIMACS text; a watcher thread interrupts z3 at the deadline or when
    ``should_stop()`` turns true, and :class:`SatUnknown` carries the solutions found by then."""
    import z3

    from nonostudio.core.z3threads import interrupt, new_context

    cnf, base, deadline, should_stop = search.cnf, search.base, search.deadline, search.should_stop
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
    found: list[GridState] = []
    solver = z3.SolverFor("QF_FD", ctx=ctx)
    try:
        solver.from_string(cnf.dimacs())
        # The DIMACS reader names variable N by the integer symbol N (printed "k!N").
        cells = {rc: z3.Bool(var, ctx) for rc, var in cnf.cells.items()}
        while len(found) < limit and not stopped.is_set():
            answer = solver.check()
            if answer == z3.unsat:
                break
            if answer != z3.sat:
                raise SatUnknown(solver.reason_unknown(), found)
            model = solver.model()
            value = [z3.is_true(model.eval(var, model_completion=True)) for var in cells.values()]
            found.append(_complete(base, list(zip(cells, value, strict=True))))
            blocking = [
                z3.Not(var) if filled else var
                for var, filled in zip(cells.values(), value, strict=True)
            ]
            if not blocking:
                break
            solver.add(z3.Or(blocking))  # the next answer must differ somewhere
    except z3.Z3Exception as exc:
        if stopped.is_set():
            raise SatUnknown("interrupted", found) from exc
        raise
    finally:
        done.set()
        watcher.join()
    if stopped.is_set() and len(found) < limit:
        raise SatUnknown("interrupted", found)
    return found
