"""The typo search for a colour puzzle: what is wrong with its clues (a clue too long for its
line, a colour whose row and column totals differ, no solution and the line where line logic
breaks, several solutions) and the single edits that put it right, ranked with a confidence, as
the black-and-white search does (:mod:`nonostudio.analysis.typos.finder`).

Each edited puzzle is propagated with the exact colour line solver over cell sets, with one line
cache shared by all of them (most lines' solves repeat from one edited puzzle to the next); a
contradiction means no solution, a full grid unique and line-solvable, and a puzzle line logic
leaves stuck goes to :func:`~nonostudio.core.colour.solver.solve_colour`.  Edits that make the
puzzle unique are offered first; when none does, those after which pictures fit every clue
(several), since a puzzle that never had one solution is mended by them too.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from nonostudio.analysis.typos.colour_edits import (
    MOVE,
    ColourEdit,
    clue_words,
    colour_candidate_edits,
    colour_totals,
    colour_weight,
    too_long_colour,
    undeclared_edits,
    undeclared_items,
)
from nonostudio.analysis.typos.colour_lines import (
    ColourLineFix,
    colour_fixes_text,
    colour_line_count_fixes,
)
from nonostudio.analysis.typos.contradiction import _ranges
from nonostudio.analysis.typos.finder import (
    LINE_COUNT,
    LINE_SOLVABLE_FACTOR,
    MULTIPLE,
    NO_SOLUTION,
    SEARCH_LIMIT,
    TIME_LIMIT,
    TOO_LONG,
    UNDECIDED,
    UNEQUAL_TOTALS,
    UNIQUE,
    line_count_problem,
    no_unique_edit_text,
)
from nonostudio.core.colour.linesolver import solve_colour_line
from nonostudio.core.colour.model import (
    ColourClues,
    ColourPuzzle,
    Palette,
    item_text,
    min_colour_length,
)
from nonostudio.core.colour.solver import solve_colour
from nonostudio.core.formats._colour import ReadPalette
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.solver import Verdict

#: Most line solves the shared cache keeps (then it starts afresh).
CACHE_LINES = 200_000
#: The problem of clues naming a colour the file does not declare (a :class:`ReadPalette`'s).
UNDECLARED_COLOUR = "undeclared_colour"

LineCache = dict[tuple[tuple[tuple[int, int], ...], tuple[int, ...]], tuple[int, ...] | None]


@dataclass(frozen=True)
class ColourSuggestion:
    """An edit, the verdict of the puzzle it makes, and how sure the search is of it: ``weight``
    is :func:`colour_weight`, times :data:`LINE_SOLVABLE_FACTOR` when line logic solves the
    edited puzzle; ``confidence`` its share of the weight of the edits offered with it (those
    that make the puzzle unique, or when none does those that leave several solutions)."""

    edit: ColourEdit
    verdict: Verdict
    line_solvable: bool
    weight: float
    confidence: float = 0.0

    one_more_typo = False  # (two typos are not looked for in colour puzzles)
    is_pair = False

    @property
    def unique(self) -> bool:
        return self.verdict.is_unique

    def text(self) -> str:
        """``row 7: 3r → 2r (3r 1b becomes 2r 1b): unique, line-solvable, confidence 82%``."""
        sure = f", confidence {self.confidence:.0%}" if self.confidence else ""
        return f"{self.edit.text()}: {self.verdict.label}{sure}"

    def as_dict(self) -> dict[str, Any]:
        """The JSON form, the black-and-white suggestion's fields (``line, kind, before, after,
        text, verdict, line_solvable, confidence, one_more_typo``)."""
        edit = self.edit
        return {
            "line": edit.line_name,
            "kind": edit.kind,
            "before": edit.before_text(),
            "after": edit.after_text(),
            "text": edit.text(),
            "verdict": self.verdict.name.lower(),
            "line_solvable": self.line_solvable,
            "confidence": round(self.confidence, 4),
            "one_more_typo": False,
        }


@dataclass
class ColourTypoReport:
    """What is wrong with a colour puzzle's clues and the ranked suggestions (the fields and
    methods of the black-and-white :class:`~nonostudio.analysis.typos.finder.TypoReport` that
    the command line and the studio use)."""

    problem_kind: str
    problem: str
    suggestions: list[ColourSuggestion] = field(default_factory=list)
    examined: int = 0
    candidates: int = 0
    complete: bool = True
    cancelled: bool = False
    seconds: float = 0.0
    suspects: frozenset[tuple[str, int]] = frozenset()  # the lines the diagnosis points at
    #: With an undeclared colour and no fix: why none is offered.
    undeclared_why: str = ""
    #: A whole colour clue line put back or dropped that makes the clues one picture (looked for
    #: when no single edit makes the puzzle unique; :mod:`.colour_lines`).
    line_fixes: list[ColourLineFix] = field(default_factory=list)

    @property
    def needs_fixing(self) -> bool:
        return self.problem_kind != UNIQUE

    def top(self, count: int = 3) -> list[ColourSuggestion]:
        """The best ``count`` edits that make the puzzle unique."""
        return [s for s in self.suggestions if s.unique][:count]

    def several(self, count: int = 3) -> list[ColourSuggestion]:
        """The best ``count`` edits after which several pictures fit every clue."""
        return [s for s in self.suggestions if s.verdict is Verdict.MULTIPLE][:count]

    def offered(self, count: int = 3) -> list[ColourSuggestion]:
        """What to offer: :meth:`top`, or when it is empty (and the clues had no solution)
        :meth:`several`."""
        if self.problem_kind == MULTIPLE or self.line_fixes:
            return self.top(count)
        return self.top(count) or self.several(count)

    def pairs(self, count: int = 3) -> list[ColourSuggestion]:
        return []  # pairs of typos are not looked for in colour puzzles

    def pairs_text(self) -> str:
        return ""

    def offered_title(self) -> str:
        """The words above the suggestions offered."""
        offered = self.offered(2)
        if not offered:
            return self.no_suggestion_text()
        if not offered[0].unique:
            return (
                "No single edit makes the puzzle unique; after each of these, pictures fit every "
                "clue (more than one):"
            )
        if self.line_fixes:  # (found beside edits that only move an empty line: said first)
            edits = "one of these edits" if len(offered) > 1 else "this edit"
            return (
                f"{colour_fixes_text(self.line_fixes)} Or {edits}, which keeps the grid's size "
                "(it makes the puzzle unique too):"
            )
        if len(offered) > 1:
            return "Likely typos (each edit alone makes the puzzle unique):"
        return "Likely typo (this edit makes the puzzle unique):"

    def text_lines(self, count: int = 3) -> list[str]:
        """The problem, then one line per suggestion (or why there is none)."""
        out = [self.problem]
        offered = self.offered(count)
        if offered:
            out.append(self.offered_title())
            out += [f"  {n}. {s.text()}" for n, s in enumerate(offered, 1)]
        elif self.needs_fixing:
            out.append(self.no_suggestion_text())
        return out

    def no_suggestion_text(self) -> str:
        """Why no suggestion is offered, in a sentence; a whole clue line left out or typed
        twice first, when putting it back or dropping it makes one picture."""
        if self.line_fixes:
            return colour_fixes_text(self.line_fixes)
        if self.problem_kind == LINE_COUNT and self.complete:
            return (
                "No line put back or dropped makes the clues one picture: check the lines "
                "against the book."
            )
        if not self.candidates and self.complete and not self.cancelled:
            if self.problem_kind == UNDECLARED_COLOUR:
                return self.undeclared_why
            if self.problem_kind == UNEQUAL_TOTALS:
                return (
                    "No single edit of one clue makes every colour's totals equal with every "
                    "clue fitting; there may be more than one typo."
                )
            return "No single edit of one clue applies here."
        return no_unique_edit_text(
            self.cancelled, self.complete, self.seconds, self.examined, self.candidates
        )

    def as_dict(self, count: int = 5) -> dict[str, Any]:
        return {
            "problem": self.problem_kind,
            "problem_text": self.problem,
            "suggestions": [s.as_dict() for s in self.offered(count)],
            "tried": self.examined,
            "candidates": self.candidates,
            "complete": self.complete,
            "seconds": round(self.seconds, 6),
            "line_fixes": [f.as_dict() for f in self.line_fixes],
        }


# --- line logic over cell sets, with the line that breaks -----------------------------------------


@dataclass(frozen=True)
class ColourBrokenLine:
    """Where line logic finds no solution: line ``index`` of ``axis`` cannot hold its clue in
    its ``cells`` (the colour sets line logic left them) once the crossing lines ``crossing``
    (1-based) narrowed them (none: no arrangement of the clue fits the line at all)."""

    axis: str
    index: int
    clue: tuple[tuple[int, int], ...]
    crossing: tuple[int, ...]
    cells: tuple[int, ...] = ()

    def text(self, palette: Palette) -> str:
        """``row 2 cannot hold 3r 1b once columns 1–4 have narrowed its cells``."""
        name = f"{self.axis} {self.index + 1}"
        words = clue_words(self.clue, palette)
        if not self.crossing:
            return f"{name} cannot hold {words}"
        other = "column" if self.axis == "row" else "row"
        many = len(self.crossing) > 1
        lines = f"{other}{'s' if many else ''} {_ranges(self.crossing)}"
        verb = "have" if many else "has"
        return f"{name} cannot hold {words} once {lines} {verb} narrowed its cells"


def propagate(
    rows: ColourClues,
    cols: ColourClues,
    ncolours: int,
    cache: LineCache | None = None,
) -> tuple[list[int] | None, ColourBrokenLine | None]:
    """Colour line logic to a fixed point from every cell unknown: the grid of cell sets (row by
    row), or None and the line where no arrangement of its clue fits."""
    height, width = len(rows), len(cols)
    full = (1 << ncolours) - 1
    grid = [full] * (height * width)
    by_row = bytearray(height * width)  # whether the cell's row has narrowed it
    by_column = bytearray(height * width)  # whether its column has
    cache = {} if cache is None else cache
    queue = deque(range(height + width))
    pending = bytearray([1]) * (height + width)
    while queue:
        line = queue.popleft()
        pending[line] = 0
        if line < height:
            start, step, clue = line * width, 1, rows[line]
            count = width
        else:
            start, step, clue = line - height, width, cols[line - height]
            count = height
        cells = tuple(grid[start + k * step] for k in range(count))
        key = (clue, cells)
        if key in cache:
            out = cache[key]
        else:
            if len(cache) >= CACHE_LINES:
                cache.clear()
            out = cache[key] = solve_colour_line(clue, cells, ncolours)
        if out is None:
            axis, index = ("row", line) if line < height else ("column", line - height)
            crossed = by_column if line < height else by_row
            crossing = tuple(k + 1 for k in range(count) if crossed[start + k * step])
            return None, ColourBrokenLine(axis, index, clue, crossing, cells)
        for k, (old, new) in enumerate(zip(cells, out, strict=True)):
            if old != new:
                cell = start + k * step
                grid[cell] = new
                (by_row if line < height else by_column)[cell] = 1
                cross = height + k if line < height else k
                if not pending[cross]:
                    pending[cross] = 1
                    queue.append(cross)
    return grid, None


def decide(
    rows: ColourClues,
    cols: ColourClues,
    ncolours: int,
    cache: LineCache,
    deadline: float,
    should_stop: StopCallback | None = None,
) -> Verdict:
    """The verdict of the clues: line logic first (shared ``cache``), the colour solver when it
    is stuck, by ``deadline`` (UNDECIDED past it)."""
    grid, _broken = propagate(rows, cols, ncolours, cache)
    if grid is None:
        return Verdict.NO_SOLUTION
    if all(not cell & (cell - 1) for cell in grid):
        return Verdict.UNIQUE_LINE
    left = max(0.01, deadline - time.perf_counter())
    return solve_colour(rows, cols, ncolours, time_limit=left, should_stop=should_stop).verdict


# --- what is wrong --------------------------------------------------------------------------------


def diagnose_colour(
    rows: ColourClues,
    cols: ColourClues,
    palette: Palette,
    time_limit: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[str, str, set[tuple[str, int]]]:
    """``(problem kind, the problem in a sentence, suspect lines)`` of colour clues."""
    long = too_long_colour(rows, cols)
    if long:
        axis, i = long[0]
        clue = (rows if axis == "row" else cols)[i]
        room = len(cols) if axis == "row" else len(rows)
        return (
            TOO_LONG,
            f"{axis} {i + 1}: the clue {clue_words(clue, palette)} needs "
            f"{min_colour_length(clue)} cells but the {axis} has only {room}.",
            set(long),
        )
    diff = colour_totals(rows, cols, len(palette))
    unequal = [c for c in range(1, len(palette)) if diff[c]]
    if unequal:
        rsum = {c: sum(n for clue in rows for n, k in clue if k == c) for c in unequal}
        parts = [
            f"{_named(palette, c)}: row clues fill {rsum[c]} cells, column "
            f"clues {rsum[c] - diff[c]}"
            for c in unequal
        ]
        return (
            UNEQUAL_TOTALS,
            "Each colour's row and column totals must be equal, and they differ for "
            + "; ".join(parts)
            + ".",
            set(),
        )
    grid, broken = propagate(rows, cols, len(palette))
    if broken is not None:
        return (
            NO_SOLUTION,
            f"No solution: {broken.text(palette)}.",
            {(broken.axis, broken.index)},
        )
    limit = 10.0 if time_limit is None else time_limit
    found = solve_colour(rows, cols, len(palette), time_limit=limit, should_stop=should_stop)
    if found.verdict is Verdict.NO_SOLUTION:
        return NO_SOLUTION, "No solution (line logic alone finds no contradiction).", set()
    if found.verdict is Verdict.MULTIPLE:
        assert found.solution is not None and found.alternate is not None
        a, b = found.solution, found.alternate
        suspects = {("row", r) for r in range(len(rows)) if a[r] != b[r]}
        suspects |= {
            ("column", c)
            for c in range(len(cols))
            if any(a[r][c] != b[r][c] for r in range(len(rows)))
        }
        return MULTIPLE, "More than one picture fits these clues.", suspects
    if found.verdict is Verdict.UNDECIDED:
        return UNDECIDED, "The solver could not decide the puzzle in time.", set()
    return UNIQUE, "The puzzle has exactly one solution.", set()


# --- the search -----------------------------------------------------------------------------------


def _named(palette: Palette, colour: int) -> str:
    """A colour's name and the character its items are typed with (``red (r)``); the name alone
    for a digit, typed with no character (``black``, not ``black (1)``), and when items are
    given by name (XML)."""
    char = palette[colour].char
    plain = char.isdigit() or palette.by_name
    return palette[colour].name if plain else f"{palette[colour].name} ({char})"


def find_colour_typos(
    palette: Palette,
    rows: Sequence[Sequence[tuple[int, int]]],
    cols: Sequence[Sequence[tuple[int, int]]],
    *,
    time_limit: float | None = TIME_LIMIT,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    size: tuple[int, int] | None = None,
) -> ColourTypoReport:
    """What is wrong with these colour clues and the single edits that put them right, best
    first.  The clues need not make a valid :class:`ColourPuzzle` (totals may differ, a clue may
    be too long for its line).  A :class:`ReadPalette` marks colours the file did not declare
    (a reader's :class:`~nonostudio.core.formats._colour.UndeclaredColourError`): then only
    each declared colour in the one such item's place is tried (:func:`undeclared_edits`).
    ``progress`` and ``should_stop`` follow :mod:`nonostudio.core.progress`; a cancelled or
    timed-out search reports what it found.  ``size``, the ``(width, height)`` a file declares:
    when the clue lines are not as many (a colour ``.non`` section a line short or long), only a
    colour line put back or dropped that gives that size is looked for, as
    :func:`~nonostudio.analysis.typos.finder.find_typos` does."""
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    rows_t: ColourClues = tuple(tuple((int(n), int(c)) for n, c in r) for r in rows)
    cols_t: ColourClues = tuple(tuple((int(n), int(c)) for n, c in r) for r in cols)
    if size is not None and size != (len(cols_t), len(rows_t)):
        report = ColourTypoReport(LINE_COUNT, line_count_problem(len(rows_t), len(cols_t), size))
        fixes, report.complete = colour_line_count_fixes(
            palette, rows_t, cols_t, deadline, should_stop
        )
        report.line_fixes = [f for f in fixes if (len(f.cols), len(f.rows)) == size]
        report.cancelled = should_stop is not None and should_stop()
        report.seconds = time.perf_counter() - started
        return report
    undeclared = palette.undeclared if isinstance(palette, ReadPalette) else frozenset()
    if undeclared:
        report = undeclared_report(rows_t, cols_t, palette, undeclared)
        kind, suspects = report.problem_kind, set(report.suspects)
        edits = undeclared_edits(rows_t, cols_t, palette, undeclared)
    else:
        kind, words, suspects = diagnose_colour(rows_t, cols_t, palette, time_limit, should_stop)
        report = ColourTypoReport(kind, words, suspects=frozenset(suspects))
        if kind in (UNIQUE, UNDECIDED):
            report.complete = kind == UNIQUE
            report.seconds = time.perf_counter() - started
            return report
        edits = colour_candidate_edits(rows_t, cols_t, palette)
    edits.sort(key=lambda e: (not suspects.intersection(e.lines), -colour_weight(e)))
    report.candidates = len(edits)
    cache: LineCache = {}
    found: list[ColourSuggestion] = []
    for done, edit in enumerate(edits):
        now = time.perf_counter()
        if should_stop is not None and should_stop():
            report.complete, report.cancelled = False, True
            break
        if deadline is not None and now > deadline:
            report.complete = False
            break
        report_count(progress, done, len(edits), f"trying edit {done + 1} of {len(edits)}")
        limit = now + SEARCH_LIMIT if deadline is None else min(now + SEARCH_LIMIT, deadline)
        verdict = decide(*edit.apply(rows_t, cols_t), len(palette), cache, limit, should_stop)
        if verdict is Verdict.UNDECIDED:
            report.complete = False
        else:
            report.examined += 1
        line_solvable = verdict is Verdict.UNIQUE_LINE
        factor = LINE_SOLVABLE_FACTOR if line_solvable else 1.0
        found.append(ColourSuggestion(edit, verdict, line_solvable, colour_weight(edit) * factor))
    # A line left out or typed twice shifts every later line: no single edit mends that (as the
    # black-and-white search, not where several pictures fit: an empty line put back says
    # nothing there).
    # An empty line too many is often "mended" by moving it to an end (exchanging it with its
    # neighbours' clues): unique, but the grid keeps the extra line, so the line fixes are
    # looked for there too.
    unique = [s for s in found if s.unique]
    only_moves = bool(unique) and all(_moves_an_empty_line(s.edit) for s in unique)
    if (not unique or only_moves) and report.complete and kind != MULTIPLE and not undeclared:
        report.line_fixes, report.complete = colour_line_count_fixes(
            palette, rows_t, cols_t, deadline, should_stop
        )
    unique_total = sum(s.weight for s in found if s.unique)
    several_total = sum(s.weight for s in found if s.verdict is Verdict.MULTIPLE)
    ranked = [
        replace(s, confidence=s.weight / unique_total)
        if s.unique
        else replace(s, confidence=s.weight / several_total)
        if s.verdict is Verdict.MULTIPLE and not unique_total and kind != MULTIPLE
        else s
        for s in found
    ]
    order = {Verdict.UNIQUE_LINE: 0, Verdict.UNIQUE_SEARCH: 0, Verdict.MULTIPLE: 1}
    ranked.sort(key=lambda s: (order.get(s.verdict, 2), not s.line_solvable, -s.weight))
    report.suggestions = ranked
    report.seconds = time.perf_counter() - started
    report_count(progress, 1, 1, "typo search done")
    return report


def _moves_an_empty_line(edit: ColourEdit) -> bool:
    """Whether ``edit`` exchanges the clues of two lines, one of them empty."""
    return edit.kind == MOVE and any(not clue for clue in edit.before)


def undeclared_report(
    rows: ColourClues, cols: ColourClues, palette: Palette, undeclared: frozenset[int]
) -> ColourTypoReport:
    """The problem of clues naming colours the file does not declare (``undeclared``: their
    palette indices), before any fix is tried: the item named, its line the suspect, and why
    no fix is offered when :func:`undeclared_edits` finds none.  Typed clues
    (``palette.typed``: no file declares their colours) are said to use a letter that names no
    colour; each colour is tried in its place."""
    items = undeclared_items(rows, cols, undeclared)
    typed = isinstance(palette, ReadPalette) and palette.typed

    def item(axis: str, i: int, j: int) -> str:
        n, c = (rows if axis == "row" else cols)[i][j]
        return f"{axis} {i + 1}: {item_text(n, c, palette)}"

    if len(items) == 1:
        ((axis, i, j),) = items
        colour = palette[(rows if axis == "row" else cols)[i][j][1]]
        if typed:
            problem = (
                f"In {item(axis, i, j)} no colour is typed {colour.char!r}; each colour is "
                "tried in its place."
            )
            why = (
                f"No colour typed in place of {colour.char!r} makes every colour's row and "
                "column totals equal with every clue fitting its line."
            )
        else:
            problem = (
                f"{item(axis, i, j)} names the colour {colour.name!r}, which the file does not "
                "declare; each declared colour is tried in its place."
            )
            why = (
                "No declared colour in its place makes every colour's row and column totals "
                "equal with every clue fitting its line."
            )
    else:
        shown = ", ".join(item(*k) for k in items[:4]) + (", ..." if len(items) > 4 else "")
        what = (
            "blocks are typed with letters that name no colour"
            if typed
            else "clue items name colours the file does not declare"
        )
        problem = f"{len(items)} {what} ({shown})."
        why = f"{len(items)} {what}: no single edit mends them all."
    report = ColourTypoReport(
        UNDECLARED_COLOUR, problem, suspects=frozenset((axis, i) for axis, i, _j in items)
    )
    report.undeclared_why = why
    return report


def find_colour_typos_in(puzzle: ColourPuzzle, **options: Any) -> ColourTypoReport:
    """:func:`find_colour_typos` of a colour puzzle's clues."""
    return find_colour_typos(puzzle.palette, puzzle.rows, puzzle.cols, **options)
