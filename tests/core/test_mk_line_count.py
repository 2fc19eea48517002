"""An Olšák ``.mk`` one clue line short or long of the size its header declares (a line left out
or typed twice) keeps its clues and size for the typo finder, as a ``.non`` does: it was an
error only ("expected 25 row clues, found only 24 before '#'"), where check, File > Open and
the Paste dialog offer a ``.non`` the line put back."""

from __future__ import annotations

import pytest

from nonostudio.analysis.typos import find_typos
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_text
from nonostudio.core.formats.non import LineCountError

ROWS = ["2", "6", "1 1", "3 2", "0", "2"]
COLS = ["1 1", "3", "2 1", "2", "3 1", "1 1 1"]


def _mk(rows: list[str], cols: list[str], height: int = 6, width: int = 6) -> str:
    return f"{height} {width}\n" + "\n".join(rows) + "\n#\n" + "\n".join(cols) + "\n"


def test_a_row_left_out_keeps_the_clues_and_the_size_and_the_line_is_found() -> None:
    with pytest.raises(LineCountError) as caught:
        read_text(_mk(ROWS[:3] + ROWS[4:], COLS), fmt="mk")
    error = caught.value
    assert "expected 6 row clues, found only 5 before '#'" in str(error) and error.line == 7
    assert error.size == (6, 6) and error.clues is not None
    rows, cols = error.clues
    assert len(rows) == 5 and cols[5] == (1, 1, 1)
    assert error.clue_lines is not None and error.clue_lines["column 1"] == 8
    fixes = find_typos(*error.clues, size=error.size).line_fixes
    assert [(f.axis, f.index, f.clue) for f in fixes] == [("row", 3, (3, 2))]


def test_a_column_typed_twice_keeps_the_clues_too() -> None:
    with pytest.raises(LineCountError) as caught:
        read_text(_mk(ROWS, COLS[:2] + COLS[1:]), fmt="mk")
    assert caught.value.clues is not None and len(caught.value.clues[1]) == 7


@pytest.mark.parametrize(
    "text",
    [
        _mk(ROWS[:3] + ROWS[4:], COLS[:5]),  # both sections short: the header is wrong
        _mk(ROWS[:3] + ["3 x"] + ROWS[5:], COLS),  # another mistake: said first
        _mk(ROWS[:2] + ROWS[4:], COLS),  # two lines left out
    ],
)
def test_other_mistakes_are_said_as_before(text: str) -> None:
    with pytest.raises(PuzzleError) as caught:
        read_text(text, fmt="mk")
    assert not isinstance(caught.value, LineCountError)
