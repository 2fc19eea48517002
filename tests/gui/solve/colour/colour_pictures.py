"""A small colour puzzle for the colour Solve view's tests: 6x6, three colours, one solution,
solved by line logic with a colour technique and pencil marks (its lines get stuck when they pass
each other only decided cells)."""

from __future__ import annotations

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid

PALETTE = Palette(
    (
        WHITE,
        Colour("red", "#d62728", "r"),
        Colour("blue", "#1f77b4", "b"),
        Colour("yellow", "#ffdd00", "y"),
    )
)
PICTURE = (
    (0, 2, 2, 0, 1, 3),
    (2, 1, 2, 1, 2, 0),
    (0, 1, 0, 0, 0, 2),
    (2, 0, 0, 1, 1, 2),
    (1, 0, 3, 0, 1, 1),
    (1, 0, 1, 1, 1, 2),
)
ROWS, COLS = clues_of_colour_grid(PICTURE)
#: The puzzle without its picture: mistakes are judged against what the trace found.
PUZZLE = ColourPuzzle(PALETTE, ROWS, COLS, title="Six")


def big_puzzle(size: int = 40) -> ColourPuzzle:
    """A random five-colour picture whose colour trace takes seconds (about 7 s at 40x40 on
    this machine): long enough to be seen running and stopped."""
    import random

    rng = random.Random(5)
    palette = Palette((*PALETTE.colours, Colour("green", "#00aa00", "g")))
    picture = tuple(tuple(rng.choice([0, 0, 1, 2, 3, 4]) for _ in range(size)) for _ in range(size))
    rows, cols = clues_of_colour_grid(picture)
    return ColourPuzzle(palette, rows, cols)
