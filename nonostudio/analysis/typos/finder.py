"""The typo search: what is wrong with a puzzle's clues, and the single edits that put it right,
ranked, with a confidence.

:func:`find_typos` diagnoses the clues (a clue too long for its line, unequal totals, no solution,
several), tries every candidate edit (:mod:`nonostudio.analysis.typos.edits`) on the likeliest
first, decides each edited puzzle (:mod:`nonostudio.analysis.typos.deciding`) and ranks them:
unique first, then line-solvable, then the likelier typo.  The confidence of an edit is its share
of the weight of all the edits that make the puzzle unique (docs/design/typos.md).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from nonostudio.analysis.typos.contradiction import broken_line
from nonostudio.analysis.typos.deciding import EditDecider
from nonostudio.analysis.typos.edits import (
    MOVE,
    Edit,
    EditPair,
    balanced_edits,
    candidate_edits,
    too_long,
    unbalanced_edits,
    weight,
)
from nonostudio.analysis.typos.lines import (
    LineFix,
    doubled_fixes,
    fixes_text,
    line_count_fixes,
    moved_fixes,
    swap_fixes,
)
from nonostudio.core.clue_text import clue_to_text
from nonostudio.core.counts import count
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count
from nonostudio.core.puzzle import Clues, Puzzle, min_length
from nonostudio.core.solver import Verdict, solve

#: A line-solvable correction is this much likelier (puzzles in books are made to be solved by
#: line logic).
LINE_SOLVABLE_FACTOR = 3.0
#: Seconds the SAT search may spend on one edited puzzle that line logic leaves stuck.
SEARCH_LIMIT = 1.0
#: Seconds for the whole search by default (what was found by then is reported).
TIME_LIMIT = 30.0

TWO_TYPOS = "Perhaps two typos: after one of these edits, one more clue edit could give a solution:"
PAIRS = "Perhaps two typos:"
#: How many of the likeliest pairs of first-of-two edits are decided at the most.
MOST_PAIRS = 2_000

UNIQUE = "unique"
NO_SOLUTION = "no solution"
MULTIPLE = "multiple solutions"
UNDECIDED = "undecided"
UNEQUAL_TOTALS = "unequal totals"
TOO_LONG = "clue too long"
LINE_COUNT = "line count"

T = TypeVar("T")


@dataclass(frozen=True)
class Suggestion:
    """An edit, the verdict of the puzzle it makes, and how sure the search is of it.

    ``weight`` is the edit's :func:`~nonostudio.analysis.typos.edits.weight`, times
    :data:`LINE_SOLVABLE_FACTOR` when line logic solves the edited puzzle; ``confidence`` is its
    share of the weight of all edits that make the puzzle unique (0 for one that does not).
    ``one_more_typo`` marks an edit after which the puzzle has no solution but would have one
    with one more line's clue left out (looked for only when no edit makes the puzzle unique):
    it may be one of two typos, and its ``confidence`` is its share among those edits.  An
    :class:`EditPair` edit is two such edits that together make the puzzle unique; its
    ``confidence`` is its share among those pairs.
    """

    edit: Edit | EditPair
    verdict: Verdict
    line_solvable: bool
    weight: float
    confidence: float = 0.0
    one_more_typo: bool = False

    @property
    def unique(self) -> bool:
        return self.verdict.is_unique

    @property
    def is_pair(self) -> bool:
        """Two edits, made together (:class:`EditPair`)."""
        return isinstance(self.edit, EditPair)

    def text(self) -> str:
        """``row 7: 3 → 2 (3 1 becomes 2 1): unique, line-solvable, confidence 82%``."""
        if self.is_pair:
            return (
                f"{self.edit.text()}: together {self.verdict.label}, "
                f"confidence {self.confidence:.0%}"
            )
        if self.one_more_typo:
            return (
                f"{self.edit.text()}: then one more clue to fix, confidence {self.confidence:.0%}"
            )
        sure = f", confidence {self.confidence:.0%}" if self.unique else ""
        return f"{self.edit.text()}: {self.verdict.label}{sure}"

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``line, kind, before, after, verdict, line_solvable, confidence`` and
        the edit in words as ``text`` (a MOVE's two clues are joined by `` | ``); a pair (kind
        ``pair``) also has ``edits``, its two edits' own ``line, kind, before, after, text``."""
        edit = self.edit
        out: dict[str, Any] = {
            **_edit_fields(edit),
            "verdict": self.verdict.name.lower(),
            "line_solvable": self.line_solvable,
            "confidence": round(self.confidence, 4),
            "one_more_typo": self.one_more_typo,
        }
        if isinstance(edit, EditPair):
            out["edits"] = [_edit_fields(e) for e in edit.edits]
        return out


def _edit_fields(edit: Edit | EditPair) -> dict[str, Any]:
    return {
        "line": edit.line_name,
        "kind": edit.kind,
        "before": " | ".join(map(clue_to_text, edit.before)),
        "after": " | ".join(map(clue_to_text, edit.after)),
        "text": edit.text(),
    }


@dataclass
class TypoReport:
    """What is wrong with the clues and the ranked suggestions.

    ``problem_kind`` is one of :data:`UNIQUE` (nothing to find), :data:`NO_SOLUTION`,
    :data:`MULTIPLE`, :data:`UNDECIDED`, :data:`UNEQUAL_TOTALS`, :data:`TOO_LONG`,
    :data:`LINE_COUNT` (not as many clue lines as the declared size); ``problem`` says
    it in a sentence.  ``suggestions`` holds every edit tried, best first; ``complete`` is False
    when the search was cancelled or ran out of time before every edit was decided.
    """

    problem_kind: str
    problem: str
    suggestions: list[Suggestion] = field(default_factory=list)
    examined: int = 0
    candidates: int = 0
    complete: bool = True
    cancelled: bool = False
    seconds: float = 0.0
    #: A whole clue line put back or dropped that makes the clues one picture (looked for when
    #: no single edit makes the puzzle unique, or each one only moves or empties a line; beside
    #: other edits, only a line typed twice: :mod:`~nonostudio.analysis.typos.lines`).
    line_fixes: list[LineFix] = field(default_factory=list)
    #: Whether the sections each had as many lines as the other side of the declared size
    #: (rows and columns swapped; :func:`~nonostudio.analysis.typos.lines.swap_fixes`).
    swapped: bool = False

    @property
    def needs_fixing(self) -> bool:
        return self.problem_kind != UNIQUE

    def top(self, count: int = 3) -> list[Suggestion]:
        """The best ``count`` single edits among those that make the puzzle unique."""
        return [s for s in self.suggestions if s.unique and not s.is_pair][:count]

    def pairs(self, count: int = 3) -> list[Suggestion]:
        """The best ``count`` pairs of edits that together make the puzzle unique (looked for
        only when no single edit does)."""
        return [s for s in self.suggestions if s.unique and s.is_pair][:count]

    def pair_lines(self) -> str:
        """The lines the pairs that make the puzzle unique touch, in words (``rows 7 and 13,
        columns 16 and 17``): where to look in the book; "" without such pairs."""
        lines = {line for s in self.pairs(len(self.suggestions)) for line in s.edit.lines}
        return lines_text(lines)

    def pairs_text(self) -> str:
        """How many pairs make the puzzle unique and the lines to look at again in the book."""
        count = len(self.pairs(len(self.suggestions)))
        if count == 1:
            return f"{PAIRS} one pair of edits, made together, makes it unique:"
        return (
            f"{PAIRS} {count} pairs of edits, each pair made together, make it unique; they touch "
            f"{self.pair_lines()}: check those clues in the book. The likeliest:"
        )

    def first_of_two(self, count: int = 3) -> list[Suggestion]:
        """The best ``count`` edits that may be one of two typos (when none makes the puzzle
        unique)."""
        return [s for s in self.suggestions if s.one_more_typo][:count]

    def offered(self, count: int = 3) -> list[Suggestion]:
        """What to offer: :meth:`top`, or when it is empty :meth:`pairs`, or when that is
        empty too :meth:`first_of_two`."""
        return self.top(count) or self.pairs(count) or self.first_of_two(count)

    def as_dict(self, count: int = 5) -> dict[str, Any]:
        """The JSON form (the ``count`` best suggestions)."""
        return {
            "problem": self.problem_kind,
            "problem_text": self.problem,
            "suggestions": [s.as_dict() for s in self.offered(count)],
            "pairs": len(self.pairs(len(self.suggestions))),
            "pair_lines": self.pair_lines(),
            "tried": self.examined,
            "candidates": self.candidates,
            "complete": self.complete,
            "seconds": round(self.seconds, 6),
            "line_fixes": [f.as_dict() for f in self.line_fixes],
        }

    def text_lines(self, count: int = 3) -> list[str]:
        """The problem, then one line per suggestion (or why there is none)."""
        out = [self.problem]
        top = self.top(count)
        if top and self.line_fixes:  # (beside edits that only move an empty line: said first)
            edits = "one of these edits" if len(top) > 1 else "this edit"
            out.append(
                f"{fixes_text(self.line_fixes)} Or {edits}, which keeps the grid's size (it "
                "makes the puzzle unique too):"
            )
            out += [f"  {n}. {s.text()}" for n, s in enumerate(top, 1)]
        elif top:
            of = self.of_text(count)
            out.append(f"Likely typos (each edit alone makes the puzzle unique{of and '; ' + of}):")
            out += [f"  {n}. {s.text()}" for n, s in enumerate(top, 1)]
        elif self.needs_fixing:
            out.append(self.no_suggestion_text())
            pairs = self.pairs(count)
            two = self.first_of_two(count)
            if pairs:
                out.append(self.pairs_text())
                out += [f"  {n}. {s.text()}" for n, s in enumerate(pairs, 1)]
            elif two:
                of = self.of_text(count)
                out.append(f"{TWO_TYPOS[:-1]} ({of}):" if of else TWO_TYPOS)
                out += [f"  {n}. {s.text()}" for n, s in enumerate(two, 1)]
        return out

    def offered_count(self) -> int:
        """How many suggestions of the kind :meth:`offered` shows there are in all."""
        return len(self.offered(len(self.suggestions)))

    def of_text(self, count: int = 3) -> str:
        """``the 3 likeliest of 7`` when more suggestions of the kind offered were found than
        ``count`` are shown ('' otherwise): the typo may be one of those not listed."""
        every = self.offered_count()
        return f"the {count} likeliest of {every}" if every > count else ""

    def no_suggestion_text(self) -> str:
        """Why no suggestion is offered, in a sentence; a whole clue line left out or typed
        twice first, when putting it back or dropping it makes one picture."""
        if self.line_fixes:
            return fixes_text(self.line_fixes)
        if self.swapped and self.complete:
            return (
                "Neither with rows and columns exchanged do the clues make a picture: check "
                "the lines against the book."
            )
        if self.problem_kind == LINE_COUNT and self.complete:
            return (
                "No line put back or dropped makes the clues one picture: check the lines "
                "against the book."
            )
        if not self.candidates and self.complete and not self.cancelled:
            return (
                "No single edit of one clue applies here: a number changed, added or dropped "
                "would make the totals differ, and no two numbers or lines' clues can be swapped."
                if self.problem_kind in (NO_SOLUTION, MULTIPLE)
                else "No single edit of one clue makes the totals equal with every clue fitting."
            )
        return no_unique_edit_text(
            self.cancelled, self.complete, self.seconds, self.examined, self.candidates
        )


def no_unique_edit_text(
    cancelled: bool, complete: bool, seconds: float, examined: int, candidates: int
) -> str:
    """Why a typo search that tried ``candidates`` edits (some) offers none, in a sentence: it
    was stopped, ran out of time after ``examined``, or no edit made the puzzle unique."""
    if cancelled:
        return "The search for a mistyped clue was stopped."
    if not complete:
        return (
            f"No single edit found that makes the puzzle unique in {seconds:.1f} s "
            f"({examined} of {candidates} edits decided)."
        )
    return (
        f"No single edit of one clue makes the puzzle unique ({candidates} tried); "
        "there may be more than one typo."
    )


# --- what is wrong --------------------------------------------------------------------------------


def diagnose(
    rows: Clues,
    cols: Clues,
    time_limit: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[str, str, set[tuple[str, int]]]:
    """``(problem kind, the problem in a sentence, suspect lines)`` of the clues: the lines too
    long for their clue, the line where line logic breaks, or the lines where two solutions
    differ."""
    long = too_long(rows, cols)
    if long:
        axis, i = long[0]
        clue = (rows if axis == "row" else cols)[i]
        room = len(cols) if axis == "row" else len(rows)
        return (
            TOO_LONG,
            f"{axis} {i + 1}: the clue {clue_to_text(clue)} needs {min_length(clue)} cells but the "
            f"{axis} has only {room}.",
            set(long),
        )
    rsum, csum = sum(map(sum, rows)), sum(map(sum, cols))
    if rsum != csum:
        return (
            UNEQUAL_TOTALS,
            f"Row clues fill {rsum} cells but column clues fill {csum}; the totals must be equal.",
            set(),
        )
    puzzle = Puzzle(rows, cols)
    broken = broken_line(puzzle)
    if broken is not None:
        return NO_SOLUTION, f"No solution: {broken.text()}.", {(broken.axis, broken.index)}
    result = solve(puzzle, time_limit=time_limit, should_stop=should_stop)
    if result.verdict is Verdict.NO_SOLUTION:
        return NO_SOLUTION, "No solution (line logic alone finds no contradiction).", set()
    if result.verdict is Verdict.MULTIPLE:
        assert result.solution is not None and result.alternate is not None
        differ = result.solution != result.alternate
        suspects = {("row", int(r)) for r in differ.any(axis=1).nonzero()[0]}
        suspects |= {("column", int(c)) for c in differ.any(axis=0).nonzero()[0]}
        return MULTIPLE, "More than one picture fits these clues.", suspects
    if result.verdict is Verdict.UNDECIDED:
        return UNDECIDED, "The solver could not decide the puzzle in time.", set()
    return UNIQUE, "The puzzle has exactly one solution.", set()


# --- the search -----------------------------------------------------------------------------------


def find_typos(
    rows: Sequence[Sequence[int]],
    cols: Sequence[Sequence[int]],
    *,
    time_limit: float | None = TIME_LIMIT,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    size: tuple[int, int] | None = None,
    readings: Sequence[tuple[Sequence[Sequence[int]], Sequence[Sequence[int]]]] = (),
    separators: bool = False,
) -> TypoReport:
    """What is wrong with these clues and the single edits that make the puzzle unique, best
    first.  The clues need not make a valid :class:`Puzzle`: totals may differ and a clue may be
    too long for its line.  ``progress`` and ``should_stop`` follow
    :mod:`nonostudio.core.progress`; a cancelled or timed-out search reports what it found.
    ``size``, the ``(width, height)`` a file declares: when the clue lines are not as many, no
    edit of a clue mends them, and only a line put back or dropped is looked for.
    ``readings``: every way the same lines read at that size, ``(rows, cols)`` first, when
    more than one does (a ``.nin`` or CWD file's sections are not marked: a line left out may
    be a row or a column, :attr:`~nonostudio.core.formats.non.LineCountError.readings`); the
    line fixes of each are offered.  ``separators``: two lines' clues run together or one
    line's cut in two (:mod:`.separators`, a puzzle string's separators mistyped) are looked
    for too where the line fixes are (for the command line: the editor, a line per clue,
    cannot make those fixes)."""
    started = time.perf_counter()
    deadline = None if time_limit is None else started + time_limit
    rows_t: Clues = tuple(tuple(int(v) for v in r) for r in rows)
    cols_t: Clues = tuple(tuple(int(v) for v in c) for c in cols)
    if size is not None and size[0] != size[1] and size == (len(rows_t), len(cols_t)):
        return _swap_report(rows_t, cols_t, size, started, deadline, should_stop)
    if size is not None and size != (len(cols_t), len(rows_t)):
        every = [(_ints(r), _ints(c)) for r, c in readings] or [(rows_t, cols_t)]
        return _line_count_report(every, size, started, deadline, should_stop, separators)
    kind, words, suspects = diagnose(rows_t, cols_t, time_limit, should_stop)
    report = TypoReport(kind, words)
    if kind in (UNIQUE, UNDECIDED):
        report.complete = kind == UNIQUE
        report.seconds = time.perf_counter() - started
        return report
    edits = candidate_edits(rows_t, cols_t)
    # The likeliest edits first, those on suspect lines before the others: when the time runs
    # out, what was tried is what matters most.
    edits.sort(key=lambda e: (not suspects.intersection(e.lines), -weight(e)))
    report.candidates = len(edits)
    decider = EditDecider(rows_t, cols_t)
    found: list[Suggestion] = []
    pace = _Pace(deadline, should_stop, progress)
    try:
        for edit, limit in pace.walk(edits, "trying edit"):
            verdict, line_solvable = decider.decide(edit, limit, should_stop)
            if verdict is Verdict.UNDECIDED:
                report.complete = False
            else:
                report.examined += 1
            factor = LINE_SOLVABLE_FACTOR if line_solvable else 1.0
            found.append(Suggestion(edit, verdict, line_solvable, weight(edit) * factor))
        if pace.stopped or pace.timed_out:
            report.complete = False
            report.cancelled = pace.stopped
    finally:
        decider.close()
    # A line left out or typed twice shifts every later line: no single edit mends that.
    # Several solutions are common in puzzles that were never unique, where an empty line put
    # back says nothing.  Two typos are still looked for: a line fix is found for some pairs of
    # typos too (1 of 79 in bench_typos --two), and skipping them lost the true pair there.
    # An empty line too many (a separator typed twice) is often "mended" by moving it to an end
    # (exchanging it with its neighbours' clues): unique, but the grid keeps the extra line, so
    # the line fixes are looked for there too (as the colour search does).  So is a line typed
    # twice "mended" by emptying one copy: the picture with an empty line put in where the
    # copies meet fits (always at the last row or column), one line too many.
    unique = [s for s in found if s.unique]
    only_moves = bool(unique) and all(
        _moves_an_empty_line(s.edit) or _empties_a_line(s.edit) for s in unique
    )
    if (not unique or only_moves) and report.complete and kind != MULTIPLE:
        report.line_fixes, report.complete = line_count_fixes(rows_t, cols_t, deadline, should_stop)
        if report.complete:  # (a line on the wrong side of the '-': each side a line off)
            moved, report.complete = moved_fixes(rows_t, cols_t, deadline, should_stop)
            report.line_fixes += moved
        if report.complete and separators:
            from nonostudio.analysis.typos.separators import separator_fixes

            cut, report.complete = separator_fixes(rows_t, cols_t, deadline, should_stop)
            report.line_fixes += cut
    elif unique and report.complete and kind != MULTIPLE:
        report.line_fixes, report.complete = doubled_fixes(rows_t, cols_t, deadline, should_stop)
    # Two typos are looked for where the clues contradict themselves; several solutions are
    # common in puzzles that were never unique, and "one more line left out" says nothing there.
    if not any(s.unique for s in found) and report.complete and kind != MULTIPLE:
        others = unbalanced_edits(rows_t, cols_t)
        if sum(map(sum, rows_t)) != sum(map(sum, cols_t)):  # else they were tried above
            others += balanced_edits(rows_t, cols_t)
        unbalanced = [
            Suggestion(e, Verdict.NO_SOLUTION, False, weight(e))
            for e in others
            if not (kind == TOO_LONG and not suspects.intersection(e.lines))
        ]
        found = _first_of_two(found + unbalanced, decider, deadline, should_stop, progress)
        found += _pairs(rows_t, cols_t, found, decider, deadline, should_stop, progress)
    # Each edit's confidence is its share among its own kind: the edits (or the pairs) that make
    # the puzzle unique, or the edits that may be the first of two typos.
    unique_total = sum(s.weight for s in found if s.unique)
    first_total = sum(s.weight for s in found if s.one_more_typo)
    ranked = [
        replace(s, confidence=s.weight / (unique_total if s.unique else first_total))
        if s.unique or s.one_more_typo
        else s
        for s in found
    ]
    ranked.sort(
        key=lambda s: (
            not s.unique,
            s.is_pair,
            not s.line_solvable,
            not s.one_more_typo,
            -s.weight,
        )
    )
    report.suggestions = ranked
    report.seconds = time.perf_counter() - started
    report_count(progress, 1, 1, "typo search done")
    return report


def _moves_an_empty_line(edit: Edit | EditPair) -> bool:
    """Whether ``edit`` exchanges the clues of two lines, one of them empty."""
    return isinstance(edit, Edit) and edit.kind == MOVE and any(not c for c in edit.before)


def _empties_a_line(edit: Edit | EditPair) -> bool:
    """Whether ``edit`` drops the one number of a line's clue, leaving the line empty."""
    return (
        isinstance(edit, Edit) and edit.kind != MOVE and bool(edit.before[0]) and not edit.after[0]
    )


def _ints(clues: Sequence[Sequence[int]]) -> Clues:
    return tuple(tuple(int(v) for v in clue) for clue in clues)


def _line_count_report(
    readings: Sequence[tuple[Clues, Clues]],
    size: tuple[int, int],
    started: float,
    deadline: float | None,
    should_stop: StopCallback | None,
    separators: bool = False,
) -> TypoReport:
    """The report on clue lines not as many as the declared ``size`` says: the lines put back
    or dropped (:func:`line_count_fixes`), moved across (a heading a line off) or, with
    ``separators``, cut in two or joined, that give the clues that size and one picture, in
    each reading of the lines (a row's fixes in one, a column's in the other: the fix says
    which), line-solvable first."""
    fixes: list[LineFix] = []
    complete = True
    for rows, cols in readings:
        found, done = line_count_fixes(rows, cols, deadline, should_stop)
        if done and abs(len(rows) - size[1]) == 1 and len(rows) + len(cols) == sum(size):
            # a row short and a column long, or the other way: a heading a line early or
            # late, the last row read as the first column (or that column as the last row)
            moved, done = moved_fixes(rows, cols, deadline, should_stop)
            found += moved
        if separators and done and abs(len(rows) - size[1]) + abs(len(cols) - size[0]) == 1:
            # a line's clue typed over two lines, or two lines' clues on one
            from nonostudio.analysis.typos.separators import separator_fixes

            cut, done = separator_fixes(rows, cols, deadline, should_stop)
            found += cut
        fixes += [f for f in found if (len(f.cols), len(f.rows)) == size]
        complete &= done
    fixes.sort(key=lambda f: not f.line_solvable)  # (stable: each reading's order kept)
    # (a line left out where the rows end, equal to its neighbour across: both readings
    # may put back the same clues, said once)
    said: dict[tuple[Clues, Clues], LineFix] = {}
    for fix in fixes:
        said.setdefault((fix.rows, fix.cols), fix)
    fixes = list(said.values())
    rows, cols = readings[0]
    if len(readings) > 1:
        lines = len(rows) + len(cols)
        what = "left out" if lines < sum(size) else "typed twice or one too many"
        problem = (
            f"{count(lines, 'clue line')} for {count(size[1], 'row')} and "
            f"{count(size[0], 'column')}: a row or a column seems {what}, and the lines do not "
            "say where the rows end (both are looked for)."
        )
    else:
        problem = line_count_problem(len(rows), len(cols), size)
        problem += _size_typed_words(rows, cols, size, deadline, should_stop)
    return _line_report(TypoReport(LINE_COUNT, problem), fixes, complete, started, should_stop)


def _size_typed_words(
    rows: Clues,
    cols: Clues,
    size: tuple[int, int],
    deadline: float | None,
    should_stop: StopCallback | None,
) -> str:
    """`` The clues as typed (20 rows, 20 columns) make one picture: the width typed 21 for
    20?`` when the lines as typed, not as many as the declared ``size``, make one picture (the
    size mistyped, not a line: a width of 21 for 20 columns was told only of an empty column
    put back at either end); ``""`` otherwise or when undecided in time."""
    try:
        puzzle = Puzzle(rows, cols)
    except PuzzleError:
        return ""
    limit = SEARCH_LIMIT if deadline is None else max(deadline - time.perf_counter(), 0.01)
    result = solve(puzzle, time_limit=min(limit, SEARCH_LIMIT), should_stop=should_stop)
    if not result.verdict.is_unique:
        return ""
    how = "one picture, line-solvable" if result.verdict is Verdict.UNIQUE_LINE else "one picture"
    typed = [
        f"the {name} typed {want} for {found}"
        for name, found, want in (("width", len(cols), size[0]), ("height", len(rows), size[1]))
        if found != want
    ]
    return (
        f" The clues as typed ({count(len(rows), 'row')}, {count(len(cols), 'column')}) make "
        f"{how}: {' and '.join(typed)}?"
    )


def _swap_report(
    rows: Clues,
    cols: Clues,
    size: tuple[int, int],
    started: float,
    deadline: float | None,
    should_stop: StopCallback | None,
) -> TypoReport:
    """The report on sections that each have as many lines as the other side of the declared
    ``size``: the two readings with rows and columns exchanged (:func:`swap_fixes`)."""
    report = TypoReport(LINE_COUNT, swap_problem(len(rows), len(cols), size), swapped=True)
    fixes, complete = swap_fixes(rows, cols, size, deadline, should_stop)
    return _line_report(report, fixes, complete, started, should_stop)


def _line_report(
    report: TypoReport,
    fixes: list[LineFix],
    complete: bool,
    started: float,
    should_stop: StopCallback | None,
) -> TypoReport:
    """``report`` (of clue lines not as many as the declared size) given the line ``fixes``
    found, whether the search was ``complete``, whether it was stopped and its time."""
    report.line_fixes, report.complete = fixes, complete
    report.cancelled = should_stop is not None and should_stop()
    report.seconds = time.perf_counter() - started
    return report


def swap_problem(rows: int, cols: int, size: tuple[int, int]) -> str:
    """The problem of ``rows`` and ``cols`` clue lines each as many as the other side of the
    declared ``size`` (width, height): ``Row clues: 5 lines for a height of 10; column clues:
    10 lines for a width of 5: rows and columns seem swapped.``"""
    width, height = size
    return (
        f"Row clues: {count(rows, 'line')} for a height of {height}; column clues: "
        f"{count(cols, 'line')} for a width of {width}: rows and columns seem swapped."
    )


def line_count_problem(rows: int, cols: int, size: tuple[int, int]) -> str:
    """The problem of ``rows`` and ``cols`` clue lines where a file declares ``size`` (width,
    height): ``Row clues: 19 lines for a height of 20.``"""
    said = []
    for axis, found, want in (("row", rows, size[1]), ("column", cols, size[0])):
        if found != want:
            name = "height" if axis == "row" else "width"
            said.append(
                f"{axis.capitalize()} clues: {count(found, 'line')} for a {name} of {want}."
            )
    return " ".join(said)


def _limit(deadline: float | None) -> float:
    """When the puzzle tried now must be decided: :data:`SEARCH_LIMIT` from now, or the whole
    search's ``deadline`` if that comes first."""
    limit = time.perf_counter() + SEARCH_LIMIT
    return limit if deadline is None else min(limit, deadline)


@dataclass
class _Pace:
    """One search's pace: its items are tried in order until it is stopped or past its
    ``deadline``, with progress reported before each; :attr:`stopped` and :attr:`timed_out` say
    why a walk ended early."""

    deadline: float | None
    should_stop: StopCallback | None
    progress: ProgressCallback | None
    stopped: bool = False
    timed_out: bool = False

    def walk(self, items: Sequence[T], what: str) -> Iterator[tuple[T, float]]:
        """Each of ``items`` with the time by which it must be decided (:func:`_limit`), after
        reporting ``{what} {n} of {len(items)}``."""
        for done, item in enumerate(items):
            self.stopped = self.should_stop is not None and self.should_stop()
            self.timed_out = self.deadline is not None and time.perf_counter() > self.deadline
            if self.stopped or self.timed_out:
                return
            report_count(self.progress, done, len(items), f"{what} {done + 1} of {len(items)}")
            yield item, _limit(self.deadline)


def _first_of_two(
    found: list[Suggestion],
    decider: EditDecider,
    deadline: float | None,
    should_stop: StopCallback | None,
    progress: ProgressCallback | None,
) -> list[Suggestion]:
    """``found`` with :attr:`Suggestion.one_more_typo` set on the edits without a solution that
    one more line's clue left out would mend, the likeliest tried first."""
    order = sorted(
        (i for i, s in enumerate(found) if s.verdict is Verdict.NO_SOLUTION),
        key=lambda i: -found[i].weight,
    )
    out = list(found)
    for i, limit in _Pace(deadline, should_stop, progress).walk(order, "two typos? edit"):
        edit = out[i].edit
        assert isinstance(edit, Edit)  # no pairs yet
        if decider.one_more_typo(edit, limit, should_stop):
            out[i] = replace(out[i], one_more_typo=True)
    return out


def lines_text(lines: set[tuple[str, int]]) -> str:
    """``rows 7 and 13, column 16``: lines named by axis, in order (1-based)."""
    parts = []
    for axis in ("row", "column"):
        numbers = sorted(i + 1 for a, i in lines if a == axis)
        if numbers:
            names = ", ".join(map(str, numbers[:-1]))
            names = f"{names} and {numbers[-1]}" if names else str(numbers[-1])
            parts.append(f"{axis}{'s' if len(numbers) > 1 else ''} {names}")
    return ", ".join(parts)


def _pairs(
    rows: Clues,
    cols: Clues,
    found: list[Suggestion],
    decider: EditDecider,
    deadline: float | None,
    should_stop: StopCallback | None,
    progress: ProgressCallback | None,
) -> list[Suggestion]:
    """The pairs of first-of-two edits (on different lines) that together make the puzzle
    unique, likeliest pair first.  Each edit of a true pair of typos is a first of two (the other
    line left out, the true picture fits), so pairs are sought among those only; a pair must
    make the totals equal and leave its clues fitting."""
    firsts = [s.edit for s in found if s.one_more_typo and isinstance(s.edit, Edit)]
    diff = sum(map(sum, rows)) - sum(map(sum, cols))

    def change(edit: Edit) -> int:  # what the edit adds to the rows' total minus the columns'
        moved = sum(map(sum, edit.after)) - sum(map(sum, edit.before))
        return moved if edit.axis == "row" else -moved

    pairs = [
        EditPair(a, b)
        for i, a in enumerate(firsts)
        for b in firsts[i + 1 :]
        if not set(a.lines) & set(b.lines) and diff + change(a) + change(b) == 0
    ]
    pairs.sort(key=lambda p: -weight(p))
    out: list[Suggestion] = []
    for pair, limit in _Pace(deadline, should_stop, progress).walk(
        pairs[:MOST_PAIRS], "two typos? pair"
    ):
        verdict, line_solvable = decider.decide(pair, limit, should_stop)
        if verdict.is_unique:
            factor = LINE_SOLVABLE_FACTOR if line_solvable else 1.0
            out.append(Suggestion(pair, verdict, line_solvable, weight(pair) * factor))
    return out


def has_typo_search(error: PuzzleError) -> bool:
    """Whether ``error`` is clues that read but make no picture, which the typo finder can
    search (the reader kept the clues read: File > Open offers the likely fixes of such a
    file, and the library's import says so)."""
    return isinstance(error, InconsistentPuzzleError) and (
        error.clues is not None or error.colour_clues is not None
    )


def find_typos_in(puzzle: Puzzle, **options: Any) -> TypoReport:
    """:func:`find_typos` of a puzzle's clues."""
    return find_typos(puzzle.rows, puzzle.cols, **options)
