"""A puzzle string broken over lines, as a web page, an e-mail or a PDF wraps a long one and it
is copied so: read as the one string it is (it was "unknown puzzle format; read as Puzzle
string, the closest, it stops here: expected '-' between the row clues and the column clues"
at the end of its first line), a mistake in it said at its line and character."""

from __future__ import annotations

import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import count_puzzles_in_text, read_any_text, read_file, write_text
from nonostudio.core.formats.detect import detect_text
from nonostudio.core.samples import samples_dir

BIKE = read_file(samples_dir() / "jwilk-038-bike.non")
TEXT = write_text(BIKE, "string").strip()
AT = TEXT.index(":", 100)  # a ':' on the rows' side


@pytest.mark.parametrize(
    "wrapped",
    [
        TEXT[: AT + 1] + "\n" + TEXT[AT + 1 :],  # after a ':'
        TEXT[: AT - 1] + "\n" + TEXT[AT - 1 :],  # inside a clue
        TEXT.replace("-", "-\n"),  # after the '-'
        TEXT[: AT + 1] + "\r\n   " + TEXT[AT + 1 :],  # CRLF, the next line indented
        TEXT[:50] + "\n" + TEXT[50:200] + "\n\n" + TEXT[200:],  # three pieces, a blank line
    ],
)
def test_a_string_broken_over_lines_reads_as_the_one_string(wrapped: str) -> None:
    assert detect_text(wrapped) == "string"
    puzzle = read_any_text(wrapped, source="typed")
    assert (puzzle.rows, puzzle.cols) == (BIKE.rows, BIKE.cols)


def test_a_mistake_in_a_later_piece_is_said_at_its_line_and_character() -> None:
    first, second = TEXT[: AT + 1], "  " + TEXT[AT + 1 :]
    comma = second.index(",", second.index("-"))  # in column 2's clue (3,2; column 1 is 9)
    bad = second[:comma] + ";" + second[comma + 1 :]  # a ';' typed for its ','
    with pytest.raises(PuzzleError) as caught:
        read_any_text(f"{first}\n{bad}", source="typed")
    error = caught.value
    assert error.line == 2 and error.clue == "column 2"
    assert bad[error.column - 1 :].startswith("3;2:")


def test_strings_one_a_line_are_still_a_collection() -> None:
    assert count_puzzles_in_text(f"{TEXT}\n{TEXT}\n") == 2


def test_strings_one_a_line_with_a_later_dash_left_out_are_not_read_joined() -> None:
    # The second string's '-' left out: its lines made one '-' in all, so they were read joined
    # as one wrapped string ("column 2's clue: clue 11 needs 11 cells", no line given).
    text = "1:1-1:1\n1:1:11:1:1\n"
    assert detect_text(text) != "string" or count_puzzles_in_text(text) == 2
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text, source="typed")
    assert caught.value.line == 2


def test_a_documents_dash_in_a_later_piece_is_said_at_its_line_and_character() -> None:
    # An en dash on line 2 of a wrapped string said "line 1, character 21: unknown puzzle
    # format ... expected '-'" where nothing is wrong (on one line it was named at itself).
    dash = TEXT.index("-")
    text = TEXT[:AT] + "\n" + TEXT[AT:dash] + "\u2013" + TEXT[dash + 1 :]
    assert AT < dash
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text, source="typed")
    error = caught.value
    assert (error.line, error.column) == (2, dash - AT + 1)
    assert "en dash" in error.message
