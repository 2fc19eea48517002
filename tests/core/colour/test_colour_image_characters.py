"""A colour's character in a saved picture: whatever character a file gave a colour, the puzzle
saved with its picture in each colour format reads back with that picture.  The XML ``<image>``
rows are ``|...|``: a colour written ``|`` (a ``.g`` may declare one) at a row's end lost its
cells, and the studio's own XML was refused ("the solution <image> must have 2 rows of 3
cells")."""

from __future__ import annotations

import pytest

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import read_any_text, write_text

G_WITH_BAR = """Title: bar
#d
   0:    #ffffff   white
   |:|   #ff0000   red
   b:b   #0000ff   blue
: rows
2| 1b
1| 2b
: columns
2|
1| 1b
2b
: end
"""


def test_a_g_colour_written_bar_survives_saving_as_xml() -> None:
    g = read_any_text(G_WITH_BAR, source="bar.g")
    assert isinstance(g, ColourPuzzle) and g.palette[1].char == "|"
    picture = ((1, 1, 2), (1, 2, 2))  # red at both rows' starts
    assert g.is_solution(picture)
    puzzle = ColourPuzzle(g.palette, g.rows, g.cols, title=g.title, goal=picture)
    back = read_any_text(write_text(puzzle, "xml"), source="bar.xml")
    assert back.goal == picture and back.rows == puzzle.rows and back.cols == puzzle.cols


@pytest.mark.parametrize("fmt", ["xml", "non", "g"])
@pytest.mark.parametrize("char", ["|", "-", ":", "*"])
def test_a_picture_whose_rows_begin_and_end_with_a_colour_round_trips(fmt: str, char: str) -> None:
    palette = Palette((WHITE, Colour("red", "#ff0000", char), Colour("blue", "#0000ff", "b")))
    picture = ((1, 0, 2, 1), (1, 1, 2, 1), (2, 0, 0, 1))
    rows, cols = clues_of_colour_grid(picture)
    puzzle = ColourPuzzle(palette, rows, cols, title="ends", goal=picture)
    back = read_any_text(write_text(puzzle, fmt), source=f"ends.{fmt}")
    assert isinstance(back, ColourPuzzle)
    assert (back.rows, back.cols, back.goal) == (puzzle.rows, puzzle.cols, picture)
