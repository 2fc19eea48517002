"""The exact colour line solver: every cell's set of colours narrowed to the colours some fitting
arrangement of the clue gives it, or None when no arrangement fits.

A clue item is ``(length, colour)`` with colour an index >= 1 of the palette (0 is the
background); a cell is an int bitmask of the palette indices still possible.  The passes are the
bit-parallel ones of :mod:`nonostudio.core.linesolver` with a mask per colour: an item may start
where its colour is possible on all its cells, and a background cell is needed between two
consecutive items only when they have the same colour.
"""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.core.linesolver import _COVER_SHIFTS, _REV8, reverse_mask

ClueItem = tuple[int, int]
ColourClue = tuple[ClueItem, ...]


# _DIGITS[c] turns a byte (a cell's set of the colours 0-7) into b"1" when it holds colour c.
_DIGITS = [bytes(49 if b >> c & 1 else 48 for b in range(256)) for c in range(8)]


def colour_masks(cells: Sequence[int], colours: Sequence[int]) -> dict[int, int]:
    """For each colour of ``colours``, the mask of the cells (bit ``i`` = cell ``i``) that may
    take it."""
    return _masks(cells, colours)[0]


def _masks(
    cells: Sequence[int], colours: Sequence[int]
) -> tuple[dict[int, int], dict[int, int] | None]:
    """:func:`colour_masks`, and the same masks of the reversed line when they come cheap (None
    otherwise)."""
    masks = {}
    if cells and max(cells) < 256 and min(cells) >= 0:
        # One C-level pass per colour: the cells as bytes, each byte turned into '1' or '0'; read
        # the other way round, the same bytes give the reversed line's mask.
        line = bytes(cells)
        backwards = line[::-1]
        rmasks = {}
        for c in colours:
            if c < 8:
                masks[c] = int(backwards.translate(_DIGITS[c]), 2)
                rmasks[c] = int(line.translate(_DIGITS[c]), 2)
            else:
                masks[c] = rmasks[c] = 0
        return masks, rmasks
    for c in colours:
        m = 0
        for i, x in enumerate(cells):
            if x >> c & 1:
                m |= 1 << i
        masks[c] = m
    return masks, None


def _fits(mask: int, length: int) -> int:
    """Start cells ``s`` with cells ``s .. s + length - 1`` all in ``mask``."""
    r = mask
    done = 1
    while done * 2 <= length:
        r &= r >> done
        done *= 2
    if done < length:
        r &= r >> (length - done)
    return r


def _passes(
    clue: Sequence[ClueItem], may: dict[int, int], n: int
) -> tuple[list[int], list[int]] | None:
    """Items placed left to right: ``(gaps, starts)``, or None when the clue cannot fit.

    Masks of positions: bit ``p`` is the boundary before cell ``p`` (0 <= p <= n).  ``gaps[j]``
    has bit ``p`` when items ``0..j-1`` fit in cells ``[0, p)`` with every cell after the last of
    them background.  ``starts[j]`` has bit ``s`` when item ``j`` may start at cell ``s`` with the
    items before it fitting.
    """
    bg = may[0]
    link = bg << 1  # position p follows from position p - 1 when cell p - 1 may be background
    # The positions reached from seeds through background cells: in each run of ``seeds | link``
    # the bits from its lowest seed up (adding a run's start bit carries up to that seed and
    # clears the bits below it; a carry out of a run lands on a bit ``free`` lacks).
    m = 1 | link
    free = link
    gap = ((free + (m & ~(m << 1))) & free) | 1
    gaps = [gap]
    starts = []
    prev = 0
    fit_cache: dict[ClueItem, int] = {}
    for item in clue:
        length, colour = item
        fit = fit_cache.get(item)
        if fit is None:
            fit = fit_cache[item] = _fits(may.get(colour, 0), length)
        s = fit & ((gap & bg) << 1 if colour == prev else gap)
        if not s:
            return None
        starts.append(s)
        seeds = s << length
        m = seeds | link
        free = m ^ seeds
        gap = ((free + (m & ~(m << 1))) & free) | seeds
        gaps.append(gap)
        prev = colour
    if not gap >> n & 1:
        return None
    return gaps, starts


def _placements(
    clue: Sequence[ClueItem], n: int, may: dict[int, int], rmay: dict[int, int] | None = None
) -> tuple[int, list[int]] | None:
    """The cells that may be background in some fitting arrangement, and for each item the mask
    of the start cells it takes in some fitting arrangement; None when none fits.  ``rmay``
    holds the masks of the reversed line, when the caller has them."""
    fwd = _passes(clue, may, n)
    if fwd is None:
        return None
    if rmay is None:
        rmay = {c: reverse_mask(m, n) if m else 0 for c, m in may.items()}
    bwd = _passes(clue[::-1], rmay, n)
    if bwd is None:
        return None
    gaps, starts = fwd
    k = len(clue)
    # after[j]: positions p with items j..k-1 fitting in [p, n) after background cells: the
    # backward gap sets reversed over n + 1 bits (_reverse inlined).
    nbytes = (n + 8) >> 3
    pad = (nbytes << 3) - n - 1
    rev, frm = _REV8, int.from_bytes
    after = [frm(g.to_bytes(nbytes, "big").translate(rev), "little") >> pad for g in bwd[0][::-1]]
    bg = may[0]
    can_bg = 0
    for g, a in zip(gaps, after, strict=True):
        can_bg |= g & (a >> 1)
    placed = []
    for j, (length, colour) in enumerate(clue):
        a = after[j + 1]
        if j + 1 < k and clue[j + 1][1] == colour:
            a = (a >> 1) & bg  # a background cell, then the next item
        placed.append(starts[j] & (a >> length))
    return can_bg & bg, placed


def solve_colour_masks(
    clue: Sequence[ClueItem], n: int, may: dict[int, int], rmay: dict[int, int] | None = None
) -> dict[int, int] | None:
    """The exact narrowing on colour masks: for colour 0 (background) and each colour of the
    clue, the cells that take it in some fitting arrangement; None when none fits.

    ``may`` maps colour 0 and every colour of the clue to the mask of the cells that may take it
    (``rmay``, when given, the same for the reversed line).
    """
    found = _placements(clue, n, may, rmay)
    if found is None:
        return None
    can_bg, placed = found
    out = {0: can_bg}
    for (length, colour), c in zip(clue, placed, strict=True):
        for d in _COVER_SHIFTS[length]:
            c |= c << d
        out[colour] = out.get(colour, 0) | c
    return out


def colour_placements(
    clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int
) -> list[int] | None:
    """For each item of ``clue``, the mask of the start cells it takes in some arrangement that
    fits ``cells``; None when none fits."""
    found = _placements(clue, len(cells), *_masks(cells, sorted({0} | {c for _, c in clue})))
    return None if found is None else found[1]


def solve_colour_line(
    clue: Sequence[ClueItem], cells: Sequence[int], ncolours: int
) -> tuple[int, ...] | None:
    """Every cell's set narrowed to the colours some arrangement of ``clue`` that fits gives it;
    None when no arrangement fits.

    ``ncolours`` is the size of the palette, background (index 0) included; a cell is a bitmask
    of the indices still possible and a clue item ``(length, colour)`` has ``1 <= colour <
    ncolours``.
    """
    n = len(cells)
    colours = {0}
    for length, colour in clue:
        if not 1 <= colour < ncolours or length < 1:
            raise ValueError(f"clue item {(length, colour)} outside a palette of {ncolours}")
        colours.add(colour)
    out = solve_colour_masks(clue, n, *_masks(cells, sorted(colours)))
    if out is None:
        return None
    return masks_cells(n, out)


# _SPREAD[c] turns the digit b"1" into the byte with bit c set, and b"0" into 0.
_SPREAD = [bytes(1 << c if b == 49 else 0 for b in range(256)) for c in range(8)]


def masks_cells(n: int, masks: dict[int, int]) -> tuple[int, ...]:
    """Cell sets of per-colour masks (colour -> cells that may take it, within ``n`` bits)."""
    if n and max(masks, default=0) < 8:
        # Each mask's binary digits become a byte per cell holding its colour's bit; the colours
        # are distinct bits, so adding the numbers (no carries) joins the sets.
        total = 0
        for colour, m in masks.items():
            if m:
                digits = format(m, f"0{n}b").encode().translate(_SPREAD[colour])
                total += int.from_bytes(digits, "big")
        return tuple(total.to_bytes(n, "little"))
    cells = [0] * n
    for colour, m in masks.items():
        bit = 1 << colour
        while m:
            low = m & -m
            cells[low.bit_length() - 1] |= bit
            m ^= low
    return tuple(cells)
