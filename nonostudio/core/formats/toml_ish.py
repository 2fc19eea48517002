"""The TOML-like text of pynogram and nonogrid: ``[clues]`` with ``columns =`` and ``rows =``.

Clues are separated by commas or line breaks, numbers by spaces; blank lines only break long
lists visually (``0`` is the empty clue); ``#`` and ``;`` start comments; values may be quoted.
Colour puzzles (blocks with a colour suffix such as ``2r``) are refused here; :mod:`colour_toml`
reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._common import (
    MAX_SIZE,
    build,
    check_count,
    check_size,
    clue_of,
    colour_refusal,
    digits,
    lookalike_hint,
    separator_hint,
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
    parsed = parse(text, source)
    if parsed.colours:
        raise colour_refusal(parsed.colours, source)
    clues = parsed.clues
    check_size(len(clues["columns"]), len(clues["rows"]), source)
    return build(clues["rows"], clues["columns"], source, clue_lines=parsed.clue_lines)


@dataclass
class Parsed:
    """What :func:`parse` finds: clues (``rows``, ``columns``), each number's colour suffix
    ("" for none) by clue name, the clues' lines, the suffixes used and the ``[colors]`` lines."""

    clues: dict[str, list[tuple[int, ...]]] = field(default_factory=dict)
    letters: dict[str, list[str]] = field(default_factory=dict)
    clue_lines: dict[str, int] = field(default_factory=dict)
    colours: set[str] = field(default_factory=set)
    colour_lines: list[tuple[int, str]] = field(default_factory=list)
    #: Whether a number without a letter was read, and the first number read with a letter
    #: that looks like a digit (``1O``, ``1l``), as ``(token, line, column, clue)``.
    bare: bool = False
    lookalike: tuple[str, int, int, str] | None = None


def parse(text: str, source: str) -> Parsed:
    """The clues of the ``[clues]`` section with their colour suffixes, and the raw lines of
    the ``[colors]`` section."""
    section = ""
    key = ""
    parsed = Parsed()
    clues = parsed.clues
    clue_lines = parsed.clue_lines
    colours = parsed.colours
    for number, raw in enumerate(split_lines(text), 1):
        line = _strip_comment(raw)
        m = _SECTION.match(line)
        if m:
            section, key = m.group(1).lower(), ""
            continue
        if section in ("colors", "colours"):
            if not raw.lstrip().startswith(("#", ";")):
                parsed.colour_lines.append((number, raw))
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
            letters = parsed.letters[name] = []
            found = tokens(piece, None, col - 1, MAX_SIZE)
            check_count(len(found), source, number, found[-1][1] if found else col, name)
            for tok, tcol in found:
                item = _ITEM.match(tok)
                if not item:
                    raise PuzzleError(
                        f"expected a number, found {tok!r}{separator_hint(tok, None)}",
                        source=source,
                        line=number,
                        column=tcol,
                        clue=name,
                    )
                if item.group(2):
                    colours.add(item.group(2))
                    if lookalike_hint(tok) and parsed.lookalike is None:
                        parsed.lookalike = (tok, number, tcol, name)
                elif item.group(1).strip("0"):
                    parsed.bare = True
                letters.append(item.group(2))
                values.append(digits(item.group(1), source, number, tcol, name))
                columns.append(tcol)
            clues[key].append(clue_of(values, columns, source, number, name))
    for key in ("columns", "rows"):
        if not clues.get(key):
            raise PuzzleError(f"no '{key} =' clues in a [clues] section", source=source)
    if parsed.lookalike is not None and parsed.bare and not parsed.colour_lines:
        # letters that look like digits ('1O', '1l') in a file with no [colors] and numbers
        # without a letter: a digit mistyped, which was refused as an undefined colour
        token, at_line, at_column, clue = parsed.lookalike
        if all(lookalike_hint(letter) for letter in colours):
            raise PuzzleError(
                f"expected a number, found {token!r}{lookalike_hint(token)[:-1]} no [colors] "
                "section declares it a colour, and other numbers have none)",
                source=source,
                line=at_line,
                column=at_column,
                clue=clue,
            )
    return parsed
