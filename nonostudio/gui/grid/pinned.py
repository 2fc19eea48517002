"""Clue strips pinned to the edges of a scrolled grid, as a spreadsheet pins its headers: scrolled
down, the column clues stay at the top of the view; scrolled right, the row clues stay at its
left; both, and the corner between them stays blank.  A grid widget paints itself once as usual
and then again into each pinned strip, moved there (:func:`paint_pinned`); a press on a pinned
strip is on a clue, not on the cell under it (:func:`under_pin`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QWidget


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


def pins(visible: QRect, clue_width: int, clue_height: int) -> list[Pin]:
    """The strips to pin in the ``visible`` part of a grid whose row clues take the first
    ``clue_width`` pixels and column clues the first ``clue_height``, in painting order: the row
    clues (scrolled right), the column clues (scrolled down), the corner over both."""
    left, top = visible.left(), visible.top()
    out = []
    if left > 0:
        out.append(Pin(QRect(left, top, clue_width, visible.height()), QPoint(left, 0)))
    if top > 0:
        out.append(Pin(QRect(left, top, visible.width(), clue_height), QPoint(0, top)))
    if left > 0 and top > 0:
        out.append(Pin(QRect(left, top, clue_width, clue_height), QPoint(left, top)))
    return out


def paint_pinned(
    painter: QPainter,
    visible: QRect,
    clue_width: int,
    clue_height: int,
    paint: Callable[[QPainter], None],
    background: QColor,
) -> None:
    """Paint the grid again (``paint``, the widget's whole picture) into each pinned strip, on
    ``background`` (the cells under the strip must not show through)."""
    for pin in pins(visible, clue_width, clue_height):
        painter.save()
        painter.setClipRect(pin.target)
        painter.fillRect(pin.target, background)
        painter.translate(pin.offset)
        paint(painter)
        painter.restore()


def under_pin(pos: QPoint, visible: QRect, clue_width: int, clue_height: int) -> bool:
    """Whether ``pos`` (widget coordinates) is on a pinned strip."""
    return any(pin.target.contains(pos) for pin in pins(visible, clue_width, clue_height))
