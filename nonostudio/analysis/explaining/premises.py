"""The premises behind a technique's deductions on a line: structured, checkable claims.

A technique's move decides cells for a reason: a clue that cannot start before some cell, a box
only certain clues can hold, a gap too small for the clues that can reach it.  Each technique's
witness function here (a :data:`WitnessFinder`, named by its record in
:mod:`nonostudio.analysis.catalogue.techniques`) finds, for one round of the technique's move on a
(sub-)line, every such reason with the cells it proves — a :class:`Witness`.  Its :data:`Claim` s
are plain dicts (what ``explain --json`` shows as a step's ``premises``), each a fact about the
line before the step that holds in *every* arrangement of the whole line's clue that fits it, so a
checker can verify it by brute force (``tests/analysis/sentence_checker.py``);
:mod:`nonostudio.analysis.explaining.premise_text` words them.

Positions in claims are the whole line's cells and clues, 0-based.  Claim kinds:

* ``clue_zero`` — the line's clue is 0.
* ``part {start, end, clues}`` — cells ``[start, end)`` hold exactly the clues ``clues`` (every
  other clue lies outside them): the oracle's sub-line, matched by order and size.
* ``block {start, end}`` — cells ``[start, end)`` are filled and neither neighbour is.
* ``gap {start, end, within?, shown?}`` — cells ``[start, end)`` hold no cross and are bounded by
  crosses, edges or the ends of the part ``within`` (``[start, end)``, on an oracle's part);
  ``shown``, the part less the crosses at its ends, as its ``part`` claim names it.
* ``filled_count {start, end, count, clues}`` — ``count`` cells of ``[start, end)`` are filled,
  as many as the clues ``clues`` add up to.
* ``starts {clue, min, max, from?}`` — the clue starts at ``min`` or later and at ``max`` or
  earlier (either may be None); ``from`` says what sets a bound of a chain (:func:`_chain`): a
  placed ``block``, a ``box`` only it can hold (its ``holders`` claim before it), the first
  or last box (``edge_box``, its claim before it), the ``edge``
  the clues before it are packed against, or the neighbouring ``clue``'s bound stated before
  it.
* ``cannot_start {clue, min, max, cross | boxes}`` — the clue starts at none of ``min`` ..
  ``max``: each would cover a cell of the crosses ``cross [start, end)`` or run into the boxes
  ``boxes [start, end)`` without holding them all.
* ``edge_box {side, start, end, clue, within}`` — cells ``[start, end)`` are filled and no
  cell of ``within`` before (``side`` "first") or after ("last") them is: clue ``clue``, the
  first (last) clue of ``within``, starts at ``start`` or earlier (ends at ``end`` or later).
* ``only_long {start, end, clues}`` — of the line's clues, only the one of ``clues`` is as
  long as cells ``[start, end)`` (so only it can hold them).
* ``edge_block {side, start, end, clues}`` — cells ``[start, end)`` are filled and no cell of
  the line before (``side`` "first") or after ("last") them is, so they are the line's first
  (last) clue's, the one of ``clues``: the reason, by the clues' order, that only it can hold
  them.
* ``counted_block {side, count, start, end, clues, open?}`` — cells ``[start, end)`` are
  filled, every cell of the line before (``side`` "before") or after ("after") them is decided
  but the cell ``open`` next to them (undecided, a cross or the edge beyond it: filled, it is
  part of this block), and ``count`` blocks lie there: each is a whole clue, so these boxes are
  clue ``count`` from that end, the one of ``clues`` (:func:`short_reasons`).
* ``walled_block {start, end, clues, held?}`` — cells ``[start, end)`` are a block walled in
  by crosses or the line's edges, so one whole clue exactly that long, and only the one of
  ``clues`` is, or (``held``: ``[start, end, clue]`` of other blocks) each other clue that long
  holds one of the other blocks (:func:`short_reasons`).
* ``part_edge {side, start, end, clues, within, part}`` — cells ``within`` hold only the clues
  ``part`` (a ``part`` claim), cells ``[start, end)`` are filled and no cell of ``within``
  before (``side`` "first") or after ("last") them is: the part's first (last) clue, the one of
  ``clues``, holds them (:func:`short_reasons`).
* ``apart_block {start, end, clues, by}`` — cells ``[start, end)`` are a block; ``by`` holds
  ``[start, end, clue, edge]`` of the blocks next to it before and after, each that clue's
  (``edge`` 1: the line's first or last block; 0: said before, with a reason) and too far from
  it for that clue (more cells from the first of one to the last of the other than the clue is
  long): so its clue lies between theirs, only the one of ``clues`` (:func:`short_reasons`).
* ``room_block {start, end, clues, room_before, room_after}`` — cells ``[start, end)`` are
  filled; the line's first ``room_before`` + 1 clues cannot all lie, in order and one cell
  apart, in the cells before ``start - 1``, nor its last ``room_after`` + 1 clues in the cells
  after ``end`` (the crosses alone considered), so the boxes' clue has at most ``room_before``
  clues before it and ``room_after`` after it: the one of ``clues`` (:func:`short_reasons`).
* ``room_apart_block {start, end, clues, side, count, blocks, apart}`` — cells ``[start,
  end)`` are filled; on ``side`` ("before" / "after") of them, beyond the crosses around them,
  the filled cells are the ``count`` ``blocks`` (``[start, end)`` each), a cross between each
  two (``apart`` "crosses"), so as many other clues, and no room there for ``count`` + 1 clues
  (as ``room_block``): so exactly ``count`` clues lie on that side of the boxes' clue, the one
  of ``clues`` (:func:`short_reasons`).  With ``apart`` "far" the blocks are all the filled
  cells on that side, each spanning with the next nearer one (the boxes the nearest) more
  cells than the longest clue; "mixed", each that or with a cross between.  ``count`` 0: no
  room there for one clue, the boxes' clue the first (last).  With ``long`` (1 or 2) the
  blocks are ``count`` - ``long``, the farthest longer than each of the ``long`` clues at that
  end of the line (``sizes``, in the line's order; so a later (earlier) clue than those, each
  nearer block another).
* ``room_stretch_block {start, end, clues, side, count, within, sizes}`` — cells ``[start,
  end)`` are filled, the most cells around them with no cross are ``within`` (``[start, end)``:
  crosses or the line's edges beyond), fewer than each of the ``count`` (1 or 2) clues at the
  ``side`` end of the line (``sizes``, in the line's order), and the crosses leave no room on
  that side for ``count`` + 1 clues (as ``room_block``): so at most ``count`` clues lie there
  and the boxes' clue is none of those, the one of ``clues`` (:func:`short_reasons`).
* ``room_long_block {start, end, clues, side, count, sizes}`` — as ``room_stretch_block``, but
  the boxes themselves are longer than each of the ``count`` clues at that end (``sizes``).
* ``near_block {start, end, clues, other, wall, span}`` — cells ``[start, end)`` are filled,
  and so are ``other`` (``[a, b)``), the next block before or after them, the cells between
  undecided; of the two, the one nearer ``wall`` (a cross, the cells between it and that one
  undecided) has too little room between the cross and the other block for any clue that
  could lie there alone (every clue but the last, the other block after it; but the first,
  before it), so one clue holds both, over ``span``; every clue but the one of ``clues`` is
  shorter than that (:func:`short_reasons`).
* ``blocks_apart_block {start, end, clues, before, after, apart}`` — cells ``[start, end)``
  are filled; the filled cells before them are the blocks ``before``, those after them
  ``after`` (``[start, end)`` each), each set apart from the next nearer one (the boxes the
  nearest) by a cross (``apart`` "crosses"), by more cells than the longest clue ("far"), or
  either ("mixed"): each another clue, so as many clues on each side as blocks, the boxes'
  the one of ``clues`` (:func:`short_reasons`).
* ``no_room {start, end, clues, by, side, gap, room_for, size, walled}`` — cells ``[start,
  end)`` are filled, the block ``by`` (``[start, end, clue]``, said before to be that clue's)
  lies before (``side`` "before": the cells ``gap`` between them, none filled) or after them,
  and clue ``room_for`` (``size`` long) fits nowhere in ``gap`` (a cross, or its ends next to
  the blocks, in each stretch of ``size`` cells): so the boxes are one of the clues from the
  one after ``by``'s up to ``room_for``, the one of ``clues``; of several, ``walled`` (crosses
  or edges both sides, a whole clue) and the only one of them exactly that long
  (:func:`short_reasons`).  With ``together`` (True), ``room_for`` alone fits there but not
  with the clues between it and ``by``'s: the clues from the one after ``by``'s up to
  ``room_for`` (their sizes ``sizes``, in the line's order) fit nowhere there together, in
  order and a cell apart.
* ``sole_holder {start, end, clues, because}`` — only the one clue of ``clues`` can cover cells
  ``[start, end)``: the claims ``because`` (bounds with their chains, starts ruled out where
  they are, on a part its ``part`` claim; or, shorter, a block beside them whose one clue is
  plain, its ``edge_block`` or ``only_long`` claim and its ``holders`` claim, and the clues'
  order) keep every other clue as long off them.
* ``kept_off {start, end, clues, because}`` — none of the clues ``clues`` can cover cells
  ``[start, end)``: the claims ``because`` (as a ``sole_holder`` claim's) keep each off them.
* ``stranded {start, end, clue, side, boxes}`` — were clue ``clue`` to cover cells ``[start,
  end)``, the clues ``side`` ("before" or "after") it could not hold the boxes ``boxes`` (each
  ``[start, end)``, on that side, out of its reach) at any of its starts: a ``kept_off``
  claim's reason, when nothing shorter keeps a clue unable to hold the boxes off them.
* ``holders {start, end, clues}`` — the clue covering cells ``[start, end)`` is one of ``clues``.
* ``holder_starts {clue, start, end, min, max}`` — when the clue covers ``[start, end)``, it
  starts between ``min`` and ``max``.
* ``shortest {clues, length}`` — the shortest of the clues ``clues`` is ``length`` long.
* ``boxes {start, end}`` — cells ``[start, end)`` are filled.
* ``no_holder {start, end}`` — no clue covers all of ``[start, end)``.
* ``cannot_cover {clue, start, end, why, within}`` — clue ``clue`` cannot cover all of
  ``[start, end)``, by the crosses alone: ``why`` "fit", the cells ``within`` (between crosses
  or edges, holding them) are fewer than it; "before" ("after"), the clues before (after) it
  fit nowhere in order in the cells ``within`` (before ``start - 1``, after ``end``); with
  ``boxes`` (spans ``[start, end)``), not by the crosses alone: at each start of the clue
  covering them (no cross in it, no box beside it), the clues before (after) it could not hold
  those boxes in the cells ``within`` (before its last start less one, after its first start's
  end and one); with ``touch`` (``[start, box start, box end]`` each), those starts of it would
  run into the box beside them, and at each other start over the cells the crosses alone leave
  the clues before (after) it no room in the cells ``within``.
* ``extremes {left, right}`` — each clue's earliest and latest start.
* ``arrangements {count}`` — the clue fits the line in exactly ``count`` ways.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from nonostudio.analysis.catalogue.technique_moves import (
    Ranges,
    Round,
    box_ranges,
    count_arrangements,
    extreme_arrangements,
    narrowed_ranges,
    normal_clues,
    open_gaps,
    player_parts,
    runs,
    wall_ranges,
)
from nonostudio.analysis.catalogue.technique_moves import arrangement as arrangement_round
from nonostudio.analysis.catalogue.technique_moves import line_solver as line_solver_round
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN

Claim = dict[str, Any]

FAST = True
"""Whether the witness searches take their short cuts (answers remembered per line state, a
reason given up once it is sure to pass :data:`SOLE_WEIGHT`); off, each is worked out in full
the plain way, which the tests compare them with: the claims are the same either way."""

_MISSING = object()


@dataclass
class Witness:
    """One reason of a technique's round: what it says (``say``, a wording of
    :mod:`~nonostudio.analysis.explaining.premise_text`), its claims and the cells it proves
    (``{position: value}``, positions of the (sub-)line it was found on)."""

    say: str
    claims: list[Claim]
    cells: dict[int, int] = field(default_factory=dict)
    part: list[Claim] = field(default_factory=list)
    """On a part of the line cut off by matching blocks to clues: the part's claims (the blocks
    matched and the ``part`` claim), stated before the witness's own."""


class WitnessLine:
    """The (sub-)line a witness is found on, and how to place it on the whole line: what a
    technique's witness function (:data:`WitnessFinder`) reads."""

    def __init__(
        self, hints: Sequence[int], cells: Sequence[int], offset: int, clue_offset: int, sub: bool
    ) -> None:
        self.sub = sub
        self.hints = normal_clues(hints)
        self.cells = [int(c) for c in cells]
        self.n = len(self.cells)
        self.offset = offset
        self.co = clue_offset
        self.boxes_hold = False
        """Whether a box a clue must hold bounds it before the packing does (Reach of a box,
        whose ranges the boxes narrow: :func:`_narrowed_chain`)."""
        self.chains: dict[tuple[int, str], tuple[list[Claim], set[int]]] | None = None
        """The chains of the :func:`_stopped` search under way (:func:`_chain`)."""
        self.causes: dict[tuple[int, int, str, bool], tuple[str, int, int] | None] = {}
        """:func:`_cause`'s answers on these cells."""
        self.arguing: tuple[int, int] | None = None
        """The boxes whose only holder a ``sole_holder`` claim argues for: not a chain's reason
        (a box only one clue can hold, :func:`_held_box`), which would argue in a circle."""

    def unknown(self, positions: range | Sequence[int]) -> list[int]:
        return [p for p in positions if 0 <= p < self.n and self.cells[p] == UNKNOWN]

    def decide(self, w: Witness, positions: range | Sequence[int], value: int) -> None:
        for p in self.unknown(positions):
            w.cells[p] = value

    # claims, on the whole line
    def block(self, s: int, e: int) -> Claim:
        return {"claim": "block", "start": s + self.offset, "end": e + self.offset}

    def gap(self, s: int, e: int) -> Claim:
        claim: Claim = {"claim": "gap", "start": s + self.offset, "end": e + self.offset}
        if self.sub:  # the part's ends are walls too
            claim["within"] = [self.offset, self.offset + self.n]
            a, b = _uncrossed(self.cells, 0, self.n)  # the part as its words name it
            if (a, b) != (0, self.n):
                claim["shown"] = [a + self.offset, b + self.offset]
        return claim

    def starts(self, i: int, lo: int | None, hi: int | None) -> Claim:
        return {
            "claim": "starts",
            "clue": i + self.co,
            "min": None if lo is None else lo + self.offset,
            "max": None if hi is None else hi + self.offset,
        }

    def holders(self, s: int, e: int, clues: Sequence[int]) -> Claim:
        return {
            "claim": "holders",
            "start": s + self.offset,
            "end": e + self.offset,
            "clues": [i + self.co for i in clues],
        }

    def edge_block(self, s: int, e: int, owners: Sequence[int]) -> Claim | None:
        """Why the one clue of ``owners`` alone can hold the boxes ``[s, e)`` of the whole line,
        when the clues' order says it: they are the line's first (last) boxes and it is the
        first (last) clue (None: they are not, or the line is a part)."""
        if self.sub or len(owners) != 1:
            return None
        side = edge_side(owners[0], len(self.hints), self.cells, s, e)
        if side is None:
            return None
        return {"claim": "edge_block", "side": side, "start": s, "end": e, "clues": list(owners)}

    def holder_starts(self, i: int, s: int, e: int, lo: int, hi: int) -> Claim:
        return {
            "claim": "holder_starts",
            "clue": i + self.co,
            "start": s + self.offset,
            "end": e + self.offset,
            "min": lo + self.offset,
            "max": hi + self.offset,
        }

    def edge_box(self, side: str, s: int, e: int, i: int) -> Claim:
        """Cells ``[s, e)`` are filled and are the ``side`` ("first" / "last") boxes of the
        (sub-)line, whose ``side`` clue is ``i``."""
        return {
            "claim": "edge_box",
            "side": side,
            "start": s + self.offset,
            "end": e + self.offset,
            "clue": i + self.co,
            "within": [self.offset, self.offset + self.n],
        }

    def cannot_start(self, i: int, s: int, cause: tuple[str, int, int]) -> Claim:
        """Clue ``i`` cannot start at ``s``, for ``cause`` (:func:`_cause`)."""
        kind, a, b = cause
        return {
            "claim": "cannot_start",
            "clue": i + self.co,
            "min": s + self.offset,
            "max": s + self.offset,
            kind: [a + self.offset, b + self.offset],
        }


WitnessFinder = Callable[[WitnessLine], list[Witness]]
"""A technique's witness function: the reasons of one round of its move on a (sub-)line."""


def empty_line(x: WitnessLine) -> list[Witness]:
    if x.hints:
        return []
    # On an oracle's part of the line, the part's own claim says it holds no clue.
    w = Witness("part_empty", []) if x.sub else Witness("empty_line", [{"claim": "clue_zero"}])
    x.decide(w, range(x.n), CROSSED)
    return [w]


def line_complete(x: WitnessLine) -> list[Witness]:
    count = x.cells.count(FILLED)
    if not x.hints or count != sum(x.hints):
        return []
    claim = {
        "claim": "filled_count",
        "start": x.offset,
        "end": x.offset + x.n,
        "count": count,
        "clues": [i + x.co for i in range(len(x.hints))],
    }
    w = Witness("line_complete", [claim])
    x.decide(w, range(x.n), CROSSED)
    return [w]


def overlap(x: WitnessLine) -> list[Witness]:
    r = wall_ranges(x.hints, x.cells)
    out = []
    if r is not None:
        for i, h in enumerate(x.hints):
            w = Witness("overlap", [x.starts(i, r.lo[i], r.hi[i])])
            x.decide(w, range(r.hi[i], r.lo[i] + h), FILLED)
            if w.cells:
                out.append(w)
    return out


def small_gap(x: WitnessLine) -> list[Witness]:
    r = wall_ranges(x.hints, x.cells)
    if r is None:
        return []
    out = []
    for gs, ge in open_gaps(x.cells):
        fits = any(r.fits(i, gs, ge) for i in range(len(x.hints)))  # (an allowed start in it)
        if fits or not x.unknown(range(gs, ge)):
            continue
        # A clue short enough for the gap that could start in it would fit there: each one
        # ends before the gap or starts after it; the nearest on each side are the premise.
        short = [i for i, h in enumerate(x.hints) if h <= ge - gs]
        before = [i for i in short if r.hi[i] < gs]
        after = [i for i in short if r.lo[i] > ge - x.hints[i]]
        claims = [x.gap(gs, ge)]
        if not short and x.hints:
            claims.append(
                {
                    "claim": "shortest",
                    "clues": [i + x.co for i in range(len(x.hints))],
                    "length": min(x.hints),
                }
            )
        # per side, the bounds that keep the short clues there out of the gap (the words name
        # the short clues); when the clues' order alone does, the nearest one's bound by the
        # clues packed beside it, so the words say where it is (no clue is placed)
        used: set[int] = set()
        for side, there in (("max", before), ("min", after)):
            if not there:
                continue
            inside = [
                range(gs, ge - h + 1) if i in there else range(0) for i, h in enumerate(x.hints)
            ]
            bounds = _stopped(x, r, inside, {}, used, rule=False)[0]
            by_box = _edge_bound(x, there, side, gs, ge)
            found = [c["clue"] - x.co for c in bounds if c["claim"] == "starts"]
            if by_box and found and not set(found) & set(there):
                # the first (last) clue, the only short one there, holds the first (last) box:
                # said so, not a farther clue's bound that keeps it there by the clues' order
                bounds = by_box
            if not any(c["claim"] == "starts" for c in bounds):
                k = len(x.hints)
                if side == "max":  # the clues after it packed against the far edge
                    i = there[-1]
                    edge = x.n - sum(x.hints[i:]) - (k - 1 - i)
                    bounds = [{**x.starts(i, None, edge), "from": "edge"}]
                else:
                    i = there[0]
                    bounds = [{**x.starts(i, sum(x.hints[:i]) + i, None), "from": "edge"}]
            claims += [c for c in bounds if c not in claims]
        if x.sub:  # the part's edges bound its clues
            claims.insert(1, _part_claim(x))
        w = Witness("small_gap", claims)
        x.decide(w, range(gs, ge), CROSSED)
        out.append(w)
    return out


def _edge_bound(x: WitnessLine, there: Sequence[int], side: str, gs: int, ge: int) -> list[Claim]:
    """When ``there``, the clues short enough for the gap ``[gs, ge)`` that lie before it
    (``side`` "max") or after it ("min"), is the first (last) clue alone and the first (last)
    box lies before (after) the gap: its ``edge_box`` claim and the bound it sets ("the first box
    is at cell 1, so the first clue, 1, ends by cell 1"); else empty."""
    blocks = runs(x.cells, FILLED)
    if not blocks:
        return []
    if side == "max" and list(there) == [0] and blocks[0][0] < gs:
        bs, be = blocks[0]
        return [x.edge_box("first", bs, be, 0), {**x.starts(0, None, bs), "from": "edge_box"}]
    last = len(x.hints) - 1
    if side == "min" and list(there) == [last] and blocks[-1][1] > ge:
        bs, be = blocks[-1]
        lo = be - x.hints[last]
        return [
            x.edge_box("last", bs, be, last),
            {**x.starts(last, lo, None), "from": "edge_box"},
        ]
    return []


def _uncovered(
    x: WitnessLine,
    r: Ranges,
    say: str,
    blocks: list[tuple[int, int]],
    only: Sequence[int] | None = None,
    given: Sequence[Claim] = (),
    placed: dict[int, tuple[int, int]] | None = None,
) -> list[Witness]:
    """Witnesses for the undecided cells no clue reaches in ``r`` (of ``only``, when given):
    per run of them, the bounds of the clues on either side (and the box that sets a bound, when
    one does), or, for cells inside a clue's range that it cannot cover, that clue's range.
    ``given`` claims (what narrowed ``r``) come first in each.  With ``placed`` (the clues placed
    on blocks, ``{clue: (start, end)}``), each bound comes with the chain that sets it
    (:func:`_chain`) and only the placements the chains start from are kept."""
    covered = r.reach()
    mask = [0] * x.n
    for p in range(x.n) if only is None else only:
        if not covered[p] and x.cells[p] == UNKNOWN:
            mask[p] = 1
    out = []
    for s, e in runs(mask, 1):
        left = [i for i, h in enumerate(x.hints) if r.hi[i] + h <= s]
        right = [i for i in range(len(x.hints)) if r.lo[i] >= e]
        claims: list[Claim] = list(given)
        if placed is not None:
            # each bound with the chain of reasons that sets it
            chain: list[Claim] = []
            used: set[int] = set()
            kind = say
            if len(left) + len(right) == len(x.hints):  # between two clues' ranges
                covering = [range(max(0, s - h + 1), min(e - 1, x.n - h) + 1) for h in x.hints]
                chain = _stopped(x, r, covering, placed, used, rule=False)[0]
            else:  # inside some clue's range: each start over the cells ruled out
                chain = _misfit(x, r, s, e, placed, used)
                kind = say + "_misfit"
            claims = [h for h in given if h["clues"][0] - x.co in used] + chain
            if x.sub:  # the part's edges bound its clues: its own claim says so
                claims.insert(0, _part_claim(x))
        elif len(left) + len(right) == len(x.hints):  # between two clues' ranges (or an edge)
            if left:
                i = left[-1]
                claims += _bound_reason(x, r, i, blocks, "max")
                claims.append(x.starts(i, None, r.hi[i]))
            if right:
                i = right[0]
                claims += _bound_reason(x, r, i, blocks, "min")
                claims.append(x.starts(i, r.lo[i], None))
            kind = say
        else:  # inside some clue's range, where it does not fit
            inside = [i for i in range(len(x.hints)) if i not in left and i not in right]
            claims += [x.starts(i, r.lo[i], r.hi[i]) for i in inside]
            for i in inside:  # its starts over the cells, each ruled out where it is
                h = x.hints[i]
                over = range(max(s - h + 1, r.lo[i]), min(e - 1, r.hi[i]) + 1)
                claims += _ruled_starts(x, i, over, r.boxes)
            kind = say + "_misfit"
        claims = [c for k, c in enumerate(claims) if c not in claims[:k]]
        w = Witness(kind, claims)
        x.decide(w, range(s, e), CROSSED)
        out.append(w)
    return out


def _bound_reason(
    x: WitnessLine, r: Ranges, i: int, blocks: list[tuple[int, int]], side: str
) -> list[Claim]:
    """The block that bounds clue ``i`` on ``side`` (its latest start ``max`` is the start of the
    first block only it can hold; its earliest start ``min`` lets it reach the last such block),
    as a ``holders`` claim; none when no such block sets the bound."""
    h = x.hints[i]
    mine = [(bs, be) for bs, be in blocks if r.candidates(bs, be) == [i]]
    if not mine:
        return []
    if side == "max" and r.hi[i] == mine[0][0]:
        return [x.holders(*mine[0], [i])]
    if side == "min" and r.lo[i] == mine[-1][1] - h:
        return [x.holders(*mine[-1], [i])]
    return []


def _part_claim(x: WitnessLine) -> Claim:
    """The part a witness is found on holds its clues and no other (its edges are walls),
    named as :func:`part_premise` names it: less the crosses at its ends."""
    clues = [x.co + j for j in range(len(x.hints))]
    start, end = _uncrossed(x.cells, 0, x.n)
    return {"claim": "part", "start": x.offset + start, "end": x.offset + end, "clues": clues}


def _uncrossed(cells: Sequence[int], start: int, end: int) -> tuple[int, int]:
    """Cells ``[start, end)`` less the crosses at their ends; all crossed, all of them."""
    if all(cells[p] == CROSSED for p in range(start, end)):
        return start, end
    while cells[start] == CROSSED:
        start += 1
    while cells[end - 1] == CROSSED:
        end -= 1
    return start, end


def _cause(
    x: WitnessLine, i: int, s: int, side: str, boxes: bool = True
) -> tuple[str, int, int] | None:
    """:func:`_cause_plain`, remembered per line (the same start of a clue as long is asked
    again and again by the chains, the bounds and the starts ruled out of one witness search;
    the answer depends on the cells, the clue's length, the start, the side and ``boxes``)."""
    if not FAST:
        return _cause_plain(x, i, s, side, boxes)
    key = (x.hints[i], s, side, boxes)
    known = x.causes.get(key, _MISSING)
    if known is _MISSING:
        known = x.causes[key] = _cause_plain(x, i, s, side, boxes)
    return known  # type: ignore[return-value]


def _cause_plain(
    x: WitnessLine, i: int, s: int, side: str, boxes: bool = True
) -> tuple[str, int, int] | None:
    """Why clue ``i`` cannot start at ``s`` (local cells, boxes as walls): a cross it would
    cover (the run of crosses nearest the bound, on ``side``) or, with ``boxes`` (ranges that
    treat boxes as walls), the boxes it would run into without holding them all, as
    ``("cross", start, end)`` / ``("boxes", start, end)``; None if it can."""
    h, cells = x.hints[i], x.cells
    crosses = [p for p in range(s, s + h) if cells[p] == CROSSED]
    if crosses:  # the run of crosses it would cover, nearest the bound
        cs = ce = crosses[-1] if side == "min" else crosses[0]
        while cs > 0 and cells[cs - 1] == CROSSED:
            cs -= 1
        while ce + 1 < x.n and cells[ce + 1] == CROSSED:
            ce += 1
        return ("cross", cs, ce + 1)
    if not boxes:
        return None
    for p in (s - 1, s + h):
        if 0 <= p < x.n and cells[p] == FILLED:
            bs, be = p, p + 1
            while bs > 0 and cells[bs - 1] == FILLED:
                bs -= 1
            while be < x.n and cells[be] == FILLED:
                be += 1
            return ("boxes", bs, be)
    return None


def _skips(x: WitnessLine, i: int, starts: range, side: str, boxes: bool) -> list[Claim] | None:
    """``cannot_start`` claims for clue ``i`` over ``starts``, one per run of starts with the same
    cause (in the order the bound passes them); None if one of them is possible."""
    out: list[Claim] = []
    last: tuple[str, int, int] | None = None
    for s in starts:
        cause = _cause(x, i, s, side, boxes)
        if cause is None:
            return None
        if cause == last:
            run = out[-1]
            run["min"], run["max"] = min(run["min"], s + x.offset), max(run["max"], s + x.offset)
            continue
        last = cause
        out.append(x.cannot_start(i, s, cause))
    return out


def _held_box(x: WitnessLine, r: Ranges, i: int, side: str) -> tuple[int, int] | None:
    """A block only clue ``i`` can hold that sets its earliest (latest) start in ``r``: the
    clue must reach back (on) to hold it."""
    h = x.hints[i]
    for bs, be in runs(x.cells, FILLED):
        # (where it lies first: cheaper to ask than which clues can hold it)
        if not ((side == "min" and be - h == r.lo[i]) or (side == "max" and bs == r.hi[i])):
            continue
        if r.candidates(bs, be) != [i] or (bs, be) == x.arguing:
            continue
        return bs, be
    return None


def _chain(
    x: WitnessLine,
    r: Ranges,
    i: int,
    side: str,
    placed: dict[int, tuple[int, int]],
    used: set[int],
) -> list[Claim]:
    """:func:`_chain_plain`; within a :func:`_stopped` search (``x.chains``, its chains by clue
    and side, all on its ranges and placed clues), each clue's chain on a side is worked out
    once, for the search and for the chains of the clues beyond it that run through it."""
    memo = x.chains
    if memo is None or not FAST:
        return _chain_plain(x, r, i, side, placed, used)
    got = memo.get((i, side))
    if got is None:
        mine: set[int] = set()
        got = memo[i, side] = (_chain_plain(x, r, i, side, placed, mine), mine)
    used |= got[1]
    return list(got[0])


def _chain_plain(
    x: WitnessLine,
    r: Ranges,
    i: int,
    side: str,
    placed: dict[int, tuple[int, int]],
    used: set[int],
) -> list[Claim]:
    """The claims that set clue ``i``'s earliest (``side`` "min") or latest ("max") start in
    ``r`` (box ranges tightened after placing clues on blocks), as the packing sets it: from a
    placed clue, or from the line's (part's) edge with the clues packed against it, each next
    clue after (before) the last one's bound and a gap, past the starts it cannot take, each
    with its cause (``cannot_start``); on a part, its edges are the line's (the caller states
    the ``part`` claim); or, shortest, from a box only it can hold (:func:`_held_box`, its
    ``holders`` claim first).  Ends with clue ``i``'s ``starts`` claim; a placed clue's
    bound is its block's (its ``holders`` claim, stated by the caller); the placed clues a chain
    starts from are added to ``used``."""
    mine: set[int] = set()  # the placed clues the packed chain starts from
    packed = _packed_chain(x, r, i, side, placed, mine)
    if x.boxes_hold and i not in placed and "from" in packed[-1]:
        # Reach of a box: a box the clue must hold (or the first or last box) is its bound's
        # reason when that is no longer than the packing's
        aim = x.starts(i, r.lo[i], None) if side == "min" else x.starts(i, None, r.hi[i])
        boxed = _narrowed_chain(x, r, i, side, aim)
        if boxed and len(boxed) <= len(packed):
            return boxed
    long = len(packed) > 2 and i not in placed and r.boxes
    held = _held_box(x, r, i, side) if long else None
    if held is not None:
        # a box only it can hold sets the bound: shorter than a longer chain
        bs, be = held
        bound = r.lo[i] if side == "min" else r.hi[i]
        claim = x.starts(i, bound, None) if side == "min" else x.starts(i, None, bound)
        return [x.holders(bs, be, [i]), {**claim, "from": "box"}]
    used |= mine
    return packed


def _packed_chain(
    x: WitnessLine,
    r: Ranges,
    i: int,
    side: str,
    placed: dict[int, tuple[int, int]],
    used: set[int],
) -> list[Claim]:
    """:func:`_chain` by the packing alone."""
    h = x.hints
    k = len(h)
    if side == "min":
        bound = r.lo[i]
        edge = sum(h[:i]) + i  # packed from the edge
        if i in placed:
            used.add(i)
            return [{**x.starts(i, bound, None), "from": "block"}]
        claims: list[Claim] = []
        base = edge
        if i > 0 and r.lo[i - 1] + h[i - 1] + 1 > edge:
            base = r.lo[i - 1] + h[i - 1] + 1
            if i - 1 in placed:
                used.add(i - 1)
            else:
                claims += _chain(x, r, i - 1, side, placed, used)
        skips = _skips(x, i, range(base, bound), side, r.boxes)
        claim = x.starts(i, bound, None)
    else:
        bound = r.hi[i]
        edge = x.n - sum(h[i:]) - (k - 1 - i)
        if i in placed:
            used.add(i)
            return [{**x.starts(i, None, bound), "from": "block"}]
        claims = []
        base = edge
        if i < k - 1 and r.hi[i + 1] - h[i] - 1 < edge:
            base = r.hi[i + 1] - h[i] - 1
            if i + 1 in placed:
                used.add(i + 1)
            else:
                claims += _chain(x, r, i + 1, side, placed, used)
        skips = _skips(x, i, range(base, bound, -1), side, r.boxes)
        claim = x.starts(i, None, bound)
    claim["from"] = "edge" if base == edge else "clue"
    if skips is None:  # not the packing's bound: a box narrowed it (Reach of a box's ranges)
        return _narrowed_chain(x, r, i, side, claim) or [claim]
    return [*claims, *skips, claim]


def _narrowed_chain(x: WitnessLine, r: Ranges, i: int, side: str, claim: Claim) -> list[Claim]:
    """The claims that set clue ``i``'s bound ``claim`` in ranges narrowed by the boxes
    (``narrowed_ranges``), where the packing alone does not: a block only it can hold (its
    ``holders`` claim; the last one for its earliest start, the first for its latest), or, for
    the first (last) clue, the first (last) box, which no clue before (after) it can cover
    (an ``edge_box`` claim), whichever keeps it back the farthest, then the starts it cannot
    take from there; empty when neither sets it."""
    h = x.hints[i]
    k = len(x.hints)
    blocks = runs(x.cells, FILLED)
    if not blocks:
        return []
    bound = claim["min"] if side == "min" else claim["max"]
    bound -= x.offset
    reasons: list[tuple[int, Claim]] = []  # (the start it keeps the clue back to, the claim)
    # (the last block only it can hold for its earliest start, the first for its latest)
    mine: list[tuple[int, int]] = []
    for b in reversed(blocks) if side == "min" else blocks:
        if r.candidates(*b) == [i] and b != x.arguing:
            mine.append(b)
            break
    if side == "min":
        if mine:
            reasons.append((mine[-1][1] - h, x.holders(*mine[-1], [i])))
        if i == k - 1:
            reasons.append((blocks[-1][1] - h, x.edge_box("last", *blocks[-1], i)))
        best = max(reasons, key=lambda t: t[0], default=None)
    else:
        if mine:
            reasons.append((mine[0][0], x.holders(*mine[0], [i])))
        if i == 0:
            reasons.append((blocks[0][0], x.edge_box("first", *blocks[0], i)))
        best = min(reasons, key=lambda t: t[0], default=None)
    if best is None:
        return []
    base, reason = best
    # the box must keep the clue back farther than the clues packed from the edge do
    if side == "min":
        if base <= sum(x.hints[:i]) + i:
            return []
        starts = range(base, bound)
    else:
        if base >= x.n - sum(x.hints[i:]) - (k - 1 - i):
            return []
        starts = range(base, bound, -1)
    skips = _skips(x, i, starts, side, r.boxes)
    if skips is None:
        return []
    kind = "box" if reason["claim"] == "holders" else "edge_box"
    return [reason, *skips, {**claim, "from": kind}]


def _misfit(
    x: WitnessLine, r: Ranges, s: int, e: int, placed: dict[int, tuple[int, int]], used: set[int]
) -> list[Claim]:
    """Why no clue covers a cell of ``[s, e)`` though some clue's range spans it: each start
    over the cells out of reach or ruled out where it is (:func:`_stopped`)."""
    over = [range(max(0, s - h + 1), min(e - 1, x.n - h) + 1) for h in x.hints]
    bounds, left = _stopped(x, r, over, placed, used, rule=True)
    ruled = [c for i, starts in enumerate(left) for c in _ruled_starts(x, i, starts, r.boxes)]
    ruled += _order_starts(x, over, ruled, bounds, {i: placed[i] for i in used if i in placed})
    return [*bounds, *(c for c in ruled if c not in bounds)]


def _order_starts(
    x: WitnessLine,
    over: Sequence[Sequence[int]],
    ruled: Sequence[Claim],
    bounds: Sequence[Claim],
    placed: dict[int, tuple[int, int]],
) -> list[Claim]:
    """``cannot_start`` claims (``order``: the lengths of the clues on that side) for the
    starts of ``over`` that the clues' order alone keeps a clue from, packed from the line's
    edge, where the words rule out its other starts over the cells (``ruled``, each where it
    is) and no bound ``bounds`` states, nor one they carry, does: "a 7 from cell 3 or 4 would
    leave no room for the clues 1 3 before it" (colour r0048 row 3 step 441 on c2, clue 1 3 7,
    said why the 7 could not start at cells 5–9 and left cells 3–4 to the reader's counting).
    The starts of clues the words do not name are left to it (the ninth clue over cell 3).
    Not said on a part (its clues packed from its own edges)."""
    if x.sub:
        return []
    named = {x.hints[c["clue"] - x.co] for c in ruled}  # (the words name a start by its length)
    gone = {
        (x.hints[c["clue"] - x.co], st)
        for c in ruled
        for st in range(c["min"] - x.offset, c["max"] - x.offset + 1)
    }
    h, k, n = x.hints, len(x.hints), x.n
    lo, hi = _stated_reach(x, bounds, placed)  # the bounds stated, and carried by the order
    out: list[Claim] = []
    # the clue with the fewest clues on that side first: its words hold for the later ones
    # as long ("a 5 from cell 1 would leave no room for the 1 before it", of every 5)
    for side in ("before", "after"):
        for i in range(k) if side == "before" else range(k - 1, -1, -1):
            if h[i] not in named:  # (the rest: put out of reach by the order from the edge)
                continue
            rest = [st for st in over[i] if (h[i], st) not in gone and lo[i] <= st <= hi[i]]
            if side == "before":
                edge = sum(h[:i]) + i
                starts, sizes = [st for st in rest if st < edge], h[:i]
            else:
                edge = n - sum(h[i:]) - (k - 1 - i)
                starts, sizes = [st for st in rest if st > edge], h[i + 1 :]
            if not starts:
                continue
            a, b = min(starts), max(starts)
            gone |= {(h[i], st) for st in range(a, b + 1)}
            out.append(
                {
                    "claim": "cannot_start",
                    "clue": i + x.co,
                    "min": a + x.offset,
                    "max": b + x.offset,
                    "order": side,
                    "sizes": list(sizes),
                    "size": n,
                }
            )
    return out


class _TooLong(Exception):
    """A reason being worked out is sure to pass its cap (:func:`_stopped`)."""


def _stopped(
    x: WitnessLine,
    r: Ranges,
    over: Sequence[Sequence[int]],
    placed: dict[int, tuple[int, int]],
    used: set[int],
    *,
    rule: bool,
    holders: bool = True,
    cap: int | None = None,
) -> tuple[list[Claim], list[list[int]]]:
    """What stops each clue ``i`` starting at any of ``over[i]``: the bounds that put them out
    of reach, with the clues' order and the edges, each with its chain (:func:`_chain`), and
    the starts of each clue they leave in reach.  A clue's starts past its bound on a side are
    put out of reach by the chain of the fewest new claims, its own or a farther clue's on that
    side (whose bound keeps it back by the clues' order alone); with ``rule``, when each of
    them has a cause where it is (:func:`_cause`) and ruling them out one by one takes fewer
    claims, they are left for the caller to rule out (:func:`_ruled_starts`).  The clues are
    taken from the far edge of the side (a latest start bounds the clues before it), so a bound
    already stated is not stated again for a nearer clue.  The placed clues the chains start
    from are added to ``used``; ``holders``: the one-clue ``holders`` claims of the chains (a
    box only the clue can hold) bound their clue on both sides, as they do for the reader
    unless the premise's own block's holders are stated (glue).  With ``cap``, :class:`_TooLong`
    is raised as soon as the bounds and their placed clues' blocks pass ``cap`` half phrases
    (:func:`_weight`; they only grow: the caller gives such a reason up)."""
    k = len(x.hints)

    def free(i: int, starts: Sequence[int]) -> bool:
        if not rule:
            return bool(starts)
        return any(_cause(x, i, st, "min", r.boxes) is None for st in starts)

    # the starts inside a clue's range are ruled out where they are whatever the bounds: the
    # same start of another clue as long, for the same cause, is said in the same words
    said: set[tuple[int, int, tuple[str, int, int] | None]] | None = None

    def ruling(i: int, starts: Sequence[int]) -> int:
        """The cost of ruling out ``starts`` of clue ``i`` one by one (:func:`_weight`)."""
        nonlocal said
        if not starts:
            return 0
        if said is None:
            said = {
                (x.hints[j], st, _cause(x, j, st, "min", r.boxes))
                for j in range(k)
                for st in over[j]
                if r.lo[j] <= st <= r.hi[j]
            }
        h = x.hints[i]
        new = [st for st in starts if (h, st, _cause(x, i, st, "min", r.boxes)) not in said]
        return 2 * len(_ruled_starts(x, i, new, r.boxes))

    chains: dict[tuple[int, str], tuple[list[Claim], set[int]]] = {}

    def chain(j: int, side: str) -> tuple[list[Claim], set[int]]:
        if (j, side) not in chains:
            mine: set[int] = set()
            claims = _chain(x, r, j, side, placed, mine)
            if (j, side) not in chains:  # (not remembered by _chain: FAST off)
                chains[j, side] = (claims, mine)
        return chains[j, side]

    outer, x.chains = x.chains, chains
    try:
        return _stopped_with(x, r, over, placed, used, rule, holders, cap, chain, free, ruling)
    finally:
        x.chains = outer


def _stopped_with(
    x: WitnessLine,
    r: Ranges,
    over: Sequence[Sequence[int]],
    placed: dict[int, tuple[int, int]],
    used: set[int],
    rule: bool,
    holders: bool,
    cap: int | None,
    chain: Callable[[int, str], tuple[list[Claim], set[int]]],
    free: Callable[[int, Sequence[int]], bool],
    ruling: Callable[[int, Sequence[int]], int],
) -> tuple[list[Claim], list[list[int]]]:
    """:func:`_stopped`'s search, with its chains, free starts and ruling costs."""
    k = len(x.hints)

    taken: list[tuple[int, str]] = []
    roomless: list[set[int]] = [set() for _ in range(k)]  # starts left unsaid: no room there
    stated: list[Claim] = []
    held: set[int] = set()  # the placed clues the chains taken start from
    lo, hi = _reach(x, r, stated, held, holders)
    for side in ("max", "min"):
        for i in range(k - 1, -1, -1) if side == "max" else range(k):
            if side == "max":
                past = [st for st in over[i] if r.hi[i] < st <= hi[i]]
                farther = range(i, k)
            else:
                past = [st for st in over[i] if lo[i] <= st < r.lo[i]]
                farther = range(i, -1, -1)
            # starts the clues beyond leave no room for (packed against the edge): a placed
            # block named for them would read as a premise the cells do not rest on (its
            # clue's own, or a neighbour's bound said from it without words), so none is
            edge_lo = sum(x.hints[:i]) + i
            edge_hi = x.n - sum(x.hints[i:]) - (k - 1 - i)
            if i in placed:
                roomless[i] |= {st for st in past if not edge_lo <= st <= edge_hi}
                past = [st for st in past if st not in roomless[i]]
            packed_out = all(not edge_lo <= st <= edge_hi for st in past)
            if not past:
                continue
            best: tuple[int, tuple[int, str] | None] | None = None
            if not free(i, past):
                best = (ruling(i, past), None)
            for j in farther:
                claims, mine = chain(j, side)
                if packed_out and not mine <= held:
                    continue
                new = [c for c in claims if c not in stated]
                cost = sum(map(_weight, new)) + 2 * len(mine - held)  # (a placed clue's block)
                if FAST and best is not None and cost >= best[0]:
                    continue  # (ruling the starts left out costs more still: none does better)
                lo2, hi2 = (
                    _reach(x, r, stated + new, held | mine, holders)
                    if new or not mine <= held
                    else (lo, hi)
                )
                left = [st for st in past if lo2[i] <= st <= hi2[i]]
                if free(i, left):
                    continue
                cost += ruling(i, left)
                if best is None or cost < best[0]:
                    best = (cost, (j, side))
                    if not cost:  # nothing new to say: none does better
                        break
            if best is None and packed_out:
                roomless[i] |= set(past)
                continue
            pick = (i, side) if best is None else best[1]  # (None: never expected)
            if pick is not None:
                claims, mine = chain(*pick)
                taken.append(pick)
                stated += [c for c in claims if c not in stated]
                held |= mine
                if FAST and cap is not None:
                    if sum(map(_weight, stated)) + 2 * len(held) > cap:
                        raise _TooLong
                lo, hi = _reach(x, r, stated, held, holders)

    out: list[Claim] = []  # each chain whole (its links in order), the nearest edge's clue first
    for j, side in sorted(taken, key=lambda t: (t[0], t[1] == "max")):
        out += [c for c in chain(j, side)[0] if c not in out]
    used |= held
    lo, hi = _reach(x, r, out, held, holders)
    return out, [
        [st for st in over[i] if lo[i] <= st <= hi[i] and st not in roomless[i]] for i in range(k)
    ]


def _weight(claim: Claim) -> int:
    """About how long a chain's claim is in words, in half phrases: a placed clue's bound is
    its block's (said with it), a start ruled out inside a bound's aside, a bound or a box only
    its clue can hold a phrase (as is a start ruled out on its own, outside a chain)."""
    if claim.get("from") == "block":
        return 0
    return 1 if claim["claim"] == "cannot_start" else 2


_Bound = TypeVar("_Bound", int, float)


def _claimed_bounds(
    x: WitnessLine, claims: Sequence[Claim], lo: list[_Bound], hi: list[_Bound], holders: bool
) -> None:
    """Narrow each clue's earliest and latest start ``lo`` / ``hi`` (local cells, in place) to
    the bounds ``claims`` state of it: their ``starts`` claims, the first or last boxes it holds
    (``edge_box``) and, with ``holders``, the blocks only it can hold (one-clue ``holders``)."""
    hints = x.hints
    for c in claims:
        kind = c["claim"]
        if kind == "starts":
            i = c["clue"] - x.co
            if c["min"] is not None:
                lo[i] = max(lo[i], c["min"] - x.offset)
            if c["max"] is not None:
                hi[i] = min(hi[i], c["max"] - x.offset)
        elif holders and kind == "holders" and len(c["clues"]) == 1:
            i = c["clues"][0] - x.co
            lo[i] = max(lo[i], c["end"] - x.offset - hints[i])
            hi[i] = min(hi[i], c["start"] - x.offset)
        elif kind == "edge_box":
            i = c["clue"] - x.co
            if c["side"] == "first":
                hi[i] = min(hi[i], c["start"] - x.offset)
            else:
                lo[i] = max(lo[i], c["end"] - x.offset - hints[i])


def _reach(
    x: WitnessLine, r: Ranges, claims: Sequence[Claim], held: set[int], holders: bool = True
) -> tuple[list[int], list[int]]:
    """The starts of each clue (local cells) a reader can take to be in reach, given the
    ``starts`` claims of ``claims`` (and its one-clue ``holders`` claims, with ``holders``),
    the placed clues ``held`` (at their blocks), the clues' order and the edges, as each clue's
    earliest and latest: the bounds they set, but a bound the clues' order carries over from
    another clue's is taken a cell wider for each clue it is carried past, so that a start it
    rules out by no more is said, not left to the reader's counting."""
    hints, k, n = x.hints, len(x.hints), x.n
    # the bounds stated of each clue itself (an edge is seen; -1 / n: none)
    own_lo, own_hi = [-1] * k, [n] * k
    if k:
        own_lo[0], own_hi[-1] = 0, n - hints[-1]
    _claimed_bounds(x, claims, own_lo, own_hi, holders)
    for i in held:
        own_lo[i], own_hi[i] = max(own_lo[i], r.lo[i]), min(own_hi[i], r.hi[i])
    seen_lo, seen_hi = list(own_lo), list(own_hi)  # widened by the clues carried past
    lo, hi = list(own_lo), list(own_hi)
    for i in range(1, k):
        if lo[i - 1] + hints[i - 1] + 1 > lo[i]:
            lo[i] = lo[i - 1] + hints[i - 1] + 1
            seen_lo[i] = seen_lo[i - 1] + hints[i - 1]  # a cell less than the order gives
    for i in range(k - 2, -1, -1):
        if hi[i + 1] - hints[i] - 1 < hi[i]:
            hi[i] = hi[i + 1] - hints[i] - 1
            seen_hi[i] = seen_hi[i + 1] - hints[i]
    return seen_lo, seen_hi


def simple_spaces(x: WitnessLine) -> list[Witness]:
    r = wall_ranges(x.hints, x.cells)
    return [] if r is None else _uncovered(x, r, "simple_spaces", [], placed={})


def edge_side(clue: int, clues: int, cells: Sequence[int], s: int, e: int) -> str | None:
    """The ``side`` of an ``edge_block`` claim: "first" when clue ``clue`` (of ``clues``) is the
    first and no cell of ``cells`` before the boxes ``[s, e)`` is filled, "last" when it is the
    last and none after them is, else None (the clues' order does not make it their holder)."""
    if clue == 0 and FILLED not in cells[:s]:
        return "first"
    if clue == clues - 1 and FILLED not in cells[e:]:
        return "last"
    return None


def order_reasons(
    claims: Sequence[Claim], hints: Sequence[int], cells: Sequence[int]
) -> list[Claim]:
    """``claims`` (of a line with clue ``hints`` and ``cells``, whole-line positions) with an
    ``edge_block`` claim before each one-clue ``holders`` claim whose block is the line's first
    (last) and whose clue is the first (last): the reason, by the clues' order, that only that
    clue holds it (unless a reason is there already)."""
    out: list[Claim] = []
    for c in claims:
        if c["claim"] == "holders" and len(c["clues"]) == 1 and len(hints) > 1:
            span = (c["start"], c["end"])
            given = any(
                d["claim"] in ("only_long", "edge_block") and (d["start"], d["end"]) == span
                for d in claims
            )
            i = c["clues"][0]
            side = edge_side(i, len(hints), cells, *span)
            if side is not None and not given:
                # the clues' order says it more shortly than what keeps the others off
                out = [
                    d
                    for d in out
                    if d["claim"] not in ("sole_holder", "kept_off") or d["start"] != span[0]
                ]
                out.append(
                    {
                        "claim": "edge_block",
                        "side": side,
                        "start": span[0],
                        "end": span[1],
                        "clues": [i],
                    }
                )
        out.append(c)
    return out


SOLE_WEIGHT = 6
"""The longest reason a ``sole_holder`` claim gives, in half phrases (:func:`_weight`): about
three bounds; a longer one is not given (the block's holder is then stated as a checked fact)."""


def sole_holder(
    x: WitnessLine,
    i: int,
    bs: int,
    be: int,
    r: Ranges | None = None,
    placed: dict[int, tuple[int, int]] | None = None,
    *,
    narrowed: bool = False,
    cap: int | None = None,
) -> Claim | None:
    """Why only clue ``i`` can hold the boxes ``[bs, be)`` (local cells) when neither the clues'
    order at the line's ends nor its length alone says it: a ``sole_holder`` claim whose
    ``because`` claims keep each other clue at least as long off them (:func:`_kept_off`, its
    bounds' weight at most ``cap``, by default :data:`SOLE_WEIGHT`).
    With ``placed`` (clues placed on other blocks, ``{clue: (start, end)}``) and the ranges
    ``r`` they narrowed, the chains may start from them; ``narrowed``, the ranges are those the
    other boxes narrow, each held by a clue (the chains may start from them, as Reach of a
    box's).  On the whole line, when that reason is longer than a bound, the reason said in the
    fewest words is taken of it, counting the blocks set apart by crosses
    (:func:`apart_holder`) and the walls around the boxes (:func:`over_holder`).  None when no
    clue is that long but ``i`` (the only one that long) or when no reason short enough is
    found."""
    others = [j for j, h in enumerate(x.hints) if j != i and h >= be - bs]
    if not others:
        return None
    if r is None and narrowed:  # as the other boxes narrow the ranges (as the clues must hold
        # them; not by the clue these boxes must be, which is argued)
        r = narrowed_ranges(x.hints, x.cells, (bs, be))
    elif r is None:  # the ranges the crosses and boxes allow
        r = box_ranges(x.hints, x.cells)
    if r is None or r.candidates(bs, be) != [i]:
        return None
    x.boxes_hold = narrowed
    try:
        because = _kept_off(x, r, others, bs, be, placed or {}, cap)
    finally:
        x.boxes_hold = False
    between = _between_blocks(x, r, others, bs, be)
    if between is not None and (because is None or len(between) < len(because)):
        because = between  # shorter: the blocks beside it whose clues are plain
    if x.sub or (because is not None and _weight_of(because) < OVER_WEIGHT):
        if because is None:  # (counting is the last resort: placed_sole_holder, punctuate)
            return None
        if sum(map(_weight, because)) > APART_WEIGHT:
            apart = apart_holder(x, i, bs, be)  # shorter: counting the blocks set apart
            if apart is not None and _apart_weight(apart) < sum(map(_weight, because)):
                return apart
        return {**x.holders(bs, be, [i]), "claim": "sole_holder", "because": because}
    # on the whole line, of the reasons found the one said in the fewest words: the bounds',
    # counting the blocks set apart by crosses, or the walls around the boxes (the clues too
    # long for them said at once)
    over = None
    if because is None or _any_kind(because, "cannot_start"):
        # (the walls say at once what starts ruled out one by one say: none, nothing to gain)
        x.boxes_hold = narrowed
        try:
            over = over_holder(x, i, bs, be, r, placed)
        finally:
            x.boxes_hold = False
    found = [
        c
        for c in (
            None
            if because is None
            else {**x.holders(bs, be, [i]), "claim": "sole_holder", "because": because},
            apart_holder(x, i, bs, be),
            over,
        )
        if c is not None
    ]
    if len(found) < 2:
        return found[0] if found else None
    return min(found, key=lambda c: _words(x, c))


LAST_WEIGHT = 8
"""The longest reason a Finished block's ``sole_holder`` claim gives from the bounds when no
shorter one is found (:data:`SOLE_WEIGHT`'s three bounds, one more): taken where the block's
clue would otherwise be said with no reason, or with the boxes each other clue would leave
unheld in more words (jwilk 2039 row 18: "the third clue, 2, starts at cell 18 or later, after
the second clue, 1, so the fourth starts at cell 24 or later (cell 23 is crossed)")."""


def _short_said(x: WitnessLine, i: int, bs: int, be: int) -> bool:
    """Whether the words may give clue ``i`` alone holding the boxes ``[bs, be)`` a short reason
    (:func:`short_reasons`, which the step's words add where they have room): on a part, or
    one is found on the whole line."""
    return x.sub or bool(short_reasons(x.hints, x.cells, bs, be, i))


def _unheld_only(sole: Claim) -> bool:
    """Whether a ``sole_holder`` claim's reason is the boxes each other clue would leave
    unheld (``stranded`` claims) alone."""
    return all(c["claim"] == "stranded" for c in sole["because"])


OVER_WEIGHT = 2
"""About the least weight (:func:`_weight`) of an ``over`` reason: one length and one cross,
about one bound's phrase; a reason shorter than that is kept without looking further."""


def _any_kind(claims: Sequence[Claim], kind: str) -> bool:
    """Whether some of ``claims`` are of ``kind``."""
    return any(c["claim"] == kind for c in claims)


def _weight_of(because: Sequence[Claim]) -> int:
    return sum(map(_weight, because))


def _words(x: WitnessLine, sole: Claim) -> int:
    """The words of a ``sole_holder`` claim's reason on the whole line ``x``."""
    from nonostudio.analysis.explaining.premise_text import Naming, sole_words

    return len(sole_words(Naming("row", tuple(x.hints), x.n), sole).split())


OVER_CAUSES = 3
"""The most crosses and boxes an ``over`` reason names (more: too long to follow)."""


def over_holder(
    x: WitnessLine,
    i: int,
    bs: int,
    be: int,
    r: Ranges | None = None,
    placed: dict[int, tuple[int, int]] | None = None,
) -> Claim | None:
    """A ``sole_holder`` claim with an ``over`` reason: the other clues at least as long as the
    boxes ``[bs, be)`` whose every start over them would cover a cross or run into other boxes
    are kept off by that alone (``cannot_start`` claims, naming at most :data:`OVER_CAUSES`
    crosses and boxes; ``over`` lists their lengths, which the words name: "a 3 or a 4 over
    cell 10 would cover the cross at cell 9 or run into the boxes at cells 12–14"), the others
    as :func:`_kept_off` keeps them off (in the ranges ``r``, from the ``placed`` clues).  None
    when no clue is kept off that way, the others are not kept off, or on a part."""
    others = [j for j, h in enumerate(x.hints) if j != i and h >= be - bs]
    if x.sub or not others:
        return None
    walls: list[Claim] = []
    rest: list[int] = []
    for j in others:
        h = x.hints[j]
        starts = list(range(max(0, be - h), min(bs, x.n - h) + 1))
        ruled = _ruled_starts(x, j, starts, True)
        if not starts or sum(c["max"] - c["min"] + 1 for c in ruled) != len(starts):
            rest.append(j)
        else:
            walls += ruled
    causes = {tuple(c.get("cross") or c["boxes"]) for c in walls}
    if not walls or len(causes) > OVER_CAUSES:
        return None
    because: list[Claim] = []
    if rest:
        if r is None:
            r = box_ranges(x.hints, x.cells)
        if r is None:
            return None
        kept = _kept_off(x, r, rest, bs, be, placed or {})
        if kept is None:
            return None
        because = kept
    over = sorted({x.hints[c["clue"] - x.co] for c in walls})
    return {
        **x.holders(bs, be, [i]),
        "claim": "sole_holder",
        "because": [*because, *walls],
        "over": over,
        "walls": len(walls),
    }


APART_WEIGHT = 3
"""About how long an ``apart`` claim is in words, in half phrases (:func:`_weight`): the
blocks before and after (a phrase and a half); with the clues too long for the cells around
the boxes, as long as the longest reason from the bounds (:data:`SOLE_WEIGHT`), so then it is
given only when the bounds give none."""


def _apart_weight(sole: Claim) -> int:
    """:data:`APART_WEIGHT` of a ``sole_holder`` claim whose reason is an ``apart`` claim."""
    return SOLE_WEIGHT if "gap" in sole["because"][0] else APART_WEIGHT


def apart_holder(x: WitnessLine, i: int, bs: int, be: int) -> Claim | None:
    """A ``sole_holder`` claim by counting, for when the bounds give no short reason: an
    ``apart`` claim's blocks before and after the boxes ``[bs, be)`` (local cells, whole line
    only), set apart by crosses, are as many clues before and after their holder, and the clues
    as long left between are too long for the cells between the crosses around the boxes; None
    when that leaves another clue as long (or on a part, or no other clue is as long)."""
    others = [j for j, h in enumerate(x.hints) if j != i and h >= be - bs]
    if x.sub or not others:
        return None
    why = apart_claim(x.hints, x.cells, i, bs, be, others)
    if why is None:
        return None
    return {**x.holders(bs, be, [i]), "claim": "sole_holder", "because": [why]}


def apart_claim(
    hints: Sequence[int], cells: Sequence[int], i: int, bs: int, be: int, others: Sequence[int]
) -> Claim | None:
    """An ``apart`` claim that keeps each clue of ``others`` (all but ``i``) off the boxes
    ``[bs, be)`` of the line ``cells`` (clue ``hints``): the fewest blocks before and after the
    boxes, each set apart from the next (and from the boxes) by a cross, so that every clue of
    ``others`` is among the clues those blocks need before (after) the holder or, when it is
    not, too long for the cells between the crosses (or edges) around the boxes (the ``gap``,
    stated only then); None when no such claim keeps them all off (or clue ``i`` is not left)."""
    n, k = len(cells), len(hints)
    gs = bs
    while gs > 0 and cells[gs - 1] != CROSSED:
        gs -= 1
    ge = be
    while ge < n and cells[ge] != CROSSED:
        ge += 1

    def groups(positions: Iterable[int]) -> list[tuple[int, int]]:
        """A block of each run of boxes set apart by crosses, nearest the boxes first."""
        out: list[tuple[int, int]] = []
        crossed = True  # (the crosses around the boxes' cells part them from the boxes)
        for p in positions:
            if cells[p] == FILLED and crossed:
                a = b = p
                while a > 0 and cells[a - 1] == FILLED:
                    a -= 1
                while b + 1 < n and cells[b + 1] == FILLED:
                    b += 1
                out.append((a, b + 1))
                crossed = False
            elif cells[p] == CROSSED:
                crossed = True
        return out

    before = groups(range(gs - 1, -1, -1))
    after = groups(range(ge, n))
    if not i < k - len(after) or not len(before) <= i:
        return None
    need_before = need_after = 0
    wide = False
    for j in others:
        if j < len(before) and j < i:
            need_before = max(need_before, j + 1)
        elif j >= k - len(after) and j > i:
            need_after = max(need_after, k - j)
        elif hints[j] > ge - gs:
            wide = True
        else:
            return None
    if hints[i] > ge - gs:
        return None
    claim: Claim = {
        "claim": "apart",
        "start": bs,
        "end": be,
        "before": [list(b) for b in reversed(before[:need_before])],
        "after": [list(b) for b in after[:need_after]],
    }
    if wide:
        claim["gap"] = [gs, ge]
        claim["long"] = [j for j in others if need_before <= j < k - need_after]
    return claim


def _between_blocks(
    x: WitnessLine, r: Ranges, others: Sequence[int], bs: int, be: int
) -> list[Claim] | None:
    """The shortest reason that the clues ``others`` (local) cannot cover the boxes ``[bs, be)``
    found from the blocks beside them whose one clue is plain — the line's first (last) block,
    the first (last) clue's (``edge_block``), or a block only one clue is as long as
    (``only_long``): the nearest such block on one side or each, with its ``holders`` claim,
    when by the clues' order alone (:func:`_stated_reach`) they keep every one of ``others``
    off the boxes; None when they do not (or on a part)."""
    if x.sub:
        return None
    near: list[list[Claim]] = [[], []]  # (before the boxes, after them)
    for side, blocks in enumerate((runs(x.cells, FILLED)[::-1], runs(x.cells, FILLED))):
        for b in blocks:
            if (b[1] >= bs) if side == 0 else (b[0] < be):
                continue
            owners = r.candidates(*b)
            if len(owners) != 1:
                continue
            j = owners[0]
            why = x.edge_block(*b, owners)
            if why is None and all(h < b[1] - b[0] for k, h in enumerate(x.hints) if k != j):
                why = {**x.holders(*b, [j]), "claim": "only_long"}
            if why is not None:
                near[side] = [why, x.holders(*b, [j])]
                break
    for claims in (near[0], near[1], near[0] + near[1]):
        if not claims:
            continue
        lo, hi = _stated_reach(x, claims)
        if not any(
            lo[j] <= s <= hi[j]
            for j in others
            for s in range(max(0, be - x.hints[j]), min(bs, x.n - x.hints[j]) + 1)
        ):
            return claims
    return None


def placed_sole_holder(
    x: WitnessLine, i: int, bs: int, be: int, cap: int | None = None
) -> Claim | None:
    """:func:`sole_holder` from the other blocks only one clue can be and as long as it (each
    placed on its block, the ranges tightened; not the boxes ``[bs, be)``), else from the boxes
    the other clues must hold (``narrowed``), else by counting the blocks set apart by crosses
    (:func:`apart_holder`); None when none gives a reason within ``cap`` (by default
    :data:`SOLE_WEIGHT`)."""
    r = box_ranges(x.hints, x.cells)
    placed: dict[int, tuple[int, int]] = {}
    for b in runs(x.cells, FILLED):
        owners = [] if r is None or b == (bs, be) else r.candidates(*b)
        # (a block as long as its one clue: the clue is exactly there)
        if len(owners) == 1 and x.hints[owners[0]] == b[1] - b[0] and r is not None:
            if not r.owned_by(owners[0], *b):
                return apart_holder(x, i, bs, be)
            placed[owners[0]] = b
    if r is not None and placed and r.tighten():
        sole = sole_holder(x, i, bs, be, r, placed, cap=cap)
        if sole is not None:
            return sole
    return sole_holder(x, i, bs, be, narrowed=True, cap=cap) or apart_holder(x, i, bs, be)


def _kept_off(
    x: WitnessLine,
    r: Ranges,
    clues: Sequence[int],
    bs: int,
    be: int,
    placed: dict[int, tuple[int, int]],
    cap: int | None = None,
) -> list[Claim] | None:
    """The claims that keep each of ``clues`` (local) off the boxes ``[bs, be)``: the bounds
    that put its starts over them out of reach, each with its chain (:func:`_chain`, in the
    ranges ``r``; from the ``placed`` clues' blocks, their ``holders`` claims first), the
    bound the clues packed against the edge set for the nearest of them on each side that
    nothing else stops (the clues' order is the crux here; the farther ones follow it), then
    the starts left ruled out where they are (a cross they would cover, boxes they would run
    into); on a part, its own claim first (its edges bound its clues).  None when they leave a
    start over the boxes unexplained or pass :data:`SOLE_WEIGHT` (or ``cap``)."""
    cap = SOLE_WEIGHT if cap is None else cap
    over = [
        range(max(0, be - h), min(bs, x.n - h) + 1) if j in clues else range(0)
        for j, h in enumerate(x.hints)
    ]
    x.arguing = (bs, be)
    used: set[int] = set()
    try:
        bounds, left = _stopped(x, r, over, placed, used, rule=True, cap=cap)
    except _TooLong:  # its bounds alone pass SOLE_WEIGHT: no reason a player follows
        return None
    finally:
        x.arguing = None
    ruled = [c for j, starts in enumerate(left) for c in _ruled_starts(x, j, starts, r.boxes)]
    out = {(c["clue"] - x.co, s - x.offset) for c in ruled for s in range(c["min"], c["max"] + 1)}
    if any((j, s) not in out for j, starts in enumerate(left) for s in starts):
        return None
    blocks = [x.holders(*placed[j], [j]) for j in sorted(used)]
    k = len(x.hints)
    order: list[Claim] = []

    reach: dict[int, tuple[list[float], list[float]]] = {}  # by len(order): it only grows

    def open_starts(j: int) -> list[int]:
        if not FAST:
            lo, hi = _stated_reach(x, [*blocks, *order, *bounds, *ruled])
        else:
            if len(order) not in reach:
                reach[len(order)] = _stated_reach(x, [*blocks, *order, *bounds, *ruled])
            lo, hi = reach[len(order)]
        return [s for s in over[j] if (j, s) not in out and lo[j] <= s <= hi[j]]

    for side, near in (("max", sorted(clues, reverse=True)), ("min", sorted(clues))):
        for j in near:
            lo, hi = sum(x.hints[:j]) + j, x.n - sum(x.hints[j:]) - (k - 1 - j)
            starts = [s for s in open_starts(j) if (s < lo if side == "min" else s > hi)]
            if starts:
                bound = (lo, None) if side == "min" else (None, hi)
                order.append({**x.starts(j, *bound), "from": "edge"})
                break
    if any(open_starts(j) for j in range(k)):
        return None

    def beyond(c: Claim) -> bool:  # a start ruled out that an order bound keeps back anyway
        return any(
            o["clue"] == c["clue"]
            and (c["max"] < o["min"] if o["min"] is not None else c["min"] > o["max"])
            for o in order
        )

    ruled = [c for c in ruled if c not in bounds and not beyond(c)]
    because = [*blocks, *order, *bounds, *ruled]
    if sum(map(_weight, because)) > cap:  # too long to be a reason a player follows
        return None
    if x.sub:  # the part's edges bound its clues: its own claim says so
        because.insert(0, _part_claim(x))
    return because


def _stated_reach(
    x: WitnessLine,
    claims: Sequence[Claim],
    placed: Mapping[int, tuple[int, int]] | None = None,
) -> tuple[list[float], list[float]]:
    """Each clue's earliest and latest start (local cells) by what ``claims`` state alone — their
    bounds, the blocks they place a clue on, the first or last boxes — and the blocks ``placed``
    on a clue (clue -> its block's start and end), carried to the clues farther on by the
    clues' order, not by the edges (what a ``sole_holder`` claim's reason must say itself;
    -inf / inf: none)."""
    k, hints = len(x.hints), x.hints
    lo, hi = [-math.inf] * k, [math.inf] * k
    _claimed_bounds(x, claims, lo, hi, holders=True)
    for i, (bs, be) in (placed or {}).items():
        lo[i], hi[i] = max(lo[i], be - hints[i]), min(hi[i], bs)
    for i in range(1, k):
        lo[i] = max(lo[i], lo[i - 1] + hints[i - 1] + 1)
    for i in range(k - 2, -1, -1):
        hi[i] = min(hi[i], hi[i + 1] - hints[i] - 1)
    return lo, hi


def punctuate(x: WitnessLine) -> list[Witness]:
    r = box_ranges(x.hints, x.cells)
    if r is None:
        return []
    out = []
    placed: list[Claim] = []
    where: dict[int, tuple[int, int]] = {}
    # what keeps the other clues off a block only one clue can be, worked out only for the
    # blocks the words name (a finished block's own premise, a reach's placed blocks)
    sole: dict[tuple[int, int], Claim | None] = {}

    def sole_of(i: int, bs: int, be: int, before: dict[int, tuple[int, int]]) -> Claim | None:
        if (bs, be) not in sole:
            why = sole_holder(x, i, bs, be)
            placing = box_ranges(x.hints, x.cells) if why is None and before else None
            if placing is not None:  # from the blocks placed
                for j, b in before.items():
                    placing.owned_by(j, *b)
                if placing.tighten():
                    why = sole_holder(x, i, bs, be, placing, dict(before))
            if why is None:  # from every block placed (those after it too), else from the
                # boxes the other clues must hold, else by counting the blocks set apart
                why = placed_sole_holder(x, i, bs, be)
            if why is None:  # else by the boxes each other clue would leave unheld
                why = stranded_sole(x, i, bs, be)
            if (why is None or _unheld_only(why)) and not _short_said(x, i, bs, be):
                # else, or in fewer words, by a few more bounds
                longer = sole_holder(x, i, bs, be, cap=LAST_WEIGHT) or placed_sole_holder(
                    x, i, bs, be, LAST_WEIGHT
                )
                if longer is not None and (why is None or _words(x, longer) < _words(x, why)):
                    why = longer
            sole[bs, be] = why
        return sole[bs, be]

    for bs, be in runs(x.cells, FILLED):
        owners = r.candidates(bs, be)
        if owners and max(x.hints[i] for i in owners) == be - bs:
            w = Witness("punctuate", [x.block(bs, be), x.holders(bs, be, owners)])
            others = [h for j, h in enumerate(x.hints) if j not in owners]
            why = x.edge_block(bs, be, owners)  # why only that clue: the clues' order
            if len(owners) == 1 and not x.sub and all(h < be - bs for h in others):
                # or it is the only one as long as the block
                why = {**x.holders(bs, be, owners), "claim": "only_long"}
            x.decide(w, [bs - 1, be], CROSSED)
            if why is None and len(owners) == 1 and w.cells:  # or what keeps the others off
                why = sole_of(owners[0], bs, be, where)
            if why is not None:
                w.claims.insert(1, why)
            if w.cells:
                out.append(w)
            if len(owners) == 1:
                if not r.owned_by(owners[0], bs, be):
                    return out
                if why is not None:
                    placed.append(why)
                placed.append(x.holders(bs, be, owners))
                where[owners[0]] = (bs, be)
    if placed and r.tighten():
        reach = _uncovered(x, r, "punctuate_reach", [], given=placed, placed=where)
        for w in reach:  # a placed block named without its reason: what keeps the others off
            for c in list(w.claims):
                if c["claim"] != "holders" or len(c["clues"]) != 1:
                    continue
                span = (c["start"] - x.offset, c["end"] - x.offset)
                i = c["clues"][0] - x.co
                if where.get(i) != span or any(
                    d is not c and "start" in d and (d["start"], d["end"]) == (c["start"], c["end"])
                    for d in w.claims
                    if d["claim"] in ("only_long", "edge_block", "sole_holder")
                ):
                    continue
                before = {j: b for j, b in where.items() if b[0] < span[0] and j != i}
                why = sole_of(i, *span, before)
                if why is not None:
                    w.claims.insert(w.claims.index(c), why)
        out += reach
    return out


def glue(x: WitnessLine) -> list[Witness]:
    r = box_ranges(x.hints, x.cells)
    if r is None:
        return []
    gaps = open_gaps(x.cells)
    out = []
    for bs, be in runs(x.cells, FILLED):
        gs, ge = next(g for g in gaps if g[0] <= bs < g[1])
        sure: tuple[int, int] | None = None
        claims: list[Claim] = []
        beyond: list[Sequence[int]] = [() for _ in x.hints]  # starts out of a holder's range
        inside: list[Sequence[int]] = [() for _ in x.hints]
        ruled: list[Claim] = []
        found: dict[int, list[int]] = {}  # each possible holder's starts in the gap
        for i in r.candidates(bs, be):
            h = x.hints[i]
            starts = [
                s
                for s in range(max(gs, be - h, r.lo[i]), min(bs, ge - h, r.hi[i]) + 1)
                if r.allowed(i, s)
            ]
            if starts:
                found[i] = starts
        for i, starts in found.items():  # the move's cells: covered by every possible holder
            lo, hi = max(starts), min(starts) + x.hints[i]
            sure = (lo, hi) if sure is None else (max(sure[0], lo), min(sure[1], hi))
        if sure is None or not x.unknown(range(*sure)):
            continue  # (no cell to decide: no words)
        every = dict(found)
        kept = _kept_holders(x, r, found, bs, be)  # (the words name only those left)
        also = None  # counting what the bounds left, beside their kept_off claim
        if len(found) > 1:  # or all but one, by counting the blocks set apart by crosses
            counted = _counted_holders(x, every, bs, be)
            if counted is not None:
                found, kept = every, counted
            elif kept is not None:
                also = _counted_holders(x, found, bs, be)
        unable = None  # the holders left that cannot reach the box, with a longer reason
        if len(found) > 1:
            unable = _kept_holders(x, r, found, bs, be, longer=True)
            if kept is None:
                kept, unable = unable, None
        holders = list(found)
        far = None  # the clues as long that cannot reach the box at all, when some are dropped
        # or several offered: what keeps them off (a short reason), or they go unsaid
        if not x.sub and (kept is not None or len(holders) > 1):
            said = [c for k in (kept, also, unable) if k is not None for c in k["because"]]
            low, high = _stated_reach(x, said)  # (those the reasons said keep off: not again)
            others = [
                j
                for j, h in enumerate(x.hints)
                if j not in every
                and h >= be - bs
                and any(low[j] <= st <= high[j] for st in range(be - h, bs + 1))
            ]
            why = _kept_off(x, r, others, bs, be, {}) if others else None
            if why:
                far = {**x.holders(bs, be, others), "claim": "kept_off", "because": why}
                if kept is None:
                    kept, far = far, None
        stranded = _stranded_holders(x, found, bs, be) if len(found) > 1 else None
        if stranded is not None:  # those left unable to hold it: what it would leave unheld
            holders = list(found)
            if kept is None:
                kept, stranded = stranded, None
        for i in holders:
            h, starts = x.hints[i], found[i]
            claims.append(x.holder_starts(i, bs, be, min(starts), max(starts)))
            walls = range(max(gs, be - h), min(bs, ge - h) + 1)
            out_of = [s for s in walls if s < min(starts) or s > max(starts)]
            beyond[i] = [s for s in out_of if s < r.lo[i] or s > r.hi[i]]
            # within its range but not allowed: a box it would run into
            inside[i] = [s for s in out_of if r.lo[i] <= s <= r.hi[i]]
        if sure is None:
            continue
        # the bounds that keep each holder from starts nearer the gap's walls, out of its range
        # (the block's possible holders bound none of them), and what rules out the rest
        reasons, left = _stopped(x, r, beyond, {}, set(), rule=True, holders=False)
        for i in holders:
            ruled += _ruled_starts(x, i, sorted({*inside[i], *left[i]}), True)
        if x.sub and reasons:  # the part's edges bound its clues
            reasons.insert(0, _part_claim(x))
        block = [x.block(bs, be), x.holders(bs, be, holders)]
        sole = None
        if len(holders) == 1 and not kept:
            sole = sole_holder(x, holders[0], bs, be) or placed_sole_holder(x, holders[0], bs, be)
        if (
            len(holders) == 1
            and len(x.hints) > 1
            and not x.sub
            and all(h < be - bs for j, h in enumerate(x.hints) if j != holders[0])
        ):  # why only it: no other clue is as long as the box
            block.insert(1, {**x.holders(bs, be, holders), "claim": "only_long"})
        elif sole is not None:  # or what keeps the other clues as long off the box
            block.insert(1, sole)
        elif kept is not None:  # why not the holders dropped: what keeps them off it
            block.insert(1, kept)
            if also is not None:  # and the rest, by counting
                block.insert(2, also)
            if unable is not None:  # and those unable to reach it, at more length
                block.insert(2 + (also is not None), unable)
            if far is not None:  # and the clues as long out of reach
                block.insert(2 + (also is not None) + (unable is not None), far)
            if stranded is not None:  # and those that would leave other boxes unheld
                at = 2 + sum(c is not None for c in (also, unable, far))
                block.insert(at, stranded)
        w = Witness("glue", [*reasons, *block, *claims, *ruled])
        x.decide(w, range(*sure), FILLED)
        if w.cells:
            gap = x.gap(gs, ge)
            if x.sub:  # the part's words say it holds its clues: its edges go without saying
                gap["part_said"] = True
            w.claims.insert(len(reasons) + 1, gap)
            out.append(w)
    return out


def _holds(x: WitnessLine, i: int, bs: int, be: int) -> bool:
    """Whether clue ``i`` covers the boxes ``[bs, be)`` in some arrangement of the line (the
    clues before it fit the cells before its block, those after it the cells after)."""
    h, n, cells = x.hints[i], x.n, x.cells
    for t in range(max(0, be - h), min(bs, n - h) + 1):
        if any(cells[p] == CROSSED for p in range(t, t + h)):
            continue
        if (t > 0 and cells[t - 1] == FILLED) or (t + h < n and cells[t + h] == FILLED):
            continue
        if i and (t == 0 or not count_arrangements(x.hints[:i], cells[: t - 1])):
            continue
        if count_arrangements(x.hints[i + 1 :], cells[t + h + 1 :]):
            return True
    return False


def side_fits(
    clues: Sequence[int], cells: Sequence[int], lo: int, hi: int, spans: Sequence[Sequence[int]]
) -> bool:
    """Whether the clues ``clues`` fit in order in cells ``[lo, hi)`` (a cell apart, none on a
    cross) with each of the boxes ``spans`` (``[start, end)``, ascending) inside one of them:
    only those boxes are asked to be held (the line's other boxes are not looked at)."""
    spans = sorted(tuple(sp) for sp in spans)
    memo: dict[tuple[int, int, int], bool] = {}

    def fit(i: int, p: int, q: int) -> bool:
        if q < len(spans) and spans[q][0] < p:
            return False  # a box left behind, uncovered
        if i == len(clues):
            return q == len(spans)
        key = (i, p, q)
        if key in memo:
            return memo[key]
        h, ok = clues[i], False
        for s in range(p, hi - h + 1):
            if q < len(spans) and spans[q][0] < s:
                break
            if any(cells[c] == CROSSED for c in range(s, s + h)):
                continue
            r = q
            while r < len(spans) and spans[r][1] <= s + h:
                r += 1
            if r < len(spans) and spans[r][0] < s + h:
                continue  # a box only partly covered
            if fit(i + 1, s + h + 1, r):
                ok = True
                break
        memo[key] = ok
        return ok

    if any(a < lo or b > hi for a, b in spans):
        return False
    return fit(0, lo, 0)


STRANDED_SPANS = 3
"""The most boxes a ``stranded`` claim names (more: no reason a player follows)."""


def _stranded_claim(
    x: WitnessLine, bs: int, be: int, clue: int, side: str, spans: Sequence[Sequence[int]]
) -> Claim:
    """The ``stranded`` claim: were the block at ``bs``-``be`` (of the part ``x``) clue
    ``clue``, the clues on ``side`` of it could not hold the boxes at ``spans``."""
    return {
        "claim": "stranded",
        "start": bs + x.offset,
        "end": be + x.offset,
        "clue": clue + x.co,
        "side": side,
        "boxes": [[a + x.offset, b + x.offset] for a, b in spans],
    }


def _stranded(x: WitnessLine, i: int, bs: int, be: int) -> Claim | None:
    """A ``stranded`` claim: if clue ``i`` held the boxes ``[bs, be)`` (whole line), the clues
    on one side of it could not hold the fewest boxes on that side (nearest first, at most
    :data:`STRANDED_SPANS`, none it could cover itself), at any of its starts; None when none
    such is found."""
    h, n, cells = x.hints[i], x.n, x.cells
    starts = [
        t
        for t in range(max(0, be - h), min(bs, n - h) + 1)
        if not any(cells[p] == CROSSED for p in range(t, t + h))
    ]
    if not starts:
        return None
    blocks = runs(cells, FILLED)
    for side in ("before", "after"):
        if side == "before":
            near = [b for b in reversed(blocks) if b[1] < bs and b[0] < min(starts)]
            clues = x.hints[:i]
        else:
            near = [b for b in blocks if b[0] > be and b[1] > max(starts) + h]
            clues = x.hints[i + 1 :]
        near = near[: STRANDED_SPANS + 2]
        for size in range(1, min(STRANDED_SPANS, len(near)) + 1):
            for chosen in _subsets(near, size):
                spans = sorted(chosen)
                if not any(
                    side_fits(clues, cells, 0, t - 1, spans)
                    if side == "before"
                    else side_fits(clues, cells, t + h + 1, n, spans)
                    for t in starts
                ):
                    return _stranded_claim(x, bs, be, i, side, spans)
    return None


def _subsets(items: Sequence[tuple[int, int]], size: int) -> Iterable[list[tuple[int, int]]]:
    """The ``size``-long subsets of ``items``, in order (those of the first ones first)."""
    if size == 0:
        yield []
        return
    for k in range(size - 1, len(items)):
        for rest in _subsets(items[:k], size - 1):
            yield [*rest, items[k]]


def _stranded_holders(
    x: WitnessLine, found: dict[int, list[int]], bs: int, be: int
) -> Claim | None:
    """Of the possible holders ``found`` of the boxes ``[bs, be)`` (several, whole line), those
    left that cannot hold them in any arrangement, when a ``stranded`` claim says why for each
    (holding them would leave boxes beside them no clue on that side can hold), are dropped
    from ``found``: a ``kept_off`` claim naming them with those reasons (None: none is
    dropped).  The last resort, so that no clue unable to hold a box is offered as its
    holder."""
    if x.sub:
        return None
    because: list[Claim] = []
    dropped: list[int] = []
    for j in list(found):
        if len(found) == 1 or _holds(x, j, bs, be):
            continue
        why = _stranded(x, j, bs, be)
        if why is None:
            continue
        because.append(why)
        dropped.append(j)
        del found[j]
    if not dropped:
        return None
    return {**x.holders(bs, be, dropped), "claim": "kept_off", "because": because}


def _near_boxes(x: WitnessLine, j: int, bs: int, be: int, side: str) -> list[tuple[int, int]]:
    """The blocks on ``side`` of the boxes ``[bs, be)`` out of reach of clue ``j`` over them
    (nearest first, at most :data:`STRANDED_SPANS` + 2); none when ``j`` cannot cover them."""
    h = x.hints[j]
    starts = [
        t
        for t in range(max(0, be - h), min(bs, x.n - h) + 1)
        if not any(x.cells[p] == CROSSED for p in range(t, t + h))
    ]
    if not starts:
        return []
    blocks = runs(x.cells, FILLED)
    if side == "before":
        near = [b for b in reversed(blocks) if b[1] < bs and b[0] < min(starts)]
    else:
        near = [b for b in blocks if b[0] > be and b[1] > max(starts) + h]
    return near[: STRANDED_SPANS + 2]


def _strands(
    x: WitnessLine, j: int, bs: int, be: int, side: str, spans: Sequence[tuple[int, int]]
) -> bool:
    """Whether clue ``j`` over the boxes ``[bs, be)``, at any of its starts (none on a cross),
    leaves the clues on ``side`` of it unable to hold the boxes ``spans`` (none it covers)."""
    h, n, cells = x.hints[j], x.n, x.cells
    starts = [
        t
        for t in range(max(0, be - h), min(bs, n - h) + 1)
        if not any(cells[p] == CROSSED for p in range(t, t + h))
    ]
    if not starts or any(t <= a and b <= t + h for t in starts for a, b in spans):
        return False
    clues = x.hints[:j] if side == "before" else x.hints[j + 1 :]
    return not any(
        side_fits(clues, cells, 0, t - 1, spans)
        if side == "before"
        else side_fits(clues, cells, t + h + 1, n, spans)
        for t in starts
    )


def stranded_sole(x: WitnessLine, i: int, bs: int, be: int) -> Claim | None:
    """A ``sole_holder`` claim for the boxes ``[bs, be)`` (whole line) whose reason is a
    ``stranded`` claim for every other clue at least as long: each would leave boxes on one
    side that the clues on that side cannot hold.  The clues before ``i`` are tried with the
    same boxes before it, those after with the same boxes after it (so the words say them
    once), else each with its own.  The last resort when nothing shorter says why; None when
    some clue has no such reason."""
    if x.sub:
        return None
    others = [j for j, h in enumerate(x.hints) if j != i and h >= be - bs]
    if not others:
        return None
    because: list[Claim] = []
    sides = (("before", [j for j in others if j < i]), ("after", [j for j in others if j > i]))
    for side, group in sides:
        if not group:
            continue
        near = _near_boxes(x, group[-1] if side == "before" else group[0], bs, be, side)
        common = None
        for size in range(1, min(STRANDED_SPANS, len(near)) + 1):
            for chosen in _subsets(near, size):
                spans = sorted(chosen)
                if all(_strands(x, j, bs, be, side, spans) for j in group):
                    common = spans
                    break
            if common is not None:
                break
        for j in group:
            if common is not None:
                why: Claim | None = _stranded_claim(x, bs, be, j, side, common)
            else:
                why = _stranded(x, j, bs, be)
            if why is None:
                return None
            because.append(why)
    return {**x.holders(bs, be, [i]), "claim": "sole_holder", "because": because}


def stranded_short(
    hints: Sequence[int], cells: Sequence[int], s: int, e: int, i: int
) -> list[Claim]:
    """:func:`stranded_sole` of the filled cells ``[s, e)`` of the whole line (clue ``hints``,
    ``cells``) as a short reason (a list of one claim, or none): each other clue as long
    would leave boxes on one side the clues there cannot hold ("if the box at cell 19 were the
    first or third clue, the clues before it could not hold the boxes at cells 14–15, so the
    block at cell 19 can only be the second clue, 1": jwilk data079 row 6 step 139, the 3
    holding cell 19 starting by cell 17, the 4 and 1 before it then unable to hold cells 14–15).
    The one taken where no other short reason is found: it counts the boxes around the block,
    which the room reasons (the crosses alone) do not."""
    why = stranded_sole(WitnessLine(hints, cells, 0, 0, sub=False), i, s, e)
    return [] if why is None else [why]


def _counted_holders(x: WitnessLine, found: dict[int, list[int]], bs: int, be: int) -> Claim | None:
    """Of the possible holders ``found`` of the boxes ``[bs, be)`` (several), all but one kept
    off them by counting the blocks set apart by crosses (:func:`apart_claim`) are dropped from
    ``found``: a ``kept_off`` claim naming them with that reason (None: counting leaves more
    than one, or on a part).  Counting that keeps every other clue as long as the boxes off
    them is taken first (the reason is then whole: "two blocks before cell 10 and one after
    it"); else counting that keeps the other possible holders off (the clues the bounds leave
    no start on the boxes go unsaid, as in the words that offer several holders)."""
    if len(found) < 2 or x.sub:
        return None
    long = [j for j, h in enumerate(x.hints) if h >= be - bs]
    for whole in (True, False):
        for i in found:
            others = [j for j in (long if whole else found) if j != i]
            why = apart_claim(x.hints, x.cells, i, bs, be, others)
            if why is not None:
                for j in [j for j in found if j != i]:
                    del found[j]
                return {**x.holders(bs, be, others), "claim": "kept_off", "because": [why]}
    return None


UNABLE_WEIGHT = 10
"""The longest reason (:func:`_weight`) keeping off a box a possible holder by the ranges that
the other boxes narrow cannot reach (Edges and walls): longer than :data:`SOLE_WEIGHT`, as
offering a clue that cannot hold the box misleads more than a longer reason."""


def _kept_holders(
    x: WitnessLine,
    r: Ranges,
    found: dict[int, list[int]],
    bs: int,
    be: int,
    *,
    longer: bool = False,
) -> Claim | None:
    """Of the possible holders ``found`` of the boxes ``[bs, be)`` (``{clue: starts}``, several),
    those a short reason keeps off them (:func:`_kept_off`, together within
    :data:`SOLE_WEIGHT`) are dropped from ``found``, at least one kept: a ``kept_off`` claim
    naming them with that reason (None: none is dropped).  ``longer``: only those the ranges
    the other boxes narrow keep off them, with a reason within :data:`UNABLE_WEIGHT` (what is
    left after the short reasons and counting: a clue unable to hold the box is given a longer
    reason rather than offered as its holder)."""
    if len(found) < 2:
        return None
    # the ranges the boxes narrow, but not by the clue these boxes must be (that is argued)
    narrowed = narrowed_ranges(x.hints, x.cells, (bs, be))
    if narrowed is None:
        return None
    dropped: list[int] = []
    because: list[Claim] = []
    for j in list(found):
        if len(found) == 1:
            break
        unable = j not in narrowed.candidates(bs, be)
        cap = UNABLE_WEIGHT if longer else SOLE_WEIGHT
        why = None if longer else _kept_off(x, r, [j], bs, be, {})
        if why is None and unable:
            # the boxes as the clues must hold them (the first or last, or one only a clue can
            # hold) keep it back, as in Reach of a box
            x.boxes_hold = True
            try:
                why = _kept_off(x, narrowed, [j], bs, be, {}, cap)
            finally:
                x.boxes_hold = False
        if why is None:
            continue
        more = [c for c in why if c not in because]
        if sum(_weight(c) for c in [*because, *more] if c["claim"] != "part") > cap:
            continue
        because += more
        dropped.append(j)
        del found[j]
    if not dropped:
        return None
    return {**x.holders(bs, be, dropped), "claim": "kept_off", "because": because}


def _ruled_starts(x: WitnessLine, i: int, starts: Iterable[int], boxes: bool) -> list[Claim]:
    """``cannot_start`` claims for those of ``starts`` (ascending) of clue ``i`` that a cause
    (:func:`_cause`) rules out where they are, a run of consecutive ones with one cause as one."""
    out: list[Claim] = []
    last: tuple[tuple[str, int, int], int] | None = None  # the last start ruled out, its cause
    for s in starts:
        cause = _cause(x, i, s, "min", boxes)
        if cause is None:
            continue
        if last == (cause, s - 1):
            out[-1]["max"] = s + x.offset
        else:
            out.append(x.cannot_start(i, s, cause))
        last = (cause, s)
    return out


def joining_splitting(x: WitnessLine) -> list[Witness]:
    r = narrowed_ranges(x.hints, x.cells)
    if r is None:
        return []
    blocks = runs(x.cells, FILLED)
    owner = [r.candidates(bs, be) for bs, be in blocks]
    out = []
    for j in range(len(blocks) - 1):
        if len(owner[j]) == 1 and owner[j] == owner[j + 1]:
            (a0, a1), (b0, b1) = blocks[j], blocks[j + 1]
            claims = [x.block(a0, a1), x.block(b0, b1)]
            claims += [x.holders(a0, a1, owner[j]), x.holders(b0, b1, owner[j])]
            w = Witness("join", claims)
            x.decide(w, range(a1, b0), FILLED)
            if w.cells:
                out.append(w)
    if out:  # the splits of this round are found on the line with its joins made
        return out
    n = x.n
    cells = list(x.cells)
    for c in range(n):
        if cells[c] != UNKNOWN:
            continue
        left = c
        while left > 0 and cells[left - 1] == FILLED:
            left -= 1
        right = c + 1
        while right < n and cells[right] == FILLED:
            right += 1
        if (left < c or right > c + 1) and not r.candidates(left, right):
            sides = [b for b in ((left, c), (c + 1, right)) if b[0] < b[1]]
            claims = [x.block(*b) if _is_block(x.cells, *b) else _boxes(x, *b) for b in sides]
            longest = 0
            for b in sides:
                held = r.candidates(*b)
                claims.append(x.holders(*b, held))
                longest = max([longest, *(x.hints[i] for i in held)])
            claims.append({"claim": "no_holder", "start": left + x.offset, "end": right + x.offset})
            say = "split_long" if longest < right - left else "split"
            if say == "split":
                claims += _cover_reasons(x, left, right)
            w = Witness(say, claims)
            w.cells[c] = CROSSED
            cells[c] = CROSSED
            out.append(w)
    return out


def _cover_reasons(x: WitnessLine, s: int, e: int) -> list[Claim]:
    """``cannot_cover`` claims, one for each clue at least as long as the cells ``[s, e)`` of
    the whole line ``x`` (the block filling one cell would make), saying why it cannot cover
    them all, by the crosses alone: the stretch of cells between crosses (or edges) holding
    them is shorter than it ("fit"), the clues before it have no room in the cells before
    ``s - 1`` ("before"), or those after it none after ``e`` ("after").  None when the line is
    a part, it has one clue, or some clue that long has no such reason."""
    hints, cells, n = x.hints, x.cells, x.n
    long_ = [j for j, h in enumerate(hints) if h >= e - s]
    if x.sub or len(hints) < 2 or not long_:
        return []
    a = s
    while a > 0 and cells[a - 1] != CROSSED:
        a -= 1
    b = e
    while b < n and cells[b] != CROSSED:
        b += 1
    bare = [CROSSED if v == CROSSED else UNKNOWN for v in cells]
    out: list[Claim] = []
    for j in long_:
        claim = {"claim": "cannot_cover", "clue": j, "start": s, "end": e}
        if b - a < hints[j]:
            out.append({**claim, "why": "fit", "within": [a, b]})
        elif not _fits_in(hints[:j], bare[: max(0, s - 1)]):
            out.append({**claim, "why": "before", "within": [0, max(0, s - 1)]})
        elif not _fits_in(hints[j + 1 :], bare[e + 1 :]):
            out.append({**claim, "why": "after", "within": [min(n, e + 1), n]})
        else:
            boxed = _cover_boxes(x, j, s, e) or _cover_touching(x, j, s, e, bare)
            if boxed is None:
                return []
            out.append({**claim, **boxed})
    return out


def _cover_touching(x: WitnessLine, j: int, s: int, e: int, bare: Sequence[int]) -> Claim | None:
    """Why clue ``j`` cannot cover all of cells ``[s, e)`` of the whole line ``x`` when some
    of its starts over them would run into a box (a filled cell just before or after it) and
    at each of the others the crosses alone leave the clues before (after) it no room:
    ``{why, within, touch}`` (``touch``: ``[start, box start, box end]`` of each start ruled
    out, the box the filled run beside it), or None."""
    hints, cells, n = x.hints, x.cells, x.n
    h = hints[j]
    touch: list[list[int]] = []
    rest: list[int] = []
    for t in range(max(0, e - h), min(s, n - h) + 1):
        if t > 0 and cells[t - 1] == FILLED:
            a = t - 1
            while a > 0 and cells[a - 1] == FILLED:
                a -= 1
            touch.append([t, a, t])
        elif t + h < n and cells[t + h] == FILLED:
            b = t + h + 1
            while b < n and cells[b] == FILLED:
                b += 1
            touch.append([t, t + h, b])
        else:
            rest.append(t)
    if not touch or not rest:
        return None
    if not _fits_in(hints[:j], bare[: max(0, rest[-1] - 1)]):
        return {"why": "before", "within": [0, max(0, rest[-1] - 1)], "touch": touch}
    if not _fits_in(hints[j + 1 :], bare[rest[0] + h + 1 :]):
        return {"why": "after", "within": [min(n, rest[0] + h + 1), n], "touch": touch}
    return None


def _cover_boxes(x: WitnessLine, j: int, s: int, e: int) -> Claim | None:
    """Why clue ``j`` cannot cover all of cells ``[s, e)`` of the whole line ``x`` when the
    crosses alone do not say it: at each of its starts covering them (no cross in it, no box
    beside it), the clues before (after) it could not hold the nearest boxes out of its reach
    on that side (at most :data:`STRANDED_SPANS`; the line's other boxes not looked at), in the
    cells before (after) it: ``{why, within, boxes}`` (``within`` the cells before its last
    start less one, after its first start's end and one), or None."""
    hints, cells, n = x.hints, x.cells, x.n
    h = hints[j]
    starts = [
        t
        for t in range(max(0, e - h), min(s, n - h) + 1)
        if CROSSED not in cells[t : t + h]
        and not (t > 0 and cells[t - 1] == FILLED)
        and not (t + h < n and cells[t + h] == FILLED)
    ]
    if not starts:
        return None
    first, last = starts[0], starts[-1]
    blocks = runs(cells, FILLED)
    sides = (
        ("before", hints[:j], 0, max(0, last - 1), [b for b in blocks if b[1] < first][::-1]),
        ("after", hints[j + 1 :], first + h + 1, n, [b for b in blocks if b[0] > last + h]),
    )
    for why, clues, lo, hi, near in sides:
        for k in range(1, min(len(near), STRANDED_SPANS) + 1):
            spans = sorted(near[:k])
            if not side_fits(clues, cells, lo, hi, spans):
                return {"why": why, "within": [lo, hi], "boxes": [list(b) for b in spans]}
    return None


def _is_block(cells: Sequence[int], s: int, e: int) -> bool:
    return (s == 0 or cells[s - 1] != FILLED) and (e == len(cells) or cells[e] != FILLED)


def _boxes(x: WitnessLine, s: int, e: int) -> Claim:
    return {"claim": "boxes", "start": s + x.offset, "end": e + x.offset}


def mercury(x: WitnessLine) -> list[Witness]:
    r = narrowed_ranges(x.hints, x.cells)
    if r is None:
        return []
    x.boxes_hold = True
    return _uncovered(x, r, "mercury", [], placed={})


def arrangement(x: WitnessLine) -> list[Witness]:
    ends = extreme_arrangements(x.hints, x.cells)
    if ends is None:
        return []
    left, right = ends
    claim = {
        "claim": "extremes",
        "clues": [i + x.co for i in range(len(x.hints))],
        "left": [s + x.offset for s in left],
        "right": [s + x.offset for s in right],
    }
    w = Witness("arrangement", [claim])
    _round_cells(x, arrangement_round, w)  # one witness: the whole round, as the move makes it
    return [w] if w.cells else []


def _round_cells(x: WitnessLine, round_: Round, w: Witness) -> None:
    """The cells one round of a technique's move decides, as ``w``'s."""
    work = list(x.cells)
    round_(x.hints, work)
    for p, (a, b) in enumerate(zip(x.cells, work, strict=True)):
        if a == UNKNOWN and b != UNKNOWN:
            w.cells[p] = b


def line_solver(x: WitnessLine) -> list[Witness]:
    w = Witness("line_solver", [])
    _round_cells(x, line_solver_round, w)
    if not w.cells:
        return []
    claim = {
        "claim": "arrangements",
        "start": x.offset,
        "end": x.offset + x.n,
        "clues": [i + x.co for i in range(len(x.hints))],
        "count": count_arrangements(x.hints, x.cells),
    }
    w.claims.append(claim)
    return [w]


def part_premise(hints: Sequence[int], cells: Sequence[int], sub: Any) -> list[Claim]:
    """The claims that the part ``sub`` of the line holds its clues and no other: the blocks
    matched to clues that show where it is cut (:func:`part_reasons`), then the ``part`` claim.
    The claim names the part less the crossed cells at its ends (which hold no clue): a part cut
    after a block and its cross may start on another cross ("cells 11–15 hold only the second
    clue, 1", not "cells 10–15" with cell 10 crossed); all crossed, it is named whole."""
    start, end = _uncrossed(cells, sub.cell_start, sub.cell_end)
    part = {
        "claim": "part",
        "start": start,
        "end": end,
        "clues": list(range(sub.hint_start, sub.hint_end)),
    }
    return [*part_reasons(hints, cells, sub), part]


def _shifted(claim: Claim, offset: int, clue_offset: int) -> Claim:
    out = dict(claim)
    for key in ("start", "end"):
        out[key] += offset
    if "clues" in out:
        out["clues"] = [i + clue_offset for i in out["clues"]]
    return out


PART_WITNESSES: tuple[WitnessFinder, ...] = (
    line_complete,
    overlap,
    small_gap,
    simple_spaces,
    punctuate,
    glue,
)
"""The witness functions of the part techniques
(:data:`~nonostudio.analysis.catalogue.technique_moves.PART_TECHNIQUES`), in that order."""


def matching(x: WitnessLine) -> list[Witness]:
    out = []
    for part in player_parts(x.hints, x.cells):
        claims = [_shifted(c, x.offset, x.co) for c in part_premise(x.hints, x.cells, part)]
        on = WitnessLine(
            part.line.hints,
            part.line.cells,
            x.offset + part.cell_start,
            x.co + part.hint_start,
            sub=True,
        )
        for part_witness in PART_WITNESSES:
            for w in part_witness(on):
                w.cells = {p + part.cell_start: v for p, v in w.cells.items()}
                w.part = claims
                out.append(w)
    return out


def part_reasons(hints: Sequence[int], cells: Sequence[int], sub: Any) -> list[Claim]:
    """Matching blocks to clues by order and size: at each end of the part ``sub`` of the line
    that another clue lies beyond, a block next to the cut that only one clue can be (the
    clue beyond the cut, on the far side of it; the part's own end clue, on its side), so the
    clues on either side of that block stay there (``holders`` claims).  Empty when no block
    shows a cut."""
    clues = normal_clues(hints)
    r = narrowed_ranges(clues, [int(c) for c in cells])
    if r is None:
        return []
    out: list[Claim] = []
    blocks = runs(cells, FILLED)
    before = [b for b in blocks if b[1] <= sub.cell_start]
    inside = [b for b in blocks if sub.cell_start <= b[0] and b[1] <= sub.cell_end]
    after = [b for b in blocks if b[0] >= sub.cell_end]

    def matched(block: tuple[int, int] | None, clue: int) -> bool:
        if block is None or r.candidates(*block) != [clue]:
            return False
        claim = {"claim": "holders", "start": block[0], "end": block[1], "clues": [clue]}
        if claim not in out:
            if all(h < block[1] - block[0] for j, h in enumerate(clues) if j != clue):
                out.append({**claim, "claim": "only_long"})  # why: no other clue is that long
            elif clue == 0 and block == blocks[0]:  # why: the clues' order
                out.append({**claim, "claim": "edge_block", "side": "first"})
            elif clue == len(clues) - 1 and block == blocks[-1]:
                out.append({**claim, "claim": "edge_block", "side": "last"})
            else:  # why: what keeps the other clues as long off it
                line = WitnessLine(clues, cells, 0, 0, sub=False)
                sole = sole_holder(line, clue, *block) or placed_sole_holder(line, clue, *block)
                if sole is not None:
                    out.append(sole)
            out.append(claim)
        return True

    if sub.hint_start > 0:
        last = before[-1] if before else None
        if not matched(last, sub.hint_start - 1):
            matched(inside[0] if inside else None, sub.hint_start)
    if sub.hint_end < len(clues):
        first = after[0] if after else None
        if not matched(first, sub.hint_end):
            matched(inside[-1] if inside else None, sub.hint_end - 1)
    return out  # (two blocks' reasons of different kinds: each said with its own)


def short_reasons(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    i: int,
    part: Claim | None = None,
    held: Sequence[tuple[int, int, int]] = (),
) -> list[Claim]:
    """The short reasons clue ``i`` alone can hold the filled cells ``[s, e)`` of the whole
    line (clue ``hints``, ``cells``), each a fact of the line and arithmetic: every cell on one
    side decided, the blocks there counted (a ``counted_block`` claim: "the third block, at
    cells 9–10, every cell before it decided, …"), or the block walled in by crosses or edges
    and ``i`` the only clue that long exactly (a ``walled_block`` claim: "the block at cell 17,
    walled in, can only be the third clue, 1, the only 1"); with ``part`` (a ``part`` claim
    just stated, cells holding only some clues), the boxes are its first (last) and ``i`` its
    first (last) clue (a ``part_edge`` claim: "cells 9–30 hold only the clues 5 2; the first
    box there, at cell 13, can only be the third clue, 5").  ``held``: other blocks ``(start,
    end, clue)`` the words have said, with a reason, to be one clue each; a walled-in block
    whose other clues as long are theirs is the one clue left (a ``walled_block`` claim with
    ``held``: "the block at cell 12, walled in, can only be the second clue, 1, the only other
    1", the first 1 said to be at cell 1); the next block past one of them with no room
    between for a clue (a ``no_room`` claim, :func:`_no_room`); the crosses leaving no room for
    one clue more on either side, or on one side beyond as many blocks set apart by crosses
    (a ``room_block`` or ``room_apart_block`` claim, :func:`_room_both`).  Empty when none
    holds."""
    n = len(cells)
    if not 0 <= s < e <= n or any(cells[p] != FILLED for p in range(s, e)):
        return []
    out: list[Claim] = []
    if part is not None and len(part["clues"]) > 1 and part["start"] <= s < e <= part["end"]:
        ps, pe = part["start"], part["end"]
        for side, clue, beyond in (
            ("first", min(part["clues"]), range(ps, s)),
            ("last", max(part["clues"]), range(e, pe)),
        ):
            if i == clue and all(cells[p] != FILLED for p in beyond):
                out.append(
                    {
                        "claim": "part_edge",
                        "side": side,
                        "start": s,
                        "end": e,
                        "clues": [i],
                        "within": [ps, pe],
                        "part": list(part["clues"]),
                    }
                )
    if (s == 0 or cells[s - 1] == CROSSED) and (e == n or cells[e] == CROSSED):
        same = [j for j, h in enumerate(hints) if h == e - s]
        if same == [i]:
            out.append({"claim": "walled_block", "start": s, "end": e, "clues": [i]})
        elif i in same:
            # the other clues as long are held by other blocks, said before
            others: list[list[int]] = []
            for j in same:
                if j == i:
                    continue
                by = next(((bs, be) for bs, be, k in held if k == j and (bs, be) != (s, e)), None)
                if by is None:
                    break
                others.append([by[0], by[1], j])
            else:
                out.append(
                    {"claim": "walled_block", "start": s, "end": e, "clues": [i], "held": others}
                )
    out += _no_room(hints, cells, s, e, i, held)
    out += _apart(hints, cells, s, e, i, held)
    out += _room_both(hints, cells, s, e, i)
    if not out:
        out += _near_block(hints, cells, s, e, i)
    for side, k in (("before", i), ("after", len(hints) - 1 - i)):
        seen = list(cells[:s]) if side == "before" else list(cells[e:])
        if side == "after":
            seen.reverse()  # (nearest the block last)
        if seen and seen[-1] == FILLED:
            continue
        claim = {"claim": "counted_block", "side": side, "count": k, "start": s, "end": e}
        if seen and seen[-1] == UNKNOWN and (len(seen) == 1 or seen[-2] == CROSSED):
            # the one undecided cell next to it: filled, it would be part of this block
            claim["open"] = s - 1 if side == "before" else e
            seen = seen[:-1]
        if k > 0 and UNKNOWN not in seen and len(runs(seen, FILLED)) == k:
            # (none there: the line's first or last block, an edge_block claim)
            out.append({**claim, "clues": [i]})
    if not out:  # no room for the clues up to one together: where no other reason is found
        out += _no_room(hints, cells, s, e, i, held, together=True)
    return out


def _near_block(hints: Sequence[int], cells: Sequence[int], s: int, e: int, i: int) -> list[Claim]:
    """A ``near_block`` claim that clue ``i`` holds the filled cells ``[s, e)``: they or the
    next block beside them lie past a cross too near the other for a clue of their own, so one
    clue holds both, and every other clue is shorter than the two ("the box at cell 14, past
    the cross at cell 12 too near the block at cells 16–24 for a clue of its own, one clue with
    it over cells 14–24, too long for every other clue, can only be the third clue, 12")."""
    n = len(cells)
    if len(hints) < 2:
        return []
    for step in (1, -1):  # the other block after (before) the boxes
        p = e if step == 1 else s - 1
        while 0 <= p < n and cells[p] == UNKNOWN:
            p += step
        if not (0 <= p < n) or cells[p] != FILLED:
            continue
        q = p
        while 0 <= q + step < n and cells[q + step] == FILLED:
            q += step
        a, b = (p, q + 1) if step == 1 else (q, p + 1)
        first, second = ((s, e), (a, b)) if step == 1 else ((a, b), (s, e))
        # the first's wall before it (the second's after it), across undecided cells only
        for walled, near, back in ((first, second, -1), (second, first, 1)):
            w = walled[0] - 1 if back == -1 else walled[1]
            while 0 <= w < n and cells[w] == UNKNOWN:
                w += back
            if not (0 <= w < n) or cells[w] != CROSSED:
                continue
            room = near[0] - 1 - (w + 1) if back == -1 else w - near[1] - 1
            alone = hints[:-1] if back == -1 else hints[1:]
            lo, hi = first[0], second[1]
            if all(h > room for h in alone) and all(
                (h < hi - lo) == (j != i) for j, h in enumerate(hints)
            ):
                return [
                    {
                        "claim": "near_block",
                        "start": s,
                        "end": e,
                        "clues": [i],
                        "other": [a, b],
                        "wall": w,
                        "span": [lo, hi],
                    }
                ]
    return []


def _no_room(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    i: int,
    held: Sequence[tuple[int, int, int]],
    *,
    together: bool = False,
) -> list[Claim]:
    """``no_room`` claims that clue ``i`` holds the filled cells ``[s, e)``: a block ``held``
    (``(start, end, clue k)``, said with a reason) is the nearest before (after) them, the cells
    between none filled; the clues past ``k`` up to the first one with no room in those cells
    are all the boxes can be (one lying between would put every clue before it there too), and
    of them only ``i`` is that one (it is next to ``k``), or the boxes are walled in and ``i``
    is the only one of them exactly that long ("the block at cell 9, walled in, with no room
    for the third clue, 2, in cells 3–8 before it, can only be the second clue, 1").  With
    ``together``, the clues up to the first that cannot lie there together with those before
    it, each of which could alone ("no room for the third and fourth clues, 1 and 2, in cells
    15–18 before it": cells 16–17 hold a 1 or a 2, not both), and only those."""
    n = len(cells)
    walled = (s == 0 or cells[s - 1] == CROSSED) and (e == n or cells[e] == CROSSED)
    out: list[Claim] = []
    for bs, be, k in held:
        if be < s and k < i:
            side, gap, step = "before", (be, s), 1
        elif e < bs and i < k:
            side, gap, step = "after", (e, bs), -1
        else:
            continue
        if any(cells[p] == FILLED for p in range(*gap)):
            continue
        inner = [cells[p] for p in range(gap[0] + 1, gap[1] - 1)]
        room = max((b - a for a, b in runs([int(v != CROSSED) for v in inner], 1)), default=0)
        j = k + step
        while 0 <= j < len(hints) and hints[j] <= room:
            j += step
        last = j
        if together:  # the first clue past k that cannot lie there with those before it
            last = k + step
            while 0 <= last < len(hints) and _fit_in_order(
                [hints[m] for m in sorted(range(k + step, last + step, step))], inner
            ):
                last += step
        if 0 <= last < len(hints) and not (together and last == j):
            options = options_all = list(range(k + step, last + step, step))
            if len(options) > 1:
                if not walled:
                    continue
                options = [m for m in options if hints[m] == e - s]
            if options != [i]:
                continue
            claim = {
                "claim": "no_room",
                "start": s,
                "end": e,
                "clues": [i],
                "by": [bs, be, k],
                "side": side,
                "gap": list(gap),
                "room_for": last,
                "size": hints[last],
                "walled": last != k + step,
            }
            if together:  # (the clues' sizes, in the line's order, for the words)
                claim["together"] = True
                claim["sizes"] = [hints[m] for m in sorted(options_all)]
            out.append(claim)
            return out
    return out


def _fit_in_order(sizes: Sequence[int], cells: Sequence[int]) -> bool:
    """Whether blocks of ``sizes``, in that order and a cell apart, fit in ``cells`` (none
    filled) without covering a cross: each placed as early as it can be."""
    at = 0
    for h in sizes:
        while at + h <= len(cells) and CROSSED in cells[at : at + h]:
            at += 1
        if at + h > len(cells):
            return False
        at += h + 1
    return True


def _apart(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    i: int,
    held: Sequence[tuple[int, int, int]],
) -> list[Claim]:
    """An ``apart_block`` claim that clue ``i`` holds the block ``[s, e)``: the blocks next to
    it on both sides are each known to be one clue (the line's first block the first clue, its
    last the last, or a block ``held``, said with a reason) and too far from it for that clue
    (from the first cell of one to the last of the other more cells than the clue is long), so
    it is a later clue than the one before and an earlier than the one after, and only ``i``
    lies between ("the block at cell 13, too far from the first and last blocks for one 4 and
    one 3, can only be the second clue, 2")."""
    blocks = runs(cells, FILLED)
    if (s, e) not in blocks:
        return []
    k = blocks.index((s, e))
    if k == 0 or k == len(blocks) - 1:
        return []
    known = {(bs, be): j for bs, be, j in held}
    r = narrowed_ranges(normal_clues(hints), [int(c) for c in cells])
    sides: list[list[int]] = []
    for near, edge, edge_clue in (
        (blocks[k - 1], k == 1, 0),
        (blocks[k + 1], k == len(blocks) - 2, len(hints) - 1),
    ):
        clue = edge_clue if edge else known.get(near)
        if edge and (r is None or r.candidates(*near) != [edge_clue]):
            clue = None  # (the first block the first clue by the clues' order, as edge_block)
        if clue is None or max(e, near[1]) - min(s, near[0]) <= hints[clue]:
            return []
        sides.append([near[0], near[1], clue, int(edge)])
    if not sides[0][2] + 1 == i == sides[1][2] - 1:
        return []
    sizes = [hints[sides[0][2]], hints[sides[1][2]]]
    return [
        {"claim": "apart_block", "start": s, "end": e, "clues": [i], "by": sides, "sizes": sizes}
    ]


def _fits_in(clues: Sequence[int], cells: Sequence[int]) -> bool:
    """Whether ``clues`` fit, in order and one cell apart, in ``cells`` avoiding their crosses
    (the filled cells taken as undecided): each placed at its earliest start."""
    p = 0
    for h in clues:
        while p + h <= len(cells) and any(cells[q] == CROSSED for q in range(p, p + h)):
            p += 1
        if p + h > len(cells):
            return False
        p += h + 1
    return True


def _room_both(hints: Sequence[int], cells: Sequence[int], s: int, e: int, i: int) -> list[Claim]:
    """A ``room_block`` claim that clue ``i`` holds the filled cells ``[s, e)``: the cells
    before ``s - 1`` have no room for the first ``i + 1`` clues and those after ``e`` none for
    the last ``len(hints) - i`` (the crosses alone), so the boxes' clue has at most ``i`` clues
    before it and at most ``len(hints) - 1 - i`` after it ("the block at cell 16, with room for
    only two clues before it and only three after it, can only be the third clue, 1"); or a
    ``room_apart_block`` claim: no room on one side for one clue more than the blocks there,
    each set apart from the next by crosses, so each another clue (:func:`_apart_side`): "the
    block at cell 24, with room for only five clues before it and five blocks there set apart by
    crosses, can only be the sixth clue, 1"), or each too far from the next for one clue
    (:func:`_far_side`: "the box at cell 16, with room for only two clues before it and two
    blocks there, too far from each other and from it for one clue, can only be the third clue,
    6"), or none there for the first (last) clue ("the box at cells 24–25, with room for no
    clue after it, can only be the fifth clue, 6"), or fewer blocks there than clues, the
    farthest too long for the clues at that end that make up the count (:func:`_long_side`:
    "the block at cell 9, with room for only two clues before it and one block there set apart
    by a cross, too long for the first clue, 1, can only be the third clue, 1"), or no cross
    around the boxes for as many cells as the clues at that end are long (a
    ``room_stretch_block`` claim: "the box at cell 24, with room for only one clue after it,
    walled in cells 24–25, too short for the last clue, 3, can only be the sixth clue, 2")."""
    n = len(cells)
    if len(hints) < 2:
        return []
    far: dict[str, tuple[str, list[tuple[int, int]] | None]] = {}

    def far_side(side: str) -> tuple[str, list[tuple[int, int]] | None]:
        # :func:`_far_side` of a side, found once (asked up to three times)
        if side not in far:
            far[side] = _far_side(hints, cells, s, e, side)
        return far[side]

    room = {
        "before": not _fits_in(hints[: i + 1], cells[: max(0, s - 1)]),
        "after": not _fits_in(list(reversed(hints[i:])), list(reversed(cells[min(n, e + 1) :]))),
    }
    if room["before"] and room["after"]:
        return [
            {
                "claim": "room_block",
                "start": s,
                "end": e,
                "clues": [i],
                "room_before": i,
                "room_after": len(hints) - 1 - i,
            }
        ]
    for side, count in (("before", i), ("after", len(hints) - 1 - i)):
        if not room[side]:
            continue
        apart = "crosses"
        blocks = _apart_side(cells, s, e, side) if count > 0 else []
        if blocks is None or len(blocks) != count:
            # the blocks there, each too far from the next (the boxes last) for one clue
            apart, blocks = far_side(side)
        if blocks is not None and len(blocks) == count:
            return [
                {
                    "claim": "room_apart_block",
                    "start": s,
                    "end": e,
                    "clues": [i],
                    "side": side,
                    "count": count,
                    "blocks": [list(b) for b in blocks],
                    "apart": apart,
                }
            ]
    if 0 < i < len(hints) - 1:  # as many blocks on each side as clues there
        (_, before), (_, after) = far_side("before"), far_side("after")
        if before is not None and after is not None:
            if (len(before), len(after)) == (i, len(hints) - 1 - i):
                chain = [*before, (s, e), *after]
                pairs = list(zip(chain[:-1], chain[1:], strict=True))
                if all(CROSSED in cells[a[1] : b[0]] for a, b in pairs):
                    apart = "crosses"
                elif all(b[1] - a[0] > max(hints) for a, b in pairs):
                    apart = "far"
                else:
                    apart = "mixed"
                return [
                    {
                        "claim": "blocks_apart_block",
                        "start": s,
                        "end": e,
                        "clues": [i],
                        "before": [list(b) for b in before],
                        "after": [list(b) for b in after],
                        "apart": apart,
                    }
                ]
    for side, count in (("before", i), ("after", len(hints) - 1 - i)):
        if room[side] and count > 1:  # fewer blocks there, the farthest too long for a clue
            found = _long_side(hints, cells, s, e, side, count, far_side(side))
            if found is not None:
                apart, blocks, long = found
                return [
                    {
                        "claim": "room_apart_block",
                        "start": s,
                        "end": e,
                        "clues": [i],
                        "side": side,
                        "count": count,
                        "blocks": [list(b) for b in blocks],
                        "apart": apart,
                        "long": long,
                        "sizes": list(hints[:long] if side == "before" else hints[-long:]),
                    }
                ]
    for side, count in (("before", i), ("after", len(hints) - 1 - i)):
        if room[side] and 0 < count <= LONG_SKIPPED:  # the box's stretch too short for those
            a, b = s, e
            while a > 0 and cells[a - 1] != CROSSED:
                a -= 1
            while b < n and cells[b] != CROSSED:
                b += 1
            ends = hints[:count] if side == "before" else hints[len(hints) - count :]
            if all(h > b - a for h in ends):
                return [
                    {
                        "claim": "room_stretch_block",
                        "start": s,
                        "end": e,
                        "clues": [i],
                        "side": side,
                        "count": count,
                        "within": [a, b],
                        "sizes": list(ends),
                    }
                ]
            if all(h < e - s for h in ends):  # or the boxes too long for those
                return [
                    {
                        "claim": "room_long_block",
                        "start": s,
                        "end": e,
                        "clues": [i],
                        "side": side,
                        "count": count,
                        "sizes": list(ends),
                    }
                ]
    return []


LONG_SKIPPED = 2
"""The most clues a ``room_apart_block`` claim's farthest block is said too long for ("too long
for the first two clues, 1 and 1"): more would be a list."""


def _long_side(
    hints: Sequence[int],
    cells: Sequence[int],
    s: int,
    e: int,
    side: str,
    count: int,
    spread: tuple[str, list[tuple[int, int]] | None],
) -> tuple[str, list[tuple[int, int]], int] | None:
    """``(apart, blocks, long)`` when the blocks on ``side`` of the filled cells ``[s, e)``,
    set apart as :func:`_apart_side` (``apart`` "crosses") or :func:`_far_side` finds them, are
    fewer than ``count`` and the farthest is longer than each of the ``long`` (at most
    :data:`LONG_SKIPPED`) clues at that end that make up the difference: that block is a later
    (earlier) clue than those, each nearer block another, so ``count`` clues lie there at least
    ("with room for only two clues before it and one block there set apart by a cross, too long
    for the first clue, 1").  None when there is no such set of blocks.  ``spread`` is
    :func:`_far_side`'s answer for that side (the caller's, found once)."""
    for apart, blocks in (("crosses", _apart_side(cells, s, e, side)), spread):
        if not blocks or not 0 < count - len(blocks) <= LONG_SKIPPED:
            continue
        long = count - len(blocks)
        far = blocks[0] if side == "before" else blocks[-1]
        ends = hints[:long] if side == "before" else hints[len(hints) - long :]
        if all(h < far[1] - far[0] for h in ends):
            return apart, blocks, long
    return None


def _far_side(
    hints: Sequence[int], cells: Sequence[int], s: int, e: int, side: str
) -> tuple[str, list[tuple[int, int]] | None]:
    """The blocks on ``side`` ("before" / "after") of the filled cells ``[s, e)``, nearest
    first, when each is set apart from the next nearer one (the boxes the nearest) by a cross
    or by more cells, from the first of one to the last of the other, than the longest clue
    (no clue holds two), and how: ``("crosses", blocks)`` when each has a cross, ``("far",
    blocks)`` when each spans that many cells, ``("mixed", blocks)`` otherwise; ``("far",
    None)`` when two are not set apart."""
    longest = max(hints)
    found = runs(cells, FILLED)
    near = (
        [b for b in found if b[1] <= s][::-1]
        if side == "before"
        else [b for b in found if b[0] >= e]
    )
    crossed = far = True  # every two so far
    last = (s, e)
    for b in near:
        lo, hi = (b, last) if side == "before" else (last, b)
        by_cross, by_span = CROSSED in cells[lo[1] : hi[0]], hi[1] - lo[0] > longest
        if not (by_cross or by_span):
            return "far", None
        crossed, far = crossed and by_cross, far and by_span
        last = b
    how = "crosses" if crossed else "far" if far else "mixed"
    return how, near[::-1] if side == "before" else near


def _apart_side(cells: Sequence[int], s: int, e: int, side: str) -> list[tuple[int, int]] | None:
    """The blocks on ``side`` ("before" / "after") of the filled cells ``[s, e)`` beyond the
    crosses around them, when a cross lies between each two of them (each then another clue);
    None when two share a stretch between crosses."""
    n = len(cells)
    if side == "before":
        t = s
        while t > 0 and cells[t - 1] != CROSSED:
            t -= 1
        span = range(0, t)
    else:
        t = e
        while t < n and cells[t] != CROSSED:
            t += 1
        span = range(t, n)
    seg = [cells[p] for p in span]
    found = [(a + span.start, b + span.start) for a, b in runs(seg, FILLED)]
    for (_, be), (bs, _) in zip(found[:-1], found[1:], strict=True):
        if CROSSED not in cells[be:bs]:
            return None
    return found
