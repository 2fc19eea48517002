"""A puzzle file copied from a web page or a word processor has no-break spaces (U+00A0, the
narrow U+202F) where spaces were: a Wilk .nin so copied was detected as an Olšák .mk and refused
("expected '#' after the 40 row clues"), though the .nin reader reads it."""

from __future__ import annotations

import pytest

from nonostudio.core.formats import detect_format, read_text

NIN = "3 2\n1 1\n3\n2\n1\n2\n"


@pytest.mark.parametrize("space", ["\u00a0", "\u202f"])
def test_a_nin_with_no_break_spaces_is_detected_and_read(space: str) -> None:
    typed = NIN.replace(" ", space)
    assert detect_format(typed) == "nin"
    puzzle = read_text(typed, "copied")
    assert (puzzle.rows, puzzle.cols) == (read_text(NIN).rows, read_text(NIN).cols)
