"""Clue strips pinned to the edges of a scrolled grid, as a spreadsheet pins its headers: scrolled
down, the column clues stay at the top of the view; scrolled right, the row clues stay at its
left; both, and the corner between them stays blank.  A grid widget paints itself once as usual
and then again into each pinned strip, moved there (:func:`paint_pinned`), each time only what
reaches into the part it shows; a press on a pinned strip is on a clue, not on the cell under it
(:func:`under_pin`).  Clues longer than two thirds of the view are not pinned on that side (a
big puzzle's column clues, taller than the view, pinned at its top covered every cell)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRect, QSize
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget

#: A span of pixels (from, to) across or down the grid.
Band = tuple[int, int]
#: A clue strip is pinned only while it takes at most this share of the view's width (row
#: clues) or height (column clues): the rest of the view is left for the cells.
MAX_PIN_SHARE = 2 / 3


@dataclass(frozen=True)
class Pin:
    """One pinned strip: where on the widget it is drawn, and how far the grid's own picture is
    moved to draw it there."""

    target: QRect
    offset: QPoint


def visible_rect(widget: QWidget) -> QRect:
    """The part of ``widget`` that is on screen (all of it outside a scroll area)."""
    region = widget.visibleRegion()
    return widget.rect() if region.isEmpty() else region.boundingRect()


def pins(visible: QRect, row_clues: Band, col_clues: Band) -> list[Pin]:
    """The strips to pin in the ``visible`` part of a grid whose row clues take the pixels
    ``row_clues`` across (from, to) and column clues ``col_clues`` down, in painting order: the
    row clues (once scrolled past their start), the column clues, the corner over both.  A band
    may start after 0 (room kept for longer clues): only the clues there are pinned."""
    left, top = visible.left(), visible.top()
    (x0, x1), (y0, y1) = row_clues, col_clues
    size = pinned_size(visible, row_clues, col_clues)
    across, down = left > x0 and size.width() > 0, top > y0 and size.height() > 0
    out = []
    if across:
        out.append(Pin(QRect(left, top, x1 - x0, visible.height()), QPoint(left - x0, 0)))
    if down:
        out.append(Pin(QRect(left, top, visible.width(), y1 - y0), QPoint(0, top - y0)))
    if across and down:
        out.append(Pin(QRect(left, top, x1 - x0, y1 - y0), QPoint(left - x0, top - y0)))
    return out


def pinned_size(visible: QRect, row_clues: Band, col_clues: Band) -> QSize:
    """How much of a scrolled view of ``visible``'s size the pinned clues cover: the row clues'
    width at its left, the column clues' height at its top; 0 for clues too long to pin (over
    :data:`MAX_PIN_SHARE` of the view)."""
    (x0, x1), (y0, y1) = row_clues, col_clues
    width, height = x1 - x0, y1 - y0
    return QSize(
        width if width <= visible.width() * MAX_PIN_SHARE else 0,
        height if height <= visible.height() * MAX_PIN_SHARE else 0,
    )


#: Paints a grid's picture, or only what reaches into a rectangle of it (None: the whole).
RegionPainting = Callable[[QPainter, QRect | None], None]


def paint_pinned(
    painter: QPainter,
    visible: QRect,
    row_clues: Band,
    col_clues: Band,
    paint: RegionPainting,
    background: QColor,
) -> None:
    """Paint the grid again into each pinned strip, on ``background`` (the cells under the strip
    must not show through): ``paint`` is given the part of the grid's picture the strip shows
    (grid coordinates), and paints only what reaches into it."""
    for pin in pins(visible, row_clues, col_clues):
        painter.save()
        painter.setClipRect(pin.target)
        painter.fillRect(pin.target, background)
        painter.translate(pin.offset)
        paint(painter, pin.target.translated(-pin.offset))
        painter.restore()


def under_pin(pos: QPoint, visible: QRect, row_clues: Band, col_clues: Band) -> bool:
    """Whether ``pos`` (widget coordinates) is on a pinned strip."""
    return any(pin.target.contains(pos) for pin in pins(visible, row_clues, col_clues))
