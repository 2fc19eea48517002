"""The state of the puzzle grid widget: clues, cells, overlay, zoom and fit, layout and cursor.

Editing is added on top of it by :mod:`nonostudio.gui.grid.input`, and painting by
:class:`nonostudio.gui.grid.view.GridView`, the widget everyone uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWidget

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Hints
from nonostudio.core.puzzle import new_grid
from nonostudio.gui.common.render import Layout

BASE_CELL = 24
ZOOM_MIN = 0.25
ZOOM_MAX = 4.0
ZOOM_STEP = 1.25
FIT_MAX_CELL = 40  # fitting a small puzzle to a big window stops at this cell size
STATE_NAMES = {UNKNOWN: "unknown", FILLED: "filled", CROSSED: "crossed"}


def _clue_text(clue: Hints) -> str:
    return " ".join(map(str, clue)) if clue else "0"


@dataclass
class Drag:
    """A mouse stroke in progress: where it started, the value it paints and the cells before."""

    start: tuple[int, int]
    value: int
    before: np.ndarray
    button: Qt.MouseButton
    axis: Literal["row", "col"] | None = None


class GridBase(QWidget):
    """What a puzzle grid shows and where: clues, cells, overlay, zoom, layout, cursor and the
    status line.  :class:`~nonostudio.gui.grid.GridView` adds editing and painting."""

    cellsChanged = Signal()  # after any change of the cells (paint, undo, redo, set_cells)
    statusChanged = Signal(str)
    zoomChanged = Signal(float)

    def __init__(self, undo_stack: QUndoStack | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._undo = undo_stack if undo_stack is not None else QUndoStack(self)
        self._rows: tuple[Hints, ...] = ((),) * 10
        self._cols: tuple[Hints, ...] = ((),) * 10
        self._cells = new_grid(10, 10)
        self._overlay: np.ndarray | None = None
        self._zoom = 1.0
        self._hover: tuple[int, int] | None = None
        self._cursor: tuple[int, int] = (0, 0)
        self._drag: Drag | None = None
        self._read_only = False
        self._faint_satisfied = False
        self._fit = False
        self._available: QSize | None = None
        # Room kept for clue numbers beyond the current clues (see ``set_reserve_clue_room``).
        self._reserve = True
        self._slot_floor = (1, 1)
        self._status = ""
        self._layout = self._compute_layout()
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Puzzle grid")
        self._update_status(self._cursor)

    # --- model -------------------------------------------------------------------------------

    def undo_stack(self) -> QUndoStack:
        return self._undo

    def set_clues(self, rows: tuple[Hints, ...], cols: tuple[Hints, ...]) -> None:
        """Show these clues; the cells are reset to unknown when the grid size changes."""
        rows, cols = tuple(rows), tuple(cols)
        if (rows, cols) == (self._rows, self._cols):
            return
        resized = (len(rows), len(cols)) != self._cells.shape
        self._rows, self._cols = rows, cols
        if self._drag is not None and not resized and self._room_for_clues():
            # Mid-stroke the grid holds still: the reserved room takes the new clue numbers and
            # the layout catches up when the stroke ends.
            self._update_status(self._hover or self._cursor)
            self.update()
            return
        if resized:
            self._slot_floor = (1, 1)
            self._drag = None
            self._overlay = None
            self._cells = new_grid(len(rows), len(cols))
            self._cursor = (
                min(self._cursor[0], len(rows) - 1),
                min(self._cursor[1], len(cols) - 1),
            )
            self._hover = None
        self._relayout()
        self._update_status(self._hover or self._cursor)
        if resized:
            self.cellsChanged.emit()

    def clues(self) -> tuple[tuple[Hints, ...], tuple[Hints, ...]]:
        return self._rows, self._cols

    def cells(self) -> np.ndarray:
        """A copy of the cells (``int8``, shape ``(height, width)``)."""
        return self._cells.copy()

    def set_cells(self, grid: np.ndarray) -> None:
        """Replace the cells without an undo step (the shape must match the clues)."""
        g = np.asarray(grid, dtype=np.int8)
        if g.shape != self._cells.shape:
            raise ValueError(f"cells of shape {g.shape} do not fit a grid of {self._cells.shape}")
        if np.array_equal(g, self._cells):
            return
        self._cells = g.copy()
        self.update()
        self._update_status(self._hover or self._cursor)
        self.cellsChanged.emit()

    def set_overlay(self, grid: np.ndarray | None) -> None:
        """Highlight the cells where ``grid`` (e.g. another solution) differs from the cells."""
        if grid is not None and np.asarray(grid).shape != self._cells.shape:
            raise ValueError("the overlay must have the same shape as the grid")
        self._overlay = None if grid is None else np.asarray(grid, dtype=np.int8).copy()
        self.update()

    def overlay(self) -> np.ndarray | None:
        return None if self._overlay is None else self._overlay.copy()

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only

    def set_reserve_clue_room(self, reserve: bool) -> None:
        """Keep room for one more clue number per line and for the widest possible numbers (on by
        default): where the clues follow the painted cells, a stroke then never moves the grid.
        Views whose clues are fixed (solving) turn it off."""
        if reserve != self._reserve:
            self._reserve = reserve
            self._slot_floor = (1, 1)
            self._relayout()

    def set_faint_satisfied(self, faint: bool) -> None:
        """Grey out clues whose line the cells already satisfy (useful when solving by hand)."""
        self._faint_satisfied = faint
        self.update()

    # --- zoom and geometry ---------------------------------------------------------------------

    def zoom(self) -> float:
        return self._zoom

    def set_zoom(self, zoom: float) -> None:
        """Zoom to ``zoom`` (1.0 is 24-pixel cells); this ends fit-to-window."""
        zoom = min(ZOOM_MAX, max(ZOOM_MIN, float(zoom)))
        self._fit = False
        if zoom == self._zoom:
            return
        self._zoom = zoom
        self._relayout()
        self.zoomChanged.emit(zoom)

    def is_fit(self) -> bool:
        """True while the grid sizes itself to the space its scroll area offers."""
        return self._fit

    def set_fit(self, fit: bool) -> None:
        """Fit the whole puzzle, clues included, into the available space (see
        :class:`GridScrollArea`) and keep fitting it as that space or the clues change."""
        self._fit = fit
        if fit:
            self._relayout()

    def fit_to_window(self) -> None:
        self.set_fit(True)

    def set_available_size(self, size: QSize) -> None:
        """The space the grid may fill when fitting (its scroll area's viewport)."""
        if size != self._available:
            self._available = QSize(size)
            if self._fit:
                self._relayout()

    def zoom_in(self) -> None:
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self._zoom / ZOOM_STEP)

    def zoom_reset(self) -> None:
        self.set_zoom(1.0)

    def cell_size(self) -> int:
        return self._layout.cell

    def cell_rect(self, row: int, col: int) -> QRect:
        """Widget coordinates of a cell."""
        return self._layout.cell_rect(row, col)

    def cell_at(self, pos: QPoint) -> tuple[int, int] | None:
        return self._layout.cell_at(pos.x(), pos.y())

    def sizeHint(self) -> QSize:
        return self._layout.size()

    def minimumSizeHint(self) -> QSize:
        return self._layout.size()

    def _layout_at(self, cell: int) -> Layout:
        if not self._reserve:
            return Layout.compute(self._rows, self._cols, cell)
        h, w = self._cells.shape
        return Layout.compute(
            self._rows,
            self._cols,
            cell,
            min_row_slots=self._slot_floor[0],
            min_col_slots=self._slot_floor[1],
            widest_number=max(h, w),
        )

    def _fitted_cell(self, available: QSize) -> int:
        """The largest cell size (4 to FIT_MAX_CELL pixels) at which everything fits."""
        lo, hi = 4, FIT_MAX_CELL
        while lo < hi:
            mid = (lo + hi + 1) // 2
            size = self._layout_at(mid).size()
            if size.width() <= available.width() and size.height() <= available.height():
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _compute_layout(self) -> Layout:
        if self._fit and self._available is not None:
            cell = self._fitted_cell(self._available)
            zoom = cell / BASE_CELL
            if zoom != self._zoom:
                self._zoom = zoom
                self.zoomChanged.emit(zoom)
            return self._layout_at(cell)
        return self._layout_at(max(4, round(BASE_CELL * self._zoom)))

    def _room_for_clues(self) -> bool:
        lay = self._layout
        return (
            max((len(c) for c in self._rows), default=0) <= lay.row_slots
            and max((len(c) for c in self._cols), default=0) <= lay.col_slots
        )

    def _relayout(self) -> None:
        if self._reserve:
            # One spare clue slot per direction (a stroke adds at most one number to any line it
            # crosses); the floor never shrinks while the grid keeps its size.
            h, w = self._cells.shape
            longest_row = max((len(c) for c in self._rows), default=0)
            longest_col = max((len(c) for c in self._cols), default=0)
            self._slot_floor = (
                max(self._slot_floor[0], min(longest_row + 1, (w + 1) // 2)),
                max(self._slot_floor[1], min(longest_col + 1, (h + 1) // 2)),
            )
        self._layout = self._compute_layout()
        self.setMinimumSize(self._layout.size())
        self.updateGeometry()
        self.update()

    # --- cursor and status ---------------------------------------------------------------------

    def cursor_cell(self) -> tuple[int, int]:
        return self._cursor

    def set_cursor_cell(self, row: int, col: int) -> None:
        h, w = self._cells.shape
        self._cursor = (min(max(row, 0), h - 1), min(max(col, 0), w - 1))
        self._update_status(self._cursor)
        self.update()

    def status_text(self) -> str:
        return self._status

    def _update_status(self, cell: tuple[int, int] | None) -> None:
        if cell is None:
            text = f"{self._cells.shape[1]}x{self._cells.shape[0]} grid"
        else:
            r, c = cell
            text = (
                f"Row {r + 1}, column {c + 1}: {STATE_NAMES[int(self._cells[r, c])]}"
                f" \u2014 row clue {_clue_text(self._rows[r])},"
                f" column clue {_clue_text(self._cols[c])}"
            )
        if text != self._status:
            self._status = text
            self.statusChanged.emit(text)
