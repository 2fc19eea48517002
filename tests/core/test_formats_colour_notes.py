"""A colour ``.non`` keeps the lines the format ignores (free text other programs keep,
``catalogue``) as the puzzle's notes, and writes them back: they were dropped on a round trip,
and a colour puzzle's notes from a ``.g`` or XML file were lost when saved as ``.non``."""

from __future__ import annotations

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.formats import colour_non

TINY = """catalogue "webpbn #99"
title "Tiny"
This puzzle was drawn for a class.
width 2
height 2
color a #ff0000 red
color b #0000ff blue

rows
1a,1b
1a

columns
1a
1b,1a
Second note line, after the clues.
"""


def test_free_lines_are_the_notes_and_survive_a_round_trip() -> None:
    puzzle = colour_non.read(TINY, "tiny.non")
    assert puzzle.notes == (
        'catalogue "webpbn #99"\nThis puzzle was drawn for a class.\n'
        "Second note line, after the clues."
    )
    again = colour_non.read(colour_non.write(puzzle), "again.non")
    assert again.notes == puzzle.notes and again.rows == puzzle.rows and again.title == "Tiny"


def test_a_note_that_reads_as_a_keyword_or_a_clue_is_kept_from_being_one() -> None:
    puzzle = colour_non.read(TINY, "tiny.non")
    notes = "rows of trees in the picture\n3 colours\nwidth matters"
    noted = ColourPuzzle(puzzle.palette, puzzle.rows, puzzle.cols, title="Tiny", notes=notes)
    again = colour_non.read(colour_non.write(noted), "again.non")
    assert again.rows == puzzle.rows and again.cols == puzzle.cols
    assert again.notes == notes  # read back without the "- " that kept them from being one
