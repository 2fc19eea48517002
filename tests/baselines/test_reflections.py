"""The eight reflections map a board's clues exactly as they map the board, undo themselves and
are eight different maps; the encoding is the paper's (leading zeros, rows then columns)."""

from __future__ import annotations

import numpy as np
import pytest

from nonostudio.baselines.encoding import (
    board_clues,
    decode_clues,
    encode_clues,
    is_solution,
    wrong_lines,
)
from nonostudio.baselines.reflections import IDENTITY, REFLECTIONS


def _boards(n: int, count: int, seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [(rng.random((n, n)) < 0.5).astype(np.uint8) for _ in range(count)]


@pytest.mark.parametrize("reflection", REFLECTIONS, ids=lambda r: r.name)
def test_reflected_clues_are_the_reflected_boards_clues(reflection) -> None:
    for board in _boards(7, 20, 1):
        rows, cols = board_clues(board)
        assert reflection.clues(rows, cols) == board_clues(reflection.board(board))
        assert np.array_equal(reflection.undo_board(reflection.board(board)), board)


def test_eight_different_reflections() -> None:
    board = np.zeros((4, 4), dtype=np.uint8)
    board[0, :3] = 1
    board[1, 0] = 1  # no symmetry at all
    images = {r.board(board).tobytes() for r in REFLECTIONS}
    assert len(images) == 8
    assert IDENTITY.name == "id"


def test_encoding_pads_with_leading_zeros_rows_first() -> None:
    rows = ((3, 2, 3), (10,), (), (1, 1, 1, 1, 1), (2,), (1,), (1,), (1,), (1,), (1,))
    cols = ((1,),) * 10
    vector = encode_clues(rows, cols)
    assert vector.shape == (100,)
    assert vector[:5].tolist() == [0, 0, 3, 2, 3]
    assert vector[5:10].tolist() == [0, 0, 0, 0, 10]
    assert vector[10:15].tolist() == [0] * 5
    assert decode_clues(vector, 10) == (rows, cols)


def test_a_clue_that_cannot_fit_is_named() -> None:
    with pytest.raises(ValueError, match="column 2 clue 3 3"):
        encode_clues(((1,), (1,), (1,), (1,), (1,)), ((1,), (3, 3), (1,), (1,), (1,)))


def test_solution_check_accepts_any_board_with_the_clues() -> None:
    diagonal = np.eye(3, dtype=np.uint8)
    anti = diagonal[::-1].copy()
    rows, cols = board_clues(diagonal)
    assert is_solution(anti, rows, cols)  # another solution of the same clues
    broken = diagonal.copy()
    broken[0, 2] = 1
    assert not is_solution(broken, rows, cols)
    assert wrong_lines(broken, rows, cols) == ([0], [2])
