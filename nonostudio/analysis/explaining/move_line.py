"""How texts name a line's clues and cells: ``3 1 2``, ``cells 3–8, 10`` (from 1), and
:data:`Span`, what a sentence points at on its line."""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.analysis.catalogue.technique_moves import normal_clues
from nonostudio.analysis.catalogue.techniques import cell_ranges_text

Span = tuple[str, int, int]
"""What a sentence points at on its line: ``("block" | "gap" | "cells", start, end)``, cells
``[start, end)`` of the whole line, 0-based."""


def clues_text(clues: Sequence[int]) -> str:
    """``3 1 2`` (``0`` for an empty clue)."""
    return " ".join(map(str, normal_clues(clues))) or "0"


def cells_text(positions: Sequence[int] | range, offset: int = 0, limit: int = 4) -> str:
    """``cell 4`` / ``cells 3–8, 10`` (1-based, shifted by ``offset``)."""
    ps = sorted(p + offset for p in positions)
    return f"{'cell' if len(ps) == 1 else 'cells'} {cell_ranges_text(ps, limit)}"
