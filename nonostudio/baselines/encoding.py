"""The network's vectors: a square puzzle's clues as the paper's input vector (every clue padded
with leading zeros to ``(n + 1) // 2`` numbers, rows top to bottom then columns left to right)
and a board as ``n * n`` bits, row by row; and the checks a board is held to (its clues)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nonostudio.core.puzzle import Clues, clues_of_grid

Board = np.ndarray  # (n, n) uint8 of 0 (empty) and 1 (filled)


def slots(n: int) -> int:
    """Numbers per clue in the input vector: the longest clue of a line of ``n`` cells."""
    return (n + 1) // 2


def input_size(n: int) -> int:
    return 2 * n * slots(n)


def encode_clues(rows: Clues, cols: Clues) -> np.ndarray:
    """The input vector (uint8) of a square puzzle's clues.

    Raises ValueError naming the clue when the puzzle is not square or a clue cannot fit.
    """
    n = len(rows)
    if len(cols) != n:
        raise ValueError(f"the networks read square puzzles; this one is {len(cols)}x{n}")
    k = slots(n)
    out = np.zeros((2 * n, k), dtype=np.uint8)
    for i, (kind, clue) in enumerate([("row", c) for c in rows] + [("column", c) for c in cols]):
        if len(clue) > k or sum(clue) + len(clue) - 1 > n:
            number = i + 1 if i < n else i - n + 1
            raise ValueError(
                f"{kind} {number} clue {' '.join(map(str, clue))} cannot fit {n} cells"
            )
        if clue:
            out[i, k - len(clue) :] = clue
    return out.reshape(-1)


def decode_clues(vector: Sequence[int] | np.ndarray, n: int) -> tuple[Clues, Clues]:
    """The row and column clues of an input vector (the inverse of :func:`encode_clues`)."""
    lines = np.asarray(vector, dtype=np.int64).reshape(2 * n, slots(n))
    clues = tuple(tuple(int(v) for v in line if v) for line in lines)
    return clues[:n], clues[n:]


def board_clues(board: Board) -> tuple[Clues, Clues]:
    """Row and column clues of a 0/1 board."""
    return clues_of_grid(np.asarray(board, dtype=np.int8))


def is_solution(board: Board, rows: Clues, cols: Clues) -> bool:
    """Whether ``board`` satisfies every clue (any board that does counts, not only the one the
    puzzle was made from: many of these puzzles have several solutions)."""
    got_rows, got_cols = board_clues(board)
    return got_rows == tuple(rows) and got_cols == tuple(cols)


def wrong_lines(board: Board, rows: Clues, cols: Clues) -> tuple[list[int], list[int]]:
    """The rows and the columns of ``board`` that break their clues."""
    got_rows, got_cols = board_clues(board)
    return (
        [i for i, (a, b) in enumerate(zip(got_rows, rows, strict=True)) if a != tuple(b)],
        [j for j, (a, b) in enumerate(zip(got_cols, cols, strict=True)) if a != tuple(b)],
    )
