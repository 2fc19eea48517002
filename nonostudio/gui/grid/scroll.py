"""The scroll area that lets a puzzle grid fit its window and scroll only when zoomed in (or
when the puzzle is too big to be readable whole), following the keyboard cursor."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
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
