"""The line a technique's move was made on, and how its sentence names clues and cells there.

:class:`MoveLine` is a (sub-)line before and after a move, placed on its whole line: it names a
clue as the player sees it ("the second clue, 8"), cells as the grid numbers them (from 1) and
remembers what a sentence names, for highlighting (:data:`Span`).
"""

from __future__ import annotations

from collections.abc import Sequence

from nonostudio.analysis.technique_moves import normal_clues
from nonostudio.analysis.techniques import cell_ranges_text
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.rules.phrase_words import ordinal

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


def is_are(positions: Sequence[int] | range) -> str:
    """``is`` for one cell, ``are`` for several."""
    return "is" if len(positions) == 1 else "are"


class MoveLine:
    """The (sub-)line a move was made on and how to name its parts on the whole line."""

    def __init__(
        self,
        axis: str,
        hints: Sequence[int],
        before: Sequence[int],
        after: Sequence[int],
        cell_offset: int,
        clue_offset: int,
        line_clues: Sequence[int] | None,
    ) -> None:
        self.axis = axis
        self.hints = normal_clues(hints)
        self.before = [int(c) for c in before]
        self.after = [int(c) for c in after]
        self.offset = cell_offset
        self.clue_offset = clue_offset
        self.line_clues = normal_clues(line_clues if line_clues is not None else hints)
        new = [
            i
            for i, (a, b) in enumerate(zip(self.before, self.after, strict=True))
            if a == UNKNOWN and b != UNKNOWN
        ]
        self.filled = [i for i in new if self.after[i] == FILLED]
        self.crossed = [i for i in new if self.after[i] == CROSSED]
        self.line_size = len(self.before) + cell_offset
        self.clues: list[int] = []
        self.spans: list[Span] = []

    def clue(self, i: int, *, subject: bool = False) -> str:
        """The sub-line's clue ``i`` as the player sees it on the whole line, e.g. ``the second
        clue, 8`` (``the 8`` when it is the line's only clue); remembered for highlighting."""
        whole = i + self.clue_offset
        if whole not in self.clues:
            self.clues.append(whole)
        h = self.line_clues[whole]
        if len(self.line_clues) == 1:
            return f"the {h}"
        return f"the {ordinal(whole)} clue, {h}{',' if subject else ''}"

    def cells(self, positions: Sequence[int] | range, kind: str = "cells", limit: int = 4) -> str:
        ps = sorted(positions)
        for start, end in _spans(ps):
            self.spans.append((kind, start + self.offset, end + self.offset))
        return cells_text(ps, self.offset, limit)

    def effect(self, limit: int = 4) -> str:
        parts = []
        if self.filled:
            parts.append(f"{self.cells(self.filled, limit=limit)} {is_are(self.filled)} filled")
        if self.crossed:
            parts.append(f"{self.cells(self.crossed, limit=limit)} {is_are(self.crossed)} empty")
        return " and ".join(parts)

    def wall(self, side: str, at: int) -> str:
        """The wall a gap starting (``side="left"``) or ending (``"right"``) at ``at`` stands
        against: an edge of the line, a cross, or the end of the oracle's part of the line."""
        whole = at + self.offset
        if side == "left":
            if whole == 0:
                return "the top edge" if self.axis == "column" else "the left edge"
            return f"the cross at cell {whole}" if at > 0 else "the start of this part"
        if whole == self.line_size:
            return "the bottom edge" if self.axis == "column" else "the right edge"
        return f"the cross at cell {whole + 1}" if at < len(self.before) else "the end of this part"


def _spans(positions: Sequence[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for p in positions:
        if out and out[-1][1] == p:
            out[-1] = (out[-1][0], p + 1)
        else:
            out.append((p, p + 1))
    return out
