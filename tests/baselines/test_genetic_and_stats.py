"""The GA's mutations and answers, the Weibull fit and the Wilcoxon test of the experiment, and
the NonoDataset reader's messages."""

from __future__ import annotations

import math

import numpy as np
import pytest

from nonostudio.baselines.encoding import board_clues, encode_clues, is_solution
from nonostudio.baselines.experiment import weibull_fit, wilcoxon
from nonostudio.baselines.genetic import _mutate, solve_genetic
from nonostudio.baselines.nonodataset import read_test_boards
from nonostudio.core.errors import PuzzleError, PuzzleFileError


def test_mutations_move_the_filled_count_towards_the_clues() -> None:
    rng = np.random.default_rng(0)
    pop = rng.random((300, 25)) < 0.4
    counts = pop.sum(axis=1)
    target = 10
    after = _mutate(pop, target, rng).sum(axis=1)
    assert (after[counts == target] == target).all()  # a move keeps the count
    below = counts < target
    assert (after[below] >= counts[below]).all() and (after[below] <= target).all()
    above = counts > target
    assert (after[above] <= counts[above]).all() and (after[above] >= target).all()
    assert (after != counts).any()


def test_the_ga_returns_only_boards_that_hold_the_clues() -> None:
    board = (np.random.default_rng(2).random((6, 6)) < 0.5).astype(np.uint8)
    rows, cols = board_clues(board)
    run = solve_genetic(rows, cols, board, population=50, iterations=5, seed=1)
    assert run.solved and is_solution(run.board, rows, cols)  # unmutated copies survive
    near = board.copy()
    near[0, 0] ^= 1
    near[3, 4] ^= 1
    run = solve_genetic(rows, cols, near, population=200, iterations=30, seed=1)
    assert run.iterations <= 30
    if run.solved:
        assert is_solution(run.board, rows, cols)
    else:
        assert run.board is None


def _discrete_weibull(alpha: float, beta: float, size: int, seed: int) -> np.ndarray:
    u = np.random.default_rng(seed).random(size)
    return np.maximum(np.ceil(alpha * (-np.log1p(-u)) ** (1 / beta)) - 1, 0).astype(int)


@pytest.mark.parametrize(("alpha", "beta"), [(3.4, 0.42), (18.5, 0.62), (0.5, 0.9)])
def test_weibull_fit_recovers_the_parameters(alpha: float, beta: float) -> None:
    fit = weibull_fit(_discrete_weibull(alpha, beta, 20000, seed=4))
    assert fit is not None
    assert fit[0] == pytest.approx(alpha, rel=0.15) and fit[1] == pytest.approx(beta, rel=0.15)
    assert weibull_fit([0, 0, 0]) is None


def test_wilcoxon_matches_the_textbook_computation() -> None:
    a = [1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30]
    b = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29]
    result = wilcoxon(a, b)
    # Hollander & Wolfe's depression example: two negative differences, -0.08 and -0.147,
    # ranked 2 and 3 of the nine magnitudes, so W- = 5 = min(W+, W-) and b is the smaller.
    assert result["pairs"] == 9 and result["W"] == 5.0 and result["smaller"] == "second"
    z = (5 - 9 * 10 / 4) / math.sqrt(9 * 10 * 19 / 24)
    assert result["p_value"] == pytest.approx(math.erfc(abs(z) / math.sqrt(2)))
    assert wilcoxon([1, 2], [1, 2])["p_value"] == 1.0


def _write_pair(tmp_path, x: np.ndarray, y: np.ndarray) -> tuple:
    np.savez(tmp_path / "x.npz", x)
    np.savez(tmp_path / "y.npz", y)
    return tmp_path / "x.npz", tmp_path / "y.npz"


def test_the_reader_gives_puzzles_and_boards(tmp_path) -> None:
    boards = (np.random.default_rng(1).random((4, 5, 5)) < 0.5).astype(np.uint8)
    x = np.stack([encode_clues(*board_clues(b)) for b in boards])
    test = read_test_boards(*_write_pair(tmp_path, x, boards.reshape(4, 25)))
    assert test.n == 5 and len(test.puzzles) == 4
    assert all(is_solution(b, *p) for b, p in zip(test.boards, test.puzzles, strict=True))
    assert len(test.head(2).puzzles) == 2


def test_the_reader_names_the_file_and_the_line(tmp_path) -> None:
    boards = np.zeros((3, 25), dtype=np.uint8)
    x = np.zeros((3, 30), dtype=np.uint8)
    x[1, 5 * 3 + 1 : 5 * 3 + 3] = (3, 3)  # row 6 is a column: column 1 "3 3" on line 2
    with pytest.raises(
        PuzzleError, match=r"x.npz, line 2 \(column 1's clue\): clue 3 3 cannot fit"
    ):
        read_test_boards(*_write_pair(tmp_path, x, boards))
    with pytest.raises(PuzzleError, match=r"3 clue vectors but 2 boards"):
        read_test_boards(*_write_pair(tmp_path, np.zeros((3, 30)), np.zeros((2, 25))))
    with pytest.raises(PuzzleError, match=r"expected 30 for 5x5"):
        read_test_boards(*_write_pair(tmp_path, np.zeros((3, 20)), np.zeros((3, 25))))
    with pytest.raises(PuzzleFileError, match="no such file"):
        read_test_boards(tmp_path / "missing.npz", tmp_path / "y.npz")
