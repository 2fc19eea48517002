"""The colour puzzle model: palette limits, validation messages naming the clue, b&w conversion."""

from __future__ import annotations

import pytest

from nonostudio.core.colour.model import (
    BW_PALETTE,
    MAX_COLOURS,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
    line_clue,
    min_colour_length,
)
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.puzzle import Puzzle

RED = Colour("red", "#FF0000", "r")
BLUE = Colour("blue", "#0000ff", "b")
PALETTE = Palette((Colour("white", "#ffffff", "."), RED, BLUE))


def test_colour_rgb_is_checked_and_lowered() -> None:
    assert RED.rgb == "#ff0000"
    for bad in ("ff0000", "#ff00", "#gg0000", "#ff00000"):
        with pytest.raises(PuzzleError, match="expected '#rrggbb'"):
            Colour("red", bad, "r")
    with pytest.raises(PuzzleError, match="one character"):
        Colour("red", "#ff0000", "rr")


def test_palette_limits_and_unique_names() -> None:
    many = tuple(Colour(f"c{i}", "#000000", chr(ord("A") + i)) for i in range(MAX_COLOURS))
    assert len(Palette(many)) == 32
    with pytest.raises(PuzzleError, match="32 colours besides the background; at most 31"):
        Palette((*many, Colour("extra", "#000000", "~")))
    with pytest.raises(PuzzleError, match="two colours with the name 'red'"):
        Palette((RED, Colour("red", "#00ff00", "g")))
    with pytest.raises(PuzzleError, match="two colours with the char 'r'"):
        Palette((RED, Colour("rose", "#00ff00", "r")))
    assert PALETTE.index("blue") == 2 and PALETTE.index_of_char("r") == 1
    assert PALETTE.all_mask == 0b111


def test_different_colours_touch_same_colours_need_a_gap() -> None:
    assert min_colour_length(((2, 1), (1, 2), (1, 2))) == 5
    assert line_clue((0, 1, 1, 2, 0, 2, 2, 1)) == ((2, 1), (1, 2), (2, 2), (1, 1))
    assert line_clue((0, 0)) == ()
    # a red 2 beside a blue 1 fits a row of 3; two reds do not
    ColourPuzzle(PALETTE, (((2, 1), (1, 2)),), (((1, 1),), ((1, 1),), ((1, 2),)))
    with pytest.raises(InconsistentPuzzleError, match=r"row 1's clue: clue 2r 1r needs 4 cells"):
        ColourPuzzle(PALETTE, (((2, 1), (1, 1)),), (((1, 1),), ((1, 1),), ((1, 1),)))


def test_validation_names_the_line_and_item() -> None:
    with pytest.raises(PuzzleError, match=r"column 2's clue: item 1: no colour 3 in the palette"):
        ColourPuzzle(PALETTE, (((1, 1),), ()), (((1, 1),), ((1, 3),)))
    with pytest.raises(PuzzleError, match=r"row 1's clue: item 2: no colour 0"):
        ColourPuzzle(PALETTE, (((1, 1), (1, 0)), ()), (((1, 1),), ()))
    with pytest.raises(PuzzleError, match=r"row 2's clue: item 1: block lengths must be positive"):
        ColourPuzzle(PALETTE, ((), ((0, 1),)), ((), ()))
    # equal totals overall but not per colour: red 1 in rows, blue 1 in columns
    with pytest.raises(InconsistentPuzzleError, match="cells of red but column clues fill 0"):
        ColourPuzzle(PALETTE, (((1, 1),), ()), (((1, 2),), ()))


def test_totals_message_names_every_colour_that_differs() -> None:
    # a typo's colour is often not the first: a .non row "2q" for "2a" reads q as a colour of
    # its own, and the message named only a's totals (53 vs 55), never q's (2 vs 0)
    with pytest.raises(InconsistentPuzzleError) as raised:
        ColourPuzzle(PALETTE, (((1, 1),), ()), (((1, 2),), ()))
    message = str(raised.value)
    assert "row clues fill 1 cells of red but column clues fill 0" in message
    assert "row clues fill 0 cells of blue but column clues fill 1" in message


def test_goal_is_checked_against_the_clues() -> None:
    goal = ((1, 2), (0, 2))
    rows, cols = clues_of_colour_grid(goal)
    puzzle = ColourPuzzle(PALETTE, rows, cols, goal=goal)
    assert puzzle.is_solution(goal) and not puzzle.is_solution(((2, 1), (0, 2)))
    with pytest.raises(InconsistentPuzzleError, match=r"row 1's clue: the solution picture gives"):
        ColourPuzzle(PALETTE, rows, cols, goal=((2, 2), (0, 1)))


def test_bw_round_trip() -> None:
    import numpy as np

    bw = Puzzle.from_grid(np.array([[1, 0, 1], [1, 1, 0]]), title="t", author="a")
    colour = ColourPuzzle.from_bw(bw)
    assert colour.palette == BW_PALETTE
    assert colour.rows == (((1, 1), (1, 1)), ((2, 1),))
    assert colour.goal == ((1, 0, 1), (1, 1, 0))
    assert colour.to_bw() == bw
    with pytest.raises(PuzzleError, match=r"a puzzle of 2 colours \(red, blue\) is not black"):
        ColourPuzzle(PALETTE, (((1, 1),),), (((1, 1),),)).to_bw()
