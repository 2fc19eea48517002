"""Notes saved and opened again are the notes they were, in every format whose writer keeps
them: a line the writer puts ``- `` before (so that it reads as no keyword, clue line, section,
field or picture row) is read back without it.  A studio note ``2:02`` came back as ``- 2:02``
from a ``.non`` file (``Title: …`` as ``- Title: …`` from a ``.g`` one)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import read_any_text, write_text
from nonostudio.core.formats._registry import CODECS
from nonostudio.core.formats.kept import CLUES_ONLY
from nonostudio.core.puzzle import Puzzle

#: Note lines each format's writer has to keep from being something else, and lines that
#: already start with the ``- `` it puts before those.
NOTES = "\n".join(
    [
        "Solved by hand in",
        "2:02",
        "3 colours",
        ", a comma",
        "rows of trees",
        "width matters",
        'goal "1"',
        "catalogue 12",
        "#d",
        ": rows",
        "  # indented hash",
        "Title: a line of the notes",
        "Picture: 01",
        "- 2:02",
        "- - 3 apples",
        "- a list item",
        "-3 minus",
        "  4 indented",
        "last line",
    ]
)

BW = Puzzle(((2,), (1,)), ((2,), (1,), ()), title="Corner")
_FLAG = ((1, 2, 0), (2, 2, 1))
COLOUR = ColourPuzzle(
    Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b"))),
    *clues_of_colour_grid(_FLAG),
    title="Flag",
    goal=_FLAG,
)


def _formats(colour: bool) -> list[str]:
    """The writable formats (of the colour puzzles when ``colour``) that keep notes."""
    return [
        codec.info.name
        for codec in CODECS
        if (codec.colour_write if colour else codec.write) is not None
        and codec.info.name not in CLUES_ONLY
    ]


@pytest.mark.parametrize(
    ("puzzle", "fmt"),
    [pytest.param(BW, fmt, id=f"bw-{fmt}") for fmt in _formats(False)]
    + [pytest.param(COLOUR, fmt, id=f"colour-{fmt}") for fmt in _formats(True)],
)
def test_notes_come_back_as_written_and_a_second_save_is_the_first(
    puzzle: Puzzle | ColourPuzzle, fmt: str
) -> None:
    noted = replace(puzzle, notes=NOTES)
    first = write_text(noted, fmt)
    again = read_any_text(first, f"again.{fmt}", fmt)
    assert again.notes == NOTES
    assert (again.rows, again.cols, again.title) == (noted.rows, noted.cols, noted.title)
    assert write_text(again, fmt) == first


def test_the_formats_are_the_ones_that_keep_notes() -> None:
    assert _formats(False) == ["non", "xml"]
    assert _formats(True) == ["non", "xml", "g"]
