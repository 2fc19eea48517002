"""One drill line drawn as the grid draws a row: its clue on the left, its cells, the player's
marks (left click fills, right click crosses, a click on a mark opens the cell again; from the
keyboard, Left and Right move a cursor, Space fills, X crosses, Delete opens, Enter hands the
line in), and after
a check the wrong cells (red), the missing ones (orange) and the cells of the explanation's
premises (outlined in blue); and the grid at the drill's moment, small, with the line shaded.
It holds no tutor logic: the Practice view checks the answer."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFocusEvent,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from nonostudio.core.clue_text import clue_to_text
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN

CELL = 30
MIN_CELL = 12
CLUE_GAP = 10


class DrillLineWidget(QWidget):
    """A line of cells under a clue.  ``editable`` lets the player mark the open cells."""

    changed = Signal()
    submitted = Signal()  # Enter on an editable line: the player's marks are the answer

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._clues: tuple[int, ...] = ()
        self._given: tuple[int, ...] = ()
        self._cells: list[int] = []
        self.editable = False
        self._wrong: set[int] = set()
        self._missing: set[int] = set()
        self._premise: set[int] = set()
        self._cursor = 0  # the cell the keys mark
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(CELL + 12)
        self.setMouseTracking(False)

    # -- content ---------------------------------------------------------------------------
    def set_line(self, clues: Sequence[int], cells: Sequence[int], *, editable: bool) -> None:
        """Show ``cells`` under ``clues``; the given (decided) cells cannot be changed."""
        self._clues = tuple(int(c) for c in clues)
        self._given = tuple(int(c) for c in cells)
        self._cells = list(self._given)
        self.editable = editable
        # Marked from the keyboard too (it took clicks only: a keyboard user could not answer a
        # drill), the cursor on the first open cell.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if editable else Qt.FocusPolicy.NoFocus)
        self._cursor = next((p for p, v in enumerate(self._given) if v == UNKNOWN), 0)
        self.clear_marks()
        self.updateGeometry()
        self.update()

    def cells(self) -> tuple[int, ...]:
        """The cells as they stand now (the given ones and the player's marks)."""
        return tuple(self._cells)

    def set_cells(self, cells: Sequence[int]) -> None:
        self._cells = [int(c) for c in cells]
        self.update()

    def show_marks(
        self, wrong: Sequence[int] = (), missing: Sequence[int] = (), premise: Sequence[int] = ()
    ) -> None:
        """Colour the wrong and missing cells and outline the premise's cells."""
        self._wrong, self._missing, self._premise = set(wrong), set(missing), set(premise)
        self.update()

    def clear_marks(self) -> None:
        self._wrong, self._missing, self._premise = set(), set(), set()
        self.update()

    # -- geometry --------------------------------------------------------------------------
    def _clue_text(self) -> str:
        return clue_to_text(self._clues)

    def _clue_width(self) -> int:
        return self.fontMetrics().horizontalAdvance(self._clue_text()) + CLUE_GAP

    def cell_size(self) -> int:
        """The side of a cell: CELL, smaller when the line would not fit the width (never
        under MIN_CELL), so a long line does not widen the window."""
        room = (self.width() - self._clue_width() - 8) // max(1, len(self._cells))
        return max(MIN_CELL, min(CELL, room))

    def cell_rect(self, position: int) -> QRect:
        """Where cell ``position`` is drawn (widget coordinates)."""
        side = self.cell_size()
        return QRect(self._clue_width() + position * side, 6, side, side)

    def sizeHint(self) -> QSize:
        return QSize(self._clue_width() + max(1, len(self._cells)) * CELL + 8, CELL + 12)

    def minimumSizeHint(self) -> QSize:
        return QSize(self._clue_width() + max(1, len(self._cells)) * MIN_CELL + 8, CELL + 12)

    def position_at(self, point: QPoint) -> int | None:
        for p in range(len(self._cells)):
            if self.cell_rect(p).contains(point):
                return p
        return None

    # -- input -----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        p = self.position_at(event.position().toPoint())
        if not self.editable or p is None or self._given[p] != UNKNOWN:
            return super().mousePressEvent(event)
        self._cursor = p
        want = CROSSED if event.button() == Qt.MouseButton.RightButton else FILLED
        self._mark(p, UNKNOWN if self._cells[p] == want else want)

    def cursor_cell(self) -> int:
        """The cell the keys mark."""
        return self._cursor

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Left, Right, Home and End move the cursor; Space (or F) fills its cell or opens it
        again, X crosses it or opens it again, Delete and Backspace open it; Enter hands the
        line in (``submitted``)."""
        key, last, k = event.key(), len(self._cells) - 1, Qt.Key
        moves = {
            k.Key_Left.value: self._cursor - 1,
            k.Key_Right.value: self._cursor + 1,
            k.Key_Home.value: 0,
            k.Key_End.value: last,
        }
        marks = {k.Key_Space.value: FILLED, k.Key_F.value: FILLED, k.Key_X.value: CROSSED}
        opens = (k.Key_Delete.value, k.Key_Backspace.value)
        if not self.editable or last < 0:
            super().keyPressEvent(event)
        elif key in (k.Key_Return.value, k.Key_Enter.value):
            self.submitted.emit()
        elif key in moves:
            self._cursor = max(0, min(last, moves[key]))
            self.update()
        elif key in marks or key in opens:
            p = self._cursor
            if self._given[p] == UNKNOWN:
                want = marks.get(key, UNKNOWN)
                self._mark(p, UNKNOWN if self._cells[p] == want else want)
        else:
            super().keyPressEvent(event)

    def _mark(self, p: int, value: int) -> None:
        """Set open cell ``p`` to ``value``; its marks of the last check go."""
        self._cells[p] = value
        self._wrong.discard(p)
        self._missing.discard(p)
        self.update()
        self.changed.emit()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.update()  # the cursor shows while the line has the keyboard

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.update()

    # -- painting --------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pal = self.palette()
        text = pal.windowText().color()
        painter.setPen(text)
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        clue_rect = QRect(0, 6, self._clue_width() - CLUE_GAP // 2, self.cell_size())
        painter.drawText(
            clue_rect,
            Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
            self._clue_text(),
        )
        base = pal.base().color()
        for p, value in enumerate(self._cells):
            rect = self.cell_rect(p)
            fill = base
            if p in self._wrong:
                fill = QColor("#f4a0a0")
            elif p in self._missing:
                fill = QColor("#f8d38a")
            elif self._given[p] == UNKNOWN and value != UNKNOWN:
                fill = QColor("#dbe9ff") if base.lightness() > 128 else QColor("#2c3e5c")
            painter.fillRect(rect, fill)
            painter.setPen(QPen(text, 1))
            painter.drawRect(rect.adjusted(0, 0, -1, -1))
            pad = max(2, rect.width() // 6)
            inner = rect.adjusted(pad, pad, -pad, -pad)
            if value == FILLED:
                painter.fillRect(inner, text)
            elif value == CROSSED:
                painter.setPen(QPen(text, 2))
                painter.drawLine(inner.topLeft(), inner.bottomRight())
                painter.drawLine(inner.topRight(), inner.bottomLeft())
            if p in self._premise:
                painter.setPen(QPen(QColor("#1f6fd0"), 3))
                painter.drawRect(rect.adjusted(2, 2, -3, -3))
        if self.hasFocus() and 0 <= self._cursor < len(self._cells):
            cursor = QPen(pal.highlight().color(), 2, Qt.PenStyle.DashLine)
            painter.setPen(cursor)
            painter.drawRect(self.cell_rect(self._cursor).adjusted(-2, -2, 1, 1))
        painter.end()


class ContextGrid(QWidget):
    """The whole grid at the drill's moment, small, with the drill's line shaded: the crossing
    lines' state, for a player who wants to see where the line sits."""

    MAX_SIDE = 150  # pixels: the taller or wider side of the picture

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._grid: np.ndarray | None = None
        self._axis, self._index = "row", 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_grid(self, grid: np.ndarray | None, axis: str, index: int) -> None:
        """Show ``grid`` (None: hide) with row or column ``index`` shaded."""
        self._grid, self._axis, self._index = grid, axis, index
        self.setVisible(grid is not None)
        self.updateGeometry()
        self.update()

    def grid(self) -> np.ndarray | None:
        return None if self._grid is None else self._grid.copy()

    def line_cells(self) -> tuple[int, ...]:
        """The cells of the shaded line."""
        if self._grid is None:
            return ()
        line = self._grid[self._index] if self._axis == "row" else self._grid[:, self._index]
        return tuple(int(v) for v in line)

    def cell(self) -> int:
        if self._grid is None:
            return 1
        return max(2, self.MAX_SIDE // max(self._grid.shape))

    def sizeHint(self) -> QSize:
        if self._grid is None:
            return QSize(0, 0)
        side = self.cell()
        return QSize(self._grid.shape[1] * side + 1, self._grid.shape[0] * side + 1)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._grid is None:
            return
        painter = QPainter(self)
        pal = self.palette()
        text, base = pal.windowText().color(), pal.base().color()
        side = self.cell()
        height, width = self._grid.shape
        painter.fillRect(QRect(0, 0, width * side, height * side), base)
        shade = QColor("#ffe08a") if base.lightness() > 128 else QColor("#6b5a1e")
        if self._axis == "row":
            painter.fillRect(QRect(0, self._index * side, width * side, side), shade)
        else:
            painter.fillRect(QRect(self._index * side, 0, side, height * side), shade)
        for r in range(height):
            for c in range(width):
                value = int(self._grid[r, c])
                rect = QRect(c * side, r * side, side, side)
                if value == FILLED:
                    painter.fillRect(rect.adjusted(0, 0, -1, -1), text)
                elif value == CROSSED and side >= 4:
                    painter.fillRect(QRect(rect.center().x(), rect.center().y(), 1, 1), text)
        painter.setPen(QPen(text, 1))
        painter.drawRect(QRect(0, 0, width * side, height * side))
        painter.end()
