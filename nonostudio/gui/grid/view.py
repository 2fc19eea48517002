"""The interactive puzzle grid the editor, the Solve view and the dialogs show: one widget,
:class:`GridView`, holding what it shows and where (clues, cells, overlay, zoom and fit, layout,
cursor, status line), editing with mouse and keyboard (each change one undo step:
:class:`CellsCommand`) and painting (clues, cells, the hover crosshair, the overlay, the cells
that differ from one picture of several and the cursor, in palette colours so dark schemes work;
only the overlay's and the differing cells' colours are fixed).

Zoom Out at the readable floor, when the readable grid does not fit its view, goes on to an
*overview* (:mod:`nonostudio.gui.grid.overview`, shared with the colour grid): cells only, smaller
than readable (down to 1 pixel, and below it when a pixel a cell does not fit: then view-only),
the whole grid fitted to the view where it can be, no clue numbers (the status line says they are
hidden); Zoom In from there comes back to the readable floor at the same centre.  The overview's
cells are one image, a pixel a cell, drawn scaled: a rectangle a run of cells cost a random
1000x1000 seconds a paint.

Mouse: left fills, right crosses, pressing on a cell that already has that value clears; a drag
stays in the row or column where it started and is one undo step.  Keyboard: arrows move the
cursor (Home, End: the row's ends), Space (or Return) fills, X crosses, Delete (or Backspace)
clears (the keys and the cursor's frame are shared with the colour grid: :func:`moved_cursor`,
:data:`MARK_KEYS`, :func:`paint_cursor`).  Ctrl+wheel zooms.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Literal

import numpy as np
from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QMoveEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QUndoCommand,
    QUndoStack,
    QWheelEvent,
)
from PySide6.QtWidgets import QWidget

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Hints
from nonostudio.core.puzzle import new_grid
from nonostudio.gui.common.render import (
    Colors,
    Layout,
    paint_cells,
    paint_clue_backgrounds,
    paint_clues,
    paint_column_bands,
    paint_grid_lines,
    readable_cell,
    tight,
)
from nonostudio.gui.common.satisfied_lines import SatisfiedLines
from nonostudio.gui.grid.overview import (
    OverviewImage,
    OverviewLayout,
    fits,
    next_overview,
    note,
    paint_cells_image,
    rgb_image,
    tooltip,
)
from nonostudio.gui.grid.pinned import (
    Band,
    paint_pinned,
    pinned_size,
    under_pin,
    visible_rect,
)

BASE_CELL = 24
ZOOM_MIN = 0.25
ZOOM_MAX = 4.0
ZOOM_STEP = 1.25
FIT_MAX_CELL = 40  # fitting a small puzzle to a big window stops at this cell size
STATE_NAMES = {UNKNOWN: "unknown", FILLED: "filled", CROSSED: "crossed"}
#: The names where the cells are a picture being drawn: a cell not painted is empty in it.
PICTURE_NAMES = {UNKNOWN: "empty", FILLED: "filled", CROSSED: "crossed (empty)"}
NOT_A_CLUE = "not valid"  # (short: the status line is one line; the message says why)
#: What a press on a grid shown below a pixel a cell says (it paints nothing there).
VIEW_ONLY_PRESS = (
    "Nothing painted: below a pixel a cell the grid is view only (a pixel is several cells). "
    "Zoom In to paint."
)
#: The smallest overview cell at which grid lines are drawn (below, only the grid's border).
OVERVIEW_LINES_CELL = 6


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


def moved_point(point: QPoint, before: Layout, after: Layout) -> QPoint:
    """Where ``point`` of a grid laid out as ``before`` is in the grid laid out as ``after``
    (another cell size): the same place in the same cell, and over the clues as far from the
    cells in cells."""
    old, new = before.grid_rect(), after.grid_rect()

    def along(value: int, start: int, start_after: int, ratio: float) -> int:
        return start_after + round((value - start) * ratio)

    return QPoint(
        along(point.x(), old.left(), new.left(), new.width() / max(1, old.width())),
        along(point.y(), old.top(), new.top(), new.height() / max(1, old.height())),
    )


def overview_image(cells: np.ndarray, colors: Colors) -> QImage:
    """The cells as an image of a pixel each: unknown (or empty) on paper, filled in ink,
    crossed a faint shade of the cross colour on paper (a solver's progress shows)."""
    paper, ink, cross = colors.paper, colors.ink, colors.cross
    shade = QColor(
        round(0.75 * paper.red() + 0.25 * cross.red()),
        round(0.75 * paper.green() + 0.25 * cross.green()),
        round(0.75 * paper.blue() + 0.25 * cross.blue()),
    )
    lut = np.full(256, paper.rgb(), dtype=np.uint32)
    lut[FILLED & 0xFF] = ink.rgb()
    lut[CROSSED & 0xFF] = shade.rgb()
    return rgb_image(lut[np.asarray(cells, dtype=np.int8).view(np.uint8)])


#: The keys that move a grid's keyboard cursor a cell (rows, columns): both grids'.
CURSOR_MOVES = {
    Qt.Key.Key_Left: (0, -1),
    Qt.Key.Key_Right: (0, 1),
    Qt.Key.Key_Up: (-1, 0),
    Qt.Key.Key_Down: (1, 0),
}
#: The keys that mark the cursor's cell, and how: ``fill`` (black and white: filled; colour:
#: the colour picked), ``cross`` (crossed; colour: the background) and ``clear`` (unknown; in a
#: picture being drawn, empty or the background): both grids' (Return and Enter as Space).
MARK_KEYS = {
    Qt.Key.Key_Space: "fill",
    Qt.Key.Key_Return: "fill",
    Qt.Key.Key_Enter: "fill",
    Qt.Key.Key_X: "cross",
    Qt.Key.Key_Delete: "clear",
    Qt.Key.Key_Backspace: "clear",
}


def moved_cursor(
    key: int, cursor: tuple[int, int], shape: tuple[int, int]
) -> tuple[int, int] | None:
    """Where the keyboard cursor at ``cursor`` goes in a grid of ``shape`` (rows, columns) for
    ``key``: the arrows a cell (not past the edge), Home and End the row's first and last cell;
    None for any other key."""
    row, col = cursor
    if key in CURSOR_MOVES:
        dr, dc = CURSOR_MOVES[Qt.Key(key)]
        row, col = row + dr, col + dc
    elif key == Qt.Key.Key_Home:
        col = 0
    elif key == Qt.Key.Key_End:
        col = shape[1] - 1
    else:
        return None
    return min(max(row, 0), shape[0] - 1), min(max(col, 0), shape[1] - 1)


def paint_cursor(painter: QPainter, rect: QRect, colour: QColor, cell: int) -> None:
    """The keyboard cursor: a frame in ``colour`` (the palette's highlight) inside the cell
    ``rect`` of ``cell`` pixels (both grids draw it while they have the focus)."""
    painter.setPen(QPen(colour, max(2, cell // 8)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect.adjusted(1, 1, -1, -1))


# Differences from the overlay must stand out from both the ink and the selection highlight in
# light and dark schemes alike, so this one colour is fixed rather than taken from the palette.
OVERLAY_COLOR = QColor(230, 90, 30)
#: The mark of a cell that differs from one picture the clues fit where they fit others too
#: (:meth:`GridView.set_differing`): not a mistake, so not the mistake's orange ring but a calm
#: teal, dashed.  It reads on paper and on ink, light or dark: its contrast is 4.16 against
#: white, 5.05 against black, 3.92 and 3.33 against the dark scheme's paper and ink (3 at least:
#: tests/gui/test_grid_differing.py).
DIFFERING_COLOR = QColor("#1b8a8a")
#: Below this many pixels a cell a differing cell is filled with :data:`DIFFERING_COLOR` (a
#: dashed ring would be a dot or two).
DIFFERING_RING_CELL = 8


def paint_differing(painter: QPainter, rect: QRect, cell: int) -> None:
    """Mark the cell ``rect`` (``cell`` pixels) as differing from one picture of several: a
    dashed ring in :data:`DIFFERING_COLOR`, thinner than a mistake's (a small cell: filled)."""
    if cell < DIFFERING_RING_CELL:
        painter.fillRect(rect, DIFFERING_COLOR)
        return
    pen = QPen(DIFFERING_COLOR, max(2, cell // 10), Qt.PenStyle.DashLine)
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inset = max(2, cell // 6)
    painter.drawEllipse(rect.adjusted(inset, inset, -inset, -inset))


class CellsCommand(QUndoCommand):
    """One undoable change of the grid's cells (a click, a drag or a key press)."""

    def __init__(self, view: GridView, before: np.ndarray, after: np.ndarray, text: str) -> None:
        super().__init__(text)
        self._view = view
        self._before = before.copy()
        self._after = after.copy()

    def redo(self) -> None:
        self._view.set_cells(self._after)

    def undo(self) -> None:
        self._view.set_cells(self._before)


class GridView(QWidget):
    """Clues and cells of one puzzle; edits go through ``undo_stack()``."""

    cellsChanged = Signal()  # after any change of the cells (paint, undo, redo, set_cells)
    strokeEnded = Signal()  # a mouse stroke ended (released, or undone by Escape)
    statusChanged = Signal(str)
    zoomChanged = Signal(float)
    cursorMoved = Signal(int, int)  # the keyboard cursor's row and column (a scroll area follows)
    # a zoom or Fit to Window changed the cell size: where the point at the centre of the view
    # went, in the new layout (a scroll area keeps it there: a zoom keeps the place looked at)
    centreMoved = Signal(QPoint)
    # a press or key would have painted but the grid is view-only (:meth:`is_view_only`): the
    # words say why (a view without the status line shows them)
    paintRefused = Signal(str)

    def __init__(self, undo_stack: QUndoStack | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._undo = undo_stack if undo_stack is not None else QUndoStack(self)
        self._rows: tuple[Hints, ...] = ((),) * 10
        self._cols: tuple[Hints, ...] = ((),) * 10
        self._cells = new_grid(10, 10)
        self._overlay: np.ndarray | None = None
        # cells that differ from one picture the clues fit, others fitting too (not mistakes)
        self._differing: frozenset[tuple[int, int]] = frozenset()
        self._marked: tuple[tuple[str, int], ...] = ()  # lines a typo suggestion names
        self._invalid: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())
        self._zoom = 1.0
        # the overview's pixels across and down (below the readable floor, clues hidden; a
        # whole number of pixels a cell or less than one), None: not one
        self._overview: tuple[int, int] | None = None
        # the overview's image, made again when the cells, colours or size change
        self._overview_image = OverviewImage()
        # the readable view's centre (its layout's pixels) when the overview was entered: Zoom
        # In goes back there from an overview seen whole (one that scrolls: to its own centre)
        self._left_at: QPoint | None = None
        # the overview's note the tooltip and the status line carry (:func:`overview.note`):
        # None, none (not in the overview), else whether it says view-only (below a pixel a cell)
        self._noted: bool | None = None
        self._hover: tuple[int, int] | None = None
        self._cursor: tuple[int, int] = (0, 0)
        self._drag: Drag | None = None
        self._read_only = False
        self._faint_satisfied = False
        self._satisfied = SatisfiedLines()
        self._fit = False
        self._available: QSize | None = None
        # Room kept for the longest clues the grid's size allows (see ``set_reserve_clue_room``).
        self._reserve = True
        self._status = ""
        self._names = STATE_NAMES  # the cells' names in the status line and undo steps
        self._layout = self._compute_layout()
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Puzzle grid")
        self._update_status(self._cursor)

    # --- model -------------------------------------------------------------------------------

    def undo_stack(self) -> QUndoStack:
        return self._undo

    def set_clues(self, rows: tuple[Hints, ...], cols: tuple[Hints, ...]) -> None:
        """Show these clues; the cells are reset to unknown when the grid size changes.  No line
        is invalid any more (:meth:`set_invalid_lines` says which are, after)."""
        self.set_invalid_lines((), ())
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
            self._drag = None
            self._overlay = None
            self._differing = frozenset()
            self._cells = new_grid(len(rows), len(cols))
            self._cursor = (
                min(self._cursor[0], len(rows) - 1),
                min(self._cursor[1], len(cols) - 1),
            )
            self._hover = None
            if isinstance(self._layout, OverviewLayout):  # the overview of the new size
                self._overview = self._layout.resized(len(rows), len(cols), self._available)
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

    def set_differing(self, cells: Iterable[tuple[int, int]]) -> None:
        """Mark ``cells`` (row, column) as differing from one picture the clues fit when they
        fit others too (Check in Solve by hand): they may be right, so the mark is not a
        mistake's (:func:`paint_differing`); () clears it."""
        self._differing = frozenset(cells)
        self.update()

    def differing(self) -> frozenset[tuple[int, int]]:
        return self._differing

    def set_marked_lines(self, lines: Sequence[tuple[str, int]]) -> None:
        """Mark whole rows or columns, clues included (``("row", 6)``): the lines a typo the
        Check panel suggests would change; () clears the marks."""
        self._marked = tuple(lines)
        self.update()

    def set_invalid_lines(self, rows: Collection[int], cols: Collection[int]) -> None:
        """The rows and columns whose typed clue is not a clue (a clue too long, a word): their
        clue shows ``?`` and the status line says so, not the ``0`` of an empty line."""
        invalid = (frozenset(rows), frozenset(cols))
        if invalid != self._invalid:
            self._invalid = invalid
            self._update_status(self._hover or self._cursor)
            self.update()

    def invalid_lines(self) -> tuple[frozenset[int], frozenset[int]]:
        return self._invalid

    def marked_lines(self) -> tuple[tuple[str, int], ...]:
        return self._marked

    def overlay(self) -> np.ndarray | None:
        return None if self._overlay is None else self._overlay.copy()

    def in_stroke(self) -> bool:
        """Whether a mouse stroke is under way (its cells change as the mouse moves; the stroke
        is one undo step once :attr:`strokeEnded` is emitted)."""
        return self._drag is not None

    def set_read_only(self, read_only: bool) -> None:
        self._read_only = read_only

    def set_reserve_clue_room(self, reserve: bool) -> None:
        """Keep room for the most clue numbers a line of this size can have and for the widest
        possible numbers (on by default): where the clues follow the painted cells, no stroke
        then moves the grid or changes its cell size, during the stroke or after it.  Views whose
        clues are fixed (solving) turn it off."""
        if reserve != self._reserve:
            self._reserve = reserve
            self._relayout()

    def set_state_names(self, names: dict[int, str]) -> None:
        """What the status line and the undo steps call a cell of each state (``STATE_NAMES``
        by default; ``PICTURE_NAMES`` where the cells are a picture being drawn)."""
        self._names = names
        self._status = ""
        self._update_status(self._hover or self._cursor)

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
        if zoom == self._zoom and self._overview is None:
            return
        self._zoom = zoom
        self._overview = None
        self._relayout(keep_centre=True)
        self.zoomChanged.emit(zoom)

    def is_fit(self) -> bool:
        """True while the grid sizes itself to the space its scroll area offers."""
        return self._fit

    def set_fit(self, fit: bool) -> None:
        """Fit the whole puzzle, clues included, into the available space (see
        :class:`GridScrollArea`) and keep fitting it as that space or the clues change."""
        self._fit = fit
        if fit:
            self._overview = None
            self._relayout(keep_centre=True)

    def fit_to_window(self) -> None:
        self.set_fit(True)

    def set_available_size(self, size: QSize) -> None:
        """The space the grid may fill when fitting (its scroll area's viewport)."""
        if size != self._available:
            self._available = QSize(size)
            if self._fit:
                self._relayout()

    def zoom_in(self) -> None:
        """A step bigger; from the overview, back to the readable floor (clues shown)."""
        if self._overview is not None:
            left_at, self._left_at = self._left_at, None
            whole = self._fits(self._layout.size())
            self.set_zoom(self.min_cell() / BASE_CELL)
            if left_at is not None and whole:
                self.centreMoved.emit(left_at)
            return
        self.set_zoom(self._zoom * ZOOM_STEP)

    def zoom_out(self) -> None:
        """A step smaller, not below the readable floor; at the floor, when the readable grid
        does not fit its view, the overview (:meth:`is_overview`): the whole grid's cells
        fitted to the view, at most a pixel under the floor; in the overview, a step smaller,
        to a pixel a cell, then, if the grid still does not fit, below a pixel a cell to fit
        (:func:`~nonostudio.gui.grid.overview.next_overview`)."""
        floor = self.min_cell()
        if self._overview is None and (
            round(BASE_CELL * self._zoom / ZOOM_STEP) >= floor or self._layout.cell > floor
        ):
            self.set_zoom(max(self._zoom / ZOOM_STEP, floor / BASE_CELL))
            return
        h, w = self._cells.shape
        current = self._layout if isinstance(self._layout, OverviewLayout) else None
        readable = self._layout_at(floor).size()
        shown = next_overview(current, h, w, floor, readable, self._available, ZOOM_STEP)
        if shown is not None:
            self._enter_overview(shown)

    def _fits(self, size: QSize) -> bool:
        """Whether ``size`` fits the space the scroll area offers (not known: it does)."""
        return fits(size, self._available)

    def is_overview(self) -> bool:
        """Whether the grid is shown below the readable floor: cells only, no clue numbers."""
        return self._overview is not None

    def is_view_only(self) -> bool:
        """Whether the grid is shown below a pixel a cell (an overview scaled down to fit): a
        press or a key paints nothing there, a pixel being several cells."""
        lay = self._layout
        return isinstance(lay, OverviewLayout) and lay.scaled

    def _enter_overview(self, shown: tuple[int, int]) -> None:
        if shown == self._overview:
            return
        self._fit = False
        readable = self._overview is None
        seen = visible_rect(self)  # (its centre as the scroll area takes it back: exactly)
        centre = seen.topLeft() + QPoint(seen.width() // 2, seen.height() // 2)
        self._overview = shown
        self._zoom = min(shown[0] / self._cells.shape[1], shown[1] / self._cells.shape[0])
        self._zoom /= BASE_CELL
        self._relayout(keep_centre=True)
        if readable:
            self._left_at = centre
        self.zoomChanged.emit(self._zoom)

    def zoom_reset(self) -> None:
        self.set_zoom(1.0)

    def cell_size(self) -> int:
        return self._layout.cell

    def cell_rect(self, row: int, col: int) -> QRect:
        """Widget coordinates of a cell."""
        return self._layout.cell_rect(row, col)

    def cell_at(self, pos: QPoint) -> tuple[int, int] | None:
        """The cell at ``pos`` (None on a clue, pinned ones included, or outside the grid)."""
        if under_pin(pos, visible_rect(self), *self._clue_bands()):
            return None
        return self._layout.cell_at(pos.x(), pos.y())

    def clue_bands(self) -> tuple[Band, Band]:
        """The pixels the row clues take across and the column clues down (from, to): where
        the clue numbers begin, after the room kept for longer ones."""
        return self._clue_bands()

    def _clue_bands(self) -> tuple[Band, Band]:
        """The pixels the row clues take across and the column clues down: the numbers there
        are, with a margin, not the room kept for longer ones (pinned, that room would cover
        the cells for nothing).  None in the overview."""
        lay = self._layout
        if self._overview is not None:
            return (lay.grid_left, lay.grid_left), (lay.grid_top, lay.grid_top)
        across = max([1, *map(len, self._rows)]) * lay.row_slot_width + lay.margin
        down = max([1, *map(len, self._cols)]) * lay.cell + lay.margin
        return (
            (max(0, lay.grid_left - across), lay.grid_left),
            (max(0, lay.grid_top - down), lay.grid_top),
        )

    def sizeHint(self) -> QSize:
        return self._layout.size()

    def minimumSizeHint(self) -> QSize:
        return self._layout.size()

    def _layout_at(self, cell: int) -> Layout:
        if not self._reserve:
            return Layout.compute(self._rows, self._cols, cell)
        h, w = self._cells.shape
        # A clue of a line n cells long has at most (n + 1) // 2 numbers.
        return Layout.compute(
            self._rows,
            self._cols,
            cell,
            min_row_slots=(w + 1) // 2,
            min_col_slots=(h + 1) // 2,
            widest_number=max(h, w),
        )

    def min_cell(self) -> int:
        """The smallest cell size the grid takes, fitted or zoomed out: the one at which its clue
        numbers are still readable (below it the scroll area scrolls)."""
        numbers = [n for clue in self._cols for n in clue]
        if self._reserve:
            numbers.append(max(self._cells.shape))
        return readable_cell(str(max(numbers, default=0)))

    def _fitted_cell(self, available: QSize) -> int:
        """The largest cell size (``min_cell()`` to FIT_MAX_CELL pixels) at which everything
        fits, or ``min_cell()`` when nothing smaller than readable would fit."""
        lo, hi = self.min_cell(), FIT_MAX_CELL
        while lo < hi:
            mid = (lo + hi + 1) // 2
            size = self._layout_at(mid).size()
            if size.width() <= available.width() and size.height() <= available.height():
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _compute_layout(self) -> Layout:
        if self._overview is not None:
            h, w = self._cells.shape
            return OverviewLayout.of(h, w, self._overview)
        if self._fit and self._available is not None:
            cell = self._fitted_cell(self._available)
            zoom = cell / BASE_CELL
            if zoom != self._zoom:
                self._zoom = zoom
                self.zoomChanged.emit(zoom)
            return self._layout_at(cell)
        return self._layout_at(max(self.min_cell(), round(BASE_CELL * self._zoom)))

    def _room_for_clues(self) -> bool:
        lay = self._layout
        return (
            max((len(c) for c in self._rows), default=0) <= lay.row_slots
            and max((len(c) for c in self._cols), default=0) <= lay.col_slots
        )

    def _relayout(self, *, keep_centre: bool = False) -> None:
        """Lay the grid out anew; ``keep_centre`` (a zoom, Fit to Window): say where the point
        at the view's centre went when the cell size changed (:attr:`centreMoved`)."""
        before = self._layout
        centre = visible_rect(self).center()
        self._layout = self._compute_layout()
        self.setMinimumSize(self._layout.size())
        self.updateGeometry()
        self.update()
        self._note_overview()
        if keep_centre and self._layout.cell != before.cell:
            self.centreMoved.emit(moved_point(centre, before, self._layout))

    def _note_overview(self) -> None:
        """Make the tooltip and the status line say what the overview hides, if the grid is
        in one (:func:`~nonostudio.gui.grid.overview.note`), when that changed: the overview
        entered or left, or view-only from below a pixel a cell or no longer (a grid of
        another size fitted again)."""
        noted = self.is_view_only() if self._overview is not None else None
        if noted == self._noted:
            return
        self._noted = noted
        self.setToolTip("" if noted is None else tooltip(noted))
        self._status = ""
        self._update_status(self._hover or self._cursor)

    # --- cursor and status ---------------------------------------------------------------------

    def cursor_cell(self) -> tuple[int, int]:
        return self._cursor

    def set_cursor_cell(self, row: int, col: int) -> None:
        h, w = self._cells.shape
        self._cursor = (min(max(row, 0), h - 1), min(max(col, 0), w - 1))
        self._update_status(self._cursor)
        self.update()
        self.cursorMoved.emit(*self._cursor)

    def pinned_size(self) -> QSize:
        """How much of a scrolled view the pinned clues cover: the row clues' width at its left,
        the column clues' height at its top (none where they are too long to be pinned)."""
        return pinned_size(visible_rect(self), *self._clue_bands())

    def status_text(self) -> str:
        return self._status

    def _update_status(self, cell: tuple[int, int] | None) -> None:
        # (in the overview, what it hides first: a long clue's words run past the line)
        hidden = "" if self._overview is None else f" \u2014 {note(self.is_view_only())}"
        if cell is None:
            text = f"{self._cells.shape[1]}x{self._cells.shape[0]} grid{hidden}"
        else:
            r, c = cell
            bad_rows, bad_cols = self._invalid
            row = NOT_A_CLUE if r in bad_rows else _clue_text(self._rows[r])
            col = NOT_A_CLUE if c in bad_cols else _clue_text(self._cols[c])
            text = (
                f"Row {r + 1}, column {c + 1}: {self._names[int(self._cells[r, c])]}{hidden}"
                f" \u2014 row clue {row}, column clue {col}"
            )
        if text != self._status:
            self._status = text
            self.statusChanged.emit(text)

    # ---- editing--------------------------------------------------------------------------------

    def _commit(self, before: np.ndarray, text: str) -> None:
        if not np.array_equal(before, self._cells):
            self._undo.push(CellsCommand(self, before, self._cells, text))

    def _toggle(self, cell: tuple[int, int], value: int) -> None:
        before = self._cells.copy()
        after = before.copy()
        after[cell] = UNKNOWN if before[cell] == value else value
        self.set_cells(after)
        self._commit(before, f"{self._names[int(after[cell])].capitalize()} cell")

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
        if self.is_view_only():  # a pixel is several cells: the status line says Zoom In
            self.paintRefused.emit(VIEW_ONLY_PRESS)
            event.accept()
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
        self.strokeEnded.emit()
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
        moved = moved_cursor(key, self._cursor, self._cells.shape)
        mark = MARK_KEYS.get(key)
        if key == Qt.Key.Key_Escape and self._drag is not None:
            self.set_cells(self._drag.before)
            self._drag = None
            self.strokeEnded.emit()
        elif moved is not None:
            self.set_cursor_cell(*moved)
        elif self._read_only or self._drag is not None or mark is None:
            super().keyPressEvent(event)
            return
        elif self.is_view_only():
            self.paintRefused.emit(VIEW_ONLY_PRESS)
        elif mark == "fill":
            self._toggle(self._cursor, FILLED)
        elif mark == "cross":
            self._toggle(self._cursor, CROSSED)
        elif self._cells[self._cursor] != UNKNOWN:  # (clear)
            self._toggle(self._cursor, int(self._cells[self._cursor]))
        event.accept()

    # ---- painting--------------------------------------------------------------------------------

    def _satisfied_lines(self) -> tuple[set[int], set[int]]:
        if not self._faint_satisfied:
            return set(), set()
        return self._satisfied.of(self._cells, self._rows, self._cols)  # changed lines only

    def paintEvent(self, event: QPaintEvent) -> None:
        faint = self._satisfied_lines()  # once for the grid and its pinned strips
        painter = QPainter(self)
        try:
            self._paint(painter, event.rect(), faint)
            # Scrolled, the clues stay in view (pinned) over the cells they belong to.
            window = self.palette().color(QPalette.ColorRole.Window)
            rows, cols = self._clue_bands()
            paint = partial(self._paint, faint=faint)
            paint_pinned(painter, visible_rect(self), rows, cols, paint, window)
        finally:
            painter.end()

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self.update()  # scrolling moves the widget: the pinned clues go where the view now is

    def _paint(
        self, painter: QPainter, region: QRect | None, faint: tuple[set[int], set[int]]
    ) -> None:
        """The grid's picture: clues, cells and what is drawn over them; only what reaches into
        ``region`` (None: all of it; the pixels there are the same either way).  The ``faint``
        rows and columns (:meth:`_satisfied_lines`) have their clues greyed."""
        palette = self.palette()
        colors = Colors.from_palette(palette)
        lay = self._layout
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Window))
        if self._overview is not None:
            self._paint_overview(painter, region, colors, palette)
            return
        paint_clue_backgrounds(painter, lay, colors)
        if tight(lay):
            paint_column_bands(painter, lay, colors, region)
        paint_cells(painter, lay, self._cells, colors, region)
        self._paint_crosshair(painter, palette)
        self._paint_marked(painter)
        self._paint_overlay(painter, region)
        paint_grid_lines(painter, lay, colors, region)
        self._paint_differing(painter)
        faint_rows, faint_cols = faint
        paint_clues(
            painter,
            lay,
            self._rows,
            self._cols,
            colors,
            faint_rows=faint_rows,
            faint_cols=faint_cols,
            invalid_rows=self._invalid[0],
            invalid_cols=self._invalid[1],
            region=region,
        )
        if self.hasFocus():
            highlight = palette.color(QPalette.ColorRole.Highlight)
            paint_cursor(painter, lay.cell_rect(*self._cursor), highlight, lay.cell)

    def _paint_overview(
        self, painter: QPainter, region: QRect | None, colors: Colors, palette: QPalette
    ) -> None:
        """The overview: the cells as one image (a pixel a cell: paper, ink, crossed a shade of
        the paper), scaled to the cell size (below a pixel a cell, scaled down smoothly: a
        half-filled area reads grey); grid lines from :data:`OVERVIEW_LINES_CELL` pixels (else
        only the border); then what is drawn over the cells, as at readable sizes."""
        lay = self._layout
        assert isinstance(lay, OverviewLayout)
        key = (colors.paper.rgb(), colors.ink.rgb(), colors.cross.rgb())
        cells = self._cells
        image = self._overview_image.image(
            cells, key, partial(overview_image, cells, colors), lay.grid_rect().size()
        )
        lines = lay.cell >= OVERVIEW_LINES_CELL and not lay.scaled
        paint_cells_image(painter, lay, image, None if lines else colors.ink)
        if lines:
            paint_grid_lines(painter, lay, colors, region)
        self._paint_crosshair(painter, palette)
        self._paint_marked(painter)
        self._paint_overlay(painter, region)
        self._paint_differing(painter)
        if self.hasFocus():
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(lay.cell_rect(*self._cursor).adjusted(-1, -1, 0, 0))

    def _paint_crosshair(self, painter: QPainter, palette: QPalette) -> None:
        if self._hover is None:
            return
        tint = QColor(palette.color(QPalette.ColorRole.Highlight))
        tint.setAlpha(60)
        r, c = self._hover
        lay = self._layout
        grid = lay.grid_rect()
        cell = lay.cell_rect(r, c)
        row_band = QRect(lay.margin, cell.top(), grid.right() + 1 - lay.margin, cell.height())
        col_band = QRect(cell.left(), lay.margin, cell.width(), grid.bottom() + 1 - lay.margin)
        painter.fillRect(row_band, tint)
        painter.fillRect(col_band, tint)

    def _paint_marked(self, painter: QPainter) -> None:
        lay = self._layout
        grid = lay.grid_rect()
        h, w = self._cells.shape
        tint = QColor(OVERLAY_COLOR)
        tint.setAlpha(70)
        pen = QPen(OVERLAY_COLOR, max(2, lay.cell // 10))
        for axis, index in self._marked:
            if axis == "row" and 0 <= index < h:
                cell = lay.cell_rect(index, 0)
                band = QRect(lay.margin, cell.top(), grid.right() + 1 - lay.margin, cell.height())
            elif axis == "column" and 0 <= index < w:
                cell = lay.cell_rect(0, index)
                band = QRect(cell.left(), lay.margin, cell.width(), grid.bottom() + 1 - lay.margin)
            else:
                continue
            painter.fillRect(band, tint)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(band.adjusted(0, 0, -1, -1))

    def _paint_differing(self, painter: QPainter) -> None:
        lay = self._layout
        h, w = self._cells.shape
        for r, c in self._differing:
            if 0 <= r < h and 0 <= c < w:
                paint_differing(painter, lay.cell_rect(r, c), lay.cell)

    def _paint_overlay(self, painter: QPainter, region: QRect | None) -> None:
        if self._overlay is None:
            return
        lay = self._layout
        rows, cols = lay.rows_in(region), lay.cols_in(region)
        mine = self._cells[rows.start : rows.stop, cols.start : cols.stop] == FILLED
        other = self._overlay[rows.start : rows.stop, cols.start : cols.stop] == FILLED
        tint = QColor(OVERLAY_COLOR)
        tint.setAlpha(90)
        pen = QPen(OVERLAY_COLOR, max(2, lay.cell // 8))
        inset = max(2, lay.cell // 4)
        for r, c in zip(*np.nonzero(mine != other), strict=True):
            rect = lay.cell_rect(rows.start + int(r), cols.start + int(c))
            painter.fillRect(rect, tint)
            painter.setPen(pen)
            painter.setBrush(OVERLAY_COLOR if other[r, c] else Qt.BrushStyle.NoBrush)
            painter.drawRect(rect.adjusted(inset, inset, -inset, -inset))
