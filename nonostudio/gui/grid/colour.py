"""The colour puzzle's grid widget (:class:`ColourGrid`): the picture's cells in their palette
colours and every clue number on a box of its colour, in a text colour chosen for contrast.  The
colour editor paints on it and the colour Solve view draws cell sets on it (so it lives with the
shared grids), with :func:`swatch`, a palette colour's icon.

It only shows and reports: a stroke of the mouse (left button: the current colour, right: the
background) is given to the editor as the cells before and after, which makes the undo step;
Escape during a stroke puts the cells back and ends it, as on the black-and-white grid.
The keyboard does what it does on the black-and-white grid (the same keys:
:func:`~nonostudio.gui.grid.view.moved_cursor`, :data:`~nonostudio.gui.grid.view.MARK_KEYS`): the
arrows (Home, End) move a cursor, drawn while the grid has the focus, named on the status line
and kept in sight in a scroll area; Space (or Return) paints the colour picked there, X, Delete
and Backspace the background; each key that paints is a stroke of one cell (one undo step); keys
1-9 pick a colour (:attr:`ColourGrid.colourKey`).
The grid fits the widget (cells from 14 to 32 pixels; its minimum size is the whole grid at 14,
so in a scroll area a large puzzle scrolls rather than shrinks past legibility, its clues pinned
to the top and left of the view: :mod:`nonostudio.gui.grid.pinned`).  Zoom Out at that floor, when
the grid does not fit its view, goes on to the overview the black-and-white grid has
(:mod:`nonostudio.gui.grid.overview`): cells only, down to a pixel a cell and below it to fit
(view-only there); Zoom In comes back to the floor where it was.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QIcon,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QMoveEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QScrollArea, QWidget

from nonostudio.analysis.colour.words import colour_clue_text
from nonostudio.core.colour.model import BACKGROUND, BW_PALETTE, ColourClues, Palette
from nonostudio.core.contrast import text_colour
from nonostudio.gui.common.render import clue_font, lines_near, readable_cell
from nonostudio.gui.grid.overview import (
    OVERVIEW_MARGIN,
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
from nonostudio.gui.grid.scroll import follow_cell, keep_centre
from nonostudio.gui.grid.view import (
    BASE_CELL,
    MARK_KEYS,
    OVERLAY_COLOR,
    OVERVIEW_LINES_CELL,
    VIEW_ONLY_PRESS,
    ZOOM_MAX,
    ZOOM_MIN,
    ZOOM_STEP,
    moved_cursor,
    paint_cursor,
)

#: Cells are drawn this size at least (the clue numbers stay legible; the editor scrolls), or
#: larger when a clue number has three digits (:meth:`ColourGrid.min_cell`).
MIN_CELL = 14
MAX_CELL = 32
#: Pixels of background kept around the pinned clues (as the margin of the grid's edge).
PIN_MARGIN = 4
#: Rows of palette indices, as the grid keeps them.
Cells = tuple[tuple[int, ...], ...]


def swatch(rgb: str, size: int = 18) -> QIcon:
    """A square of ``rgb`` with a grey border."""
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor("#808080"))
    inner = QPixmap(size - 2, size - 2)
    inner.fill(QColor(rgb))
    painter = QPainter(pixmap)
    painter.drawPixmap(1, 1, inner)
    painter.end()
    return QIcon(pixmap)


def colour_key(event: QKeyEvent) -> int | None:
    """The palette index a digit key 1-9 picks (None for any other key)."""
    text = event.text()
    return int(text) if len(text) == 1 and "1" <= text <= "9" else None


def cells_between(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells on the straight line from ``start`` to ``end`` (both included), in order."""
    (r0, c0), (r1, c1) = start, end
    steps = max(abs(r1 - r0), abs(c1 - c0))
    if steps == 0:
        return [start]
    return [
        (r0 + round((r1 - r0) * k / steps), c0 + round((c1 - c0) * k / steps))
        for k in range(steps + 1)
    ]


class ColourGrid(QWidget):
    """A colour picture with its clues; strokes are reported by :attr:`stroked`."""

    stroked = Signal(object, object)  # Cells before, Cells after: one mouse stroke
    colourKey = Signal(int)  # a digit key 1-9 was pressed: pick that colour
    hovered = Signal(str)  # the status text of the cell under the mouse (or the cursor's)
    cursorMoved = Signal(int, int)  # the keyboard cursor's row and column
    # a key would have painted but the grid is view-only (below a pixel a cell): why
    paintRefused = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._palette = BW_PALETTE
        self._rows: ColourClues = ((),) * 5
        self._cols: ColourClues = ((),) * 5
        self._cells: Cells = ((BACKGROUND,) * 5,) * 5
        self._current = 1
        self._editable = True
        self._before: Cells | None = None
        self._last: tuple[int, int] | None = None  # the cell a stroke painted last
        self._cursor: tuple[int, int] = (0, 0)  # the keyboard cursor's cell
        # the cell the status line names (the mouse's, or the cursor's: :meth:`_say`), said
        # again when its words change under it (an undo, a redo, line logic's hatching)
        self._named: tuple[int, int] | None = None
        self._overlay: Cells | None = None
        self._undecided: frozenset[tuple[int, int]] = frozenset()
        self._marked: tuple[tuple[str, int], ...] = ()  # lines a typo suggestion names
        self._stroke_value = 0
        self._zoom: float | None = None  # None: the cells fit the widget (Fit to Window)
        self._reserve = False  # room kept for clues a stroke may add (the editor's)
        # the overview (below the readable floor, clues hidden), None: not in one
        self._overview: OverviewLayout | None = None
        self._overview_image = OverviewImage()
        # the readable view's centre when the overview was entered (Zoom In goes back there)
        self._left_at: QPoint | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName("Colour puzzle grid")
        self._update_minimum()

    # --- what it shows ---------------------------------------------------------------------

    def set_content(
        self, palette: Palette, rows: ColourClues, cols: ColourClues, cells: Cells
    ) -> None:
        """Show ``cells`` (rows of palette indices, ``len(rows)`` by ``len(cols)``) under these
        clues."""
        if len(cells) != len(rows) or any(len(r) != len(cols) for r in cells):
            raise ValueError(f"cells do not fit a grid of {len(cols)}x{len(rows)}")
        if (rows, cols) != (self._rows, self._cols):
            self._overlay = None
            self._undecided = frozenset()
        if self._overview is not None and (len(rows), len(cols)) != (
            self._overview.rows,
            self._overview.cols,
        ):
            self._leave_overview()  # (another size: its pixels are not this grid's)
        changed = (palette, rows, cols, cells) != (
            self._palette,
            self._rows,
            self._cols,
            self._cells,
        )
        self._palette, self._rows, self._cols, self._cells = palette, rows, cols, cells
        self._current = min(self._current, len(palette) - 1)
        row, col = self._cursor
        self._cursor = (min(row, len(rows) - 1), min(col, len(cols) - 1))
        self._update_minimum()
        self.update()
        if changed:
            self._say_again()

    def set_reserve_clue_room(self, reserve: bool) -> None:
        """Keep room for as many clue boxes as a black-and-white line of this size can have
        (half its cells, rounded up) and for the widest number it can hold, as the
        black-and-white editor's grid does: where the clues follow the painted cells, a stroke
        then moves neither the grid nor its cell size unless a clue outgrows that room (off by
        default: views whose clues are fixed)."""
        if reserve != self._reserve:
            self._reserve = reserve
            self._update_minimum()
            self.update()

    def _update_minimum(self) -> None:
        """The widest clue number and the smallest cell, worked out once for these clues (every
        cell's rectangle asks for the cell size when painting), and the minimum size from them."""
        numbers = [n for clue in (*self._rows, *self._cols) for n, _ in clue]
        if self._reserve:
            numbers.append(max(len(self._rows), len(self._cols)))
        self._widest = str(max(numbers, default=0))
        self._min_cell = max(MIN_CELL, readable_cell(self._widest, bold=True))
        if self._overview is not None:
            self.setMinimumSize(self._overview.size())
        else:
            self.setMinimumSize(self._readable_size(self._min_cell if self._zoom is None else None))
        self._relayout_scroll_area()

    def _relayout_scroll_area(self) -> None:
        """Have the scroll area size the grid to its new minimum.  Qt asks it only while the
        grid is on screen: clues changed on a tab not shown (a puzzle opened from the Editor)
        kept the last puzzle's size, so a 10x10 after a 50x35 showed 32-pixel cells under
        scroll bars, and Fit to Window, already fitted, changed nothing."""
        area = self._scroll_area()
        if area is not None and area.widgetResizable():
            QCoreApplication.postEvent(area, QEvent(QEvent.Type.LayoutRequest))

    def _readable_size(self, cell: int | None = None) -> QSize:
        """The whole grid's size, clues included, at ``cell`` (None: the cell size now)."""
        across, down = self._slots()
        cell = self.cell_size() if cell is None else cell
        return QSize(8 + cell * (len(self._cols) + across), 8 + cell * (len(self._rows) + down))

    def set_overlay(self, cells: Cells | None) -> None:
        """Mark the cells where ``cells`` (another solution of these clues) differs from the
        picture: a frame in the other solution's colour around a dot; None hides it."""
        if cells is not None and (
            len(cells) != len(self._rows) or any(len(r) != len(self._cols) for r in cells)
        ):
            return  # a late result for a puzzle of another size
        self._overlay = cells
        self.update()

    def overlay(self) -> Cells | None:
        return self._overlay

    def set_undecided(self, cells: frozenset[tuple[int, int]]) -> None:
        """Hatch the cells ``(row, column)`` line logic cannot decide (empty: none)."""
        changed = cells != self._undecided
        self._undecided = cells
        self.update()
        if changed:
            self._say_again()

    def undecided(self) -> frozenset[tuple[int, int]]:
        return self._undecided

    def palette_(self) -> Palette:
        return self._palette

    def cells(self) -> Cells:
        return self._cells

    def clues(self) -> tuple[ColourClues, ColourClues]:
        return self._rows, self._cols

    def set_marked_lines(self, lines: Sequence[tuple[str, int]]) -> None:
        """Mark whole rows or columns, clue boxes included (``("row", 6)``): the lines a typo
        the Check panel suggests would change; () clears the marks."""
        self._marked = tuple(lines)
        self.update()

    def marked_lines(self) -> tuple[tuple[str, int], ...]:
        return self._marked

    def set_current(self, index: int) -> None:
        """The colour the left button paints."""
        self._current = index

    def current(self) -> int:
        return self._current

    def set_editable(self, editable: bool) -> None:
        """Whether strokes paint.  A grid made not to paint (the colour editor's clues kept
        as they are: blank while their picture is looked for, then what line logic decides)
        stops saying the cell it named, which was of a picture (the mouse names one again)."""
        if self._editable and not editable and self._named is not None:
            self._unname()
        self._editable = editable

    def is_editable(self) -> bool:
        """Whether a stroke paints: set so (:meth:`set_editable`) and not shown below a pixel a
        cell (:meth:`is_view_only`)."""
        return self._editable and not self.is_view_only()

    # --- geometry ---------------------------------------------------------------------------

    def _slots(self) -> tuple[int, int]:
        """Clue boxes left of the rows and above the columns (at least one; with the room
        reserved, at least half a line's cells)."""
        across, down = max([1, *map(len, self._rows)]), max([1, *map(len, self._cols)])
        if self._reserve:
            across = max(across, (len(self._cols) + 1) // 2)
            down = max(down, (len(self._rows) + 1) // 2)
        return across, down

    def min_cell(self) -> int:
        """The smallest cell size the grid takes: :data:`MIN_CELL`, or the one at which the widest
        clue number still fits its box at the readable size (as the black-and-white grid's
        ``min_cell``; three digits need more room than 14 pixels)."""
        return self._min_cell

    def clue_font(self) -> QFont:
        """The clue numbers' font at the current cell size: about 60 % of a cell, never below the
        readable size, shrunk so the widest number fits its box."""
        return clue_font(self.cell_size(), self._widest, bold=True)

    # --- zoom (the View menu's Zoom In, Zoom Out, Fit to Window, Actual Size) ---------------

    def zoom(self) -> float | None:
        """The zoom (1.0: cells of :data:`~nonostudio.gui.grid.view.BASE_CELL` pixels); None
        while the cells fit the widget."""
        return self._zoom

    def set_zoom(self, zoom: float | None) -> None:
        """Draw the cells at ``zoom`` (within the black-and-white grid's limits, never below
        :meth:`min_cell`): the grid then takes its whole size and a scroll area scrolls it;
        None fits the cells to the widget again.  Either leaves the overview."""
        self._leave_overview()
        self._zoom = None if zoom is None else min(ZOOM_MAX, max(ZOOM_MIN, float(zoom)))
        self._update_minimum()
        self.update()

    def zoom_in(self) -> None:
        """A step bigger; from the overview, back to the readable floor where it was left."""
        if self._overview is not None:
            left_at, whole = self._left_at, self._fits(self._overview.size())
            self.set_zoom(self._min_cell / BASE_CELL)
            area = self._scroll_area()
            if area is not None and left_at is not None and whole:
                keep_centre(area, self, left_at)
            return
        self.set_zoom(self._zoom_now() * ZOOM_STEP)

    def zoom_out(self) -> None:
        """A step smaller, not below :meth:`min_cell`; at that floor, when the grid does not
        fit its view, the overview (as the black-and-white grid's Zoom Out)."""
        if self._overview is None and (
            round(BASE_CELL * self._zoom_now() / ZOOM_STEP) >= self._min_cell
            or self.cell_size() > self._min_cell
        ):
            self.set_zoom(self._zoom_now() / ZOOM_STEP)
            return
        readable = self._readable_size(self._min_cell)
        height, width = len(self._rows), len(self._cols)
        shown = next_overview(
            self._overview, height, width, self._min_cell, readable, self._available(), ZOOM_STEP
        )
        if shown is not None:
            self._enter_overview(OverviewLayout.of(height, width, shown))

    def _scroll_area(self) -> QScrollArea | None:
        """The scroll area the grid is in (the grid is its widget), if any."""
        viewport = self.parentWidget()
        area = None if viewport is None else viewport.parentWidget()
        return area if isinstance(area, QScrollArea) and area.widget() is self else None

    def _available(self) -> QSize | None:
        """The room the scroll area offers (no scroll bars), or None outside one."""
        area = self._scroll_area()
        return None if area is None else area.maximumViewportSize()

    def _fits(self, size: QSize) -> bool:
        return fits(size, self._available())

    def is_overview(self) -> bool:
        """Whether the grid is shown below the readable floor: cells only, no clue numbers."""
        return self._overview is not None

    def is_view_only(self) -> bool:
        """Whether the grid is shown below a pixel a cell: strokes paint nothing there."""
        return self._overview is not None and self._overview.scaled

    def overview_note(self) -> str:
        """What the status line adds in the overview (`` — clue numbers hidden...``), else ""."""
        return "" if self._overview is None else f" \u2014 {note(self._overview.scaled)}"

    def _enter_overview(self, layout: OverviewLayout) -> None:
        if self._overview is None:
            seen = visible_rect(self)
            self._left_at = seen.topLeft() + QPoint(seen.width() // 2, seen.height() // 2)
        self._overview = layout
        self._update_minimum()
        self.setToolTip(tooltip(layout.scaled))
        self._named = None  # (the words now say the grid, not a cell)
        self.hovered.emit(f"{len(self._cols)}x{len(self._rows)} grid{self.overview_note()}")
        self.update()

    def _leave_overview(self) -> None:
        if self._overview is None:
            return
        self._overview = None
        self._left_at = None
        self.setToolTip("")
        self._unname()  # (the words said the clue numbers were hidden)

    def fit_to_window(self) -> None:
        self.set_zoom(None)

    def zoom_reset(self) -> None:
        self.set_zoom(1.0)

    def _zoom_now(self) -> float:
        """The zoom the cells are drawn at now (fitted: their size over the base cell)."""
        return self._zoom if self._zoom is not None else self.cell_size() / BASE_CELL

    def cell_size(self) -> int:
        """The cells' size in pixels (in an overview below a pixel a cell: 1)."""
        if self._overview is not None:
            return self._overview.cell
        if self._zoom is not None:
            return max(self._min_cell, round(BASE_CELL * self._zoom))
        across, down = self._slots()
        width = (self.width() - 8) // (len(self._cols) + across)
        height = (self.height() - 8) // (len(self._rows) + down)
        return max(self._min_cell, min(MAX_CELL, width, height))

    def origin(self) -> QPoint:
        """The top-left corner of the cells."""
        if self._overview is not None:
            return QPoint(OVERVIEW_MARGIN, OVERVIEW_MARGIN)
        across, down = self._slots()
        c = self.cell_size()
        return QPoint(4 + across * c, 4 + down * c)

    def cell_rect(self, row: int, col: int) -> QRect:
        if self._overview is not None:
            return self._overview.cell_rect(row, col)
        c = self.cell_size()
        o = self.origin()
        return QRect(o.x() + col * c, o.y() + row * c, c, c)

    def cell_at(self, pos: QPoint) -> tuple[int, int] | None:
        """The cell at ``pos`` (None on a clue, pinned ones included, or outside the grid)."""
        if self._overview is not None:
            return self._overview.cell_at(pos.x(), pos.y())
        c = self.cell_size()
        o = self.origin()
        if under_pin(pos, visible_rect(self), *self.clue_bands()):
            return None
        col, row = (pos.x() - o.x()) // c, (pos.y() - o.y()) // c
        if pos.x() < o.x() or pos.y() < o.y() or row >= len(self._rows) or col >= len(self._cols):
            return None
        return row, col

    def clue_bands(self) -> tuple[Band, Band]:
        """The pixels the row clues take across and the column clues down, pinned when the grid
        is scrolled: the clue boxes there are, with a margin, not the room kept for longer ones
        (pinned, that room covered the cells: a big puzzle's reserved room, wider than the view,
        hid the whole grid).  None in the overview."""
        if self._overview is not None:
            return (OVERVIEW_MARGIN, OVERVIEW_MARGIN), (OVERVIEW_MARGIN, OVERVIEW_MARGIN)
        c, o = self.cell_size(), self.origin()
        across = max([1, *map(len, self._rows)]) * c + PIN_MARGIN
        down = max([1, *map(len, self._cols)]) * c + PIN_MARGIN
        return (max(0, o.x() - across), o.x()), (max(0, o.y() - down), o.y())

    def pinned_size(self) -> QSize:
        """How much of a scrolled view the pinned clues cover: the row clues' width at its left,
        the column clues' height at its top (none where they are too long to be pinned)."""
        return pinned_size(visible_rect(self), *self.clue_bands())

    def sizeHint(self) -> QSize:
        across, down = self._slots()
        return QSize(8 + 20 * (len(self._cols) + across), 8 + 20 * (len(self._rows) + down))

    # --- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            self._paint_all(painter, event.rect())
            # Scrolled, the clues stay in view (pinned) over the cells they belong to.
            window = self.palette().color(QPalette.ColorRole.Window)
            rows, cols = self.clue_bands()
            paint_pinned(painter, visible_rect(self), rows, cols, self._paint_all, window)
        finally:
            painter.end()

    def _paint_all(self, p: QPainter, region: QRect | None = None) -> None:
        """:meth:`_paint` (a view's grid adds its marks there) and, over it, the keyboard
        cursor while the grid has the focus."""
        self._paint(p, region)
        if self.hasFocus():
            highlight = self.palette().color(QPalette.ColorRole.Highlight)
            rect, cell = self.cell_rect(*self._cursor), self.cell_size()
            if cell < OVERVIEW_LINES_CELL:  # (an overview's cell: framed around, not inside)
                rect = rect.adjusted(-2, -2, 2, 2)
            paint_cursor(p, rect, highlight, cell)

    def moveEvent(self, event: QMoveEvent) -> None:
        super().moveEvent(event)
        self.update()  # scrolling moves the widget: the pinned clues go where the view now is

    def lines_in(self, region: QRect | None) -> tuple[range, range]:
        """The rows and the columns whose band (cells and clue boxes) comes within a cell of
        ``region``: all that can paint a pixel of it (all of them for None)."""
        height, width = len(self._rows), len(self._cols)
        if region is None:
            return range(height), range(width)
        if self._overview is not None:
            return self._overview.rows_in(region), self._overview.cols_in(region)
        c, o = self.cell_size(), self.origin()
        return (
            lines_near(region.top(), region.bottom(), o.y(), c, height),
            lines_near(region.left(), region.right(), o.x(), c, width),
        )

    def _paint(self, p: QPainter, region: QRect | None = None) -> None:
        """The grid's picture: clue boxes, cells and what is drawn over them; only what reaches
        into ``region`` (None: all of it; the pixels there are the same either way)."""
        if self._overview is not None:
            self._paint_overview(p, self._overview, region)
            return
        c = self.cell_size()
        o = self.origin()
        height, width = len(self._rows), len(self._cols)
        across, down = self._slots()
        rows, cols = self.lines_in(region)
        p.setFont(self.clue_font())
        for r in rows:
            row = self._cells[r]
            for col in cols:
                p.fillRect(self.cell_rect(r, col), QColor(self._palette[row[col]].rgb))
        near = None if region is None else region.adjusted(-c, -c, c, c)
        if near is None or near.left() < o.x():
            for r in rows:
                clue = self._rows[r]
                for k, item in enumerate(clue):
                    box = QRect(o.x() - (len(clue) - k) * c, o.y() + r * c, c, c)
                    self._clue_box(p, box, item)
                if not clue:
                    self._zero_box(p, QRect(o.x() - c, o.y() + r * c, c, c))
        if near is None or near.top() < o.y():
            for col in cols:
                clue = self._cols[col]
                for k, item in enumerate(clue):
                    box = QRect(o.x() + col * c, o.y() - (len(clue) - k) * c, c, c)
                    self._clue_box(p, box, item)
                if not clue:
                    self._zero_box(p, QRect(o.x() + col * c, o.y() - c, c, c))
        if self._undecided:
            hatch = QBrush(QColor(0, 0, 0, 110), Qt.BrushStyle.BDiagPattern)
            for r, col in self._undecided:
                if r in rows and col in cols:
                    p.fillRect(self.cell_rect(r, col), hatch)
        if self._overlay is not None:
            self._paint_overlay(p, c, rows, cols)
        thin = QPen(QColor("#9a9a9a"))
        thick = QPen(QColor("#303030"))
        thick.setWidth(2)
        for r in range(rows.start, rows.stop + 1):
            p.setPen(thick if r % 5 == 0 or r == height else thin)
            p.drawLine(o.x() - across * c, o.y() + r * c, o.x() + width * c, o.y() + r * c)
        for col in range(cols.start, cols.stop + 1):
            p.setPen(thick if col % 5 == 0 or col == width else thin)
            p.drawLine(o.x() + col * c, o.y() - down * c, o.x() + col * c, o.y() + height * c)
        if self._marked:
            self._paint_marked(p, c, o, across, down)

    def _paint_overview(self, p: QPainter, lay: OverviewLayout, region: QRect | None) -> None:
        """The overview: the cells as one image in their colours (a pixel a cell, scaled; below
        a pixel a cell scaled down smoothly), grid lines from
        :data:`~nonostudio.gui.grid.view.OVERVIEW_LINES_CELL` pixels (else a border), the
        cells another solution has otherwise tinted, the marked lines."""
        key = tuple(colour.rgb for colour in self._palette.colours)
        image = self._overview_image.image(
            self._overview_state(), key, self._overview_pixels, lay.grid_rect().size()
        )
        lines = lay.cell >= OVERVIEW_LINES_CELL and not lay.scaled
        paint_cells_image(p, lay, image, None if lines else QColor("#303030"))
        if lines:
            thin, thick = QPen(QColor("#9a9a9a")), QPen(QColor("#303030"), 2)
            rect = lay.grid_rect()
            for r in range(lay.rows + 1):
                p.setPen(thick if r % 5 == 0 or r == lay.rows else thin)
                y = rect.top() + r * lay.cell
                p.drawLine(rect.left(), y, rect.left() + rect.width(), y)
            for col in range(lay.cols + 1):
                p.setPen(thick if col % 5 == 0 or col == lay.cols else thin)
                x = rect.left() + col * lay.cell
                p.drawLine(x, rect.top(), x, rect.top() + rect.height())
        if self._overlay is not None:
            tint = QColor(OVERLAY_COLOR)
            rows, cols = self.lines_in(region)
            for r in rows:
                mine, other = self._cells[r], self._overlay[r]
                if mine == other:  # (most rows, compared at C speed: the overview shows all)
                    continue
                for col in cols:
                    if mine[col] != other[col]:
                        p.fillRect(lay.cell_rect(r, col), tint)
        if self._marked:
            self._paint_marked(p, lay.cell, self.origin(), 0, 0)

    def _overview_state(self) -> object:
        """What the overview's image shows (it is made again when this changes): the cells."""
        return self._cells

    def _overview_pixels(self) -> QImage:
        """The cells, a pixel each in its palette colour (the image of
        :meth:`_overview_state`)."""
        lut = np.array(
            [QColor(colour.rgb).rgb() for colour in self._palette.colours], dtype=np.uint32
        )
        return rgb_image(lut[np.array(self._cells, dtype=np.intp)])

    def _paint_marked(self, p: QPainter, c: int, o: QPoint, across: int, down: int) -> None:
        """A tinted, framed band over each marked line, its clue boxes included."""
        height, width = len(self._rows), len(self._cols)
        tint = QColor(OVERLAY_COLOR)
        tint.setAlpha(70)
        pen = QPen(OVERLAY_COLOR, max(2, c // 10))
        for axis, index in self._marked:
            if axis == "row" and 0 <= index < height:
                cell = self.cell_rect(index, 0)
                right = self.cell_rect(index, width - 1).right() + 1
                band = QRect(
                    o.x() - across * c, cell.top(), right - o.x() + across * c, cell.height()
                )
            elif axis == "column" and 0 <= index < width:
                cell = self.cell_rect(0, index)
                bottom = self.cell_rect(height - 1, index).bottom() + 1
                band = QRect(cell.left(), o.y() - down * c, cell.width(), bottom - o.y() + down * c)
            else:
                continue
            p.fillRect(band, tint)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(band.adjusted(0, 0, -1, -1))

    def _paint_overlay(self, p: QPainter, c: int, rows: range, cols: range) -> None:
        assert self._overlay is not None
        for r in rows:
            row = self._overlay[r]
            for col in cols:
                value = row[col]
                if value == self._cells[r][col]:
                    continue
                rect = self.cell_rect(r, col)
                rgb = self._palette[value].rgb
                pen = QPen(QColor(rgb))
                pen.setWidth(max(2, c // 6))
                p.setPen(pen)
                p.drawRect(rect.adjusted(2, 2, -2, -2))
                mark = QColor(text_colour(self._palette[self._cells[r][col]].rgb))
                p.setBrush(mark)
                p.setPen(Qt.PenStyle.NoPen)
                p.drawEllipse(rect.center(), max(1, c // 8), max(1, c // 8))
                p.setBrush(Qt.BrushStyle.NoBrush)

    def _zero_box(self, p: QPainter, box: QRect) -> None:
        """An empty line's clue, 0, in the text colour on no box, as the black-and-white grid
        and the exported picture show it (the colour grids showed nothing: a row of unknown
        cells with a blank clue beside it, in Solve by hand, looked like a clue not drawn)."""
        p.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, "0")

    def _clue_box(self, p: QPainter, box: QRect, item: tuple[int, int]) -> None:
        length, colour = item
        rgb = self._palette[colour].rgb
        p.fillRect(box.adjusted(1, 1, 0, 0), QColor(rgb))
        p.setPen(QColor(text_colour(rgb)))
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, str(length))

    # --- input ------------------------------------------------------------------------------

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if not self.is_editable() or cell is None or self._before is not None:
            return
        button = event.button()
        if button not in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            return
        self._before = self._cells
        self._stroke_value = self._current if button == Qt.MouseButton.LeftButton else BACKGROUND
        self._paint_cell(cell)
        self._last = cell
        self._cursor_to(cell)
        self._say(cell)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if self._before is not None and cell is not None:
            # Motion events come sparse when the mouse moves fast: paint the cells between too.
            for between in cells_between(self._last or cell, cell):
                self._paint_cell(between)
            self._last = cell
            self._cursor_to(cell)
        if cell is not None:
            self._say(cell)

    def _say_again(self) -> None:
        """Say again the cell the status line names, its cells, clues or hatching having
        changed (an undo or a redo: the words said of the picture before stayed until the mouse
        moved); a cell no longer in the grid is named no more, and the words go."""
        cell = self._named
        if cell is None:
            return
        if cell[0] < len(self._rows) and cell[1] < len(self._cols):
            self._say(cell)
        else:
            self._unname()

    def _unname(self) -> None:
        """The status line names no cell, until the mouse or a key names one again."""
        self._named = None
        self.hovered.emit("")

    def _say(self, cell: tuple[int, int]) -> None:
        """The status of the cell under the mouse, as it is now (after any paint); a hatched
        cell, which line logic leaves undecided (drawn on the background), is unknown, as in
        the black-and-white grid, not the background's colour.  The cell is named from then on
        (:meth:`_say_again`; a subclass saying other words, the colour Solve grid's cell sets,
        names none, its words going to a line that says more than cells)."""
        self._named = cell
        r, c = cell
        if cell in self._undecided:
            name = "unknown (line logic leaves it open)"
        else:
            name = self._palette[self._cells[r][c]].name
        self.hovered.emit(self.cell_status(cell, name))

    def cell_status(self, cell: tuple[int, int], what: str) -> str:
        """The status line's words for ``cell`` holding ``what``, and its row's and column's
        clues in the words the colour steps use (``2 red, 1 blue``, ``0`` when blank), parted
        by a semicolon, as their items are by commas: "Row 1, column 2: red — row clue 2 red,
        1 blue; column clue 1 red"."""
        r, c = cell
        row = colour_clue_text(self._palette, self._rows[r])
        col = colour_clue_text(self._palette, self._cols[c])
        return (
            f"Row {r + 1}, column {c + 1}: {what}{self.overview_note()}"
            f" \u2014 row clue {row}; column clue {col}"
        )

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        before, self._before = self._before, None
        last, self._last = self._last, None
        if before is not None and before != self._cells:
            self.stroked.emit(before, self._cells)
            if last is not None:  # (the editor's clues follow the stroke: say the new ones)
                self._say(last)

    def _cancel_stroke(self) -> None:
        """Escape during a mouse stroke: the cells go back to what they were before it and the
        stroke ends (the rest of the drag and its release paint nothing; no undo step)."""
        before, self._before = self._before, None
        self._last = None
        if before is not None:
            self._restore(before)

    def _restore(self, before: Cells) -> None:
        """Show ``before``, what a stroke started from, again (a subclass whose stroke starts
        from something else, the colour Solve grid's cell sets, shows that)."""
        self._cells = before
        self.update()

    def _paint_cell(self, cell: tuple[int, int]) -> None:
        r, c = cell
        if self._cells[r][c] == self._stroke_value:
            return
        row = list(self._cells[r])
        row[c] = self._stroke_value
        self._cells = (*self._cells[:r], tuple(row), *self._cells[r + 1 :])
        self.update(self.cell_rect(r, c))

    # --- the keyboard ---------------------------------------------------------------------

    def _cursor_to(self, cell: tuple[int, int]) -> None:
        """Put the keyboard cursor on ``cell``, the one a mouse stroke has reached, as the
        black-and-white grid does (:meth:`~nonostudio.gui.grid.view.GridView.mousePressEvent`),
        so the keys go on from where the mouse painted; no scrolling (the mouse is on the cell)
        and no words (the stroke says the cell)."""
        if cell == self._cursor:
            return
        self.update(self.cell_rect(*self._cursor).adjusted(-2, -2, 2, 2))
        self._cursor = cell
        self.update(self.cell_rect(*cell).adjusted(-2, -2, 2, 2))

    def cursor_cell(self) -> tuple[int, int]:
        """The keyboard cursor's cell (row, column)."""
        return self._cursor

    def set_cursor_cell(self, row: int, col: int) -> None:
        """Move the keyboard cursor (within the grid), keep it in sight and name its cell."""
        old = self.cell_rect(*self._cursor)
        self._cursor = (
            min(max(row, 0), len(self._rows) - 1),
            min(max(col, 0), len(self._cols) - 1),
        )
        self.update(old.adjusted(-2, -2, 2, 2))
        rect = self.cell_rect(*self._cursor)
        self.update(rect.adjusted(-2, -2, 2, 2))
        area = self._scroll_area()
        if area is not None:
            follow_cell(area, rect, self.pinned_size(), self.cell_size())
        self._say(self._cursor)
        self.cursorMoved.emit(*self._cursor)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = colour_key(event)
        if key is not None:
            self.colourKey.emit(key)
            return
        if event.key() == Qt.Key.Key_Escape and self._before is not None:
            self._cancel_stroke()  # as the black-and-white grid does (view.GridView)
            event.accept()
            return
        moved = moved_cursor(event.key(), self._cursor, (len(self._rows), len(self._cols)))
        mark = MARK_KEYS.get(Qt.Key(event.key()))
        if moved is not None:
            self.set_cursor_cell(*moved)
        elif mark is None or not self._editable or self._before is not None:
            super().keyPressEvent(event)  # (not a key of the grid's, or a stroke under way)
            return
        elif self.is_view_only():
            self.paintRefused.emit(VIEW_ONLY_PRESS)
        else:
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self._key_stroke(mark, shift)
            self._say(self._cursor)
        event.accept()

    def _key_stroke(self, mark: str, shift: bool) -> None:
        """Paint the cursor's cell for a key's ``mark`` (``fill``: the colour picked; else the
        background; ``shift`` held: the same here), a stroke of that one cell (:attr:`stroked`,
        one undo step)."""
        before = self._cells
        self._stroke_value = self._current if mark == "fill" else BACKGROUND
        self._paint_cell(self._cursor)
        if before != self._cells:
            self.stroked.emit(before, self._cells)
