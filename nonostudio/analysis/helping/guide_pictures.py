"""The pictures of the strategy guide, as plain data the HTML page and the GUI both draw.

A :class:`Picture` is a few lines of cells under one caption, each a :class:`DrawnLine` with its
clue, its cells and what to mark: the cells a move decides (``new``), the cells of a clue pushed
to one end (``placed``), a supposed cell (``assumed``) and, on the line a contradiction breaks,
the cells the chain put there (``wrong``).  Cells are numbered from 1 in the pictures, as in the
sentences.

* :func:`move_pictures`: a line before and after a move; for Overlap and "Leftmost and
  rightmost" the two pushed placements are drawn between them, so the overlap shows.
* :func:`chain_pictures`: a contradiction step's chain line by line, replayed from the grid
  before the step (``suppose``, each ``forced`` line, the ``dead`` line last; a chained
  contradiction's ``branch`` starts again from the first supposition's lines).
* :func:`grid_picture`: a whole grid, row by row (where line logic got stuck before a search).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from nonostudio.analysis.catalogue.technique_moves import (
    extreme_arrangements,
    normal_clues,
    wall_ranges,
)
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle

RULER_EVERY_CELL = 15
"""Lines up to this long have every cell numbered; longer ones every fifth (and the first),
with a dot over the others."""


def ruler_marks(n: int) -> list[str]:
    """The numbers over a line of ``n`` cells, numbered from 1 like the sentences' cells."""
    if n <= RULER_EVERY_CELL:
        return [str(i + 1) for i in range(n)]
    return [str(i + 1) if i == 0 or (i + 1) % 5 == 0 else "·" for i in range(n)]


@dataclass(frozen=True)
class DrawnLine:
    """One line of a picture: a label (``before``, ``pushed left``, ``Row 3``), the clue, the
    cells, and the positions (0-based) marked on it."""

    label: str
    clues: tuple[int, ...]
    cells: tuple[int, ...]
    new: tuple[int, ...] = ()  # decided by the move
    placed: tuple[int, ...] = ()  # the pushed clue(s) the sentence cites
    assumed: tuple[int, ...] = ()  # a supposed cell
    wrong: tuple[int, ...] = ()  # the chain's cells on the line left with no room


@dataclass(frozen=True)
class Picture:
    """Lines drawn together, under a caption."""

    caption: str
    lines: tuple[DrawnLine, ...]


def decided(before: Sequence[int], after: Sequence[int]) -> tuple[int, ...]:
    """Positions undecided in ``before`` and decided in ``after``."""
    return tuple(i for i, (b, a) in enumerate(zip(before, after, strict=True)) if b == UNKNOWN != a)


def _pushed(
    label: str,
    hints: Sequence[int],
    before: Sequence[int],
    starts: Mapping[int, int],
    cited: set[int],
) -> DrawnLine:
    """The clues at ``starts`` (clue index -> start) over the line's crosses; the cited clues'
    cells marked."""
    cells = [CROSSED if c == CROSSED else UNKNOWN for c in before]
    placed = []
    for i, s in starts.items():
        for p in range(s, s + hints[i]):
            cells[p] = FILLED
            if i in cited:
                placed.append(p)
    return DrawnLine(label, tuple(hints), tuple(cells), placed=tuple(sorted(placed)))


def _fits(hints: Sequence[int], starts: Mapping[int, int], n: int) -> bool:
    """The clues at ``starts`` lie in the line, in order, a cell apart."""
    edge = 0
    for i in sorted(starts):
        if starts[i] < edge or starts[i] + hints[i] > n:
            return False
        edge = starts[i] + hints[i] + 1
    return True


def pushed_starts(
    technique: str,
    clues: Sequence[int],
    before: Sequence[int],
    premises: Sequence[dict[str, Any]] = (),
) -> tuple[dict[int, int], dict[int, int], set[int]] | None:
    """The two pushed placements an Overlap or "Leftmost and rightmost" move compares: the
    starts (clue index -> cell) pushed left and pushed right, and the clues the move uses.
    Taken from the step's premises when it has them (the clues its sentence cites, the others
    packed around them when they fit), else from the move's own packing; None for another
    technique or a line whose clues do not fit."""
    hints = normal_clues(clues)
    cells = [int(c) for c in before]
    n = len(cells)
    if technique == "overlap":
        ranges = wall_ranges(hints, cells)
        packed = (
            None if ranges is None else (dict(enumerate(ranges.lo)), dict(enumerate(ranges.hi)))
        )
        cited: set[int] = set()
        left: dict[int, int] = {}
        right: dict[int, int] = {}
        for premise in premises:
            for claim in premise.get("claims", ()):
                if claim.get("claim") == "starts" and premise.get("say") == "overlap":
                    cited.add(claim["clue"])
                    left[claim["clue"]], right[claim["clue"]] = claim["min"], claim["max"]
        if not cited:
            if packed is None:
                return None
            cited = {i for i, h in enumerate(hints) if packed[1][i] < packed[0][i] + h}
            return packed[0], packed[1], cited
        if packed is not None:  # the other clues packed with them, when that agrees
            whole_left = {**packed[0], **left}
            whole_right = {**packed[1], **right}
            if _fits(hints, whole_left, n) and _fits(hints, whole_right, n):
                return whole_left, whole_right, cited
        return left, right, cited
    if technique == "arrangement":
        for premise in premises:
            for claim in premise.get("claims", ()):
                if claim.get("claim") == "extremes":
                    ids = claim["clues"]
                    return (
                        dict(zip(ids, claim["left"], strict=True)),
                        dict(zip(ids, claim["right"], strict=True)),
                        set(ids),
                    )
        ends = extreme_arrangements(hints, cells)
        if ends is None:
            return None
        return dict(enumerate(ends[0])), dict(enumerate(ends[1])), set(range(len(hints)))
    return None


def move_pictures(
    caption: str,
    technique: str,
    clues: Sequence[int],
    before: Sequence[int],
    after: Sequence[int],
    premises: Sequence[dict[str, Any]] = (),
) -> tuple[Picture, ...]:
    """A line move: ``before``, for Overlap and "Leftmost and rightmost" the two pushed
    placements, and ``after`` with the decided cells marked."""
    hints = tuple(normal_clues(clues))
    b = tuple(int(c) for c in before)
    a = tuple(int(c) for c in after)
    lines = [DrawnLine("before", hints, b)]
    pushed = pushed_starts(technique, hints, b, premises)
    if pushed is not None:
        left, right, cited = pushed
        lines.append(_pushed("pushed left", hints, b, left, cited))
        lines.append(_pushed("pushed right", hints, b, right, cited))
    lines.append(DrawnLine("after", hints, a, new=decided(b, a)))
    return (Picture(caption, tuple(lines)),)


def _clues_of(puzzle: Puzzle, axis: str, index: int) -> tuple[int, ...]:
    return tuple(normal_clues(puzzle.rows[index] if axis == "row" else puzzle.cols[index]))


def _line_of(state: Sequence[Sequence[int]], axis: str, index: int) -> list[int]:
    return list(state[index]) if axis == "row" else [row[index] for row in state]


def chain_pictures(
    puzzle: Puzzle, grid: Sequence[Sequence[int]], premises: Sequence[dict[str, Any]]
) -> tuple[Picture, ...]:
    """A contradiction's chain replayed from ``grid`` (the grid before the step): a picture per
    ``forced`` line (before and after, the supposed cells marked) and for each ``dead`` line
    (the line as the chain left it, the chain's cells on it marked: no arrangement of its clue
    fits them)."""
    state = [list(row) for row in grid]
    trunk: list[list[int]] | None = None  # the grid after the first supposition's lines
    assumed: list[tuple[int, int]] = []
    pictures: list[Picture] = []
    for premise in premises:
        say = premise.get("say")
        claim = (premise.get("claims") or [{}])[0]
        if say in ("suppose", "branch"):
            if say == "branch":
                if trunk is None:
                    trunk = [list(row) for row in state]
                state = [list(row) for row in trunk]
                assumed = assumed[:1]
            r, c, value = claim["row"], claim["column"], claim["value"]
            state[r][c] = value
            assumed.append((r, c))
            word = "filled" if value == FILLED else "empty"
            then = "Then suppose" if say == "branch" else "Suppose"
            pictures.append(Picture(f"{then} row {r + 1}, column {c + 1} is {word}", ()))
            continue
        if say not in ("forced", "dead"):
            continue
        axis, index = claim["axis"], claim["index"]
        hints = _clues_of(puzzle, axis, index)
        cells = _line_of(state, axis, index)
        on_line = tuple(
            sorted(
                (c if axis == "row" else r)
                for r, c in assumed
                if (r == index if axis == "row" else c == index)
            )
        )
        name = line_name(axis, index)
        if say == "dead":
            base = _line_of(grid, axis, index)
            chain = tuple(p for p, (g, s) in enumerate(zip(base, cells, strict=True)) if g != s)
            pictures.append(
                Picture(
                    f"{name}: cannot match {' '.join(map(str, hints)) or '0'}",
                    (
                        DrawnLine(
                            name,
                            hints,
                            tuple(cells),
                            assumed=on_line,
                            wrong=tuple(p for p in chain if p not in on_line),
                        ),
                    ),
                )
            )
            continue
        after = list(cells)
        for p, v in premise.get("cells", ()):
            after[p] = v
        for p, v in premise.get("cells", ()):
            r, c = (index, p) if axis == "row" else (p, index)
            state[r][c] = v
        pictures.append(
            Picture(
                name,
                (
                    DrawnLine("before", hints, tuple(cells), assumed=on_line),
                    DrawnLine(
                        "after", hints, tuple(after), new=decided(cells, after), assumed=on_line
                    ),
                ),
            )
        )
    return tuple(pictures)


def grid_picture(
    caption: str,
    puzzle: Puzzle,
    grid: Sequence[Sequence[int]],
    at: tuple[int, int] | None = None,
) -> Picture:
    """A whole grid, one drawn line per row with its clue; the cell ``at`` (row, column)
    outlined as supposed."""
    return Picture(
        caption,
        tuple(
            DrawnLine(
                line_name("row", r),
                _clues_of(puzzle, "row", r),
                tuple(row),
                assumed=(at[1],) if at is not None and at[0] == r else (),
            )
            for r, row in enumerate(grid)
        ),
    )
