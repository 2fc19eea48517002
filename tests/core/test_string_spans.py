"""Where a clue is in a puzzle string, and the clues typed as nothing (the facts the Paste
Puzzle String dialog marks): core.formats.strings.clue_span and empty_fields."""

from __future__ import annotations

from nonostudio.core.formats.strings import clue_span, empty_fields, read_string


def test_clue_span_finds_a_clue_of_a_puzzle_string() -> None:
    text = " 3:2,1:3-1,2:4"
    assert text[slice(*clue_span(text, "row", 1))] == "2,1"
    assert text[slice(*clue_span(text, "column", 0))] == "1,2"
    assert clue_span(text, "column", 5) is None
    assert clue_span("2x2:1/1/1/1", "row", 0) is None


def test_empty_fields_name_a_separator_typed_twice_or_one_too_many() -> None:
    doubled = "1:1::1-1:1:1"
    spans = empty_fields(doubled, read_string(doubled))
    assert [(axis, index) for axis, index, _ in spans] == [("row", 2)]
    assert doubled[slice(*spans[0][2])] == "::"
    trailing = "1:1:1-1:1:1:"
    spans = empty_fields(trailing, read_string(trailing))
    assert [(axis, index) for axis, index, _ in spans] == [("column", 3)]
    assert trailing[slice(*spans[0][2])] == ":"
    typed_zero = "1:1:0:1-1:1:1:0"
    assert empty_fields(typed_zero, read_string(typed_zero)) == []
