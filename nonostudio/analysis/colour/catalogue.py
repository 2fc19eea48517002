"""The colour techniques: moves on a colour line that looking at one colour at a time misses.

Each :class:`ColourTechnique` has an id, a name, its idea, a tier placed against the
black-and-white tiers (:data:`nonostudio.analysis.grades.difficulty.TIER_TEXT`) and its complete
move ``move(clue, cells, ncolours) -> cells | None`` on one line (cells are bitmasks of the palette
indices still possible; None: the line cannot hold its clue).  The moves rest on each item's
earliest and latest start, found by pushing the items as far left (right) as they go with blocks
of different colours touching and a background cell only between blocks of one colour, minding
only the cells that cannot take an item's colour (:func:`item_bounds`): no arrangement that fits
starts an item outside them.  In difficulty order:

* ``touching_overlap`` (tier 1) — an item longer than its room to move covers the same cells in
  both pushes, which take its colour;
* ``colour_reach`` (tier 1) — a colour no item of that colour can reach is removed from a cell;
* ``colour_punctuation`` (tier 2) — a block of one colour as long as the longest item of its
  colour that can hold it is finished: the cells on either side cannot take that colour;
* ``colour_set`` (tier 3) — a cell is narrowed to the colours of the items that reach it, and
  loses the background when every way of leaving it empty puts the items before it or after it
  outside their room;
* ``colour_line_solver`` (tier 5) — all colour arrangements agree: the exact colour line solver.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nonostudio.core.colour.linesolver import solve_colour_line

ClueItem = tuple[int, int]
Cells = tuple[int, ...]
ColourMove = Callable[[Sequence[ClueItem], Sequence[int], int], Cells | None]


def _earliest(clue: Sequence[ClueItem], cells: Sequence[int]) -> list[int] | None:
    starts: list[int] = []
    at = 0
    previous = 0
    n = len(cells)
    for length, colour in clue:
        if colour == previous:
            at += 1
        bit = 1 << colour
        s = at
        while s + length <= n:
            bad = [p for p in range(s, s + length) if not cells[p] & bit]
            if not bad:
                break
            s = bad[-1] + 1
        if s + length > n:
            return None
        starts.append(s)
        at = s + length
        previous = colour
    return starts


def item_bounds(
    clue: Sequence[ClueItem], cells: Sequence[int]
) -> tuple[list[int], list[int]] | None:
    """Each item's earliest and latest start, pushing the items left and right with blocks of
    different colours touching, minding only the cells that cannot take an item's colour; None
    when the items do not fit at all."""
    left = _earliest(clue, cells)
    right_rev = _earliest(tuple(reversed(clue)), tuple(reversed(cells)))
    if left is None or right_rev is None:
        return None
    n = len(cells)
    m = len(clue)
    right = [n - right_rev[m - 1 - k] - clue[k][0] for k in range(m)]
    if any(r < le for le, r in zip(left, right, strict=True)):
        return None
    return left, right


def touching_overlap(clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int) -> Cells | None:
    """Cells an item covers both pushed left and pushed right take its colour."""
    bounds = item_bounds(clue, cells)
    if bounds is None:
        return None
    out = list(cells)
    for (length, colour), lo, hi in zip(clue, *bounds, strict=True):
        for p in range(hi, lo + length):
            out[p] &= 1 << colour
    return tuple(out)


def _reach(clue: Sequence[ClueItem], bounds: tuple[list[int], list[int]], n: int) -> list[int]:
    """Each cell's colours some item's range covers (background not included)."""
    reach = [0] * n
    for (length, colour), lo, hi in zip(clue, *bounds, strict=True):
        bit = 1 << colour
        for p in range(lo, hi + length):
            reach[p] |= bit
    return reach


def colour_reach(clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int) -> Cells | None:
    """A cell loses every colour (not the background) that no item of that colour reaches."""
    bounds = item_bounds(clue, cells)
    if bounds is None:
        return None
    reach = _reach(clue, bounds, len(cells))
    return tuple(x & (reach[p] | 1) for p, x in enumerate(cells))


def colour_blocks(cells: Sequence[int]) -> list[tuple[int, int, int]]:
    """Runs of cells decided to one colour other than the background: ``(start, end, colour)``."""
    out = []
    p = 0
    n = len(cells)
    while p < n:
        x = cells[p]
        if x > 1 and not x & (x - 1):
            e = p + 1
            while e < n and cells[e] == x:
                e += 1
            out.append((p, e, x.bit_length() - 1))
            p = e
        else:
            p += 1
    return out


def block_holders(
    clue: Sequence[ClueItem], bounds: tuple[list[int], list[int]], s: int, e: int, colour: int
) -> list[int]:
    """The items that can hold the block ``[s, e)`` of ``colour``: of its colour, long enough,
    with a range that covers it."""
    return [
        k
        for k, ((length, c), lo, hi) in enumerate(zip(clue, *bounds, strict=True))
        if c == colour and length >= e - s and lo <= s and e <= hi + length
    ]


def colour_punctuation(
    clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int
) -> Cells | None:
    """A block as long as the longest item that can hold it is finished: its neighbours lose its
    colour."""
    bounds = item_bounds(clue, cells)
    if bounds is None:
        return None
    out = list(cells)
    for s, e, colour in colour_blocks(cells):
        holders = block_holders(clue, bounds, s, e, colour)
        if not holders:
            return None
        if max(clue[k][0] for k in holders) == e - s:
            for p in (s - 1, e):
                if 0 <= p < len(out):
                    out[p] &= ~(1 << colour)
    return tuple(out)


def may_be_background(
    bounds: tuple[list[int], list[int]], clue: Sequence[ClueItem], n: int
) -> list[bool]:
    """Whether each cell may be the background as far as the items' ranges tell: some split of
    the items puts those before it in the room before it and the others after it."""
    left, right = bounds
    m = len(clue)
    ends = [left[k] + clue[k][0] for k in range(m)]
    out = []
    for p in range(n):
        out.append(
            any(
                (k == 0 or ends[k - 1] <= p) and (k == m or right[k] >= p + 1) for k in range(m + 1)
            )
        )
    return out


def colour_set(clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int) -> Cells | None:
    """Each cell narrowed to the colours of the items that reach it, and to the background only
    when the items can leave it empty."""
    bounds = item_bounds(clue, cells)
    if bounds is None:
        return None
    reach = _reach(clue, bounds, len(cells))
    empty = may_be_background(bounds, clue, len(cells))
    return tuple(x & (reach[p] | (1 if empty[p] else 0)) for p, x in enumerate(cells))


def colour_line_solver(
    clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int
) -> Cells | None:
    """All colour arrangements agree: the exact colour line solver."""
    return solve_colour_line(tuple(clue), tuple(cells), ncolours)


@dataclass(frozen=True)
class ColourTechnique:
    """A colour technique: id, name, idea, tier (against the black-and-white tiers) and its
    complete move on a colour line."""

    id: str
    name: str
    idea: str
    tier: int
    move: ColourMove

    def apply(self, clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int) -> Cells | None:
        """The cells after the move (None: the line cannot hold its clue)."""
        return self.move(clue, cells, ncolours)


COLOUR_LINE_SOLVER = "colour_line_solver"

COLOUR_CATALOGUE: tuple[ColourTechnique, ...] = (
    ColourTechnique(
        "touching_overlap",
        "Touching overlap",
        "Push the clues as far left as they go, then as far right, blocks of different colours "
        "touching (only blocks of one colour need a space between them): a clue longer than its "
        "room to move covers the same cells both ways, and they take its colour.",
        1,
        touching_overlap,
    ),
    ColourTechnique(
        "colour_reach",
        "Colour out of reach",
        "Pushed as far left and as far right as they go, no clue of a colour reaches some "
        "cells: they cannot be that colour.",
        1,
        colour_reach,
    ),
    ColourTechnique(
        "colour_punctuation",
        "Finished colour block",
        "A block of one colour as long as the longest clue of its colour that can hold it is "
        "finished: the cells on either side cannot be that colour (they are empty or another "
        "colour).",
        2,
        colour_punctuation,
    ),
    ColourTechnique(
        "colour_set",
        "Narrowing to a set of colours",
        "A cell can only be a colour of the clues that reach it, and it cannot be empty when "
        "every clue before it or after it would lack room: pencil in the colours it can still "
        "be.",
        3,
        colour_set,
    ),
    ColourTechnique(
        COLOUR_LINE_SOLVER,
        "All colour arrangements agree",
        "Among all the ways the colour clues fit the line, a cell keeps only the colours it "
        "has in some of them.",
        5,
        colour_line_solver,
    ),
)
"""The colour techniques in difficulty order."""

COLOUR_BY_ID: dict[str, ColourTechnique] = {t.id: t for t in COLOUR_CATALOGUE}
