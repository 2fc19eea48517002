"""The scroll area that lets a puzzle grid fit its window and scroll only when zoomed in (or
when the puzzle is too big to be readable whole), following the keyboard cursor; where a grid
starts (:class:`GridStart`, shared with the colour grids' scroll areas); and
:func:`reveal`, which scrolls any grid's area just enough to bring a rectangle (a step's line or
cells) out from under the pinned clues and into view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QScrollArea, QWidget

from nonostudio.gui.grid.pinned import MAX_PIN_SHARE, Band

if TYPE_CHECKING:
    from nonostudio.gui.grid.view import GridView


class StartGrid(Protocol):
    """What :class:`GridStart` asks of a grid (both puzzle grids have it)."""

    def clue_bands(self) -> tuple[Band, Band]: ...

    def minimumSize(self) -> QSize: ...

    def width(self) -> int: ...

    def height(self) -> int: ...


class GridStart(QObject):
    """Scrolls a grid's scroll area where its puzzle starts (:meth:`scroll_to_start`), at once
    or once the area is shown and the grid laid out (:meth:`scroll_to_start_later`), and again
    if a scroll bar appearing changes the range before anything else scrolled it.  Shared by the
    black-and-white grid's :class:`GridScrollArea` and the colour grids' scroll areas: a random
    200x200 colour puzzle opened on the empty corner between its clues in the colour Editor and
    in colour Solve, as the black-and-white ones did before."""

    def __init__(self, area: QScrollArea, grid: StartGrid) -> None:
        super().__init__(area)
        self._area, self._grid = area, grid
        self.pending = False
        # at the start and not scrolled since: a change of range (a scroll bar appearing a
        # moment later narrows the view) scrolls to the start again, not leaves it clamped
        self._at_start = False
        self._starting = False
        area.installEventFilter(self)  # (shown: a start waiting for it goes)
        for bar in (area.horizontalScrollBar(), area.verticalScrollBar()):
            bar.rangeChanged.connect(self._range_changed)  # (the grid laid out at a new size)
            bar.valueChanged.connect(self._scrolled)

    def scroll_to_start(self) -> None:
        """Scroll where the puzzle starts: its clues from their first numbers when they take at
        most ``MAX_PIN_SHARE`` of the view, else their last ones beside the first cells (each
        half the view: :func:`start_value`).  At 0, 0 a big puzzle showed the empty corner
        between its clues: a random 200x200 or 1000x1000, its clues longer than the view both
        ways, showed a blank grey view in the Editor and in Solve."""
        (x0, left), (y0, top) = self._grid.clue_bands()
        area = self._area
        view = area.viewport().size()
        self._starting = True
        try:
            area.horizontalScrollBar().setValue(start_value(x0, left, view.width()))
            area.verticalScrollBar().setValue(start_value(y0, top, view.height()))
        finally:
            self._starting = False
        self._at_start = True

    def scroll_to_start_later(self) -> None:
        """:meth:`scroll_to_start` once the grid is laid out at its new size and the area is
        shown (a puzzle opened while its tab is hidden starts there when the tab is shown)."""
        self.pending = True
        QTimer.singleShot(0, self, self._start_if_ready)

    def _scrolled(self, _value: int) -> None:
        if not self._starting:
            self._at_start = False

    def _start_if_ready(self) -> None:
        if not self.pending or not self._area.isVisible():
            return
        grid = self._grid
        least = grid.minimumSize()
        if grid.width() < least.width() or grid.height() < least.height():
            return  # not laid out yet: its resize comes back here
        self.pending = False
        self.scroll_to_start()

    def _range_changed(self, _low: int, _high: int) -> None:
        if self.pending:
            QTimer.singleShot(0, self, self._start_if_ready)
        elif self._at_start:  # (before the bar keeps its value within the new range)
            self.scroll_to_start()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._area and event.type() == QEvent.Type.Show and self.pending:
            QTimer.singleShot(0, self, self._start_if_ready)
        return False


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
        self._start = GridStart(self, grid)
        grid.centreMoved.connect(self._keep_centre)

    def _follow_cursor(self, row: int, col: int) -> None:
        """Scroll the keyboard cursor's cell into sight, clear of the pinned clues."""
        grid = self.grid
        follow_cell(self, grid.cell_rect(row, col), grid.pinned_size(), grid.cell_size())

    def scroll_to_start(self) -> None:
        """Scroll where the puzzle starts (:meth:`GridStart.scroll_to_start`)."""
        self._start.scroll_to_start()

    def scroll_to_start_later(self) -> None:
        """:meth:`GridStart.scroll_to_start_later`."""
        self._start.scroll_to_start_later()

    def _keep_centre(self, point: QPoint) -> None:
        """The cell size changed (a zoom): keep the place looked at in the middle of the view.
        Zoomed in at a big puzzle's first cells, the view went to the empty corner between its
        clues (the scroll bars kept their pixels)."""
        if self._start.pending:
            return  # a new puzzle: it starts at its start
        keep_centre(self, self.grid, point)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.grid.set_available_size(self.maximumViewportSize())


def follow_cell(area: QScrollArea, rect: QRect, covered: QSize, cell: int) -> None:
    """Scroll ``area`` just enough that the cell ``rect`` (its widget's coordinates: the
    keyboard cursor's) and a cell around it are in sight, clear of the clues pinned over the
    view's left ``covered.width()`` and top ``covered.height()`` pixels (:func:`reveal`).  Kept
    a cell from the edges by ``ensureVisible``'s margins, the cell went under pinned clues
    taller than half the view (an 80x80 colour puzzle at 600x420)."""
    reveal(area, rect.adjusted(-cell, -cell, cell, cell), covered)


def start_value(clues_from: int, cells_from: int, view: int) -> int:
    """Where a scroll bar goes to show a grid from its start along one axis: its clue numbers
    begin at ``clues_from`` and its cells at ``cells_from`` (widget pixels) in a viewport
    ``view`` pixels long.  Clues that take at most :data:`MAX_PIN_SHARE` of the view are seen
    whole (from their start, as pinned clues are); longer ones, which are not pinned, by their
    numbers nearest the cells in half the view, the other half left to the cells."""
    if cells_from - clues_from <= view * MAX_PIN_SHARE:
        return clues_from
    return cells_from - view // 2


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


def keep_centre(area: QScrollArea, widget: QWidget, point: QPoint) -> None:
    """Scroll ``area`` (whose resizable widget, ``widget``, just changed its minimum size) so
    that ``point`` of the widget is at the middle of the view: a zoom keeps the place looked
    at (Zoom In from an overview: where the readable view was left)."""
    area.setWidgetResizable(True)  # (the widget takes its new size and the bars their range now)
    view = viewport_to_be(area, widget.minimumSize())
    area.horizontalScrollBar().setValue(point.x() - view.width() // 2)
    area.verticalScrollBar().setValue(point.y() - view.height() // 2)


def viewport_to_be(area: QScrollArea, size: QSize) -> QSize:
    """``area``'s viewport size once the scroll bars a widget of ``size`` needs are shown (or
    hidden): the viewport keeps its old size until the area lays itself out again, and back
    from an overview that did not scroll, it was a scroll bar wider and taller, so the view
    came back 7 pixels off each way."""
    room = area.maximumViewportSize()
    width, height = room.width(), room.height()
    # (bars always on are left out of that room already, bars always off take none)
    needed = Qt.ScrollBarPolicy.ScrollBarAsNeeded
    across = area.horizontalScrollBar().sizeHint().height()
    down = area.verticalScrollBar().sizeHint().width()
    if area.horizontalScrollBarPolicy() != needed:
        across = 0
    if area.verticalScrollBarPolicy() != needed:
        down = 0
    wide = size.width() > width
    if wide:
        height -= across
    if size.height() > height:
        width -= down
        if not wide and size.width() > width:
            height -= across
    return QSize(width, height)
