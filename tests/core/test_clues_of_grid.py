"""clues_of_grid (vectorised) agrees with clue_of, the cell-by-cell definition, on every shape."""

from __future__ import annotations

import numpy as np

from nonostudio.core.line import clue_of
from nonostudio.core.puzzle import clues_of_grid


def test_clues_of_grid_agrees_with_clue_of_line_by_line() -> None:
    rng = np.random.default_rng(11)
    for _ in range(2000):
        height, width = (int(n) for n in rng.integers(1, 10, 2))
        grid = rng.integers(0, 3, (height, width)).astype(np.int8)  # unknown, filled, crossed
        rows, cols = clues_of_grid(grid)
        assert rows == tuple(clue_of(row) for row in grid)
        assert cols == tuple(clue_of(col) for col in grid.T)


def test_clues_of_grid_edges() -> None:
    full = np.ones((2, 3), dtype=np.int8)
    assert clues_of_grid(full) == (((3,), (3,)), ((2,), (2,), (2,)))
    empty = np.zeros((2, 2), dtype=np.int8)
    assert clues_of_grid(empty) == (((), ()), ((), ()))
