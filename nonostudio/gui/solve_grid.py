"""The solving view's grid: a GridView that also marks a step's line, sub-line, cells and mistakes.

* the current line: a frame in the highlight colour around the row or column (and its clue);
* the sub-line the rule was applied to: a dashed frame around those cells;
* the cells the step decided: an inner square in the highlight colour;
* the clues the step's explanation names: a rounded frame around each number;
* the blocks and gaps it names: a frame (blocks solid, gaps dotted) inside those cells;
* mistakes (cells that disagree with the solution): a warning-coloured ring.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QWidget

from nonostudio.analysis.steps import PROBE, SEARCH, Step
from nonostudio.gui.grid_view import OVERLAY_COLOR, GridView

Cell = tuple[int, int]
# Clues, blocks and gaps a step points at: a green that stands out from the highlight (selection
# blue) and from the warning orange of mistakes, in light and dark schemes alike.
FOCUS_COLOR = QColor(20, 160, 90)


@dataclass(frozen=True)
class StepMarks:
    """What to mark for one step: its line (axis ``"row"``/``"column"``), sub-line and cells,
    and what its explanation points at: the line's clues (0-based) and ``(what, start, end)``
    spans of the line (``what`` is ``block``, ``gap`` or ``cells``; only blocks and gaps are
    drawn, the decided cells being ``cells``)."""

    axis: str = ""
    index: int = -1
    subline: tuple[int, int] | None = None
    cells: frozenset[Cell] = frozenset()
    clues: tuple[int, ...] = ()
    spans: tuple[tuple[str, int, int], ...] = ()


def step_marks(step: Step, *, cells: bool = True) -> StepMarks:
    """The grid marks of a step: its line and sub-line, and (``cells``) the cells it decides and
    the clues, blocks and gaps its explanation names."""
    if step.kind == SEARCH:
        decided = frozenset((r, c) for r, c, _v in step.cells) if cells else frozenset()
        return StepMarks(cells=decided)
    if step.kind == PROBE and not cells:
        r, c, _v = step.cells[0]
        return StepMarks(step.axis, step.index, None, frozenset({(r, c)}))
    if not cells:
        return StepMarks(step.axis, step.index, step.subline)
    return StepMarks(
        step.axis,
        step.index,
        step.subline,
        frozenset((r, c) for r, c, _v in step.cells),
        step.focus_clues,
        step.focus_spans,
    )


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
        height, width = self._cells.shape
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
            self._paint_focus(painter, self.palette().color(QPalette.ColorRole.Highlight))
            self._paint_mistakes(painter)
        finally:
            painter.end()

    def _paint_marks(self, painter: QPainter, highlight: QColor) -> None:
        marks = self._marks
        cell = self.cell_size()
        height, width = self._cells.shape
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

    def clue_rect(self, axis: str, index: int, clue: int) -> QRect | None:
        """Widget rectangle of number ``clue`` (0-based) of a line's clue (None: no such number)."""
        rows, cols = self.clues()
        lines = rows if axis == "row" else cols
        if not 0 <= index < len(lines):
            return None
        numbers = lines[index] or (0,)
        if not 0 <= clue < len(numbers):
            return None
        lay = self._layout
        k = len(numbers) - clue  # numbers are right (bottom) aligned: the last is next to the grid
        if axis == "row":
            strip = lay.row_clue_rect(index)
            return QRect(
                strip.right() + 1 - k * lay.row_slot_width,
                strip.top(),
                lay.row_slot_width,
                lay.cell,
            )
        strip = lay.col_clue_rect(index)
        return QRect(strip.left(), strip.bottom() + 1 - k * lay.cell, lay.cell, lay.cell)

    def _paint_focus(self, painter: QPainter, highlight: QColor) -> None:
        marks = self._marks
        if marks.axis not in ("row", "column"):
            return
        cell = self.cell_size()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(FOCUS_COLOR, max(2, cell // 9)))
        for clue in marks.clues:
            rect = self.clue_rect(marks.axis, marks.index, clue)
            if rect is not None:
                painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), cell / 4, cell / 4)
        size = self._cells.shape[1 if marks.axis == "row" else 0]
        for what, start, end in marks.spans:
            if what not in ("block", "gap"):
                continue
            start, end = max(0, start), min(size, end)
            if end <= start:
                continue
            style = Qt.PenStyle.SolidLine if what == "block" else Qt.PenStyle.DotLine
            painter.setPen(QPen(FOCUS_COLOR, max(2, cell // 9), style))
            inset = max(2, cell // 6)
            rect = self.line_rect(marks.axis, marks.index, start, end)
            painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))

    def _paint_mistakes(self, painter: QPainter) -> None:
        if not self._mistakes:
            return
        cell = self.cell_size()
        painter.setPen(QPen(OVERLAY_COLOR, max(2, cell // 7)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = max(1, cell // 10)
        for r, c in self._mistakes:
            painter.drawEllipse(self.cell_rect(r, c).adjusted(inset, inset, -inset, -inset))
