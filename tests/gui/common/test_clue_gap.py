"""Two-digit clue numbers in neighbouring columns read as two numbers: at the smallest cell a
grid takes (``readable_cell``), the ink of one ends a clear gap before the next one's begins
("13" and "14" at 12-pixel cells were 1-2 pixels apart and read as "1314"), and the font keeps
its readable floor."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QImage, QPainter

from nonostudio.gui.common.render import (
    MIN_CLUE_GAP,
    READABLE_PX,
    Colors,
    Layout,
    paint_clues,
    readable_cell,
)


def ink_columns(image: QImage, top: int, bottom: int) -> np.ndarray:
    """Which pixel columns of the image have ink (darker than mid grey) between two rows."""
    dark = np.zeros(image.width(), dtype=bool)
    for x in range(image.width()):
        dark[x] = any(QColor(image.pixel(x, y)).lightness() < 160 for y in range(top, bottom))
    return dark


@pytest.mark.parametrize("numbers", [(13, 14), (88, 88), (10, 20), (11, 11), (9, 14)])
def test_neighbouring_column_numbers_keep_a_gap(qapp: object, numbers: tuple[int, int]) -> None:
    widest = str(max(numbers))
    cell = readable_cell(widest)
    cols = tuple((n,) for n in numbers)
    layout = Layout.compute(((1,),), cols, cell)
    assert layout.font.pixelSize() >= READABLE_PX
    image = QImage(layout.size() + QSize(2, 2), QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    paint_clues(painter, layout, ((1,),), cols, Colors.for_print())
    painter.end()
    first, second = layout.col_clue_box(0, 0), layout.col_clue_box(1, 0)
    dark = ink_columns(image, first.top(), first.bottom() + 1)
    left_ink = [x for x in range(first.left(), first.right() + 1) if dark[x]]
    right_ink = [x for x in range(second.left(), second.right() + 1) if dark[x]]
    assert left_ink and right_ink, "both numbers are painted"
    gap = right_ink[0] - left_ink[-1] - 1
    assert gap >= MIN_CLUE_GAP, f"{numbers} at {cell}-pixel cells: {gap} pixels apart"
