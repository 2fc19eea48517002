"""The semantic definitions of the solving techniques: each one's round of deductions on a line.

A *round* (:data:`Round`) makes, in place on a line's cells (ints of :mod:`nonostudio.core.line`),
the deductions a technique implies there; the technique's *move* (:func:`fixed_point`) repeats it
until it gives nothing more and returns the cells as a tuple.  Most rounds reason about a clue's
range, the starts it may take; every move is sound and never raises (docs/design/analysis.md,
"Complete moves").  The catalogue (:mod:`nonostudio.analysis.catalogue.techniques`) names each
round; nothing here looks a technique up by its id.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.core.linesolver import cell_masks, placements, solve_cells
from nonostudio.rules.measuring.oracle import SubLine

Clues = tuple[int, ...]
Cells = tuple[int, ...]
Move = Callable[[Clues, Cells], Cells]
Round = Callable[[Clues, list[int]], None]


_NORMAL: dict[
    tuple[int, ...], Clues
] = {}  # clues already made normal (a trace asks again and again)


def normal_clues(clues: Sequence[int]) -> Clues:
    """The clue as positive ints: ``(0,)`` (the empty line's clue as printed) becomes ``()``."""
    if type(clues) is tuple:
        known = _NORMAL.get(clues)
        if known is not None:
            return known
    out = tuple(int(c) for c in clues if int(c) > 0)
    if type(clues) is tuple:
        if len(_NORMAL) > 4096:
            _NORMAL.clear()
        _NORMAL[clues] = out
    return out


def _maximal_runs(inside: Sequence[bool]) -> list[tuple[int, int]]:
    """Maximal runs ``(start, end)`` of positions where ``inside`` is true."""
    out = []
    start = -1
    for i, here in enumerate(inside):
        if here:
            if start < 0:
                start = i
        elif start >= 0:
            out.append((start, i))
            start = -1
    if start >= 0:
        out.append((start, len(inside)))
    return out


_ROOM = 20_000
"""How many line states each of this module's caches keeps (cleared when full): a trace's
explanations ask for the same line's runs and ranges again and again.  Fewer for long lines
(:func:`_full`), so that each cache holds at most about two million cells."""


def _full(cache: dict[Any, Any] | set[Any], n: int) -> bool:
    """Whether ``cache``, of line states of ``n`` cells, is to be cleared before it grows."""
    return len(cache) >= min(_ROOM, 2_000_000 // max(n, 1))


_RUNS: dict[tuple[tuple[int, ...], int], list[tuple[int, int]]] = {}


def runs(cells: Sequence[int], value: int) -> list[tuple[int, int]]:
    """Maximal runs ``(start, end)`` of cells equal to ``value``."""
    key = (cells if type(cells) is tuple else tuple(cells), value)
    found = _RUNS.get(key)
    if found is None:
        found = _maximal_runs([c == value for c in cells])
        if _full(_RUNS, len(cells)):
            _RUNS.clear()
        _RUNS[key] = found
    return list(found)


def open_gaps(cells: Sequence[int]) -> list[tuple[int, int]]:
    """Maximal runs ``(start, end)`` of cells that are not crossed."""
    return _maximal_runs([c != CROSSED for c in cells])


def _snapshot(cells: Sequence[int]) -> Sequence[int]:
    """The cells as they are now, to tell later whether they changed (:func:`_unchanged`)."""
    return cells if type(cells) is tuple else list(cells)


def _unchanged(cells: Sequence[int], snapshot: Sequence[int] | None) -> bool:
    """Whether ``cells`` are as they were when ``snapshot`` (:func:`_snapshot`) was taken."""
    if type(cells) is tuple or type(cells) is list:
        return cells == snapshot
    return list(cells) == snapshot


_OPEN: dict[tuple[int, ...], tuple[list[int], int]] = {}  # cells -> (run, open cells as bits)
_Line = tuple[bool, Clues, tuple[int, ...], tuple[int, ...] | None]  # boxes, clues, cells
_MASKS: dict[_Line, dict[int, int]] = {}  # the allowed starts of each clue length
_PACKED: dict[_Line, tuple[bool, tuple[int, ...], tuple[int, ...]]] = {}  # pack()'s outcome


def _open_runs(key: tuple[int, ...]) -> tuple[list[int], int]:
    """For cells ``key``: how many open (not crossed) cells run from each position to the right
    (one more entry, 0, for the end), and the open cells as bits (bit ``s``: cell ``s``)."""
    found = _OPEN.get(key)
    if found is None:
        n = len(key)
        run = [0] * (n + 1)
        open_ = 0
        for s in range(n - 1, -1, -1):
            if key[s] != CROSSED:
                run[s] = run[s + 1] + 1
                open_ |= 1 << s
        if _full(_OPEN, n):
            _OPEN.clear()
        found = _OPEN[key] = (run, open_)
    return found


class Ranges:
    """Each clue's possible starts ``lo[i] .. hi[i]`` on a line, and which starts are allowed.

    A start ``s`` is allowed for clue ``i`` when its cells ``[s, s + h)`` hold no cross and, with
    ``boxes``, the cells just before and after it are not filled (a block is exactly one clue).
    The crosses are those of ``cells`` when the ranges are made; the filled cells are read as
    ``cells`` are when asked (a round may fill cells of the list it made the ranges on).

    The allowed starts of each clue length are kept as bit masks (:meth:`_allowed_masks`, made
    again when ``cells`` changed, and shared by ranges on equal lines), so that
    :meth:`candidates` and :meth:`tighten`, the hottest calls of a trace's explanations, test a
    range of starts at once; :meth:`candidates` remembers its answers while ``lo``, ``hi`` and
    ``cells`` stay as they were.
    """

    def __init__(self, clues: Clues, cells: Sequence[int], *, boxes: bool) -> None:
        self.clues = clues
        self.cells = cells
        self.n = len(cells)
        self.boxes = boxes
        self._made_on = made_on = cells if type(cells) is tuple else tuple(cells)
        run, self._open = _open_runs(made_on)
        self.run = list(run)  # open cells from s to the right
        self.lo: list[int] = []
        self.hi: list[int] = []
        self._masks: dict[int, int] | None = None  # clue length -> allowed starts (bits)
        self._masks_of: Sequence[int] | None = None  # the cells they were made for (boxes)
        self._masks_key: _Line = (boxes, clues, made_on, None)  # and the line they are for
        self._said: dict[tuple[int, int], list[int]] = {}  # candidates' answers ...
        self._said_of: tuple[list[int], list[int], Sequence[int] | None] = ([], [], None)  # for

    def __deepcopy__(self, memo: dict[int, object]) -> Ranges:
        """A copy with its own ``cells``, ``lo`` and ``hi`` lists (what ``copy.deepcopy`` gave
        before this method: the lists copied, the ints shared), made without walking them."""
        cells = self.cells
        out = Ranges.__new__(Ranges)
        out.clues = self.clues
        out.cells = list(cells) if type(cells) is list else copy.deepcopy(cells, memo)
        out.n = self.n
        out.boxes = self.boxes
        out._made_on = self._made_on
        out._open = self._open
        out.run = list(self.run)
        out.lo = list(self.lo)
        out.hi = list(self.hi)
        out._masks = self._masks
        out._masks_of = self._masks_of
        out._masks_key = self._masks_key
        out._said = {}
        out._said_of = ([], [], None)
        return out

    def _allowed_masks(self) -> dict[int, int]:
        """For each clue length ``h``, the starts :meth:`allowed` allows as bits (bit ``s``: start
        ``s``), for ``cells`` as they are now."""
        masks = self._masks
        cells = self.cells
        if masks is not None:  # (not boxes, or _unchanged(cells, self._masks_of), inline)
            if not self.boxes:
                return masks
            kind = type(cells)
            if (cells if kind is tuple or kind is list else list(cells)) == self._masks_of:
                return masks
        now: tuple[int, ...] | None = None
        if self.boxes:
            now = cells if type(cells) is tuple else tuple(cells)
            if now == self._made_on:
                now = None
        self._masks_key = key = (self.boxes, self.clues, self._made_on, now)
        masks = _MASKS.get(key)
        if masks is None:
            masks = self._make_masks(now)
            if _full(_MASKS, self.n):
                _MASKS.clear()
            _MASKS[key] = masks
        self._masks = masks
        self._masks_of = _snapshot(cells) if self.boxes else None
        return masks

    def _make_masks(self, now: tuple[int, ...] | None) -> dict[int, int]:
        """:meth:`_allowed_masks` worked out, the filled cells read from ``now`` (None: the cells
        the ranges were made on)."""
        n, open_ = self.n, self._open
        filled = 0
        if self.boxes:
            cells = self._made_on if now is None else now
            for s in range(n):
                if cells[s] == FILLED:
                    filled |= 1 << s
        masks = {}
        lengths = set(self.clues)
        fits = open_  # the starts of h open cells, h = 1, 2, ...
        for h in range(1, max(lengths, default=0) + 1):
            if h > 1:
                fits &= open_ >> (h - 1)
            if h in lengths:
                # no box just before the start (bit s - 1) nor just after the end (bit s + h)
                masks[h] = fits & ~(filled << 1) & ~(filled >> h) if filled else fits
        for h in lengths:
            if h <= 0:  # (not a normal clue: start by start)
                masks[h] = sum(1 << s for s in range(n + 1) if self._allows(h, s))
        return masks

    def allowed(self, i: int, s: int) -> bool:
        return self._allows(self.clues[i], s)

    def _allows(self, h: int, s: int) -> bool:
        if s < 0 or s + h > self.n or self.run[s] < h:
            return False
        if self.boxes:
            cells = self.cells
            if (s > 0 and cells[s - 1] == FILLED) or (s + h < self.n and cells[s + h] == FILLED):
                return False
        return True

    def pack(self) -> bool:
        """The leftmost and rightmost packings; False when the clues do not fit.  (Remembered
        per line state: what :meth:`tighten` leaves from the widest ranges depends on the
        allowed starts alone.)"""
        self._allowed_masks()
        key = self._masks_key
        found = _PACKED.get(key)
        if found is None:
            k = len(self.clues)
            self.lo = [0] * k
            self.hi = [self.n] * k
            fitted = self.tighten()
            if _full(_PACKED, self.n):
                _PACKED.clear()
            _PACKED[key] = (fitted, tuple(self.lo), tuple(self.hi))
            return fitted
        fitted, lo, hi = found
        self.lo = list(lo)
        self.hi = list(hi)
        return fitted

    def tighten(self) -> bool:
        """Push every ``lo`` right and ``hi`` left to allowed starts in clue order, to a fixed
        point; False when some clue is left with no start.  (The allowed starts at or after
        (before) a bound are found at once in the clue length's mask: this is the hottest loop
        of a trace.)

        One pass each way is the fixed point: the left pass reads no ``hi`` but to fail, and
        leaves each ``lo`` an allowed start at or after the edge the clue before sets, so a
        second left pass moves nothing; likewise the right pass and ``hi``; and a ``lo`` the
        right pass left at or below its ``hi`` fails no second pass.  (It went round until a
        round changed nothing: that last round always found nothing.)"""
        clues, lo, hi = self.clues, self.lo, self.hi
        masks = self._allowed_masks()
        edge = 0
        for i in range(len(clues)):
            h = clues[i]
            s = lo[i]
            if s < edge:
                s = edge
            after = masks[h] >> s if s >= 0 else masks[h] << -s  # the allowed starts >= s
            if not after:
                return False
            s += (after & -after).bit_length() - 1  # the first of them
            if s > hi[i]:
                return False
            lo[i] = s
            edge = s + h + 1
        edge = self.n
        for i in range(len(clues) - 1, -1, -1):
            h = clues[i]
            s = hi[i]
            if s > edge - h:
                s = edge - h
            if s < 0:
                return False
            s = (masks[h] & ((2 << s) - 1)).bit_length() - 1  # the last allowed start <= s
            if s < lo[i]:
                return False
            hi[i] = s
            edge = s - 1
        return True

    def _starts_mask(self, i: int, masks: dict[int, int]) -> int:
        """Clue ``i``'s allowed starts in its range, as bits."""
        a, b = self.lo[i], self.hi[i]
        if a < 0:
            a = 0
        return masks[self.clues[i]] & ((2 << b) - 1) >> a << a if a <= b else 0

    def starts(self, i: int) -> list[int]:
        """Clue ``i``'s allowed starts in its range, in order."""
        m = self._starts_mask(i, self._allowed_masks())
        out = []
        while m:
            low = m & -m
            out.append(low.bit_length() - 1)
            m ^= low
        return out

    def fits(self, i: int, start: int, end: int) -> bool:
        """Whether clue ``i`` has an allowed start of its range that puts it inside cells
        ``[start, end)``."""
        m = self._starts_mask(i, self._allowed_masks())
        a, b = (start if start > 0 else 0), end - self.clues[i]
        return a <= b and bool(m >> a & ((2 << (b - a)) - 1))

    def reach(self) -> list[bool]:
        """Cells some clue covers at some allowed start of its range."""
        n = self.n
        if not n:
            return []
        bits = format(self.covered_bits() & ((1 << n) - 1), f"0{n}b")  # cell 0 last
        return [bit == "1" for bit in bits[::-1]]

    def covered_bits(self) -> int:
        """:meth:`reach` as bits (bit ``c``: cell ``c``)."""
        masks = self._allowed_masks()
        covered = 0
        for i, h in enumerate(self.clues):
            if h <= 0:  # (not a normal clue: it covers no cell)
                continue
            m = self._starts_mask(i, masks)  # spread over the h cells from each start:
            width = 1
            while width < h and m:
                step = min(width, h - width)
                m |= m << step
                width += step
            covered |= m
        return covered

    def candidates(self, start: int, end: int) -> list[int]:
        """Clues that can cover all of ``[start, end)`` at an allowed start of their range."""
        lo, hi, cells = self.lo, self.hi, self.cells
        said_lo, said_hi, said_cells = self._said_of
        if lo != said_lo or hi != said_hi or (self.boxes and not _unchanged(cells, said_cells)):
            self._said = {}
            self._said_of = (list(lo), list(hi), _snapshot(cells) if self.boxes else None)
        said = self._said.get((start, end))
        if said is None:
            masks = self._allowed_masks()
            length = end - start
            said = []
            for i, h in enumerate(self.clues):
                if h >= length:
                    a, b = lo[i], hi[i]  # (max(lo, end - h, 0) and min(hi, start))
                    if a < end - h:
                        a = end - h
                    if a < 0:
                        a = 0
                    if b > start:
                        b = start
                    if a <= b and (masks[h] >> a) & ((2 << (b - a)) - 1):
                        said.append(i)
            self._said[start, end] = said
        return list(said)

    def owned_by(self, i: int, start: int, end: int) -> bool:
        """Narrow clue ``i`` to the starts that cover ``[start, end)``; False if that is none."""
        h = self.clues[i]
        self.lo[i] = max(self.lo[i], end - h)
        self.hi[i] = min(self.hi[i], start)
        return self.lo[i] <= self.hi[i]


def _cross_bits(cells: list[int], bits: int) -> None:
    """Cross the unknown cells at the positions of ``bits`` (bit ``c``: cell ``c``)."""
    while bits:
        low = bits & -bits
        bits ^= low
        c = low.bit_length() - 1
        if cells[c] == UNKNOWN:
            cells[c] = CROSSED


def _set(cells: list[int], start: int, end: int, value: int) -> None:
    for c in range(max(start, 0), min(end, len(cells))):
        if cells[c] == UNKNOWN:
            cells[c] = value


_FIXED: set[tuple[int, Clues, Cells]] = set()
"""Line states complete moves ended on, with the round (by ``id``: ints and tuples of ints, which
the garbage collector leaves untracked): the round decides nothing there."""
_KEPT: dict[int, Round] = {}  # the rounds of complete moves, by id


def fixed_point(step: Round) -> Move:
    """A complete move from one round of deductions: repeat the round until nothing changes.
    The state it ends on is remembered as one the round decides nothing on (:func:`is_fixed`)."""

    token = id(step)
    _KEPT[token] = step  # (kept, so that no other round is ever given its id)

    def move(clues: Sequence[int], cells: Sequence[int]) -> Cells:
        hints = normal_clues(clues)
        work = [*map(int, cells)]
        while True:
            before = list(work)
            step(hints, work)
            if work == before:
                out = tuple(work)
                if _full(_FIXED, len(out)):
                    _FIXED.clear()
                _FIXED.add((token, hints, out))
                return out

    move.__doc__ = step.__doc__
    return move


def is_fixed(step: Round, clues: Sequence[int], cells: Sequence[int]) -> bool:
    """Whether a complete move of ``step`` (:func:`fixed_point`) is known to have ended on this
    line state, so that the round decides nothing on it (False: not known)."""
    key = (id(step), normal_clues(clues), cells if type(cells) is tuple else tuple(cells))
    return key in _FIXED


# ---- tier 0 -----------------------------------------------------------------------------------


def empty_line(clues: Clues, cells: list[int]) -> None:
    """No clue: every cell is empty."""
    if not clues:
        _set(cells, 0, len(cells), CROSSED)


def line_complete(clues: Clues, cells: list[int]) -> None:
    """The boxes already add up to the clues (every clue is placed): the rest is empty."""
    if clues and cells.count(FILLED) == sum(clues):
        _set(cells, 0, len(cells), CROSSED)


# ---- tier 1: clues and crosses ------------------------------------------------------------------


def wall_ranges(clues: Clues, cells: list[int]) -> Ranges | None:
    """The clues' ranges with only the crosses as walls (None: the clues do not fit)."""
    r = Ranges(clues, cells, boxes=False)
    return r if r.pack() else None


def overlap(clues: Clues, cells: list[int]) -> None:
    """Pack the clues left, then right, within the open cells: where a clue covers the same cells
    in both packings they are filled."""
    r = wall_ranges(clues, cells)
    if r is not None:
        for i, h in enumerate(clues):
            _set(cells, r.hi[i], r.lo[i] + h, FILLED)


def small_gap(clues: Clues, cells: list[int]) -> None:
    """A gap between crosses (or an edge) that no clue able to reach it fits in is empty."""
    r = wall_ranges(clues, cells)
    if r is None:
        return
    for gs, ge in open_gaps(cells):
        if not any(r.fits(i, gs, ge) for i in range(len(clues))):
            _set(cells, gs, ge, CROSSED)


def simple_spaces(clues: Clues, cells: list[int]) -> None:
    """Cells that no clue can reach, between its leftmost and rightmost packing, are empty."""
    r = wall_ranges(clues, cells)
    if r is not None:
        _cross_bits(cells, ~r.covered_bits() & ((1 << r.n) - 1))


# ---- tier 2: boxes ------------------------------------------------------------------------------


def box_ranges(clues: Clues, cells: list[int]) -> Ranges | None:
    """The clues' ranges packed with the boxes as well as the crosses (None: they do not fit)."""
    r = Ranges(clues, cells, boxes=True)
    return r if r.pack() else None


def punctuate(clues: Clues, cells: list[int]) -> None:
    """A block as long as the longest clue that can hold it is finished: both its ends are
    capped with crosses; when only one clue can be that block, the clue is placed there and the
    cells no clue can reach any more are empty."""
    r = box_ranges(clues, cells)
    if r is None:
        return
    placed = False
    for bs, be in runs(cells, FILLED):
        owners = r.candidates(bs, be)
        if owners and max(clues[i] for i in owners) == be - bs:
            _set(cells, bs - 1, bs, CROSSED)
            _set(cells, be, be + 1, CROSSED)
            if len(owners) == 1:
                if not r.owned_by(owners[0], bs, be):
                    return
                placed = True
    if placed and r.tighten():
        _cross_bits(cells, ~r.covered_bits() & ((1 << r.n) - 1))


def glue(clues: Clues, cells: list[int]) -> None:
    """A box near a wall (an edge or a cross): the block through it stays inside its gap and is
    at least as long as the shortest clue that can hold it, so it sticks out from the wall."""
    r = box_ranges(clues, cells)
    if r is None:
        return
    gaps = open_gaps(cells)
    for bs, be in runs(cells, FILLED):
        gs, ge = next(g for g in gaps if g[0] <= bs < g[1])
        sure_start, sure_end = bs, be  # cells covered by every placement of every candidate
        first = True
        for i in r.candidates(bs, be):
            h = clues[i]
            starts = [
                s
                for s in range(max(gs, be - h, r.lo[i]), min(bs, ge - h, r.hi[i]) + 1)
                if r.allowed(i, s)
            ]
            if not starts:
                continue
            lo, hi = max(starts), min(starts) + h
            sure_start, sure_end = (lo, hi) if first else (max(sure_start, lo), min(sure_end, hi))
            first = False
        if not first:
            _set(cells, sure_start, sure_end, FILLED)


def narrowed_ranges(
    clues: Clues, cells: list[int], skip: tuple[int, int] | None = None
) -> Ranges | None:
    """Ranges narrowed by the boxes: the first clue starts at or before the first box, the last
    ends at or after the last box, and a block with one candidate clue narrows that clue (but
    the block ``skip``, whose holder is being argued)."""
    r = box_ranges(clues, cells)
    if r is None or not clues:
        return r
    blocks = runs(cells, FILLED)
    if not blocks:
        return r
    changed = True
    while changed:
        before = (list(r.lo), list(r.hi))
        r.hi[0] = min(r.hi[0], blocks[0][0])
        r.lo[-1] = max(r.lo[-1], blocks[-1][1] - clues[-1])
        for bs, be in blocks:
            owners = r.candidates(bs, be) if (bs, be) != skip else []
            if len(owners) == 1 and not r.owned_by(owners[0], bs, be):
                return None
        if not r.tighten():
            return None
        changed = (r.lo, r.hi) != before
    return r


def mercury(clues: Clues, cells: list[int]) -> None:
    """A box holds its clue: the clue must cover it, so the cells too far from the box for that
    clue (and out of every other clue's reach) are empty."""
    r = narrowed_ranges(clues, cells)
    if r is not None:
        _cross_bits(cells, ~r.covered_bits() & ((1 << r.n) - 1))


# ---- tier 1 on parts: matching blocks to clues --------------------------------------------------

PART_TECHNIQUES = ("line_complete", "overlap", "small_gap", "simple_spaces", "punctuate", "glue")
"""The techniques matching blocks to clues makes on each part: those before it in difficulty
order that can decide a cell of a part (a part holds a clue, so an empty line's move never can).
"""

PART_ROUNDS: tuple[Round, ...] = (line_complete, overlap, small_gap, simple_spaces, punctuate, glue)
"""The rounds of :data:`PART_TECHNIQUES`, in that order (the catalogue check holds them equal)."""


def player_parts(clues: Sequence[int], cells: Sequence[int]) -> list[SubLine]:
    """The line cut where the clues' ranges, narrowed by matching blocks to clues
    (:func:`narrowed_ranges`), show that a clue ends before the next one can start: the parts
    with an undecided cell, left to right (empty when nothing cuts the line).  Each part holds its
    clues and no other, so it is a line of its own."""
    hints = normal_clues(clues)
    work = [int(c) for c in cells]
    r = narrowed_ranges(hints, work) if len(hints) > 1 else None
    if r is None:
        return []
    cuts = [
        (i, r.hi[i - 1] + hints[i - 1])
        for i in range(1, len(hints))
        if r.hi[i - 1] + hints[i - 1] < r.lo[i]
    ]
    if not cuts:
        return []
    out = []
    bounds = [(0, -1), *cuts, (len(hints), len(work))]
    for (h0, c0), (h1, c1) in zip(bounds, bounds[1:], strict=False):
        part = tuple(work[c0 + 1 : c1])
        if UNKNOWN in part:
            out.append(SubLine(h0, h1, c0 + 1, c1, Line(hints[h0:h1], part)))
    return out


def matching(clues: Clues, cells: list[int]) -> None:
    """Match blocks to clues to cut the line into parts that each hold their own clues (see
    :func:`player_parts`), then make the easier techniques' moves on each part as on a line."""
    for part in player_parts(clues, cells):
        s, e = part.cell_start, part.cell_end
        found = list(part.line.cells)
        for part_round in PART_ROUNDS:
            work = list(part.line.cells)
            part_round(part.line.hints, work)
            found = [w if f == UNKNOWN else f for f, w in zip(found, work, strict=True)]
        cells[s:e] = found


# ---- tier 3: several boxes ----------------------------------------------------------------------


def joining_splitting(clues: Clues, cells: list[int]) -> None:
    """Two boxes that only the same clue can hold are joined; a cell that would join blocks into
    one longer than any clue able to hold it is empty."""
    r = narrowed_ranges(clues, cells)
    if r is None:
        return
    blocks = runs(cells, FILLED)
    owner = [r.candidates(bs, be) for bs, be in blocks]
    for j in range(len(blocks) - 1):
        if len(owner[j]) == 1 and owner[j] == owner[j + 1]:
            _set(cells, blocks[j][1], blocks[j + 1][0], FILLED)
    n = len(cells)
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
            cells[c] = CROSSED


# ---- tier 4 and 5: arrangements ----------------------------------------------------------------


def extreme_arrangements(
    clues: Sequence[int], cells: Sequence[int]
) -> tuple[list[int], list[int]] | None:
    """The starts of the clues in the leftmost and in the rightmost arrangement that fit the line
    (every box covered, no clue on a cross); None when the line has no solution."""
    hints = normal_clues(clues)
    found = placements(hints, len(cells), *cell_masks([int(c) for c in cells]))
    if found is None:
        return None
    return ([(m & -m).bit_length() - 1 for m in found], [m.bit_length() - 1 for m in found])


def arrangement(clues: Clues, cells: list[int]) -> None:
    """Slide the clues as far left as the line allows, then as far right: a cell one clue covers
    in both arrangements is filled, a cell lying between the same two clues in both is empty."""
    ends = extreme_arrangements(clues, cells)
    if ends is None:
        return
    left, right = ends
    k = len(clues)
    for i, h in enumerate(clues):
        _set(cells, right[i], left[i] + h, FILLED)
    for j in range(k + 1):
        after = right[j - 1] + clues[j - 1] if j > 0 else 0
        before = left[j] if j < k else len(cells)
        _set(cells, after, before, CROSSED)


def line_solver(clues: Clues, cells: list[int]) -> None:
    """Every arrangement of the clues that fits the line agrees on a cell: it is decided."""
    out = solve_cells(clues, cells)
    if out is not None:
        cells[:] = out


def count_arrangements(clues: Sequence[int], cells: Sequence[int]) -> int:
    """How many arrangements of the clues fit the line (every box covered, no clue on a cross);
    counted exactly by dynamic programming, so long lines cost no more than short ones."""
    hints = normal_clues(clues)
    n = len(cells)
    k = len(hints)
    run = [0] * (n + 1)  # cells from p on that are not crossed
    for p in range(n - 1, -1, -1):
        run[p] = run[p + 1] + 1 if cells[p] != CROSSED else 0
    # ways[p]: arrangements of clues i.. in cells [p, n), cells before the first clue empty.
    ways = [0] * (n + 2)
    ways[n] = ways[n + 1] = 1
    for p in range(n - 1, -1, -1):
        ways[p] = ways[p + 1] if cells[p] != FILLED else 0
    for i in range(k - 1, -1, -1):
        h = hints[i]
        nxt = ways
        ways = [0] * (n + 2)
        for p in range(n - 1, -1, -1):
            total = ways[p + 1] if cells[p] != FILLED else 0
            if run[p] >= h and (p + h == n or cells[p + h] != FILLED):
                total += nxt[min(p + h + 1, n)]
            ways[p] = total
    return ways[0]
