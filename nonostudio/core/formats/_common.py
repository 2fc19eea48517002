"""Shared helpers of the format readers: decoding, line splitting, numbers with positions, building.

Every reader reports bad input as :class:`PuzzleError` naming the source, the line and column (or
the clue) and what was expected; these helpers keep that uniform.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import islice
from typing import TYPE_CHECKING

from nonostudio.core.errors import (
    GoalMismatchError,
    InconsistentPuzzleError,
    PuzzleError,
    UnsupportedPuzzleError,
)
from nonostudio.core.lookalike import LOOKALIKE, typed_for_words
from nonostudio.core.puzzle import GoalRows, Puzzle

if TYPE_CHECKING:
    import numpy as np

#: Largest accepted width or height; stops a typo such as ``width 1000000`` from eating memory.
MAX_SIZE = 4096
#: Longest accepted digit string. Every number in a puzzle file is a size, a clue or a pixel value
#: far below this, and the length is checked before ``int()`` (which refuses more than 4,300
#: digits with a message that names no place); a longer number is refused with its position.
MAX_DIGITS = 18
#: Most lines a text file may have: every line costs memory once the text is split, whatever
#: its length (a file of 60 million empty lines took 4 GB).
MAX_LINES = 1_000_000
#: Most puzzles one collection file may hold (real ones hold up to some tens of thousands); each
#: item costs memory before any puzzle is built, so a file of millions of tiny items is refused.
MAX_ITEMS = 100_000

_NUMBER = re.compile(r"[0-9]+\Z")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
#: A number with a colour letter (``3r``), in a format that has no colours.
_COLOUR_ITEM = re.compile(r"[0-9]+[A-Za-z]\Z")
COLOUR_HINT = (
    "a colour clue? this format has no colours; colour puzzles are read from webpbn XML, "
    ".g, .non and TOML files"
)
#: Numbers run together with another separator than the format's (``7 1``, ``7;1``, ``7.1``
#: in a puzzle string, where ``,`` separates them: a book prints a clue with spaces).
_OTHER_SEPARATOR = re.compile(r"[0-9]+(?:(?:\s+|\s*[^\w\s]\s*)[0-9]+)+\Z")
#: The same mistake in webpbn XML, where a count's colour is an attribute, not a letter.
XML_COLOUR_HINT = (
    'a colour clue? in XML a count\'s colour is its attribute: <count color="red">3</count>'
)

Clue = tuple[int, ...]
#: Builds one puzzle of a file when called (or raises PuzzleError): picking one puzzle out of a
#: large collection builds only that one.
Thunk = Callable[[], Puzzle]
#: The items of a file, ``(item id, thunk)`` in file order.
Entries = list[tuple[str, Thunk]]


def decode(data: bytes, source: str) -> str:
    """UTF-8 text without a BOM; other encodings are refused with the byte offset at fault, and
    a text of more than :data:`MAX_LINES` lines is refused before it is split."""
    lines = data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
    if lines > MAX_LINES:
        raise PuzzleError(
            f"{lines:,} lines; puzzle files are read up to {MAX_LINES:,} lines "
            f"(a {MAX_SIZE}x{MAX_SIZE} puzzle needs {2 * MAX_SIZE:,} clue lines)",
            source=source,
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleError(
            f"not UTF-8 text (undecodable byte at offset {exc.start}); is this a puzzle file?",
            source=source,
        ) from None
    return text


def check_items(count: int, source: str, line: int | None = None) -> None:
    """Refuse a collection with more than :data:`MAX_ITEMS` puzzles (``count`` so far)."""
    if count > MAX_ITEMS:
        raise PuzzleError(
            f"more than {MAX_ITEMS:,} puzzles in one file; collections are read "
            f"up to {MAX_ITEMS:,} puzzles (split the file)",
            source=source,
            line=line,
        )


def split_lines(text: str) -> list[str]:
    """Lines split at LF, CRLF or CR only (not at form feeds or Unicode separators)."""
    text = text.removeprefix("\ufeff")
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


#: A number with one stray mark typed before or after it (``1.``, ``5,``, ``'3``); of at most
#: 18 digits, as the readers' numbers (a longer one is refused for its length, and Python's
#: ``int`` refuses one of over 4,300 digits: the hint itself failed, "malformed puzzle").
_STRAY = re.compile(r"([^\w\s])([0-9]{1,18})\Z|([0-9]{1,18})([^\w\s])\Z")


#: Full-width digits and marks (an East-Asian input method's ``２``, ``１，２``), to their
#: ASCII forms: a clue so typed is refused, said with what to type.
_FULL_WIDTH = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0x3000: 0x20}
#: What a clue is typed with in the readers (digits, separators, a dash): a full-width text that
#: turns into these is told what to type.
_TYPABLE = re.compile(r"[0-9,:;. \-]+")


def full_width_hint(token: str) -> str:
    """`` (full-width digit '２': type 2)`` for a token with a full-width digit or mark in it
    (typed with an East-Asian input method), said with the error that refuses it (the digits
    read as any other letter, 'found '２'' and no more); ``""`` for any other token."""
    if not any(ord(c) in _FULL_WIDTH for c in token):
        return ""
    meant = token.translate(_FULL_WIDTH)
    if meant.isdigit():
        return f" (full-width digit{'s' if len(token) > 1 else ''} {token!r}: type {meant})"
    if lookalike_hint(meant):  # ('１O': '1O' is refused too; it said "type '1O'")
        fixed = "".join(LOOKALIKE.get(c, c) for c in meant)
        return f" (full-width characters, and a letter typed for a digit: type {fixed}?)"
    if _TYPABLE.fullmatch(meant):
        return f" (full-width characters: type {meant!r})"
    return " (full-width characters)"  # (no 'type ...': 'ａ' would be told to type 'a')


def lookalike_hint(token: str) -> str:
    """`` (the letter O typed for 0?)`` for a token that reads as a number with letters that
    look like digits read as those digits (``1O``, ``l``), said with the error that refuses it
    (a ``1O`` was told 'a colour clue?' in formats with no colours); ``""`` for any other."""
    letters = list(dict.fromkeys(c for c in token if c in LOOKALIKE))
    if not letters or not _NUMBER.match("".join(LOOKALIKE.get(c, c) for c in token)):
        return ""
    return f" ({typed_for_words(letters)}?)"


def stray_hint(token: str) -> str:
    """`` (a stray '.' after 1?)`` for a number with one mark typed before or after it, said
    with the error that refuses it (the number without it is what was meant, as often as
    not); for a token with full-width characters or letters that look like digits,
    :func:`full_width_hint` or :func:`lookalike_hint`; ``""`` for any other token."""
    if hint := full_width_hint(token) or lookalike_hint(token):
        return hint
    m = _STRAY.match(token)
    if not m:
        return ""
    if m.group(1):
        return f" (a stray {m.group(1)!r} before {int(m.group(2))}?)"
    return f" (a stray {m.group(4)!r} after {int(m.group(3))}?)"


def to_int(
    token: str,
    source: str,
    line: int | None,
    column: int | None,
    clue: str | None = None,
    what: str = "a number",
    colour_hint: str = COLOUR_HINT,
) -> int:
    """``token`` as a non-negative int, or a PuzzleError at the given position (a number with a
    colour letter is told ``colour_hint``)."""
    if not _NUMBER.match(token):
        found = repr(token) if token else "nothing"
        if _COLOUR_ITEM.match(token) and not lookalike_hint(token):
            found += f" ({colour_hint})"
        else:
            found += stray_hint(token)
        raise PuzzleError(
            f"expected {what}, found {found}", source=source, line=line, column=column, clue=clue
        )
    return digits(token, source, line, column, clue)


def digits(
    token: str | bytes,
    source: str,
    line: int | None = None,
    column: int | None = None,
    clue: str | None = None,
) -> int:
    """The int of a string of ASCII digits, refusing one longer than :data:`MAX_DIGITS` (the
    length is checked before conversion, so a 5,000-digit number costs nothing)."""
    if len(token) > MAX_DIGITS:
        raise PuzzleError(
            f"a number of {len(token)} digits; numbers are limited to {MAX_DIGITS} "
            f"digits (a puzzle is at most {MAX_SIZE} cells wide or high)",
            source=source,
            line=line,
            column=column,
            clue=clue,
        )
    return int(token)


def tokens(
    text: str, seps: str | None, offset: int = 0, limit: int | None = None
) -> list[tuple[str, int]]:
    """Items of ``text`` split at any character of ``seps`` (None: at whitespace runs), stripped,
    each with its 1-based column; ``offset`` is the 0-based column where ``text`` starts.

    With a ``limit``, at most ``limit + 1`` items are made (the caller can tell there are more
    than ``limit`` without a list of millions being built for a runaway line).
    """
    if seps is None:
        found = (m for m in re.finditer(r"\S+", text))
        return [
            (m.group(), offset + m.start() + 1)
            for m in islice(found, None if limit is None else limit + 1)
        ]
    out: list[tuple[str, int]] = []
    sep = re.compile("[" + re.escape(seps) + "]")
    start = 0
    while limit is None or len(out) <= limit:
        m = sep.search(text, start)
        end = m.start() if m else len(text)
        piece = text[start:end]
        lead = len(piece) - len(piece.lstrip())
        out.append((piece.strip(), offset + start + lead + 1))
        if m is None:
            break
        start = m.end()
    return out


def numbers(
    text: str,
    seps: str | None,
    source: str,
    line: int | None,
    *,
    clue: str | None = None,
    offset: int = 0,
) -> Clue:
    """The clue written in ``text``: numbers separated by ``seps`` (None: whitespace).

    Blank text and a lone ``0`` are the empty clue; a 0 beside other numbers, an empty item
    between two separators and more than :data:`MAX_SIZE` items are errors naming the column.
    """
    if not text.strip():
        return ()
    items = tokens(text, seps, offset, MAX_SIZE)
    check_count(len(items), source, line, items[-1][1], clue)
    try:
        values = [to_int(tok, source, line, col, clue) for tok, col in items]
    except PuzzleError:
        # (only text refused is looked at again: a clue's numbers run together with another
        # separator, anywhere in it, are told the format's, before the first bad number)
        for tok, col in items:
            hint = separator_hint(tok, seps)
            if hint:
                raise PuzzleError(
                    f"expected a number, found {tok!r}{hint}",
                    source=source,
                    line=line,
                    column=col,
                    clue=clue,
                ) from None
        for k, (tok, col) in enumerate(items):
            if not tok and seps:  # (the first refused, as to_int said it)
                sep = repr(seps[0])
                where = (
                    f"a {sep} after the last number"
                    if k == len(items) - 1
                    else f"a {sep} before the first number"
                    if k == 0
                    else f"two {sep} together"
                )
                extra = f"the {sep}" if k in (0, len(items) - 1) else "one"
                raise PuzzleError(
                    f"expected a number, found nothing ({where}: a number left out, or "
                    f"{extra} typed too many?)",
                    source=source,
                    line=line,
                    column=col,
                    clue=clue,
                ) from None
            if not _NUMBER.match(tok):
                break
        raise
    return clue_of(values, [col for _, col in items], source, line, clue)


def separator_hint(token: str, seps: str | None) -> str:
    """`` (numbers in one clue are separated by ',': '1,3'?)`` for a token of numbers run
    together with another separator (``1.3``, ``1;3``, ``2，1``) in a format whose clues
    separate them by ``seps`` (None: by spaces), said with the error that refuses it; for a
    token with full-width characters, :func:`full_width_hint`; ``""`` for any other token."""
    if not _OTHER_SEPARATOR.match(token):
        return full_width_hint(token)
    meant = (seps[0] if seps else " ").join(re.findall("[0-9]+", token))
    how = repr(seps[0]) if seps else "spaces"
    return f" (numbers in one clue are separated by {how}: {meant!r}?)"


def clue_of(
    values: Sequence[int],
    columns: Sequence[int | None],
    source: str,
    line: int | None,
    clue: str | None,
) -> Clue:
    """The clue of the numbers ``values`` (at ``columns``): a lone 0 is the empty clue, and a 0
    beside other numbers is refused at its column (dropping it would read a different clue than
    was meant, a typo as often as not)."""
    if len(values) > 1:
        for value, column in zip(values, columns, strict=True):
            if value == 0:
                raise PuzzleError(
                    "a 0 beside other numbers in one clue (a lone 0 is an empty line's clue; "
                    "blocks are at least 1 long)",
                    source=source,
                    line=line,
                    column=column,
                    clue=clue,
                )
    return tuple(v for v in values if v)


def check_count(
    count: int, source: str, line: int | None, column: int | None, clue: str | None
) -> None:
    """Refuse a clue of more than :data:`MAX_SIZE` numbers (a line of at most that many cells
    holds half as many blocks)."""
    if count > MAX_SIZE:
        raise PuzzleError(
            f"more than {MAX_SIZE} numbers in one clue (a puzzle is at most "
            f"{MAX_SIZE} cells wide or high)",
            source=source,
            line=line,
            column=column,
            clue=clue,
        )


def check_size(width: int, height: int, source: str, line: int | None = None) -> None:
    """Refuse empty or absurdly large dimensions before anything is allocated."""
    check_dimension("width", width, source, line)
    check_dimension("height", height, source, line)


def needs_dash(line: str, reads_as_other: Callable[[str], bool]) -> bool:
    """Whether a notes line is written with ``- `` before it: it would read as something else
    of its format (``reads_as_other``: a keyword, a clue line, a field), or it starts with a
    ``- `` that the reader would take off (:func:`undashed`), so it gets one more."""
    if reads_as_other(line):
        return True
    return line.startswith("- ") and needs_dash(line[2:], reads_as_other)


def undashed(line: str, reads_as_other: Callable[[str], bool]) -> str:
    """The notes line a free line of a file stands for: without the ``- `` the writer put
    before a line that would not read as a note (:func:`needs_dash`), else the line itself; so
    notes saved and opened again are the notes they were, with no ``- `` more each time."""
    return line[2:] if line.startswith("- ") and needs_dash(line[2:], reads_as_other) else line


def check_dimension(name: str, value: int, source: str, line: int | None = None) -> None:
    """Refuse a ``name`` ("width", "height") of ``value`` out of 1..:data:`MAX_SIZE` (said at
    ``line``, where it is read)."""
    if value < 1 or value > MAX_SIZE:
        raise PuzzleError(
            f"{name} must be between 1 and {MAX_SIZE}, found {value}", source=source, line=line
        )


def relabel(
    err: PuzzleError, source: str, clue_lines: dict[str, int] | None = None, line: int | None = None
) -> PuzzleError:
    """``err`` naming ``source`` and a line (its clue's when known, else ``line``), keeping its
    class."""
    if err.line is not None:
        line = err.line
    elif err.clue and clue_lines and err.clue in clue_lines:
        line = clue_lines[err.clue]
    return type(err)(err.message, source=source, line=line, column=err.column, clue=err.clue)


def build(
    rows: Sequence[Iterable[int]],
    cols: Sequence[Iterable[int]],
    source: str,
    *,
    clue_lines: dict[str, int] | None = None,
    goal: np.ndarray | GoalRows | None = None,
    goal_line: int | None = None,
    line: int | None = None,
    meta: Mapping[str, str] | None = None,
) -> Puzzle:
    """Construct and validate a Puzzle; errors name ``source`` and the clue's line (or ``line``);
    a goal must satisfy the clues; ``meta`` holds text fields (``title``, ``author``, ...)."""
    for name, count in (("width", len(cols)), ("height", len(rows))):
        if count > MAX_SIZE:
            raise PuzzleError(
                f"{name} must be between 1 and {MAX_SIZE}, found {count}", source=source, line=line
            )
    row_clues, col_clues = tuple(tuple(r) for r in rows), tuple(tuple(c) for c in cols)
    try:
        puzzle = Puzzle(row_clues, col_clues, goal=goal, **(meta or {}))
    except PuzzleError as err:
        error = relabel(err, source, clue_lines, line)
        if isinstance(error, InconsistentPuzzleError):
            error.clues = row_clues, col_clues  # for the typo finder
            error.clue_lines = dict(clue_lines) if clue_lines else None  # (where its fix goes)
            error.meta = dict(meta or {})
        raise error from None
    if goal is not None:
        check_goal(puzzle, source, goal_line, clue_lines)
    return puzzle


def check_goal(
    puzzle: Puzzle,
    source: str,
    line: int | None = None,
    clue_lines: Mapping[str, int] | None = None,
) -> None:
    """Raise InconsistentPuzzleError naming the first clue the goal picture (on ``line``) does
    not match, at the clue's line when ``clue_lines`` knows it (where a typo is likelier: a goal
    is written by a program), and how many other clues differ (many: the goal is wrong)."""
    clues = puzzle.goal_clues()
    assert clues is not None
    rows, cols = clues
    wrong = [
        (f"{kind} {i}", g, w)
        for kind, got, want in (("row", rows, puzzle.rows), ("column", cols, puzzle.cols))
        for i, (g, w) in enumerate(zip(got, want, strict=True), 1)
        if g != w
    ]
    if not wrong:
        return
    name, got, want = wrong[0]
    where = clue_lines.get(name) if clue_lines else None
    goal = f"the goal picture (line {line})" if line is not None and where else "the goal picture"
    more = len(wrong) - 1
    if more == 0:
        after = "; the goal fits every other clue, so one of the two is mistyped"
    elif more < len(puzzle.rows) + len(puzzle.cols) - 1:
        after = f"; {more} more clue{'s' if more > 1 else ''} differ{'s' if more == 1 else ''}"
    else:
        after = "; every other clue differs too: the goal is not this puzzle's picture"
    raise GoalMismatchError(
        f"the clue is {fmt_clue(want)} but {goal} gives {fmt_clue(got)}{after}",
        source=source,
        line=where if where is not None else line,
        clue=name,
    )


def fmt_clue(clue: Sequence[int]) -> str:
    """A clue as people write it: ``3 1`` (``0`` when empty)."""
    return " ".join(map(str, clue)) or "0"


def clean_meta(value: str) -> str:
    """Metadata text safe to write on one line: non-printable characters become spaces."""
    return "".join(ch if ch.isprintable() else " " for ch in value)


class ColourRefused(UnsupportedPuzzleError):
    """A colour puzzle refused by a reader of black and white (``read_all``, ``read_file``); the
    colour entry points read it instead."""


def colour_refusal(colours: Iterable[str], source: str, line: int | None = None) -> ColourRefused:
    """The refusal black-and-white callers see: the puzzle is colour, and they read black and white
    only."""
    return ColourRefused(
        f"colour puzzle (colours {', '.join(sorted(colours))}); only black-and-white puzzles "
        "are supported",
        source=source,
        line=line,
    )
