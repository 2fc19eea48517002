"""CaDiCaL takes the clauses a line at a time as the encoding makes them: the clauses it gets are
the formula's, in the same order, with the number of variables told first; telling it that
leaves its search as it was; and the searches past the handover get every clause back."""

from __future__ import annotations

import numpy as np
import pytest

from nonostudio.core import order_encoding, satsolver
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.order_encoding import encode
from nonostudio.core.puzzle import Puzzle


class _Recorder:
    """A sink that keeps what it is handed, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int | list[list[int]]]] = []

    def reserve(self, count: int) -> None:
        self.calls.append(("reserve", count))

    def add_clauses(self, clauses: list[list[int]]) -> None:
        self.calls.append(("clauses", [list(clause) for clause in clauses]))

    def clauses(self) -> list[list[int]]:
        """Every clause handed, in order."""
        return [clause for _, got in self.calls if isinstance(got, list) for clause in got]


def _states(seed: int, count: int) -> list[GridState]:
    """Line logic's states of random pictures, some with a few cells then set at random (for or
    against the picture: some of those states have no solution)."""
    rng = np.random.default_rng(seed)
    states: list[GridState] = []
    while len(states) < count:
        height, width = rng.integers(2, 16, size=2)
        picture = np.where(rng.random((height, width)) < rng.uniform(0.3, 0.7), FILLED, CROSSED)
        state = GridState(Puzzle.from_grid(picture.astype(np.int8)).without_goal())
        try:
            state.propagate()
        except Contradiction:
            continue
        if rng.random() < 0.5:
            for _ in range(rng.integers(1, 4)):
                r, c = int(rng.integers(height)), int(rng.integers(width))
                if state.get(r, c) not in (FILLED, CROSSED):
                    state.set_cell(r, c, FILLED if rng.random() < 0.5 else CROSSED)
        states.append(state)
    return states


def test_a_sink_gets_the_formulas_clauses_in_order_after_the_variable_count():
    kinds = set()
    for state in _states(seed=3, count=150):
        kept = encode(state)
        sink = _Recorder()
        streamed = encode(state, sink=sink)
        assert kept is not None and streamed is not None
        assert streamed.clauses == [] and streamed.handed == len(kept.clauses)
        assert (streamed.count, streamed.cells) == (kept.count, kept.cells)
        assert streamed.unsatisfiable == kept.unsatisfiable
        names = [name for name, _ in sink.calls]
        if kept.count:
            assert names[0] == "reserve" and sink.calls[0][1] == kept.count
            assert names.count("reserve") == 1
        else:
            assert "reserve" not in names
        assert sink.clauses() == kept.clauses
        kinds.add((kept.unsatisfiable, bool(kept.clauses)))
        # The searches past the handover get every clause back, encoded again.
        search = satsolver._Search(streamed, state, None, None, None)
        search.keep_clauses([])
        assert (streamed.clauses, streamed.handed) == (kept.clauses, 0)
    assert kinds == {(False, True), (False, False), (True, True)}  # all were met


def _search(
    clauses: list[list[int]], count: int, cells: set[int], reserve: bool
) -> tuple[list[list[int]], int]:
    """CaDiCaL's first three models (each blocked in turn) and its conflicts."""
    with satsolver._Cadical() as solver:
        if reserve and count:
            solver.reserve(count)
        solver.add_clauses(clauses)
        models: list[list[int]] = []
        while len(models) < 3 and solver.solve_limited(10_000):
            model = solver.model()
            models.append(model)
            solver.add_clause([-lit for lit in model if abs(lit) in cells])
        return models, solver.conflicts()


@pytest.mark.skipif(satsolver.sat_backend() != "cadical", reason="needs python-sat")
def test_reserving_the_variables_leaves_cadicals_search_the_same():
    conflicts = 0
    for state in _states(seed=8, count=60):
        formula = encode(state)
        assert formula is not None
        clauses, count, cells = formula.clauses, formula.count, set(formula.cells.values())
        plain = _search(clauses, count, cells, reserve=False)
        reserved = _search(clauses, count, cells, reserve=True)
        assert reserved == plain
        conflicts += plain[1]
    assert conflicts > 20  # the searches had choices to make


def _long_lines() -> GridState:
    """A blank state of a random 2x300 picture: its rows have about 60 blocks and 300 cells
    (past the 256 cells after which a line asks should_stop()), thousands of clauses each."""
    rng = np.random.default_rng(5)
    picture = np.where(rng.random((2, 300)) < 0.7, FILLED, CROSSED).astype(np.int8)
    return GridState(Puzzle.from_grid(picture).without_goal())


class _StopAfterReserve(_Recorder):
    """A sink whose ``stop()`` turns true at its ``checks``-th call after the variable count
    was told (the first is the one before the first line)."""

    def __init__(self, checks: int) -> None:
        super().__init__()
        self.checks = checks
        self.after = 0

    def stop(self) -> bool:
        if self.calls:
            self.after += 1
        return self.after >= self.checks


def test_a_long_line_asks_should_stop_part_way():
    # A 2000x2000 puzzle's line took 0.7-0.9 s to encode and its 330,000 clauses 0.2 s more to
    # hand over, neither asking should_stop(): 'check --time-limit 5' returned after 9.7 s.
    sink = _StopAfterReserve(checks=2)
    assert encode(_long_lines(), sink.stop, sink) is None
    assert sink.after == 2  # asked once more after the first line's start, then no more
    assert [name for name, _ in sink.calls] == ["reserve"]  # stopped inside the first line


def test_a_long_lines_clauses_are_handed_over_in_chunks_asking_between(monkeypatch):
    state = _long_lines()
    whole = encode(state)
    assert whole is not None
    monkeypatch.setattr(order_encoding, "HAND_CHUNK", 1000)
    monkeypatch.setattr(order_encoding, "LINE_CHECK", 1 << 20)  # no stop inside the line
    sink = _StopAfterReserve(checks=3)  # before the line, its first chunk, its second
    assert encode(state, sink.stop, sink) is None
    assert [name for name, _ in sink.calls] == ["reserve", "clauses"]
    assert sink.clauses() == whole.clauses[:1000]  # the first chunk, in order
    # not stopped: the same clauses in the same order, whatever the chunks
    sink = _Recorder()
    streamed = encode(state, None, sink)
    assert streamed is not None and sink.clauses() == whole.clauses
    assert streamed.handed == len(whole.clauses) and streamed.clauses == []
