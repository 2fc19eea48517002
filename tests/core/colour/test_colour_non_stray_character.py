"""A stray character in a colour .non clue: the message's example is a colour clue in the
file's letters (it said 'clues look like 3,1', a black-and-white clue, seen in the studio's
paste dialog); a black-and-white file keeps '3,1'."""

from __future__ import annotations

import pytest
from colour_red_blue import COLS, PALETTE, ROWS

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_any_text, write_text


def _error(text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text, fmt="non")
    return caught.value


@pytest.mark.parametrize(("typed", "found"), [("1b,2r,x", "'x'"), ("1b,2r!,1b", "'2r!'")])
def test_a_stray_character_in_colour_clues_gives_a_colour_example(typed: str, found: str) -> None:
    text = write_text(ColourPuzzle(PALETTE, ROWS, COLS), "non")
    assert "\n1b,2r,1b,1r\n" in text  # row 1
    err = _error(text.replace("\n1b,2r,1b,1r\n", f"\n{typed}\n", 1))
    assert err.clue == "row 1"
    assert err.message == f"expected a number (clues look like 3r,1b), found {found}"


def test_letters_read_in_clues_without_color_lines_give_the_example() -> None:
    text = "width 2\nheight 2\nrows\n1r\n1b,x\ncolumns\n1r\n1b\n"
    assert _error(text).message == "expected a number (clues look like 3b,1r), found 'x'"


def test_black_and_white_keeps_its_example() -> None:
    text = "width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n"
    assert _error(text).message == "expected a number (clues look like 3,1), found 'x'"
