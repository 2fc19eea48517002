"""Jan Olšák's formats: ``.g`` (title text, optional ``#`` colour block, ``:`` sections of row then
column clues) and ``.mk`` (``H W``, row clues, a ``#`` line, column clues).

Colour ``.g`` files (blocks with a colour letter such as ``3r``, the letter declared in the ``#``
block as ``r:r #FF0000 red``) are refused as unsupported; any other character after a number
(``3x`` with no colour ``x`` declared, an invisible zero-width space) is refused as the typo it is
(in a file declaring colours, by the colour reader, which offers the declared colours for it).

Olšák's programs and pbnsolve ignore every line before the first ``#`` or ``:`` line and after
the clues (the third ``:`` line, ``: end``); by custom the first line names the puzzle.  Both
readers here take back what the colour writer puts there: leading ``Title:``, ``Author:``,
``Copyright:`` and ``Licence:`` lines (:func:`g_free_text`), and the solution as ``Picture:``
rows after ``: end`` (before the ``#`` block in files written before, where an untitled
puzzle's first line, its name, was a row of the picture).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.formats._common import (
    build,
    check_size,
    clue_of,
    colour_refusal,
    digits,
    needs_dash,
    numbers,
    separator_hint,
    split_lines,
    undashed,
)
from nonostudio.core.formats.plain import Cursor
from nonostudio.core.puzzle import GoalRows, Puzzle

_ITEM = re.compile(r"([0-9]+)(\S?)\Z")
#: The free-text lines the colour writer starts with, and the field each one holds.
G_FIELDS = (
    ("Title", "title"),
    ("Author", "author"),
    ("Copyright", "copyright"),
    ("Licence", "licence"),
)
G_FIELD_LINE = re.compile(r"(Title|Author|Copyright|Licen[cs]e): ?(.*)\Z")
#: A row of the solution picture (what the colour writer puts after ``: end``).
G_PICTURE_LINE = re.compile(r"Picture: ?(\S*)\s*\Z")
#: A colour declaration of the ``#`` block: the colour's letter, a colon, its name and value.
_DECLARED = re.compile(r"\s*([^\s:#]):")


def read_g(text: str, source: str) -> Puzzle:
    """Olšák ``.g``: free text (kept as the puzzle's notes, as the colour reader keeps it),
    optional colour declarations, then ``:`` rows ``:`` columns."""
    head, sections, tail = g_parts(text, source)
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
    notes = []  # the free text before the '#' block (by custom, its first line names it)
    for _number, line in head:
        if line.lstrip().startswith("#"):
            break
        notes.append(line.rstrip())
    free = g_free_text(notes, tail)
    goal = _bw_goal(free.picture, clues[0], clues[1])
    kept = free.notes if goal is not None or not free.picture else free.notes_with_picture
    meta = dict(free.meta)
    if kept:
        meta["notes"] = "\n".join(kept).strip()
    return build(clues[0], clues[1], source, clue_lines=clue_lines, meta=meta or None, goal=goal)


def _bw_goal(
    picture: list[str], rows: list[tuple[int, ...]], cols: list[tuple[int, ...]]
) -> GoalRows | None:
    """The goal the ``Picture:`` rows give (``1`` filled, ``0`` empty), or None when they are
    not such a picture of the clues (edited elsewhere: the clues decide)."""
    if not picture or any(set(row) - {"0", "1"} for row in picture):
        return None
    if len(picture) != len(rows) or any(len(row) != len(cols) for row in picture):
        return None
    goal = GoalRows(tuple(picture))
    want = (tuple(tuple(r) for r in rows), tuple(tuple(c) for c in cols))
    return goal if goal.clues() == want else None


def g_sections(text: str, source: str) -> tuple[list[tuple[int, str]], list[list[tuple[int, str]]]]:
    """The non-blank lines before the first ``:`` line and the lines of the first two ``:``
    sections (row clues, column clues), each with its line number; ``#`` lines in a section
    are comments.  A blank line in a section is an empty clue, as pbnsolve reads blank clue
    lines and as the generated colour files write empty rows; blank lines that end the file
    after the column section are not clues (before a ``:`` line that closes it they are)."""
    head, sections, _tail = g_parts(text, source)
    return head, sections


def g_parts(
    text: str, source: str
) -> tuple[list[tuple[int, str]], list[list[tuple[int, str]]], list[str]]:
    """:func:`g_sections` and the non-blank lines after the clues (after a third ``:`` line),
    where the colour writer puts the picture."""
    head: list[tuple[int, str]] = []
    sections: list[list[tuple[int, str]]] = []
    tail: list[str] = []
    last = 1
    for number, line in enumerate(split_lines(text), 1):
        if len(sections) > 2:
            if line.strip():
                tail.append(line.rstrip())
            continue
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
    closed = len(sections) > 2  # a third ':' line ends the clues; free text may follow it
    sections = sections[:2]
    if len(sections) < 2:
        raise PuzzleError(
            "expected two sections, each starting with a ':' line (row clues, then column clues)",
            source=source,
            line=last,
        )
    # Blank lines at the end of the file are no clues; before a ':' line that ends the
    # section they are empty columns, as pbnsolve reads them (and the colour writer writes a
    # last empty column).
    while not closed and sections[1] and not sections[1][-1][1].strip():
        sections[1].pop()
    return head, sections, tail


@dataclass(slots=True)
class GFreeText:
    """What the free text of a ``.g`` file holds besides its notes (:func:`g_free_text`)."""

    #: ``title``, ``author``, ``copyright``, ``licence`` from the leading ``Key:`` lines.
    meta: dict[str, str] = field(default_factory=dict)
    #: The rows of the ``Picture:`` lines (empty when there are none).
    picture: list[str] = field(default_factory=list)
    #: The notes, without the fields and the picture.
    notes: list[str] = field(default_factory=list)
    #: The notes with the picture's lines where they stood: what to keep when the picture does
    #: not fit the clues (edited elsewhere), so that nothing is lost.
    notes_with_picture: list[str] = field(default_factory=list)


def g_free_text(notes: list[str], tail: list[str]) -> GFreeText:
    """The fields, picture and notes of the free text before the ``#`` block (``notes``) and
    after the clues (``tail``, from :func:`g_parts`): the picture rows are read after the
    fields (where files written before put them) or at the start of the tail."""
    found = GFreeText()
    while notes and (m := G_FIELD_LINE.match(notes[0])):
        key = "licence" if m.group(1).startswith("Licen") else m.group(1).lower()
        if key in found.meta:
            break  # a second one is the notes' own text
        found.meta[key] = m.group(2).strip()
        notes = notes[1:]
    before = _picture_rows(notes)
    after = [] if before else _picture_rows(tail)
    found.picture = before or after
    found.notes = [g_note_text(line) for line in notes[len(before) :]]
    found.notes_with_picture = [g_note_text(line) for line in notes + tail[: len(after)]]
    return found


def _g_reads_as_other(line: str) -> bool:
    """Whether a notes line would start a section or the colour block (``:``, ``#``) of a
    ``.g`` file, or read as a field or a picture row there."""
    return bool(
        line.lstrip()[:1] in (":", "#") or G_FIELD_LINE.match(line) or line.startswith("Picture:")
    )


def g_note_line(line: str) -> str:
    """A notes line as a ``.g`` file holds it: with ``- `` before it when it would not read
    as a note (:func:`g_note_text` takes it off)."""
    return "- " + line if needs_dash(line, _g_reads_as_other) else line


def g_note_text(line: str) -> str:
    """The notes line a free line of a ``.g`` file stands for: without the ``- `` that
    :func:`g_note_line` puts before a line that would not read as a note, else itself."""
    return undashed(line, _g_reads_as_other)


def _picture_rows(lines: list[str]) -> list[str]:
    """The rows of the leading ``Picture:`` lines of ``lines``."""
    rows: list[str] = []
    for line in lines:
        m = G_PICTURE_LINE.match(line)
        if m is None:
            break
        rows.append(m.group(1))
    return rows


def _bad_item(token: str, number_first: bool, declared: set[str]) -> str:
    """The error for a clue item that is not a number with a declared colour letter."""
    if not number_first:
        hint = separator_hint(token, None)
        return f"expected a number (optionally with a colour letter), found {token!r}{hint}"
    letter = token.lstrip("0123456789")
    what = ascii(letter) if not letter.isprintable() or letter.isspace() else repr(letter)
    letters = sorted(declared - {"0", "1"})  # 0 and 1 are the background and default colour
    known = f" (declared: {', '.join(letters)})" if letters else ""
    return (
        f"expected a number, found {token!r}: {what} after the number is no colour "
        f"letter declared in the '#' block{known}"
    )


def read_mk(text: str, source: str) -> Puzzle:
    """Olšák ``.mk``: ``H W``, H row lines, a ``#`` line, W column lines.

    A section one line short of the size the header declares, or one line long (a line left
    out or typed twice), raises :class:`~nonostudio.core.formats.non.LineCountError` with the
    clues as read and the size, as a ``.non`` does: the typo finder looks for the line.  Sections
    each as long as the other side (``W H`` for ``H W``) that make a puzzle so raise its
    :class:`~nonostudio.core.formats.non.SwappedSectionsError`: both readings are offered."""
    cur = Cursor(text, source)
    height, width = cur.ints(2, "'height width'")
    check_size(width, height, source, cur.lines[0][0])
    try:
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
    except PuzzleError as err:
        raise _mk_miscount(cur, err, width, height) or err from None
    return build(rows, cols, source, clue_lines=cur.clue_lines)


def _mk_miscount(cur: Cursor, err: PuzzleError, width: int, height: int) -> PuzzleError | None:
    """The :class:`LineCountError` for ``err`` when the ``.mk`` text's clue lines read and one
    section (before or after its one ``#`` line) is one line short or long of the size, the
    other as long as it should be; else None (``err`` is said as it is)."""
    from nonostudio.core.formats.non import line_count_error, swapped_sections

    lines = cur.lines[1:]
    marks = [k for k, (_, text) in enumerate(lines) if text.strip() == "#"]
    if len(marks) != 1:
        return None
    sections = (("row", lines[: marks[0]], height), ("column", lines[marks[0] + 1 :], width))
    swap = (len(sections[0][1]), len(sections[1][1])) == (width, height) and width != height
    if not swap and sorted(abs(len(part) - want) for _, part, want in sections) != [0, 1]:
        return None
    clues: list[tuple[tuple[int, ...], ...]] = []
    clue_lines: dict[str, int] = {}
    try:
        for kind, part, _want in sections:
            read = []
            for k, (number, text) in enumerate(part, 1):
                clue_lines[f"{kind} {k}"] = number
                read.append(numbers(text, None, cur.source, number, clue=f"{kind} {k}"))
            clues.append(tuple(read))
    except PuzzleError:
        return None  # another mistake: said first
    if swap:  # the header's 'H W' the other way round, or the sections
        words = (
            f"{err.message}; the {width} lines before '#' and the {height} after it fit the "
            f"size the other way round: is the header ('{height} {width}', height first) "
            "swapped, or the row and column clues?"
        )
        return swapped_sections(clues[0], clues[1], (width, height), err, clue_lines, message=words)
    return line_count_error(
        err, cur.source, (width, height), clue_lines, {}, clues=(clues[0], clues[1])
    )
