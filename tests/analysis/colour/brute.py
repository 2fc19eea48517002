"""Brute force for colour lines, sharing no code with the analysis layer: every colouring of a
line, its clue, and the colourings of a clue that fit a line's cell sets."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import cache

ClueItem = tuple[int, int]


def clue_of(line: Sequence[int]) -> tuple[ClueItem, ...]:
    out: list[list[int]] = []
    previous = 0
    for x in line:
        if x:
            if x == previous:
                out[-1][0] += 1
            else:
                out.append([1, x])
        previous = x
    return tuple((n, c) for n, c in out)


@cache
def by_clue(n: int, ncolours: int) -> dict[tuple[ClueItem, ...], list[tuple[int, ...]]]:
    """Every colouring of ``n`` cells with ``ncolours`` palette entries, grouped by clue."""
    out: dict[tuple[ClueItem, ...], list[tuple[int, ...]]] = {}
    for line in itertools.product(range(ncolours), repeat=n):
        out.setdefault(clue_of(line), []).append(line)
    return out


def fitting(
    clue: tuple[ClueItem, ...], cells: Sequence[int], ncolours: int
) -> list[tuple[int, ...]]:
    """The colourings of the clue whose every cell is in that cell's set."""
    lines = by_clue(len(cells), ncolours).get(tuple(clue), [])
    return [a for a in lines if all(cells[p] >> v & 1 for p, v in enumerate(a))]


def exact(
    clue: tuple[ClueItem, ...], cells: Sequence[int], ncolours: int
) -> tuple[int, ...] | None:
    """Each cell's colours over the fitting colourings; None when none fits."""
    arr = fitting(clue, cells, ncolours)
    if not arr:
        return None
    out = [0] * len(cells)
    for a in arr:
        for p, v in enumerate(a):
            out[p] |= 1 << v
    return tuple(out)
