"""A small colour picture for tests of colour clues and their typos: 6x5, red and blue on white,
whose clues have one solution, found by line logic."""

from __future__ import annotations

from nonostudio.core.colour.model import WHITE, Colour, Palette, clues_of_colour_grid

PALETTE = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
PICTURE = (
    (2, 1, 1, 2, 0, 1),
    (0, 0, 0, 0, 1, 1),
    (0, 1, 2, 0, 2, 0),
    (0, 0, 1, 1, 0, 1),
    (0, 0, 0, 2, 2, 1),
)
ROWS, COLS = clues_of_colour_grid(PICTURE)
