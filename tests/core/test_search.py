"""Probing and search (core.search): the state a stopped probe leaves behind is a sound deduction,
the search order still finds every solution it should, and budgets stop the search."""

from __future__ import annotations

import random

import numpy as np
import pytest

from nonostudio.core import satsolver
from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.search import Search, SearchStopped, SolveStats


def _random_puzzle(size: int, seed: int, density: float = 0.5) -> Puzzle:
    rng = random.Random(seed)
    grid = np.array(
        [[FILLED if rng.random() < density else CROSSED for _ in range(size)] for _ in range(size)],
        dtype=np.int8,
    )
    return Puzzle.from_grid(grid)


def _search() -> Search:
    return Search(None, None, None, SolveStats())


def _agrees_with_all(state: GridState, solutions: list[np.ndarray]) -> bool:
    """Every cell ``state`` decides has that value in every solution."""
    grid = state.to_grid()
    decided = grid != UNKNOWN
    return all(bool(np.all(s[decided] == grid[decided])) for s in solutions)


@pytest.mark.parametrize("seed", range(8))
def test_a_probe_stopped_by_its_budget_leaves_a_sound_state(seed):
    puzzle = _random_puzzle(12, seed)
    root = GridState(puzzle)
    root.propagate()
    solutions = satsolver.sat_solutions(root, limit=1000)
    assert solutions  # made from a picture
    search = _search()
    search.phase_limit = search.stats.line_solves + 40  # spent within the first few probes
    try:
        search.probe(root.copy())
    except SearchStopped as stop:
        assert stop.reason == "budget"
    assert search.latest is not None
    assert search.latest.known >= root.known
    assert _agrees_with_all(search.latest, solutions)


def test_latest_moves_on_when_probing_forces_cells():
    # some seed's root probing decides cells beyond line logic before it is stopped
    progressed = 0
    for seed in range(30):
        puzzle = _random_puzzle(15, seed)
        root = GridState(puzzle)
        root.propagate()
        if root.is_solved():
            continue
        search = _search()
        probed, _ = search.probe(root.copy())
        assert search.latest is probed
        progressed += probed.known > root.known
    assert progressed > 0


@pytest.mark.parametrize("seed", range(10))
def test_search_finds_a_second_solution_whenever_there_is_one(seed):
    # small sparse pictures often have several solutions, dense ones one: the search must find a
    # second one whenever SAT's enumeration has one, and none that SAT does not know
    puzzle = _random_puzzle(9, 100 + seed, density=0.35 if seed % 2 else 0.65)
    root = GridState(puzzle)
    root.propagate()
    every = {g.tobytes() for g in satsolver.sat_solutions(root, limit=1000)}
    search = _search()
    probed, _ = search.probe(root.copy())
    if probed.is_solved():
        search.found(probed)
    else:
        search.run(probed)
    found = {s.to_grid().tobytes() for s in search.solutions.values()}
    assert found <= every
    if len(every) >= 2:
        assert len(found) >= 2
    else:
        assert found == every


def _domino(n: int) -> Puzzle:
    """Josh Greifer's domino pattern: unique, and its search runs to thousands of line solves."""
    rows = [(3,), (1,)] + [(3, 1), (1,)] * (n - 1) + [(1,)]
    cols = [(1,)] + [(1,), (1, 3)] * (n - 1) + [(1,), (3,)]
    return Puzzle(tuple(rows), tuple(cols))


def test_run_stops_at_its_budget():
    root = GridState(_domino(6))
    root.propagate()
    search = _search()
    probed, _ = search.probe(root.copy())
    assert not probed.is_solved()
    search.phase_limit = search.stats.line_solves + 300
    with pytest.raises(SearchStopped) as stopped:
        search.run(probed)
    assert stopped.value.reason == "budget"
    assert search.stats.line_solves < search.phase_limit + 300  # checked every 16 probes
