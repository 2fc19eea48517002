"""Jan Olšák's formats: ``.g`` (title text, optional ``#`` colour block, ``:`` sections of row then
column clues) and ``.mk`` (``H W``, row clues, a ``#`` line, column clues).

Colour ``.g`` files (blocks with a colour letter such as ``3r``, the letter declared in the ``#``
block as ``r:r #FF0000 red``) are refused as unsupported; any other character after a number
(``3x`` with no colour ``x`` declared, an invisible zero-width space) is refused as the typo it is
(in a file declaring colours, by the colour reader, which offers the declared colours for it).
"""

from __future__ import annotations

import re

from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.formats._common import (
    build,
    check_size,
    clue_of,
    colour_refusal,
    digits,
    split_lines,
)
from nonostudio.core.formats.plain import Cursor
from nonostudio.core.puzzle import Puzzle

_ITEM = re.compile(r"([0-9]+)(\S?)\Z")
#: A colour declaration of the ``#`` block: the colour's letter, a colon, its name and value.
_DECLARED = re.compile(r"\s*([^\s:#]):")


def read_g(text: str, source: str) -> Puzzle:
    """Olšák ``.g``: free text (kept as the puzzle's notes, as the colour reader keeps it),
    optional colour declarations, then ``:`` rows ``:`` columns."""
    head, sections = g_sections(text, source)
    declared: set[str] = set()
    for _number, line in head:
        if m := _DECLARED.match(line):
            declared.add(m.group(1))
    colours: set[str] = set()
    clue_lines: dict[str, int] = {}
    clues: list[list[tuple[int, ...]]] = []
    first: PuzzleError | None = None  # a colour file's first undeclared letter
    try:
        for kind, section in zip(("row", "column"), sections, strict=True):
            out = []
            for k, (number, line) in enumerate(section, 1):
                name = f"{kind} {k}"
                clue_lines[name] = number
                values = []
                columns = []
                for m in re.finditer(r"\S+", line):
                    item = _ITEM.match(m.group())
                    letter = item.group(2) if item else ""
                    if not item or (letter and letter not in declared):
                        error = PuzzleError(
                            _bad_item(m.group(), item is not None, declared),
                            source=source,
                            line=number,
                            column=m.start() + 1 + (item.end(1) if item else 0),
                            clue=name,
                        )
                        if not item or not declared - {"0", "1"}:
                            raise error
                        first = first or error  # a colour file's typo: the colour reader
                    if letter:  # offers the declared colours in its place
                        colours.add(letter)
                    assert item is not None
                    values.append(digits(item.group(1), source, number, m.start() + 1, name))
                    columns.append(m.start() + 1)
                out.append(clue_of(values, columns, source, number, name))
            clues.append(out)
    except PuzzleError:
        if first is not None:
            raise first from None  # (the first problem in the text)
        raise
    if colours:
        raise colour_refusal(colours, source)
    if not clues[0] or not clues[1]:
        raise PuzzleError("a ':' section holds no clues", source=source)
    check_size(len(clues[1]), len(clues[0]), source)
    notes = []  # the free text before the '#' block (the title line other programs show)
    for _number, line in head:
        if line.lstrip().startswith("#"):
            break
        notes.append(line.rstrip())
    meta = {"notes": "\n".join(notes)} if notes else None
    return build(clues[0], clues[1], source, clue_lines=clue_lines, meta=meta)


def g_sections(text: str, source: str) -> tuple[list[tuple[int, str]], list[list[tuple[int, str]]]]:
    """The non-blank lines before the first ``:`` line and the lines of the first two ``:``
    sections (row clues, column clues), each with its line number; ``#`` lines in a section
    are comments.  A blank line in a section is an empty clue, as pbnsolve reads blank clue
    lines and as the generated colour files write empty rows; blank lines that end the column
    section are not clues."""
    head: list[tuple[int, str]] = []
    sections: list[list[tuple[int, str]]] = []
    last = 1
    for number, line in enumerate(split_lines(text), 1):
        if line.strip():
            last = number
        if line.startswith(":"):
            sections.append([])
        elif sections:
            if not line.lstrip().startswith("#"):
                sections[-1].append((number, line))
        elif line.strip():
            if re.match(r"\s*#t(\s|$)", line):  # Olšák's triddler: three sides of triangles
                raise UnsupportedPuzzleError(
                    "this is a triddler ('#t': a grid of triangles with three sides of clues), "
                    "which nonostudio does not read",
                    source=source,
                    line=number,
                )
            head.append((number, line))
    sections = sections[:2]  # a third ':' line ends the clues; free text may follow it
    if len(sections) < 2:
        raise PuzzleError(
            "expected two sections, each starting with a ':' line (row clues, then column clues)",
            source=source,
            line=last,
        )
    while sections[1] and not sections[1][-1][1].strip():
        sections[1].pop()
    return head, sections


def _bad_item(token: str, number_first: bool, declared: set[str]) -> str:
    """The error for a clue item that is not a number with a declared colour letter."""
    if not number_first:
        return f"expected a number (optionally with a colour letter), found {token!r}"
    letter = token.lstrip("0123456789")
    what = ascii(letter) if not letter.isprintable() or letter.isspace() else repr(letter)
    letters = sorted(declared - {"0", "1"})  # 0 and 1 are the background and default colour
    known = f" (declared: {', '.join(letters)})" if letters else ""
    return (
        f"expected a number, found {token!r}: {what} after the number is no colour "
        f"letter declared in the '#' block{known}"
    )


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
