"""picross-solver's text formats: the native ``GRID``/``ROWS``/``COLUMNS`` file (``[ 1 2 ]`` clue
lines, several grids per file) and raw text bitmaps (``.#`` or ``01`` rows, one picture).

A native file is scanned for its grids and the shape of each line; a grid's numbers are read when
it is built, so picking one grid reads no other grid's clues.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._common import (
    Entries,
    Thunk,
    build,
    check_items,
    check_size,
    numbers,
    split_lines,
)
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle

_CLUE = re.compile(r"\s*\[(.*)\]\s*\Z")


@dataclass
class _Grid:
    """One ``GRID`` block as scanned: its name and line, its clue texts by kind ("row",
    "column") as ``(line number, text between the brackets, its column)``."""

    name: str
    line: int
    clues: dict[str, list[tuple[int, str, int]]] = field(
        default_factory=lambda: {"row": [], "column": []}
    )


def native_entries(text: str, source: str) -> Entries:
    """Every ``GRID <name>`` block; ids are the grid names."""
    grids: list[_Grid] = []
    section = None
    for number, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word = line.split(maxsplit=1)[0]
        if word == "GRID":
            name = line[4:].strip() or str(len(grids) + 1)
            grids.append(_Grid(name, number))
            check_items(len(grids), source, number)
            section = None
        elif word in ("ROWS", "COLUMNS"):
            if not grids:
                grids.append(_Grid("1", number))
            section = "row" if word == "ROWS" else "column"
        else:
            m = _CLUE.match(raw)
            if section is None or not m:
                expected = "'[ numbers ]'" if section else "'GRID', 'ROWS' or 'COLUMNS'"
                raise PuzzleError(
                    f"expected {expected}, found {line[:40]!r}", source=source, line=number
                )
            grids[-1].clues[section].append((number, m.group(1), raw.index("[") + 1))
    if not grids:
        raise PuzzleError("no 'GRID' found", source=source)
    return [(g.name, _thunk(g, source)) for g in grids]


def _thunk(grid: _Grid, source: str) -> Thunk:
    def make() -> Puzzle:
        for kind, word in (("row", "ROWS"), ("column", "COLUMNS")):
            if not grid.clues[kind]:
                raise PuzzleError(
                    f"grid {grid.name!r} has no {word} clues", source=source, line=grid.line
                )
        clue_lines: dict[str, int] = {}
        sides = []
        for kind in ("row", "column"):
            side = []
            for k, (number, text, offset) in enumerate(grid.clues[kind], 1):
                name = f"{kind} {k}"
                clue_lines[name] = number
                side.append(numbers(text, None, source, number, clue=name, offset=offset))
            sides.append(side)
        rows, cols = sides
        check_size(len(cols), len(rows), source, grid.line)
        return build(rows, cols, source, clue_lines=clue_lines, meta={"title": grid.name})

    return make


def read_bitmap(text: str, source: str) -> Puzzle:
    """A picture as text rows of ``.``/``#`` or ``0``/``1``: the puzzle it is the solution of."""
    rows = [(n, ln.strip()) for n, ln in enumerate(split_lines(text), 1) if ln.strip()]
    if not rows:
        raise PuzzleError("empty bitmap", source=source)
    import numpy as np

    width = len(rows[0][1])
    check_size(width, len(rows), source)
    grid = np.zeros((len(rows), width), dtype=np.int8)
    for r, (number, line) in enumerate(rows):
        if len(line) != width:
            raise PuzzleError(
                f"expected {width} cells like the first row, found {len(line)}",
                source=source,
                line=number,
            )
        for c, ch in enumerate(line):
            if ch in "#1":
                grid[r, c] = FILLED
            elif ch in ".0":
                grid[r, c] = CROSSED
            else:
                raise PuzzleError(
                    f"expected '.', '#', '0' or '1', found {ch!r}",
                    source=source,
                    line=number,
                    column=c + 1,
                )
    return Puzzle.from_grid(grid)
