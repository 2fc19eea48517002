"""A colour ``.g`` or XML clue naming a colour the file does not declare (``4q`` for ``4c``,
``color="rde"``) is still refused, at that item's line and character, but the error keeps the
clues read, the undeclared colour an item of its own beside every declared colour, so that the
typo finder can try each declared colour in its place (it was a bare error: nothing to offer)."""

from __future__ import annotations

import pytest

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_any_text, read_text
from nonostudio.core.formats._colour import ReadPalette, UndeclaredColourError

# 3x2: row 1 is red red blue, row 2 blue _ red
G = "t\n#d\n 0:  white\n r:r red\n b:b blue\n: rows\n2r 1b\n1b 1r\n: columns\n1r 1b\n1r\n1b 1r\n"
XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="red"><title>Two</title>
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<color name="blue" char="b">00f</color>
<clues type="columns"><line><count>1</count><count color="blue">1</count></line>
<line><count>1</count></line><line><count color="blue">1</count><count>1</count></line>
</clues>
<clues type="rows"><line><count>2</count><count color="{colour}">1</count></line>
<line><count color="blue">1</count><count>1</count></line></clues>
</puzzle></puzzleset>
"""


def _error(text: str, fmt: str) -> UndeclaredColourError:
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text, source=f"t.{fmt}", fmt=fmt)
    assert isinstance(caught.value, UndeclaredColourError)  # (a bare PuzzleError before)
    return caught.value


def test_a_g_clue_with_an_undeclared_letter_keeps_its_clues_and_its_place() -> None:
    good = read_any_text(G, fmt="g")
    assert isinstance(good, ColourPuzzle)
    error = _error(G.replace("1b 1r\n: columns", "1q 1r\n: columns"), "g")
    # the reader's message and place, as before: line 8, the letter after '1'
    assert (error.line, error.column, error.clue) == (8, 2, "row 2")
    assert "'q' after the number is no colour letter declared" in str(error)
    palette, rows, cols = error.colour_clues  # type: ignore[misc]
    assert isinstance(palette, ReadPalette)
    assert [c.char for c in palette] == [".", "r", "b", "q"]
    assert palette.undeclared == frozenset({3})
    assert rows == (((2, 1), (1, 2)), ((1, 3), (1, 1))) and cols == good.cols
    assert error.clue_lines == {
        "row 1": 7,
        "row 2": 8,
        "column 1": 10,
        "column 2": 11,
        "column 3": 12,
    }
    assert error.meta is not None and error.meta["notes"] == "t"


def test_an_undeclared_g_letter_is_refused_by_the_black_and_white_reader_too() -> None:
    with pytest.raises(PuzzleError):
        read_text(G.replace("1b 1r\n: columns", "1q 1r\n: columns"), fmt="g")


def test_an_xml_count_of_an_undeclared_colour_keeps_the_clues_and_its_place() -> None:
    good = read_any_text(XML.format(colour="blue"), fmt="xml")
    assert isinstance(good, ColourPuzzle) and good.title == "Two"
    text = XML.format(colour="rde")
    error = _error(text, "xml")
    assert "item 2: no <color> named 'rde' (declared: white, red, blue)" in str(error)
    assert (error.line, error.clue) == (9, "row 1")
    assert error.column is not None
    assert text.splitlines()[8][error.column - 1 :].startswith('<count color="rde"')
    palette, rows, cols = error.colour_clues  # type: ignore[misc]
    assert isinstance(palette, ReadPalette)
    assert [c.name for c in palette] == ["white", "red", "blue", "rde"]
    assert palette.undeclared == frozenset({3}) and palette[3].char == "?"
    assert rows == (((2, 1), (1, 3)), ((1, 2), (1, 1))) and cols == good.cols
    assert error.meta is not None and error.meta["title"] == "Two"


def test_a_later_error_in_the_text_still_names_the_first_undeclared_colour() -> None:
    """The first problem in the text is the one named, as before the clues were kept."""
    text = G.replace("1b 1r\n: columns", "1q 1r\n: columns").replace("1b 1r\n", "1b x\n")
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text, fmt="g")
    assert not isinstance(caught.value, UndeclaredColourError)
    assert (caught.value.line, caught.value.column) == (8, 2)
