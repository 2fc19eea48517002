"""The scroll area that lets a puzzle grid fit its window and scroll only when zoomed in (or
when the puzzle is too big to be readable whole), following the keyboard cursor; and
:func:`reveal`, which scrolls any grid's area just enough to bring a rectangle (a step's line or
cells) out from under the pinned clues and into view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QScrollArea, QWidget

if TYPE_CHECKING:
    from nonostudio.gui.grid.view import GridView


class GridScrollArea(QScrollArea):
    """A scroll area around a :class:`~nonostudio.gui.grid.GridView` that tells the grid how
    much room it has, so the grid can fit the window (the default) and scroll only when zoomed
    in."""

    def __init__(self, grid: GridView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = grid
        self.setWidget(grid)
        self.setWidgetResizable(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid.set_fit(True)
        grid.cursorMoved.connect(self._follow_cursor)

    def _follow_cursor(self, row: int, col: int) -> None:
        """Scroll the keyboard cursor's cell into sight, clear of the pinned clues."""
        rect = self.grid.cell_rect(row, col)
        x_margin, y_margin = self.grid.cursor_margins()
        self.ensureVisible(rect.center().x(), rect.center().y(), x_margin, y_margin)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.grid.set_available_size(self.maximumViewportSize())


def revealed_value(value: int, start: int, length: int, view: int, covered: int) -> int:
    """Where a scroll bar at ``value`` goes to show the span ``[start, start + length)`` (widget
    pixels) in a viewport ``view`` pixels long whose first ``covered`` pixels the pinned clues
    hide: nowhere when the span is already seen (a span longer than the uncovered room: partly
    seen); else just far enough to bring it whole into the room (the longer span: its start)."""
    low, high = value + covered, value + view
    end = start + length
    if length <= high - low:
        if start < low:
            return start - covered
        if end > high:
            return end - view
        return value
    if end > low and start < high:
        return value
    return start - covered


def reveal(area: QScrollArea, target: QRect, covered: QSize) -> None:
    """Scroll ``area`` just enough that ``target`` (its widget's coordinates) is in sight, clear
    of the clues pinned over the viewport's left ``covered.width()`` and top
    ``covered.height()`` pixels; an axis along which it is seen already does not move (as a
    list view's ``scrollTo(EnsureVisible)``)."""
    viewport = area.viewport()
    for bar, start, length, view, hidden in (
        (
            area.horizontalScrollBar(),
            target.left(),
            target.width(),
            viewport.width(),
            covered.width(),
        ),
        (
            area.verticalScrollBar(),
            target.top(),
            target.height(),
            viewport.height(),
            covered.height(),
        ),
    ):
        bar.setValue(revealed_value(bar.value(), start, length, view, hidden))
