"""An empty line's clue is 0 on the colour grids too, as on the black-and-white grid and in the
exported picture. Seen under Xvfb: r0093's first row (clue 0) had a blank clue beside it in the
colour editor and Solve by hand, while Export Picture wrote 0 there."""

from __future__ import annotations

from pictures import COLOURS
from PySide6.QtGui import QColor, QPalette
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import clues_of_colour_grid
from nonostudio.gui.grid.colour import ColourGrid


def _ink(grid: ColourGrid, x0: int, y0: int, size: int) -> int:
    """Pixels of the grid's text colour in the square at (x0, y0)."""
    image = grid.grab().toImage()
    text = grid.palette().color(QPalette.ColorRole.WindowText)
    return sum(
        QColor(image.pixel(x, y)) == text
        for x in range(x0, x0 + size)
        for y in range(y0, y0 + size)
    )


def test_an_empty_line_shows_0_beside_it(qtbot: QtBot) -> None:
    cells = ((0, 0, 0), (1, 2, 0), (0, 0, 0))  # row 1 and 3 and column 3 empty
    rows, cols = clues_of_colour_grid(cells)
    grid = ColourGrid()
    qtbot.addWidget(grid)
    grid.resize(400, 300)
    grid.set_content(COLOURS, rows, cols, cells)
    grid.show()
    qtbot.waitExposed(grid)
    c = grid.cell_size()
    first = grid.cell_rect(0, 0)
    for r in (0, 2):  # the empty rows' last clue box: a 0 drawn
        assert _ink(grid, first.left() - c, first.top() + r * c, c) > 3
    assert _ink(grid, first.left() + 2 * c, first.top() - c, c) > 3  # the empty column's
