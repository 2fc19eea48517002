"""The extensions an unknown OUT's message lists are the ones the command takes: ``convert``
draws .png, .svg and .pdf besides the puzzle formats (the message left them out); a command
that does not draw (the studio's Save, ``generate -o``) does not offer them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nonostudio.cli import main as bare_main
from nonostudio.console import main  # the command line with the studio's picture writer
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import UnsupportedFormatError, parse_puzzle_arg, write_file

DANCER = "2:2,1:1,1:3:1,1:1,1:2:1,1:1,2:2-2,1:2,1,3:7:1,3:2,1"
PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))


def _listed(message: str) -> list[str]:
    found = re.search(r"use one of (.*)$", message.strip())
    assert found, message
    return [ext.strip() for ext in found.group(1).split(",")]


def _colour(tmp_path: Path) -> Path:
    rows, cols = clues_of_colour_grid(((1, 2, 0), (2, 1, 1), (0, 2, 0)))
    path = tmp_path / "colour.xml"
    write_file(ColourPuzzle(PALETTE, rows, cols, title="c"), path)
    return path


@pytest.mark.parametrize("colour", [False, True], ids=["bw", "colour"])
def test_convert_lists_what_it_takes_and_takes_each(
    tmp_path: Path, qapp: object, capsys: pytest.CaptureFixture[str], colour: bool
) -> None:  # (qapp: the pictures are drawn in pytest-qt's QApplication, not a QGuiApplication)
    source = str(_colour(tmp_path)) if colour else DANCER
    assert main(["convert", source, str(tmp_path / "out.bmp")]) == 2
    listed = _listed(capsys.readouterr().err)
    assert {".png", ".svg", ".pdf"} <= set(listed)
    for ext in listed:  # every extension offered is one convert writes
        out = tmp_path / f"out{ext}"
        assert main(["convert", source, str(out)]) == 0, ext
        assert out.stat().st_size > 0, ext
    capsys.readouterr()


def test_writing_a_puzzle_file_offers_no_picture(tmp_path: Path) -> None:
    puzzle = parse_puzzle_arg(DANCER)
    with pytest.raises(UnsupportedFormatError) as caught:
        write_file(puzzle, tmp_path / "out.png")
    listed = _listed(str(caught.value))
    assert not {".png", ".svg", ".pdf"} & set(listed)
    for ext in listed:
        write_file(puzzle, tmp_path / f"out{ext}")


def test_convert_without_a_picture_writer_offers_no_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bare_main(["convert", DANCER, str(tmp_path / "out.bmp")]) == 2
    assert not {".png", ".svg", ".pdf"} & set(_listed(capsys.readouterr().err))
