"""A big grid can be seen whole: Zoom Out at the readable floor, when the readable grid does
not fit its view, goes on to an overview (cells smaller than readable, clue numbers hidden and
the status line saying so); Zoom In comes back to the readable floor at the same centre; a grid
whose readable view fits whole does not change."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QSize
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.render import Colors
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.grid.view import GridView


def shown(qtbot: QtBot, height: int, width: int, view: QSize) -> tuple[GridScrollArea, np.ndarray]:
    """A random ``height`` x ``width`` picture's clues in a scroll area of ``view`` pixels,
    fitted and with the picture's cells painted."""
    rng = np.random.default_rng(7)
    picture = (rng.random((height, width)) < 0.5).astype(np.int8)
    puzzle = Puzzle.from_grid(picture)
    grid = GridView()
    area = GridScrollArea(grid)
    qtbot.addWidget(area)
    area.resize(view)
    area.show()
    grid.set_clues(puzzle.rows, puzzle.cols)
    grid.set_cells(np.where(picture == 1, FILLED, UNKNOWN).astype(np.int8))
    QApplication.processEvents()
    return area, picture


def centre_cell(area: GridScrollArea) -> tuple[int, int] | None:
    view = area.viewport()
    return area.grid.cell_at(area.grid.mapFrom(view, QPoint(view.width() // 2, view.height() // 2)))


def test_zoom_out_at_the_floor_shows_the_whole_grid_without_clues(qtbot: QtBot) -> None:
    area, picture = shown(qtbot, 120, 100, QSize(420, 360))
    grid = area.grid
    assert grid.cell_size() == grid.min_cell()  # fitted: readable, too big for the view
    assert grid.width() > area.viewport().width()
    grid.zoom_out()
    QApplication.processEvents()
    assert grid.is_overview() and grid.cell_size() < grid.min_cell()
    view = area.viewport().size()
    assert grid.width() <= view.width() and grid.height() <= view.height()  # seen whole
    assert grid.clue_bands() == ((2, 2), (2, 2))  # no room for clues: the cells start at 2
    assert "clue numbers hidden at this zoom" in grid.status_text()
    assert "hidden" in grid.toolTip()
    # The painting: each cell its state's colour, nothing but the window left of the cells.
    image = QImage(grid.size(), QImage.Format.Format_RGB32)
    grid.render(image)
    colors = Colors.from_palette(grid.palette())
    cell = grid.cell_size()
    for r, c in [(3, 0), (7, 3), (60, 50), (119, 99), (33, 71)]:
        centre = grid.cell_rect(r, c).center()
        want = colors.ink if picture[r, c] == FILLED else colors.paper
        assert QColor(image.pixel(centre)) == want, (r, c)
    window = grid.palette().color(grid.backgroundRole())
    assert QColor(image.pixel(0, grid.height() // 2)) == window
    assert cell == 2  # (a 120x100 at 420x360; cell (0, 0) has the keyboard cursor)


def test_zoom_in_from_the_overview_is_readable_at_the_same_centre(qtbot: QtBot) -> None:
    area, _picture = shown(qtbot, 120, 100, QSize(420, 360))
    grid = area.grid
    area.horizontalScrollBar().setValue(area.horizontalScrollBar().maximum() * 2 // 3)
    area.verticalScrollBar().setValue(area.verticalScrollBar().maximum() // 2)
    QApplication.processEvents()
    before = centre_cell(area)
    assert before is not None
    bars = (area.horizontalScrollBar(), area.verticalScrollBar())
    values = [bar.value() for bar in bars]
    grid.zoom_out()
    QApplication.processEvents()
    assert grid.is_overview()
    grid.zoom_in()
    QApplication.processEvents()
    assert not grid.is_overview() and grid.cell_size() == grid.min_cell()
    assert "hidden" not in grid.status_text() and grid.toolTip() == ""
    after = centre_cell(area)
    assert after is not None
    assert after == before, ([bar.value() for bar in bars], values)
    assert [bar.value() for bar in bars] == values  # the very pixels seen before


def test_overview_steps_down_to_a_pixel_and_fit_leaves_it(qtbot: QtBot) -> None:
    area, _picture = shown(qtbot, 120, 100, QSize(420, 360))
    grid = area.grid
    sizes = []
    for _ in range(6):
        grid.zoom_out()
        sizes.append(grid.cell_size())
    assert sizes[-1] == 1 and sizes == sorted(sizes, reverse=True)
    grid.fit_to_window()
    QApplication.processEvents()
    assert not grid.is_overview() and grid.cell_size() == grid.min_cell()
    grid.zoom_out()
    grid.set_zoom(1.0)  # a zoom leaves the overview too
    assert not grid.is_overview() and grid.cell_size() == 24


def test_crossed_cells_show_in_the_overview(qtbot: QtBot) -> None:
    area, _picture = shown(qtbot, 120, 100, QSize(420, 360))
    grid = area.grid
    cells = np.full((120, 100), UNKNOWN, dtype=np.int8)
    cells[5, 6] = CROSSED
    grid.set_cells(cells)
    grid.zoom_out()
    assert grid.is_overview() and grid.cell_size() == 2
    image = QImage(grid.size(), QImage.Format.Format_RGB32)
    grid.render(image)
    colors = Colors.from_palette(grid.palette())
    crossed = QColor(image.pixel(grid.cell_rect(5, 6).center()))
    assert crossed != colors.paper and crossed != colors.ink
    assert QColor(image.pixel(grid.cell_rect(5, 7).center())) == colors.paper


def test_a_grid_seen_whole_and_readable_does_not_zoom_below_the_floor(qtbot: QtBot) -> None:
    area, _picture = shown(qtbot, 30, 30, QSize(900, 700))
    grid = area.grid
    grid.set_zoom(grid.min_cell() / 24)
    for _ in range(3):
        grid.zoom_out()
    assert not grid.is_overview() and grid.cell_size() == grid.min_cell()
