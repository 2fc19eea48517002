"""A scrolled grid paints each pinned clue strip, and the view itself, from only the part of its
picture that shows there: the pixels are the very ones the whole picture, painted unclipped and
moved into each strip, gives — for the black-and-white grid (cells filled and crossed, a step's
marks) and the colour grid (cells decided and pencil-marked), at the start and scrolled."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.grid.pinned import paint_pinned, visible_rect
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.solve.colour.grid import ColourMarks, ColourSolveGrid
from nonostudio.gui.solve.grid import SolveGridView, StepMarks

# scrolled to: the start, a little way in, the middle, the far end both ways
PLACES = ((0, 0), (0.05, 0.3), (0.5, 0.5), (1.0, 1.0))


def whole_picture(grid: SolveGridView | ColourSolveGrid, form: QImage.Format) -> QImage:
    """The grid's whole picture, unclipped, then again whole into each pinned strip, on the
    window's colour (the colour grid paints no background of its own) in an image of the
    screen's ``form`` (half-transparent marks blend alike)."""
    window = grid.palette().color(QPalette.ColorRole.Window)
    image = QImage(grid.size(), form)
    image.fill(window)
    painter = QPainter(image)
    try:
        if isinstance(grid, SolveGridView):
            faint: tuple[set[int], set[int]] = (set(), set())
            grid._paint(painter, None, faint)
            rows, cols = grid._clue_bands()
            paint_pinned(
                painter,
                visible_rect(grid),
                rows,
                cols,
                lambda p, _region: grid._paint(p, None, faint),
                window,
            )
        else:
            grid._paint_all(painter, None)  # (with the keyboard cursor, over the marks)
            o = grid.origin()
            paint_pinned(
                painter,
                visible_rect(grid),
                (0, o.x()),
                (0, o.y()),
                lambda p, _region: grid._paint_all(p, None),
                window,
            )
    finally:
        painter.end()
    return image


def check_places(qtbot: QtBot, area: QScrollArea, grid: SolveGridView | ColourSolveGrid) -> None:
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    h_bar, v_bar = area.horizontalScrollBar(), area.verticalScrollBar()
    assert h_bar.maximum() > 0
    viewport = area.viewport()
    for x, y in PLACES:
        h_bar.setValue(round(x * h_bar.maximum()))
        v_bar.setValue(round(y * v_bar.maximum()))
        QApplication.processEvents()
        seen = viewport.grab().toImage()
        at = grid.mapFrom(viewport, QPoint(0, 0))
        shown = QRect(at, viewport.size()).intersected(grid.rect())
        expected = whole_picture(grid, seen.format()).copy(shown)
        got = seen.copy(QRect(grid.mapTo(viewport, shown.topLeft()), shown.size()))
        assert got == expected, f"scrolled to {(x, y)}: the pixels differ"


def test_the_pinned_black_and_white_grid_paints_the_whole_pictures_pixels(
    qtbot: QtBot,
) -> None:
    rng = np.random.default_rng(4)
    blocks = (rng.random((20, 18)) < 0.5).astype(np.int8)
    puzzle = Puzzle.from_grid(np.kron(blocks, np.ones((3, 3), dtype=np.int8)))
    grid = SolveGridView()
    area = GridScrollArea(grid)
    qtbot.addWidget(area)
    area.resize(520, 420)
    grid.set_clues(puzzle.rows, puzzle.cols)
    cells = rng.choice([0, FILLED, CROSSED], size=(puzzle.height, puzzle.width)).astype(np.int8)
    grid.set_cells(cells)
    grid.set_marks(StepMarks("row", 30, (10, 40), frozenset((30, c) for c in range(12, 30)), (0,)))
    grid.set_mistakes([(5, 5), (40, 50)])
    area.show()
    qtbot.waitExposed(area)
    check_places(qtbot, area, grid)


COLOURS = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))


@pytest.mark.parametrize("pencil", [False, True])
def test_the_pinned_colour_grid_paints_the_whole_pictures_pixels(
    qtbot: QtBot, pencil: bool
) -> None:
    rng = np.random.default_rng(6)
    blocks = rng.integers(0, len(COLOURS), size=(12, 11))
    picture = np.kron(blocks, np.ones((4, 4), dtype=int))
    rows, cols = clues_of_colour_grid(picture.tolist())
    puzzle = ColourPuzzle(COLOURS, rows, cols)
    full = COLOURS.all_mask
    choices = [full, 0b011, 0b110, 1, 2, 4] if pencil else [1, 2, 4]
    sets = tuple(tuple(int(rng.choice(choices)) for _ in cols) for _ in rows)
    grid = ColourSolveGrid()
    area = QScrollArea()
    area.setWidget(grid)
    area.setWidgetResizable(True)
    qtbot.addWidget(area)
    area.resize(480, 400)
    grid.set_sets(puzzle.palette, puzzle.rows, puzzle.cols, sets)
    grid.set_marks(ColourMarks("column", 20, frozenset((r, 20) for r in range(8, 30)), (0,)))
    area.show()
    qtbot.waitExposed(area)
    check_places(qtbot, area, grid)
