"""Jan Olšák's formats: ``.g`` (title text, optional ``#`` colour block, ``:`` sections of row then
column clues) and ``.mk`` (``H W``, row clues, a ``#`` line, column clues).

Colour ``.g`` files (blocks with a colour letter such as ``3r``) are refused as unsupported.
"""

from __future__ import annotations

import re

from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.formats._common import build, check_size, digits
from nonostudio.core.formats.plain import Cursor
from nonostudio.core.puzzle import Puzzle

_ITEM = re.compile(r"([0-9]+)(\S?)\Z")


def read_g(text: str, source: str) -> Puzzle:
    """Olšák ``.g``: free text, optional colour declarations, then ``:`` rows ``:`` columns."""
    cur = Cursor(text, source)
    sections: list[list[tuple[int, str]]] = []
    for number, line in cur.lines:
        if line.startswith(":"):
            sections.append([])
        elif sections and not line.lstrip().startswith("#"):
            sections[-1].append((number, line))
    sections = sections[:2]  # a third ':' line ends the clues; free text may follow it
    if len(sections) < 2:
        raise PuzzleError(
            "expected two sections, each starting with a ':' line (row clues, then column clues)",
            source=source,
            line=cur.lines[-1][0] if cur.lines else 1,
        )
    colours: set[str] = set()
    clue_lines: dict[str, int] = {}
    clues: list[list[tuple[int, ...]]] = []
    for kind, section in zip(("row", "column"), sections, strict=True):
        out = []
        for k, (number, line) in enumerate(section, 1):
            name = f"{kind} {k}"
            clue_lines[name] = number
            values = []
            for m in re.finditer(r"\S+", line):
                item = _ITEM.match(m.group())
                if not item:
                    raise PuzzleError(
                        f"expected a number (optionally with a colour letter), found {m.group()!r}",
                        source=source,
                        line=number,
                        column=m.start() + 1,
                        clue=name,
                    )
                if item.group(2) and item.group(2) != "1":
                    colours.add(item.group(2))
                values.append(digits(item.group(1), source, number, m.start() + 1, name))
            out.append(tuple(v for v in values if v))
        clues.append(out)
    if colours:
        raise UnsupportedPuzzleError(
            f"colour puzzle (colours {', '.join(sorted(colours))}); only black-and-white puzzles "
            "are supported",
            source=source,
        )
    if not clues[0] or not clues[1]:
        raise PuzzleError("a ':' section holds no clues", source=source)
    check_size(len(clues[1]), len(clues[0]), source)
    return build(clues[0], clues[1], source, clue_lines=clue_lines)


def read_mk(text: str, source: str) -> Puzzle:
    """Olšák ``.mk``: ``H W``, H row lines, a ``#`` line, W column lines."""
    cur = Cursor(text, source)
    height, width = cur.ints(2, "'height width'")
    check_size(width, height, source, cur.lines[0][0])
    rows = cur.clues(height, "row", stop="#")
    number, sep = cur.take("the '#' line between row and column clues")
    if sep.strip() != "#":
        raise PuzzleError(
            f"expected '#' after the {height} row clues, found {sep.strip()!r}",
            source=source,
            line=number,
        )
    cols = cur.clues(width, "column")
    cur.expect_end(f"the {width} column clues")
    return build(rows, cols, source, clue_lines=cur.clue_lines)
