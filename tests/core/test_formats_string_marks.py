"""A puzzle string with another mark typed for its '-' ('_', '|', '=') or for every ':' of a side
(';', spaces, as a book prints clues apart): said at the mark, with what to type, when read so
the clues make a puzzle.  Before, the '-' was 'expected' at the end of the text, and '3;2,1;3,2'
was told 'numbers in one clue are separated by ','', a false reason."""

from __future__ import annotations

import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_text

#: The Duck, the format notes' example (9 rows, 8 columns).
DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"
ROWS, COLS = DUCK.split("-")


def _error(text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        read_text(text, "t", "string")
    return caught.value


@pytest.mark.parametrize("mark", ["_", "|", "=", "+"])
def test_a_mark_typed_for_the_dash_is_named_where_it_is(mark: str) -> None:
    error = _error(f"{ROWS}{mark}{COLS}")
    assert f"found '{mark}': type '-' for it" in error.message
    assert error.column == len(ROWS) + 1


def test_a_mark_where_no_dash_makes_a_puzzle_is_not_named() -> None:
    error = _error(DUCK.replace("-", ":").replace("2,1:3,2", "2,1_3,2"))
    assert "type '-' for it" not in error.message


@pytest.mark.parametrize(
    ("typed", "words", "column"),
    [
        (DUCK.replace(":", ";"), "the row and column clues are separated by ':', found ';'", 2),
        (DUCK.replace(":", " "), "the row and column clues are separated by ':', found spaces", 2),
        (ROWS.replace(":", ";") + "-" + COLS, "the row clues are separated by ':', found ';'", 2),
        (
            ROWS + "-" + COLS.replace(":", " "),
            "the column clues are separated by ':', found spaces",
            len(ROWS) + 5,
        ),
    ],
)
def test_semicolons_or_spaces_for_every_colon_of_a_side_are_said_so(
    typed: str, words: str, column: int
) -> None:
    error = _error(typed)
    assert words in error.message
    assert "numbers in one clue" not in error.message
    assert error.column == column


def test_spaces_that_read_as_commas_too_are_said_as_before() -> None:
    """'1 1-1:1:1' reads with ',' (one row 1 1) and with ':' no puzzle: the comma hint stays."""
    error = _error("1 1-1:0:1")
    assert "numbers in one clue are separated by ','" in error.message
