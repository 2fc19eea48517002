"""The heuristic DFS and its network-started variants: a board that holds every clue whenever
one exists (against brute force), no board when none does, intuition steering the search to
the guessed solution, partial erase falling back to full erase, and the time limit."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from nonostudio.baselines.encoding import board_clues, is_solution
from nonostudio.baselines.heuristic import (
    VARIANTS,
    _Solver,
    partial_erase_keep,
    run_variant,
)
from nonostudio.baselines.network import Guess
from nonostudio.baselines.reflections import IDENTITY


def _guess_of(board: np.ndarray, rows, cols):
    def guess() -> Guess:
        return Guess(board, IDENTITY, is_solution(board, rows, cols), 0)

    return guess


def _all_boards(n: int) -> list[np.ndarray]:
    return [
        np.array(bits, dtype=np.uint8).reshape(n, n)
        for bits in itertools.product((0, 1), repeat=n * n)
    ]


@pytest.fixture(scope="module")
def solvable_clues() -> set:
    return {board_clues(b) for b in _all_boards(3)}


def test_every_variant_agrees_with_brute_force(solvable_clues) -> None:
    rng = np.random.default_rng(3)
    for _ in range(60):
        a, b = (rng.random((2, 3, 3)) < 0.5).astype(np.uint8)
        rows, cols = board_clues(a)[0], board_clues(b)[1]  # often no board has both
        exists = (rows, cols) in solvable_clues
        wrong = (rng.random((3, 3)) < 0.5).astype(np.uint8)
        for variant in VARIANTS:
            guess = None if variant == "H" else _guess_of(wrong, rows, cols)
            run = run_variant(variant, rows, cols, guess=guess, seed=1)
            assert run.solved == exists, (variant, rows, cols)
            if exists:
                assert is_solution(run.board, rows, cols)


@pytest.mark.parametrize("permutation", list(itertools.permutations(range(4))))
def test_intuition_finds_the_guessed_solution_among_many(permutation) -> None:
    board = np.zeros((4, 4), dtype=np.uint8)
    board[range(4), permutation] = 1  # every permutation matrix has the same clues
    rows, cols = board_clues(board)
    solver = _Solver(rows, cols, None, board, random.Random(0))
    found = solver.solve_from(solver.start())
    assert np.array_equal(found, board)
    assert solver.iterations == 4  # never backtracks: three branches and the answer


def test_a_right_guess_is_the_answer_and_a_near_one_is_finished_from_partial_erase() -> None:
    board = (np.random.default_rng(7).random((8, 8)) < 0.5).astype(np.uint8)
    rows, cols = board_clues(board)
    run = run_variant("NeHPF", rows, cols, guess=_guess_of(board, rows, cols))
    assert run.stage == "network" and run.iterations == 0
    near = board.copy()
    near[2, 3] ^= 1
    keep = partial_erase_keep(near, rows, cols)
    assert not keep[2].any() and not keep[:, 3].any() and keep.sum() == 49
    run = run_variant("NeHPF", rows, cols, guess=_guess_of(near, rows, cols))
    assert run.solved and run.stage == "partial" and is_solution(run.board, rows, cols)


def test_partial_erase_that_leads_nowhere_falls_back_to_full_erase() -> None:
    # Every row and column of 3x3 holds one cell.  Rows 0 and 1 and columns 0 and 1 of the
    # guess hold their clues, so partial erase keeps their four shared cells, all empty: rows 0
    # and 1 then both need column 2, which no solution has.
    rows = cols = ((1,), (1,), (1,))
    guess = np.array([[0, 0, 1], [0, 0, 1], [1, 1, 0]], dtype=np.uint8)
    keep = partial_erase_keep(guess, rows, cols)
    assert keep.sum() == 4 and keep[:2, :2].all()
    for variant in ("NeHPF", "NeHPFI", "Ne8HPF", "Ne8HPFI"):
        run = run_variant(variant, rows, cols, guess=_guess_of(guess, rows, cols))
        assert run.solved and run.stage == "full" and is_solution(run.board, rows, cols)


def test_the_time_limit_stops_the_search() -> None:
    board = (np.random.default_rng(5).random((15, 15)) < 0.5).astype(np.uint8)
    rows, cols = board_clues(board)
    run = run_variant("H", rows, cols, time_limit=1e-9)
    assert run.timed_out and not run.solved and run.stage == "timeout"


def test_an_unknown_variant_and_a_missing_network_are_said() -> None:
    with pytest.raises(ValueError, match="unknown variant 'X'"):
        run_variant("X", ((1,),), ((1,),))
    with pytest.raises(ValueError, match="NeHI variant needs a network"):
        run_variant("NeHI", ((1,),), ((1,),))
