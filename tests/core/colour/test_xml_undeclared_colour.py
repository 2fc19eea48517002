"""A webpbn XML count naming a colour no ``<color>`` declares is an error at that count, a known
colour name too: an undeclared "orange" (a typo for the declared "red") was read as a colour of
its own, and only the totals message, with no place, pointed at it."""

from __future__ import annotations

import pytest

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_any_text

XML = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="black">
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<clues type="columns"><line><count color="red">1</count></line><line><count>1</count></line>
</clues>
<clues type="rows"><line><count color="red">1</count><count color="{colour}">1</count></line>
</clues>
</puzzle></puzzleset>
"""


def test_an_undeclared_known_colour_is_named_at_its_count() -> None:
    text = XML.format(colour="orange")
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text, source="t.xml")
    error = caught.value
    assert "item 2: no <color> named 'orange' (declared: white, red)" in str(error)
    assert "totals" not in str(error)
    assert (error.line, error.clue) == (7, "row 1") and error.column is not None
    line = text.splitlines()[6]
    at = line[error.column - 1 :]  # the count's place (its element or its number)
    assert at.startswith(('<count color="orange"', "1</count></line>"))
    assert line.rindex('<count color="orange"') < error.column


def test_an_undeclared_black_still_has_its_usual_value() -> None:
    puzzle = read_any_text(XML.format(colour="black"))
    assert isinstance(puzzle, ColourPuzzle)
    assert [(c.name, c.rgb) for c in puzzle.palette][1:] == [
        ("red", "#ff0000"),
        ("black", "#000000"),
    ]
