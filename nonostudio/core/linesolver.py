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


def solve_masks(hints: Sequence[int], n: int, filled: int, crossed: int) -> tuple[int, int] | None:
    """Maximal transition on masks: ``(filled, crossed)`` after deduction, or None if no solution.

    Bit ``i`` of each mask is cell ``i``; ``filled & crossed`` must be 0.
    """
    if n < _ENDS_FROM:
        return _solve(hints, n, filled, crossed)
    unknown = ((1 << n) - 1) & ~(filled | crossed)
    if not unknown:
        return (filled, crossed) if mask_blocks(filled) == tuple(hints) else None
    # Known cells up to a crossed one at either end hold the first and last hints exactly: check
    # them and solve only the cells between (most of a long line is known late in solving).
    lo = (unknown & -unknown).bit_length() - 1
    left = (crossed & ((1 << lo) - 1)).bit_length()  # cells [0, left) known, cell left-1 crossed
    above = crossed >> unknown.bit_length()
    right = unknown.bit_length() + (above & -above).bit_length() - 1 if above else n
    if left or right < n:
        k = len(hints)
        head = mask_blocks(filled & ((1 << left) - 1)) if left else ()
        tail = mask_blocks(filled >> right) if right < n else ()
        m1, m2 = len(head), len(tail)
        if m1 + m2 > k or tuple(hints[:m1]) != head or (m2 and tuple(hints[k - m2 :]) != tail):
            return None
        width = right - left
        inner = (1 << width) - 1
        out = _solve(hints[m1 : k - m2], width, (filled >> left) & inner, (crossed >> left) & inner)
        if out is None:
            return None
        return filled | (out[0] << left), crossed | (out[1] << left)
    return _solve(hints, n, filled, crossed)


def mask_blocks(filled: int) -> tuple[int, ...]:
    """Sizes of the blocks of a mask, lowest cells first."""
    return tuple(map(len, filter(None, format(filled, "b").split("0"))))[::-1]


def _solve(hints: Sequence[int], n: int, filled: int, crossed: int) -> tuple[int, int] | None:
    """:func:`solve_masks` on the whole line: both passes, then what each placement covers."""
    if not (filled | crossed) and hints:
        return _solve_blank(hints, n)
    fwd = _passes(hints, n, filled, crossed)
    if fwd is None:
        return None
    rfilled = reverse_mask(filled, n) if filled else 0
    rcrossed = reverse_mask(crossed, n) if crossed else 0
    bwd = _passes(hints[::-1], n, rfilled, rcrossed)
    if bwd is None:
        return None
    gaps, ends = fwd
    rgaps = bwd[0]
    full = (1 << n) - 1
    # after[j] (shifted like the gaps): bit p + 1 when cell p can be empty with hints j..k-1
    # fitting after it: the backward pass's gap sets reversed (reverse_mask inlined, k + 1 masks).
    nbytes = (n + 9) >> 3
    pad = (nbytes << 3) - n - 2
    rev, frm = _REV8, int.from_bytes
    after = [frm(g.to_bytes(nbytes, "big").translate(rev), "little") >> pad for g in rgaps[::-1]]
    can_empty = gaps[-1] & after[-1]
    can_fill = 0
    shifts = _COVER_SHIFTS
    for h, g, e, a, a1 in zip(hints, gaps, ends, after, after[1:], strict=False):
        can_empty |= g & a
        c = (e & a1) >> (h + 1)  # start cells of placements that fit on both sides
        for d in shifts[h] if h < 64 else _cover_shifts(h):
            c |= c << d
        can_fill |= c
    return full & ~(can_empty >> 1), full & ~can_fill


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
    return filled, (((1 << n) - 1) & ~filled if not slack else 0)


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


_COVER_SHIFTS = [_cover_shifts(h) for h in range(64)]


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
