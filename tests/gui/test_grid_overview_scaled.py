"""Below a pixel a cell: a grid that does not fit its view even at a pixel a cell (a 1000x1000 at
1280x720) is seen whole, scaled down to fit and smoothly (a half-filled area reads grey); the
pointer names the cell under it, a press or a key paints nothing (view-only, the status line says
so), and Zoom In comes back to the readable floor where it was left.  The image is made again
only when the cells or the size change."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.render import Colors
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.grid.view import GridView

# 300 columns, 260 rows in a view about 200x150: a pixel a cell (304x264) does not fit.
HEIGHT, WIDTH = 260, 300


def picture() -> np.ndarray:
    """Left third filled, middle third a checkerboard (half filled), right third empty."""
    cells = np.full((HEIGHT, WIDTH), UNKNOWN, dtype=np.int8)
    cells[:, :100] = FILLED
    rows, cols = np.indices((HEIGHT, 100))
    cells[:, 100:200] = np.where((rows + cols) % 2 == 0, FILLED, UNKNOWN)
    return cells


def shown(qtbot: QtBot) -> tuple[GridScrollArea, np.ndarray]:
    cells = picture()
    puzzle = Puzzle.from_grid((cells == FILLED).astype(np.int8))
    grid = GridView()
    area = GridScrollArea(grid)
    qtbot.addWidget(area)
    area.resize(QSize(220, 170))
    area.show()
    grid.set_clues(puzzle.rows, puzzle.cols)
    grid.set_cells(cells)
    QApplication.processEvents()
    return area, cells


def zoomed_out(area: GridScrollArea, times: int = 4) -> None:
    for _ in range(times):
        area.grid.zoom_out()
        QApplication.processEvents()


def send_mouse(grid: GridView, kind: QMouseEvent.Type, pos: QPoint, button: Qt.MouseButton) -> None:
    buttons = button if kind != QMouseEvent.Type.MouseButtonRelease else Qt.MouseButton.NoButton
    event = QMouseEvent(
        kind,
        QPointF(pos),
        grid.mapToGlobal(QPointF(pos)),
        button,
        buttons,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(grid, event)


def test_a_grid_too_big_at_a_pixel_a_cell_is_scaled_down_to_fit(qtbot: QtBot) -> None:
    area, _cells = shown(qtbot)
    grid = area.grid
    zoomed_out(area)
    view = area.viewport().size()
    least = grid.minimumSize()
    assert grid.is_overview()
    assert least.width() <= view.width() and least.height() <= view.height(), (least, view)
    assert not area.horizontalScrollBar().isVisible() and not area.verticalScrollBar().isVisible()
    # the grid as large as fits: its cells take all of the room one way (2-pixel margins)
    assert max(least.width() - view.width(), least.height() - view.height()) >= -1
    image = QImage(grid.size(), QImage.Format.Format_RGB32)
    grid.render(image)
    colors = Colors.from_palette(grid.palette())
    rect = grid.cell_rect(0, 0).united(grid.cell_rect(HEIGHT - 1, WIDTH - 1))
    y = rect.center().y()
    third = rect.width() / 3

    def at(fraction: float) -> QColor:
        return QColor(image.pixel(round(rect.left() + fraction * third), y))

    assert at(0.5) == colors.ink  # all filled
    assert at(2.5) == colors.paper  # all empty
    grey = at(1.5)  # half filled: between the two, as an average is (not a cell picked)
    ink, paper = colors.ink.lightness(), colors.paper.lightness()
    assert abs(grey.lightness() - (ink + paper) / 2) < 0.2 * abs(paper - ink), grey.name()


def test_the_pointer_names_the_cell_under_it_and_a_press_paints_nothing(qtbot: QtBot) -> None:
    area, cells = shown(qtbot)
    grid = area.grid
    zoomed_out(area)
    rect = grid.cell_rect(0, 0).united(grid.cell_rect(HEIGHT - 1, WIDTH - 1))
    assert rect.width() < WIDTH  # below a pixel a cell
    assert "view only" in grid.status_text() and "view only" in grid.toolTip().lower()
    for fx, fy in [(0.0, 0.0), (0.33, 0.5), (0.5, 0.25), (0.9, 0.95), (0.999, 0.999)]:
        pos = QPoint(rect.left() + int(fx * rect.width()), rect.top() + int(fy * rect.height()))
        send_mouse(grid, QMouseEvent.Type.MouseMove, pos, Qt.MouseButton.NoButton)
        status = grid.status_text()
        words = status.split(":")[0].split()  # "Row R, column C"
        row, col = int(words[1].rstrip(",")), int(words[3])
        # the named cell is the one the pixel shows, to within a pixel's worth of cells
        x, y = (pos.x() - rect.left()) / rect.width(), (pos.y() - rect.top()) / rect.height()
        assert abs((col - 1) / WIDTH - x) <= 1 / rect.width() + 1e-9, (pos, status)
        assert abs((row - 1) / HEIGHT - y) <= 1 / rect.height() + 1e-9, (pos, status)
        assert "view only" in status
    refused: list[str] = []
    grid.paintRefused.connect(refused.append)  # (the Solve view, without the status line, says it)
    middle = QPoint(rect.left() + rect.width() // 2, rect.top() + rect.height() // 2)
    for button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
        send_mouse(grid, QMouseEvent.Type.MouseButtonPress, middle, button)
        send_mouse(grid, QMouseEvent.Type.MouseMove, middle + QPoint(30, 0), button)
        send_mouse(grid, QMouseEvent.Type.MouseButtonRelease, middle + QPoint(30, 0), button)
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    qtbot.keyClick(grid, Qt.Key.Key_X)
    assert np.array_equal(grid.cells(), cells)
    assert grid.undo_stack().count() == 0
    assert len(refused) == 4 and all("Zoom In to paint" in words for words in refused)


def test_zoom_in_from_below_a_pixel_is_readable_where_it_was_left(qtbot: QtBot) -> None:
    area, cells = shown(qtbot)
    grid = area.grid
    bars = (area.horizontalScrollBar(), area.verticalScrollBar())
    bars[0].setValue(bars[0].maximum() // 3)
    bars[1].setValue(bars[1].maximum() * 3 // 4)
    QApplication.processEvents()
    values = [bar.value() for bar in bars]
    zoomed_out(area)
    assert grid.is_overview() and grid.cell_rect(0, 0).united(grid.cell_rect(0, 1)).width() < 2
    grid.zoom_in()
    QApplication.processEvents()
    assert not grid.is_overview() and grid.cell_size() == grid.min_cell()
    assert "view only" not in grid.status_text() and grid.toolTip() == ""
    assert [bar.value() for bar in bars] == values
    # and a cell paints again
    target = (200, 250)
    pos = grid.cell_rect(*target).center()
    send_mouse(grid, QMouseEvent.Type.MouseButtonPress, pos, Qt.MouseButton.RightButton)
    send_mouse(grid, QMouseEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.RightButton)
    assert not np.array_equal(grid.cells(), cells) and grid.undo_stack().count() == 1


def test_the_scaled_image_is_made_again_only_when_the_cells_change(qtbot: QtBot) -> None:
    area, cells = shown(qtbot)
    grid = area.grid
    zoomed_out(area)
    image = QImage(grid.size(), QImage.Format.Format_RGB32)
    grid.render(image)
    made = grid._overview_image.made
    for _ in range(3):
        grid.render(image)
    assert grid._overview_image.made == made  # repaints (a hover's) reuse both images
    cells[0, 250] = FILLED
    grid.set_cells(cells)
    grid.render(image)
    assert grid._overview_image.made == made + 2  # the cells' image and its scaled one


def test_a_new_size_in_the_overview_keeps_it_whole_and_square(qtbot: QtBot) -> None:
    area, _cells = shown(qtbot)
    grid = area.grid
    zoomed_out(area)
    assert grid.is_view_only()
    wide = Puzzle.from_grid(np.eye(120, 400, dtype=np.int8))  # (the editor's Size boxes)
    grid.set_clues(wide.rows, wide.cols)
    QApplication.processEvents()
    view, least = area.viewport().size(), grid.minimumSize()
    assert grid.is_view_only()
    assert least.width() <= view.width() and least.height() <= view.height(), (least, view)
    first, last = grid.cell_rect(0, 0), grid.cell_rect(119, 399).bottomRight()
    across, down = (last.x() + 1 - first.x()) / 400, (last.y() + 1 - first.y()) / 120
    assert abs(across - down) < 0.02, (across, down)  # the same scale both ways


def test_a_smaller_puzzle_in_the_overview_is_no_longer_said_view_only(qtbot: QtBot) -> None:
    # The overview of a grid of another size is fitted again: 40x30 cells fit the view at a
    # pixel a cell or more, so the grid paints there; the tooltip said view-only still (it was
    # set on entering the overview, and only cleared on leaving it).
    area, _cells = shown(qtbot)
    grid = area.grid
    zoomed_out(area)
    assert grid.is_view_only() and "view only" in grid.toolTip().lower()
    small = Puzzle.from_grid(np.eye(30, 40, dtype=np.int8))
    grid.set_clues(small.rows, small.cols)
    assert grid.is_overview() and not grid.is_view_only()
    assert grid.toolTip() and "view only" not in grid.toolTip().lower()
    assert "view only" not in grid.status_text() and "clue numbers hidden" in grid.status_text()
    grid.zoom_in()
    assert not grid.is_overview() and grid.toolTip() == ""
    assert "clue numbers hidden" not in grid.status_text()
