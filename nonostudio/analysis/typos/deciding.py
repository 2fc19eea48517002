"""Deciding many edited versions of one puzzle quickly: line logic with a line cache they share,
then one incremental SAT solver for them all.

Each edited puzzle differs from the typed one in one or two lines, so the line solves of the
others' lines are mostly the same ones: a shared cache (keyed as :class:`GridState`'s, with the
edited lines kept out) saves them.  Where line logic gets stuck, every line's clauses are in one
CaDiCaL instance, each guarded by a selector; an edited puzzle is a set of assumptions (the
selectors of its lines and the cells line logic decided), so the formula is encoded once and what
the solver learns carries over.  Without python-sat, the complete solver's SAT stage decides each
stuck puzzle on its own.

:meth:`EditDecider.one_more_typo` asks whether an edited puzzle without a solution would have one
if one more line's clue were left out: then the edit may be one of two typos.  Each line has a
"relaxed" variable (its clue holds, or it is relaxed, or it is the edited line) and at most one
is relaxed (a sequential counter behind a guard).
"""

from __future__ import annotations

import threading
import time
from typing import Any

from nonostudio.analysis.typos.edits import Edit, EditPair
from nonostudio.core.gridstate import Contradiction, GridState, LineCache
from nonostudio.core.line import Hints
from nonostudio.core.linesolver import placements
from nonostudio.core.order_encoding import Formula, encode_line
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Clues, Puzzle, min_length
from nonostudio.core.solver import Verdict

#: Conflicts per CaDiCaL call, between which the deadline and ``should_stop`` are asked.
SLICE_CONFLICTS = 2_000
#: The shared line cache is emptied past this many entries (a few hundred MB at most).
CACHE_ROOM = 1_000_000


class _SharedCache(LineCache):
    """The line cache of one edited puzzle: reads and writes go to ``store``, shared by all the
    edited puzzles, except for the ``edited`` lines, whose clue differs in this one."""

    def __init__(self, store: LineCache, edited: set[tuple[bool, int]]) -> None:
        super().__init__()
        self._store = store
        self._edited = edited

    def get(self, key: Any, default: Any = None) -> Any:
        if key[:2] in self._edited:
            return default
        return self._store.get(key, default)

    def __setitem__(self, key: tuple[bool, int, int, int], value: tuple[int, int]) -> None:
        if key[:2] not in self._edited:
            self._store[key] = value


class EditDecider:
    """The verdict of the clues ``rows``/``cols`` with one :class:`Edit` made, for many edits."""

    def __init__(self, rows: Clues, cols: Clues) -> None:
        self.rows = rows
        self.cols = cols
        self.height, self.width = len(rows), len(cols)
        self.store: LineCache = {}
        self._sat: _IncrementalSat | None = None
        self._sat_missing = False

    def decide(
        self,
        edit: Edit | EditPair,
        deadline: float | None,
        should_stop: StopCallback | None = None,
    ) -> tuple[Verdict, bool]:
        """The edited puzzle's verdict (UNDECIDED past ``deadline`` or once ``should_stop()``) and
        whether line logic alone solves it."""
        puzzle = Puzzle(*edit.apply(self.rows, self.cols))
        edited = {(axis == "row", index) for axis, index in edit.lines}
        if len(self.store) > CACHE_ROOM:
            self.store.clear()
        state = GridState(puzzle, _SharedCache(self.store, edited))
        try:
            state.propagate()
        except Contradiction:
            return Verdict.NO_SOLUTION, False
        if state.is_solved():
            return Verdict.UNIQUE_LINE, True
        state.cache = {}
        sat = self._incremental()
        if sat is None:
            return _alone(state, deadline, should_stop), False
        return sat.decide(edit, state, deadline, should_stop), False

    def _incremental(self) -> _IncrementalSat | None:
        if self._sat is None and not self._sat_missing:
            try:
                self._sat = _IncrementalSat(self.rows, self.cols)
            except ImportError:
                self._sat_missing = True
        return self._sat

    def one_more_typo(
        self, edit: Edit, deadline: float | None, should_stop: StopCallback | None = None
    ) -> bool | None:
        """Whether the edited puzzle has a solution once the clue of one more line (any) is left
        out; None when undecided in time or without python-sat."""
        sat = self._incremental()
        if sat is None:
            return None
        return sat.one_more_typo(edit, deadline, should_stop)

    def close(self) -> None:
        if self._sat is not None:
            self._sat.close()
            self._sat = None


def _alone(state: GridState, deadline: float | None, should_stop: StopCallback | None) -> Verdict:
    """The verdict from the complete solver's SAT stage on ``state`` alone."""
    from nonostudio.core.satsolver import SatUnknown, sat_solutions

    try:
        grids = sat_solutions(state, limit=2, deadline=deadline, should_stop=should_stop)
    except SatUnknown:
        return Verdict.UNDECIDED
    if not grids:
        return Verdict.NO_SOLUTION
    return Verdict.UNIQUE_SEARCH if len(grids) == 1 else Verdict.MULTIPLE


class _IncrementalSat:
    """One CaDiCaL holding every line's clauses behind a selector variable; cell ``(r, c)`` is
    variable ``r * width + c + 1`` (true: filled)."""

    def __init__(self, rows: Clues, cols: Clues) -> None:
        from pysat.solvers import Solver

        self.height, self.width = len(rows), len(cols)
        self.formula = Formula()
        self.formula.new_vars(self.height * self.width)
        self.solver = Solver(name="cadical195")
        self.selectors: dict[tuple[str, int, Hints], int] = {}
        self.base = {("row", r): self._selector("row", r, clue) for r, clue in enumerate(rows)}
        for c, clue in enumerate(cols):
            self.base["column", c] = self._selector("column", c, clue)
        # Line L holds its clue, or is relaxed, or is the edited line; at most one is relaxed
        # while the guard is assumed (one_more_typo).
        new = self.formula.new_vars
        self.relaxed = {line: new(1) for line in self.base}
        self.edited = {line: new(1) for line in self.base}
        for line, sel in self.base.items():
            self.solver.add_clause([sel, self.relaxed[line], self.edited[line]])
        self.one_relaxed = new(1)
        guard = -self.one_relaxed
        relax = list(self.relaxed.values())
        counts = [new(1) for _ in relax[:-1]]
        for i, x in enumerate(relax):
            if i < len(counts):
                self.solver.add_clause([guard, -x, counts[i]])
            if 0 < i:
                if i < len(counts):
                    self.solver.add_clause([guard, -counts[i - 1], counts[i]])
                self.solver.add_clause([guard, -x, -counts[i - 1]])

    def close(self) -> None:
        self.solver.delete()

    def _selector(self, axis: str, index: int, clue: Hints) -> int:
        """The selector of line ``index`` holding ``clue`` (its clauses added on first use)."""
        key = (axis, index, clue)
        sel = self.selectors.get(key)
        if sel is not None:
            return sel
        formula = self.formula
        sel = self.selectors[key] = formula.new_vars(1)
        w = self.width
        if axis == "row":
            n, cells = w, [index * w + c + 1 for c in range(w)]
        else:
            n, cells = self.height, [r * w + index + 1 for r in range(self.height)]
        starts = placements(clue, n, 0, 0) if clue else []
        start = len(formula.clauses)
        ok = starts is not None and min_length(clue) <= n
        if ok:
            ok = encode_line(formula, clue, starts or [], cells)
        for clause in formula.clauses[start:]:
            self.solver.add_clause([*clause, -sel])
        del formula.clauses[start:]
        if not ok:
            self.solver.add_clause([-sel])
        return sel

    def decide(
        self,
        edit: Edit | EditPair,
        state: GridState,
        deadline: float | None,
        should_stop: StopCallback | None,
    ) -> Verdict:
        lines = set(edit.lines)
        assumptions = [sel for line, sel in self.base.items() if line not in lines]
        for k, (axis, index) in enumerate(edit.lines):
            assumptions.append(self._selector(axis, index, edit.after[k]))
        w = self.width
        unknown: list[int] = []
        for r in range(self.height):
            f, x = state.row_f[r], state.row_x[r]
            for c in range(w):
                var = r * w + c + 1
                if f >> c & 1:
                    assumptions.append(var)
                elif x >> c & 1:
                    assumptions.append(-var)
                else:
                    unknown.append(var)
        first = self._solve(assumptions, deadline, should_stop)
        if first is None:
            return Verdict.UNDECIDED
        if not first:
            return Verdict.NO_SOLUTION
        model = self.solver.get_model()
        guard = self.formula.new_vars(1)
        self.solver.add_clause([-guard, *(-model[v - 1] for v in unknown)])
        second = self._solve([*assumptions, guard], deadline, should_stop)
        self.solver.add_clause([-guard])  # that blocking clause is for this puzzle only
        if second is None:
            return Verdict.UNDECIDED
        return Verdict.MULTIPLE if second else Verdict.UNIQUE_SEARCH

    def one_more_typo(
        self, edit: Edit, deadline: float | None, should_stop: StopCallback | None
    ) -> bool | None:
        lines = set(edit.lines)
        assumptions = [self.one_relaxed]
        for k, line in enumerate(edit.lines):
            assumptions += [
                self._selector(*line, edit.after[k]),
                self.edited[line],
                -self.relaxed[line],
            ]
        assumptions += [-var for line, var in self.edited.items() if line not in lines]
        return self._solve(assumptions, deadline, should_stop)

    def _solve(
        self, assumptions: list[int], deadline: float | None, should_stop: StopCallback | None
    ) -> bool | None:
        """Satisfiable under ``assumptions``; None when stopped or past ``deadline`` first."""
        while True:
            if should_stop is not None and should_stop():
                return None
            if deadline is not None and time.perf_counter() > deadline:
                return None
            self.solver.conf_budget(SLICE_CONFLICTS)
            answer = _off_main_thread(lambda: self.solver.solve_limited(assumptions=assumptions))
            if answer is not None:
                return bool(answer)


def _off_main_thread(call: Any) -> Any:
    """``call()`` on a helper thread when this is the main one: called from the main thread,
    python-sat swaps in a Ctrl-C handler that leaves the solver unusable (the same care as the
    complete solver's SAT stage, :mod:`nonostudio.core.satsolver`)."""
    if threading.current_thread() is not threading.main_thread():
        return call()
    answer: list[Any] = []
    worker = threading.Thread(target=lambda: answer.append(call()), name="typo-sat")
    worker.start()
    while worker.is_alive():
        try:
            worker.join()
        except KeyboardInterrupt:
            worker.join()
            raise
    return answer[0]
