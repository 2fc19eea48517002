"""Formats made of lines of space- or tab-separated numbers: Wilk ``.nin``, CWD, SPOJ JCROSS and
the TAAI/ICGA tournament text. ``0`` is the empty clue in all of them; blank lines are ignored
(CWD's section break included).
"""

from __future__ import annotations

import re

from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats._common import (
    Entries,
    Thunk,
    build,
    check_items,
    check_size,
    numbers,
    split_lines,
    to_int,
)
from nonostudio.core.puzzle import Puzzle, min_length

#: A SPOJ clue line's numbers and the 0 that ends them (a lone ``0`` is the empty clue).
_TERMINATOR = re.compile(r"(.*\S)\s+0\s*\Z", re.DOTALL)


class Cursor:
    """The non-blank lines of a text, read one at a time, each with its 1-based line number."""

    def __init__(self, text: str, source: str, comment: str | None = None) -> None:
        self.source = source
        self.lines = [
            (n, ln)
            for n, ln in enumerate(split_lines(text), 1)
            if ln.strip() and not (comment and ln.lstrip().startswith(comment))
        ]
        self.pos = 0
        self.clue_lines: dict[str, int] = {}

    def at_end(self) -> bool:
        return self.pos >= len(self.lines)

    def peek(self) -> str:
        return self.lines[self.pos][1].strip() if not self.at_end() else ""

    def take(self, expected: str) -> tuple[int, str]:
        if self.at_end():
            last = self.lines[-1][0] if self.lines else 1
            raise PuzzleError(
                f"the file ends where {expected} was expected", source=self.source, line=last
            )
        self.pos += 1
        return self.lines[self.pos - 1]

    def ints(self, count: int, expected: str) -> tuple[int, ...]:
        """A line of exactly ``count`` numbers (a header such as ``W H``)."""
        number, text = self.take(expected)
        parts = text.split()
        if len(parts) != count:
            raise PuzzleError(
                f"expected {expected}, found {text.strip()!r}", source=self.source, line=number
            )
        col = 0
        values = []
        for part in parts:
            col = text.index(part, col)
            values.append(to_int(part, self.source, number, col + 1, what=expected))
            col += len(part)
        return tuple(values)

    def clues(
        self,
        wanted: int,
        kind: str,
        seps: str | None = None,
        stop: str | None = None,
        terminated: bool = False,
    ) -> list[tuple[int, ...]]:
        """``wanted`` clue lines for ``kind`` ("row" or "column"); a ``terminated`` line ends in
        a 0 that is not part of its clue (SPOJ: ``3 1 0``, and ``0`` for an empty clue)."""
        out = []
        for k in range(1, wanted + 1):
            if stop is not None and self.peek().startswith(stop):
                number = self.lines[self.pos][0]
                raise PuzzleError(
                    f"expected {count(wanted, kind + ' clue')}, found only {k - 1} before "
                    f"{self.peek()!r}",
                    source=self.source,
                    line=number,
                )
            number, text = self.take(f"{kind} clue {k} of {wanted}")
            self.clue_lines[f"{kind} {k}"] = number
            if terminated and (end := _TERMINATOR.match(text)):
                text = end.group(1)
            out.append(numbers(text, seps, self.source, number, clue=f"{kind} {k}"))
        return out

    def expect_end(self, what: str) -> None:
        if not self.at_end():
            number, text = self.lines[self.pos]
            raise PuzzleError(
                f"unexpected text after {what}: {text.strip()[:40]!r}",
                source=self.source,
                line=number,
            )


def read_nin(text: str, source: str) -> Puzzle:
    """Wilk ``.nin``: ``W H`` (width first), H row lines, W column lines.

    Lines after the last column clue are refused with their line number (they mean the header
    is wrong), unless they are whole copies of the clue lines: Wilk's data142.nin holds its
    clues five times, each copy's last line run into the next copy's header (``4`` and ``25 20``
    make ``425 20``), and his reader reads the first copy.
    """
    cur = Cursor(text, source, comment="#")
    width, height = cur.ints(2, "'width height'")
    header = cur.lines[0][1].strip()
    check_size(width, height, source, cur.lines[0][0])
    first_row = cur.pos
    rows, cols = _sections(cur, (width, height), f"the header '{header}' asks")
    rest = [ln.strip() for _, ln in cur.lines[cur.pos :]]
    clue_lines = [ln.strip() for _, ln in cur.lines[first_row : cur.pos]]
    if rest and not _copies(rest, clue_lines, header):
        number, extra = cur.lines[cur.pos]
        surplus = PuzzleError(
            f"a surplus line after the {height} row and {width} column clues "
            f"(the header says {width} {height}, width first): "
            f"{extra.strip()[:40]!r}",
            source=source,
            line=number,
        )
        if len(rest) == 1:  # one line typed twice, or one too many, somewhere
            raise _one_long(cur, first_row, (width, height), f"the header '{header}' asks", surplus)
        raise surplus
    return _built(cur, first_row, rows, cols, (width, height))


def _sections(
    cur: Cursor, size: tuple[int, int], declared: str, parted: bool = False
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The row and column clue lines of a file whose sections are not marked (.nin, CWD), read
    from ``cur``'s line on for ``size`` (width, height) as ``declared`` asks; a mistake in a
    clue is said as it is, and a file ending a line short as :func:`_left_out` says it."""
    first = cur.pos
    width, height = size
    try:
        return cur.clues(height, "row"), cur.clues(width, "column")
    except PuzzleError as err:
        if not cur.at_end() or err.clue is not None:
            raise  # (a mistake in a clue is said first)
        raise _left_out(cur, first, size, declared, parted) from None


def _left_out(
    cur: Cursor, first: int, size: tuple[int, int], declared: str, parted: bool = False
) -> PuzzleError:
    """The error of a file whose clue lines (from ``cur.lines[first]`` to the end) are fewer
    than its declared ``size`` (width, height) asks for; ``declared`` names what declares it
    (``the header '20 15' asks``); ``parted``: a blank line parts the rows from the columns
    (CWD), when there is one.

    The sections are not marked, so which line is left out cannot be told from where the file
    ends (the error named the last column's).  One line short: when only a row left out, or
    only a column, fits the clues (:func:`_splits`), the clues so read go with a
    :class:`~nonostudio.core.formats.non.LineCountError` to the typo finder, which offers each
    place that makes one picture (as for a ``.non``); when both fit, or neither, the words say
    so and name no clue line."""
    width, height = size
    lines = cur.lines[first:]
    found = len(lines)
    asked, at = _asked(cur, first, size, declared)
    if found != height + width - 1:
        return PuzzleError(
            f"{asked}; {height + width - found} lines left out, or the size wrong?",
            source=cur.source,
            line=at,
        )
    splits = _splits(cur, lines, width, height, parted, -1)
    if len(splits) == 1:
        return _one_side(cur, first, size, declared, splits[0], "left out", " left out")
    if splits:
        told = "a row or a column seems left out (the clues fit either), at a place"
    else:
        told = "no one line left out makes clues that fit (a line too long, or the totals), so"
    said = PuzzleError(
        f"{asked}: {told} the lines do not tell; or the size is wrong",
        source=cur.source,
        line=at,
    )
    return _split_error(cur, said, size, splits) if splits else said


def _one_long(
    cur: Cursor,
    first: int,
    size: tuple[int, int],
    declared: str,
    surplus: PuzzleError,
    parted: bool = False,
) -> PuzzleError:
    """The error of a file whose clue lines (from ``cur.lines[first]`` to the end) are one more
    than its declared ``size`` asks for (``surplus``: the error naming the last line, said when
    no side fits, e.g. the line too many is no clue line): as :func:`_left_out` for a line left
    out, a row or a column typed twice (or an empty one too many) goes with a
    :class:`~nonostudio.core.formats.non.LineCountError` to the typo finder when only one side
    fits, and the words say so when both do (the last line was named the surplus one)."""
    width, height = size
    lines = cur.lines[first:]
    try:
        splits = _splits(cur, lines, width, height, parted, 1)
    except PuzzleError:  # the line too many is no clue line: said as it is
        return surplus
    if not splits:
        return surplus
    if len(splits) > 1:
        asked, at = _asked(cur, first, size, declared)
        said = PuzzleError(
            f"{asked}: a row or a column seems typed twice or one too many (the clues fit "
            "either), at a place the lines do not tell; or the size is wrong",
            source=cur.source,
            line=at,
        )
        return _split_error(cur, said, size, splits)
    return _one_side(cur, first, size, declared, splits[0], "typed twice or one too many", "")


def _asked(cur: Cursor, first: int, size: tuple[int, int], declared: str) -> tuple[str, int]:
    """What the clue lines from ``cur.lines[first]`` are against what ``declared`` asks for
    ``size`` (width, height): "the file has 24 clue lines where the header '10 15' asks for 15
    rows and 10 columns, 25"; and the line that ends the declaration, where it is said."""
    width, height = size
    asked = (
        f"the file has {count(len(cur.lines) - first, 'clue line')} where {declared} for "
        f"{count(height, 'row')} and {count(width, 'column')}, {height + width}"
    )
    return asked, cur.lines[first - 1][0]


def _one_side(
    cur: Cursor,
    first: int,
    size: tuple[int, int],
    declared: str,
    split: _Split,
    what: str,
    other_what: str,
) -> PuzzleError:
    """The error of one line ``what`` ("left out", "typed twice …") where only ``split``'s side
    fits the clues, with that reading's clues for the typo finder."""
    asked, at = _asked(cur, first, size, declared)
    which, other = ("a row", "a column") if split[0] == "row" else ("a column", "a row")
    words = (
        f"{asked}: {which} seems {what} (the clues leave no room for {other}{other_what}), at "
        "a place the lines do not tell; or the size is wrong"
    )
    return _split_error(cur, PuzzleError(words, source=cur.source, line=at), size, [split])


_Split = tuple[str, list[tuple[int, ...]], list[tuple[int, ...]], dict[str, int]]


def _split_error(
    cur: Cursor, said: PuzzleError, size: tuple[int, int], splits: list[_Split]
) -> PuzzleError:
    """The :class:`~nonostudio.core.formats.non.LineCountError` of ``said`` with the clues of
    ``splits`` (as :func:`_splits` gives them: the first its ``clues``, every one its
    ``readings`` when there are two) and the declared ``size``.

    Where each clue was read: rows start at the first clue line in every reading, and the
    typo finder puts back (or drops) a line of a reading's own side only, so a row's line is
    the row reading's and a column's the column reading's; each fix then marks its lines."""
    from nonostudio.core.formats.non import line_count_error

    clue_lines: dict[str, int] = {}
    for side, _, _, lines in splits:  # each side's names from the reading of that side
        clue_lines |= {name: n for name, n in lines.items() if name.startswith(side)}
    for *_, lines in splits:
        clue_lines = lines | clue_lines
    _, rows, cols, _ = splits[0]
    clues = tuple(rows), tuple(cols)
    error = line_count_error(said, cur.source, size, clue_lines, {}, clues=clues)
    if len(splits) > 1:
        error.readings = tuple((tuple(r), tuple(c)) for _, r, c, _ in splits)
    return error


def _splits(
    cur: Cursor,
    lines: list[tuple[int, str]],
    width: int,
    height: int,
    parted: bool,
    extra: int,
) -> list[_Split]:
    """The ways ``height + width + extra`` unmarked clue lines (``extra`` -1 or 1) fit with one
    line put back (-1) or dropped (1): on the rows' side (the first ``height + extra`` lines the
    rows) or on the columns' (the first ``height``), as ``(side, rows, columns, clue lines)``.
    A way is kept when every clue fits its line and the totals allow it: a line left out holds
    between none and all of its cells; a line too many is an empty line (equal totals) or one
    equal to the next whose total is the difference (what the typo finder drops).  When
    ``parted`` and one blank line parts the lines (CWD's section break), the split it makes is
    the only one looked at."""
    values = [numbers(text, None, cur.source, number) for number, text in lines]
    gaps = [k for k in range(1, len(lines)) if lines[k][0] > lines[k - 1][0] + 1]
    gaps = gaps if parted else []
    out = []
    for kind, cut in (("row", height + extra), ("column", height)):
        if len(gaps) == 1 and gaps[0] != cut:
            continue  # the blank line says where the columns start
        rows, cols = values[:cut], values[cut:]
        if not all(min_length(r) <= width for r in rows) or not all(
            min_length(c) <= height for c in cols
        ):
            continue
        own, crossing = (rows, cols) if kind == "row" else (cols, rows)
        odd = sum(map(sum, own)) - sum(map(sum, crossing))  # the line's total, left out: -odd
        if extra < 0:
            fits = 0 <= -odd <= len(crossing)
        else:
            fits = any(
                own[k] == own[k + 1] and sum(own[k]) == odd for k in range(len(own) - 1)
            ) or (odd == 0 and any(not clue for clue in own))
        if fits:
            names = [f"row {k}" for k in range(1, len(rows) + 1)]
            names += [f"column {k}" for k in range(1, len(cols) + 1)]
            clue_lines = {name: number for name, (number, _) in zip(names, lines, strict=True)}
            out.append((kind, rows, cols, clue_lines))
    return out


def _built(
    cur: Cursor,
    first: int,
    rows: list[tuple[int, ...]],
    cols: list[tuple[int, ...]],
    size: tuple[int, int],
) -> Puzzle:
    """The puzzle of the clues read after a declared ``size`` (their first line ``cur.lines
    [first]``); when they make none but the same lines split the other way (as many rows as the
    width, then as many columns as the height) do, the sections are unmarked and the size was
    most likely given the wrong way round:
    :class:`~nonostudio.core.formats.non.SwappedSectionsError` with that split (both readings
    are offered), else the error as it is."""
    from nonostudio.core.errors import InconsistentPuzzleError
    from nonostudio.core.formats.non import swapped_sections

    try:
        return build(rows, cols, cur.source, clue_lines=cur.clue_lines)
    except InconsistentPuzzleError as error:
        width, height = size
        lines = cur.lines[first : first + width + height]
        if width == height or len(lines) != width + height:
            raise
        split: list[tuple[int, ...]] = []
        clue_lines: dict[str, int] = {}
        try:
            for k, (number, text) in enumerate(lines):
                kind, n = ("row", k + 1) if k < width else ("column", k - width + 1)
                clue_lines[f"{kind} {n}"] = number
                split.append(numbers(text, None, cur.source, number, clue=f"{kind} {n}"))
        except PuzzleError:
            raise error from None
        words = (
            f"{error.message}; the clue lines make a picture as {width} rows and {height} "
            "columns: are the width and height swapped?"
        )
        swapped = swapped_sections(
            split[:width], split[width:], size, error, clue_lines, message=words
        )
        if swapped is None:
            raise
        raise swapped from None


def _copies(rest: list[str], clue_lines: list[str], header: str) -> bool:
    """True when ``rest`` is whole copies of ``clue_lines``; the last line of a copy may be
    followed by ``header`` on the same line."""
    size = len(clue_lines)
    if len(rest) % size:
        return False
    last = clue_lines[-1]
    for start in range(0, len(rest), size):
        copy = rest[start : start + size]
        if copy[:-1] != clue_lines[:-1] or copy[-1] not in (last, last + header):
            return False
    return True


def read_cwd(text: str, source: str) -> Puzzle:
    """CWD: number of rows, number of columns, the row clues, a blank line, the column clues."""
    cur = Cursor(text, source)
    (height,) = cur.ints(1, "the number of rows")
    (width,) = cur.ints(1, "the number of columns")
    check_size(width, height, source, cur.lines[0][0])
    first = cur.pos
    rows, cols = _sections(cur, (width, height), "its first two lines ask", parted=True)
    try:
        cur.expect_end(f"the {width} column clues")
    except PuzzleError as surplus:
        if len(cur.lines) - first != height + width + 1:
            raise
        asks = "its first two lines ask"
        raise _one_long(cur, first, (width, height), asks, surplus, parted=True) from None
    return _built(cur, first, rows, cols, (width, height))


def spoj_entries(text: str, source: str) -> Entries:
    """SPOJ JCROSS: a count, then per puzzle ``H W``, H row lines, W column lines (ending in 0).

    The scan reads each puzzle's header and counts its clue lines; a puzzle's clues are read
    when it is built, so one item is picked out of a long file without reading the others."""
    cur = Cursor(text, source)
    (count,) = cur.ints(1, "the number of puzzles")
    check_items(count, source, cur.lines[0][0])
    out: Entries = []
    for k in range(1, count + 1):
        header = cur.lines[cur.pos][0] if not cur.at_end() else None
        height, width = cur.ints(2, f"'height width' of puzzle {k}")
        check_size(width, height, source, header)
        start = cur.pos
        if start + height + width > len(cur.lines):
            _spoj_clues(cur, height, width)  # raises: the file ends before the clues do
        cur.pos = start + height + width
        out.append((str(k), _spoj_thunk(cur, start, height, width)))
    cur.expect_end(f"the {count} puzzles")
    return out


def _spoj_clues(
    cur: Cursor, height: int, width: int
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    cur.clue_lines = {}
    rows = cur.clues(height, "row", terminated=True)
    cols = cur.clues(width, "column", terminated=True)
    return rows, cols


def _spoj_thunk(cur: Cursor, start: int, height: int, width: int) -> Thunk:
    def make() -> Puzzle:
        own = Cursor("", cur.source)
        own.lines = cur.lines[start : start + height + width]
        rows, cols = _spoj_clues(own, height, width)
        return build(rows, cols, cur.source, clue_lines=own.clue_lines)

    return make


#: A TAAI header line: ``$`` first after any blank characters (of a text whose line breaks are
#: all ``\n``).
_TAAI_HEADER = re.compile(r"^[^\S\n]*\$", re.MULTILINE)


def taai_entries(text: str, source: str) -> Entries:
    """TAAI/ICGA: ``$n`` headers, each followed by n column lines then n row lines (n x n).

    A file without ``$`` headers (LalaFrogKK's) is one puzzle with the empty id.  The scan finds
    the headers only; a puzzle's lines are read when it is built, so picking one item of a
    tournament file (1,000 puzzles) does not read the other 999.
    """
    text = text.removeprefix("\ufeff")
    if "\r" in text:  # one \n a line break, so that counting them counts lines
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    headers = [match.start() for match in _TAAI_HEADER.finditer(text)]
    # (id, line number of the header or None, where its clue lines start, where they end)
    blocks: list[tuple[str, int | None, int, int]] = []
    first = headers[0] if headers else len(text)
    if text[:first].strip():  # lines before any header: a puzzle with the empty id
        blocks.append(("", None, 0, first))
    line = 1
    done = 0
    for k, start in enumerate(headers):
        line += text.count("\n", done, start)
        done = start
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        ident = text[start:end].strip()[1:].strip()
        after = headers[k + 1] if k + 1 < len(headers) else len(text)
        blocks.append((ident, line, end, after))
        check_items(len(blocks), source, line)
    return [
        (ident, _taai_thunk(text, source, header, start, end))
        for ident, header, start, end in blocks
    ]


def _taai_thunk(text: str, source: str, header: int | None, start: int, end: int) -> Thunk:
    def make() -> Puzzle:
        # text[start] is the header line's end (so the first piece split off is its empty rest)
        first = 1 if header is None else header
        lines = [
            (number, line)
            for number, line in enumerate(text[start:end].split("\n"), first)
            if line.strip()
        ]
        at = header if header is not None else lines[0][0]
        if len(lines) % 2 or not lines:
            raise PuzzleError(
                f"expected as many column lines as row lines (n x n), found "
                f"{len(lines)} clue lines",
                source=source,
                line=at,
            )
        n = len(lines) // 2
        check_size(n, n, source, at)
        clues = []
        clue_lines = {}
        for k, (number, line) in enumerate(lines):
            name = f"column {k + 1}" if k < n else f"row {k - n + 1}"
            clue_lines[name] = number
            clues.append(numbers(line, None, source, number, clue=name))
        return build(clues[n:], clues[:n], source, clue_lines=clue_lines)

    return make
