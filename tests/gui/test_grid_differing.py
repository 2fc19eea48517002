"""Cells that differ from one picture the clues fit, where they fit others too, have a mark of
their own (``GridView.set_differing``): Check in black-and-white Solve by hand ringed them in the
mistake's warning orange though its words say they are not wrong.  The mark is a dashed teal
ring, never the orange, and reads on paper and on ink in the light and the dark scheme."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtGui import QColor, QImage, QPalette
from pytestqt.qtbot import QtBot

from nonostudio.core.contrast import contrast_ratio
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.gui.common.theme import dark_palette
from nonostudio.gui.grid.view import DIFFERING_COLOR, OVERLAY_COLOR, GridView

CELLS = {(0, 0): FILLED, (0, 1): UNKNOWN, (1, 0): CROSSED}


def _light() -> QPalette:
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Base, QColor("#ffffff"))
    palette.setColor(QPalette.ColorRole.Text, QColor("#000000"))
    return palette


def _counts(image: QImage, grid: GridView, cell: tuple[int, int]) -> dict[int, int]:
    rect = grid.cell_rect(*cell).adjusted(1, 1, -1, -1)
    seen: dict[int, int] = {}
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            rgb = image.pixel(x, y) & 0xFFFFFF
            seen[rgb] = seen.get(rgb, 0) + 1
    return seen


@pytest.mark.parametrize("palette", [_light(), dark_palette()], ids=["light", "dark"])
def test_a_differing_cell_is_marked_calmly_and_readably(qtbot: QtBot, palette: QPalette) -> None:
    grid = GridView()
    qtbot.addWidget(grid)
    grid.setPalette(palette)
    grid.set_reserve_clue_room(False)
    grid.set_clues(((1,), ()), ((1,), ()))
    cells = np.full((2, 2), UNKNOWN, dtype=np.int8)
    for cell, value in CELLS.items():
        cells[cell] = value
    grid.set_cells(cells)
    grid.resize(grid.sizeHint())

    def render() -> QImage:
        image = QImage(grid.size(), QImage.Format.Format_RGB32)
        grid.render(image)
        return image

    plain = render()
    grid.set_differing(CELLS)
    marked = render()
    mark = DIFFERING_COLOR.rgb() & 0xFFFFFF
    for cell in CELLS:
        before, after = _counts(plain, grid, cell), _counts(marked, grid, cell)
        under = max(before, key=before.__getitem__)  # the cell's own colour
        assert after.get(mark, 0) >= 20, (cell, after)  # the ring is there, in its colour
        assert after.get(under, 0) > before[under] // 2  # dashed and thin: the cell shows
        assert OVERLAY_COLOR.rgb() & 0xFFFFFF not in after  # not the mistake's orange
        assert contrast_ratio(DIFFERING_COLOR.name(), QColor(under).name()) >= 3.0
    paper, ink = palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)
    for colour in (paper, ink):
        assert contrast_ratio(DIFFERING_COLOR.name(), colour.name()) >= 3.0
    grid.set_differing(())
    assert render() == plain
