"""Colour puzzles in webpbn XML: ``<color name char>RGB</color>``, ``<count color=...>``, the
puzzle's ``defaultcolor`` (default black) and ``backgroundcolor`` (default white).

The palette is the background, then the colours the clues use in the order they are declared
(an undeclared ``black`` or ``white`` has its usual value; a count naming any other undeclared
colour, even a known colour name, is an error at that count). A goal ``<image>`` is read with the
colours' characters.  Black-and-white puzzles are read by :mod:`pbn_xml`; this module reads a
``<puzzle>`` that one refused as colour.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from nonostudio.core.colour.model import BACKGROUND, Colour, ColourPuzzle, Palette
from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.formats._colour import (
    X11,
    AnyEntries,
    AnyThunk,
    build_colour,
    free_char,
    hex_rgb,
    make_colour,
    make_palette,
    readable_names,
    undeclared_error,
)
from nonostudio.core.formats._common import XML_COLOUR_HINT, check_items, check_size, to_int
from nonostudio.core.formats.pbn_xml import _META, _xml_text, blot_error, goal_image, parse_xml

_Lines = dict[ET.Element, int]
#: The colours a count may name undeclared, with their usual values; any other colour name,
#: however well known, must have its ``<color>``.
_USUAL = ("black", "white")


def entries(data: bytes, source: str) -> AnyEntries:
    """Every ``<puzzle>`` of the document as a colour puzzle: ids as :func:`pbn_xml.entries`."""
    root, lines, columns = parse_xml(data, source)
    puzzles = [root] if root.tag == "puzzle" else root.findall("puzzle")
    if root.tag not in ("puzzle", "puzzleset") or not puzzles:
        raise PuzzleError("expected a <puzzleset> or <puzzle> document", source=source, line=1)
    check_items(len(puzzles), source)

    def thunk(el: ET.Element) -> AnyThunk:
        return lambda: read_puzzle(el, lines, columns, source)

    if len(puzzles) == 1:
        return [("", thunk(puzzles[0]))]
    return [(str(k), thunk(el)) for k, el in enumerate(puzzles, 1)]


def _declared(el: ET.Element, lines: _Lines, source: str) -> dict[str, Colour]:
    """The ``<color>`` elements by name, in document order."""
    out: dict[str, Colour] = {}
    taken: set[str] = set()
    for c in el.findall("color"):
        name = c.get("name", "")
        line = lines.get(c)
        if not name:
            raise PuzzleError("a <color> without a name", source=source, line=line)
        if name in out:
            raise PuzzleError(f"the colour {name!r} is declared twice", source=source, line=line)
        value = (c.text or "").strip()
        rgb = hex_rgb(value)
        if rgb is None:
            raise PuzzleError(
                f"colour {name!r}: expected a value such as ff0000 or f00, found {value!r}",
                source=source,
                line=line,
            )
        char = c.get("char") or free_char(taken, name[:1])
        if char in taken:
            raise PuzzleError(
                f"colour {name!r}: the char {char!r} is another colour's", source=source, line=line
            )
        taken.add(char)
        out[name] = make_colour(name, rgb, char, source, line)
    return out


def read_puzzle(el: ET.Element, lines: _Lines, columns: _Lines, source: str) -> ColourPuzzle:
    """The colour puzzle of one ``<puzzle>`` element."""
    kind = el.get("type", "grid")
    if kind != "grid":
        raise UnsupportedPuzzleError(
            f"{kind} puzzles are not supported (only grid puzzles)",
            source=source,
            line=lines.get(el),
        )
    declared = _declared(el, lines, source)
    background = el.get("backgroundcolor", "white")
    default = el.get("defaultcolor", "black")
    raw: dict[str, list[list[tuple[int, str]]]] = {}
    clue_lines: dict[str, int] = {}
    used: list[str] = []
    first: PuzzleError | None = None  # the first count of an undeclared colour: the error
    unknown: list[str] = []  # the undeclared colour names, kept for the typo finder
    try:
        for clues in el.findall("clues"):
            kind = clues.get("type", "")
            if kind not in ("rows", "columns"):
                raise PuzzleError(
                    f"<clues type=...> must be 'rows' or 'columns', found {kind!r}",
                    source=source,
                    line=lines.get(clues),
                )
            name = "row" if kind == "rows" else "column"
            out = []
            for k, line in enumerate(clues.findall("line"), 1):
                where = f"{name} {k}"
                clue_lines[where] = lines[line]
                items: list[tuple[int, str]] = []
                for count in line.findall("count"):
                    colour = count.get("color", default)
                    value = to_int(
                        (count.text or "").strip(),
                        source,
                        lines[count],
                        columns.get(count),
                        where,
                        "a number in <count>",
                        XML_COLOUR_HINT,
                    )
                    if value == 0:
                        raise blot_error(
                            len(items) + 1, where, source, lines[count], columns.get(count)
                        )
                    if colour == background:
                        raise PuzzleError(
                            f"item {len(items) + 1} has the background colour {colour!r}",
                            source=source,
                            line=lines[count],
                            column=columns.get(count),
                            clue=where,
                        )
                    if colour not in declared and colour not in _USUAL:
                        # (a known colour name too: "orange" undeclared, read as a colour of its
                        # own, was pointed at only by the totals message, with no place)
                        known = ", ".join(declared) or "none"
                        first = first or PuzzleError(
                            f"item {len(items) + 1}: no <color> named {colour!r} "
                            f"(declared: {known})",
                            source=source,
                            line=lines[count],
                            column=columns.get(count),
                            clue=where,
                        )
                        if colour not in unknown:
                            unknown.append(colour)
                    if colour not in used:
                        used.append(colour)
                    items.append((value, colour))
                out.append(items)
            raw[kind] = out
        for kind in ("rows", "columns"):
            if kind not in raw:
                raise PuzzleError(
                    f'no <clues type="{kind}"> in the puzzle', source=source, line=lines.get(el)
                )
        check_size(len(raw["columns"]), len(raw["rows"]), source)
    except PuzzleError:
        if first is not None:
            raise first from None  # (the first problem in the file, as read before)
        raise
    if first is not None:
        meta = _meta(el)
        raise _undeclared(first, declared, unknown, background, raw, clue_lines, meta, source)
    order = [n for n in declared if n in used] + [n for n in used if n not in declared]
    taken = {c.char for c in declared.values()}
    names = [background, *order]  # (the file's names: the palette's may be readable ones)
    colours = [_colour(n, declared, taken, source, lines.get(el)) for n in names]
    palette = make_palette(readable_names(colours), source, lines.get(el))
    index = {n: i for i, n in enumerate(names)}
    rows = [tuple((n, index[c]) for n, c in clue) for clue in raw["rows"]]
    cols = [tuple((n, index[c]) for n, c in clue) for clue in raw["columns"]]
    check_size(len(cols), len(rows), source)
    goal = goal_line = None
    found = goal_image(el, lines)
    if found is not None:
        text, goal_line = found
        goal = _image(text, len(cols), len(rows), palette, declared, source, goal_line)
    return build_colour(
        palette,
        rows,
        cols,
        source,
        clue_lines=clue_lines,
        goal=goal,
        goal_line=goal_line,
        meta=_meta(el),
        by_name=True,
    )


def _meta(el: ET.Element) -> dict[str, str]:
    """The text fields of a ``<puzzle>``: title, author, ..., notes."""
    meta = {key: el.findtext(tag) or "" for key, tag in _META}
    if not meta["licence"]:
        meta["licence"] = el.findtext("licence") or ""
    meta["notes"] = el.findtext("description") or el.findtext("note") or ""
    return meta


def _undeclared(
    first: PuzzleError,
    declared: dict[str, Colour],
    unknown: list[str],
    background: str,
    raw: dict[str, list[list[tuple[int, str]]]],
    clue_lines: dict[str, int],
    meta: dict[str, str],
    source: str,
) -> PuzzleError:
    """The error of counts naming colours no ``<color>`` declares (``unknown``), the clues kept
    with every declared colour (and black or white when a count names them) for the typo
    finder; the first such count's error (``first``) is its message and place."""
    used = {c for kind in raw.values() for clue in kind for _n, c in clue}
    names = [background] + [n for n in declared if n != background]
    names += [n for n in _USUAL if n in used and n not in names]
    taken = {c.char for c in declared.values()}
    colours = [_colour(n, declared, taken, source, first.line) for n in names]
    extra = []
    for name in unknown:  # the fixes say it by name: '2 rde → 2 red'
        char = "?" if "?" not in taken else free_char(taken)
        taken.add(char)
        extra.append((name, char))
    return undeclared_error(
        first,
        list(zip(names, readable_names(colours), strict=True)),
        extra,
        raw["rows"],
        raw["columns"],
        clue_lines=clue_lines,
        meta=meta,
        by_name=True,
    )


def _colour(
    name: str, declared: dict[str, Colour], taken: set[str], source: str, line: int | None
) -> Colour:
    """A colour by name: declared, or black or white by their usual values."""
    if name in declared:
        return declared[name]
    char = free_char(taken, "." if name == "white" else name[:1])
    if name == "white":
        char = "." if "." not in taken else char
    taken.add(char)
    return make_colour(name, X11[name] if name in X11 else "#ffffff", char, source, line)


def _image(
    text: str,
    width: int,
    height: int,
    palette: Palette,
    declared: dict[str, Colour],
    source: str,
    line: int,
) -> list[list[int]]:
    """A goal ``<image>``: one ``|...|`` line per row of colour characters.  One ``|`` is taken
    off each end, not every one: a colour may have ``|`` for its character (a ``.g`` may declare
    it), and a row beginning or ending with that colour lost its cells."""
    rows = [_between_bars(r.strip()) for r in text.strip("\n").splitlines() if r.strip()]
    if len(rows) != height or any(len(r) != width for r in rows):
        raise PuzzleError(
            f"the solution <image> must have {height} rows of {width} cells",
            source=source,
            line=line,
        )
    index = {c.char: i for i, c in enumerate(palette.colours)}
    for colour in declared.values():  # (a colour no clue uses: not in the picture)
        index.setdefault(colour.char, -1)
    out = []
    for r, row in enumerate(rows):
        cells = []
        for ch in row:
            i = index.get(ch, BACKGROUND if ch in ". " else None)
            if i is None or i < 0:
                raise PuzzleError(
                    f"the solution <image> row {r + 1} holds {ch!r}, no colour of the clues",
                    source=source,
                    line=line + 1 + r,
                )
            cells.append(i)
        out.append(cells)
    return out


def _between_bars(row: str) -> str:
    """An image row without its delimiting ``|`` at each end (either may be missing)."""
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return row


def write(puzzle: ColourPuzzle, with_solution: bool = True) -> str:
    """The pbn 0.3 XML of a colour puzzle: every palette colour declared with its char."""
    root = ET.Element("puzzleset")
    palette = puzzle.palette
    attrs = {"type": "grid", "backgroundcolor": palette.background.name}
    attrs["defaultcolor"] = palette[1].name if len(palette) > 1 else palette.background.name
    el = ET.SubElement(root, "puzzle", attrs)
    for key, tag in _META:
        value = getattr(puzzle, key)
        if value:
            ET.SubElement(el, tag).text = _xml_text(value)
    if puzzle.notes:
        ET.SubElement(el, "description").text = _xml_text(puzzle.notes)
    for colour in palette.colours:
        ET.SubElement(el, "color", name=colour.name, char=colour.char).text = colour.rgb[1:]
    for kind, clues in (("columns", puzzle.cols), ("rows", puzzle.rows)):
        block = ET.SubElement(el, "clues", type=kind)
        for clue in clues:
            line = ET.SubElement(block, "line")
            for n, c in clue:
                ET.SubElement(line, "count", color=palette[c].name).text = str(n)
    if with_solution and puzzle.goal is not None:
        sol = ET.SubElement(el, "solution", type="goal")
        rows = ("|" + "".join(palette[v].char for v in r) + "|" for r in puzzle.goal)
        ET.SubElement(sol, "image").text = "\n" + "\n".join(rows) + "\n"
    ET.indent(root)
    body = ET.tostring(root, encoding="unicode").replace("\r", "&#13;")
    return '<?xml version="1.0"?>\n' + body + "\n"
