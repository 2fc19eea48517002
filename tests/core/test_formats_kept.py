"""What a saved file does not keep (formats.kept): a puzzle string and a Tatham id hold the
clues alone, so a title typed in the editor and saved as .txt was lost with nothing said.
The words are checked against the file read back, for every writable format."""

from __future__ import annotations

import pytest

from nonostudio.core.formats import FORMATS, read_any_text, write_text
from nonostudio.core.formats.kept import lost_on_reading, not_kept, not_kept_text
from nonostudio.core.puzzle import Puzzle

TEE = [[1, 1, 1], [0, 1, 0]]


@pytest.mark.parametrize("fmt", [f.name for f in FORMATS if f.can_write])
def test_what_is_said_lost_is_what_reading_the_file_back_loses(fmt: str) -> None:
    full = Puzzle.from_grid(TEE).with_meta(
        title="Tee", author="Me", copyright="(c) Me", licence="CC0", notes="from page 3"
    )
    for puzzle in (full, full.without_goal(), Puzzle.from_grid(TEE).without_goal()):
        again = read_any_text(write_text(puzzle, fmt), fmt=fmt)
        assert not_kept(puzzle, fmt) == lost_on_reading(puzzle, again), fmt


def test_the_words_name_what_is_lost() -> None:
    duck = Puzzle.from_grid(TEE, title="Duck").without_goal()
    assert not_kept(duck, "string") == ["title"]
    assert not_kept_text(["title"], "duck.txt") == (
        "Saved. duck.txt has no place for the title: it is not in the file (.non and webpbn "
        "XML keep it)."
    )
    assert "the title, author and picture: they are not" in not_kept_text(
        ["title", "author", "picture"], "duck.txt"
    )
    assert not_kept(duck, "non") == [] and not_kept_text([], "duck.non") == ""
