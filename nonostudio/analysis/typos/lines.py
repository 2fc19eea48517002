"""A whole clue line left out, or typed twice: the mistakes that shift every later line.

A typist copying a puzzle from a book skips a line (often an empty one, which the book shows as
nothing) or types one twice.  No single edit of one clue mends that: every later line holds its
neighbour's clue.  :func:`line_count_fixes` tries

* a line put back at each place of the rows (and of the columns): the put-back line is left free
  and the other lines keep their clues, shifted; one incremental CaDiCaL instance (the typo
  decider's, :class:`~nonostudio.analysis.typos.deciding._IncrementalSat`) decides each place.
  Where pictures fit, the first one's line gives the missing clue, which is kept when the clues
  with it make exactly one picture (another picture with the same clue is looked for with the
  first blocked).  The totals say how many cells the missing line holds, so a place is tried only
  when that is between 0 and the line's length;
* each line equal to the next one dropped (its totals must account for the surplus), decided by
  the complete solver;
* an empty line dropped (``EXTRA``) when the totals are equal: a separator typed twice in a
  puzzle string (``6::1,5``) or a blank line too many reads as an empty line of its own and
  shifts every later line (before, "No single edit ... (23 tried)" for the Duck so typed).

A fix is offered only when the clues with it make exactly one picture (docs/design/typos.md).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from nonostudio.core.clue_text import clue_to_text, readable_clue_text
from nonostudio.core.errors import PuzzleError
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import Hints
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Clues, Puzzle, min_length
from nonostudio.core.solver import Verdict, solve

MISSING = "missing line"
DOUBLED = "doubled line"
#: An empty line typed that the puzzle does not have (a blank line or a separator too many;
#: looked for in black-and-white clues here and in colour clues, :mod:`.colour_lines`).
EXTRA = "extra line"
#: A line typed on the wrong side of where the rows end and the columns begin: the last row
#: typed as the first column (a puzzle string's ``-`` one clue early), or the first column as
#: the last row (one clue late).
MOVED = "moved line"
#: Two lines' clues typed as one (a puzzle string's ``17:18`` typed ``17,18``), and one line's
#: clue typed as two (``2,3`` typed ``2:3``): looked for in :mod:`.separators`.
RUN_TOGETHER = "lines run together"
CUT_IN_TWO = "line cut in two"
#: The ``rows`` and ``columns`` headings of a file given the wrong way round: the lines under
#: ``rows`` are the columns (as many as the declared width) and those under ``columns`` the rows.
HEADINGS_SWAPPED = "headings swapped"
#: The width and height a file declares given the wrong way round: its sections are as headed.
SIZE_SWAPPED = "size swapped"
#: The two readings of a file whose sections each fit the other side's size.
SWAPS = (HEADINGS_SWAPPED, SIZE_SWAPPED)
#: How each reading of a swap is named, first in its fix's words.
SWAP_WORDS = {
    HEADINGS_SWAPPED: "the row and column clues swapped",
    SIZE_SWAPPED: "the width and height swapped",
}
#: Row clues and column clues.
Clues2 = tuple[Clues, Clues]
#: Seconds a swap's solve may take to count its pictures (the swap is offered either way).
SWAP_SOLVE_S = 2.0
#: Pictures looked at per place of a missing line (each another clue for it) at the most.
MOST_PICTURES = 4


@dataclass(frozen=True)
class LineFix:
    """A line put back (``MISSING``: ``clue`` becomes line ``index`` of ``axis``, the lines from
    there on move one on) or dropped (``DOUBLED``: line ``index``, equal to line ``index + 1``;
    ``EXTRA``: line ``index``, empty), and the clues it leaves, which make exactly one
    picture."""

    kind: str
    axis: str
    index: int
    clue: Hints
    rows: Clues
    cols: Clues
    line_solvable: bool
    #: Whether the clues with the fix make exactly one picture (always, but for a swap:
    #: :func:`swap_fixes` offers the two readings of the file whatever their pictures).
    unique: bool = True
    #: Whether the pictures were counted (a swap's solve may be cut short: :data:`SWAP_SOLVE_S`).
    counted: bool = True
    #: The two clues of :data:`RUN_TOGETHER` (the lines ``index`` and ``index + 1`` made of
    #: ``clue``) and of :data:`CUT_IN_TWO` (the lines typed, ``clue`` the line made of them).
    parts: tuple[Hints, ...] = ()

    def text(self) -> str:
        """The fix in words: ``row clues: 19 lines; one seems to be missing after row 7: with
        3 3 2 1 1 put in as row 8, the clues make one picture``."""
        return _place_text([self])

    def clue_words(self) -> str:
        """The clue put back or dropped, as typed (``3 3 2 1 1``; "" for an empty line)."""
        return clue_to_text(self.clue) if self.clue else ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind, axis, line`` (1-based), ``clue``, ``line_solvable``, ``text``."""
        return {
            "kind": self.kind,
            "axis": self.axis,
            "line": self.index + 1,
            "clue": clue_to_text(self.clue),
            "line_solvable": self.line_solvable,
            "text": self.text(),
        }


class WholeLineFix(Protocol):
    """What the words of a line fix need: a black-and-white :class:`LineFix` or a colour one
    (:class:`~nonostudio.analysis.typos.colour_lines.ColourLineFix`)."""

    @property
    def kind(self) -> str: ...
    @property
    def axis(self) -> str: ...
    @property
    def index(self) -> int: ...
    @property
    def rows(self) -> Sequence[Any]: ...
    @property
    def cols(self) -> Sequence[Any]: ...
    @property
    def line_solvable(self) -> bool: ...
    def clue_words(self) -> str: ...


def _place_text(fixes: Sequence[WholeLineFix], head: bool = True) -> str:
    """The fixes at one place (same kind, axis and line; a missing line's clues differ) in
    words; ``head``: starting with how many lines the axis has (said once per axis)."""
    first = fixes[0]
    if first.kind in SWAPS:
        return _swap_text(first)
    axis, n = first.axis, first.index + 1
    lines = len(first.rows if axis == "row" else first.cols)
    size = f"the clues ({len(first.rows)} rows, {len(first.cols)} columns)"
    how = "one picture"
    if all(f.line_solvable for f in fixes):
        how += ", line-solvable"
    if first.kind == EXTRA:
        counted = f"{axis} clues: {lines + 1} lines; " if head else ""
        return (
            f"{counted}{axis} {n} is empty and seems to be one too many (a blank line or a "
            f"separator typed twice): without it, {size} make {how}"
        )
    if first.kind == MOVED:
        typed = "column 1" if axis == "row" else f"row {len(first.rows) + 1}"
        where = "late" if axis == "column" else "early"
        return (
            f"{axis} {n}'s clue {first.clue_words() or '0'} seems typed as {typed} (where the "
            f"rows end and the columns begin, one clue too {where}): with it as {axis} {n}, "
            f"{size} make {how}"
        )
    if first.kind in (RUN_TOGETHER, CUT_IN_TWO) and isinstance(first, LineFix):
        one, two = (clue_to_text(p) for p in first.parts)
        if first.kind == RUN_TOGETHER:
            return (
                f"{axis} {n}'s clue {first.clue_words()} seems to be two {axis}s' clues run "
                f"together: with {one} as {axis} {n} and {two} as {axis} {n + 1}, {size} make "
                f"{how}"
            )
        return (
            f"{axis}s {n} and {n + 1} ({one} and {two}) seem to be one {axis}'s clue cut in "
            f"two: with {first.clue_words()} as {axis} {n}, {size} make {how}"
        )
    if first.kind == DOUBLED:
        counted = f"{axis} clues: {lines + 1} lines; " if head else ""
        return (
            f"{counted}{axis} {n}'s clue {first.clue_words()} seems to be typed twice "
            f"({axis}s {n} and {n + 1}): without one of them, {size} make {how}"
        )
    where = f"after {axis} {n - 1}" if n > 1 else f"before {axis} 1"
    clues = [f.clue_words() or f"an empty {axis}" for f in fixes]
    clue = clues[0] + "".join(f" (or {c})" for c in clues[1:])
    counted = f"{axis} clues: {_lines(lines - 1)}; one seems" if head else f"a {axis} seems"
    return f"{counted} to be missing {where}: with {clue} put in as {axis} {n}, {size} make {how}"


def _swap_text(fix: WholeLineFix) -> str:
    """A swap in words: ``the row and column clues swapped: with the 20 lines given as rows
    taken as the columns and the 15 given as columns as the rows, the clues (15 rows, 20
    columns, the size declared) make one picture`` (a ``.non``'s headings, a ``.mk``'s sections
    typed the wrong way round); ``the width and height swapped: with the clues as given (20
    rows, 15 columns: width 15, height 20), they make one picture``."""
    rows, cols = len(fix.rows), len(fix.cols)
    how = "one picture" if getattr(fix, "unique", True) else "more than one picture"
    if not getattr(fix, "counted", True):
        how = f"a puzzle (its pictures not counted within {SWAP_SOLVE_S:g} s)"
    elif fix.line_solvable:
        how += ", line-solvable"
    if fix.kind == HEADINGS_SWAPPED:
        return (
            f"{SWAP_WORDS[HEADINGS_SWAPPED]}: with the {cols} lines given as rows taken as "
            f"the columns and the {rows} given as columns as the rows, the clues ({rows} rows, "
            f"{cols} columns, the size declared) make {how}"
        )
    return (
        f"{SWAP_WORDS[SIZE_SWAPPED]}: with the clues as given ({rows} rows, {cols} columns: "
        f"width {cols}, height {rows}), they make {how}"
    )


def swap_fixes(
    rows: Clues,
    cols: Clues,
    size: tuple[int, int],
    deadline: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[list[LineFix], bool]:
    """The two readings of clues whose sections each have as many lines as the other side of
    the declared ``size`` (width, height): the ``rows`` and ``columns`` headings swapped (the
    sections exchanged, the size kept) or the width and height swapped (the sections as headed).
    The two pictures are each other's transpose, equally likely from the clues alone, so both
    are offered (none when the clues make no picture either way, or ``size`` is not such a
    swap), and whether the question was decided (False when stopped).  Their pictures are
    counted for the words within :data:`SWAP_SOLVE_S` at most: a swap needs no search to be
    offered (Faase, 80x95, swapped: nothing was offered after the 30 s the solve took)."""
    readings = swap_readings(rows, cols, size)
    if not readings:
        return [], True
    limit = SWAP_SOLVE_S
    if deadline is not None:
        limit = min(limit, max(deadline - time.perf_counter(), 0.01))
    try:
        puzzle = Puzzle(rows, cols)
    except PuzzleError:
        return [], True  # totals differ or a clue too long: more than a swap is wrong
    result = solve(puzzle, time_limit=limit, should_stop=should_stop)
    if should_stop is not None and should_stop():
        return [], False
    if result.verdict is Verdict.NO_SOLUTION:
        return [], True
    line = result.verdict is Verdict.UNIQUE_LINE
    unique = result.verdict.is_unique
    counted = result.verdict is not Verdict.UNDECIDED
    return [
        LineFix(kind, "row", 0, (), r, c, line, unique, counted) for kind, r, c in readings
    ], True


def swap_readings(
    rows: Clues, cols: Clues, size: tuple[int, int]
) -> list[tuple[str, Clues, Clues]]:
    """The two readings :func:`swap_fixes` offers, as (kind, rows, columns), their pictures not
    counted (no solve): the sections exchanged (:data:`HEADINGS_SWAPPED`) and the size exchanged
    (:data:`SIZE_SWAPPED`); none when ``size`` (width, height) is not such a swap."""
    width, height = size
    if width == height or (len(rows), len(cols)) != (width, height):
        return []
    return [(HEADINGS_SWAPPED, cols, rows), (SIZE_SWAPPED, rows, cols)]


def typed_swap(
    rows: Sequence[Sequence[int]], cols: Sequence[Sequence[int]], size: tuple[int, int]
) -> bool:
    """Whether clues typed for ``size`` (width, height) seem to be the rows' and the columns'
    typed into each other's places: as many row clues as the width and column clues as the
    height (not square), and read so a consistent puzzle (equal totals, every clue fitting its
    line): then :func:`swap_fixes` offers its two readings.  A swap with another mistake is
    not one (the clue texts' own messages say the counts)."""
    rows_t = tuple(tuple(int(v) for v in r) for r in rows)
    cols_t = tuple(tuple(int(v) for v in c) for c in cols)
    if not swap_readings(rows_t, cols_t, size):
        return False
    try:
        Puzzle(rows_t, cols_t)
    except PuzzleError:
        return False
    return True


def typed_swap_clues(rows_text: str, cols_text: str, size: tuple[int, int]) -> Clues2 | None:
    """The clues of the editor's two clue texts typed for ``size`` (width, height) when they
    are a :func:`typed_swap` (the rows' box holding a line per column, the columns' a line per
    row), as typed (the rows' box's lines as rows); None otherwise.  Each text was "No puzzle
    to check", as two line counts off by more than one are."""
    width, height = size
    rows = readable_clue_text(rows_text, "row", width, height)
    cols = readable_clue_text(cols_text, "column", height, width)
    if rows is None or cols is None or not typed_swap(rows, cols, size):
        return None
    return rows, cols


def _lines(count: int) -> str:
    return f"{count} line" if count == 1 else f"{count} lines"


def fixes_text(fixes: Sequence[WholeLineFix], count: int = 3) -> str:
    """The fixes in sentences (those at the ``count`` first places), for where the typo search
    says why no single edit is offered; black-and-white or colour ones."""
    places: dict[tuple[str, str, int], list[WholeLineFix]] = {}
    told: list[tuple[str, str]] = []  # the kinds and axes whose count was said
    for fix in fixes:
        places.setdefault((fix.kind, fix.axis, fix.index), []).append(fix)
    said = []
    for (kind, axis, _), group in places.items():
        said.append(_place_text(group, head=not any(k == (kind, axis) for k in told)))
        told.append((kind, axis))
    more = f" ({len(said)} places fit; {count} shown)" if len(said) > count else ""
    text = "; or ".join(said[:count])
    return f"{text[:1].upper()}{text[1:]}{more}." if said else ""


def line_count_fixes(
    rows: Clues,
    cols: Clues,
    deadline: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[list[LineFix], bool]:
    """The missing, doubled and extra empty lines whose fix makes the clues one picture,
    line-solvable first, and whether every place was decided (False when stopped or past
    ``deadline``)."""
    found: list[LineFix] = []
    complete = True
    for axis in ("row", "column"):
        done = _missing(axis, rows, cols, deadline, should_stop, found)
        done &= _doubled(axis, rows, cols, deadline, should_stop, found)
        complete &= done
    found.sort(key=lambda f: not f.line_solvable)
    # a clue put back beside an equal line makes the same clues at either place: said once
    seen: set[tuple[Clues, Clues]] = set()
    unique = []
    for fix in found:
        if (fix.rows, fix.cols) not in seen:
            seen.add((fix.rows, fix.cols))
            unique.append(fix)
    return unique, complete


def moved_fixes(
    rows: Clues,
    cols: Clues,
    deadline: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[list[LineFix], bool]:
    """The line typed on the wrong side of where the rows end (a puzzle string's ``-`` one clue
    early or late, the last row taken for the first column or the first column for the last
    row) whose moving back makes one picture, and whether each was decided.  Tried only where
    the totals come out equal and every clue fits (one solve each at most): the lines keep
    their order, so the rows and columns typed elsewhere are as the book has them."""
    found: list[LineFix] = []
    tries = []
    if len(cols) > 1:  # the last row typed after the '-': the first column is that row
        tries.append(("row", len(rows), (*rows, cols[0]), cols[1:]))
    if len(rows) > 1:  # the first column typed before the '-': the last row is that column
        tries.append(("column", 0, rows[:-1], (rows[-1], *cols)))
    for axis, index, new_rows, new_cols in tries:
        if sum(map(sum, new_rows)) != sum(map(sum, new_cols)):
            continue
        if any(min_length(c) > len(new_cols) for c in new_rows) or any(
            min_length(c) > len(new_rows) for c in new_cols
        ):
            continue
        if _out_of_time(deadline, should_stop):
            return found, False
        limit = None if deadline is None else max(deadline - time.perf_counter(), 0.01)
        result = solve(Puzzle(new_rows, new_cols), time_limit=limit, should_stop=should_stop)
        if result.verdict is Verdict.UNDECIDED:
            return found, False
        if result.verdict.is_unique:
            clue = new_rows[index] if axis == "row" else new_cols[index]
            line = result.verdict is Verdict.UNIQUE_LINE
            found.append(LineFix(MOVED, axis, index, clue, new_rows, new_cols, line))
    return found, True


def doubled_fixes(
    rows: Clues,
    cols: Clues,
    deadline: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[list[LineFix], bool]:
    """The lines typed twice (a line equal to the next, its clue's total the surplus of its
    side's totals) whose dropping makes one picture, and whether each was decided: looked for
    beside single edits that make the puzzle unique, since a changed number that makes up the
    totals often does too (a row of 2 4 typed twice: 'row 1: 8 -> 2' alone was offered), and
    each costs one solve at most."""
    found: list[LineFix] = []
    complete = True
    for axis in ("row", "column"):
        complete &= _doubled(axis, rows, cols, deadline, should_stop, found, extra=False)
    found.sort(key=lambda f: not f.line_solvable)
    return found, complete


def _cut(axis: str, rows: Clues, cols: Clues) -> tuple[Clues, Clues]:
    """``(the lines of axis, the crossing lines)``."""
    return (rows, cols) if axis == "row" else (cols, rows)


def _whole(axis: str, lines: Clues, crossing: Clues) -> tuple[Clues, Clues]:
    """``(rows, cols)`` from the lines of ``axis`` and the crossing ones."""
    return (lines, crossing) if axis == "row" else (crossing, lines)


def _out_of_time(deadline: float | None, should_stop: StopCallback | None) -> bool:
    if should_stop is not None and should_stop():
        return True
    return deadline is not None and time.perf_counter() > deadline


def _line_solvable(rows: Clues, cols: Clues) -> bool:
    state = GridState(Puzzle(rows, cols))
    try:
        state.propagate()
    except Contradiction:
        return False
    return state.is_solved()


def _missing(
    axis: str,
    rows: Clues,
    cols: Clues,
    deadline: float | None,
    should_stop: StopCallback | None,
    found: list[LineFix],
) -> bool:
    """Add to ``found`` each place of ``axis`` where a line put back makes one picture."""
    lines, crossing = _cut(axis, rows, cols)
    cells = sum(map(sum, crossing)) - sum(map(sum, lines))  # what the missing line holds
    room = len(crossing)
    grown = len(lines) + 1
    if not 0 <= cells <= room or any(min_length(c) > grown for c in crossing):
        return True
    if any(min_length(c) > room for c in lines):
        return True
    from nonostudio.analysis.typos.deciding import _IncrementalSat

    try:
        sat = _IncrementalSat(*_whole(axis, (*lines, ()), crossing))
    except ImportError:  # without python-sat (a dependency) no line is put back
        return False
    other = "column" if axis == "row" else "row"
    try:
        fixed = [sat._selector(other, k, clue) for k, clue in enumerate(crossing)]
        for place in range(grown):
            if _out_of_time(deadline, should_stop):
                return False
            held = [
                sat._selector(axis, k if k < place else k + 1, clue) for k, clue in enumerate(lines)
            ]
            line_cells = _cells(axis, place, sat.width, sat.height)
            seen: set[Hints] = set()
            others = sat.formula.new_vars(1)  # assumed: the arrangements seen kept out
            for _ in range(MOST_PICTURES):
                answer = sat._solve([*fixed, *held, others], deadline, should_stop)
                if answer is None:
                    return False
                if not answer:
                    break
                model = sat.solver.get_model()
                filled = [model[v - 1] > 0 for v in line_cells]
                clue = _clue_of(filled)
                if clue not in seen:
                    seen.add(clue)
                    unique = _only_picture(
                        sat, [*fixed, *held], axis, place, clue, model, deadline, should_stop
                    )
                    if unique is None:
                        return False
                    if unique:
                        new = (*lines[:place], clue, *lines[place:])
                        whole = _whole(axis, new, crossing)
                        found.append(
                            LineFix(MISSING, axis, place, clue, *whole, _line_solvable(*whole))
                        )
                # the next picture with another arrangement of this line
                sat.solver.add_clause([-others, *_differ(model, line_cells)])
    finally:
        sat.close()
    return True


def _differ(model: list[int], cells: list[int]) -> list[int]:
    """A clause true when some cell of ``cells`` differs from ``model``."""
    return [-model[v - 1] for v in cells]


def _cells(axis: str, index: int, width: int, height: int) -> list[int]:
    """The SAT variables of line ``index`` of ``axis``."""
    if axis == "row":
        return [index * width + c + 1 for c in range(width)]
    return [r * width + index + 1 for r in range(height)]


def _clue_of(filled: list[bool]) -> Hints:
    """The clue of a line's cells."""
    out: list[int] = []
    run = 0
    for cell in [*filled, False]:
        if cell:
            run += 1
        elif run:
            out.append(run)
            run = 0
    return tuple(out)


def _only_picture(
    sat: Any,
    assumptions: list[int],
    axis: str,
    place: int,
    clue: Hints,
    model: list[int],
    deadline: float | None,
    should_stop: StopCallback | None,
) -> bool | None:
    """Whether ``model`` is the only picture with ``clue`` at ``place`` (None: undecided)."""
    everything = [*assumptions, sat._selector(axis, place, clue)]
    guard = sat.formula.new_vars(1)
    cells = sat.width * sat.height
    sat.solver.add_clause([-guard, *(-model[v] for v in range(cells))])
    second = sat._solve([*everything, guard], deadline, should_stop)
    sat.solver.add_clause([-guard])  # the blocking clause was for this question only
    return None if second is None else not second


def _doubled(
    axis: str,
    rows: Clues,
    cols: Clues,
    deadline: float | None,
    should_stop: StopCallback | None,
    found: list[LineFix],
    extra: bool = True,
) -> bool:
    """Add to ``found`` each line equal to the next, and (``extra``) each empty line when the
    totals are equal (``EXTRA``), whose dropping makes one picture."""
    lines, crossing = _cut(axis, rows, cols)
    surplus = sum(map(sum, lines)) - sum(map(sum, crossing))
    shorter = len(lines) - 1
    if not shorter or any(min_length(c) > shorter for c in crossing):
        return True
    if any(min_length(c) > len(crossing) for c in lines):
        return True  # a clue of this axis too long for its line: no dropped line mends that
    for k in range(shorter):
        if lines[k] != lines[k + 1] or sum(lines[k]) != surplus:
            continue
        if k and lines[k - 1] == lines[k]:
            continue  # the same clues as dropping the one before
        if not _dropped(DOUBLED, axis, k, lines, crossing, deadline, should_stop, found):
            return False
    if surplus or not extra:
        return True
    for k in range(len(lines)):  # an empty line too many (a run of them: tried above)
        if lines[k] or (k and not lines[k - 1]) or (k + 1 < len(lines) and not lines[k + 1]):
            continue
        if not _dropped(EXTRA, axis, k, lines, crossing, deadline, should_stop, found):
            return False
    return True


def _dropped(
    kind: str,
    axis: str,
    k: int,
    lines: Clues,
    crossing: Clues,
    deadline: float | None,
    should_stop: StopCallback | None,
    found: list[LineFix],
) -> bool:
    """Add to ``found`` line ``k`` dropped (as ``kind``) when that makes one picture; False
    when undecided (stopped or out of time)."""
    if _out_of_time(deadline, should_stop):
        return False
    whole = _whole(axis, (*lines[:k], *lines[k + 1 :]), crossing)
    limit = None if deadline is None else max(deadline - time.perf_counter(), 0.01)
    result = solve(Puzzle(*whole), time_limit=limit, should_stop=should_stop)
    if result.verdict is Verdict.UNDECIDED:
        return False
    if result.verdict.is_unique:
        found.append(
            LineFix(kind, axis, k, lines[k], *whole, result.verdict is Verdict.UNIQUE_LINE)
        )
    return True
