"""Image import in colour: cells' average colours quantised to at most k colours, the background
found on the border (or white), deterministic, and a valid colour puzzle whose palette is the
quantised colours."""

from __future__ import annotations

import numpy as np
import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats.quantise import (
    MAX_COLOURS,
    border_colour,
    cell_colours,
    colour_puzzle_from_pixels,
    palette_of,
    quantise,
)

RED, BLUE, WHITE, SKY = (200, 30, 30), (20, 20, 160), (255, 255, 255), (120, 180, 240)


def blocks(layout: list[str], colours: dict[str, tuple[int, int, int]], cell: int = 4):
    """A picture of ``cell`` x ``cell`` pixel blocks, one per character of ``layout``."""
    h, w = len(layout), len(layout[0])
    image = np.zeros((h * cell, w * cell, 3), np.uint8)
    for r, row in enumerate(layout):
        for c, ch in enumerate(row):
            image[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell] = colours[ch]
    return image


FLAG = ["......", ".rrrr.", ".rrrr.", "..bb..", "..bb..", "......"]


def test_flat_colours_come_back_exactly() -> None:
    image = blocks(FLAG, {".": WHITE, "r": RED, "b": BLUE})
    puzzle = colour_puzzle_from_pixels(image, 6, 6, 3, title="flag")
    rgb = [c.rgb for c in puzzle.palette.colours]
    assert rgb == ["#ffffff", "#c81e1e", "#1414a0"]  # background, then by cells covered
    index = {".": 0, "r": 1, "b": 2}
    assert puzzle.goal == tuple(tuple(index[ch] for ch in row) for row in FLAG)
    assert puzzle.is_solution(puzzle.goal) and puzzle.title == "flag"
    assert [c.char for c in puzzle.palette.colours][0] == "."


def test_more_colours_than_the_picture_has_keeps_only_those_used() -> None:
    image = blocks(FLAG, {".": WHITE, "r": RED, "b": BLUE})
    puzzle = colour_puzzle_from_pixels(image, 6, 6, MAX_COLOURS)
    assert len(puzzle.palette) == 3


def test_the_background_is_the_most_common_border_colour_or_white() -> None:
    sky = ["ssssss", "srrrrs", "srrrrs", "ssbbss", "ssbbss", "ssssss"]
    image = blocks(sky, {"s": SKY, "r": RED, "b": BLUE})
    found = colour_puzzle_from_pixels(image, 6, 6, 3)
    assert found.palette.background.rgb == "#78b4f0"
    assert found.goal[0] == (0,) * 6 and found.goal[1][1] == 1
    white = colour_puzzle_from_pixels(image, 6, 6, 4, background="white")
    assert white.palette.background.rgb == "#ffffff"
    # the sky is then a colour of its own: the border cells are not the background
    assert white.goal[0][0] != 0 and len(white.palette) == 4


def test_transparent_pixels_count_as_white_and_grey_pictures_work() -> None:
    rgba = np.zeros((8, 8, 4), np.uint8)
    rgba[2:6, 2:6] = (200, 30, 30, 255)  # an opaque red square on transparency
    puzzle = colour_puzzle_from_pixels(rgba, 4, 4, 2)
    assert puzzle.palette.background.rgb == "#ffffff"
    assert puzzle.goal == ((0, 0, 0, 0), (0, 1, 1, 0), (0, 1, 1, 0), (0, 0, 0, 0))
    grey = np.full((4, 4), 255, np.uint8)
    grey[1:3, 1:3] = 0
    assert colour_puzzle_from_pixels(grey, 4, 4, 2).palette[1].rgb == "#000000"


def test_noise_gives_at_most_k_colours_deterministically() -> None:
    rng = np.random.default_rng(7)
    image = rng.integers(0, 256, size=(60, 50, 3), dtype=np.uint8)
    for k in range(2, MAX_COLOURS + 1):
        first = colour_puzzle_from_pixels(image, 25, 30, k)
        assert first == colour_puzzle_from_pixels(image, 25, 30, k)
        assert 2 <= len(first.palette) <= k
        assert first.is_solution(first.goal)


def test_each_cell_takes_the_nearest_colour() -> None:
    rng = np.random.default_rng(3)
    cells = cell_colours(rng.integers(0, 256, size=(30, 30, 3), dtype=np.uint8), 15, 15)
    found = quantise(cells, 5)
    centres = np.array(found.colours) / 255
    distance = ((cells[:, :, None, :] - centres[None, None]) ** 2).sum(axis=3)
    chosen = np.take_along_axis(distance, found.grid[..., None].astype(np.int64), axis=2)[..., 0]
    # k-means ends with every cell at its nearest centre (to the rounding of the centres)
    assert np.all(chosen <= distance.min(axis=2) + 3 * (1 / 255))


def test_border_colour_ties_go_to_the_first_met() -> None:
    cells = np.zeros((2, 2, 3))
    cells[0, 0] = cells[0, 1] = (1, 0, 0)
    cells[1, 0] = cells[1, 1] = (0, 0, 1)
    assert tuple(border_colour(cells)) == (1, 0, 0)


def test_palette_names_and_characters_are_unique() -> None:
    palette = palette_of(((255, 255, 255), (210, 40, 40), (230, 45, 45), (40, 80, 220)))
    assert [c.name for c in palette.colours] == ["white", "red", "red 2", "blue"]
    chars = [c.char for c in palette.colours]
    assert chars[0] == "." and len(set(chars)) == 4


@pytest.mark.parametrize("k", [1, MAX_COLOURS + 1])
def test_k_out_of_range_is_refused_with_the_range(k: int) -> None:
    with pytest.raises(PuzzleError, match=f"between 2 and {MAX_COLOURS}"):
        colour_puzzle_from_pixels(np.zeros((4, 4, 3), np.uint8), 4, 4, k)


def test_bad_pixels_are_refused() -> None:
    with pytest.raises(PuzzleError, match="8-bit"):
        cell_colours(np.zeros((4, 4, 3), np.float32), 2, 2)
    with pytest.raises(PuzzleError, match="grid size"):
        cell_colours(np.zeros((4, 4, 3), np.uint8), 0, 2)
