"""Pictures to colour grids (numpy only): each cell's average colour, quantised to a few colours.

:func:`colour_puzzle_from_pixels` is the colour mode of the image import: the picture is reduced
to one average colour per cell (the box filter of :mod:`nonostudio.core.formats.image`), the
background is the most common colour of the border cells (or white), and the other cells are
grouped into at most ``k - 1`` colours by k-means with the background's centre held fixed.
Everything is deterministic: the first centres are chosen farthest-first from the background,
ties go to the lower index, and the colours are numbered by how many cells they cover.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from nonostudio.core.colour.model import (
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._common import MAX_SIZE
from nonostudio.core.formats.image import _weights

#: The fewest and most colours of a quantised picture, the background included.
MIN_COLOURS = 2
MAX_COLOURS = 8
#: How the background is found: the most common colour of the border cells, or white.
Background = Literal["border", "white"]
#: Lloyd iterations at most (a few cells' colours converge in far fewer).
ITERATIONS = 30

#: Names given to the quantised colours: the nearest of these (then "red 2", ... when taken).
NAMED = (
    ("white", (255, 255, 255)),
    ("black", (0, 0, 0)),
    ("grey", (128, 128, 128)),
    ("silver", (192, 192, 192)),
    ("red", (220, 40, 40)),
    ("maroon", (128, 0, 0)),
    ("orange", (255, 140, 0)),
    ("yellow", (250, 220, 40)),
    ("olive", (128, 128, 0)),
    ("green", (40, 160, 60)),
    ("lime", (150, 230, 60)),
    ("teal", (0, 128, 128)),
    ("cyan", (60, 210, 230)),
    ("blue", (40, 80, 220)),
    ("navy", (0, 0, 128)),
    ("purple", (128, 50, 160)),
    ("magenta", (230, 60, 200)),
    ("pink", (250, 170, 190)),
    ("brown", (140, 80, 30)),
    ("beige", (235, 220, 180)),
)
_SPARE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


@dataclass(frozen=True)
class Quantised:
    """A picture quantised to a few colours: the grid of palette indices (0 the background) and
    each index's colour as ``(r, g, b)`` in 0..255."""

    grid: np.ndarray
    colours: tuple[tuple[int, int, int], ...]


def cell_colours(pixels: np.ndarray, width: int, height: int) -> np.ndarray:
    """The ``(height, width, 3)`` average colour (0..1) of each cell's area; transparent pixels
    count as white, a grey picture as its grey."""
    if not (1 <= width <= MAX_SIZE and 1 <= height <= MAX_SIZE):
        raise PuzzleError(f"grid size must be between 1 and {MAX_SIZE}, found {width}x{height}")
    p = np.asarray(pixels)
    if p.dtype != np.uint8:
        raise PuzzleError(f"expected 8-bit pixels (uint8), found {p.dtype}")
    f = p.astype(np.float64) / 255.0
    if f.ndim == 2:
        f = np.repeat(f[..., None], 3, axis=2)
    elif f.ndim == 3 and f.shape[2] == 4:
        alpha = f[..., 3:4]
        f = f[..., :3] * alpha + (1.0 - alpha)
    elif not (f.ndim == 3 and f.shape[2] == 3):
        raise PuzzleError(
            f"expected an (H, W), (H, W, 3) or (H, W, 4) image, found shape {p.shape}"
        )
    if f.shape[0] == 0 or f.shape[1] == 0:
        raise PuzzleError("the image is empty")
    rows, cols = _weights(height, f.shape[0]), _weights(width, f.shape[1])
    planes = np.ascontiguousarray(f.transpose(2, 0, 1))  # one contiguous plane per channel
    return np.stack([rows @ plane @ cols.T for plane in planes], axis=2)


def border_colour(cells: np.ndarray) -> np.ndarray:
    """The most common colour of the border cells (colours within 1/16 of a channel count as
    one; ties go to the colour met first, clockwise from the top left), as their average."""
    h, w, _ = cells.shape
    border = np.concatenate(
        [cells[0, :], cells[1:, w - 1], cells[h - 1, : w - 1][::-1], cells[1 : h - 1, 0][::-1]]
    )
    keys = np.round(border * 16).astype(np.int64)
    codes = keys[:, 0] * 10_000 + keys[:, 1] * 100 + keys[:, 2]
    values, first, counts = np.unique(codes, return_index=True, return_counts=True)
    best = max(range(len(values)), key=lambda i: (counts[i], -first[i]))
    return np.asarray(border[codes == values[best]].mean(axis=0))


def quantise(cells: np.ndarray, k: int, background: Background = "border") -> Quantised:
    """The cells' colours grouped into at most ``k`` colours, the background among them."""
    if not MIN_COLOURS <= k <= MAX_COLOURS:
        raise PuzzleError(
            f"the number of colours must be between {MIN_COLOURS} and {MAX_COLOURS} "
            f"(the background included), found {k}"
        )
    h, w, _ = cells.shape
    points = cells.reshape(-1, 3)
    ground = border_colour(cells) if background == "border" else np.ones(3)
    centres = [ground]
    distance = np.sum((points - ground) ** 2, axis=1)
    for _ in range(k - 1):  # farthest first: deterministic and spread over the picture
        far = int(np.argmax(distance))
        if distance[far] <= 1e-9:
            break  # every cell is one of the centres already
        centres.append(points[far].copy())
        distance = np.minimum(distance, np.sum((points - points[far]) ** 2, axis=1))
    centre = np.array(centres)
    labels = np.zeros(len(points), dtype=np.int64)
    channels = [np.ascontiguousarray(points[:, i]) for i in range(3)]
    for _ in range(ITERATIONS):
        labels = _nearest(channels, centre)
        moved = centre.copy()
        counts = np.bincount(labels, minlength=len(centre))
        sums = np.stack([np.bincount(labels, points[:, i], len(centre)) for i in range(3)], axis=1)
        for c in range(1, len(centre)):  # the background's centre stays where it was found
            if counts[c]:
                moved[c] = sums[c] / counts[c]
        if np.allclose(moved, centre):
            break
        centre = moved
    counts = np.bincount(labels, minlength=len(centre))
    used = sorted((c for c in range(1, len(centre)) if counts[c]), key=lambda c: (-counts[c], c))
    index = np.zeros(len(centre), dtype=np.int64)
    for new, old in enumerate(used, 1):
        index[old] = new
    grid = index[labels].reshape(h, w)
    rgb = [ground, *(centre[c] for c in used)]
    colours = tuple(
        (int(round(r * 255)), int(round(g * 255)), int(round(b * 255))) for r, g, b in rgb
    )
    return Quantised(grid.astype(np.int8), colours)


def _nearest(channels: list[np.ndarray], centre: np.ndarray) -> np.ndarray:
    """The index of the nearest centre of each point (given as its three channel columns; the
    lower index on a tie)."""
    best = np.full(len(channels[0]), np.inf)
    labels = np.zeros(len(channels[0]), dtype=np.int64)
    for c, (r, g, b) in enumerate(centre):
        d = (channels[0] - r) ** 2 + (channels[1] - g) ** 2 + (channels[2] - b) ** 2
        closer = d < best
        best[closer] = d[closer]
        labels[closer] = c
    return labels


def _distance(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True))


def palette_of(colours: tuple[tuple[int, int, int], ...]) -> Palette:
    """A palette of ``colours`` (the first the background), each named after the nearest
    colour of :data:`NAMED` and written with a character of its own (``.`` the background)."""
    names: list[str] = []
    chars: list[str] = []
    for i, rgb in enumerate(colours):
        name = min(NAMED, key=lambda named: _distance(named[1], rgb))[0]
        n, unique = 2, name
        while unique in names:
            unique, n = f"{name} {n}", n + 1
        names.append(unique)
        if i == 0:
            chars.append(".")
        else:
            char = name[0] if name[0] not in chars else ""
            chars.append(char or next(ch for ch in _SPARE_CHARS if ch not in chars))
    return Palette(
        tuple(
            Colour(name, "#{:02x}{:02x}{:02x}".format(*rgb), char)
            for name, rgb, char in zip(names, colours, chars, strict=True)
        )
    )


def colour_puzzle_from_pixels(
    pixels: np.ndarray,
    width: int,
    height: int,
    k: int,
    *,
    background: Background = "border",
    title: str = "",
) -> ColourPuzzle:
    """The colour puzzle whose solution is the picture quantised to at most ``k`` colours (the
    background included) on a ``width`` x ``height`` grid; its palette is the quantised
    colours."""
    quantised = quantise(cell_colours(pixels, width, height), k, background)
    goal = tuple(tuple(int(v) for v in row) for row in quantised.grid)
    rows, cols = clues_of_colour_grid(goal)
    return ColourPuzzle(palette_of(quantised.colours), rows, cols, title=title, goal=goal)
