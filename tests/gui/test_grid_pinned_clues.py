"""A grid too big for its view scrolls with its clues pinned, as a spreadsheet pins its headers:
scrolled down, the column clues stay at the top of the view; scrolled right, the row clues stay
at its left; a press on a pinned clue is not a press on the cell under it.  The black-and-white
and the colour grids alone and in the editor and the Solve view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from pictures import COLOURS, big_colour_puzzle
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QImage
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.trace import ColourTrace
from nonostudio.core.formats import write_file
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.render import READABLE_PX
from nonostudio.gui.grid.colour import MAX_CELL, ColourGrid
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.grid.view import GridView
from nonostudio.gui.solve.colour.grid import ColourSolveGrid
from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.window.main_window import MainWindow


def big_puzzle(height: int = 41, width: int = 41, seed: int = 7) -> Puzzle:
    rng = np.random.default_rng(seed)
    grid = (rng.random((height, width)) < 0.55).astype(np.int8)
    return Puzzle.from_grid(grid, title=f"random {width}x{height}")


def seen(area: QScrollArea) -> QImage:
    """What the scroll area's viewport shows."""
    QApplication.processEvents()
    return area.viewport().grab().toImage()


def band(image: QImage, rect: QRect) -> QImage:
    return image.copy(rect)


def scroll_to(area: QScrollArea, x: int, y: int) -> None:
    area.horizontalScrollBar().setValue(x)
    area.verticalScrollBar().setValue(y)
    QApplication.processEvents()


def check_pinned(area: QScrollArea, grid: GridView | ColourGrid) -> None:
    """Scrolled to the far end each way, the view shows the clue strips it showed at the start
    (the clues there are, not the room an editor keeps before them for longer ones)."""
    h_bar, v_bar = area.horizontalScrollBar(), area.verticalScrollBar()
    assert h_bar.maximum() > 0 and v_bar.maximum() > 0, "the grid must scroll both ways"
    viewport = area.viewport()
    left, top = grid.cell_rect(0, 0).left(), grid.cell_rect(0, 0).top()
    assert left < viewport.width() and top < viewport.height()
    covered = grid.pinned_size()
    across, down = covered.width(), covered.height()
    assert 0 < across <= left and 0 < down <= top, "both clue strips are pinned"
    column_start = QRect(left, top - down, viewport.width() - left, down)  # right of the corner
    row_start = QRect(left - across, top, across, viewport.height() - top)
    # scrolled to the end, the clues are pinned to the view's edge (or, when the grid scrolls
    # less than the room an editor keeps before them, still short of it)
    column_strip = column_start.translated(0, -min(column_start.top(), v_bar.maximum()))
    row_strip = row_start.translated(-min(row_start.left(), h_bar.maximum()), 0)
    scroll_to(area, 0, 0)
    start = seen(area)

    scroll_to(area, 0, v_bar.maximum())  # down: the column clues are still at the top
    down_seen = seen(area)
    assert band(down_seen, column_strip) == band(start, column_start)
    assert band(down_seen, row_start) != band(start, row_start)  # other rows, their own clues

    scroll_to(area, h_bar.maximum(), 0)  # right: the row clues are still at the left
    right = seen(area)
    assert band(right, row_strip) == band(start, row_start)
    assert band(right, column_start) != band(start, column_start)

    scroll_to(area, h_bar.maximum(), v_bar.maximum())  # both: the corner stays blank
    both = seen(area)
    corner = band(both, QRect(row_strip.left(), column_strip.top(), across - 2, down - 2))
    assert corner == band(start, QRect(left - across, top - down, across - 2, down - 2))
    # ... and the clues beside it are those of the last rows and columns, as they were there
    assert band(both, column_strip) == band(right, column_start)
    assert band(both, row_strip) == band(down_seen, row_start)


@pytest.fixture
def scrolled(qtbot: QtBot) -> Iterator[tuple[GridScrollArea, GridView]]:
    puzzle = big_puzzle(60, 60)
    grid = GridView()
    grid.set_reserve_clue_room(False)
    area = GridScrollArea(grid)
    qtbot.addWidget(area)
    area.resize(480, 400)
    grid.set_clues(puzzle.rows, puzzle.cols)
    area.show()
    qtbot.waitExposed(area)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    yield area, grid


def test_the_clues_stay_in_view_while_the_grid_scrolls(
    scrolled: tuple[GridScrollArea, GridView],
) -> None:
    area, grid = scrolled
    assert grid.cell_size() == grid.min_cell()  # a 60x60 does not fit: it scrolls
    check_pinned(area, grid)


# A press on a clue is not the grid's to take (qtbot warns that the grid did not accept it).
@pytest.mark.qt_log_ignore("Mouse event .* not accepted by receiving widget")
def test_a_press_on_a_pinned_clue_paints_no_cell(
    qtbot: QtBot, scrolled: tuple[GridScrollArea, GridView]
) -> None:
    area, grid = scrolled
    scroll_to(area, area.horizontalScrollBar().maximum(), area.verticalScrollBar().maximum())
    viewport_origin = grid.mapFrom(area.viewport(), QPoint(0, 0))
    first = grid.cell_rect(0, 0)
    # A cell lies under each of these points, each covered by a pinned clue strip.
    under_column_clues = viewport_origin + QPoint(first.left() + 30, first.top() // 2)
    under_row_clues = viewport_origin + QPoint(first.left() // 2, first.top() + 30)
    for pos in (under_column_clues, under_row_clues):
        assert grid.cell_at(pos) is None
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=pos)
    assert not (grid.cells() != UNKNOWN).any()
    # A visible cell is still painted.
    cell = grid.cell_at(viewport_origin + QPoint(first.left() + 30, first.top() + 30))
    assert cell is not None
    qtbot.mouseClick(
        grid,
        Qt.MouseButton.LeftButton,
        pos=viewport_origin + QPoint(first.left() + 30, first.top() + 30),
    )
    assert int((grid.cells() != UNKNOWN).sum()) == 1 and grid.cells()[cell] != UNKNOWN


def scroll_area_of(widget: QWidget) -> QScrollArea:
    area = widget.parentWidget().parentWidget()  # the viewport's scroll area
    assert isinstance(area, QScrollArea)
    return area


# A press on a clue is not the grid's to take (qtbot warns that the grid did not accept it).
@pytest.mark.qt_log_ignore("Mouse event .* not accepted by receiving widget")
def test_the_colour_grid_pins_its_clues(qtbot: QtBot) -> None:
    puzzle = big_colour_puzzle()
    grid = ColourGrid()
    area = QScrollArea()
    area.setWidget(grid)
    area.setWidgetResizable(True)  # as the colour editor has it
    qtbot.addWidget(area)
    area.resize(480, 400)
    cells = tuple((0,) * puzzle.width for _ in range(puzzle.height))
    grid.set_content(puzzle.palette, puzzle.rows, puzzle.cols, cells)
    area.show()
    qtbot.waitExposed(area)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    check_pinned(area, grid)

    strokes: list[object] = []
    grid.stroked.connect(lambda before, after: strokes.append(after))
    origin = grid.mapFrom(area.viewport(), QPoint(0, 0))  # scrolled to the far end both ways
    first = grid.cell_rect(0, 0)
    under_column_clues = origin + QPoint(first.left() + 30, first.top() // 2)
    assert grid.cell_at(under_column_clues) is None
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=under_column_clues)
    assert strokes == []


@pytest.mark.parametrize("colour", [False, True], ids=["black-and-white", "colour"])
@pytest.mark.parametrize("view", ["editor", "solve"])
def test_the_editors_and_solve_views_pin_the_clues(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, view: str, colour: bool
) -> None:
    path = tmp_path / ("big.xml" if colour else "big.non")
    puzzle = big_colour_puzzle(36, 32) if colour else big_puzzle(60, 50)
    write_file(puzzle, path, with_solution=False)
    assert window.files.open_file(path, ask=False)
    grid: GridView | ColourGrid
    if view == "solve":
        window.tabs.setCurrentIndex(1)
        if colour:
            found = window.findChild(ColourSolveGrid)
            assert found is not None and found.isVisible()
            grid = found
            # the steps beside it (a first start at 1280x720 folds them away, and the grid
            # then fits the width): the grid scrolls both ways
            solve_view = window.findChild(ColourSolveView)
            assert solve_view is not None
            solve_view.set_steps_shown(True)
        else:
            grid = window.solve_view.ui.grid
    else:
        grid = window.files.colour_editor.grid if colour else window.editor.grid
        if colour:  # its picture found, the grid keeps room for longer clues: it moves then
            editor = window.files.colour_editor
            qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    area = scroll_area_of(grid)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    QApplication.processEvents()  # the tab's first show folds its steps pane away (narrow)
    check_pinned(area, grid)


def test_a_three_digit_colour_clue_stays_inside_its_box(qtbot: QtBot) -> None:
    """The colour grid's floor is the black-and-white grid's: numbers of at least
    ``READABLE_PX`` pixels that fit their box, at any cell size.  At 32-pixel cells (a 106-wide
    puzzle on a wide screen) a 3-digit number at 19 pixels did not fit its box and was cut off
    at both edges."""
    long = 105
    rows = (((1, 1), (long, 2)),) * 2  # a red 1 beside a blue 105, in both rows
    cols = (((2, 1),), *(((2, 2),),) * long)
    grid = ColourGrid()
    qtbot.addWidget(grid)
    grid.set_content(COLOURS, rows, cols, ((0,) * (long + 1),) * 2)
    grid.resize(8 + MAX_CELL * (2 + long + 1), 8 + MAX_CELL * (2 + 1))  # the biggest cells
    grid.show()
    qtbot.waitExposed(grid)
    cell = grid.cell_size()
    assert cell == MAX_CELL
    font = grid.clue_font()
    assert font.pixelSize() >= READABLE_PX
    assert QFontMetrics(font).horizontalAdvance(str(long)) <= cell - 2
    image = grid.grab().toImage()
    box = grid.cell_rect(0, 0).translated(-cell, 0)  # the 105's box, left of the row's cells
    blue = image.pixel(box.left() + 2, box.top() + 2)
    assert QColor(blue) == QColor(COLOURS[2].rgb)
    inside = [
        {image.pixel(x, y) for y in range(box.top() + 2, box.bottom())}
        for x in range(box.left() + 1, box.right())  # short of the grid's border line
    ]
    assert inside[0] == inside[-1] == {blue}, "the 105 is cut off at the edges of its box"
    assert any(len(column) > 1 for column in inside)  # and it is there


def test_the_colour_solve_view_scrolls_a_step_clear_of_the_pinned_clues(
    big_colour_solve_view: tuple[ColourSolveView, ColourTrace],
) -> None:
    """Going to a step scrolls its line into sight, and not under the clues pinned over the
    view's top or left edge."""
    view, trace = big_colour_solve_view
    area, grid = view.ui.scroll, view.grid
    viewport = area.viewport()
    for axis in ("row", "column"):
        k = next(k for k, s in enumerate(trace.steps) if s.axis == axis and s.index < 3)
        scroll_to(area, area.horizontalScrollBar().maximum(), area.verticalScrollBar().maximum())
        view.go_to(k + 1)  # the position after step k marks step k
        QApplication.processEvents()
        assert grid.marks().axis == axis and grid.marks().index == trace.steps[k].index
        line = grid.line_rect(axis, trace.steps[k].index)
        on_view = QRect(grid.mapTo(viewport, line.topLeft()), line.size())
        clues = grid.origin()
        if axis == "row":
            assert clues.y() <= on_view.top() and on_view.bottom() < viewport.height()
        else:
            assert clues.x() <= on_view.left() and on_view.right() < viewport.width()


def test_the_editors_room_for_longer_clues_is_not_pinned(qtbot: QtBot) -> None:
    """In the editor's Draw mode the grid keeps room for the longest clues its size allows;
    scrolled, only the clues there are pinned (with a margin), not that empty room, which would
    cover the cells for nothing."""
    rng = np.random.default_rng(11)
    blocks = (rng.random((15, 15)) < 0.5).astype(np.int8)
    puzzle = Puzzle.from_grid(np.kron(blocks, np.ones((4, 4), dtype=np.int8)))  # short clues
    grid = GridView()  # the room for longer clues kept, as in Draw mode
    area = GridScrollArea(grid)
    qtbot.addWidget(area)
    area.resize(560, 460)
    grid.set_clues(puzzle.rows, puzzle.cols)
    area.show()
    qtbot.waitExposed(area)
    qtbot.waitUntil(lambda: area.horizontalScrollBar().maximum() > 0, timeout=5000)
    first = grid.cell_rect(0, 0)
    assert first.left() < area.viewport().width()
    longest = max(len(clue) for clue in puzzle.rows)
    slot = (
        grid.cell_rect(0, 1).left() - first.left()
    )  # a row clue number's slot is as wide or wider
    assert longest < (puzzle.width + 1) // 2  # room is kept for more numbers than there are
    scroll_to(area, 0, 0)
    start = seen(area)
    scroll_to(area, area.horizontalScrollBar().maximum(), 0)
    right = seen(area)
    origin = grid.mapFrom(area.viewport(), QPoint(0, 0))
    # the pinned strip: as wide as the longest row clue and a margin, then cells again
    across = next(
        (x for x in range(first.left()) if grid.cell_at(origin + QPoint(x, first.top() + 2))), None
    )
    assert across is not None, "the room kept for longer clues is pinned over the cells"
    assert longest * slot <= across < first.left() // 2
    strip = QRect(0, first.top(), across, area.viewport().height() - first.top())
    assert band(right, strip) == band(start, strip.translated(first.left() - across, 0))


def test_the_keyboard_cursor_is_scrolled_into_sight_clear_of_the_clues(
    qtbot: QtBot, scrolled: tuple[GridScrollArea, GridView]
) -> None:
    area, grid = scrolled
    viewport = area.viewport()
    grid.setFocus()

    def on_view() -> QRect:
        rect = grid.cell_rect(*grid.cursor_cell())
        return QRect(grid.mapTo(viewport, rect.topLeft()), rect.size())

    def clear_of_the_clues() -> None:
        QApplication.processEvents()
        rect = on_view()
        assert viewport.rect().contains(rect)
        # not under a pinned strip: the cell is what the grid shows there
        assert grid.cell_at(grid.mapFrom(viewport, rect.center())) == grid.cursor_cell()

    qtbot.keyClick(grid, Qt.Key.Key_End)  # the last column, far right
    assert grid.cursor_cell() == (0, 59)
    clear_of_the_clues()
    for _ in range(59):
        qtbot.keyClick(grid, Qt.Key.Key_Down)
    clear_of_the_clues()
    qtbot.keyClick(grid, Qt.Key.Key_Home)  # back to the first column: scrolled back left
    clear_of_the_clues()
    for _ in range(59):
        qtbot.keyClick(grid, Qt.Key.Key_Up)
    assert grid.cursor_cell() == (0, 0)
    clear_of_the_clues()
