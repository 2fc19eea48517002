"""A whole colour clue line left out, or typed twice: the colour side of :mod:`.lines`.

A typist copying a colour puzzle skips a line (often an empty one) or types one twice; every
later line then holds its neighbour's clue and no single edit of one clue mends it (the colour
typo search said only "No single edit of one clue applies here").  :func:`colour_line_count_fixes`
tries

* a line put back at each place of the rows (and of the columns): the put-back line is left free
  (it is not encoded) and the other lines keep their clues, shifted; the colour SAT encoding
  (:func:`~nonostudio.core.colour.sat.encode_colour`) finds a picture, whose free line gives the
  missing clue, kept when the clues with it make exactly one picture (the colour solver says
  so).  Each colour's totals say how many
  cells of it the missing line holds, so an axis is tried only when none is negative and they fit
  the line; up to :data:`~nonostudio.analysis.typos.lines.MOST_PICTURES` arrangements of the free
  line are looked at per place;
* each line equal to the next one dropped (each colour's surplus must be that line's), decided
  the same way;
* an empty line dropped (``EXTRA``): a blank line too many in a ``.g`` or a separator typed twice
  reads as an empty line of its own, which leaves each colour's totals equal and shifts every
  later line (a ``.g`` with a blank line after row 4: "No solution ... No single edit of one
  clue makes the puzzle unique (145 tried)" before).

A fix is offered only when the clues with it make exactly one picture (docs/design/typos.md).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nonostudio.analysis.typos.colour_edits import clue_words
from nonostudio.analysis.typos.lines import (
    DOUBLED,
    EXTRA,
    MISSING,
    MOST_PICTURES,
    _place_text,
    fixes_text,
)
from nonostudio.core.colour.model import (
    ColourClue,
    ColourClues,
    Palette,
    line_clue,
    min_colour_length,
)
from nonostudio.core.colour.solver import solve_colour
from nonostudio.core.order_encoding import TRUE
from nonostudio.core.progress import StopCallback
from nonostudio.core.solver import Verdict

#: The time one place's question may take at the most (seconds), within the search's deadline.
PLACE_LIMIT = 2.0


@dataclass(frozen=True)
class ColourLineFix:
    """A colour line put back (``MISSING``: ``clue`` becomes line ``index`` of ``axis``, the
    lines from there on move one on) or dropped (``DOUBLED``: line ``index``, equal to line
    ``index + 1``; ``EXTRA``: line ``index``, empty), and the clues it leaves, which make exactly
    one picture."""

    kind: str
    axis: str
    index: int
    clue: ColourClue
    rows: ColourClues
    cols: ColourClues
    line_solvable: bool
    palette: Palette = field(compare=False, repr=False)

    def text(self) -> str:
        """The fix in words: ``row clues: 14 lines; one seems to be missing after row 4: with
        3a 1b put in as row 5, the clues (15 rows, 15 columns) make one picture``."""
        return _place_text([self])

    def clue_words(self) -> str:
        """The clue put back or dropped, in letters (``3a 1b``; "" for an empty line)."""
        return clue_words(self.clue, self.palette) if self.clue else ""

    def as_dict(self) -> dict[str, Any]:
        """The JSON form: ``kind, axis, line`` (1-based), ``clue``, ``line_solvable``, ``text``."""
        return {
            "kind": self.kind,
            "axis": self.axis,
            "line": self.index + 1,
            "clue": clue_words(self.clue, self.palette),
            "line_solvable": self.line_solvable,
            "text": self.text(),
        }


def colour_fixes_text(fixes: Sequence[ColourLineFix], count: int = 3) -> str:
    """The fixes in sentences (those at the ``count`` first places): :func:`.lines.fixes_text`."""
    return fixes_text(fixes, count)


def _totals(clues: ColourClues, ncolours: int) -> list[int]:
    out = [0] * ncolours
    for clue in clues:
        for n, c in clue:
            out[c] += n
    return out


def _whole(axis: str, lines: ColourClues, crossing: ColourClues) -> tuple[ColourClues, ColourClues]:
    return (lines, crossing) if axis == "row" else (crossing, lines)


def _out_of_time(deadline: float | None, should_stop: StopCallback | None) -> bool:
    if should_stop is not None and should_stop():
        return True
    return deadline is not None and time.perf_counter() > deadline


def _decide(
    whole: tuple[ColourClues, ColourClues],
    ncolours: int,
    deadline: float | None,
    should_stop: StopCallback | None,
) -> Verdict:
    """The verdict of the mended clues, within :data:`PLACE_LIMIT` and ``deadline``."""
    limit = PLACE_LIMIT
    if deadline is not None:
        limit = max(0.01, min(limit, deadline - time.perf_counter()))
    return solve_colour(*whole, ncolours, time_limit=limit, should_stop=should_stop).verdict


def colour_line_count_fixes(
    palette: Palette,
    rows: ColourClues,
    cols: ColourClues,
    deadline: float | None = None,
    should_stop: StopCallback | None = None,
) -> tuple[list[ColourLineFix], bool]:
    """The missing and doubled colour lines whose fix makes the clues one picture,
    line-solvable first, and whether every place was decided (False when stopped, past
    ``deadline``, or without python-sat)."""
    found: list[ColourLineFix] = []
    complete = True
    for axis in ("row", "column"):
        complete &= _missing(axis, palette, rows, cols, deadline, should_stop, found)
        complete &= _doubled(axis, palette, rows, cols, deadline, should_stop, found)
    found.sort(key=lambda f: not f.line_solvable)
    seen: set[tuple[ColourClues, ColourClues]] = set()
    unique = []
    for fix in found:  # a clue put back beside an equal line makes the same clues either way
        if (fix.rows, fix.cols) not in seen:
            seen.add((fix.rows, fix.cols))
            unique.append(fix)
    return unique, complete


def _missing(
    axis: str,
    palette: Palette,
    rows: ColourClues,
    cols: ColourClues,
    deadline: float | None,
    should_stop: StopCallback | None,
    found: list[ColourLineFix],
) -> bool:
    """Add to ``found`` each place of ``axis`` where a colour line put back makes one picture."""
    ncolours = len(palette)
    lines, crossing = (rows, cols) if axis == "row" else (cols, rows)
    have, want = _totals(lines, ncolours), _totals(crossing, ncolours)
    held = [w - h for h, w in zip(have, want, strict=True)][1:]  # each colour's missing cells
    room, grown = len(crossing), len(lines) + 1
    if any(h < 0 for h in held) or sum(held) > room:
        return True
    if any(min_colour_length(c) > grown for c in crossing):
        return True
    if any(min_colour_length(c) > room for c in lines):
        return True
    try:
        from pysat.solvers import Solver

        from nonostudio.core.colour.sat import encode_colour, line_starts
    except ImportError:  # without python-sat (a dependency) no line is put back
        return False
    full = (1 << ncolours) - 1
    for place in range(grown):
        if _out_of_time(deadline, should_stop):
            return False
        shifted: ColourClues = (*lines[:place], (), *lines[place:])
        all_rows, all_cols = _whole(axis, shifted, crossing)
        height, width = len(all_rows), len(all_cols)
        grid = [full] * (height * width)
        if axis == "row":
            free = list(range(place * width, (place + 1) * width))
        else:
            free = list(range(place, height * width, width))
        starts = line_starts(grid, all_rows, all_cols, ncolours)
        if starts is None:
            continue
        kept = [line for line in starts if line[1] != free]  # the put-back line is left free
        encoded = encode_colour(grid, all_rows, all_cols, ncolours, kept)
        if encoded is None:
            continue
        formula, lits = encoded
        seen: set[ColourClue] = set()
        with Solver(name="cadical195", bootstrap_with=formula.clauses) as solver:
            for _ in range(MOST_PICTURES):
                if _out_of_time(deadline, should_stop):
                    return False
                if not solver.solve():
                    break
                model = set(v for v in solver.get_model() if v > 0)
                colours = [_colour_of(lits[i], model) for i in free]
                clue = line_clue(colours)
                if clue not in seen:
                    seen.add(clue)
                    new: ColourClues = (*lines[:place], clue, *lines[place:])
                    whole = _whole(axis, new, crossing)
                    verdict = _decide(whole, ncolours, deadline, should_stop)
                    if verdict is Verdict.UNDECIDED:
                        return False
                    if verdict.is_unique:
                        found.append(
                            ColourLineFix(
                                MISSING,
                                axis,
                                place,
                                clue,
                                *whole,
                                verdict is Verdict.UNIQUE_LINE,
                                palette,
                            )
                        )
                # the next picture with another arrangement of the free line
                blocking = [-lits[i][c] for i, c in zip(free, colours, strict=True)]
                blocking = [b for b in blocking if abs(b) != TRUE]  # (decided cells)
                if not blocking:
                    break
                solver.add_clause(blocking)
    return True


def _colour_of(own: Sequence[int], model: set[int]) -> int:
    """The colour a cell's literals say in ``model``."""
    for c, lit in enumerate(own):
        if lit == TRUE or lit in model:
            return c
    return 0


def _doubled(
    axis: str,
    palette: Palette,
    rows: ColourClues,
    cols: ColourClues,
    deadline: float | None,
    should_stop: StopCallback | None,
    found: list[ColourLineFix],
) -> bool:
    """Add to ``found`` each colour line equal to the next, and each empty line, whose dropping
    makes one picture."""
    ncolours = len(palette)
    lines, crossing = (rows, cols) if axis == "row" else (cols, rows)
    have, want = _totals(lines, ncolours), _totals(crossing, ncolours)
    surplus = [h - w for h, w in zip(have, want, strict=True)]
    shorter = len(lines) - 1
    if not shorter or any(min_colour_length(c) > shorter for c in crossing):
        return True
    if any(min_colour_length(c) > len(crossing) for c in lines):
        return True
    for k in range(shorter):
        if lines[k] != lines[k + 1] or _totals((lines[k],), ncolours)[1:] != surplus[1:]:
            continue
        if k and lines[k - 1] == lines[k]:
            continue
        if not _dropped(DOUBLED, axis, k, palette, lines, crossing, deadline, should_stop, found):
            return False
    if any(surplus[1:]):
        return True
    for k in range(len(lines)):  # an empty line too many (a run of them: its first one)
        if lines[k] or (k and not lines[k - 1]) or (k + 1 < len(lines) and lines[k + 1] == ()):
            continue  # (beside another empty line it is a line typed twice, tried above)
        if not _dropped(EXTRA, axis, k, palette, lines, crossing, deadline, should_stop, found):
            return False
    return True


def _dropped(
    kind: str,
    axis: str,
    k: int,
    palette: Palette,
    lines: ColourClues,
    crossing: ColourClues,
    deadline: float | None,
    should_stop: StopCallback | None,
    found: list[ColourLineFix],
) -> bool:
    """Add to ``found`` line ``k`` dropped (as ``kind``) when that makes one picture; False
    when undecided (stopped or out of time)."""
    if _out_of_time(deadline, should_stop):
        return False
    whole = _whole(axis, (*lines[:k], *lines[k + 1 :]), crossing)
    verdict = _decide(whole, len(palette), deadline, should_stop)
    if verdict is Verdict.UNDECIDED:
        return False
    if verdict.is_unique:
        unique_line = verdict is Verdict.UNIQUE_LINE
        found.append(ColourLineFix(kind, axis, k, lines[k], *whole, unique_line, palette))
    return True
