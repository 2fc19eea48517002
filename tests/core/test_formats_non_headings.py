"""A .non written by hand with a section heading mistyped ('row' for 'rows', 'cols' for
'columns'): such a word reads as a note, so the clues under it were said to come 'before any
section' (at the first clue's line) or to be the rows' 'surplus' (naming 20 more lines), never
the word typed.  The error now names that word's line and the heading meant."""

from __future__ import annotations

import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_text

ROWS = ["3", "1,1", "5", "1,1", "1,1"]
COLS = ["4", "1,1", "1,1", "1,1", "4"]
TEXT = "\n".join(["width 5", "height 5", "", "rows", *ROWS, "", "columns", *COLS]) + "\n"


@pytest.mark.parametrize(
    ("typed", "mistyped", "meant", "line"),
    [
        ("\nrows\n", "row", "rows", 4),
        ("\nrows\n", "Rws", "rows", 4),
        ("\ncolumns\n", "cols", "columns", 11),
        ("\ncolumns\n", "colums", "columns", 11),
        ("\ncolumns\n", "column", "columns", 11),
        # a heading typed with a colon: said at the clues ('a clue line before any section')
        ("\nrows\n", "rows:", "rows", 4),
        ("\ncolumns\n", "Columns:", "columns", 11),
    ],
)
def test_a_mistyped_heading_is_said_at_its_line_with_the_heading_meant(
    typed: str, mistyped: str, meant: str, line: int
) -> None:
    with pytest.raises(PuzzleError) as caught:
        read_text(TEXT.replace(typed, f"\n{mistyped}\n"), "a.non", "non")
    assert caught.value.line == line
    assert caught.value.message == (
        f"'{mistyped}' is no keyword of the format, and clue lines follow it: '{meant}'?"
    )


def test_a_note_before_surplus_clues_is_not_taken_for_a_heading() -> None:
    text = TEXT + "note\n1\n"
    with pytest.raises(PuzzleError) as caught:
        read_text(text, "a.non", "non")
    assert caught.value.message.startswith("a surplus clue line")


@pytest.mark.parametrize("space", ["\t", "\u00a0", "\u00a0 \t", "\u202f"])
def test_a_keyword_and_its_number_apart_by_a_tab_or_no_break_space_read(space: str) -> None:
    """'width<TAB>5' or 'height<NBSP>5' (a web page's or a word processor's no-break space,
    copied) was no keyword: the file was refused as "'rows' comes before 'height'" at the rows'
    line, the height line in plain sight."""
    typed = TEXT.replace("width 5", f"width{space}5").replace("height 5", f"height{space}5")
    puzzle = read_text(typed, "a.non", "non")
    assert (puzzle.width, puzzle.height) == (5, 5)
    assert puzzle.rows == read_text(TEXT, "a.non", "non").rows


def test_values_in_a_word_processors_curly_quotes_read_without_them() -> None:
    """A .non saved from a word processor has its quotes curled: the title kept them
    ('\u201cScardy Cat\u201d'), and the goal so quoted was refused ('the goal has 27 cells but a
    5x5 puzzle needs 25'). Curly quotes are read as the format's quotes; a value that holds
    them inside straight ones keeps them."""
    goal = "0111010001111111000110001"
    text = TEXT.replace("width 5", "title \u201cA\u201d\nby \u201eB\u201c\nwidth 5")
    puzzle = read_text(f"{text}goal \u201c{goal}\u201d\n", "a.non", "non")
    assert (puzzle.title, puzzle.author) == ("A", "B")
    assert puzzle.goal is not None
    kept = read_text(TEXT.replace("width 5", 'title "\u201cA\u201d"\nwidth 5'), "a.non", "non")
    assert kept.title == "\u201cA\u201d"
