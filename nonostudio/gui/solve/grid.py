"""The solving view's grid: a GridView that also marks a step's line, sub-line, cells and mistakes.

* the current line: a frame in the highlight colour around the row or column (and its clue);
* the sub-line the rule was applied to: a dashed frame around those cells;
* the cells the step decided: an inner square in the highlight colour;
* the clues the step's premises name: a rounded frame around each number;
* the blocks and gaps they name: a frame (blocks solid, gaps dotted) inside those cells;
* a contradiction's chain: the supposed cell ringed in the highlight colour, each line of the
  chain framed in a colour of its own with its clue tinted, the cells it decides under the
  supposition marked with the line's number (filled: a square, empty: a cross), and the line
  that could not match its clue framed and tinted as the breaking line;
* mistakes (cells that disagree with the solution): a warning-coloured ring.

The chain's colours are chosen against the palette's base, so they show in dark schemes too.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPalette, QPen
from PySide6.QtWidgets import QWidget

from nonostudio.analysis.explaining.premise_text import premise_focus
from nonostudio.analysis.helping.hints import Chain, ChainLine, step_chain
from nonostudio.analysis.tracing.steps import PROBE, SEARCH, Step
from nonostudio.core.line import FILLED
from nonostudio.gui.common.render import Layout
from nonostudio.gui.grid.checked import CheckedCells
from nonostudio.gui.grid.view import OVERLAY_COLOR, GridView

Cell = tuple[int, int]
# Clues, blocks and gaps a step points at: a green that stands out from the highlight (selection
# blue) and from the warning orange of mistakes, in light and dark schemes alike.
FOCUS_COLOR = QColor(20, 160, 90)
GOLDEN_ANGLE = 137.5  # hue steps between the chain's lines: neighbours in the chain look apart


@dataclass(frozen=True)
class StepMarks:
    """What to mark for one step: its line (axis ``"row"``/``"column"``), sub-line and cells,
    and what its premises point at: the line's clues (0-based) and ``(what, start, end)``
    spans of the line (``what`` is ``block``, ``gap`` or ``cells``; only blocks and gaps are
    drawn, the decided cells being ``cells``); for a contradiction, its ``chain``."""

    axis: str = ""
    index: int = -1
    subline: tuple[int, int] | None = None
    cells: frozenset[Cell] = frozenset()
    clues: tuple[int, ...] = ()
    spans: tuple[tuple[str, int, int], ...] = ()
    chain: Chain | None = None


def step_marks(
    step: Step, premises: Sequence[dict[str, Any]] | None = None, *, cells: bool = True
) -> StepMarks:
    """The grid marks of a step: its line and sub-line (a contradiction: the supposed cell);
    with ``premises``, what those premises point at (clues, blocks and gaps; a chain's lines
    so far); with ``cells``, the cells it decides and what all its premises point at."""
    decided = frozenset((r, c) for r, c, _v in step.cells) if cells else frozenset()
    if step.kind == SEARCH:
        return StepMarks(cells=decided)
    if premises is None:
        premises = step.premises if cells else ()
    chain = step_chain(premises or step.premises[:1]) if step.kind == PROBE else None
    if chain is not None:
        return StepMarks(cells=decided, chain=chain)
    if step.kind == PROBE:
        r, c, _v = step.cells[0]
        return StepMarks(step.axis, step.index, None, frozenset({(r, c)}))
    if cells:
        return StepMarks(
            step.axis, step.index, step.subline, decided, step.focus_clues, step.focus_spans
        )
    clues, spans = premise_focus(premises)
    spans = tuple(span for span in spans if span[0] != "cells")
    return StepMarks(step.axis, step.index, step.subline, frozenset(), clues, spans)


def _dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def chain_color(palette: QPalette, line: ChainLine) -> QColor:
    """The colour of a chain's line: a hue of its own (the breaking line red), light on a dark
    base and dark on a light one."""
    lightness = 170 if _dark(palette) else 100
    if line.dead:
        return QColor.fromHsl(0, 230, lightness)
    start = palette.color(QPalette.ColorRole.Highlight).hslHue()
    hue = (max(start, 0) + line.number * GOLDEN_ANGLE) % 360
    if hue < 30 or hue > 330:  # red is the breaking line's
        hue = (hue + 60) % 360
    return QColor.fromHsl(int(hue), 210, lightness)


def chain_legend(palette: QPalette, chain: Chain, clues: Sequence[Sequence[Sequence[int]]]) -> str:
    """The chain in order as rich text, each line in its colour: ``◯ suppose row 11, column 14
    empty → 1 column 14 → 2 row 21 → ✗ column 13: cannot match 1 4 9 2 1``.  ``clues`` gives a
    line's clue: ``clues[0]`` the rows', ``clues[1]`` the columns'."""
    highlight = palette.color(QPalette.ColorRole.Highlight).name()
    was = "filled" if chain.assumed == FILLED else "empty"
    parts = [
        f"<b style='color:{highlight}'>◯</b> suppose row {chain.row + 1}, column "
        f"{chain.column + 1} {was}"
    ]
    for line in chain.lines:
        color = chain_color(palette, line).name()
        if line.dead:
            numbers = (clues[0] if line.axis == "row" else clues[1])[line.index]
            clue = " ".join(str(n) for n in numbers if n > 0) or "0"
            parts.append(
                f"<b style='color:{color}'>✗ {line.number} {line.name}: cannot match {clue}</b>"
            )
        else:
            parts.append(f"<b style='color:{color}'>{line.number}</b> {html.escape(line.name)}")
    return "<b>Chain:</b> " + " → ".join(parts)


class SolveGridView(GridView, CheckedCells):
    """A grid with step and mistake marks painted over the cells."""

    marksChanged = Signal()  # the marks, or the colours they are drawn in, changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent=parent)
        self._marks = StepMarks()
        self.set_reserve_clue_room(False)  # the clues are the puzzle's: they never grow here
        self.setAccessibleName("Solving grid")

    def _layout_at(self, cell: int) -> Layout:
        """The grid's layout with a margin just wide enough for the frames drawn around a line
        (half the widest pen, ``cell // 6``, fits in ``cell // 8``): the pixels a wider margin
        took go to the cells of a puzzle with deep clues at 1280x720."""
        layout = super()._layout_at(cell)
        return replace(layout, margin=max(2, cell // 8))

    def set_marks(self, marks: StepMarks) -> None:
        changed = marks != self._marks
        self._marks = marks
        self.update()
        if changed:
            self.marksChanged.emit()

    def marks(self) -> StepMarks:
        return self._marks

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._marks.chain is not None:
            self.marksChanged.emit()  # the chain's colours follow the scheme

    def chain_lines(self) -> tuple[ChainLine, ...]:
        """The lines of the contradiction chain drawn, in chain order (the breaking line last)."""
        chain = self._marks.chain
        return chain.lines if chain is not None else ()

    def chain_color(self, line: ChainLine) -> QColor:
        """The colour a chain line is drawn in (from this grid's palette)."""
        return chain_color(self.palette(), line)

    def height_at(self, cell: int) -> int:
        """The grid's height, clues and all, with cells of ``cell`` pixels."""
        return self._layout_at(cell).size().height()

    def fitted_cell_in(self, available: QSize) -> int:
        """The cell size the grid, fitted, takes in ``available`` pixels."""
        return self._fitted_cell(available)

    def chain_legend(self) -> str:
        """The chain drawn, in order, as rich text ("" when none of its lines is drawn: the
        supposed cell alone is ringed, and what is supposed is not given away)."""
        chain = self._marks.chain
        if chain is None or not chain.lines:
            return ""
        return chain_legend(self.palette(), chain, self.clues())

    def line_rect(self, axis: str, index: int, start: int = 0, end: int | None = None) -> QRect:
        """Widget rectangle of cells ``[start, end)`` of a row or column."""
        height, width = self._cells.shape
        if axis == "row":
            last = (width if end is None else end) - 1
            return self.cell_rect(index, start).united(self.cell_rect(index, max(start, last)))
        last = (height if end is None else end) - 1
        return self.cell_rect(start, index).united(self.cell_rect(max(start, last), index))

    def _paint(
        self, painter: QPainter, region: QRect | None, faint: tuple[set[int], set[int]]
    ) -> None:
        """The grid with the marks over it (painted again in the pinned clue strips, so a mark
        on a line's clue stays with the clue; the marks are few, and painted whole)."""
        super()._paint(painter, region, faint)
        highlight = self.palette().color(QPalette.ColorRole.Highlight)
        self._paint_marks(painter, highlight)
        self._paint_focus(painter, highlight)
        self._paint_chain(painter)
        self._paint_mistakes(painter)

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

    def _line_frame(self, axis: str, index: int) -> QRect:
        """A line's cells and its clue."""
        rect = self.line_rect(axis, index)
        lay = self._layout
        if axis == "row":
            rect.setLeft(lay.row_clue_rect(index).left())
        else:
            rect.setTop(lay.col_clue_rect(index).top())
        return rect

    def _paint_chain(self, painter: QPainter) -> None:
        chain = self._marks.chain
        if chain is None:
            return
        lay = self._layout
        cell = self.cell_size()
        height, width = self._cells.shape
        painter.setBrush(Qt.BrushStyle.NoBrush)
        colored = [(line, self.chain_color(line)) for line in chain.lines]
        for line, color in colored:  # the lines: their clue tinted, their cells and clue framed
            if not 0 <= line.index < (height if line.axis == "row" else width):
                continue
            tint = QColor(color)
            tint.setAlpha(110 if line.dead else 60)
            strip = (
                lay.row_clue_rect(line.index)
                if line.axis == "row"
                else lay.col_clue_rect(line.index)
            )
            painter.fillRect(strip, tint)
            pen = QPen(color, max(3, cell // 6) if line.dead else max(2, cell // 10))
            if line.dead:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRect(self._line_frame(line.axis, line.index).adjusted(1, 1, -1, -1))
        font = QFont(self.font())
        font.setBold(True)
        font.setPixelSize(max(8, int(cell * 0.7)))
        painter.setFont(font)
        base = self.palette().color(QPalette.ColorRole.Base)
        for line, color in colored:  # the cells each line decides, numbered
            for r, c, v in line.cells:
                if 0 <= r < height and 0 <= c < width:
                    rect = self.cell_rect(r, c)
                    self._paint_chain_cell(painter, rect, color, base, v, line.number)
        if 0 <= chain.row < height and 0 <= chain.column < width:  # the supposed cell
            highlight = self.palette().color(QPalette.ColorRole.Highlight)
            painter.setPen(QPen(highlight, max(3, cell // 6)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            inset = max(1, cell // 12)
            painter.drawEllipse(
                self.cell_rect(chain.row, chain.column).adjusted(-inset, -inset, inset, inset)
            )

    def _paint_chain_cell(
        self, painter: QPainter, rect: QRect, color: QColor, base: QColor, value: int, number: int
    ) -> None:
        """A cell a chain line decides: filled, a square of its colour with the number in it;
        empty, the number in its colour over a faint cross on the ``base`` colour."""
        inset = max(2, rect.width() // 8)
        inner = rect.adjusted(inset, inset, -inset, -inset)
        if value == FILLED:
            painter.fillRect(inner, color)
            text = QColor("white") if color.lightness() < 140 else QColor("black")
        else:
            painter.fillRect(rect.adjusted(1, 1, 0, 0), base)
            faint = QColor(color)
            faint.setAlpha(70)
            painter.setPen(QPen(faint, max(1.0, rect.width() / 16)))
            painter.drawLine(QPointF(inner.topLeft()), QPointF(inner.bottomRight()))
            painter.drawLine(QPointF(inner.topRight()), QPointF(inner.bottomLeft()))
            text = color
        painter.setPen(text)
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(number))

    def _paint_mistakes(self, painter: QPainter) -> None:
        if not self._mistakes:
            return
        cell = self.cell_size()
        painter.setPen(QPen(OVERLAY_COLOR, max(2, cell // 7)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        inset = max(1, cell // 10)
        for r, c in self._mistakes:
            painter.drawEllipse(self.cell_rect(r, c).adjusted(inset, inset, -inset, -inset))
