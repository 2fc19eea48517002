"""The solving view's grid: a GridView that also marks a step's line, sub-line, cells and mistakes.

* the current line: a frame in the highlight colour around the row or column (and its clue);
* the sub-line the rule was applied to: a dashed frame around those cells;
* the cells the step decided: an inner square in the highlight colour;
* mistakes (cells that disagree with the solution): a warning-coloured ring.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

from nonostudio.gui.grid_view import OVERLAY_COLOR, GridView

Cell = tuple[int, int]


@dataclass(frozen=True)
class StepMarks:
    """What to mark for one step: its line (axis ``"row"``/``"column"``), sub-line and cells."""

    axis: str = ""
    index: int = -1
    subline: tuple[int, int] | None = None
    cells: frozenset[Cell] = frozenset()


class SolveGridView(GridView):
    """A grid with step and mistake marks painted over the cells."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self._marks = StepMarks()
        self._mistakes: frozenset[Cell] = frozenset()
        self.set_reserve_clue_room(False)  # the clues are the puzzle's: they never grow here
        self.setAccessibleName("Solving grid")

    def set_marks(self, marks: StepMarks) -> None:
        self._marks = marks
        self.update()

    def marks(self) -> StepMarks:
        return self._marks

    def set_mistakes(self, cells: Iterable[Cell]) -> None:
        self._mistakes = frozenset(cells)
        self.update()

    def mistakes(self) -> frozenset[Cell]:
        return self._mistakes

    def line_rect(self, axis: str, index: int, start: int = 0, end: int | None = None) -> QRect:
        """Widget rectangle of cells ``[start, end)`` of a row or column."""
        height, width = self.cells().shape
        if axis == "row":
            last = (width if end is None else end) - 1
            return self.cell_rect(index, start).united(self.cell_rect(index, max(start, last)))
        last = (height if end is None else end) - 1
        return self.cell_rect(start, index).united(self.cell_rect(max(start, last), index))

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        painter = QPainter(self)
        try:
            self._paint_marks(painter, self.palette().color(QPalette.ColorRole.Highlight))
            self._paint_mistakes(painter)
        finally:
            painter.end()

    def _paint_marks(self, painter: QPainter, highlight: QColor) -> None:
        marks = self._marks
        cell = self.cell_size()
        height, width = self.cells().shape
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = max(3, cell // 4)
        fill = QColor(highlight)
        fill.setAlpha(170)
        for r, c in marks.cells:
            if 0 <= r < height and 0 <= c < width:
                rect = self.cell_rect(r, c).adjusted(inset, inset, -inset, -inset)
                painter.fillRect(rect, fill)
        size = height if marks.axis == "column" else width
        if marks.axis in ("row", "column") and 0 <= marks.index < size:
            rect = self.line_rect(marks.axis, marks.index)
            if marks.axis == "row":
                rect.setLeft(2)
            else:
                rect.setTop(2)
            painter.setPen(QPen(highlight, max(2, cell // 8)))
            painter.drawRect(rect)
            if marks.subline is not None:
                start, end = marks.subline
                sub = self.line_rect(marks.axis, marks.index, start, end)
                pen = QPen(highlight, max(2, cell // 10), Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.drawRect(sub.adjusted(2, 2, -2, -2))

    def _paint_mistakes(self, painter: QPainter) -> None:
        if not self._mistakes:
            return
        cell = self.cell_size()
        painter.setPen(QPen(OVERLAY_COLOR, max(2, cell // 7)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = max(1, cell // 10)
        for r, c in self._mistakes:
            painter.drawEllipse(self.cell_rect(r, c).adjusted(inset, inset, -inset, -inset))
