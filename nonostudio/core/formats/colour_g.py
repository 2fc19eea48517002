"""Colour puzzles in Olšák's ``.g``: the ``#`` block declares colours, then ``:`` sections of
row and column clues whose items carry a colour letter (``3r``).

A declaration is ``<inchar>:<outchar> <word> <comment>``: ``inchar`` is the letter clues use
(``0`` declares the background, white when not declared; ``1`` the default colour of items
without a letter, black when not declared), ``word`` an X11 colour name or ``#rrggbb``.  A colour
given by value is named by its comment (by its letter when there is none).  Free text before the
``#`` block is kept as the puzzle's notes, but for its leading ``Title:``, ``Author:``,
``Copyright:`` and ``Licence:`` lines (what the writer puts first, so a saved puzzle keeps them;
the first is the line that by custom names the puzzle), and the ``Picture:`` lines after the
clues (after ``: end``): the solution, one row a line in the ``.g`` letters (``0`` the
background), which the format has no section for and other programs skip as free text (files
written before put them after the fields, and an untitled puzzle's first line was then a row of
its picture: both places are read, :func:`olsak.g_free_text`).  A picture that does not fit the
clues (edited elsewhere) is left in the notes, the clues read as they are.  A colour's
character is its letter (the default colour's is ``1``, the background's ``.``).
"""

from __future__ import annotations

import re

from nonostudio.core.colour.model import Colour, ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._colour import (
    build_colour,
    free_char,
    make_colour,
    make_palette,
    named_rgb,
    readable_names,
    undeclared_error,
)
from nonostudio.core.formats._common import check_size, clue_of, digits
from nonostudio.core.formats.olsak import (
    G_FIELDS,
    _bad_item,
    g_free_text,
    g_note_line,
    g_parts,
)

_ITEM = re.compile(r"([0-9]+)(\S?)\Z")
_DECLARATION = re.compile(r"\s*([^\s:#,0-9]|[01]):(.?)(.*)\Z")
#: Characters a ``.g`` colour letter cannot be (digits end a number, ``:`` and ``#`` start lines).
_NOT_LETTERS = set("0123456789:#,;")


def _goal(
    picture: list[str], index: dict[str, int], width: int, height: int
) -> tuple[tuple[int, ...], ...] | None:
    """The solution the ``Picture:`` rows give (``index``: a ``.g`` letter's palette index),
    or None when they are not ``height`` rows of ``width`` known letters."""
    if len(picture) != height or any(len(row) != width for row in picture):
        return None
    if any(ch not in index for row in picture for ch in row):
        return None
    return tuple(tuple(index[ch] for ch in row) for row in picture)


def read(text: str, source: str) -> ColourPuzzle:
    """A colour ``.g`` puzzle (a file with no colour letters reads as one colour)."""
    head, sections, tail = g_parts(text, source)
    notes: list[str] = []
    declarations: list[tuple[int, str, str, str]] = []  # line, inchar, word, comment
    in_block = False
    for number, line in head:
        if line.lstrip().startswith("#"):
            in_block = True
        elif in_block and (m := _DECLARATION.match(line)):
            word, _, comment = m.group(3).strip().partition(" ")
            declarations.append((number, m.group(1), word, comment.strip()))
        elif not in_block:
            notes.append(line.rstrip())
    declared: dict[str, Colour] = {}
    lines: dict[str, int] = {}
    for number, inchar, word, comment in declarations:
        if inchar in declared:
            raise PuzzleError(
                f"the colour {inchar!r} is declared twice", source=source, line=number
            )
        rgb = named_rgb(word) if word else None
        if rgb is None:
            raise PuzzleError(
                f"colour {inchar!r}: expected an X11 colour name or #rrggbb, found "
                f"{word or 'nothing'!r}",
                source=source,
                line=number,
            )
        name = (comment or inchar) if word.startswith("#") else word
        char = "." if inchar == "0" else inchar
        declared[inchar] = make_colour(name, rgb, char, source, number)
        lines[inchar] = number
    letters = set(declared) - {"0"}
    clue_lines: dict[str, int] = {}
    raw: list[list[list[tuple[int, str]]]] = []
    used: set[str] = set()
    first: PuzzleError | None = None  # the first item of an undeclared colour: the error
    unknown: list[str] = []  # the undeclared letters, kept for the typo finder
    try:
        for kind, section in zip(("row", "column"), sections, strict=True):
            out = []
            for k, (number, line) in enumerate(section, 1):
                name = f"{kind} {k}"
                clue_lines[name] = number
                values: list[int] = []
                columns: list[int] = []
                colours: list[str] = []
                for m in re.finditer(r"\S+", line):
                    item = _ITEM.match(m.group())
                    letter = (item.group(2) if item else "") or "1"
                    if not item or (letter != "1" and letter not in letters):
                        error = PuzzleError(
                            _bad_item(m.group(), item is not None, letters),
                            source=source,
                            line=number,
                            column=m.start() + 1 + (item.end(1) if item else 0),
                            clue=name,
                        )
                        if not item:
                            raise error
                        first = first or error
                        if letter not in unknown:
                            unknown.append(letter)
                    assert item is not None
                    values.append(digits(item.group(1), source, number, m.start() + 1, name))
                    columns.append(m.start() + 1)
                    colours.append(letter)
                clue = clue_of(values, columns, source, number, name)
                kept = [c for v, c in zip(values, colours, strict=True) if v]
                items = list(zip(clue, kept, strict=True))
                used.update(c for _, c in items)
                out.append(items)
            raw.append(out)
        if not raw[0] or not raw[1]:
            raise PuzzleError("a ':' section holds no clues", source=source)
        check_size(len(raw[1]), len(raw[0]), source)
    except PuzzleError:
        if first is not None:
            raise first from None  # (the first problem in the text, as read before)
        raise
    background = declared.get("0") or make_colour("white", "#ffffff", ".", source, None)
    if "1" in used and "1" not in declared:
        declared["1"] = make_colour("black", "#000000", "1", source, None)
    free = g_free_text(notes, tail)
    meta, picture = dict(free.meta), free.picture
    meta["notes"] = "\n".join(free.notes).strip()
    if first is not None:
        # every declared colour, used or not, can be the one the typo replaced
        keyed = [c for c in declared if c != "0"]
        named = readable_names([background] + [declared[c] for c in keyed])
        raise undeclared_error(
            first,
            list(zip(["0", *keyed], named, strict=True)),
            [(letter, letter) for letter in unknown],
            raw[0],
            raw[1],
            clue_lines=clue_lines,
            meta=meta,
        )
    order = [c for c in declared if c in used]
    palette_colours = readable_names([background] + [declared[c] for c in order])
    palette = make_palette(palette_colours, source, lines.get("0"))
    index = {c: i for i, c in enumerate(order, 1)}
    rows = [tuple((n, index[c]) for n, c in clue) for clue in raw[0]]
    cols = [tuple((n, index[c]) for n, c in clue) for clue in raw[1]]
    goal = _goal(picture, {"0": 0, **index}, len(cols), len(rows)) if picture else None
    if goal is not None:
        try:
            ColourPuzzle(palette, tuple(rows), tuple(cols), goal=goal)
        except PuzzleError:
            goal = None  # the clues were edited elsewhere, or the picture: they decide
    if picture and goal is None:
        meta["notes"] = "\n".join(free.notes_with_picture).strip()  # the picture kept, as text
    return build_colour(palette, rows, cols, source, clue_lines=clue_lines, meta=meta, goal=goal)


def _letters(puzzle: ColourPuzzle) -> list[str]:
    """The ``.g`` letter of each palette index: the colour's character when it can be one
    (``1`` for the default colour), else a free letter; the background's is ``0``."""
    taken: set[str] = set()
    out = ["0"]
    chars = [c.char for c in puzzle.palette.colours[1:]]
    for char in chars:
        ok = char == "1" or (char not in _NOT_LETTERS and not char.isspace())
        letter = char if ok and char not in taken else free_char(taken | set(chars), char)
        taken.add(letter)
        out.append(letter)
    return out


def write(puzzle: ColourPuzzle, with_solution: bool = True) -> str:
    """The ``.g`` text of a colour puzzle: the fields, notes, the ``#`` block, rows and
    columns, ``: end``, then the picture (when it has one and ``with_solution``: ``Picture:``
    lines, which the format has no section for; after the clues, so that an untitled puzzle's
    first line, the one that by custom names it, is no row of its picture)."""
    letters = _letters(puzzle)
    out = [
        f"{key}: {' '.join(value.split())}"
        for key, field in G_FIELDS
        if (value := getattr(puzzle, field))
    ]
    # a notes line that starts like a section, the colour block, a field or a picture row is
    # kept from being one
    out += [g_note_line(ln) for ln in puzzle.notes.splitlines()]
    out.append("#d")
    for letter, colour in zip(letters, puzzle.palette.colours, strict=True):
        outchar = letter if letter != "0" else " "
        out.append(f"   {letter}:{outchar}   {colour.rgb}   {colour.name}")
    for title, clues in (("rows", puzzle.rows), ("columns", puzzle.cols)):
        out.append(f": {title}")
        for clue in clues:
            items = (f"{n}{'' if letters[c] == '1' else letters[c]}" for n, c in clue)
            # an empty clue is a blank line: pbnsolve refuses a 0 ("Zero clue in input file")
            out.append(" ".join(items))
    out.append(": end")
    if with_solution and puzzle.goal is not None:
        out += ["Picture: " + "".join(letters[v] for v in row) for row in puzzle.goal]
    return "\n".join(out) + "\n"
