"""Colour puzzles in nonogrid's TOML and pynogram's INI-like text: a ``[colors]`` section of
definitions ``r = (red) %`` (as lines, or quoted in a ``defs = [...]`` list) and clue items
with the colour's letter (``1r 5b``).

The value in parentheses is an X11 colour name, ``#rrggbb`` or ``r, g, b``; the symbol after it
(how the peers print the colour) is not kept.  A number without a letter is black, the
background white.  Nothing writes this format.
"""

from __future__ import annotations

import re

from nonostudio.core.colour.model import Colour, ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._colour import (
    build_colour,
    make_colour,
    make_palette,
    named_rgb,
)
from nonostudio.core.formats._common import check_size
from nonostudio.core.formats.toml_ish import parse

_DEFINITION = re.compile(r"(?<![\w])([A-Za-z0-9])\s*=\s*\(([^)]*)\)")
_TRIPLE = re.compile(r"\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*\Z")


def _rgb(value: str) -> str | None:
    m = _TRIPLE.match(value)
    if m:
        parts = [int(v) for v in m.groups()]
        return "#" + "".join(f"{v:02x}" for v in parts) if max(parts) <= 255 else None
    return named_rgb(value.strip())


def read(text: str, source: str) -> ColourPuzzle:
    """One colour puzzle of the TOML-like text."""
    parsed = parse(text, source)
    declared: dict[str, Colour] = {}
    for number, raw in parsed.colour_lines:
        for m in _DEFINITION.finditer(raw):
            letter, value = m.group(1), m.group(2).strip()
            rgb = _rgb(value)
            if rgb is None:
                raise PuzzleError(
                    f"colour {letter!r}: expected an X11 colour name, #rrggbb or r, g, b in the "
                    f"parentheses, found {value!r}",
                    source=source,
                    line=number,
                    column=m.start(2) + 1,
                )
            if letter in declared:
                raise PuzzleError(
                    f"the colour {letter!r} is defined twice", source=source, line=number
                )
            declared[letter] = make_colour(value, rgb, letter, source, number, m.start() + 1)
    used: list[str] = []
    items: dict[str, list[tuple[int, str]]] = {}
    for name, clue_letters in parsed.letters.items():
        kind, _, k = name.partition(" ")
        values = parsed.clues["rows" if kind == "row" else "columns"][int(k) - 1]
        letters = [c or "1" for c in clue_letters] if len(clue_letters) == len(values) else []
        for number, letter in ((parsed.clue_lines[name], c) for c in letters):
            if letter != "1" and letter not in declared:
                known = ", ".join(declared) or "none"
                raise PuzzleError(
                    f"no colour {letter!r} in the [colors] section (defined: {known})",
                    source=source,
                    line=number,
                    clue=name,
                )
            if letter not in used:
                used.append(letter)
        items[name] = list(zip(values, letters, strict=True))
    if "1" in used and "1" not in declared:
        declared["1"] = Colour("black", "#000000", "1")
    order = [c for c in declared if c in used]
    palette = make_palette([Colour("white", "#ffffff", "."), *(declared[c] for c in order)], source)
    index = {c: i for i, c in enumerate(order, 1)}
    rows, cols = (
        [tuple((n, index[c]) for n, c in items[f"{kind} {k}"]) for k in range(1, count + 1)]
        for kind, count in (
            ("row", len(parsed.clues["rows"])),
            ("column", len(parsed.clues["columns"])),
        )
    )
    check_size(len(cols), len(rows), source)
    return build_colour(palette, rows, cols, source, clue_lines=parsed.clue_lines)
