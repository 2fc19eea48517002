"""webpbn XML blots: a ``<count>0</count>`` is a hidden block of unknown length, refused by name."""

from __future__ import annotations

import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_text

# pbnsolve calls this "contradiction": column 2's blot is at least 1 long, so the columns fill at
# least 3 cells and the rows 2; read as no block, it would be unique and line-solvable
BLOT = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="black">
<clues type="columns"><line><count>1</count></line><line><count>0</count></line>
<line><count>1</count></line></clues>
<clues type="rows"><line><count>1</count><count>1</count></line><line></line><line></line></clues>
</puzzle></puzzleset>
"""


def test_a_blot_is_refused_naming_its_line_clue_and_item() -> None:
    with pytest.raises(PuzzleError) as info:
        read_text(BLOT, source="blot.xml")
    err = info.value
    line = BLOT.splitlines()[2]
    assert (err.line, err.column, err.clue) == (3, line.index("<count>0") + 1, "column 2")
    assert "at item 1 of the clue is a blot (a hidden block of unknown length" in err.message


def test_a_blot_after_a_block_names_its_item() -> None:
    text = BLOT.replace(
        "<line><count>0</count></line>", "<line><count>1</count><count>0</count></line>"
    )
    with pytest.raises(PuzzleError, match="at item 2 of the clue is a blot") as info:
        read_text(text, source="blot.xml")
    assert info.value.clue == "column 2"
