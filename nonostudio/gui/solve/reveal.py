"""Bring the step a Solve view shows into sight on a grid too big for its view: the rectangle of
the step's line or of the cells it decides (:func:`marked_rect`), scrolled just far enough out
from under the pinned clues (:func:`~nonostudio.gui.grid.scroll.reveal`).  The black-and-white
and the colour Solve views both use it."""

from __future__ import annotations

from collections.abc import Collection, Sized
from typing import Protocol

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QScrollArea

from nonostudio.gui.grid.scroll import reveal

Cell = tuple[int, int]


class MarkedGrid(Protocol):
    """A Solve grid's geometry: its clues (a row's and a column's each) and its cells' and
    lines' rectangles."""

    def clues(self) -> tuple[Sized, Sized]: ...

    def cell_rect(self, row: int, col: int) -> QRect: ...

    def line_rect(self, axis: str, index: int, start: int = 0, end: int | None = None) -> QRect: ...


def marked_rect(grid: MarkedGrid, axis: str, index: int, cells: Collection[Cell]) -> QRect | None:
    """What a step's marks ask to see on ``grid``: the cells it decides (on its line: they say
    where along it to look), else its line (``axis`` ``row`` or ``column``, ``index``); None
    when it marks neither."""
    rows, cols = grid.clues()
    height, width = len(rows), len(cols)
    inside = [(r, c) for r, c in cells if 0 <= r < height and 0 <= c < width]
    size = width if axis == "column" else height if axis == "row" else 0
    line = grid.line_rect(axis, index) if 0 <= index < size else None
    if not inside:
        return line
    spot = grid.cell_rect(*inside[0])
    for r, c in inside[1:]:
        spot = spot.united(grid.cell_rect(r, c))
    if line is not None and not line.contains(spot):
        return line.united(spot)
    return spot


def reveal_marks(
    area: QScrollArea,
    grid: MarkedGrid,
    axis: str,
    index: int,
    cells: Collection[Cell],
    covered: QSize,
) -> None:
    """Scroll ``area`` just enough to show the marks (``axis``, ``index``, ``cells``) of a step,
    clear of the pinned clues (``covered``: their width at the left, height at the top); nothing
    moves when they are in sight already or mark nothing."""
    target = marked_rect(grid, axis, index, cells)
    if target is not None:
        reveal(area, target, covered)
