"""One-line puzzle texts: the R ``nonogram`` puzzle string and Simon Tatham's "Pattern" game id.

Puzzle string: ``ROWS-COLS``, clues separated by ``:``, numbers by ``,``; an empty field or ``0``
is an empty clue. A text file of such strings, one per line (optionally ``name<TAB>string``), is a
puzzle library whose items are the names or the 1-based line numbers.

Tatham id: ``WxH:`` then the clues separated by ``/``, columns first, numbers by ``.``.
"""

from __future__ import annotations

import re
import unicodedata

from nonostudio.core.counts import count as counted
from nonostudio.core.errors import PuzzleError, UnsupportedPuzzleError
from nonostudio.core.formats._common import (
    MAX_SIZE,
    Entries,
    Thunk,
    build,
    check_items,
    check_size,
    digits,
    numbers,
    split_lines,
    tokens,
)
from nonostudio.core.puzzle import Puzzle, min_length

_TATHAM = re.compile(r"\s*([0-9]+)x([0-9]+):")
_STRING_CHARS = re.compile(r"[0-9,:\- \t]*-[0-9,:\- \t]*\Z")
#: Dashes other than the ASCII ``-`` that a word processor (its autocorrect), a PDF or a web
#: page writes where one was typed: hyphen, non-breaking hyphen, figure, en and em dashes,
#: horizontal bar, minus sign, and the small and full-width forms.
OTHER_DASH = re.compile("[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]")


def looks_like_string(line: str) -> bool:
    """True for a text made only of digits, ``,``, ``:``, spaces and one ``-`` or more."""
    return bool(_STRING_CHARS.match(line.strip()))


def looks_like_tatham(text: str) -> bool:
    return bool(_TATHAM.match(text))


def read_string(
    text: str, source: str = "<text>", line: int | None = None, offset: int = 0
) -> Puzzle:
    """Parse one puzzle string; columns in errors are 1-based character offsets."""
    cut = text.find("-")
    if cut < 0:
        raise _typed_for_dash(text, source, line, offset) or _no_dash(text, source, line, offset)
    second = text.find("-", cut + 1)
    if second >= 0:
        raise PuzzleError(
            "expected only one '-' (between row and column clues), found another",
            source=source,
            line=line,
            column=offset + second + 1,
        )
    for kind, part in (("height", text[:cut]), ("width", text[cut + 1 :])):
        count = part.count(":") + 1
        if count > MAX_SIZE:
            raise PuzzleError(
                f"{kind} must be between 1 and {MAX_SIZE}, found {count} "
                f"{'row' if kind == 'height' else 'column'} clues",
                source=source,
                line=line,
            )
    parts = (("row", text[:cut], 0), ("column", text[cut + 1 :], cut + 1))
    if (other := _typed_for_colon(text, cut, source, line, offset)) is not None:
        raise other
    clues: list[list[tuple[int, ...]]] = []
    for kind, part, start in parts:
        if not part.strip():
            raise PuzzleError(
                f"no {kind} clues {'before' if kind == 'row' else 'after'} '-'",
                source=source,
                line=line,
                column=offset + cut + 1,
            )
        clue_list = []
        for k, (field, col) in enumerate(_raw_fields(part, ":", start), 1):
            try:
                clue_list.append(
                    numbers(field, ",", source, line, clue=f"{kind} {k}", offset=offset + col - 1)
                )
            except PuzzleError as error:
                raise _semicolon(text, error, field, col - 1, offset) from None
        clues.append(clue_list)
    return build(clues[0], clues[1], source, line=line)


def _semicolon(text: str, error: PuzzleError, field: str, start: int, offset: int) -> PuzzleError:
    """``error`` of ``field`` (at character ``start`` of ``text``, which begins at column
    ``offset``), told the ``:`` meant when it is refused at a number holding the text's one
    ``;`` and that reads as a puzzle with a ``:`` (the shift key missed), while with a ``,``
    (the separator the reader named) the clues make no puzzle; both reading, both are named.
    ``7;3`` was told "numbers in one clue are separated by ',': '7,3'?" alone, the wrong fix
    for a ``:``."""
    at = text.find(";")
    if at < 0 or text.count(";") > 1 or not start <= at < start + len(field):
        return error
    found = [(tok, col) for tok, col in tokens(field, ",", offset + start) if ";" in tok]
    if len(found) != 1 or found[0][1] != error.column:
        return error  # (refused elsewhere first: said as it was)
    token = found[0][0]

    def read(separator: str) -> Puzzle | None:
        try:
            return read_string(text[:at] + separator + text[at + 1 :])
        except PuzzleError:
            return None

    colon, comma = read(":"), read(",")
    if colon is None:
        return error
    as_colon, as_comma = token.replace(";", ":"), token.replace(";", ",")
    if comma is not None:  # (the size each makes tells them apart, the book at hand)
        hint = (
            f"a ';' typed for ',' or for ':'? read '{as_comma}' (one clue) the clues make a "
            f"{comma.width}x{comma.height} puzzle, read '{as_colon}' (two clues) a "
            f"{colon.width}x{colon.height} one"
        )
    else:
        hint = (
            f"clues are separated by ':': '{as_colon}'? read so, the clues make a puzzle (equal "
            f"totals, every clue fitting its line); read '{as_comma}', they do not"
        )
    return type(error)(
        f"expected a number, found {token!r} ({hint})",
        source=error.source,
        line=error.line,
        column=error.column,
        clue=error.clue,
    )


def _reads_as_string(text: str) -> bool:
    """Whether ``text`` reads as a puzzle string (equal totals, every clue fitting)."""
    try:
        read_string(text)
    except PuzzleError:
        return False
    return True


def _typed_for_dash(text: str, source: str, line: int | None, offset: int) -> PuzzleError | None:
    """The error of a string with no ``-`` but one mark that stands where it belongs (``_``,
    ``|``, ``=``, ``~``, ``+`` ...: the neighbouring key, or another program's separator),
    when with ``-`` for it the string reads: said at the mark (it was 'expected '-'' at the end
    of the text); None otherwise."""
    marks = [(k, c) for k, c in enumerate(text) if not (c.isalnum() or c.isspace() or c in ",:")]
    if len(marks) != 1 or OTHER_DASH.match(marks[0][1]):
        return None  # (another dash: :func:`_no_dash` names it)
    at, mark = marks[0]
    if not _reads_as_string(text[:at] + "-" + text[at + 1 :]):
        return None
    return PuzzleError(
        "expected '-' between the row clues and the column clues (e.g. 1:3:1-1:3:1), found "
        f"{mark!r}: type '-' for it (read so, the clues make a puzzle)",
        source=source,
        line=line,
        column=offset + at + 1,
    )


#: What may stand for every ``:`` of one side of a puzzle string: a ``;`` (the neighbouring
#: key) or white space (clues typed apart as a book prints them).
_COLON_LIKE = re.compile(r";|(?<=[0-9])[ \t]+(?=[0-9])")


def _typed_for_colon(
    text: str, cut: int, source: str, line: int | None, offset: int
) -> PuzzleError | None:
    """The error of a string one side of which has no ``:`` but ``;`` or spaces between its
    clues, when with ``:`` for each of them the string reads and with ``,`` it does not ('3;2,
    1;3,2' was told 'found '3;2' (numbers in one clue are separated by ',': '3,2'?)', a false
    reason): said at the first; None otherwise (a lone ``;`` is :func:`_semicolon`'s)."""
    sides: list[tuple[int, re.Match[str] | None, str]] = []  # (start, first mark, mended)
    for start, end in ((0, cut), (cut + 1, len(text))):
        part = text[start:end]
        found = list(_COLON_LIKE.finditer(part))
        lone = len(found) == 1 and found[0].group() == ";" and text.count(";") == 1
        if ":" in part or not found or lone:  # (a side's one ';' is _semicolon's only when it
            # is the text's one: '2;1-1;2' was told "numbers in one clue are separated by ','")
            sides.append((start, None, part))
        else:
            sides.append((start, found[0], _COLON_LIKE.sub(":", part)))
    marked = [(start, first) for start, first, _ in sides if first is not None]  # (typed)
    if not marked or not _reads_as_string(f"{sides[0][2]}-{sides[1][2]}"):
        return None
    if _reads_as_string(_COLON_LIKE.sub(",", text)):
        return None  # (read with ',' for them it is a puzzle too: said as it was)
    start, first = marked[0]
    what = "';'" if first.group() == ";" else "spaces"
    side = "row and column" if len(marked) == 2 else "row" if start == 0 else "column"
    return PuzzleError(
        f"the {side} clues are separated by ':', found {what} between them (read with ':' "
        "for each, the clues make a puzzle)",
        source=source,
        line=line,
        column=offset + start + first.start() + 1,
    )


def _no_dash(text: str, source: str, line: int | None, offset: int) -> PuzzleError:
    """The error of a string with no ``-``: at its end, or at the one place where the ``-``
    seems to belong (:func:`_dash_places`: the clues split there have equal totals and each
    fits its line), naming it: a ``:`` typed for it, or two numbers run together where it was
    left out (``2,25,3`` for ``2,2-5,3``; the number is pointed at, to be typed over).  It was
    said at the end of the text, a 30x30 string's 524th character (Bubble Cat), where nothing
    is wrong."""
    said = "expected '-' between the row clues and the column clues (e.g. 1:3:1-1:3:1)"
    other = OTHER_DASH.search(text)
    if other is not None:  # (copied from a document: said at the end, where nothing is wrong)
        dash = other.group()
        return PuzzleError(
            f"{said}, found {dash!r} ({unicodedata.name(dash).lower()}, as a word processor or "
            "a PDF writes a dash): type '-' for it",
            source=source,
            line=line,
            column=offset + other.start() + 1,
        )
    fields = _raw_fields(text, ":", 0)
    try:
        for field, _ in fields:
            numbers(field, ",", source, line)
    except PuzzleError:
        fields = []  # (a clue that does not read: said as it is once the '-' is typed)
    places = _dash_places([field for field, _ in fields])
    if len(places) != 1:
        return PuzzleError(said, source=source, line=line, column=offset + len(text.rstrip()) + 1)
    k, at, cut = places[0]
    rows, cols = k + (at is not None), len(fields) - k
    split = (
        f"the clues split there, {counted(rows, 'row')} and {counted(cols, 'column')}, "
        "have equal totals"
    )
    if at is None:
        return PuzzleError(
            f"{said}: the ':' after row {k} seems typed for it ({split})",
            source=source,
            line=line,
            column=offset + fields[k][1] - 1,
        )
    number = re.compile("[0-9]+").search(fields[k][0], at)
    assert number is not None  # (where _dash_places found it)
    run = number.group()
    return PuzzleError(
        f"{said}: it seems left out of the {run} in row {k + 1}'s clue, two numbers run "
        f"together ('{run[:cut]}-{run[cut:]}': {split})",
        source=source,
        line=line,
        column=offset + fields[k][1] + at,
    )


def _dash_places(fields: list[str]) -> list[tuple[int, int | None, int]]:
    """Where a string's missing ``-`` may go, given its ``:``-separated fields (each a clue
    that reads): ``(k, None, 0)`` for the ``:`` before field ``k`` typed for it, ``(k, at,
    cut)`` for the number at character ``at`` of field ``k`` split after its ``cut``-th digit
    (the ``-`` left out, the row's last number and the column's first run together).  A place
    is one where the clues split have equal totals and every clue fits its line (a row clue
    the width, a column clue the height); at most two are listed (one alone is told)."""
    count = len(fields)
    values = [[int(m.group()) for m in re.finditer("[0-9]+", field)] for field in fields]
    sums = [sum(v) for v in values]
    needs = [_min_length(v) for v in values]
    before = [0] * (count + 1)  # totals of the fields before k
    widest = [0] * (count + 1)  # the longest min_length among them
    for k in range(count):
        before[k + 1] = before[k] + sums[k]
        widest[k + 1] = max(widest[k], needs[k])
    after = [0] * (count + 1)  # the longest min_length among the fields from k on
    for k in range(count - 1, -1, -1):
        after[k] = max(after[k + 1], needs[k])
    total = before[count]
    places: list[tuple[int, int | None, int]] = []
    for k in range(1, count):  # a ':' typed for the '-': k rows, count - k columns
        if 2 * before[k] == total and widest[k] <= count - k and after[k] <= k:
            places.append((k, None, 0))
            if len(places) > 1:
                return places
    for k in range(count):  # field k's number j run together: k + 1 rows, count - k columns
        for j, number in enumerate(re.finditer("[0-9]+", fields[k])):
            run = number.group()
            for cut in range(1, len(run)):
                head, tail = run[:cut], run[cut:]
                if tail[0] == "0" and len(tail) > 1:
                    continue  # (no number is written so)
                left = [*values[k][:j], int(head)]
                right = [int(tail), *values[k][j + 1 :]]
                if (0 in left and len(left) > 1) or (0 in right and len(right) > 1):
                    continue  # (a 0 beside other numbers is refused)
                if before[k] + sum(left) != total - before[k + 1] + sum(right):
                    continue
                if max(widest[k], _min_length(left)) > count - k:
                    continue
                if max(_min_length(right), after[k + 1]) > k + 1:
                    continue
                places.append((k, number.start(), cut))
                if len(places) > 1:
                    return places
    return places


def _min_length(values: list[int]) -> int:
    """The cells a clue of ``values`` needs (a lone 0, the empty clue, none)."""
    return min_length([v for v in values if v])


def _raw_fields(text: str, sep: str, start: int) -> list[tuple[str, int]]:
    """Fields of ``text`` split at ``sep`` (unstripped) with their 1-based columns."""
    out = []
    col = start
    for field in text.split(sep):
        out.append((field, col + 1))
        col += len(field) + 1
    return out


def read_tatham(text: str, source: str = "<text>") -> Puzzle:
    """Parse a Tatham Pattern game id ``WxH:cols/rows``."""
    m = _TATHAM.match(text)
    if not m:
        raise PuzzleError(
            "expected a Tatham game id such as 5x5:2/1.1/3/1/2/1/3/1.1/1/2",
            source=source,
            line=1,
            column=1,
        )
    width = digits(m.group(1), source, 1, m.start(1) + 1)
    height = digits(m.group(2), source, 1, m.start(2) + 1)
    check_size(width, height, source)
    body = text[m.end() :].rstrip()
    if "," in body:
        raise UnsupportedPuzzleError(
            "Tatham ids with pre-filled cells (after ',') are not supported",
            source=source,
            line=1,
            column=m.end() + body.index(",") + 1,
        )
    fields = _raw_fields(body, "/", m.end())
    if len(fields) != width + height:
        raise PuzzleError(
            f"a {width}x{height} id needs {width + height} clues separated by '/' "
            f"(columns first), found {len(fields)}",
            source=source,
            line=1,
        )
    clues = []
    for k, (field, col) in enumerate(fields):
        name = f"column {k + 1}" if k < width else f"row {k - width + 1}"
        clues.append(numbers(field, ".", source, 1, clue=name, offset=col - 1))
    return build(clues[width:], clues[:width], source)


def write_string(puzzle: Puzzle) -> str:
    """The puzzle string of ``puzzle`` (``0`` for an empty clue)."""

    def side(clues: tuple[tuple[int, ...], ...]) -> str:
        return ":".join(",".join(map(str, c)) or "0" for c in clues)

    return f"{side(puzzle.rows)}-{side(puzzle.cols)}"


def write_tatham(puzzle: Puzzle) -> str:
    """The Tatham game id of ``puzzle`` (columns first; an empty clue is an empty field)."""
    clues = puzzle.cols + puzzle.rows
    return f"{puzzle.width}x{puzzle.height}:" + "/".join(".".join(map(str, c)) for c in clues)


#: What goes before a tab typed inside a puzzle string (``2:2:1:1:1<TAB>3:2,5...``): clues, not
#: a name (a name is never made of numbers with a ``:`` or ``,`` between them).
_CLUES_BEFORE_TAB = re.compile(r"[0-9\s]*[,:][0-9,:\s]*\Z")


#: A line of a puzzle string broken over lines: digits, ``,``, ``:``, ``-`` and spaces (and
#: the ``;`` or ``.`` typed for a separator, which the reader then points at).
_STRING_PIECE = re.compile("[0-9,:;. \\-\u2010-\u2015\u2212\ufe58\ufe63\uff0d]*\\Z")


def wrapped_string(text: str) -> list[tuple[int, int, str]] | None:
    """The pieces of one puzzle string broken over several lines (a web page, an e-mail or a
    PDF wraps a long string where it likes; copied, each piece is a line), as ``(line number,
    column of the piece's start, piece)``; None for text of another form.  It is such a string
    when its lines (blank ones aside) are each made of digits, ``,``, ``:``, ``-`` and spaces
    only (a separator mistyped ``;`` or ``.`` too), there is one ``-`` in all and a ``:`` (a
    text of strings, one a line, has a ``-`` on every line).  Before, the first line was read
    as a puzzle string of its own: "unknown puzzle format; ... expected '-' between the row
    clues and the column clues" at its end."""
    pieces = []
    for number, line in enumerate(split_lines(text), 1):
        if line.strip():
            start = len(line) - len(line.lstrip())
            pieces.append((number, start + 1, line.strip()))
    if len(pieces) < 2 or not all(_STRING_PIECE.match(piece) for *_, piece in pieces):
        return None
    joined = "".join(piece for *_, piece in pieces)
    dashes = joined.count("-") + len(OTHER_DASH.findall(joined))  # (a document's dash, said
    # at its line and character as on one line)
    if dashes != 1 or ":" not in joined:
        return None
    dashed = next(piece for *_, piece in pieces if "-" in piece or OTHER_DASH.search(piece))
    if _reads(dashed) and not _reads(joined):  # strings one a line, a later one's '-' left
        return None  # out ('1:1-1:1' then '1:1:11:1:1'): said at its line, not read joined
    return pieces


def _reads(text: str) -> bool:
    """True when ``text`` is a puzzle string that makes a puzzle."""
    try:
        read_string(text, "")
    except PuzzleError:
        return False
    return True


def _read_wrapped(pieces: list[tuple[int, int, str]], source: str) -> Puzzle:
    """The puzzle of a string broken over lines (:func:`wrapped_string`), read joined; an
    error names the line and character of the text where it is."""
    joined = "".join(piece for *_, piece in pieces)
    try:
        return read_string(joined, source)
    except PuzzleError as error:
        if error.column is None:
            raise
        at = error.column - 1  # (0-based, in the joined string)
        k = 0
        while at >= len(pieces[k][2]) and k + 1 < len(pieces):
            at -= len(pieces[k][2])
            k += 1
        line, column = pieces[k][0], pieces[k][1] + at
        raise type(error)(
            error.message, source=error.source, line=line, column=column, clue=error.clue
        ) from None


def library_entries(text: str, source: str) -> Entries:
    """Items of a text of puzzle strings, one per line: ``name<TAB>string`` or the line number.
    What precedes a tab is a name unless it is clues (a string, or numbers and ``:`` or ``,``):
    a tab typed for a comma is then refused at its column, not taken with the clues before it
    as the puzzle's name.  One string broken over lines (:func:`wrapped_string`) is one item,
    read joined."""
    if (pieces := wrapped_string(text)) is not None:
        return [("1", lambda: _read_wrapped(pieces, source))]
    entries: Entries = []
    for number, line in enumerate(split_lines(text), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, tab, rest = line.partition("\t")
        if tab and not looks_like_string(name) and not _CLUES_BEFORE_TAB.match(name):
            item, body, offset = name.strip(), rest, len(name) + 1
        else:
            item, body, offset = str(number), line, 0
        entries.append((item, _thunk(body, source, number, offset)))
        check_items(len(entries), source, number)
    if not entries:
        raise PuzzleError("no puzzle string found (expected e.g. 1:3:1-1:3:1)", source=source)
    return entries


def _thunk(text: str, source: str, line: int, offset: int) -> Thunk:
    return lambda: read_string(text, source, line, offset)


_CLUE_TEXT = re.compile(r"^[\d,:.\s]*-[\d,:.\s]*$")


def clue_span(text: str, axis: str, index: int) -> tuple[int, int] | None:
    """Where clue ``index`` of ``axis`` is in a puzzle string (rows ``-`` columns, clues by
    ``:``), as ``(start, end)`` in ``text``; None for text of another form."""
    if not _CLUE_TEXT.match(text.strip()):
        return None
    dash = text.index("-")
    start, part = (0, text[:dash]) if axis == "row" else (dash + 1, text[dash + 1 :])
    pieces = part.split(":")
    if not 0 <= index < len(pieces):
        return None
    start += sum(len(piece) + 1 for piece in pieces[:index])
    piece = pieces[index]
    lead = len(piece) - len(piece.lstrip())
    return start + lead, start + len(piece.rstrip())


def empty_field_words(axis: str, index: int, count: int) -> str:
    """What an empty field of a puzzle string reads as: ``Row 10 is typed as nothing (after
    the last ':' of the rows) and reads as an empty row, making 10 rows`` (``count`` of them
    on that side)."""
    where = (
        "after the last ':'"
        if index == count - 1
        else ("before the first ':'" if index == 0 else "between two ':'")
    )
    part = "rows" if axis == "row" else "columns"
    return (
        f"{axis.capitalize()} {index + 1} is typed as nothing ({where} of the {part}) and "
        f"reads as an empty {axis}, making {count} {part}"
    )


def empty_fields(text: str, puzzle: Puzzle) -> list[tuple[str, int, tuple[int, int]]]:
    """The clues of a puzzle string typed as nothing (an empty field: ``6::1,5``, a ``:`` at
    the end), as ``(axis, index, span of the separators around it)``; none for text of another
    form.  An empty field is a legal empty line (see the module docstring), but a separator
    typed twice or one too many at the end reads as one too, which shifts the later lines or
    adds a line: the app writes an empty line as ``0``."""
    found = []
    for axis, count in (("row", len(puzzle.rows)), ("column", len(puzzle.cols))):
        for index in range(count):
            span = clue_span(text, axis, index)
            if span is not None and span[0] == span[1]:
                before = text.rfind(":", 0, span[0])
                after = text.find(":", span[1])
                start = (
                    before if before >= 0 and not text[before + 1 : span[0]].strip() else span[0]
                )
                end = after + 1 if after >= 0 and not text[span[1] : after].strip() else span[1]
                found.append((axis, index, (start, end)))
    return found
