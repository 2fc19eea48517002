"""The contrast of colour clue numbers: WCAG luminance and ratio, and the text colour chosen for a
box reaching 4.5 on every colour (a grid over the RGB cube, every palette colour of the 13 public
colour files)."""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.contrast import (
    AA,
    BLACK_TEXT,
    WHITE_TEXT,
    contrast_ratio,
    relative_luminance,
    text_colour,
)
from nonostudio.core.formats import read_any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from _anchors import PUBLIC_COLOUR  # noqa: E402


def test_luminance_and_ratio_of_known_colours() -> None:
    assert relative_luminance("#ffffff") == pytest.approx(1.0)
    assert relative_luminance("#000000") == 0.0
    assert contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast_ratio("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast_ratio("#777777", "#777777") == pytest.approx(1.0)
    # the WCAG example: #767676 on white is just above 4.5
    assert contrast_ratio("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)


def test_text_on_dark_boxes_is_white_and_on_light_boxes_black() -> None:
    assert text_colour("#000080") == WHITE_TEXT
    assert text_colour("#ffff00") == BLACK_TEXT
    assert text_colour("#d62728") in (BLACK_TEXT, WHITE_TEXT)


def test_every_colour_of_a_grid_over_the_cube_gets_readable_text() -> None:
    steps = range(0, 256, 15)
    worst = min(
        contrast_ratio(rgb, text_colour(rgb))
        for rgb in (f"#{r:02x}{g:02x}{b:02x}" for r, g, b in itertools.product(steps, repeat=3))
    )
    assert worst >= AA


def test_bad_colour_text_is_refused() -> None:
    with pytest.raises(ValueError, match="#rrggbb"):
        relative_luminance("red")


def test_every_palette_colour_of_the_public_files_gets_readable_text(anchors: Path) -> None:
    folder = anchors / "puzzles"
    checked = 0
    for name in PUBLIC_COLOUR:
        path = folder / name
        if not path.is_file():
            pytest.skip(f"the public colour file {name} is not present ({folder})")
        (_, puzzle), *_ = read_any(path)
        assert isinstance(puzzle, ColourPuzzle), name
        for colour in puzzle.palette.colours:
            ratio = contrast_ratio(colour.rgb, text_colour(colour.rgb))
            assert ratio >= AA, f"{name}: {colour.name} {colour.rgb}: {ratio:.2f}"
            checked += 1
    assert checked >= 13 * 3
