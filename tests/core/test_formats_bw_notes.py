"""A black-and-white ``.non`` keeps the lines the format ignores (comments, notes, keys it does
not know, ``catalogue``) as the puzzle's notes and writes them back: they were lost on open and
save, the black-and-white puzzle having no field for them (a colour .non kept them already).
The notes go into webpbn XML's ``<description>`` and the library's document too; the puzzle
strings and the Pattern id have no place for free text and are written as before."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.formats import non, olsak, pbn_xml, strings
from nonostudio.core.library.records import any_puzzle_from_json, puzzle_to_json
from nonostudio.core.puzzle import Puzzle

NOTED = """# drawn for the class of 3B, second term
catalogue "class #7"
title "Corner"
source: my own sketch book
width 3
height 2

rows
2
1

columns
2
1
0
difficulty: easy (an unknown key)
"""


def test_free_lines_are_the_notes_and_survive_a_round_trip() -> None:
    puzzle = non.read(NOTED, "corner.non")
    assert puzzle.notes.splitlines() == [
        "# drawn for the class of 3B, second term",
        'catalogue "class #7"',
        "source: my own sketch book",
        "difficulty: easy (an unknown key)",
    ]
    text = non.write(puzzle)
    for line in puzzle.notes.splitlines():
        assert line in text.splitlines()
    again = non.read(text, "again.non")
    assert again == puzzle and again.notes == puzzle.notes
    assert (again.rows, again.cols, again.title) == (((2,), (1,)), ((2,), (1,), ()), "Corner")


def test_notes_that_read_as_a_keyword_or_a_clue_change_no_clue() -> None:
    plain = non.read(NOTED, "corner.non").with_meta(notes="")
    notes = 'rows of trees\n3 cats\n, a comma\nwidth 9\ngoal "111111"'
    again = non.read(non.write(plain.with_meta(notes=notes)), "again.non")
    assert (again.rows, again.cols, again.width, again.goal) == (
        plain.rows,
        plain.cols,
        3,
        None,
    )
    assert again.notes == notes  # read back without the "- " that kept them from being one


def test_a_real_webpbn_file_keeps_its_catalogue_line(anchors: Path) -> None:
    files = sorted((anchors / "puzzles/picross-solver/webpbn").glob("*.non"))
    if not files:
        pytest.skip("no picross-solver/webpbn .non files in the anchor data")
    for path in files:
        text = path.read_text(encoding="utf-8")
        puzzle = non.read(text, path.name)
        catalogue = [ln for ln in text.splitlines() if ln.startswith("catalogue ")]
        assert catalogue and puzzle.notes.splitlines() == catalogue, path.name
        again = non.read(non.write(puzzle), path.name)
        assert again == puzzle and again.notes == puzzle.notes, path.name
        assert again.goal is not None and puzzle.goal is not None
        assert (again.goal == puzzle.goal).all(), path.name


def test_notes_go_through_xml_the_library_and_colour() -> None:
    puzzle = non.read(NOTED, "corner.non")
    xml = pbn_xml.write(puzzle)
    assert "<description>" in xml
    ((_, thunk),) = pbn_xml.entries(xml.encode(), "corner.xml")
    assert thunk() == puzzle and thunk().notes == puzzle.notes
    stored = any_puzzle_from_json(puzzle_to_json(puzzle))
    assert isinstance(stored, Puzzle) and stored.notes == puzzle.notes
    assert ColourPuzzle.from_bw(puzzle).to_bw().notes == puzzle.notes
    # a puzzle without notes keeps the document it had
    assert '"notes"' not in puzzle_to_json(puzzle.with_meta(notes=""))


def test_the_strings_have_no_place_for_notes() -> None:
    puzzle = non.read(NOTED, "corner.non")
    bare = puzzle.with_meta(notes="")
    assert strings.write_string(puzzle) == strings.write_string(bare)
    assert strings.write_tatham(puzzle) == strings.write_tatham(bare)


def test_notes_compare_like_the_other_text_fields_and_leave_the_hash() -> None:
    puzzle = non.read(NOTED, "corner.non")
    bare = puzzle.with_meta(notes="")
    assert puzzle != bare and puzzle != bare.with_meta(title="Other")
    assert hash(puzzle) == hash(bare)
    assert bare == Puzzle(puzzle.rows, puzzle.cols, title="Corner")


def test_the_free_text_of_a_g_file_is_kept_when_saved_as_non() -> None:
    text = "Bicycle\nfrom the class of 3B\n:\n2\n1\n:\n2\n1\n0\n"
    puzzle = olsak.read_g(text, "bicycle.g")
    assert puzzle.notes == "Bicycle\nfrom the class of 3B" and puzzle.rows == ((2,), (1,))
    assert non.read(non.write(puzzle), "bicycle.non").notes == puzzle.notes


def test_a_g_black_on_white_keeps_its_title_and_picture() -> None:
    # a colour puzzle whose one colour is the default '1' (black on white) saved as .g is read
    # by the black-and-white reader, which kept 'Title: Tee' and the 'Picture:' rows as notes:
    # the title and the picture were lost, the notes filled with them
    from nonostudio.core.formats import read_any_text, write_text

    bw = Puzzle(((1,), (2,)), ((2,), (1,)), title="Tee", author="Me")
    colour = ColourPuzzle.from_bw(bw)
    black = replace(colour.palette.colours[1], char="1")
    colour = replace(
        colour,
        palette=type(colour.palette)((colour.palette.colours[0], black)),
        goal=((1, 0), (1, 1)),
    )
    text = write_text(colour, "g")
    assert "\n: end\nPicture: 10\nPicture: 11\n" in text
    again = read_any_text(text, fmt="g")
    assert isinstance(again, Puzzle) and again.notes == ""
    assert (again.title, again.author) == ("Tee", "Me")
    assert again.goal is not None and again.goal.tolist() == [[1, 0], [1, 1]]
    # a picture the clues do not fit stays in the notes: nothing is lost
    stale = olsak.read_g(text.replace("Picture: 11", "Picture: 01"), "tee.g")
    assert stale.goal is None and stale.notes == "Picture: 10\nPicture: 01"
    # files written before: the picture after the fields
    old = "Title: Tee\nPicture: 10\nPicture: 11\nnotes\n:\n1\n2\n:\n2\n1\n"
    before = olsak.read_g(old, "tee.g")
    assert (before.title, before.notes, before.goal is not None) == ("Tee", "notes", True)
