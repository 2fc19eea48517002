"""Start pictures for generating: a random picture of a given density, or a picture (any grid)
fitted to the puzzle's size with the image import's thresholding."""

from __future__ import annotations

import numpy as np

from nonostudio.core.formats.image import grid_from_pixels
from nonostudio.core.line import CROSSED, FILLED


def random_grid(rng: np.random.Generator, width: int, height: int, density: float) -> np.ndarray:
    """A ``(height, width)`` picture whose cells are FILLED with probability ``density``."""
    return np.where(rng.random((height, width)) < density, FILLED, CROSSED).astype(np.int8)


def grid_from_picture(picture: np.ndarray, width: int, height: int) -> np.ndarray:
    """``picture`` (a grid, FILLED where dark, or 8-bit pixels: grey, RGB or RGBA) fitted to
    ``width`` x ``height`` cells by averaging (the image import's box filter)."""
    p = np.asarray(picture)
    if p.dtype != np.uint8:  # a grid of cells: filled is dark
        p = np.where(p == FILLED, 0, 255).astype(np.uint8)
    return grid_from_pixels(p, width, height)
