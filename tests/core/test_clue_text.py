"""Typed clue text: parsing, messages that name the clue, round trips (no Qt)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nonostudio.core.clue_text import (
    clues_to_text,
    parse_clue_line,
    parse_clue_text,
    totals_problem,
)


def test_separators_and_empty_clues() -> None:
    assert parse_clue_line(" 3, 1  2;4 ", "row 1", 20) == ((3, 1, 2, 4), None)
    assert parse_clue_line("", "row 1", 5) == ((), None)
    assert parse_clue_line("0", "row 1", 5) == ((), None)


def test_messages_name_the_clue() -> None:
    assert parse_clue_line("1 3a", "row 4", 10)[1] == "row 4: '3a' is not a number"
    # (a 30 cannot be meant in a row of 9 cells: no letter named)
    assert parse_clue_line("3O", "row 4", 9)[1] == "row 4: '3O' is not a number"
    assert parse_clue_line("5 5", "row 4", 10)[1] == (
        "row 4: clue 5 5 needs 11 cells but the row has 10"
    )
    assert parse_clue_line("2 -1", "column 2", 10)[1] == (
        "column 2: clue numbers cannot be negative ('-1')"
    )


def test_line_count_and_problem_lines() -> None:
    clues, problems = parse_clue_text("1\nx\n2 2 2\n", "column", 3, 4)
    assert clues == ((1,), (), ())
    assert [(p.index, p.message) for p in problems] == [
        (1, "column 2: 'x' is not a number"),
        (2, "column 3: clue 2 2 2 needs 8 cells but the column has 4"),
    ]
    _, problems = parse_clue_text("1\n1", "row", 3, 4)
    assert problems[-1].message.startswith("rows: 2 clue lines but the puzzle has 3 rows")
    _, problems = parse_clue_text("1\n1\n1\n1", "row", 3, 4)
    assert problems[-1].index == 3 and "only 3 rows" in problems[-1].message
    # Trailing blank lines beyond the count are ignored, blank lines inside are empty clues.
    assert parse_clue_text("1\n\n2\n\n\n", "row", 3, 4) == (((1,), (), (2,)), [])


def test_totals() -> None:
    assert totals_problem(((1,), (2,)), ((3,),)) is None
    assert totals_problem(((1,),), ((2,),)) == (
        "row clues fill 1 cells but column clues fill 2; the totals must be equal"
    )


clue = st.lists(st.integers(1, 9), max_size=4).map(tuple)


@given(st.lists(clue, min_size=1, max_size=8))
def test_round_trip(clues: list[tuple[int, ...]]) -> None:
    text = clues_to_text(clues)
    assert parse_clue_text(text, "row", len(clues), 60) == (tuple(clues), [])


@given(st.text(max_size=40), st.integers(1, 30))
def test_never_crashes_on_junk(text: str, length: int) -> None:
    clues, problems = parse_clue_text(text, "row", 3, length)
    assert len(clues) == 3
    assert all(p.message.startswith("row") for p in problems)


def test_readable_clue_text_keeps_a_clue_too_long_and_refuses_what_is_not_clues() -> None:
    from nonostudio.core.clue_text import long_clue_problem, readable_clue_text

    assert readable_clue_text("1 1 12\n2\n\n", "row", 2, 15) == ((1, 1, 12), (2,))
    assert readable_clue_text("1 x\n2", "row", 2, 15) is None  # not a number
    assert readable_clue_text("1\n2\n3", "row", 2, 15) is None  # a line too many
    assert readable_clue_text("1", "row", 2, 15) is None  # a line missing
    rows, cols = ((1, 1, 12), (2,)), ((1,),) * 15
    assert long_clue_problem(rows, cols) == "row 1: clue 1 1 12 needs 16 cells but the row has 15"
    assert (
        long_clue_problem(((1,), (2,)), ((3,), (1,)))
        == "column 1: clue 3 needs 3 cells but the column has 2"
    )
    assert long_clue_problem(((1,), (1,)), ((1,), (1,))) is None


def test_a_0_beside_other_numbers_is_refused_naming_the_line() -> None:
    # it read '0 1' as '1' (a silently changed clue); the file readers refuse it too
    clue, error = parse_clue_line("0 1", "row 3", 10)
    assert clue == () and error is not None
    assert error.startswith("row 3: a 0 beside other numbers ('0 1';")
    assert parse_clue_line("2, 0", "column 7", 10)[1].startswith("column 7: a 0 beside")  # type: ignore[union-attr]
    assert parse_clue_line(" 0 ", "row 1", 5) == ((), None)  # a lone 0 is the empty clue
    rows, problems = parse_clue_text("1\n0 1\n0", "row", 3, 4)
    assert [p.index for p in problems] == [1] and rows == ((1,), (), ())


def _token_at_a_time(text: str, name: str, length: int) -> tuple[tuple[int, ...], str | None]:
    """parse_clue_line as it was before clean lines got their regular expression (a token at
    a time), the reference the fast path must equal."""
    import re

    from nonostudio.core.clue_text import _token_hint, _too_long

    numbers: list[int] = []
    for token in re.split(r"[\s,;]+", text.strip()):
        if not token:
            continue
        if not token.isdecimal():
            if token.startswith("-") and token[1:].isdecimal():
                return (), f"{name}: clue numbers cannot be negative ('{token}')"
            return (), f"{name}: '{token}' is not a number{_token_hint(token, length)}"
        numbers.append(int(token))
    if len(numbers) > 1 and 0 in numbers:
        return (), (
            f"{name}: a 0 beside other numbers ('{text.strip()}'; a lone 0 is an empty line's "
            "clue, blocks are at least 1 long)"
        )
    clue = tuple(n for n in numbers if n)
    return clue, _too_long(clue, name, length)


_TYPED = st.text(alphabet="0123456789 ,;\t-x\u0663\u00a0", max_size=14)


@given(st.lists(_TYPED, max_size=6), st.integers(0, 6), st.integers(1, 12))
def test_clean_lines_read_as_a_token_at_a_time_and_each_line_read_once(
    lines: list[str], count: int, length: int
) -> None:
    """parse_clue_line (a regular expression for clean lines) gives what reading a token at a
    time gives, clue and message, on random clean and bad lines; read_clue_text's lines that
    are not clues are the lines parse_clue_line refuses plus those not typed."""
    from nonostudio.core.clue_text import read_clue_text

    for i, line in enumerate([*lines, "3 0 1", " 12,3;4 ", "0", "", "2 -1", "7 7"]):
        assert parse_clue_line(line, f"row {i + 1}", length) == _token_at_a_time(
            line, f"row {i + 1}", length
        )
    text = "\n".join(lines)
    read = read_clue_text(text, "row", count, length)
    assert (read.clues, read.problems) == parse_clue_text(text, "row", count, length)
    typed = text.split("\n")
    names = [f"row {i + 1}" for i in range(len(typed))]
    refused = {
        i for i, line in enumerate(typed[:count]) if parse_clue_line(line, names[i], length)[1]
    }
    assert read.not_clues == refused | set(range(len(typed), count))


@pytest.mark.parametrize(
    ("typed", "hint"),
    [
        ("1 3O", "'3O' is not a number (the letter O typed for 0?)"),
        ("l 2", "'l' is not a number (the letter l typed for 1?)"),
        ("2 lO", "'lO' is not a number (letters typed for digits: l for 1, O for 0?)"),
        ("1.3", "'1.3' is not a number (numbers are separated by spaces or commas: '1 3'?)"),
        ("2 1/1", "'1/1' is not a number (numbers are separated by spaces or commas: '1 1'?)"),
    ],
)
def test_a_typed_token_that_is_no_number_is_told_what_it_seems_meant_for(
    typed: str, hint: str
) -> None:
    """Type clues said "row 4: '3O' is not a number" and no more, where the .non reader names
    the letter typed for a digit and the puzzle string the separator; a token with neither
    (a word) is said as before."""
    assert parse_clue_line(typed, "row 4", 40) == ((), f"row 4: {hint}")
    assert parse_clue_line("1 3a", "row 4", 10)[1] == "row 4: '3a' is not a number"
    # (a 30 cannot be meant in a row of 9 cells: no letter named)
    assert parse_clue_line("3O", "row 4", 9)[1] == "row 4: '3O' is not a number"


@pytest.mark.parametrize("token", ["l" * 5000, "1" * 5000, "0" * 5000 + "3", "7" * 19])
def test_a_number_of_thousands_of_digits_is_a_message_not_an_error(token: str) -> None:
    # int() refuses a number past 4,300 digits: parse_clue_line raised ValueError (a reviewer's
    # 'l' * 5000 through the look-alike hint; '1' * 5000 through the clean path)
    clue, problem = parse_clue_line(token, "row 1", 5)
    if token.lstrip("0") == "3":
        assert (clue, problem) == ((3,), None)
    else:
        assert clue == () and problem is not None and problem.startswith("row 1: ")
        assert len(problem) < 120


def test_a_bar_typed_for_1_is_called_a_mark_not_a_letter() -> None:
    # '|' was "the letter | typed for 1" in the typed clues and every reader (a reviewer's note)
    from nonostudio.core.errors import PuzzleError
    from nonostudio.core.formats import read_text

    assert (
        parse_clue_line("|", "row 1", 5)[1]
        == "row 1: '|' is not a number (the mark | typed for 1?)"
    )
    with pytest.raises(PuzzleError) as caught:
        read_text("1:|-1:1", fmt="string")
    assert "(the mark | typed for 1?)" in caught.value.message
