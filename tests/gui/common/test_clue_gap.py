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


def test_at_the_narrowest_cells_neighbouring_columns_clues_are_told_apart_by_shade(
    qtbot: object,
) -> None:
    """Set tight (two-digit numbers at 12-pixel cells), every other column's clue lies on a faint
    shade, so "13" over one column and "14" over the next are seen as two numbers; with room
    to spare (one-digit numbers) the clue paper is plain."""
    from PySide6.QtWidgets import QApplication

    from nonostudio.gui.grid.view import GridView

    def clue_paper(cols: tuple[tuple[int, ...], ...]) -> tuple[QColor, QColor, bool]:
        grid = GridView()
        grid.set_reserve_clue_room(False)
        grid.set_zoom(0.25)  # as small as readable: the smallest cell
        grid.set_clues(((1,),) * 20, cols)
        grid.resize(grid.sizeHint())
        QApplication.processEvents()
        image = grid.grab().toImage()
        layout = grid._layout
        first, second = layout.col_clue_rect(0), layout.col_clue_rect(1)
        y = first.top() + 1  # above the numbers, which stand at the bottom
        left = QColor(image.pixel(first.center().x(), y))
        right = QColor(image.pixel(second.center().x(), y))
        grid.deleteLater()
        return left, right, layout.font.letterSpacing() < 0

    two_digits = tuple(((1, 13) if c % 2 else (1, 14)) for c in range(20))
    left, right, tight = clue_paper(two_digits)
    assert tight and left != right
    left, right, tight = clue_paper(((1, 3),) * 20)
    assert not tight and left == right
