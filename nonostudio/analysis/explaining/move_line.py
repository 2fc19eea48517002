"""How texts name a line's clues and cells: ``3 1 2``, ``cells 3–8, 10`` (from 1), ``cells 4–7
are filled``, and :data:`Span`, what a sentence points at on its line."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from nonostudio.analysis.catalogue.technique_moves import normal_clues

Span = tuple[str, int, int]
"""What a sentence points at on its line: ``("block" | "gap" | "cells", start, end)``, cells
``[start, end)`` of the whole line, 0-based."""


def clues_text(clues: Sequence[int]) -> str:
    """``3 1 2`` (``0`` for an empty clue)."""
    return " ".join(map(str, normal_clues(clues))) or "0"


def cell_ranges_text(cells: Sequence[int], limit: int = 4) -> str:
    """1-based cell numbers as ranges: ``[0, 1, 2, 5]`` → ``"1–3, 6"``; past ``limit`` ranges the
    rest is counted in cells (``"1, 3, 5, 7 and 2 more"``; ``[0, 2, 4, 6, 8, 10, 11, 12]`` →
    ``"1, 3, 5, 7 and 4 more"``: the ranges 9 and 11–13 are four cells)."""
    parts = []
    sizes = []
    for _, group in itertools.groupby(enumerate(sorted(cells)), lambda p: p[1] - p[0]):
        run = [c for _, c in group]
        parts.append(f"{run[0] + 1}" if len(run) == 1 else f"{run[0] + 1}–{run[-1] + 1}")
        sizes.append(len(run))
    if len(parts) > limit:
        return f"{', '.join(parts[:limit])} and {sum(sizes[limit:])} more"
    return ", ".join(parts)


def cells_text(positions: Sequence[int] | range, offset: int = 0, limit: int = 4) -> str:
    """``cell 4`` / ``cells 3–8, 10`` (1-based, shifted by ``offset``)."""
    ps = sorted(p + offset for p in positions)
    return f"{'cell' if len(ps) == 1 else 'cells'} {cell_ranges_text(ps, limit)}"


def effect_text(filled: Sequence[int], crossed: Sequence[int], limit: int = 4) -> str:
    """``cells 4–7 are filled and cell 9 is empty`` (1-based ranges, past ``limit`` counted)."""
    parts = []
    for cells, what in ((filled, "filled"), (crossed, "empty")):
        if cells:
            one = len(cells) == 1
            parts.append(
                f"{'cell' if one else 'cells'} {cell_ranges_text(cells, limit)} "
                f"{'is' if one else 'are'} {what}"
            )
    return " and ".join(parts)
