"""Colour puzzles in nonogram-db's ``.non``: ``color a #ff0000`` lines, clue items such as
``3b,1d`` and colour letters in ``goal`` (``0`` the background).

A number without a letter has the default colour, written ``1`` in ``goal`` (black unless a
``color 1`` line says otherwise); a letter with no ``color`` line gets a value of its own.
nonostudio writes a colour's name after its value (``color a #ff0000 red``) and a background
other than white as ``color 0``; readers that ignore the rest of a line lose only the names.
The lines the format ignores (free text other programs keep, ``catalogue``) are the puzzle's
notes, written back after the title lines (one that would read as a keyword or a clue line with
``- `` before it, which the reader takes off: :func:`~nonostudio.core.formats.non.note_text`).
"""

from __future__ import annotations

from nonostudio.core.colour.model import Colour, ColourClues, ColourPuzzle, Palette
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._colour import (
    FALLBACK_RGB,
    build_colour,
    free_char,
    hex_rgb,
    make_colour,
    make_palette,
    readable_names,
)
from nonostudio.core.formats.non import _quote, _Reader, note_lines


def read(text: str, source: str) -> ColourPuzzle:
    """One colour ``.non`` puzzle."""
    reader = _Reader(text, source)
    rows, cols, meta, goal_text = reader.parse()
    if reader.free:
        meta["notes"] = "\n".join(reader.free)
    try:
        palette, row_clues, col_clues, index = _clues(reader, rows, cols, source)
    except PuzzleError:
        if reader.miscount is not None:  # said as it was found, as before the rest was read
            raise reader.miscount from None
        raise
    if reader.miscount is not None and len(rows) != reader.height and len(cols) != reader.width:
        # a row short and a column long (a heading a line early): the colour typo search
        # puts no line back across, so the error is said as it was found
        raise reader.miscount from None
    if reader.miscount is not None:  # the typo finder looks for the line left out or typed twice
        raise reader.miscount_error(meta, colour_clues=(palette, row_clues, col_clues))
    goal = None
    goal_line = None
    if goal_text is not None:
        goal_line = goal_text[1]
        goal = _goal(goal_text[0], len(cols), len(rows), index, source, goal_line)
    return build_colour(
        palette,
        row_clues,
        col_clues,
        source,
        clue_lines=reader.clue_lines,
        goal=goal,
        goal_line=goal_line,
        meta=meta,
    )


def _clues(
    reader: _Reader, rows: list[tuple[int, ...]], cols: list[tuple[int, ...]], source: str
) -> tuple[Palette, ColourClues, ColourClues, dict[str, int]]:
    """The palette, the row and column clues as ``(length, colour)`` items, and the palette
    index of each letter, of the clues ``reader`` read."""
    declared: dict[str, Colour] = {}
    for letter, (rest, line) in reader.declared.items():
        value, _, name = rest.partition(" ")
        rgb = hex_rgb(value)
        if rgb is None or len(letter) != 1:
            raise PuzzleError(
                f"expected 'color <letter> #rrggbb', found 'color {letter} {rest}'",
                source=source,
                line=line,
            )
        char = "." if letter == "0" else letter
        declared[letter] = make_colour(name.strip() or letter, rgb, char, source, line)
    # (a letter no 'color' line declares keeps it as name below: it is likely the typo)
    declared = dict(zip(declared, readable_names(list(declared.values())), strict=True))
    items: dict[str, list[tuple[int, str]]] = {}
    used: list[str] = []
    for kind, clues in (("row", rows), ("column", cols)):
        for k, clue in enumerate(clues, 1):
            name = f"{kind} {k}"
            letters = reader.letters.get(name, [""] * len(clue))
            if len(letters) != len(clue):  # a lone 0 dropped: the clue is empty
                letters = []
            items[name] = [(n, c or "1") for n, c in zip(clue, letters, strict=True)]
            used += [c for _, c in items[name] if c not in used]
    order = [c for c in declared if c in used] + [c for c in used if c not in declared]
    background = declared.get("0") or Colour("white", "#ffffff", ".")
    colours = [background]
    for k, letter in enumerate(order):
        if letter not in declared:
            name, rgb = ("black", "#000000") if letter == "1" else (letter, _fallback(k))
            declared[letter] = make_colour(name, rgb, letter, source, None)
        colours.append(declared[letter])
    palette = make_palette(colours, source)
    index = {c: i for i, c in enumerate(order, 1)}
    row_clues = [
        tuple((n, index[c]) for n, c in items[f"row {k}"]) for k in range(1, len(rows) + 1)
    ]
    col_clues = [
        tuple((n, index[c]) for n, c in items[f"column {k}"]) for k in range(1, len(cols) + 1)
    ]
    return palette, tuple(row_clues), tuple(col_clues), index


def _fallback(k: int) -> str:
    return FALLBACK_RGB[k % len(FALLBACK_RGB)]


def _goal(
    text: str, width: int, height: int, index: dict[str, int], source: str, line: int
) -> list[list[int]]:
    if len(text) != width * height:
        raise PuzzleError(
            f"the goal has {len(text)} cells but a {width}x{height} puzzle needs {width * height}",
            source=source,
            line=line,
        )
    cells = []
    for k, ch in enumerate(text):
        value = 0 if ch == "0" else index.get(ch)
        if value is None:
            raise PuzzleError(
                f"the goal's cell {k + 1} (row {k // width + 1}, column {k % width + 1}) is "
                f"{ch!r}, no colour of the clues",
                source=source,
                line=line,
            )
        cells.append(value)
    return [cells[r * width : (r + 1) * width] for r in range(height)]


def _letters(puzzle: ColourPuzzle) -> list[str]:
    """The ``.non`` letter of each palette index (``1`` for the default colour, unlettered)."""
    chars = [c.char for c in puzzle.palette.colours[1:]]
    taken: set[str] = set()
    out = ["0"]
    for char in chars:
        ok = char == "1" or (char.isascii() and char.isalpha())
        letter = char if ok and char not in taken else free_char(taken | set(chars), char)
        taken.add(letter)
        out.append(letter)
    return out


def write(puzzle: ColourPuzzle, with_solution: bool = True) -> str:
    """The ``.non`` text of a colour puzzle (``goal`` when it has one and ``with_solution``)."""
    letters = _letters(puzzle)
    out = []
    for key, value in (
        ("title", puzzle.title),
        ("by", puzzle.author),
        ("copyright", puzzle.copyright),
        ("license", puzzle.licence),
    ):
        if value:
            out.append(f"{key} {_quote(value)}")
    out += note_lines(puzzle.notes)
    out += [f"width {puzzle.width}", f"height {puzzle.height}"]
    background = puzzle.palette.background
    if (background.name, background.rgb) != ("white", "#ffffff"):
        out.append(f"color 0 {background.rgb} {_one_line(background.name)}")
    for letter, colour in zip(letters[1:], puzzle.palette.colours[1:], strict=True):
        out.append(f"color {letter} {colour.rgb} {_one_line(colour.name)}")
    for title, clues in (("rows", puzzle.rows), ("columns", puzzle.cols)):
        out += ["", title]
        for clue in clues:
            items = (f"{n}{'' if letters[c] == '1' else letters[c]}" for n, c in clue)
            out.append(",".join(items) or "0")
    if with_solution and puzzle.goal is not None:
        cells = "".join(letters[v] for row in puzzle.goal for v in row)
        out += ["", f'goal "{cells}"']
    return "\n".join(out) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())
