"""Probing with line logic: it decides only cells every solution shares, finds what line logic
misses, says when a state has no solution, and the SAT stage probes before Kissat."""

from __future__ import annotations

import random

import numpy as np
import pytest
from test_solver import _domino, _random_puzzle

from nonostudio.core import kissat_process, satsolver
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import UNKNOWN
from nonostudio.core.probing import probe
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.satsolver import sat_solutions
from nonostudio.core.solver import Verdict, solve


def test_probing_decides_what_line_logic_cannot():
    puzzle = _domino(4)
    state = GridState(puzzle)
    state.propagate()
    assert state.known == 0  # line logic is stuck at once
    probed = probe(state)
    assert probed is not None and probed.is_solved()
    assert puzzle.is_solution(probed.to_grid())
    assert state.known == 0  # the state probed is left as it was


def _random_clues(seed: int) -> Puzzle:
    """The clues of a random 6x6 picture; with every third seed two rows' clues swapped, which
    often leaves no solution, or other ones."""
    rng = random.Random(seed)
    puzzle = _random_puzzle(rng, 6, 6, 0.55).without_goal()
    if seed % 3 == 0:
        rows = list(puzzle.rows)
        i, j = rng.sample(range(6), 2)
        rows[i], rows[j] = rows[j], rows[i]
        puzzle = Puzzle(tuple(rows), puzzle.cols)
    return puzzle


@pytest.mark.parametrize("seed", range(40))
def test_probing_decides_only_what_every_solution_shares(seed):
    puzzle = _random_clues(seed)
    state = GridState(puzzle)
    try:
        state.propagate()
    except Contradiction:  # line logic alone finds no solution: nothing to probe
        return
    solutions = sat_solutions(state, limit=10_000)
    probed = probe(state)
    if not solutions:
        return  # None or not: probing cannot always tell
    assert probed is not None
    grid = probed.to_grid()
    decided = grid != UNKNOWN
    for solution in solutions:
        assert np.array_equal(solution[decided], grid[decided])


def test_probing_finds_a_state_without_solution():
    """Clues with no solution that line logic alone does not refute (a random 5x5 picture's
    with two rows' clues swapped): probing does."""
    rows = ((1, 2), (1, 1), (1, 1), (1, 1), (1,))
    cols = ((2,), (1,), (1, 1), (1, 2), (1, 1))
    state = GridState(Puzzle(rows, cols))
    state.propagate()
    assert not state.is_solved() and sat_solutions(state) == []
    assert probe(state) is None


@pytest.mark.skipif(not kissat_process.kissat_available(), reason="python-sat without Kissat")
@pytest.mark.usefixtures("no_small_search")  # not decided by the small search first
def test_the_sat_stage_probes_before_kissat(monkeypatch):
    """Past CaDiCaL's budget the state is probed before Kissat: 4-Dom, which line logic leaves
    blank, is then decided without a search."""
    monkeypatch.setattr(satsolver, "HANDOVER_CONFLICTS", 0)
    heard: list[str] = []
    res = solve(_domino(4), time_limit=60, progress=lambda _share, message: heard.append(message))
    assert res.verdict is Verdict.UNIQUE_SEARCH and res.solution is not None
    assert _domino(4).is_solution(res.solution)
    assert any("probing" in message for message in heard)
