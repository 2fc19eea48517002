"""A ``.nin`` or CWD file a clue line short (or long): its sections are not marked, so which line
is left out (or typed twice) cannot be told from where the file ends (the reader named the last
column's, or the last line as a surplus one).  When the
clues fit only a row left out (or only a column), the clues go to the typo finder as a
``.non``'s do, which offers each place that makes one picture; when both fit, the words say so
and name no line."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from nonostudio.analysis.typos.finder import find_typos
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_text
from nonostudio.core.formats.non import LineCountError

#: An A: ``.###.``, ``#...#``, ``#####``, ``#...#``, ``#...#`` (one picture).
ROWS = ["3", "1 1", "5", "1 1", "1 1"]
COLS = ["4", "1 1", "1 1", "1 1", "4"]


def _nin(rows: list[str], cols: list[str]) -> str:
    return "\n".join(["5 5", *rows, *cols]) + "\n"


def _cwd(rows: list[str], cols: list[str]) -> str:
    return "\n".join(["5", "5", *rows, "", *cols]) + "\n"


def _truth() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    puzzle = read_text(_nin(ROWS, COLS), "a.nin", "nin")
    return puzzle.rows, puzzle.cols


@pytest.mark.parametrize(
    ("fmt", "make", "rows", "cols", "axis"),
    [
        ("nin", _nin, ROWS[:1] + ROWS[2:], COLS, "row"),  # row 2 left out
        ("cwd", _cwd, ROWS[:1] + ROWS[2:], COLS, "row"),
        ("cwd", _cwd, ROWS, COLS[:4], "column"),  # the blank line says the columns are short
    ],
)
def test_a_line_left_out_goes_to_the_typo_finder_which_puts_it_back(
    fmt: str,
    make: Callable[[list[str], list[str]], str],
    rows: list[str],
    cols: list[str],
    axis: str,
) -> None:
    with pytest.raises(LineCountError) as info:
        read_text(make(rows, cols), f"a.{fmt}", fmt)
    error = info.value
    assert error.size == (5, 5) and error.clues is not None
    assert (len(error.clues[0]), len(error.clues[1])) == (len(rows), len(cols))
    assert f"a {axis} seems left out" in error.message and "clue 5 of 5" not in error.message
    report = find_typos(*error.clues, size=error.size, time_limit=10)
    assert _truth() in [(fix.rows, fix.cols) for fix in report.line_fixes]
    assert {fix.axis for fix in report.line_fixes} == {axis}


@pytest.mark.parametrize(
    ("fmt", "make", "rows", "cols", "axis"),
    [
        ("nin", _nin, ROWS[:3] + ROWS[2:], COLS, "row"),  # row 3 typed twice
        ("cwd", _cwd, ROWS, COLS[:2] + COLS[1:], "column"),  # column 2 typed twice
    ],
)
def test_a_line_typed_twice_goes_to_the_typo_finder_which_drops_it(
    fmt: str,
    make: Callable[[list[str], list[str]], str],
    rows: list[str],
    cols: list[str],
    axis: str,
) -> None:
    # it named the last line 'a surplus line after the 5 row and 5 column clues'
    with pytest.raises(LineCountError) as info:
        read_text(make(rows, cols), f"a.{fmt}", fmt)
    error = info.value
    assert error.clues is not None
    assert (len(error.clues[0]), len(error.clues[1])) == (len(rows), len(cols))
    assert f"a {axis} seems typed twice or one too many" in error.message
    report = find_typos(*error.clues, size=error.size, time_limit=10)
    assert _truth() in [(fix.rows, fix.cols) for fix in report.line_fixes]


def test_a_line_typed_twice_that_could_be_a_row_or_a_column_is_said_so() -> None:
    # row 2 (1 1) typed twice: the last row and the columns (1 1 and 1 1 beside each other)
    # could as well hold a column typed twice; it named the last line as the surplus one
    with pytest.raises(PuzzleError) as info:
        read_text(_nin(ROWS[:2] + ROWS[1:], COLS), "a.nin", "nin")
    assert not isinstance(info.value, LineCountError) and info.value.line == 1
    assert "a row or a column seems typed twice or one too many" in info.value.message


def test_a_surplus_line_that_is_no_clue_is_said_as_it_was() -> None:
    with pytest.raises(PuzzleError) as info:
        read_text(_nin(ROWS, COLS) + "the end\n", "a.nin", "nin")
    assert not isinstance(info.value, LineCountError)
    assert info.value.message.startswith("a surplus line after the 5 row and 5 column clues")


def test_when_a_row_and_a_column_both_fit_the_words_say_so() -> None:
    # rows 1, 1 and column 1 of a 2x2: a row of 1 or a column of 1 left out
    with pytest.raises(PuzzleError) as info:
        read_text("2 2\n1\n1\n1\n", "short.nin", "nin")
    assert not isinstance(info.value, LineCountError)
    assert "a row or a column seems left out" in info.value.message
    assert info.value.line == 1  # the header's line, not one of the clue lines


def test_a_bad_last_clue_is_said_as_it_is() -> None:
    # it said '... the file has 4 clue lines ... 4; 0 lines left out, or the header wrong?'
    with pytest.raises(PuzzleError) as info:
        read_text("2 2\n1\n1\n1\nx\n", "bad.nin", "nin")
    assert info.value.clue == "column 2" and "left out" not in info.value.message
