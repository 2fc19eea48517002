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


def test_a_line_typed_twice_that_could_be_a_row_or_a_column_offers_both_readings() -> None:
    # row 4 (1 1) typed twice: the rows' side and the columns' (column 1 would then be 1 1
    # typed twice, column 2 ...) both fit; it was an error only, naming no fix
    with pytest.raises(LineCountError) as info:
        read_text(_nin(ROWS[:4] + ROWS[3:], COLS), "a.nin", "nin")
    error = info.value
    assert error.line == 1  # the header's line, not one of the clue lines
    assert "a row or a column seems typed twice or one too many" in error.message
    assert len(error.readings) == 2 and error.readings[0] == error.clues
    report = find_typos(*error.clues, size=error.size, readings=error.readings, time_limit=10)
    assert _truth() in [(fix.rows, fix.cols) for fix in report.line_fixes]
    assert "a row or a column seems typed twice" in report.problem


def test_a_surplus_line_that_is_no_clue_is_said_as_it_was() -> None:
    with pytest.raises(PuzzleError) as info:
        read_text(_nin(ROWS, COLS) + "the end\n", "a.nin", "nin")
    assert not isinstance(info.value, LineCountError)
    assert info.value.message.startswith("a surplus line after the 5 row and 5 column clues")


def test_when_a_row_and_a_column_both_fit_the_words_say_so() -> None:
    # rows 1, 1 and column 1 of a 2x2: a row of 1 or a column of 1 left out
    with pytest.raises(LineCountError) as info:
        read_text("2 2\n1\n1\n1\n", "short.nin", "nin")
    assert "a row or a column seems left out" in info.value.message
    assert info.value.line == 1  # the header's line, not one of the clue lines


@pytest.mark.parametrize(("fmt", "make"), [("nin", _nin), ("cwd", _cwd)])
def test_when_both_fit_each_reading_is_searched_and_the_book_s_puzzle_offered(
    fmt: str, make: Callable[[list[str], list[str]], str]
) -> None:
    # column 1 (4) left out: the first reading (a row left out) cannot give the picture; it
    # was an error only ('a row or a column seems left out ...'), no fix offered.  (A CWD's
    # blank line would say where the columns start: typed without it, the lines do not.)
    text = make(ROWS, COLS[1:]).replace("\n\n", "\n")
    with pytest.raises(LineCountError) as info:
        read_text(text, f"a.{fmt}", fmt)
    error = info.value
    assert [(len(r), len(c)) for r, c in error.readings] == [(4, 5), (5, 4)]
    assert error.readings[0] == error.clues
    # where each side's lines were read: a column's in the column reading (the rows all 5)
    first = 2 if fmt == "nin" else 3
    assert error.clue_lines is not None
    assert error.clue_lines["column 1"] == first + 5 and error.clue_lines["row 5"] == first + 4
    report = find_typos(*error.clues, size=error.size, readings=error.readings, time_limit=10)
    assert _truth() in [(fix.rows, fix.cols) for fix in report.line_fixes]
    assert {fix.axis for fix in report.line_fixes} == {"column"}
    assert "a row or a column seems left out" in report.problem


def test_fixes_of_both_readings_are_offered_each_naming_its_side() -> None:
    # column 2 (1 1) left out: a row 1 1 put back (row 4) makes one picture too
    with pytest.raises(LineCountError) as info:
        read_text(_nin(ROWS, COLS[:1] + COLS[2:]), "a.nin", "nin")
    error = info.value
    report = find_typos(*error.clues, size=error.size, readings=error.readings, time_limit=10)
    assert {fix.axis for fix in report.line_fixes} == {"row", "column"}
    assert _truth() in [(fix.rows, fix.cols) for fix in report.line_fixes]
    for fix in report.line_fixes:  # each says which side it puts back
        assert fix.text().startswith(f"{fix.axis} clues: 4 lines; one seems to be missing")
        assert (len(fix.cols), len(fix.rows)) == error.size


def test_a_bad_last_clue_is_said_as_it_is() -> None:
    # it said '... the file has 4 clue lines ... 4; 0 lines left out, or the header wrong?'
    with pytest.raises(PuzzleError) as info:
        read_text("2 2\n1\n1\n1\nx\n", "bad.nin", "nin")
    assert info.value.clue == "column 2" and "left out" not in info.value.message
