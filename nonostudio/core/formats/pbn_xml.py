"""webpbn's XML puzzle format (pbn 0.3): read with entity expansion off, and write.

Documents with an internal DTD subset or entity declarations are refused before any expansion
(no "billion laughs"); an external ``<!DOCTYPE pbn SYSTEM ...>`` line, as webpbn exports carry, is
accepted and never fetched. A document of more than :data:`MAX_ELEMENTS` elements is refused
while it is parsed.

Every field of a :class:`Puzzle` survives a write and a read: the clues, the goal picture, and
``<title>``, ``<author>``, ``<copyright>`` and ``<license>`` text exactly as stored (surrounding
whitespace, tabs, line breaks and carriage returns included), and the notes as ``<description>``
(read from ``<description>`` or else the first ``<note>``). pbn 0.3 has no licence element;
nonostudio writes ``<license>`` (and reads ``<licence>`` too), which other readers skip.
Characters XML cannot hold at all (control characters other than tab, line feed and carriage
return) are written as spaces.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from xml.parsers import expat

import numpy as np

from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.formats._common import (
    XML_COLOUR_HINT,
    Entries,
    Thunk,
    build,
    check_items,
    check_size,
    colour_refusal,
    to_int,
)
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle

#: Most elements one document may hold: a 4096x4096 puzzle of realistic clues has far fewer,
#: and each costs a few hundred bytes in the tree.
MAX_ELEMENTS = 2_000_000


class _Refused(Exception):
    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


def parse_xml(
    data: bytes, source: str
) -> tuple[ET.Element, dict[ET.Element, int], dict[ET.Element, int]]:
    """The element tree of ``data``, each element's line and column (1-based, of its start
    tag's ``<``), refusing DTD subsets and entities."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    builder = ET.TreeBuilder()
    lines: dict[ET.Element, int] = {}
    columns: dict[ET.Element, int] = {}

    def doctype(_name: str, _sysid: str | None, _pubid: str | None, internal: int) -> None:
        if internal:
            raise _Refused(
                "XML with an internal DTD subset is refused (entity expansion is not allowed)",
                parser.CurrentLineNumber,
            )

    def entity(*_args: object) -> None:
        raise _Refused("XML entity declarations are refused", parser.CurrentLineNumber)

    def start(tag: str, attrs: dict[str, str]) -> None:
        element = builder.start(tag, attrs)
        lines[element] = parser.CurrentLineNumber
        columns[element] = parser.CurrentColumnNumber + 1
        if len(lines) > MAX_ELEMENTS:
            raise _Refused(
                f"more than {MAX_ELEMENTS:,} XML elements; documents are read up "
                f"to {MAX_ELEMENTS:,} elements",
                parser.CurrentLineNumber,
            )

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = entity
    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    try:
        parser.Parse(data, True)
        root = builder.close()
    except _Refused as exc:
        raise PuzzleError(str(exc), source=source, line=exc.line) from None
    except expat.ExpatError as exc:
        raise PuzzleError(
            f"not well-formed XML: {expat.ErrorString(exc.code)}",
            source=source,
            line=exc.lineno,
            column=exc.offset + 1,
        ) from None
    except AssertionError:
        raise PuzzleError("not well-formed XML", source=source) from None
    return root, lines, columns


def entries(data: bytes, source: str) -> Entries:
    """Every ``<puzzle>`` of the document: id "" for a lone puzzle, else "1", "2", ..."""
    root, lines, columns = parse_xml(data, source)
    if root.tag == "puzzle":
        puzzles = [root]
    elif root.tag == "puzzleset":
        puzzles = root.findall("puzzle")
    else:
        raise PuzzleError(
            f"expected a <puzzleset> or <puzzle> document, found <{root.tag}>",
            source=source,
            line=1,
        )
    if not puzzles:
        raise PuzzleError("the <puzzleset> holds no <puzzle>", source=source, line=1)
    check_items(len(puzzles), source)
    if len(puzzles) == 1:
        return [("", _thunk(puzzles[0], lines, columns, source))]
    return [(str(k), _thunk(el, lines, columns, source)) for k, el in enumerate(puzzles, 1)]


def _thunk(
    el: ET.Element, lines: dict[ET.Element, int], columns: dict[ET.Element, int], source: str
) -> Thunk:
    return lambda: _puzzle(el, lines, columns, source)


def _puzzle(
    el: ET.Element, lines: dict[ET.Element, int], columns: dict[ET.Element, int], source: str
) -> Puzzle:
    kind = el.get("type", "grid")
    if kind != "grid":
        raise UnsupportedPuzzleError(
            f"{kind} puzzles are not supported (only grid puzzles)",
            source=source,
            line=lines.get(el),
        )
    background = el.get("backgroundcolor", "white")
    default = el.get("defaultcolor", "black")
    chars = {c.get("char", ""): c.get("name", "") for c in el.findall("color")}
    clue_sets: dict[str, list[tuple[int, ...]]] = {}
    clue_lines: dict[str, int] = {}
    used: set[str] = set()
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
            clue_lines[f"{name} {k}"] = lines[line]
            counts: list[int] = []
            for count in line.findall("count"):
                used.add(count.get("color", default))
                value = to_int(
                    (count.text or "").strip(),
                    source,
                    lines[count],
                    columns.get(count),
                    f"{name} {k}",
                    "a number in <count>",
                    XML_COLOUR_HINT,
                )
                if value == 0:
                    raise blot_error(
                        len(counts) + 1, f"{name} {k}", source, lines[count], columns.get(count)
                    )
                counts.append(value)
            out.append(tuple(counts))
        clue_sets[kind] = out
    for kind in ("rows", "columns"):
        if kind not in clue_sets:
            raise PuzzleError(
                f'no <clues type="{kind}"> in the puzzle', source=source, line=lines.get(el)
            )
    used.discard(background)
    if len(used) > 1:
        raise colour_refusal(used, source, lines.get(el))
    rows, cols = clue_sets["rows"], clue_sets["columns"]
    if rows and cols:
        check_size(len(cols), len(rows), source)
    goal = goal_line = None
    found = goal_image(el, lines)
    if found is not None:
        text, goal_line = found
        goal = _image(text, len(cols), len(rows), chars, background, source, goal_line)
    meta = {key: el.findtext(tag) or "" for key, tag in _META}
    if not meta["licence"]:
        meta["licence"] = el.findtext("licence") or ""
    meta["notes"] = el.findtext("description") or el.findtext("note") or ""
    return build(
        rows, cols, source, clue_lines=clue_lines, goal=goal, goal_line=goal_line, meta=meta
    )


def blot_error(
    item: int, clue: str, source: str, line: int | None, column: int | None
) -> PuzzleError:
    """The refusal of a ``<count>0</count>``: in webpbn XML it is a *blot*, a block of unknown
    length (at least 1). Reading it as no block would give another puzzle (a 3x3 file pbnsolve
    finds contradictory read as unique), so it is refused until blots are supported."""
    return PuzzleError(
        f"a <count> of 0 at item {item} of the clue is a blot (a hidden block of unknown "
        "length, at least 1), which nonostudio does not read; an empty line has no <count>",
        source=source,
        line=line,
        column=column,
        clue=clue,
    )


#: Puzzle field and XML element of each text property, in the order they are written.
_META = (
    ("title", "title"),
    ("author", "author"),
    ("copyright", "copyright"),
    ("licence", "license"),
)
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(value: str) -> str:
    """``value`` with the characters XML 1.0 cannot hold replaced by spaces."""
    return _NOT_XML.sub(" ", value)


def goal_image(el: ET.Element, lines: dict[ET.Element, int]) -> tuple[str, int] | None:
    """The text of the puzzle's goal ``<image>`` and its line (None: it has none)."""
    for sol in el.findall("solution"):
        image = sol.find("image")
        if sol.get("type", "goal") == "goal" and image is not None:
            return image.text or "", lines[image]
    return None


def _image(
    text: str,
    width: int,
    height: int,
    chars: dict[str, str],
    background: str,
    source: str,
    line: int,
) -> np.ndarray:
    """A goal ``<image>``: one ``|...|`` line per row, background characters are empty cells."""
    rows = [r.strip().strip("|") for r in text.strip().splitlines() if r.strip()]
    blank = {c for c, name in chars.items() if name == background} | {"."}
    if len(rows) != height or any(len(r) != width for r in rows):
        raise PuzzleError(
            f"the solution <image> must have {height} rows of {width} cells",
            source=source,
            line=line,
        )
    grid = np.array([[CROSSED if ch in blank else FILLED for ch in r] for r in rows], np.int8)
    return grid.reshape(height, width)


def write(puzzle: Puzzle, with_solution: bool = True) -> str:
    """The pbn 0.3 XML of ``puzzle`` (with its goal picture when present and wanted)."""
    root = ET.Element("puzzleset")
    el = ET.SubElement(root, "puzzle", type="grid", defaultcolor="black")
    for key, tag in _META:
        value = getattr(puzzle, key)
        if value:
            ET.SubElement(el, tag).text = _xml_text(value)
    if puzzle.notes:
        ET.SubElement(el, "description").text = _xml_text(puzzle.notes)
    ET.SubElement(el, "color", name="white", char=".").text = "fff"
    ET.SubElement(el, "color", name="black", char="X").text = "000"
    for kind, clues in (("columns", puzzle.cols), ("rows", puzzle.rows)):
        block = ET.SubElement(el, "clues", type=kind)
        for clue in clues:
            line = ET.SubElement(block, "line")
            for n in clue:
                ET.SubElement(line, "count").text = str(n)
    if with_solution and puzzle.goal is not None:
        sol = ET.SubElement(el, "solution", type="goal")
        rows = ("|" + "".join("X" if v == FILLED else "." for v in r) + "|" for r in puzzle.goal)
        ET.SubElement(sol, "image").text = "\n" + "\n".join(rows) + "\n"
    ET.indent(root)
    # a parser reads a raw carriage return as a line feed; markup holds none, so every one here
    # is in a text value and is written as a character reference to survive
    body = ET.tostring(root, encoding="unicode").replace("\r", "&#13;")
    return '<?xml version="1.0"?>\n' + body + "\n"
