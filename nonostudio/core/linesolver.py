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


def _runs_of(allowed: int, length: int) -> int:
    """Bits ``s`` such that cells ``[s, s + length)`` are all in ``allowed``."""
    r = allowed
    done = 1
    while done * 2 <= length:
        r &= r >> done
        done *= 2
    if done < length:
        r &= r >> (length - done)
    return r


def _cover(starts: int, length: int) -> int:
    """Cells covered by blocks of ``length`` placed at each bit of ``starts``."""
    c = starts
    done = 1
    while done * 2 <= length:
        c |= c << done
        done *= 2
    if done < length:
        c |= c << (length - done)
    return c


def _spread(seeds: int, allowed: int) -> int:
    """Cells reachable from a seed by moving right through ``allowed`` cells (seeds ⊆ allowed).

    Within each run of ``allowed`` the result is everything from the lowest seed to the run's end.
    The cells below the lowest seed form a run of ``allowed & ~seeds`` that starts where the
    ``allowed`` run starts; adding that start bit carries through exactly those cells.
    """
    free = allowed & ~seeds
    starts = free & ~(allowed << 1)
    below = ((free + starts) ^ free) & free
    return allowed & ~below


def _passes(
    hints: Sequence[int], n: int, filled: int, crossed: int
) -> tuple[list[int], list[int]] | None:
    """Forward pass: (gap sets ``gaps[0..k]``, start sets ``starts[0..k-1]``), or None if
    infeasible.

    ``gaps[j]`` has bit ``p`` (0 ≤ p ≤ n) when hints ``0..j-1`` fit in ``[0, p)`` with cell ``p``
    empty (``p = n``: past the end).  ``starts[j]`` has bit ``s`` when hint ``j`` can start at ``s``
    with its prefix consistent.  (:func:`_spread` and :func:`_runs_of` are inlined: this is the
    hot loop of every solver.)
    """
    full = (1 << n) - 1
    allowed = (full & ~filled) | (1 << n)  # cells that may be empty, plus the virtual end cell
    not_crossed = full & ~crossed
    run_starts = allowed & ~(allowed << 1)
    free = allowed & ~1
    below = ((free + (run_starts & free)) ^ free) & free
    gap = allowed & ~below  # empty when cell 0 is filled: then no run holds the seed
    gaps = [gap]
    starts: list[int] = []
    reach = (gap << 1) | 1
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
            valid = r & ~(filled << 1) & ~(filled >> h)
            valid_cache[h] = valid
        s = valid & reach
        if not s:
            return None
        starts.append(s)
        free = allowed & ~(s << h)
        below = ((free + (run_starts & free)) ^ free) & free
        gap = allowed & ~below
        gaps.append(gap)
        reach = gap << 1
    if not (gap >> n) & 1:
        return None
    return gaps, starts


# Bit ``i`` of byte value ``b`` moved to bit ``7 - i``.  Reversing a mask is then three C-level
# calls: its big-endian bytes with each byte reversed are the reversed number's little-endian bytes
# (up to the padding to a whole byte, shifted away).  A 512-cell line's mask reverses in ~0.8 µs,
# four times faster than through text, and nothing is built at import but these 256 bytes.
_REV8 = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))


def _reverse(x: int, width: int) -> int:
    """The lowest ``width`` bits of ``x`` in reverse order (``x`` must fit in ``width`` bits)."""
    nbytes = (width + 7) >> 3
    return int.from_bytes(x.to_bytes(nbytes, "big").translate(_REV8), "little") >> (
        (nbytes << 3) - width
    )


def solve_masks(hints: Sequence[int], n: int, filled: int, crossed: int) -> tuple[int, int] | None:
    """Maximal transition on masks: ``(filled, crossed)`` after deduction, or None if no solution.

    Bit ``i`` of each mask is cell ``i``; ``filled & crossed`` must be 0.
    """
    fwd = _passes(hints, n, filled, crossed)
    if fwd is None:
        return None
    rfilled = _reverse(filled, n) if filled else 0
    rcrossed = _reverse(crossed, n) if crossed else 0
    bwd = _passes(hints[::-1], n, rfilled, rcrossed)
    if bwd is None:
        return None
    return _combine(hints, n, fwd, bwd)


def _combine(
    hints: Sequence[int], n: int, fwd: tuple[list[int], list[int]], bwd: tuple[list[int], list[int]]
) -> tuple[int, int]:
    gaps, starts = fwd
    rgaps = bwd[0]
    k = len(hints)
    full = (1 << n) - 1
    width = n + 1
    can_empty = 0
    can_fill = 0
    # after[j]: bit p+1 set when cell p (-1 ≤ p < n) can be empty with hints j..k-1 fitting
    # after it.
    nbytes = (width + 7) >> 3
    pad = (nbytes << 3) - width
    rev, frm = _REV8, int.from_bytes  # _reverse inlined: k + 1 masks per line
    after = [frm(g.to_bytes(nbytes, "big").translate(rev), "little") >> pad for g in rgaps[::-1]]
    after[k] |= 1 << (n + 1)  # a last hint may end exactly at the line's end
    for j in range(k + 1):
        can_empty |= gaps[j] & (after[j] >> 1)
    for j, h in enumerate(hints):
        placed = starts[j] & (after[j + 1] >> (h + 1))
        can_fill |= _cover(placed, h)
    can_empty &= full
    return full & ~can_empty, full & ~can_fill


def placements(hints: Sequence[int], n: int, filled: int, crossed: int) -> list[int] | None:
    """For each hint, the mask of start cells it takes in some solution; None if no solution."""
    fwd = _passes(hints, n, filled, crossed)
    if fwd is None:
        return None
    bwd = _passes(
        hints[::-1], n, _reverse(filled, n) if filled else 0, _reverse(crossed, n) if crossed else 0
    )
    if bwd is None:
        return None
    k = len(hints)
    rgaps = bwd[0]
    out = []
    for j, h in enumerate(hints):
        after = _reverse(rgaps[k - j - 1], n + 1)
        if j == k - 1:
            after |= 1 << (n + 1)
        out.append(fwd[1][j] & (after >> (h + 1)))
    return out


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
    filled = _reverse(rfilled, n) if rfilled else 0
    crossed = _reverse(rcrossed, n) if rcrossed else 0
    fwd = _passes(hints, n, filled, crossed)
    if fwd is None:
        return None
    bwd = _passes(hints[::-1], n, rfilled, rcrossed)
    if bwd is None:
        return None
    return masks_text(n, *_combine(hints, n, fwd, bwd))


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
