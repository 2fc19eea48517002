"""The overview both puzzle grids share (black-and-white :class:`~nonostudio.gui.grid.view.GridView`
and colour :class:`~nonostudio.gui.grid.colour.ColourGrid`): Zoom Out past the readable floor shows
the cells only, no clue numbers, down to a pixel a cell, and below a pixel a cell when even that
does not fit the view (a 1000x1000 at 1 pixel is 1,004 pixels square: the view at 1280x720 is
about 984x584).

* :class:`OverviewLayout` places the cells: ``shown`` pixels across and down for the whole grid,
  so a cell is ``shown / cells`` pixels, a whole number of them or less than one; a point maps
  back to the cell under it at any size.
* :func:`next_overview` is the zoom: which overview, if any, a Zoom Out goes to.
* :class:`OverviewImage` keeps the cells' image (a pixel a cell) and, below a pixel a cell, that
  image scaled down smoothly (each pixel the average of the cells it covers, so a half-filled
  area reads grey), made again only when the cells, their colours or the size change.
* Below a pixel a cell the overview is **view-only**: a pixel there is several cells, none of
  which the person can see alone, so a press or a key paints nothing (the status line says so);
  the pointer still names the cell under it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen

from nonostudio.gui.common.render import Layout

#: Pixels of window around the overview's cells.
OVERVIEW_MARGIN = 2
#: What the status line adds while the overview hides the clue numbers.
CLUES_HIDDEN = "clue numbers hidden at this zoom (Zoom In to read them)"
#: ... and below a pixel a cell, where it is view-only.
VIEW_ONLY = "clue numbers hidden, view only at this zoom (Zoom In to read them and paint)"


def note(scaled: bool) -> str:
    """The words the status line adds in an overview (``scaled``: below a pixel a cell)."""
    return VIEW_ONLY if scaled else CLUES_HIDDEN


def tooltip(scaled: bool) -> str:
    """The grid's tooltip in an overview: :func:`note`, a sentence."""
    text = note(scaled)
    return text[0].upper() + text[1:]


@dataclass(frozen=True)
class OverviewLayout(Layout):
    """The overview's layout: no room for clues, a thin margin, the whole grid ``shown``
    (width, height) pixels.  At a whole number of pixels a cell (``cell``) it is the
    :class:`Layout` of that cell; below a pixel a cell ``cell`` is 1 and ``shown`` is smaller
    than the grid: column ``c`` starts ``c * shown_width // cols`` pixels in, and every cell's
    rectangle is at least a pixel (so a mark on it shows)."""

    shown: tuple[int, int] = (0, 0)

    @classmethod
    def of(cls, rows: int, cols: int, shown: tuple[int, int]) -> OverviewLayout:
        """The overview of ``rows`` x ``cols`` cells taking ``shown`` pixels (a whole number of
        pixels a cell, or less than one each way)."""
        width, height = shown
        cell = max(1, min(width // cols, height // rows))
        return cls(rows, cols, cell, 0, 0, cell, OVERVIEW_MARGIN, QFont(), shown=shown)

    @classmethod
    def at_cell(cls, rows: int, cols: int, cell: int) -> OverviewLayout:
        """The overview at ``cell`` pixels a cell."""
        return cls.of(rows, cols, (cols * cell, rows * cell))

    def resized(self, rows: int, cols: int, available: QSize | None) -> tuple[int, int]:
        """The ``shown`` pixels of this overview for a grid of another size: the same pixels a
        cell, or, below a pixel a cell, fitted to ``available`` again."""
        if self.scaled and available is not None:
            return fitted_shown(rows, cols, available)
        return cols * self.cell, rows * self.cell

    @property
    def scaled(self) -> bool:
        """Whether a cell is less than a pixel (the grid shown smaller than a pixel a cell)."""
        return self.shown[0] < self.cols or self.shown[1] < self.rows

    def col_edge(self, col: int) -> int:
        """Where column ``col`` starts (``cols``: where the grid ends), in widget pixels."""
        return self.margin + col * self.shown[0] // self.cols

    def row_edge(self, row: int) -> int:
        return self.margin + row * self.shown[1] // self.rows

    def grid_rect(self) -> QRect:
        return QRect(self.margin, self.margin, *self.shown)

    def size(self) -> QSize:
        return QSize(self.shown[0] + 2 * self.margin, self.shown[1] + 2 * self.margin)

    def cell_rect(self, row: int, col: int) -> QRect:
        left, top = self.col_edge(col), self.row_edge(row)
        width = max(1, self.col_edge(col + 1) - left)
        height = max(1, self.row_edge(row + 1) - top)
        return QRect(left, top, width, height)

    def row_clue_rect(self, row: int) -> QRect:
        rect = self.cell_rect(row, 0)
        return QRect(self.margin, rect.top(), 0, rect.height())

    def col_clue_rect(self, col: int) -> QRect:
        rect = self.cell_rect(0, col)
        return QRect(rect.left(), self.margin, rect.width(), 0)

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The cell under a point: the one whose share of the ``shown`` pixels holds it."""
        col = int((x - self.margin) * self.cols // self.shown[0])
        row = int((y - self.margin) * self.rows // self.shown[1])
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def rows_in(self, region: QRect | None) -> range:
        if region is None or not self.scaled:
            return super().rows_in(region)
        return _near(region.top(), region.bottom(), self.margin, self.shown[1], self.rows)

    def cols_in(self, region: QRect | None) -> range:
        if region is None or not self.scaled:
            return super().cols_in(region)
        return _near(region.left(), region.right(), self.margin, self.shown[0], self.cols)


def _near(first: int, last: int, origin: int, pixels: int, count: int) -> range:
    """The lines of ``count`` spread over ``pixels`` from ``origin`` within a pixel of the
    pixels ``first`` to ``last``."""
    low = (first - 1 - origin) * count // pixels
    high = (last + 2 - origin) * count // pixels
    return range(max(0, low), min(count, high + 1))


def fitted_shown(rows: int, cols: int, available: QSize) -> tuple[int, int]:
    """The pixels the whole grid takes in the overview that fits ``available``: a whole number
    of pixels a cell (the largest that fits, at least one), or, when a pixel a cell does not fit,
    the grid scaled down to fit (the same scale both ways, at least a pixel each way)."""
    room_w = max(1, available.width() - 2 * OVERVIEW_MARGIN)
    room_h = max(1, available.height() - 2 * OVERVIEW_MARGIN)
    cell = min(room_w // cols, room_h // rows)
    if cell >= 1:
        return cols * cell, rows * cell
    scale = min(room_w / cols, room_h / rows)
    return max(1, min(room_w, int(cols * scale))), max(1, min(room_h, int(rows * scale)))


def fits(size: QSize, available: QSize | None) -> bool:
    """Whether ``size`` fits ``available`` (not known: it does)."""
    return available is None or (
        size.width() <= available.width() and size.height() <= available.height()
    )


def next_overview(
    current: OverviewLayout | None,
    rows: int,
    cols: int,
    floor: int,
    readable: QSize,
    available: QSize | None,
    step: float,
) -> tuple[int, int] | None:
    """Where a Zoom Out at the readable floor goes (the ``shown`` pixels of the next overview),
    or None to stay: from a readable grid of ``readable`` pixels that does not fit ``available``,
    the overview that fits (at most a pixel a cell under ``floor``); from an overview of a whole
    number of pixels a cell, a step smaller (its cell over ``step``, to a pixel a cell, then
    below it only if a pixel a cell does not fit); below a pixel a cell, nowhere (the grid is
    seen whole)."""
    if available is None:
        return None
    fitted = fitted_shown(rows, cols, available)
    if current is None:
        if fits(readable, available):
            return None  # seen whole and readable already
        cell = min(floor - 1, fitted[0] // cols)
        return (cols * cell, rows * cell) if cell >= 1 else fitted
    if current.scaled:
        return None
    if current.cell > 1:
        cell = max(1, min(current.cell - 1, round(current.cell / step)))
        return cols * cell, rows * cell
    return fitted if fitted[0] < cols else None


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and np.array_equal(a, b)
    return bool(a == b)


class OverviewImage:
    """The overview's picture of the cells, kept: the image of a pixel a cell (``make``), and
    the one scaled down to a smaller size, each made again only when the cells (compared by
    value: ``state``), the colours (``key``) or the size changed.  A hover's repaint rebuilt the
    image of a 1000x1000 in 1.7 ms; scaling it down smoothly takes longer."""

    def __init__(self) -> None:
        self._state: Any = None
        self._key: Hashable = None
        self._image: QImage | None = None
        self._scaled: QImage | None = None
        self.made = 0  # images made, scaled ones included (what a test counts)

    def image(
        self, state: Any, key: Hashable, make: Callable[[], QImage], size: QSize | None = None
    ) -> QImage:
        """The image of ``state`` in the colours ``key`` (``make`` makes it, a pixel a cell),
        scaled down smoothly to ``size`` when that is smaller (else the image itself: the
        painter scales it up, a cell a square of pixels)."""
        if self._image is None or key != self._key or not _same(state, self._state):
            self._state = state.copy() if isinstance(state, np.ndarray) else state
            self._key = key
            self._image = make()
            self._scaled = None
            self.made += 1
        image = self._image
        if size is None or (size.width() >= image.width() and size.height() >= image.height()):
            return image
        if self._scaled is None or self._scaled.size() != size:
            self._scaled = image.scaled(
                size,
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
            self.made += 1
        return self._scaled


def paint_cells_image(
    painter: QPainter, layout: OverviewLayout, image: QImage, border: QColor | None
) -> None:
    """The overview's cells: ``image`` (:class:`OverviewImage`) in the grid's rectangle (below
    a pixel a cell, a pixel of it a pixel), and a border of ``border`` around it (None: none,
    the grid lines are drawn)."""
    rect = layout.grid_rect()
    if image.size() == rect.size():
        painter.drawImage(rect.topLeft(), image)
    else:
        painter.drawImage(rect, image)
    if border is None:
        return
    painter.setPen(QPen(border, 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(rect.adjusted(-1, -1, 0, 0))


def rgb_image(pixels: np.ndarray) -> QImage:
    """An image of ``pixels`` (rows of ``0xffRRGGBB`` words), its own copy of them."""
    pixels = np.ascontiguousarray(pixels, dtype=np.uint32)
    h, w = pixels.shape
    return QImage(pixels.data, w, h, 4 * w, QImage.Format.Format_RGB32).copy()
