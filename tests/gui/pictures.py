"""Small pictures the GUI tests draw puzzles from: ``picture("#.", ".#")`` and the 5x5 house."""

from __future__ import annotations

import numpy as np

from nonostudio.core.puzzle import Puzzle


def picture(*rows: str) -> np.ndarray:
    """The cells of ``rows`` (``#`` filled, anything else empty) as an int8 array."""
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.int8)


# A 5x5 "house": line-solvable, small enough that every test runs in a blink.
HOUSE_ROWS = ("..#..", ".###.", "#####", "#...#", "#.###")
HOUSE = Puzzle.from_grid(picture(*HOUSE_ROWS), title="house")
