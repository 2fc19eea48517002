"""A big colour puzzle's grid is painted in the colour editor: its clues when it opens, its cells
when scrolled to the middle.  Seen under Xvfb at 1024x600 on an 80x80 puzzle: the editor showed
an empty white area, scrolled or fitted.  The room kept for longer clues (half a line's cells of
boxes, wider than the view) was pinned over the cells when scrolled and was all the view showed
when opened; column clues taller than the view, pinned, covered every cell."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pictures import COLOURS
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QScrollArea
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import BACKGROUND, ColourPuzzle, clues_of_colour_grid
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.grid.colour import Cells, ColourGrid

SIZE = 80


def blocks(size: int = SIZE) -> Cells:
    """A picture of 8x8 blocks in the three colours and the background: short clues."""
    return tuple(
        tuple((r // 8 * 3 + c // 8 * 5 + r // 8 * (c // 8)) % 4 for c in range(size))
        for r in range(size)
    )


def shown_colours(area: QScrollArea) -> set[str]:
    """The palette colours (not the background) the scroll area's view shows."""
    QApplication.processEvents()
    image = area.viewport().grab().toImage()
    wanted = {QColor(c.rgb).rgb(): c.rgb for c in COLOURS.colours[1:]}
    return {
        wanted[image.pixel(x, y)]
        for x in range(0, image.width(), 3)
        for y in range(0, image.height(), 3)
        if image.pixel(x, y) in wanted
    }


def check_middle_cell(area: QScrollArea, grid: ColourGrid) -> None:
    """Scrolled to the middle cell, the cell at the centre of the view is there (not under a
    pinned clue) and painted in its colour."""
    viewport = area.viewport()
    middle = grid.cell_rect(SIZE // 2, SIZE // 2).center()
    for bar, at, length in (
        (area.horizontalScrollBar(), middle.x(), viewport.width()),
        (area.verticalScrollBar(), middle.y(), viewport.height()),
    ):
        assert bar.maximum() > 0, "the grid must scroll both ways"
        bar.setValue(at - length // 2)
    QApplication.processEvents()
    centre = grid.mapFrom(viewport, QPoint(viewport.width() // 2, viewport.height() // 2))
    cell = grid.cell_at(centre)
    assert cell is not None, "a clue strip is pinned over the middle of the view"
    image = viewport.grab().toImage()
    at = grid.mapTo(viewport, grid.cell_rect(*cell).center())
    rgb = grid.palette_()[grid.cells()[cell[0]][cell[1]]].rgb
    assert QColor(image.pixel(at)) == QColor(rgb)


@pytest.fixture
def editor(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> Iterator[ColourEditorView]:
    # No search for the picture of clues only: the clues as they stay with several solutions.
    monkeypatch.setattr(ColourEditorView, "_search_picture", lambda *_args: None)
    view = ColourEditorView()
    qtbot.addWidget(view)
    view.resize(700, 500)  # a view much smaller than the grid, as at 1024x600
    view.show()
    qtbot.waitExposed(view)
    yield view


def test_a_big_colour_picture_shows_its_clues_when_opened_and_its_cells_scrolled(
    qtbot: QtBot, editor: ColourEditorView
) -> None:
    picture = blocks()
    rows, cols = clues_of_colour_grid(picture)
    editor.set_puzzle(ColourPuzzle(COLOURS, rows, cols, goal=picture))
    area = editor.grid_scroll
    assert editor.grid.is_editable()
    qtbot.waitUntil(lambda: area.horizontalScrollBar().value() > 0, timeout=5000)
    # the clues' boxes are in view, not the empty room kept before them for longer clues
    assert len(shown_colours(area)) == 3
    check_middle_cell(area, editor.grid)


def test_big_clues_with_no_picture_show_when_opened_and_their_cells_scrolled(
    qtbot: QtBot, editor: ColourEditorView
) -> None:
    rows, cols = clues_of_colour_grid(blocks())
    editor.set_puzzle(ColourPuzzle(COLOURS, rows, cols))  # clues only, kept as they are
    area = editor.grid_scroll
    assert not editor.grid.is_editable()
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    QApplication.processEvents()
    assert len(shown_colours(area)) == 3
    # line logic's cells, as the editor shows them for clues with several solutions
    decided = tuple(
        tuple(v if (r + c) % 3 else BACKGROUND for c, v in enumerate(row))
        for r, row in enumerate(blocks())
    )
    editor.grid.set_content(COLOURS, rows, cols, decided)
    check_middle_cell(area, editor.grid)


def test_column_clues_taller_than_the_view_are_not_pinned_over_the_cells(qtbot: QtBot) -> None:
    """Every column a run of one cell a row (80 clue boxes, far taller than the view): pinned
    at the top, they covered the whole view."""
    picture = tuple(tuple(1 + (r + c // 8) % 2 for c in range(SIZE)) for r in range(SIZE))
    rows, cols = clues_of_colour_grid(picture)
    grid = ColourGrid()
    area = QScrollArea()
    area.setWidget(grid)
    area.setWidgetResizable(True)
    qtbot.addWidget(area)
    area.resize(480, 400)
    grid.set_content(COLOURS, rows, cols, picture)
    area.show()
    qtbot.waitExposed(area)
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() > 0, timeout=5000)
    assert grid.origin().y() > area.viewport().height()
    check_middle_cell(area, grid)
