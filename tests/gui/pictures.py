"""Pictures the GUI tests draw puzzles from: ``picture("#.", ".#")``, the 5x5 house, and a big
colour puzzle that scrolls (``big_colour_puzzle``)."""

from __future__ import annotations

import numpy as np

from nonostudio.core.colour.model import (
    WHITE,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.puzzle import Puzzle


def picture(*rows: str) -> np.ndarray:
    """The cells of ``rows`` (``#`` filled, anything else empty) as an int8 array."""
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.int8)


# A 5x5 "house": line-solvable, small enough that every test runs in a blink.
HOUSE_ROWS = ("..#..", ".###.", "#####", "#...#", "#.###")
HOUSE = Puzzle.from_grid(picture(*HOUSE_ROWS), title="house")


COLOURS = Palette(
    (
        WHITE,
        Colour("red", "#d62728", "r"),
        Colour("blue", "#1f77b4", "b"),
        Colour("gold", "#e8c000", "g"),
    )
)


def big_colour_puzzle(height: int = 40, width: int = 40, seed: int = 5) -> ColourPuzzle:
    """A random picture of 4x4 blocks in ``COLOURS``: at most 10 clues a line, too big for a view
    to show whole at once."""
    rng = np.random.default_rng(seed)
    blocks = rng.integers(0, len(COLOURS), size=(height // 4, width // 4))
    cells = np.kron(blocks, np.ones((4, 4), dtype=int))  # 4x4 blocks: at most 10 clues a line
    rows, cols = clues_of_colour_grid(cells.tolist())
    return ColourPuzzle(COLOURS, rows, cols, title=f"colour {width}x{height}")
