"""SAT search for the puzzles line logic does not solve: up to two solutions of a grid state.

The puzzle from the state on is encoded by :mod:`nonostudio.core.order_encoding`; a second
solution is sought with a clause that blocks the first.  Two backends, ``"cadical"`` (python-sat,
the default) and ``"z3"``, both stopped by the deadline and ``should_stop()``; past CaDiCaL's
handover the symmetric search, probing, Kissat and the search near Kissat's first solution.  The
encoding, the backends and how they were chosen: docs/design/solver.md §3.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from nonostudio.core.gridstate import GridState
from nonostudio.core.line import FILLED
from nonostudio.core.order_encoding import Formula, encode, formula_size, size_bound
from nonostudio.core.progress import ProgressCallback
from nonostudio.core.puzzle import Puzzle

if TYPE_CHECKING:
    import numpy as np


class SatUnknown(Exception):
    """The SAT stage gave up: time limit reached or interrupted; ``found`` holds the solutions it
    had found by then (fewer than asked for): grid arrays from :func:`sat_solutions`, complete
    grid states from :func:`sat_states`."""

    def __init__(self, reason: str, found: list[Any] | None = None) -> None:
        super().__init__(reason)
        self.found: list[Any] = found or []


class SatTooLarge(SatUnknown):
    """The formula would not fit in the memory budget, so the SAT stage did not start: its
    ``variables`` (as the encoding would number them), ``clauses`` (estimated), the bytes that
    would take (``needed``) and the ``budget``.  Its text says so in words."""

    def __init__(self, variables: int, clauses: int, needed: int, budget: int) -> None:
        super().__init__(
            f"too large for the complete solver: about {_amount(variables)} variables and "
            f"{_amount(clauses)} clauses, ~{_bytes(needed)} against a memory budget of "
            f"{_bytes(budget)}"
        )
        self.variables = variables
        self.clauses = clauses
        self.needed = needed
        self.budget = budget


def _amount(count: int) -> str:
    """``count`` in words for a sentence: 4,213 or 39.2 million or 1.2 billion."""
    if count >= 1_000_000_000:
        return f"{count / 1e9:.1f} billion"
    if count >= 1_000_000:
        return f"{count / 1e6:.1f} million"
    return f"{count:,}"


def _bytes(count: int) -> str:
    """``count`` bytes as GB (10**9) or MB, one decimal (bytes below 100 kB: "1 byte",
    "2,048 bytes")."""
    if count >= 100_000_000:
        return f"{count / 1e9:.1f} GB"
    if count >= 100_000:
        return f"{count / 1e6:.1f} MB"
    return f"{count:,} {'byte' if count == 1 else 'bytes'}"  # (counts.count has no 1,000s comma)


#: Bytes a clause of the formula takes once the SAT solver holds it, the variables' share
#: included (3.7-3.8 clauses a variable): CaDiCaL holding the formula of a random 200x200 and
#: 400x400 puzzle (1.3 and 10.1 million clauses) grew the process by 254 MB and 1.96 GB, 194 B
#: a clause; the same as Python lists (the z3 backend's, and the searches' past CaDiCaL's
#: handover) 165 B.
BYTES_PER_CLAUSE = 200

#: The share of the memory available to the process that a formula may take: the search then
#: adds learned clauses, and a table CaDiCaL grows is doubled (the old and new one held at once).
MEMORY_SHARE = 0.5

#: The least memory budget, whatever the machine says is available (1 GiB: about 5 million
#: clauses, a random 300x300 puzzle): a puzzle whose formula fits in it is always tried, so its
#: verdict does not depend on the machine's load; the largest formula of the survey files
#: (Faase, 276,078 clauses) takes 57 MB.
MEMORY_FLOOR = 1 << 30


def default_memory_budget() -> int:
    """The memory a formula may take on this machine now: :data:`MEMORY_SHARE` of what is
    available (Linux's MemAvailable, else ``os.sysconf``'s free pages, else its physical ones;
    less when the address space is limited, as by ``ulimit -v``), at least
    :data:`MEMORY_FLOOR`."""
    available = _available_memory()
    return max(MEMORY_FLOOR, int(available * MEMORY_SHARE)) if available else MEMORY_FLOOR


def _available_memory() -> int:
    """Bytes of memory available to this process (0 when nothing says)."""
    available = 0
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    available = int(line.split()[1]) * 1024
                    break
    except (OSError, ValueError):
        pass
    for name in ("SC_AVPHYS_PAGES", "SC_PHYS_PAGES"):
        if available:
            break
        try:
            available = os.sysconf(name) * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            available = 0
    try:
        import resource
    except ImportError:  # (not on Windows)
        return max(available, 0)
    limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    if limit != resource.RLIM_INFINITY:
        try:
            with open("/proc/self/statm", encoding="ascii") as statm:
                used = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError):
            used = 0
        room = max(limit - used, 0)
        available = min(available, room) if available else room
    return max(available, 0)


def check_size(
    state: GridState,
    budget: int | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> bool:
    """Raise :class:`SatTooLarge` when the formula of ``state`` would take more than ``budget``
    bytes (None: :func:`default_memory_budget`) at :data:`BYTES_PER_CLAUSE` a clause; False
    when ``should_stop()`` turned true first, else True.  Nothing is encoded: a bound from the
    clues clears every puzzle up to about 100x100 with a few multiplications and most others
    with a few operations a line (:func:`~nonostudio.core.order_encoding.size_bound`); only
    above it are the lines' block starts counted (:func:`formula_size`: 0.7 s on a random
    1000x1000 puzzle)."""
    big = max(state.height, state.width)
    # Each line has at most (n + 1) // 2 hints, each with at most n starts (size_bound's terms).
    most = (state.height + state.width) * (big + 4 * ((big + 1) // 2) * big)
    if most * BYTES_PER_CLAUSE <= (MEMORY_FLOOR if budget is None else min(budget, MEMORY_FLOOR)):
        return True
    if budget is None:
        budget = default_memory_budget()
    if size_bound(state)[1] * BYTES_PER_CLAUSE <= budget:
        return True
    size = formula_size(state, should_stop)
    if size is None:
        return False
    check_budget(*size, budget)
    return True


def check_budget(
    variables: int,
    clauses: int,
    budget: int | None = None,
    bytes_per_clause: int = BYTES_PER_CLAUSE,
) -> None:
    """Raise :class:`SatTooLarge` when a formula of ``variables`` and ``clauses`` would take more
    than ``budget`` bytes (None: :func:`default_memory_budget`) at ``bytes_per_clause``: the
    test :func:`check_size` ends with, for a formula another encoding sized (the colour
    solver's)."""
    if budget is None:
        budget = default_memory_budget()
    needed = clauses * bytes_per_clause
    if needed > budget:
        raise SatTooLarge(variables, clauses, needed, budget)


class SatStats:
    """What one :func:`sat_solutions` call did: the formula's size and the solver's conflicts.

    A plain class, not a dataclass: making a dataclass costs a fresh process's first SAT search
    0.4 ms (docs/design/solver.md §3, "The first search of a process")."""

    __slots__ = ("variables", "clauses", "conflicts", "backend")

    def __init__(self) -> None:
        self.variables = 0
        self.clauses = 0
        self.conflicts = 0  # CaDiCaL's
        self.backend = ""  # the solver that finished: "cadical", "kissat" or "z3"

    def __repr__(self) -> str:
        return (
            f"SatStats(variables={self.variables}, clauses={self.clauses}, "
            f"conflicts={self.conflicts}, backend={self.backend!r})"
        )


def _pysolvers() -> Any:
    """python-sat's extension module ``pysolvers`` (ImportError without python-sat), loaded with
    its symbols bound when first called rather than all at once: the library (a dozen solvers
    and the C++ runtime) then loads in 2.0 ms instead of 2.8, a fresh process's first SAT
    search paying it (docs/design/solver.md §3, "The first search of a process")."""
    module = sys.modules.get("pysolvers")
    if module is not None:
        return module
    flags = sys.getdlopenflags()
    sys.setdlopenflags((flags & ~os.RTLD_NOW) | os.RTLD_LAZY)
    try:
        import pysolvers  # type: ignore[import-not-found]
    finally:
        sys.setdlopenflags(flags)
    return pysolvers


def sat_backend() -> str:
    """The backend :func:`sat_solutions` uses by default: "cadical" when python-sat is
    installed, else "z3"."""
    try:
        _pysolvers()
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
    stats: SatStats | None = None,
    memory_budget: int | None = None,
) -> list[np.ndarray]:
    """Up to ``limit`` different solutions extending ``state`` (fewer means there are no more),
    as grid arrays: :func:`sat_states`, each made an array."""
    try:
        states = sat_states(
            state,
            limit=limit,
            deadline=deadline,
            should_stop=should_stop,
            backend=backend,
            progress=progress,
            stats=stats,
            memory_budget=memory_budget,
        )
    except SatTooLarge:
        raise
    except SatUnknown as stop:
        raise SatUnknown(str(stop), [found.to_grid() for found in stop.found]) from None
    return [found.to_grid() for found in states]


def sat_states(
    state: GridState,
    *,
    limit: int = 2,
    deadline: float | None = None,
    should_stop: Callable[[], bool] | None = None,
    backend: str | None = None,
    progress: ProgressCallback | None = None,
    stats: SatStats | None = None,
    memory_budget: int | None = None,
) -> list[GridState]:
    """Up to ``limit`` different solutions extending ``state`` (fewer means there are no more),
    each a complete grid state (no numpy: a caller that wants only the verdict, such as
    ``nonostudio-cli check``, never imports it).

    ``backend`` is "cadical" (CaDiCaL, then Kissat in a helper process for the hardest puzzles)
    or "z3" (None: :func:`sat_backend`).  Raises :class:`SatUnknown` when the deadline passes or
    ``should_stop()`` becomes true first.  ``progress`` hears of CaDiCaL's conflicts between
    slices and of Kissat's time (the fraction stays that of the cells ``state`` decides);
    ``stats``, when given, is filled in.  A formula that would take more than ``memory_budget``
    bytes (None: :func:`default_memory_budget`) is not made: :class:`SatTooLarge` is raised
    instead (:func:`check_size`).
    """
    backend = backend or sat_backend()
    if backend not in ("cadical", "z3"):
        raise ValueError(f"unknown SAT backend {backend!r}: expected 'cadical' or 'z3'")
    if not check_size(state, memory_budget, should_stop):
        raise SatUnknown("interrupted")
    stats = SatStats() if stats is None else stats
    # CaDiCaL takes the clauses a line at a time as they are made (encode's sink).
    solver = _Cadical() if backend == "cadical" else None
    try:
        cnf = encode(state, should_stop, solver)
        if cnf is None:
            raise SatUnknown("interrupted")
        stats.variables, stats.clauses = cnf.count, len(cnf.clauses) + cnf.handed
        if cnf.unsatisfiable:
            return []
        search = _Search(cnf, state, deadline, should_stop, progress)
        if solver is not None:
            stats.backend = "cadical"
            return _cadical_solutions(search, solver, limit, stats)
        stats.backend = "z3"
        return z3_solutions(search, limit)
    finally:
        if solver is not None:
            solver.close()


# Conflicts per CaDiCaL slice.  A fixed number, not one sized by the clock: the slices change the
# search path, and slices timed on a busy machine made one TAAI puzzle (icga2017 #535) take 2 s
# in one run and 22 s in the next.  CaDiCaL manages 3,000-10,000 conflicts a second on the
# hardest puzzles here, so a stop or the deadline is noticed within about half a second.
SLICE_CONFLICTS = 2_000

# CaDiCaL's conflicts (over its calls for both solutions) before Kissat takes over in a helper
# process: every decided INDEX.csv puzzle needs far fewer (9-Dom, the most of the benchmark's,
# 1,800), Knotty and Faase far more; past this CaDiCaL's learned clauses had not helped them, and
# each 20,000 conflicts is 2-4 s of CPU before the symmetric search and Kissat start (the figures:
# docs/design/solver.md §3).
HANDOVER_CONFLICTS = 20_000


class _Search:
    """What every backend of one :func:`sat_states` call shares: the formula, the state it
    extends, and when to stop.  A plain class, as :class:`SatStats` is."""

    __slots__ = ("cnf", "base", "deadline", "should_stop", "progress")

    def __init__(
        self,
        cnf: Formula,
        base: GridState,
        deadline: float | None,
        should_stop: Callable[[], bool] | None,
        progress: ProgressCallback | None,
    ) -> None:
        self.cnf = cnf
        self.base = base
        self.deadline = deadline
        self.should_stop = should_stop
        self.progress = progress

    def check(self, found: list[GridState]) -> None:
        """Raise :class:`SatUnknown` with ``found`` when ``should_stop()`` is true or the
        deadline has passed."""
        reason = self._why_over()
        if reason is not None:
            raise SatUnknown(reason, found)

    def over(self) -> bool:
        """Whether ``should_stop()`` is true or the deadline has passed."""
        return self._why_over() is not None

    def _why_over(self) -> str | None:
        if self.should_stop is not None and self.should_stop():
            return "interrupted"
        if self.deadline is not None and time.perf_counter() > self.deadline:
            return "time limit"
        return None

    def report(self, message: str) -> None:
        """``progress`` with the share of cells the state decides (it stays that)."""
        if self.progress is not None:
            self.progress(self.base.known / self.base.total, message)

    def solution(self, model: list[int]) -> tuple[GridState, list[int]]:
        """:func:`_solution` of a CaDiCaL model (every variable, true ones positive)."""
        return _solution(self.cnf, self.base, [lit for lit in model if lit > 0])

    def keep_clauses(self, found: list[GridState]) -> None:
        """Make ``cnf.clauses`` hold every clause again when they went to CaDiCaL as they were
        made (``cnf.handed``): the same clauses, encoded again from the same state, for the
        searches past the handover that start new solvers from them.  ``found`` goes with
        :class:`SatUnknown` when it is stopped first."""
        if not self.cnf.handed:
            return
        again = encode(self.base, self.over)
        if again is None:
            self.check(found)
            raise SatUnknown("interrupted", found)
        self.cnf.clauses, self.cnf.handed = again.clauses, 0


class _Cadical:
    """CaDiCaL 1.9.5 through ``pysolvers``, python-sat's extension module, called as python-sat's
    ``pysat.solvers.Cadical195`` calls it.  Not through that class: ``pysat.solvers`` loads
    ``pysat.formula`` and with it decimal, gzip and more, 6 ms of a fresh process's first SAT
    search, which itself takes 1-20 ms on most puzzles (docs/design/solver.md §3, "The first
    search of a process").  And each budgeted call says it is not made from the main thread:
    from the main thread python-sat swaps in a Ctrl-C handler that jumps out of the solver,
    leaving it unusable and raising an exception that is not KeyboardInterrupt.  Told otherwise,
    it keeps the process's own handler, which runs when the slice is over (within its conflict
    budget)."""

    def __init__(self, clauses: Iterable[list[int]] = (), phases: list[int] | None = None) -> None:
        """A solver holding ``clauses``; ``phases`` (literals), when given, are the values it
        tries first."""
        pysolvers = self._api = _pysolvers()
        self._solver = pysolvers.cadical195_new()
        solver = self._solver
        if phases is not None:  # as python-sat's set_phases: the "lucky" phases would come first
            pysolvers.cadical195_set(solver, "lucky", 0)
        self.add_clauses(clauses)
        if phases is not None:
            pysolvers.cadical195_setphases(solver, phases)

    def add_clause(self, clause: list[int]) -> None:
        self._api.cadical195_add_cl(self._solver, clause)

    def add_clauses(self, clauses: Iterable[list[int]]) -> None:
        add, solver = self._api.cadical195_add_cl, self._solver
        for clause in clauses:
            add(solver, clause)

    def reserve(self, count: int) -> None:
        """Make room for variables ``1..count`` at once, before the first clause, through the
        one clause ``count or -count``, which CaDiCaL drops as a tautology once it has made
        room: python-sat has no call for CaDiCaL's ``reserve``.  Else it grows its tables,
        doubling, as each larger variable comes (TAAI icga2017 #4: 229 page faults taking the
        clauses instead of 159); its search is the same (the same conflicts and models on TAAI
        icga2017 #1-60)."""
        self._api.cadical195_add_cl(self._solver, [count, -count])

    def solve_limited(self, conflicts: int) -> bool | None:
        """Search for up to ``conflicts`` more conflicts: True (a model), False (none), None
        (the budget ran out first)."""
        self._api.cadical195_cbudget(self._solver, conflicts)
        status = self._api.cadical195_solve_lim(self._solver, [], 0)  # 0: not the main thread
        return None if status == 0 else status > 0

    def model(self) -> list[int]:
        """The last model found (None from the module when the formula has no variables)."""
        return self._api.cadical195_model(self._solver) or []

    def conflicts(self) -> int:
        """Conflicts over every call so far."""
        return self._api.cadical195_acc_stats(self._solver).get("conflicts", 0)

    def close(self) -> None:
        """Free the solver (once; later calls do nothing)."""
        if self._solver is not None:
            self._api.cadical195_del(self._solver, None)
            self._solver = None

    def __enter__(self) -> _Cadical:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _cadical_solutions(
    search: _Search, solver: _Cadical, limit: int, stats: SatStats
) -> list[GridState]:
    """Up to ``limit`` solutions from CaDiCaL (``solver``, holding ``search``'s formula), in
    slices of :data:`SLICE_CONFLICTS`; past :data:`HANDOVER_CONFLICTS` Kissat looks for the rest
    (when python-sat has it).  ``progress`` hears of the conflicts between slices, with the
    share of cells the state decides."""
    found: list[GridState] = []
    blocks: list[list[int]] = []
    handover: int | None = HANDOVER_CONFLICTS
    while len(found) < limit:
        answer = None
        while answer is None:
            search.check(found)
            if handover is not None and stats.conflicts >= handover:
                search.keep_clauses(found)
                earlier = len(blocks)
                found += symmetric_solutions(search, blocks, limit, found)
                if len(found) >= limit:
                    return found
                for blocking in blocks[earlier:]:  # CaDiCaL may go on: not those again
                    solver.add_clause(blocking)
                # Asked only here: the helper's module (subprocess, pickle, queue) is not
                # imported by the searches that never get this far, nearly all of them.
                from nonostudio.core import kissat_process

                if kissat_process.kissat_available():
                    stats.backend = "kissat"
                    kissat_search = probed(search, found)
                    if kissat_search is None:  # no solution but those found
                        return found
                    wanted = limit - len(found)
                    return found + kissat_solutions(*kissat_search, wanted, found)
                handover = None
            answer = solver.solve_limited(SLICE_CONFLICTS)
            stats.conflicts = solver.conflicts()
            if answer is None:
                search.report(f"SAT search (CaDiCaL): {stats.conflicts:,} conflicts")
        if not answer:
            break
        grid, blocking = search.solution(solver.model())
        found.append(grid)
        if limit - len(found) == 1 and (image := _twin(search.base, grid, found)) is not None:
            found.append(image)  # the solution reflected by a symmetry of the clues
            break
        if not blocking:
            break
        blocks.append(blocking)
        solver.add_clause(blocking)  # the next answer must differ somewhere
    return found


def _twin(base: GridState, solution: GridState, found: list[GridState]) -> GridState | None:
    """One more solution for nothing when the clues are symmetric and ``solution`` reflected is
    none of ``found`` (:func:`nonostudio.core.symmetry.twin`)."""
    if not _may_be_symmetric(base.puzzle):
        return None
    from nonostudio.core.symmetry import clue_symmetries, twin

    symmetries = clue_symmetries(base.puzzle)
    return twin(base, solution, symmetries, found) if symmetries else None


def _may_be_symmetric(puzzle: Puzzle) -> bool:
    """False when no reflection maps every clue of ``puzzle`` to itself, told from the clues of
    the first and last lines with any, without importing :mod:`nonostudio.core.symmetry` (0.2 ms
    of a fresh process's first search, docs/design/solver.md §3, "The first search of a
    process").  A reflection across the rows maps the first row with a clue to the last (the
    two clues then have one sum), one along them maps it to itself read backwards (a
    palindrome); likewise for the columns; a mirror is one of each, a half-turn across both."""
    rows_across, rows_along = _end_clues(puzzle.rows)
    cols_across, cols_along = _end_clues(puzzle.cols)
    return rows_across and (cols_across or cols_along) or (cols_across and rows_along)


def _end_clues(clues: tuple[tuple[int, ...], ...]) -> tuple[bool, bool]:
    """Whether the first and last non-empty clues have one sum, and whether the first is a
    palindrome (False, False when every clue is empty)."""
    filled = [clue for clue in clues if clue]
    if not filled:
        return False, False
    first = filled[0]
    return sum(first) == sum(filled[-1]), first == first[::-1]


def _solve_slice(solver: Any) -> bool | None:
    """One budgeted call of a python-sat ``Solver`` (the colour SAT stage's), made from a thread
    other than the main one.  Called from the
    main thread, python-sat swaps in a Ctrl-C handler that jumps out of the solver, leaving it
    unusable and raising an exception that is not KeyboardInterrupt (and the command line
    crashed on it).  From another thread it does not, so a Ctrl-C reaches the process's own
    handler once the slice is over, and the solver is not deleted while the slice runs."""
    if threading.current_thread() is not threading.main_thread():
        return solver.solve_limited()
    answer: list[bool | None] = []
    worker = threading.Thread(
        target=lambda: answer.append(solver.solve_limited()), name="cadical-slice"
    )
    worker.start()
    try:
        worker.join()
    except BaseException:
        while worker.is_alive():  # the slice ends within its conflict budget
            try:
                worker.join()
            except KeyboardInterrupt:
                pass
        raise
    return answer[0]


def _solution(cnf: Formula, base: GridState, true: list[int]) -> tuple[GridState, list[int]]:
    """The complete state of a model given by its true variables (``base`` with its undecided
    cells set), and the clause that excludes it."""
    value = bytearray(cnf.count + 1)
    for var in true:
        value[var] = 1
    blocking = [-var if value[var] else var for var in cnf.cells.values()]
    return _complete(base, [(rc, value[var]) for rc, var in cnf.cells.items()]), blocking


def _complete(base: GridState, cells: list[tuple[tuple[int, int], Any]]) -> GridState:
    """``base`` with each of ``cells``, its undecided cells as ``((row, column), filled)``,
    filled where ``filled`` is true and crossed elsewhere."""
    solved = base.copy()
    solved.cache = {}  # a finished state holds no line cache (it can be large)
    row_f, row_x, col_f, col_x = solved.row_f, solved.row_x, solved.col_f, solved.col_x
    for (r, c), filled in cells:
        if filled:
            row_f[r] |= 1 << c
            col_f[c] |= 1 << r
        else:
            row_x[r] |= 1 << c
            col_x[c] |= 1 << r
    solved.known += len(cells)
    return solved


# ---- past CaDiCaL's handover, and the z3 backend ------------------------------------------

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
