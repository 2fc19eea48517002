"""One-colour files: a palette of the background and one colour other than black on white (red
on white, black on yellow) is a colour puzzle's and keeps its colour through reading, writing
(XML, .non, .g) and solving; black on white reads as black and white, as it always did."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nonostudio.cli.app import main
from nonostudio.core.colour.model import BLACK, WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.formats import read_any, read_any_text, read_file, write_file, write_text
from nonostudio.core.puzzle import Puzzle

RED = Colour("red", "#ff0000", "r")
YELLOW = Colour("yellow", "#ffff00", "y")


RED_ON_WHITE = Palette((WHITE, RED))


def _red_cross(palette: Palette = RED_ON_WHITE) -> ColourPuzzle:
    """A 3x3 plus sign in the palette's one colour (unique and line-solvable)."""
    rows = (((1, 1),), ((3, 1),), ((1, 1),))
    return ColourPuzzle(palette, rows, rows, title="cross")


@pytest.mark.parametrize("fmt", ["xml", "non", "g"])
@pytest.mark.parametrize(
    "palette", [Palette((WHITE, RED)), Palette((YELLOW, BLACK))], ids=["red", "black-on-yellow"]
)
def test_one_colour_round_trips_keep_the_palette(fmt: str, palette: Palette) -> None:
    puzzle = _red_cross(palette)
    again = read_any_text(write_text(puzzle, fmt), fmt=fmt)
    assert isinstance(again, ColourPuzzle), f"{fmt}: read back as black and white"
    assert [c.rgb for c in again.palette.colours] == [c.rgb for c in palette.colours]
    assert again.palette[1].name == palette[1].name
    assert (again.rows, again.cols) == (puzzle.rows, puzzle.cols)
    # and once more: what was read writes the same text
    assert write_text(again, fmt) == write_text(read_any_text(write_text(again, fmt), fmt=fmt), fmt)


def test_webpbn_xml_of_one_colour_by_default_colour() -> None:
    """As webpbn writes a red puzzle: counts without a colour attribute take ``defaultcolor``."""
    text = """<?xml version="1.0"?>
<puzzleset><puzzle type="grid" defaultcolor="red">
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<clues type="columns"><line><count>2</count></line><line><count>1</count></line></clues>
<clues type="rows"><line><count>2</count></line><line><count>1</count></line></clues>
</puzzle></puzzleset>
"""
    puzzle = read_any_text(text)
    assert isinstance(puzzle, ColourPuzzle)
    assert puzzle.palette[1].rgb == "#ff0000" and puzzle.rows == (((2, 1),), ((1, 1),))
    # black-and-white callers still get the clues (they never see colour)
    assert isinstance(read_any_text(text.replace("f00<", "000<").replace("red", "black")), Puzzle)


def test_non_with_one_declared_colour() -> None:
    text = "width 2\nheight 2\ncolor a #00a000 green\n\nrows\n2a\n1a\n\ncolumns\n2a\n1a\n"
    puzzle = read_any_text(text, fmt="non")
    assert isinstance(puzzle, ColourPuzzle) and puzzle.palette[1].rgb == "#00a000"


def test_black_on_white_reads_as_black_and_white() -> None:
    """The palette {white, black} is black and white whatever its names and characters."""
    bw = Puzzle(((1,), (3,), (1,)), ((1,), (3,), (1,)), title="cross")
    named = Palette((Colour("blank", "#ffffff", "-"), Colour("ink", "#000000", "X")))
    for fmt in ("xml", "non"):
        for text in (write_text(bw, fmt), write_text(_red_cross(named), fmt)):
            again = read_any_text(text, fmt=fmt)
            assert isinstance(again, Puzzle), fmt
            assert (again.rows, again.cols) == (bw.rows, bw.cols)


def test_solve_keeps_the_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "red.xml"
    write_file(_red_cross(), path)
    [(_, read)] = read_any(path)
    assert isinstance(read, ColourPuzzle) and read.palette[1] == RED
    assert main(["solve", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["rgb"] for c in data["palette"]] == ["#ffffff", "#ff0000"]
    assert data["solution"] == [".r.", "rrr", ".r."]


def test_black_and_white_readers_still_read_the_clues(tmp_path: Path) -> None:
    """``read_file`` (black and white only) reads a one-colour file as its clues, as before."""
    path = tmp_path / "red.non"
    write_file(_red_cross(), path)
    puzzle = read_file(path)
    assert isinstance(puzzle, Puzzle) and puzzle.rows == ((1,), (3,), (1,))


def test_a_collection_the_colour_reader_refuses_is_tried_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A black-and-white collection that mentions colour is read by the colour reader once, not
    once per item, when that reader refuses it; every item reads as black and white."""
    from dataclasses import replace

    from nonostudio.core import formats
    from nonostudio.core.errors import PuzzleError

    calls = []

    def refuse(data: bytes, source: str) -> list:  # type: ignore[type-arg]
        calls.append(source)
        raise PuzzleError("not for the colour reader", source=source)

    monkeypatch.setitem(
        formats._BY_NAME, "xml", replace(formats._BY_NAME["xml"], colour_entries=refuse)
    )
    one = write_text(Puzzle(((1,),), ((1,),)), "xml")
    inner = one.split("<puzzleset>")[1].split("</puzzleset>")[0]
    text = f"<puzzleset>{inner * 3}</puzzleset>\n"
    assert "color" in text
    puzzles = [build() for _, build in formats._any_entries(text.encode(), "set.xml", "xml", None)]
    assert len(puzzles) == 3 and all(isinstance(p, Puzzle) for p in puzzles)
    assert calls == ["set.xml"]
