"""The exact line solver: the maximal transition of a line, or a contradiction.

Every cell that has the same value in all solutions of a line is decided.  The computation is
bit-parallel over Python ints (bit ``i`` of a mask is cell ``i``): a forward and a backward pass
of hint placements, then the cells each placement can cover (how: docs/design/solver.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line

_TO_FILLED = str.maketrans("-Ox?#.", "010010")
_TO_CROSSED = str.maketrans("-Ox?#.", "001001")


def _passes(
    hints: Sequence[int], n: int, filled: int, crossed: int
) -> tuple[list[int], list[int]] | None:
    """One pass of hint placements left to right: ``(gaps, ends)``, or None if infeasible.

    Masks here are shifted one cell up: bit ``p + 1`` stands for cell ``p`` (-1 ≤ p ≤ n), with the
    virtual cells -1 and ``n`` (before the start and past the end) always empty.  ``gaps[j]`` has
    bit ``p + 1`` when hints ``0..j-1`` fit in ``[0, p)`` with cell ``p`` empty.  ``ends[j]`` has
    bit ``s + h + 1`` (the cell after the block) when hint ``j`` of size ``h`` can start at ``s``
    with its prefix consistent.  This is the hot loop of every solver (how it works:
    docs/design/solver.md §2).
    """
    full = (1 << n) - 1
    # Cells that may be empty, plus the two virtual ones.
    allowed = ((full & ~filled) << 1) | 1 | (2 << n)
    run_starts = allowed & ~(allowed << 1)
    free = allowed ^ 1
    gap = ((free + run_starts) & free) | 1
    gaps = [gap]
    ends: list[int] = []
    not_crossed = full & ~crossed
    valid_cache: dict[int, int] = {}
    for h in hints:
        valid = valid_cache.get(h)
        if valid is None:
            r = not_crossed
            done = 1
            while done * 2 <= h:
                r &= r >> done
                done *= 2
            if done < h:
                r &= r >> (h - done)
            # Start cells (unshifted) with no filled cell just before or just after the block.
            valid = r & ~(filled << 1) & ~(filled >> h)
            valid_cache[h] = valid
        # Bit s of gap is cell s - 1 empty: hint j may start at cell s.
        s = valid & gap
        if not s:
            return None
        seeds = s << (h + 1)  # the cells after the blocks, a subset of allowed
        ends.append(seeds)
        free = allowed ^ seeds
        # Adding each run's start bit carries through the cells below its lowest seed and
        # clears them; what stays of ``free`` is everything from the lowest seed up.
        gap = ((free + run_starts) & free) | seeds
        gaps.append(gap)
    if not gap >> (n + 1):
        return None
    return gaps, ends


# Bit ``i`` of byte value ``b`` moved to bit ``7 - i``.  Reversing a mask is then three C-level
# calls: its big-endian bytes with each byte reversed are the reversed number's little-endian bytes
# (up to the padding to a whole byte, shifted away).  A 512-cell line's mask reverses in ~0.8 µs,
# four times faster than through text.
_REV8 = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def reverse_mask(x: int, width: int) -> int:
    """The lowest ``width`` bits of ``x`` in reverse order (``x`` must fit in ``width`` bits)."""
    nbytes = (width + 7) >> 3
    return int.from_bytes(x.to_bytes(nbytes, "big").translate(_REV8), "little") >> (
        (nbytes << 3) - width
    )


#: Lines from this length on are solved between their known ends (measured: on shorter lines
#: checking the ends costs more than it saves).
_ENDS_FROM = 64


def solve_masks(
    hints: Sequence[int], n: int, filled: int, crossed: int, fresh: int = -1
) -> tuple[int, int] | None:
    """Maximal transition on masks: ``(filled, crossed)`` after deduction, or None if no solution.

    Bit ``i`` of each mask is cell ``i``; ``filled & crossed`` must be 0.  ``fresh`` (default: every
    cell) holds the decided cells that may not be in any solution: the others must be cells an
    earlier result of this function on the same hints and length decided alike (a result can be
    extended to a solution), as a caller that keeps each line's last result knows.  The known ends
    of a long line are checked against the hints only where they hold fresh cells, and the blocks
    that filled cells next to them start are placed before the passes run (:func:`_anchor`).
    """
    if n < _ENDS_FROM:
        return _solve(hints, n, filled, crossed)
    unknown = ((1 << n) - 1) ^ (filled | crossed)
    if not unknown:
        if fresh and mask_blocks(filled) != tuple(hints):
            return None
        return filled, crossed
    # Known cells up to a crossed one at either end hold the first and last hints exactly: check
    # them and solve only the cells between (most of a long line is known late in solving).
    below = unknown ^ (unknown - 1)  # the cells up to the first unknown one
    left = (crossed & below).bit_length()  # cells [0, left) known, left-1 x
    top = unknown.bit_length()
    above = crossed >> top
    right = top + (above ^ (above - 1)).bit_length() - 1 if above else n
    if left or right < n or filled & 1 or filled >> (n - 1):
        # An earlier result's cells up to a crossed one at either end are its first or last
        # blocks, and so the first or last hints: only the blocks past them are compared with
        # the hints (measured: comparing them all took a tenth of Cauldron's line solving).
        k = len(hints)
        starts = filled ^ (filled & (filled << 1))
        m1 = m2 = 0
        if left:
            new = fresh & ((1 << left) - 1)
            if new:
                kept = (crossed & (new ^ (new - 1)) >> 1).bit_length()
                m1 = (starts & ((1 << kept) - 1)).bit_count()
                count = _blocks_are((filled & ((1 << left) - 1)) >> kept << kept, hints, m1)
                if count < 0:
                    return None
                m1 += count
            else:
                m1 = (starts & ((1 << left) - 1)).bit_count()
        if right < n:
            new = fresh >> right  # -1 (every cell fresh) stays -1
            if new:
                if new > 0:
                    end = right + new.bit_length()
                    above = crossed >> end
                    kept = end + (above ^ (above - 1)).bit_length() - 1 if above else n
                else:
                    kept = n
                m2 = (starts >> kept).bit_count()
                region = (filled & ((1 << kept) - 1)) >> right << right
                count = (starts & region).bit_count()
                if m1 + m2 + count > k or _blocks_are(region, hints, k - m2 - count) != count:
                    return None
                m2 += count
            else:
                m2 = (starts >> right).bit_count()
        if m1 + m2 > k:
            return None
        if left < below.bit_length() - 1 or right > top:
            anchored = _anchor(hints, filled, crossed, unknown, left, right, m1, m2)
            if anchored is None or len(anchored) == 2:
                return anchored
            filled, crossed, left, right, m1, m2 = anchored
        width = right - left
        inner = (1 << width) - 1
        out = _solve(hints[m1 : k - m2], width, (filled >> left) & inner, (crossed >> left) & inner)
        if out is None:
            return None
        return filled | (out[0] << left), crossed | (out[1] << left)
    return _solve(hints, n, filled, crossed)


def _anchor(
    hints: Sequence[int],
    filled: int,
    crossed: int,
    unknown: int,
    left: int,
    right: int,
    m1: int,
    m2: int,
) -> tuple[int, int] | tuple[int, int, int, int, int, int] | None:
    """The known ends of :func:`solve_masks` pushed past the blocks they anchor.

    Cells ``[0, left)`` are known and hold hints ``0..m1-1`` (cell ``left - 1`` crossed, or
    ``left`` 0), and ``[right, n)`` the last ``m2`` hints likewise; ``unknown`` (not empty) lies
    between.  A filled cell at ``left`` starts hint ``m1`` in every solution: its cells are
    filled, the cell after it crossed, and the known end moves past it and past any known cells
    up to a crossed one after it (their blocks checked against the next hints); the same from the
    right.  Returns the masks and the new ``(left, right, m1, m2)``, the masks alone when no cell
    is left unknown, or None when the hints cannot be placed so.
    """
    k = len(hints)
    low = (unknown ^ (unknown - 1)).bit_length() - 1  # the first unknown cell
    while left < low:  # cells [left, low) filled: hint m1 starts at ``left``
        if m1 + m2 >= k:
            return None
        end = left + hints[m1]
        m1 += 1
        if end < low or end > right:  # a filled cell just after it, or past the known end
            return None
        if end > low:
            block = (1 << end) - (1 << low)  # the unknown cells it covers
            if crossed & block:
                return None
            filled |= block
        if end < right:  # (cell ``right`` is crossed)
            if (filled >> end) & 1:
                return None
            crossed |= 1 << end
        left = end + 1
        rest = unknown >> left
        if not rest:
            return _complete(hints, filled, crossed, left, right, m1, m2)
        low = left + (rest ^ (rest - 1)).bit_length() - 1
        if low == left:
            break
        # Known cells up to a crossed one after the block: complete blocks, the next hints.
        known = (crossed >> left) & ((1 << (low - left)) - 1)
        if known:
            stop = known.bit_length()
            region = (filled >> left) & ((1 << stop) - 1)
            if region:
                count = _blocks_are(region, hints, m1)
                if count < 0:
                    return None
                m1 += count
            left += stop
    unknown = unknown >> low << low
    top = unknown.bit_length()  # one past the last unknown cell
    while right > top:  # cells [top, right) filled: hint k - m2 - 1 ends at ``right - 1``
        m2 += 1
        if m1 + m2 > k:
            return None
        start = right - hints[k - m2]
        if start > top or start < left:
            return None
        if start < top:
            block = (1 << top) - (1 << start)
            if crossed & block:
                return None
            filled |= block
        if start > left:
            right = start - 1
            if (filled >> right) & 1:
                return None
            crossed |= 1 << right
        else:
            right = start
        unknown &= (1 << right) - 1
        if not unknown:
            return _complete(hints, filled, crossed, left, right, m1, m2)
        top = unknown.bit_length()
        if top == right:
            break
        known = (crossed >> top) & ((1 << (right - top)) - 1)
        if known:
            stop = top + (known ^ (known - 1)).bit_length() - 1  # the lowest crossed cell above
            region = (filled >> stop) & ((1 << (right - stop)) - 1)
            if region:
                count = (region ^ (region & (region << 1))).bit_count()
                if m1 + m2 + count > k or _blocks_are(region, hints, k - m2 - count) != count:
                    return None
                m2 += count
            right = stop
    if m1 + m2 > k:
        return None
    return filled, crossed, left, right, m1, m2


def _complete(
    hints: Sequence[int], filled: int, crossed: int, left: int, right: int, m1: int, m2: int
) -> tuple[int, int] | None:
    """:func:`_anchor`'s line once no cell is unknown: the masks if the cells from ``left`` to
    ``right`` hold exactly the hints between the first ``m1`` and the last ``m2``, else None."""
    k = len(hints)
    if m1 + m2 > k:
        return None
    region = filled & ((1 << right) - 1) >> left << left if right > left else 0
    if _blocks_are(region, hints, m1) != k - m2 - m1:
        return None
    return filled, crossed


def _blocks_are(region: int, hints: Sequence[int], j: int) -> int:
    """How many blocks ``region`` has, when they are hints ``j``, ``j + 1``, ... in order (lowest
    first), or -1.  Each block is checked in place from its lowest cell: its size in filled
    cells, then an empty one (measured: faster than listing the blocks, for the one to three of
    a known end that are checked)."""
    first = j
    k = len(hints)
    while region:
        if j >= k:
            return -1
        low = region & -region
        block = low * ((1 << hints[j]) - 1)
        if region & (block + block + low) != block:
            return -1
        region ^= block
        j += 1
    return j - first


_ZERO_SPACE = str.maketrans("0", " ")


def mask_blocks(filled: int) -> tuple[int, ...]:
    """Sizes of the blocks of a mask, lowest cells first."""
    # Zeros made spaces: str.split drops the empty runs itself (a third faster than filtering).
    return tuple(map(len, format(filled, "b").translate(_ZERO_SPACE).split()))[::-1]


def _solve(hints: Sequence[int], n: int, filled: int, crossed: int) -> tuple[int, int] | None:
    """:func:`solve_masks` on the whole line: the backward pass (the forward pass on the reversed
    line), then the forward pass, which also gathers where each placement ends."""
    if not (filled | crossed) and hints:
        return _solve_blank(hints, n)
    full = (1 << n) - 1
    if len(hints) == 1:
        return _solve_one(hints[0], full, filled, crossed)
    nbytes = (n + 9) >> 3
    # The forward pass works ``pad`` bits higher, where the backward pass's reversed gap sets are
    # read (below), so that they need no shift.
    pad = (nbytes << 3) - n - 2
    # The start cells each block size may take (no crossed cell under it, no filled cell just
    # after it) for both passes at once: the forward line's masks from bit ``pad`` up, the
    # reversed line's from bit ``high`` up.  ``high`` makes the width a whole number of bytes,
    # so that a mask ORed with its reverse over that width (one reverse_mask with no shift) holds
    # both.  Twice ``nbytes`` is enough: ``high = n + pad + 4`` is above the forward gap sets'
    # last bit (``pad + n + 1``, the virtual cell n), and a start cell of either line needs its
    # block's cells open, which they cannot be across the zero cells between the two lines, so
    # the shifts below carry nothing from one line into the other that is not masked off
    # (measured: the 3n-bit width it had cost 1 % of Cauldron's line solves' instructions).
    nb2 = nbytes << 1
    high = (nb2 << 3) - n - pad
    rev = _REV8
    frm = int.from_bytes
    both_open = (full ^ crossed) << pad
    both_open |= frm(both_open.to_bytes(nb2, "big").translate(rev), "little")
    both_filled = filled << pad
    if filled:
        both_filled |= frm(both_filled.to_bytes(nb2, "big").translate(rev), "little")
    rf = both_filled >> high
    # Each size's start cells, the sizes in increasing order: the cells starting a run of ``h``
    # open cells come from those starting a run of the size before (one or two shift-and steps
    # where the sizes are close).  No filled cell may be just before a block either, but that
    # comes from the gap sets (they hold only cells that may be empty).
    sizes = sorted(set(hints))
    top = sizes[-1] + 1 if sizes else 1
    forward_valid = [0] * top
    backward_valid = [0] * top
    runs = both_open
    covered = 1
    for h in sizes:
        while covered * 2 < h:
            runs &= runs >> covered
            covered *= 2
        if covered < h:
            runs &= runs >> (h - covered)
            covered = h
        valid = runs ^ (runs & (both_filled >> h))
        forward_valid[h] = valid  # the reversed line's bits are above any forward gap set's
        backward_valid[h] = valid >> high
    # The backward pass on the reversed line (masks as in _passes).  A gap set's next one is
    # ``((free + run_starts) & free) | seeds`` with ``free = allowed - seeds``, which is
    # ``((allowed + run_starts - seeds) | seeds) & allowed``: one operation fewer.
    allowed = ((full ^ rf) << 1) | 1 | (2 << n)
    ar = allowed + (allowed ^ (allowed & (allowed << 1)))
    gap = ((ar - 1) | 1) & allowed
    # Each gap set as big-endian bytes: their concatenation with each byte's bits reversed, read
    # little-endian a piece at a time, gives the sets reversed (reverse_mask), last hint first.
    parts = [gap.to_bytes(nbytes, "big")]
    append = parts.append
    for h in reversed(hints):
        seeds = (backward_valid[h] & gap) << (h + 1)
        gap = ((ar - seeds) | seeds) & allowed
        append(gap.to_bytes(nbytes, "big"))
    if not gap >> (n + 1):
        return None
    after = b"".join(parts).translate(rev)
    # The forward pass.  after[j] (bit p + 1 + pad: cell p can be empty with hints j..k-1 fitting
    # after it): a cell may be empty when it is in the gap set before hint j and in after[j]; a
    # placement belongs to a solution when the cell after it is also in after[j + 1].  Those
    # cells are gathered per block size and turned into the cells the blocks cover at the end
    # (covering is the same for every block of a size, and it distributes over OR).
    allowed = (((full ^ filled) << 1) | 1 | (2 << n)) << pad
    ar = allowed + (allowed ^ (allowed & (allowed << 1)))
    one = 1 << pad
    gap = ((ar - one) | one) & allowed
    can_empty = 0
    ends = [0] * top
    hi = len(hints) * nbytes
    a = frm(after[hi:], "little")
    for h in hints:
        can_empty |= gap & a
        lo = hi - nbytes
        a = frm(after[lo:hi], "little")
        hi = lo
        seeds = (forward_valid[h] & gap) << (h + 1)
        ends[h] |= seeds & a
        gap = ((ar - seeds) | seeds) & allowed
    can_empty |= gap & a
    # The cells the placements cover: from the bit after each placement (``s + h + 1``) down
    # ``h`` cells, largest size first, spreading all that is gathered by the difference to the
    # next size (Horner's rule: spreading by a then by b is spreading by a + b).
    shifts = _COVER_SHIFTS
    cover = 0
    last = 0
    for h in reversed(sizes):
        if cover:
            for d in shifts[last - h + 1]:
                cover |= cover >> d
        cover |= ends[h]
        last = h
    for d in shifts[last]:
        cover |= cover >> d
    return full ^ (full & (can_empty >> (pad + 1))), full ^ (cover >> (pad + 2))


def _solve_one(h: int, full: int, filled: int, crossed: int) -> tuple[int, int] | None:
    """:func:`_solve` for one block: it starts where ``h`` open cells do and covers every filled
    cell; the cells all those placements cover are filled, those none covers crossed."""
    starts = full ^ crossed
    for d in _COVER_SHIFTS[h]:
        starts &= starts >> d
    if filled:
        first = filled.bit_length() - h  # the block ends at the last filled cell or later
        last = (filled ^ (filled - 1)).bit_length() - 1  # and starts at the first one or earlier
        if first > last:
            return None
        starts &= ((2 << last) - 1) >> max(first, 0) << max(first, 0)
    if not starts:
        return None
    low = (starts ^ (starts - 1)).bit_length() - 1
    high = starts.bit_length() - 1
    for d in _COVER_SHIFTS[h]:
        starts |= starts << d
    return filled | (((1 << (low + h)) - 1) >> high << high), full ^ starts


def _solve_blank(hints: Sequence[int], n: int) -> tuple[int, int] | None:
    """:func:`_solve` on a line with no cell decided: each block's overlap of its leftmost and
    rightmost placements is filled, and the gaps between blocks are crossed only when the blocks
    fit exactly."""
    slack = n - sum(hints) - len(hints) + 1
    if slack < 0:
        return None
    filled = 0
    pos = slack
    for h in hints:
        if h > slack:
            filled |= ((1 << (h - slack)) - 1) << pos
        pos += h + 1
    return filled, (((1 << n) - 1) ^ filled if not slack else 0)


def _cover_shifts(length: int) -> tuple[int, ...]:
    """Shifts that OR-ed in turn turn start cells into the cells blocks of ``length`` cover."""
    out = []
    done = 1
    while done * 2 <= length:
        out.append(done)
        done *= 2
    if done < length:
        out.append(length - done)
    return tuple(out)


class _CoverShifts(dict[int, tuple[int, ...]]):
    """:func:`_cover_shifts` of each block length, made when first asked for."""

    def __missing__(self, length: int) -> tuple[int, ...]:
        shifts = self[length] = _cover_shifts(length)
        return shifts


_COVER_SHIFTS = _CoverShifts()


def placements(hints: Sequence[int], n: int, filled: int, crossed: int) -> list[int] | None:
    """For each hint, the mask of start cells it takes in some solution; None if no solution."""
    fwd = _passes(hints, n, filled, crossed)
    if fwd is None:
        return None
    bwd = _passes(
        hints[::-1],
        n,
        reverse_mask(filled, n) if filled else 0,
        reverse_mask(crossed, n) if crossed else 0,
    )
    if bwd is None:
        return None
    k = len(hints)
    rgaps = bwd[0]
    return [
        (fwd[1][j] & reverse_mask(rgaps[k - j - 1], n + 2)) >> (h + 1) for j, h in enumerate(hints)
    ]


def text_masks(text: str) -> tuple[int, int]:
    """``(filled, crossed)`` masks of ``-Ox`` text (bit i = character i)."""
    rev = text[::-1]
    return int(rev.translate(_TO_FILLED) or "0", 2), int(rev.translate(_TO_CROSSED) or "0", 2)


_DIGIT_CELLS = str.maketrans("012", "-Ox")


def masks_text(n: int, filled: int, crossed: int) -> str:
    """The ``-Ox`` text of masks (``filled & crossed`` must be 0)."""
    # Read each mask's binary digits as a decimal number: the sum has digit 1 for filled cells and
    # 2 for crossed ones, with no carries because the masks are disjoint.
    digits = int(format(filled, "b")) + 2 * int(format(crossed, "b"))
    return format(digits, f"0{n}d")[::-1].translate(_DIGIT_CELLS) if n else ""


def solve_text(hints: Sequence[int], text: str) -> str | None:
    """Maximal transition of a line given as ``-Ox`` text; None when the line has no solution."""
    n = len(text)
    # The text read left to right is already the reversed line's bit order.
    rfilled = int(text.translate(_TO_FILLED) or "0", 2)
    rcrossed = int(text.translate(_TO_CROSSED) or "0", 2)
    filled = reverse_mask(rfilled, n) if rfilled else 0
    crossed = reverse_mask(rcrossed, n) if rcrossed else 0
    out = solve_masks(hints, n, filled, crossed)
    return None if out is None else masks_text(n, *out)


def cell_masks(cells: Sequence[int]) -> tuple[int, int]:
    """``(filled, crossed)`` masks of a sequence of cell values."""
    filled = crossed = 0
    for i, c in enumerate(cells):
        if c == FILLED:
            filled |= 1 << i
        elif c == CROSSED:
            crossed |= 1 << i
    return filled, crossed


# masks_cells reads both masks' binary digits as one decimal number (filled 1, crossed 2; both 3
# when the masks overlap, where a cell counts as filled), as masks_text does.
_CELL_OF_DIGIT = {"0": UNKNOWN, "1": FILLED, "2": CROSSED, "3": FILLED}


def masks_cells(n: int, filled: int, crossed: int) -> tuple[int, ...]:
    """Cell values of masks."""
    if n <= 0:
        return ()
    # Through text from 32 cells (measured: faster there, slower on short lines) up to int()'s
    # limit on decimal digits.
    if 32 <= n <= 4000 and filled >= 0 and crossed >= 0:
        digits = int(format(filled, "b")) + 2 * int(format(crossed, "b"))
        return tuple(map(_CELL_OF_DIGIT.__getitem__, format(digits, f"0{n}d")[::-1][:n]))
    return tuple(
        FILLED if (filled >> i) & 1 else CROSSED if (crossed >> i) & 1 else UNKNOWN
        for i in range(n)
    )


def solve_cells(hints: Sequence[int], cells: Sequence[int]) -> tuple[int, ...] | None:
    """Maximal transition of a line given as cell values; None when it has no solution."""
    n = len(cells)
    out = solve_masks(hints, n, *cell_masks(cells))
    return None if out is None else masks_cells(n, *out)


def maximal_transition(line: Line) -> Line | None:
    """The line with every forced cell decided, or None when the line is contradictory."""
    cells = solve_cells(line.hints, line.cells)
    return None if cells is None else Line(line.hints, cells)
