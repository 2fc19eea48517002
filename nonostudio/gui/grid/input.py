"""Editing the puzzle grid with mouse and keyboard, each change one undo step.

Mouse: left fills, right crosses, pressing on a cell that already has that value clears; a drag
stays in the row or column where it started and is one undo step.  Keyboard: arrows move the
cursor, Space fills, X crosses, Delete clears.  Ctrl+wheel zooms.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent, QUndoCommand, QWheelEvent

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.gui.grid.base import STATE_NAMES, Drag, GridBase


class CellsCommand(QUndoCommand):
    """One undoable change of the grid's cells (a click, a drag or a key press)."""

    def __init__(self, view: GridBase, before: np.ndarray, after: np.ndarray, text: str) -> None:
        super().__init__(text)
        self._view = view
        self._before = before.copy()
        self._after = after.copy()

    def redo(self) -> None:
        self._view.set_cells(self._after)

    def undo(self) -> None:
        self._view.set_cells(self._before)


class GridInput(GridBase):
    """A grid the user edits with mouse and keyboard, each change one undo step."""

    def _commit(self, before: np.ndarray, text: str) -> None:
        if not np.array_equal(before, self._cells):
            self._undo.push(CellsCommand(self, before, self._cells, text))

    def _toggle(self, cell: tuple[int, int], value: int) -> None:
        before = self._cells.copy()
        after = before.copy()
        after[cell] = UNKNOWN if before[cell] == value else value
        self.set_cells(after)
        self._commit(before, f"{STATE_NAMES[int(after[cell])].capitalize()} cell")

    def _drag_to(self, pos: QPoint) -> None:
        drag = self._drag
        assert drag is not None
        lay = self._layout
        h, w = self._cells.shape
        row = min(max(int((pos.y() - lay.grid_top) // lay.cell), 0), h - 1)
        col = min(max(int((pos.x() - lay.grid_left) // lay.cell), 0), w - 1)
        r0, c0 = drag.start
        if drag.axis is None and (row, col) != drag.start:
            drag.axis = "row" if abs(col - c0) >= abs(row - r0) else "col"
        after = drag.before.copy()
        if drag.axis == "row":
            lo, hi = sorted((c0, col))
            after[r0, lo : hi + 1] = drag.value
            self._cursor = (r0, col)
        elif drag.axis == "col":
            lo, hi = sorted((r0, row))
            after[lo : hi + 1, c0] = drag.value
            self._cursor = (row, c0)
        else:
            after[r0, c0] = drag.value
        self.set_cells(after)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        values = {Qt.MouseButton.LeftButton: FILLED, Qt.MouseButton.RightButton: CROSSED}
        if self._read_only or cell is None or event.button() not in values or self._drag:
            super().mousePressEvent(event)
            return
        value = values[event.button()]
        if self._cells[cell] == value:
            value = UNKNOWN
        self._drag = Drag(cell, value, self._cells.copy(), event.button())
        self._cursor = cell
        self._drag_to(event.position().toPoint())
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self._drag is not None:
            self._drag_to(pos)
        hover = self.cell_at(pos)
        if hover != self._hover:
            self._hover = hover
            self._update_status(hover or self._cursor)
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        drag = self._drag
        if drag is None or event.button() != drag.button:
            super().mouseReleaseEvent(event)
            return
        self._drag = None
        text = {FILLED: "Fill", CROSSED: "Cross", UNKNOWN: "Clear"}[drag.value]
        count = int(np.count_nonzero(drag.before != self._cells))
        self._commit(drag.before, f"{text} {count} cell{'s' if count != 1 else ''}")
        self._relayout()  # the layout held still during the stroke
        event.accept()

    def leaveEvent(self, event: QEvent) -> None:
        self._hover = None
        self._update_status(self._cursor)
        self.update()

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            if event.angleDelta().y() > 0:
                self.zoom_in()
            elif event.angleDelta().y() < 0:
                self.zoom_out()
            event.accept()
        else:
            event.ignore()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        moves = {
            Qt.Key.Key_Left: (0, -1),
            Qt.Key.Key_Right: (0, 1),
            Qt.Key.Key_Up: (-1, 0),
            Qt.Key.Key_Down: (1, 0),
        }
        if key == Qt.Key.Key_Escape and self._drag is not None:
            self.set_cells(self._drag.before)
            self._drag = None
        elif key in moves:
            dr, dc = moves[key]
            self.set_cursor_cell(self._cursor[0] + dr, self._cursor[1] + dc)
        elif key == Qt.Key.Key_Home:
            self.set_cursor_cell(self._cursor[0], 0)
        elif key == Qt.Key.Key_End:
            self.set_cursor_cell(self._cursor[0], self._cells.shape[1] - 1)
        elif self._read_only or self._drag is not None:
            super().keyPressEvent(event)
            return
        elif key == Qt.Key.Key_Space:
            self._toggle(self._cursor, FILLED)
        elif key == Qt.Key.Key_X:
            self._toggle(self._cursor, CROSSED)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            if self._cells[self._cursor] != UNKNOWN:
                self._toggle(self._cursor, int(self._cells[self._cursor]))
        else:
            super().keyPressEvent(event)
            return
        event.accept()
