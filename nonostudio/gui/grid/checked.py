"""What a Check marks on a solving grid, shared by the black-and-white and colour Solve grids
(:class:`CheckedCells`): the cells found wrong (painted as mistakes) or, judged against one
picture of several the clues fit, the cells that differ from it (painted as differing: they
may be right).  Painting is the host grid's; this keeps which cells are which."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

Cell = tuple[int, int]


class _Host(Protocol):
    """A grid with ``set_differing(cells)`` (marks ``cells`` as differing and repaints)."""

    _mistakes: frozenset[Cell]

    def set_differing(self, cells: Iterable[Cell]) -> None: ...


class CheckedCells:
    """Mixin for a grid widget that has ``set_differing(cells)`` (marks ``cells`` as differing
    and repaints: GridView's, ColourSolveGrid's): keeps the mistakes of the last Check and
    splits a Check's cells between mistakes and differing cells."""

    _mistakes: frozenset[Cell] = frozenset()

    def set_mistakes(self: _Host, cells: Iterable[Cell], sure: bool = True) -> None:
        """Mark ``cells`` as mistakes, or, not ``sure`` (judged against one picture of several
        the clues fit), as differing from it, since they may be right; () clears both."""
        cells = frozenset(cells)
        self._mistakes = cells if sure else frozenset()
        self.set_differing(frozenset() if sure else cells)  # (repaints)

    def mistakes(self) -> frozenset[Cell]:
        """The cells marked as mistakes by the last Check."""
        return self._mistakes
