"""The TOML-like text of pynogram and nonogrid: ``[clues]`` with ``columns =`` and ``rows =``.

Clues are separated by commas or line breaks, numbers by spaces; blank lines only break long
lists visually (``0`` is the empty clue); ``#`` and ``;`` start comments; values may be quoted.
Colour puzzles (blocks with a colour suffix such as ``2r``) are refused as unsupported.
"""

from __future__ import annotations

import re

from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.formats._common import (
    MAX_SIZE,
    build,
    check_count,
    check_size,
    clue_of,
    digits,
    split_lines,
    tokens,
)
from nonostudio.core.puzzle import Puzzle

_SECTION = re.compile(r"\s*\[\s*([A-Za-z_]+)\s*\]\s*\Z")
_KEY = re.compile(r"\s*([A-Za-z_]+)\s*=")
_ITEM = re.compile(r"([0-9]+)([A-Za-z%*&@!$]?)\Z")


def _strip_comment(line: str) -> str:
    cut = [i for i in (line.find("#"), line.find(";")) if i >= 0]
    line = line[: min(cut)] if cut else line
    return line.replace('"', " ").replace("'", " ")


def read(text: str, source: str) -> Puzzle:
    """Parse the ``[clues]`` section; other sections and keys are ignored."""
    section = ""
    key = ""
    clues: dict[str, list[tuple[int, ...]]] = {}
    clue_lines: dict[str, int] = {}
    colours: set[str] = set()
    for number, raw in enumerate(split_lines(text), 1):
        line = _strip_comment(raw)
        m = _SECTION.match(line)
        if m:
            section, key = m.group(1).lower(), ""
            continue
        if section != "clues":
            continue
        offset = 0
        m = _KEY.match(line)
        if m:
            key = m.group(1).lower()
            if key in ("cols", "columns"):
                key = "columns"
            if key in clues:
                raise PuzzleError(f"'{key}' is given twice", source=source, line=number)
            if key in ("rows", "columns"):
                clues[key] = []
            offset = m.end()
        if key not in ("rows", "columns"):
            if line.strip() and not m:
                raise PuzzleError(
                    "expected 'columns =' or 'rows =' before the clues", source=source, line=number
                )
            continue
        kind = "row" if key == "rows" else "column"
        for piece, col in tokens(line[offset:], ",", offset, MAX_SIZE):
            if not piece:
                continue
            name = f"{kind} {len(clues[key]) + 1}"
            if len(clues[key]) >= MAX_SIZE:
                raise PuzzleError(
                    f"more than {MAX_SIZE} {kind} clues; a puzzle is at most "
                    f"{MAX_SIZE} cells wide or high",
                    source=source,
                    line=number,
                    column=col,
                )
            clue_lines[name] = number
            values = []
            columns = []
            found = tokens(piece, None, col - 1, MAX_SIZE)
            check_count(len(found), source, number, found[-1][1] if found else col, name)
            for tok, tcol in found:
                item = _ITEM.match(tok)
                if not item:
                    raise PuzzleError(
                        f"expected a number, found {tok!r}",
                        source=source,
                        line=number,
                        column=tcol,
                        clue=name,
                    )
                if item.group(2):
                    colours.add(item.group(2))
                values.append(digits(item.group(1), source, number, tcol, name))
                columns.append(tcol)
            clues[key].append(clue_of(values, columns, source, number, name))
    if colours:
        raise UnsupportedPuzzleError(
            f"colour puzzle (colours {', '.join(sorted(colours))}); only black-and-white puzzles "
            "are supported",
            source=source,
        )
    for key in ("columns", "rows"):
        if not clues.get(key):
            raise PuzzleError(f"no '{key} =' clues in a [clues] section", source=source)
    check_size(len(clues["columns"]), len(clues["rows"]), source)
    return build(clues["rows"], clues["columns"], source, clue_lines=clue_lines)
