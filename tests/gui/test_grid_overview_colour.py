"""The colour grid has the black-and-white grid's overview: Zoom Out at the readable floor, when
the grid does not fit its view (a 200x200 colour puzzle scrolled at 14-pixel cells), shows the
cells only in their colours, down to a pixel a cell and below it to fit (view-only there); the
status line says the clue numbers are hidden; Zoom In comes back to the floor where it was.
The colour Solve grid's overview shows undecided cells grey."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPoint, QPointF, QSize, Qt
from PySide6.QtGui import QColor, QImage, QMouseEvent
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import WHITE, Colour, Palette, clues_of_colour_grid
from nonostudio.gui.grid.colour import ColourGrid
from nonostudio.gui.solve.colour.grid import UNKNOWN_FILL, ColourSolveGrid

PALETTE = Palette(
    (
        WHITE,
        Colour("red", "#d62728", "r"),
        Colour("blue", "#1f77b4", "b"),
        Colour("k", "#000000", "k"),
    )
)


def picture(height: int, width: int) -> tuple[tuple[int, ...], ...]:
    rng = np.random.default_rng(5)
    return tuple(tuple(int(v) for v in row) for row in rng.integers(0, 4, size=(height, width)))


def shown(
    qtbot: QtBot, height: int, width: int, view: QSize, grid: ColourGrid | None = None
) -> tuple[QScrollArea, ColourGrid, tuple[tuple[int, ...], ...], list[str]]:
    cells = picture(height, width)
    grid = grid or ColourGrid()
    area = QScrollArea()
    area.setWidget(grid)
    area.setWidgetResizable(True)
    qtbot.addWidget(area)
    area.resize(view)
    area.show()
    said: list[str] = []
    grid.hovered.connect(said.append)
    grid.set_content(PALETTE, *clues_of_colour_grid(cells), cells)
    QApplication.processEvents()
    return area, grid, cells, said


def send_mouse(
    grid: ColourGrid, kind: QMouseEvent.Type, pos: QPoint, button: Qt.MouseButton
) -> None:
    buttons = button if kind == QMouseEvent.Type.MouseButtonPress else Qt.MouseButton.NoButton
    point = QPointF(pos)
    event = QMouseEvent(
        kind, point, grid.mapToGlobal(point), button, buttons, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(grid, event)


def test_zoom_out_at_the_floor_shows_the_colour_grid_whole_without_clues(qtbot: QtBot) -> None:
    area, grid, cells, said = shown(qtbot, 120, 100, QSize(420, 360))
    assert grid.cell_size() == grid.min_cell() and grid.width() > area.viewport().width()
    grid.zoom_out()
    QApplication.processEvents()
    assert grid.is_overview() and grid.cell_size() == 2  # (100x120 in about 400x340)
    view = area.viewport().size()
    assert grid.width() <= view.width() and grid.height() <= view.height()  # seen whole
    assert "clue numbers hidden at this zoom" in said[-1] and "hidden" in grid.toolTip()
    image = QImage(grid.size(), QImage.Format.Format_RGB32)
    grid.render(image)
    for r, c in [(0, 0), (7, 3), (60, 50), (119, 99), (33, 71)]:
        want = QColor(PALETTE.colours[cells[r][c]].rgb)
        assert QColor(image.pixel(grid.cell_rect(r, c).center())) == want, (r, c)
    # a stroke still paints at two pixels a cell, in the cell under the pointer
    grid.set_current(3)
    target = next((r, c) for r in range(120) for c in range(100) if cells[r][c] != 3)
    strokes: list[object] = []
    grid.stroked.connect(lambda _before, after: strokes.append(after))
    pos = grid.cell_rect(*target).center()
    send_mouse(grid, QMouseEvent.Type.MouseButtonPress, pos, Qt.MouseButton.LeftButton)
    send_mouse(grid, QMouseEvent.Type.MouseButtonRelease, pos, Qt.MouseButton.LeftButton)
    assert len(strokes) == 1 and grid.cells()[target[0]][target[1]] == 3
    assert "clue numbers hidden" in said[-1]


def test_zoom_in_from_the_colour_overview_is_readable_where_it_was_left(qtbot: QtBot) -> None:
    area, grid, _cells, said = shown(qtbot, 120, 100, QSize(420, 360))
    bars = (area.horizontalScrollBar(), area.verticalScrollBar())
    bars[0].setValue(bars[0].maximum() * 2 // 3)
    bars[1].setValue(bars[1].maximum() // 2)
    QApplication.processEvents()
    values = [bar.value() for bar in bars]
    grid.zoom_out()
    grid.zoom_out()
    QApplication.processEvents()
    assert grid.is_overview() and grid.cell_size() == 1
    grid.zoom_in()
    QApplication.processEvents()
    assert not grid.is_overview() and grid.cell_size() == grid.min_cell()
    assert grid.toolTip() == "" and "hidden" not in said[-1]
    assert [bar.value() for bar in bars] == values


def test_below_a_pixel_the_colour_grid_fits_and_is_view_only(qtbot: QtBot) -> None:
    area, grid, cells, said = shown(qtbot, 260, 300, QSize(220, 170))
    for _ in range(4):
        grid.zoom_out()
    QApplication.processEvents()
    view, least = area.viewport().size(), grid.minimumSize()
    assert grid.is_overview() and grid.is_view_only()
    assert least.width() <= view.width() and least.height() <= view.height(), (least, view)
    assert "view only" in said[-1]
    rect = grid.cell_rect(0, 0).united(grid.cell_rect(259, 299))
    pos = QPoint(rect.left() + rect.width() * 3 // 4, rect.top() + rect.height() // 3)
    send_mouse(grid, QMouseEvent.Type.MouseMove, pos, Qt.MouseButton.NoButton)
    words = said[-1].split(":")[0].split()
    row, col = int(words[1].rstrip(",")), int(words[3])
    x, y = (pos.x() - rect.left()) / rect.width(), (pos.y() - rect.top()) / rect.height()
    assert (
        abs((col - 1) / 300 - x) <= 1 / rect.width()
        and abs((row - 1) / 260 - y) <= 1 / rect.height()
    )
    strokes: list[object] = []
    grid.stroked.connect(lambda _before, after: strokes.append(after))
    for button in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
        send_mouse(grid, QMouseEvent.Type.MouseButtonPress, pos, button)
        send_mouse(grid, QMouseEvent.Type.MouseButtonRelease, pos, button)
    assert strokes == [] and grid.cells() == cells


def test_the_colour_solve_grid_overview_shows_undecided_cells_grey(qtbot: QtBot) -> None:
    solve = ColourSolveGrid()
    area, grid, cells, said = shown(qtbot, 120, 100, QSize(420, 360), solve)
    full = solve.unknown_mask()
    decided = {(5, 5), (60, 40), (100, 90)}
    sets = tuple(
        tuple(1 << cells[r][c] if (r, c) in decided else full for c in range(100))
        for r in range(120)
    )
    solve.set_sets(PALETTE, *solve.clues(), sets)
    solve.zoom_out()
    QApplication.processEvents()
    assert solve.is_overview()
    image = QImage(solve.size(), QImage.Format.Format_RGB32)
    solve.render(image)
    for r, c in [(0, 0), (5, 5), (60, 40), (61, 40), (100, 90), (119, 99)]:
        want = QColor(PALETTE.colours[cells[r][c]].rgb) if (r, c) in decided else UNKNOWN_FILL
        assert QColor(image.pixel(solve.cell_rect(r, c).center())) == want, (r, c)
    solve.set_editable(True)
    send_mouse(
        solve, QMouseEvent.Type.MouseMove, solve.cell_rect(60, 40).center(), Qt.MouseButton.NoButton
    )
    assert said[-1].startswith("Row 61, column 41:") and "clue numbers hidden" in said[-1]


def test_a_cell_named_in_the_overview_is_not_named_again_once_left(qtbot: QtBot) -> None:
    """Zoom In from the overview clears the status line; an undo after it (new cells) does
    not bring back the words of the cell the mouse named in the overview, wherever it is now."""
    area, grid, cells, said = shown(qtbot, 120, 100, QSize(420, 360))
    grid.zoom_out()
    QApplication.processEvents()
    pos = grid.cell_rect(3, 4).center()
    send_mouse(grid, QMouseEvent.Type.MouseMove, pos, Qt.MouseButton.NoButton)
    assert said[-1].startswith("Row 4, column 5:")
    grid.zoom_in()
    QApplication.processEvents()
    assert said[-1] == ""
    changed = tuple(tuple((v + 1) % 4 for v in row) for row in cells)
    grid.set_content(PALETTE, *clues_of_colour_grid(changed), changed)  # as an undo does
    assert said[-1] == ""
