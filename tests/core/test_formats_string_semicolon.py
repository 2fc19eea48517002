"""A puzzle string with a ';' typed for ':' (the shift key missed; ':' is shift-';'): it was told
"numbers in one clue are separated by ',': '7,3'?" whatever was meant, the wrong fix for a ':'.
Now the ':' is named when the clues read so make a puzzle; alone when read with ',' they do not,
and both, with the size each makes, when both readings do (the person has the book)."""

from __future__ import annotations

import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_any_text, write_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import sample_puzzles

SAMPLES = [(name, p) for name, p in sample_puzzles() if isinstance(p, Puzzle)]


def _error(text: str) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        read_any_text(text, source="typed")
    return caught.value


def _token(text: str, at: int) -> str:
    """The item around character ``at`` (up to ',', ':' or '-')."""
    start, end = at, at + 1
    while start > 0 and text[start - 1] not in ",:-":
        start -= 1
    while end < len(text) and text[end] not in ",:-":
        end += 1
    return text[start:end]


def test_a_semicolon_for_a_colon_is_told_the_colon_not_the_comma() -> None:
    # 3 rows 1 | 1 | 1, 2 columns 1 | 2; read '1,1', row 2 needs 3 cells of the 2
    error = _error("1:1;1-1:2")
    assert "separated by ':': '1:1'?" in error.message
    assert "separated by ','" not in error.message
    assert error.column == 3 and error.clue == "row 2"


@pytest.mark.parametrize(("name", "puzzle"), SAMPLES, ids=[name for name, _ in SAMPLES])
def test_the_separator_meant_is_named_and_the_other_never_alone(name: str, puzzle: Puzzle) -> None:
    """Every ':' of the sample's string typed ';' in turn, and its first ten ',' (the 15
    samples: 520 ':', 150 ','): the one meant is named (298 of the 520 ':' alone: read with
    ',' the clues make no puzzle); the other is never named alone."""
    text = write_text(puzzle, "string").strip()
    size = f"{puzzle.width}x{puzzle.height} "
    commas = [i for i, c in enumerate(text) if c == ","][:10]
    colons = [i for i, c in enumerate(text) if c == ":"]
    for at in colons + commas:
        meant = text[at]
        typed = text[:at] + ";" + text[at + 1 :]
        message = _error(typed).message
        fixed = _token(typed, at).replace(";", meant)
        other = "," if meant == ":" else ":"
        assert f"separated by {other!r}" not in message, typed
        if f"separated by {meant!r}" in message:
            assert f"'{fixed}'?" in message
        else:  # both named, the book's size among the sizes
            assert f"'{fixed}'" in message and size in message, typed
