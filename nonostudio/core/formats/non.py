"""Steve Simpson's ``.non`` format (with the nonogram-db extensions ``license``, ``goal``, colours).

Keywords may come in any order; ``rows``/``columns`` are followed by one clue line per row or
column (comma-separated numbers, ``0`` for an empty clue). Unknown lines (comments, notes,
keys other programs write, ``catalogue``) do not change the puzzle, as the format asks: they are
kept as the puzzle's notes and written back after the title lines, so that opening and saving a
file loses none of them. A clue line outside a section (more clues than the height or width) is
refused with its line number rather than dropped.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from difflib import get_close_matches
from typing import TYPE_CHECKING

from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.formats._common import (
    MAX_SIZE,
    build,
    check_count,
    check_dimension,
    clean_meta,
    clue_of,
    colour_refusal,
    digits,
    needs_dash,
    separator_hint,
    split_lines,
    stray_hint,
    to_int,
    tokens,
    undashed,
)
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.lookalike import LOOKALIKE as _LOOKALIKE
from nonostudio.core.lookalike import typed_for_words
from nonostudio.core.puzzle import GoalRows, Puzzle

if TYPE_CHECKING:
    import numpy as np

_META = {
    "title": "title",
    "by": "author",
    "author": "author",
    "copyright": "copyright",
    "license": "licence",
    "licence": "licence",
}
#: The words that start a line of the format (any other line is ignored outside a section).
_KEYWORDS = frozenset(
    {*_META, "width", "height", "rows", "columns", "goal", "color", "colour", "catalogue"}
)
_ITEM = re.compile(r"([0-9]+)([A-Za-z]?)\Z")
#: The white space after a line's first word (a space, a tab, a no-break space).
_KEYWORD_SPLIT = re.compile(r"\s+")
# The common case, read without the tokenizer: plain numbers of at most four digits between
# commas (a trailing comma allowed).  Anything else takes the careful path that locates errors.
_PLAIN_CLUE = re.compile(r"[0-9]{1,4}(?:,[0-9]{1,4})*,?\Z")
#: Goal pictures up to this many cells are kept as text rows (:class:`GoalRows`), larger ones are
#: made into an array at once (numpy checks them faster than text is).
TEXT_GOAL_CELLS = 10_000
_NOT_ZERO = re.compile(r"[^0]", re.DOTALL)
#: A colour file's clues as read, for the typo finder: its palette, row and column clues
#: (``(length, colour)`` items).
ColourCluesRead = tuple[
    object, tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[tuple[int, int], ...], ...]
]


class LineCountError(InconsistentPuzzleError):
    """A section one clue line short of the size the file declares, or one line long (a line
    left out or typed twice): ``clues`` holds the lines as read and ``size`` the declared
    ``(width, height)``, for the typo finder, which looks for the place."""

    size: tuple[int, int] | None = None
    #: Every reading of the clue lines, ``clues`` first, when more than one fits the size: a
    #: ``.nin`` or CWD file's sections are not marked, so a line left out (or typed twice) may
    #: be a row or a column; the typo finder looks for the line in each (``find_typos``'s
    #: ``readings``).  Empty when ``clues`` is the one reading.
    readings: tuple[tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]], ...] = ()

    def with_source(self, source: str) -> PuzzleError:
        copy = super().with_source(source)
        if isinstance(copy, LineCountError):
            copy.size = self.size
            copy.readings = self.readings
        return copy


class SwappedSectionsError(LineCountError):
    """Sections that each have as many clue lines as the other side of the declared size (the
    width and height, or the ``rows`` and ``columns`` headings, given the wrong way round):
    ``clues`` holds the sections as headed and ``size`` the declared ``(width, height)``, for
    the typo finder, which offers both readings with rows and columns exchanged
    (:func:`~nonostudio.analysis.typos.lines.swap_fixes`); ``goal_text``: the file's ``goal``
    line (its cells row by row; None without one), which tells the readings apart
    (:func:`goal_rows`)."""

    goal_text: str | None = None

    def with_source(self, source: str) -> PuzzleError:
        copy = super().with_source(source)
        if isinstance(copy, SwappedSectionsError):
            copy.goal_text = self.goal_text
        return copy


def line_count_error(
    error: PuzzleError,
    source: str,
    size: tuple[int, int] | None,
    clue_lines: dict[str, int],
    meta: dict[str, str],
    clues: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None = None,
    colour_clues: ColourCluesRead | None = None,
) -> LineCountError:
    """The :class:`LineCountError` said with ``error``'s words and line, of a file ``source``
    whose clue lines read but one section is a line short or long of the declared ``size``
    (``(width, height)``): it keeps for the typo finder, which looks for the line left out or
    typed twice, the clues as read (``clues`` in black and white, ``colour_clues`` as
    ``(palette, rows, columns)`` in colour), where each clue was read and the text fields
    ``meta``.  The one builder of the ``.non`` (both kinds) and ``.mk`` readers."""
    made = LineCountError(error.message, source=source, line=error.line)
    if clues is not None:
        made.clues = clues
    if colour_clues is not None:
        made.colour_clues = colour_clues
    made.size = size
    made.clue_lines = dict(clue_lines)
    made.meta = meta
    return made


def goal_rows(
    rows: Sequence[tuple[int, ...]], cols: Sequence[tuple[int, ...]], text: str
) -> GoalRows | None:
    """The goal picture ``text`` (a ``goal`` line's cells, ``0`` empty, any other filled) as
    rows of the puzzle with these clues, when it has that many cells and its clues are these
    (None otherwise): of a swapped file's two readings, the goal fits the one it was drawn for,
    when it was not typed the wrong way round too."""
    width, height = len(cols), len(rows)
    if not width or len(text) != width * height:
        return None
    bits = _NOT_ZERO.sub("1", text)
    goal = GoalRows(tuple(bits[r * width : (r + 1) * width] for r in range(height)))
    if goal.clues() != (tuple(rows), tuple(cols)):
        return None
    return goal


def swapped_sections(
    rows: Sequence[tuple[int, ...]],
    cols: Sequence[tuple[int, ...]],
    size: tuple[int, int],
    error: PuzzleError,
    clue_lines: dict[str, int],
    meta: dict[str, str] | None = None,
    message: str | None = None,
) -> SwappedSectionsError | None:
    """The :class:`SwappedSectionsError` for ``error`` when ``rows`` and ``cols`` (as the file
    gives them) are as many as the declared ``size``'s width and height, the other way round,
    and make a puzzle that way; else None (``error`` is said as it is).  For the readers of
    formats whose sections follow a declared size (``.mk``, ``.nin``, CWD); ``message``: its
    words (else ``error``'s)."""
    width, height = size
    if width == height or (len(rows), len(cols)) != (width, height):
        return None
    try:
        Puzzle(tuple(rows), tuple(cols))
    except PuzzleError:
        return None  # more than a swap is wrong: said as it is
    words = error.message if message is None else message
    swapped = SwappedSectionsError(words, source=error.source, line=error.line)
    swapped.clues = tuple(rows), tuple(cols)
    swapped.size = size
    swapped.clue_lines = dict(clue_lines)
    swapped.meta = dict(meta or {})
    return swapped


#: The closing quote of each opening quote a value may have: the format's straight one, and
#: the curly ones a word processor makes of it ("Scardy Cat" typed, “Scardy Cat”
#: saved: the title kept the quotes, and a goal so quoted was 'the goal has 402 cells').
_CLOSING = {'"': '"', "\u201c": "\u201d", "\u201d": "\u201d", "\u201e": "\u201c"}


def _value(rest: str) -> str:
    """A property value: a quoted string (HTML escapes decoded) or the bare rest of the line."""
    rest = rest.strip()
    close = _CLOSING.get(rest[:1])
    if len(rest) >= 2 and close is not None and rest.rfind(close) > 0:
        rest = rest[1 : rest.rfind(close)]
    return html.unescape(rest)


class _Reader:
    def __init__(self, text: str, source: str, swap_size: bool = False) -> None:
        self.lines = split_lines(text)
        #: Read ``width`` as the height and ``height`` as the width (a swapped file's sections
        #: read as headed) and whether an error's words said the sections fit the other way.
        self.swap_size = swap_size
        self.swap_seen = False
        self.source = source
        self.colours: set[str] = set()
        self.clue_lines: dict[str, int] = {}
        #: The colour letter of each number of a clue written with letters ("" for none).
        self.letters: dict[str, list[str]] = {}
        #: ``color`` lines: letter -> (the rest of the line, its line number).
        self.declared: dict[str, tuple[str, int]] = {}
        #: The width and height read so far (None: not yet).
        self.width: int | None = None
        self.height: int | None = None
        #: A section one clue line short of its count, or with one line too many: the error
        #: said for it, raised once the rest is read (with the clues, for the typo finder,
        #: which looks for the line left out or typed twice).
        self.miscount: PuzzleError | None = None
        #: The section of :attr:`miscount` and whether it was a line short (-1) or long (+1):
        #: the other section may be off the other way (its heading a line early or late, the
        #: last row read as the first column), which is kept too.
        self.miscount_side: tuple[str, int] | None = None
        #: The ``goal`` line's text, once read (None: none).
        self.goal_text: str | None = None
        #: The lines the format ignores (free text other programs keep, ``catalogue``), as read:
        #: the puzzle (black and white or colour) keeps them as its notes.
        self.free: list[str] = []
        #: Whether a number without a colour letter was read, and the first number read with a
        #: letter that looks like a digit (``1O``, ``1l``), as ``(token, line, column, clue)``.
        self.bare = False
        self.lookalike: tuple[str, int, int, str] | None = None

    def error(self, message: str, line: int, column: int | None = None) -> PuzzleError:
        return PuzzleError(message, source=self.source, line=line, column=column)

    def clue(self, text: str, line: int, name: str) -> tuple[int, ...]:
        """Comma-separated numbers, each optionally followed by a colour letter (``3a``)."""
        self.clue_lines[name] = line
        if _PLAIN_CLUE.match(text) and text.count(",") < MAX_SIZE:
            plain = tuple(map(int, text.rstrip(",").split(",")))
            if len(plain) == 1 or 0 not in plain:
                self.bare = self.bare or any(plain)
                return tuple(v for v in plain if v)
        values: list[int] = []
        columns: list[int] = []
        letters = self.letters[name] = []
        items = tokens(text, ",", limit=MAX_SIZE)
        check_count(len(items), self.source, line, items[-1][1], name)
        if len(items) > 1 and not items[-1][0]:
            items.pop()  # a trailing comma
        for item, col in items:
            for tok, tcol in tokens(item, None, col - 1, MAX_SIZE) or [("", col)]:
                check_count(len(values) + 1, self.source, line, tcol, name)
                m = _ITEM.match(tok)
                if not m:
                    found = repr(tok) if tok else "nothing"
                    digit = _LOOKALIKE.get(tok[:1])
                    if digit is not None and (tok[1:].isdigit() or not tok[1:]):
                        found += f" ({typed_for_words([tok[0]])}?)"
                    else:
                        found += separator_hint(tok, ",") or stray_hint(tok)
                    raise PuzzleError(
                        f"expected a number (clues look like {self.example(letters)}), "
                        f"found {found}",
                        source=self.source,
                        line=line,
                        column=tcol,
                        clue=name,
                    )
                if m.group(2):
                    self.colours.add(m.group(2))
                    if m.group(2) in _LOOKALIKE and self.lookalike is None:
                        self.lookalike = (tok, line, tcol, name)
                elif m.group(1).strip("0"):
                    self.bare = True
                letters.append(m.group(2))
                values.append(digits(m.group(1), self.source, line, tcol, name))
                columns.append(tcol)
        return clue_of(values, columns, self.source, line, name)

    def lookalike_error(self, found: tuple[str, int, int, str]) -> PuzzleError:
        """The error of a number read with a letter that looks like a digit (``1O``, ``1l``), in
        a file with no ``color`` line whose other numbers have no letter: a digit mistyped, not
        a colour (the letter was dropped, and a ``1O`` read as 1 said only that the totals
        differ)."""
        token, line, column, clue = found
        letter = token[-1]
        return PuzzleError(
            f"expected a number (clues look like 3,1), found {token!r} "
            f"({typed_for_words([letter])}? no 'color' line declares it a colour, and other "
            "numbers have none)",
            source=self.source,
            line=line,
            column=column,
            clue=clue,
        )

    def example(self, letters: list[str]) -> str:
        """A clue as this file writes them, for an error's words: ``3,1`` in black and white;
        in a colour file (``color`` lines declared, or letters in the clues read so far) with
        its own letters, ``3r,1b`` (``3a,1b`` before any is known)."""
        if not (self.declared or self.colours or any(letters)):
            return "3,1"
        known = list(self.declared) or sorted(self.colours | {c for c in letters if c})
        first, second = (known + ["a", "b"])[:2] if len(known) != 1 else known * 2
        return f"3{first},1{second}"

    def section(
        self, start: int, count: int | None, kind: str
    ) -> tuple[list[tuple[int, ...]], int]:
        """Read ``count`` clue lines after the keyword on line index ``start``."""
        keyword = "rows" if kind == "row" else "columns"
        if count is None:
            size = "height" if kind == "row" else "width"
            raise self.error(
                f"'{keyword}' comes before '{size}'; the {size} must be given first", start + 1
            )
        clues: list[tuple[int, ...]] = []
        for k in range(count):
            i = start + 1 + k
            if i >= len(self.lines):
                error = self.error(
                    f"expected {count} {kind} clues after '{keyword}' (line "
                    f"{start + 1}), the file ends after {k}",
                    len(self.lines),
                )
                if self.one_short(error, count, k, kind):
                    return clues, start + k
                raise error
            text = self.lines[i].strip()
            if not text:
                error = self.blank(i, count, k, kind, start)
                if self.one_short(error, count, k, kind):
                    return clues, start + k
                raise error
            if text[0] == "-" and text[1:2].isdigit():
                raise PuzzleError(
                    f"a negative number, {text.split(',')[0].split()[0]}: a clue's numbers are "
                    f"block lengths (0 for an empty {kind})",
                    source=self.source,
                    line=i + 1,
                    column=len(self.lines[i]) - len(self.lines[i].lstrip()) + 1,
                    clue=f"{kind} {k + 1}",
                )
            if (
                not text[0].isdigit()
                and text[0] != ","
                and self.typed_for_a_clue(text, i, count - k)
            ):
                clues.append(self.clue(text, i + 1, f"{kind} {k + 1}"))  # raises, naming the place
            if not text[0].isdigit() and text[0] != ",":
                error = self.error(
                    f"expected {count} {kind} clues after '{keyword}' (line "
                    f"{start + 1}), found only {k} before {text.split()[0]!r}"
                    + self.swapped(kind, k),
                    i + 1,
                )
                if self.one_short(error, count, k, kind):
                    return clues, start + k
                raise error
            clues.append(self.clue(text, i + 1, f"{kind} {k + 1}"))
        return clues, start + count

    def one_short(self, error: PuzzleError, count: int, found: int, kind: str) -> bool:
        """Whether a section of ``kind`` that ends after ``found`` of its ``count`` clues is
        one line short (a line left out), to be said with ``error`` once the rest is read; a
        section with other clue lines after the blank line is no such section."""
        if found != count - 1 or not found or error.clue is not None:
            return False
        return self.keep_miscount(error, kind, -1)

    def keep_miscount(self, error: PuzzleError, kind: str, off: int) -> bool:
        """Whether a section of ``kind`` a line short (``off`` -1) or long (+1) is kept, its
        ``error`` said once the rest is read: the first such section, or the second when it is
        off the other way (a heading a line early or late: the first ``error`` is said, and the
        typo finder moves the line back across)."""
        if self.miscount is not None:
            if self.miscount_side is None or self.miscount_side[0] == kind:
                return False
            if self.miscount_side[1] != -off:
                return False
            self.miscount_side = None  # (no third)
            return True
        self.miscount = error
        self.miscount_side = kind, off
        return True

    def read(self) -> Puzzle:
        rows, cols, meta, goal_text = self.parse()
        if self.free:
            meta["notes"] = "\n".join(self.free)
        if (
            self.lookalike is not None
            and self.bare
            and not self.declared
            and self.colours <= _LOOKALIKE.keys()  # ('1O' and '1l' in one file: two look-alike
            # letters were refused as a colour file, "row clues fill 1 cells of O but ...")
        ):
            raise self.lookalike_error(self.lookalike)
        if len(self.colours) > 1:
            raise colour_refusal(self.colours, self.source)
        if self.miscount is not None:
            # clues that read but do not fit the size: the typo finder looks for the line
            # left out or typed twice
            raise self.miscount_error(meta, clues=(tuple(rows), tuple(cols)))
        goal = None
        goal_line = None
        self.goal_text = None if goal_text is None else goal_text[0]
        if goal_text is not None and not self.swap_size:  # (a swapped file's goal: either way)
            goal_line = goal_text[1]
            goal = self.goal(goal_text[0], len(cols), len(rows), goal_line)
        return build(
            rows,
            cols,
            self.source,
            clue_lines=self.clue_lines,
            goal=goal,
            goal_line=goal_line,
            meta=meta,
        )

    def miscount_error(
        self,
        meta: dict[str, str],
        clues: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None = None,
        colour_clues: ColourCluesRead | None = None,
    ) -> LineCountError:
        """The :func:`line_count_error` of the section found a clue line short or long
        (:attr:`miscount`, said as it was found), with the clues as read (black-and-white or
        colour), the declared size, where each clue was read and the text fields ``meta``."""
        assert self.miscount is not None
        size = None if self.width is None or self.height is None else (self.width, self.height)
        return line_count_error(
            self.miscount,
            self.source,
            size,
            self.clue_lines,
            meta,
            clues=clues,
            colour_clues=colour_clues,
        )

    def parse(
        self,
    ) -> tuple[
        list[tuple[int, ...]], list[tuple[int, ...]], dict[str, str], tuple[str, int] | None
    ]:
        """Row clues, column clues, text fields and the goal text with its line; a section a
        line short or long is kept in :attr:`miscount`, unless another error follows: then that
        first one is raised, as it was before the rest was read."""
        try:
            return self._parse()
        except PuzzleError:
            if self.miscount is not None:
                raise self.miscount from None
            raise

    def _parse(
        self,
    ) -> tuple[
        list[tuple[int, ...]], list[tuple[int, ...]], dict[str, str], tuple[str, int] | None
    ]:
        width = height = None
        rows = cols = None
        meta: dict[str, str] = {}
        goal_text: tuple[str, int] | None = None
        i = 0
        last: tuple[str, int, int] | None = None  # the latest section: keyword, index, clues
        while i < len(self.lines):
            text = self.lines[i].strip()
            start = i
            # (a tab or a no-break space, copied from a web page or a word processor, after
            # the keyword too: 'width\t20' was no width, said as 'rows' coming before it)
            word, _, rest = _KEYWORD_SPLIT.sub(" ", text, count=1).partition(" ")
            word = word.lower()
            rest = rest.strip()
            if word in ("width", "height") or (word in ("rows", "columns") and rest):
                value = to_int(
                    rest,
                    self.source,
                    i + 1,
                    text.find(rest) + 1 if rest else None,
                    what=f"a number after '{word}'",
                )
                # said at its line, before a section of that many
                name = "width" if word in ("width", "columns") else "height"
                check_dimension(name, value, self.source, i + 1)
                if (word in ("width", "columns")) != self.swap_size:
                    width = self.width = value
                else:
                    height = self.height = value
            elif word == "rows":
                if rows is not None:
                    raise self.error("a second 'rows' section", i + 1)
                rows, i = self.section(i, height, "row")
            elif word == "columns":
                if cols is not None:
                    raise self.error("a second 'columns' section", i + 1)
                cols, i = self.section(i, width, "column")
            elif word in _META:
                meta[_META[word]] = _value(rest)
            elif word == "goal":
                goal_text = (_value(rest), i + 1)
            elif word in ("color", "colour"):
                letter = rest.split()[0] if rest else "?"
                self.colours.add(letter)
                self.declared[letter] = (rest[len(letter) :].strip(), i + 1)
            elif text[:1].isdigit() or text[:1] == ",":
                error = self.surplus(i, last)
                section = rows if last and last[0] == "rows" else cols
                one_more = self.one_more(i, last, section)
                kind = "row" if last and last[0] == "rows" else "column"
                if section is None or one_more is None or not self.keep_miscount(error, kind, 1):
                    raise error
                section.append(one_more)
            elif text and word not in _KEYWORDS or word == "catalogue":
                self.free.append(note_text(self.lines[i].rstrip()))
            if word in ("rows", "columns") and not rest:
                last = (word, start, i - start)
            i += 1
        for name, section in (("rows", rows), ("columns", cols)):
            if section is None:
                raise self.error(
                    f"no '{name}' section found; a .non file needs 'width', "
                    "'height', 'rows' and 'columns'",
                    len(self.lines) or 1,
                )
        assert rows is not None and cols is not None
        return rows, cols, meta, goal_text

    def one_more(
        self, index: int, last: tuple[str, int, int] | None, clues: list[tuple[int, ...]] | None
    ) -> tuple[int, ...] | None:
        """The clue on line index ``index`` when it is the only surplus line of the section
        just read (``last``; a line typed twice), else None."""
        if last is None or clues is None:
            return None
        keyword, start, count = last
        if index != start + count + 1 or len(clues) != count:
            return None
        after = self.lines[index + 1].strip()[:1] if index + 1 < len(self.lines) else ""
        if after.isdigit() or after == ",":
            return None  # more surplus lines
        kind = "row" if keyword == "rows" else "column"
        return self.clue(self.lines[index].strip(), index + 1, f"{kind} {count + 1}")

    def surplus(self, index: int, last: tuple[str, int, int] | None) -> PuzzleError:
        """The error for a clue line found outside the ``rows`` and ``columns`` sections: under
        a word that seems a mistyped heading (:meth:`misspelt_heading`), that word's."""
        if (misspelt := self.misspelt_heading(index)) is not None:
            return misspelt
        if last is None:
            return self.error("a clue line before any 'rows' or 'columns' section", index + 1)
        keyword, start, count = last
        size = "height" if keyword == "rows" else "width"
        more = 0  # the clue lines in a row from here
        while index + more < len(self.lines) and self.lines[index + more].strip()[:1] in (
            *"0123456789",
            ",",
        ):
            more += 1
        kind = "row" if keyword == "rows" else "column"
        return self.error(
            f"a surplus clue line: the '{keyword}' section (line {start + 1}) "
            f"already has its {count} clue{'s' if count != 1 else ''} (the "
            f"{size}), and {more} more clue line{'s follow' if more != 1 else ' follows'}"
            + self.swapped(kind, count + more),
            index + 1,
        )

    def misspelt_heading(self, index: int) -> PuzzleError | None:
        """The error for the clue line on line index ``index`` when the line before it (blank
        lines aside) is a word alone that is no keyword but close to ``rows`` or ``columns``
        (``row``, ``cols``, ``colums``): said at that word's line, naming the heading meant.
        Such a word reads as a note, so the clues under it were said to come before any
        section ('row') or to be a section's surplus ('cols', naming the clues' first line)."""
        k = index - 1
        while k >= 0 and not self.lines[k].strip():
            k -= 1
        text = self.lines[k].strip() if k >= 0 else ""
        word = text.lower()
        colon = word.endswith(":")  # ('rows:', as a hand-typed file may have it)
        word = word.removesuffix(":")
        if not word.isalpha() or (word in _KEYWORDS and not colon):
            return None
        meant = get_close_matches(word, ("rows", "columns"), n=1, cutoff=0.6)
        if not meant:
            return None
        return self.error(
            f"'{text}' is no keyword of the format, and clue lines follow it: '{meant[0]}'?",
            k + 1,
        )

    def typed_for_a_clue(self, text: str, i: int, left: int) -> bool:
        """Whether ``text`` on line index ``i``, not a number, is a mistyped clue rather than the
        keyword ending a short section: its word is no keyword of the format, and the ``left - 1``
        lines after it are clue lines, so that with it the section has its count."""
        word = text.split()[0].split(",")[0].lower()
        if word in _KEYWORDS:
            return False
        after = self.lines[i + 1 : i + left]
        return len(after) == left - 1 and all(
            line.strip()[:1].isdigit() or line.strip()[:1] == "," for line in after
        )

    def blank(self, i: int, count: int, k: int, kind: str, start: int) -> PuzzleError:
        """The error for a blank line where clue ``k`` (from 0) of a section is expected: the
        section ends early (a keyword follows) or the line stands for an empty line's clue."""
        keyword = "rows" if kind == "row" else "columns"
        after = next((line.strip() for line in self.lines[i + 1 :] if line.strip()), "")
        if not after or not (after[0].isdigit() or after[0] == ","):
            return self.error(
                f"expected {count} {kind} clues after '{keyword}' (line {start + 1}), found "
                f"only {k} before this blank line" + self.swapped(kind, k),
                i + 1,
            )
        return PuzzleError(
            f"a blank line where a clue is expected; an empty {kind}'s clue is 0",
            source=self.source,
            line=i + 1,
            clue=f"{kind} {k + 1}",
        )

    def clue_lines_after(self, keyword: str) -> int | None:
        """How many clue lines follow the first line that is ``keyword`` alone (None: none)."""
        for i, line in enumerate(self.lines):
            if line.strip().lower() == keyword:
                n = 0
                while i + 1 + n < len(self.lines) and self.lines[i + 1 + n].strip()[:1] in (
                    *"0123456789",
                    ",",
                ):
                    n += 1
                return n
        return None

    def swapped(self, kind: str, found: int) -> str:
        """A hint when ``found`` clue lines of a section are as many as the other side's size
        (the width and height given the wrong way round), else ''."""
        own, other = (self.height, self.width) if kind == "row" else (self.width, self.height)
        if other is None or own is None or found != other or own == other:
            return ""
        if self.clue_lines_after("columns" if kind == "row" else "rows") != own:
            return ""  # the other section does not fit the other way round either
        self.swap_seen = True
        return (
            f"; {found} {kind} clues fit the {'width' if kind == 'row' else 'height'}: "
            f"are the width ({self.width}) and height ({self.height}) swapped, or the 'rows' "
            "and 'columns' headings?"
        )

    def goal(self, text: str, width: int, height: int, line: int) -> np.ndarray | GoalRows:
        """The goal picture: ``0`` is an empty cell, any other character a filled one.  A small
        picture is kept as text rows (checking it costs less than loading numpy)."""
        if len(text) != width * height:
            raise self.error(
                f"the goal has {len(text)} cells but a {width}x{height} puzzle "
                f"needs {width * height}",
                line,
            )
        if width * height <= TEXT_GOAL_CELLS:
            bits = _NOT_ZERO.sub("1", text)
            return GoalRows(tuple(bits[r * width : (r + 1) * width] for r in range(height)))
        import numpy as np

        cells = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        return np.where(cells == ord("0"), CROSSED, FILLED).astype(np.int8).reshape(height, width)


def read(text: str, source: str) -> Puzzle:
    """Parse one ``.non`` puzzle.  Sections that each fit the other side's size are read as
    headed with the size exchanged and said in a :class:`SwappedSectionsError` holding their
    clues (when they read so: else the first error stands)."""
    reader = _Reader(text, source)
    try:
        return reader.read()
    except PuzzleError as error:
        if not reader.swap_seen or reader.width is None or reader.height is None:
            raise
        again = _Reader(text, source, swap_size=True)
        try:
            puzzle = again.read()
        except PuzzleError:
            raise error from None
        swapped = SwappedSectionsError(error.message, source=source, line=error.line)
        swapped.clues = puzzle.rows, puzzle.cols
        swapped.size = reader.width, reader.height
        swapped.clue_lines = dict(again.clue_lines)
        swapped.meta = _meta_of(puzzle)
        swapped.goal_text = again.goal_text
        raise swapped from None


def _meta_of(puzzle: Puzzle) -> dict[str, str]:
    """The text fields of ``puzzle`` as the reader gives them to a puzzle (for an error that
    keeps them, so that the mended puzzle has them)."""
    fields = ("title", "author", "copyright", "licence", "notes")
    return {name: getattr(puzzle, name) for name in fields if getattr(puzzle, name)}


def _quote(value: str) -> str:
    """``value`` quoted as a property: a double quote written ``&quot;``, and the rest as it
    is unless it holds something the reader would decode (``&amp;`` typed as such), when all
    of it is escaped; so "Flag & Boat" reads so in other programs too, and every value reads
    back as it was written (:func:`_value`)."""
    text = clean_meta(value)
    plain = text.replace('"', "&quot;")
    return '"' + (plain if html.unescape(plain) == text else html.escape(text, quote=True)) + '"'


def _reads_as_other(line: str) -> bool:
    """Whether a notes line would read as a keyword (``rows of trees``; ``catalogue`` lines
    stay themselves) or a clue line (``3 colours``, ``2:02``) of a ``.non`` file."""
    text = line.strip()
    if not text:
        return False
    word = text.split()[0].lower()
    return (word in _KEYWORDS and word != "catalogue") or text[:1].isdigit() or text[:1] == ","


def note_text(line: str) -> str:
    """The notes line a free line of a ``.non`` file stands for (``- 2:02`` is the note
    ``2:02``): :func:`~nonostudio.core.formats._common.undashed`."""
    return undashed(line, _reads_as_other)


def note_lines(notes: str) -> list[str]:
    """The lines of ``notes`` as a ``.non`` file holds them: blank ones left out, and ``- ``
    before one that would read as a keyword (``rows of trees``) or a clue line (``3 colours``),
    or as such a line with ``- `` before it (:func:`note_text` takes it off);
    ``catalogue`` lines stay themselves."""
    out = []
    for line in notes.splitlines():
        if not line.strip():
            continue
        if needs_dash(line, _reads_as_other):
            line = "- " + line
        out.append(line.rstrip())
    return out


def write(puzzle: Puzzle, with_solution: bool = True) -> str:
    """The ``.non`` text of ``puzzle`` (``goal`` when it has one and ``with_solution``); its
    notes follow the title lines."""
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
    out += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    out += [",".join(map(str, c)) or "0" for c in puzzle.rows]
    out += ["", "columns"]
    out += [",".join(map(str, c)) or "0" for c in puzzle.cols]
    if with_solution and puzzle.goal is not None:
        bits = "".join("1" if v == FILLED else "0" for v in puzzle.goal.ravel())
        out += ["", f'goal "{bits}"']
    return "\n".join(out) + "\n"
