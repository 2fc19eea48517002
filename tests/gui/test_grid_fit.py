"""Grids fit their window: the Solve view shows a whole 25x25, 30x25 or 40x40 puzzle without
scrolling at 1280x720 and 1920x1080 (but a 40x40 at 1280x720, whose numbers would be unreadable);
clue numbers stay readable, the grid scrolling instead; zooming ends fitting and Fit to window
brings it back; the editor's grid holds still while a stroke makes the clues grow."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt, QThreadPool
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import read_file
from nonostudio.core.library import Library
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.grid.view import GridView
from nonostudio.gui.window.main_window import MainWindow


def random_puzzle(height: int, width: int, seed: int) -> Puzzle:
    rng = np.random.default_rng(seed)
    return Puzzle.from_grid(
        (rng.random((height, width)) < 0.5).astype(np.int8), title=f"random {width}x{height}"
    )


PUZZLES = {
    "25x25": lambda: read_file(samples_dir() / "webpbn-06574-forever.non"),
    "30x25": lambda: read_file(samples_dir() / "jwilk-007-vulture.non"),
    "40x40": lambda: random_puzzle(40, 40, 3),
}


@pytest.fixture
def window(qtbot: QtBot, small_library: Library, tmp_path: Path) -> Iterator[MainWindow]:
    from PySide6.QtCore import QSettings

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    yield win
    win.solve_view.cancel()
    win.check_panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(20000)


@pytest.mark.slow
@pytest.mark.parametrize("screen", [(1280, 720), (1920, 1080)], ids=["1280x720", "1920x1080"])
@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_the_solve_view_shows_the_whole_grid_without_scrolling(
    qtbot: QtBot, window: MainWindow, screen: tuple[int, int], name: str
) -> None:
    puzzle = PUZZLES[name]()
    assert f"{puzzle.width}x{puzzle.height}" == name
    window.resize(*screen)
    window.show()
    qtbot.waitExposed(window)
    window.tabs.setCurrentWidget(window.solve_view)
    window.solve_view.set_puzzle(puzzle)
    QApplication.processEvents()
    scroll = window.solve_view.ui.scroll
    grid = window.solve_view.grid
    if (name, screen) == ("40x40", (1280, 720)):
        # Random 40x40 clues run 14 numbers deep, up to 12: beside the docks at 1280x720 they
        # would fit only at 7-pixel cells, too small to read a two-digit number; the grid stays
        # at the readable size and scrolls.
        qtbot.waitUntil(lambda: scroll.verticalScrollBar().maximum() > 0, timeout=3000)
        assert grid.is_fit() and grid.cell_size() == grid.min_cell()
        return
    qtbot.waitUntil(
        lambda: (
            scroll.horizontalScrollBar().maximum() == 0
            and scroll.verticalScrollBar().maximum() == 0
        ),
        timeout=3000,
    )
    viewport = scroll.viewport().rect()
    corner = grid.mapTo(
        scroll.viewport(), grid.cell_rect(puzzle.height - 1, puzzle.width - 1).bottomRight()
    )
    assert viewport.contains(corner), "the last cell is outside the visible area"
    assert grid.cell_size() >= 10, f"cells of {grid.cell_size()} px are too small"


def test_zooming_ends_fitting_and_fit_to_window_restores_it(qtbot: QtBot) -> None:
    grid = GridView()
    area = GridScrollArea(grid)
    qtbot.addWidget(area)
    area.resize(700, 620)  # room for the reserved 15 numbers a clue and the 30 cells, readable
    area.show()
    qtbot.waitExposed(area)
    puzzle = random_puzzle(30, 30, 5)
    grid.set_clues(puzzle.rows, puzzle.cols)
    QApplication.processEvents()
    fitted = grid.cell_size()
    assert grid.is_fit() and area.verticalScrollBar().maximum() == 0
    grid.zoom_in()
    grid.zoom_in()
    QApplication.processEvents()
    assert not grid.is_fit() and grid.cell_size() > fitted
    assert area.verticalScrollBar().maximum() > 0
    grid.fit_to_window()
    QApplication.processEvents()
    assert grid.is_fit() and grid.cell_size() == fitted
    area.resize(1000, 900)  # more room: the fitted grid grows with it
    QApplication.processEvents()
    assert grid.cell_size() > fitted


def test_a_stroke_that_adds_clue_numbers_does_not_move_the_grid(qtbot: QtBot) -> None:
    grid = GridView()
    qtbot.addWidget(grid)
    grid.set_clues(((),) * 15, ((),) * 15)
    grid.show()
    qtbot.waitExposed(grid)

    def follow_picture() -> None:  # as the editor does: the clues follow the painted cells
        picture = Puzzle.from_grid((grid.cells() == 1).astype(np.int8))
        grid.set_clues(picture.rows, picture.cols)

    grid.cellsChanged.connect(follow_picture)
    moved_between_strokes = 0
    last_origin = grid.cell_rect(0, 0).topLeft()
    # Alternate rows and gaps: every stroke adds a number to each column clue it crosses.
    for row in range(0, 15, 2):
        start = grid.cell_rect(row, 0).center()
        end = grid.cell_rect(row, 14).center()
        moved_between_strokes += grid.cell_rect(0, 0).topLeft() != last_origin
        qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=start)
        origin = grid.cell_rect(0, 0).topLeft()
        qtbot.mouseMove(grid, pos=QPoint(end.x(), end.y()))
        assert grid.cell_rect(0, 0).topLeft() == origin, "the grid moved during a stroke"
        qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=end)
        last_origin = grid.cell_rect(0, 0).topLeft()
    painted = grid.cells()
    assert all((painted[r] == 1).all() for r in range(0, 15, 2)), "strokes landed on wrong rows"
    assert all((painted[r] != 1).all() for r in range(1, 15, 2))
    assert grid.clues()[1][0] == (1,) * 8
    # Room is reserved for the longest clues a 15-cell line can have: no stroke moves the grid.
    assert moved_between_strokes == 0


@pytest.mark.parametrize(("height", "width"), [(95, 80), (41, 41)])
def test_clue_numbers_stay_readable_when_a_big_puzzle_does_not_fit(
    qtbot: QtBot, height: int, width: int
) -> None:
    from PySide6.QtGui import QFontMetrics

    grid = GridView()
    area = GridScrollArea(grid)
    qtbot.addWidget(area)
    area.resize(480, 420)  # the editor's grid beside its docks at 1280x720, or less
    area.show()
    qtbot.waitExposed(area)
    rng = np.random.default_rng(7)
    # Long runs make two-digit column clues, the widest numbers a column must hold.
    goal = (rng.random((height, width)) < 0.85).astype(np.int8)
    puzzle = Puzzle.from_grid(goal)
    assert max(n for clue in puzzle.cols for n in clue) >= 10
    grid.set_clues(puzzle.rows, puzzle.cols)
    QApplication.processEvents()
    layout = grid._layout
    metrics = QFontMetrics(layout.font)
    assert layout.font.pixelSize() >= 8, f"clue numbers of {layout.font.pixelSize()} px"
    assert layout.font.pixelSize() <= layout.cell, "a row's numbers run into the next row's"
    widest = max(metrics.horizontalAdvance(str(n)) for clue in puzzle.cols for n in clue)
    assert widest + 2 <= layout.cell, "numbers of neighbouring columns touch"
    widest_row = max(metrics.horizontalAdvance(str(n)) for clue in puzzle.rows for n in clue)
    assert widest_row + 2 <= layout.row_slot_width, "numbers of one row touch"
    # It does not fit at a readable size: the area scrolls to the rest, still fitting mode.
    assert grid.is_fit() and area.verticalScrollBar().maximum() > 0
