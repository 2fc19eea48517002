"""One item of a collection is read without reading the others: picking an item
builds only that item, so the other items' malformed clues do not stop it, while reading the
malformed item itself still names its line and column."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_all, read_file
from nonostudio.core.line import CROSSED, FILLED

# Each: (file name, content with a bad clue in item 1 and a good last item, the last item's id,
# its (rows, cols), the bad item's id, the bad clue's (line, column)).
CASES = {
    "taai": (
        "t.txt",
        "$1\n1\n1\t7x\n1\n1\n$2\n1\n1\n1\n1\n",
        "2",
        (((1,), (1,)), ((1,), (1,))),
        "1",
        (3, 3),
    ),
    "spoj": (
        "s.txt",
        "2\n1 1\n1 0\n1 q 0\n2 2\n1 0\n1 0\n1 0\n1 0\n",
        "2",
        (((1,), (1,)), ((1,), (1,))),
        "1",
        (4, 3),
    ),
    "picross": (
        "p.txt",
        "GRID a\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 q ]\nGRID b\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n",
        "b",
        (((1,),), ((1,),)),
        "a",
        (5, 5),
    ),
}


@pytest.mark.parametrize("fmt", sorted(CASES))
def test_the_last_item_reads_though_another_item_is_malformed(tmp_path: Path, fmt: str) -> None:
    name, text, last, (rows, cols), bad, (line, column) = CASES[fmt]
    path = tmp_path / name
    path.write_text(text)
    puzzle = read_file(path, last, fmt)
    assert (puzzle.rows, puzzle.cols) == (rows, cols)
    with pytest.raises(PuzzleError) as info:  # the bad item itself: its line and column
        read_file(path, bad, fmt)
    assert (info.value.line, info.value.column) == (line, column)
    with pytest.raises(PuzzleError):  # reading all of them still meets it
        read_all(path, fmt)


def test_taai_line_numbers_hold_for_every_line_ending(tmp_path: Path) -> None:
    text = "\n$1\n1\n1\n$2\n1\n1\n1\n1 z\n"
    for ending in ("\n", "\r\n", "\r"):
        path = tmp_path / "t.txt"
        path.write_bytes(("\ufeff" + text.replace("\n", ending)).encode())
        assert read_file(path, "1", "taai").rows == ((1,),)
        with pytest.raises(PuzzleError) as info:
            read_file(path, "2", "taai")
        assert (info.value.line, info.value.column, info.value.clue) == (9, 3, "row 2"), ending
        odd = text.replace("1\n1\n1\n1 z", "1\n1\n1")  # item 2: three clue lines
        path.write_bytes(odd.replace("\n", ending).encode())
        with pytest.raises(PuzzleError, match="as many column lines") as info:
            read_file(path, "2", "taai")
        assert info.value.line == 5


def test_taai_text_before_any_header_is_a_puzzle_with_the_empty_id(tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    path.write_text("1\n1\n$7\n1\n1\n")
    assert [ident for ident, _ in read_all(path, "taai")] == ["", "7"]


def test_janko_last_item_reads_past_a_malformed_one_and_keeps_its_goal(tmp_path: Path) -> None:
    items = {
        "bad": {"problem": "1 1\n1\nq"},
        "last": {"problem": "1 2\n1\n0\n1", "solution": "1 2\nx -"},
    }
    path = tmp_path / "j.json"
    path.write_text(json.dumps({"data": items}))
    puzzle = read_file(path, "last")
    assert (puzzle.rows, puzzle.cols) == (((1,),), ((1,), ()))
    assert puzzle.goal is not None
    np.testing.assert_array_equal(puzzle.goal, [[FILLED, CROSSED]])
    with pytest.raises(PuzzleError) as info:
        read_file(path, "bad")
    assert info.value.line == 3 and info.value.clue == "row 1"
    items["last"]["solution"] = "1 2\nx o"
    path.write_text(json.dumps({"data": items}))
    with pytest.raises(PuzzleError, match="'x' \\(filled\\) or '-'"):
        read_file(path, "last")
