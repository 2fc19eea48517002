"""Colour puzzles on the command line: their ``--json`` fields (palette, clues as ``[length,
colour name]`` items, grids as rows of colour characters) and their text grids and legend."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nonostudio.core.colour.model import ColourPuzzle, Palette

#: The character of a background cell in text grids, whatever the palette says.
BACKGROUND_CHAR = "."
UNDECIDED_CHAR = "?"


def palette_data(palette: Palette) -> list[dict[str, str]]:
    """The palette as JSON: ``name``, ``rgb`` and ``char`` of each colour, background first."""
    return [{"name": c.name, "rgb": c.rgb, "char": c.char} for c in palette.colours]


def clue_data(puzzle: ColourPuzzle) -> dict[str, list[list[list[Any]]]]:
    """The clues as JSON: ``rows`` and ``columns``, each clue a list of ``[length, name]``."""
    names = [c.name for c in puzzle.palette.colours]
    return {
        kind: [[[n, names[c]] for n, c in clue] for clue in clues]
        for kind, clues in (("rows", puzzle.rows), ("columns", puzzle.cols))
    }


def colour_fields(puzzle: ColourPuzzle) -> dict[str, Any]:
    """The fields a colour puzzle adds to a command's JSON."""
    return {
        "colours": len(puzzle.palette) - 1,
        "palette": palette_data(puzzle.palette),
        "clues": clue_data(puzzle),
    }


def _chars(palette: Palette) -> list[str]:
    """Each palette index's character in text grids: a colour whose own character would be
    read as the background, undecided or blank gets a free letter."""
    chars = [BACKGROUND_CHAR]
    own = {c.char for c in palette.colours}
    spare = (ch for ch in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch not in own)
    for colour in palette.colours[1:]:
        usable = colour.char not in (BACKGROUND_CHAR, UNDECIDED_CHAR) and colour.char.strip()
        chars.append(colour.char if usable else next(spare))
    return chars


def grid_text_rows(grid: Sequence[Sequence[int]] | None, palette: Palette) -> list[str] | None:
    """A solved grid (palette indices) as rows of colour characters, background ``.``."""
    if grid is None:
        return None
    chars = _chars(palette)
    return ["".join(chars[v] for v in row) for row in grid]


def cell_set_rows(grid: Sequence[Sequence[int]], palette: Palette) -> list[str]:
    """Cell sets (bitmasks of palette indices) as rows: a decided cell's character, ``?`` for
    a cell with several colours still possible (and for one with none)."""
    chars = _chars(palette)
    return [
        "".join(
            chars[cell.bit_length() - 1] if cell and not cell & (cell - 1) else UNDECIDED_CHAR
            for cell in row
        )
        for row in grid
    ]


def legend(palette: Palette) -> str:
    """One line naming what each character stands for."""
    chars = _chars(palette)
    parts = [f"{BACKGROUND_CHAR} {palette.background.name}"]
    parts += [
        f"{ch} {c.name} ({c.rgb})" for ch, c in zip(chars[1:], palette.colours[1:], strict=True)
    ]
    return "colours: " + ", ".join(parts)
