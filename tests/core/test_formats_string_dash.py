"""A puzzle string whose '-' was typed as ':' (the key beside it, or the habit of the clues'
separator): the error was at the end of the text ("expected '-' between the row clues and the
column clues", Bubble Cat's 524th character); the clues split where the '-' belongs have equal
totals, each clue fitting its line, so the error is said at that ':'."""

from __future__ import annotations

import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_any_text, write_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import sample_puzzles

SAMPLES = [(name, p) for name, p in sample_puzzles() if isinstance(p, Puzzle)]


@pytest.mark.parametrize(("name", "puzzle"), SAMPLES, ids=[name for name, _ in SAMPLES])
def test_a_dash_typed_as_a_colon_is_said_where_it_belongs(name: str, puzzle: Puzzle) -> None:
    text = write_text(puzzle, "string").strip()
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text.replace("-", ":"), source="typed")
    error = caught.value
    assert error.column == text.index("-") + 1
    assert f"the ':' after row {puzzle.height} seems typed for it" in error.message


def test_a_string_without_a_dash_and_no_one_place_for_it_is_said_at_its_end() -> None:
    with pytest.raises(PuzzleError) as caught:  # 1 | 1:1 and 1:1 | 1: the totals differ
        read_any_text("1:1:1", source="typed", fmt="string")
    assert caught.value.column == 6 and "seems typed" not in caught.value.message


@pytest.mark.parametrize(("name", "puzzle"), SAMPLES, ids=[name for name, _ in SAMPLES])
def test_a_dash_left_out_is_said_at_the_numbers_run_together(name: str, puzzle: Puzzle) -> None:
    """The '-' left out: the last row's last number and the first column's first number run
    together (Cat: '...:2,25,3:...' for '...:2,2-5,3:...'). It was said at the end of the text;
    now at that number, split where the '-' goes."""
    text = write_text(puzzle, "string").strip()
    dash = text.index("-")
    start = dash
    while start > 0 and text[start - 1].isdigit():
        start -= 1
    end = dash + 1
    while end < len(text) and text[end].isdigit():
        end += 1
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text[:dash] + text[dash + 1 :], source="typed")
    error = caught.value
    assert error.column == start + 1
    assert f"'{text[start:end]}':" in error.message  # the split named, e.g. '2-5'
    assert f"row {puzzle.height}'s clue" in error.message


@pytest.mark.parametrize("dash", ["\u2013", "\u2014", "\u2212", "\u2010", "\uff0d"])
@pytest.mark.parametrize(("name", "puzzle"), SAMPLES[:3], ids=[name for name, _ in SAMPLES[:3]])
def test_a_documents_dash_is_said_where_it_is(dash: str, name: str, puzzle: Puzzle) -> None:
    """A string copied from a word processor (its autocorrect makes '2 - 1' '2 – 1'), a PDF or
    a web page has an en dash, a minus sign or the like for its '-': it was 'unknown puzzle
    format ... expected '-' between the row clues and the column clues' at the end of the text,
    where nothing is wrong, the dash in plain sight; now said at the dash, named."""
    text = write_text(puzzle, "string").strip()
    for typed in (text.replace("-", dash), text.replace("-", f" {dash} ")):
        with pytest.raises(PuzzleError) as caught:
            read_any_text(typed, source="typed")
        error = caught.value
        assert (error.line, error.column) == (1, typed.index(dash) + 1)
        assert f"found {dash!r}" in error.message and "type '-' for it" in error.message
        assert "unknown puzzle format" not in error.message
        mended = read_any_text(typed.replace(dash, "-"))  # (the one thing wrong)
        assert isinstance(mended, Puzzle) and (mended.rows, mended.cols) == (
            puzzle.rows,
            puzzle.cols,
        )


def test_a_split_of_one_row_and_one_column_is_said_in_the_singular() -> None:
    with pytest.raises(PuzzleError) as caught:  # '1:1' for '1-1': it said "1 rows and 1 columns"
        read_any_text("1:1", source="typed", fmt="string")
    assert "the clues split there, 1 row and 1 column, have equal totals" in caught.value.message
