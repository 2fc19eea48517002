"""A ``.non`` property is written as other programs read it: "Flag & Boat" stays so in the
file (it was written ``"Flag &amp; Boat"``, which a reader that does not decode HTML shows as
such), a double quote is ``&quot;``, and whatever the reader would decode is escaped, so that
every value reads back as it was."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nonostudio.core.formats import read_any_text, write_text
from nonostudio.core.puzzle import Puzzle

BASE = Puzzle(((1,), (1,)), ((1,), (1,)))


@pytest.mark.parametrize(
    "title",
    ["Flag & Boat", 'The "big" one', "a &amp; b", "&copy 2024", "<tag> & more", "x & y;", "&#38;"],
)
def test_a_title_reads_back_as_it_was_written(title: str) -> None:
    text = write_text(replace(BASE, title=title, author="Tom & Jerry"), "non")
    back = read_any_text(text, "x.non")
    assert (back.title, back.author) == (title, "Tom & Jerry")


def test_an_ampersand_is_written_as_it_is_where_nothing_would_decode_it() -> None:
    text = write_text(replace(BASE, title="Flag & Boat", author='Ann "A" B'), "non")
    assert 'title "Flag & Boat"' in text.splitlines()
    assert 'by "Ann &quot;A&quot; B"' in text.splitlines()
