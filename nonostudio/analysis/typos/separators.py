"""Two lines' clues typed as one, or one line's clue typed as two: a puzzle string's separator
between lines typed as the one between numbers (``17:18`` typed ``17,18``) or the other way.

Either shifts every later line by one and keeps the totals, so no single edit of a clue and no
line put back or dropped mends it: ``17,18`` in a 25-cell row was "No single edit of one clue
makes the totals equal with every clue fitting".  :func:`separator_fixes` tries each clue of
two or more numbers cut in two at each place (:data:`RUN_TOGETHER`) and each two neighbouring
lines, neither empty, joined (:data:`CUT_IN_TWO`), and keeps those that make one picture (one
solve each).
"""

from __future__ import annotations

import time

from nonostudio.analysis.typos.lines import (
    CUT_IN_TWO,
    RUN_TOGETHER,
    LineFix,
    _cut,
    _out_of_time,
    _whole,
)
from nonostudio.core.line import Hints
from nonostudio.core.progress import StopCallback
from nonostudio.core.puzzle import Clues, Puzzle, min_length
from nonostudio.core.solver import Verdict, solve


def separator_fixes(
    rows: Clues,
    cols: Clues,
    deadline: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[list[LineFix], bool]:
    """The clues cut in two or neighbouring lines joined whose clues make one picture,
    line-solvable first, and whether each was decided (False when stopped or past
    ``deadline``).  Tried only when the totals are equal (neither mistake changes them)."""
    if sum(map(sum, rows)) != sum(map(sum, cols)):
        return [], True
    found: list[LineFix] = []
    for axis in ("row", "column"):
        lines, crossing = _cut(axis, rows, cols)
        for kind, index, clue, parts, new in _readings(lines):
            if any(min_length(c) > len(crossing) for c in new) or any(
                min_length(c) > len(new) for c in crossing
            ):
                continue
            if _out_of_time(deadline, should_stop):
                return found, False
            whole = _whole(axis, new, crossing)
            limit = None if deadline is None else max(deadline - time.perf_counter(), 0.01)
            result = solve(Puzzle(*whole), time_limit=limit, should_stop=should_stop)
            if result.verdict is Verdict.UNDECIDED:
                return found, False
            if result.verdict.is_unique:
                line = result.verdict is Verdict.UNIQUE_LINE
                found.append(LineFix(kind, axis, index, clue, *whole, line, parts=parts))
    found.sort(key=lambda f: not f.line_solvable)
    return found, True


def _readings(
    lines: Clues,
) -> list[tuple[str, int, Hints, tuple[Hints, ...], Clues]]:
    """Each other reading of ``lines``: ``(kind, index, the clue typed or made, the parts,
    the lines so read)``; a clue cut in two (its parts the two lines' clues) or two lines
    joined (its parts the two typed)."""
    out: list[tuple[str, int, Hints, tuple[Hints, ...], Clues]] = []
    for k, clue in enumerate(lines):
        for j in range(1, len(clue)):
            parts = (clue[:j], clue[j:])
            out.append((RUN_TOGETHER, k, clue, parts, (*lines[:k], *parts, *lines[k + 1 :])))
    for k in range(len(lines) - 1):
        if lines[k] and lines[k + 1]:
            joined = lines[k] + lines[k + 1]
            parts = (lines[k], lines[k + 1])
            out.append((CUT_IN_TWO, k, joined, parts, (*lines[:k], joined, *lines[k + 2 :])))
    return out
