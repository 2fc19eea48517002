"""Colour Solve by hand marks a cell that only differs from one picture of several as black and
white does (c51cb6b): Check rang it in the mistake's orange though its words say it may be
right.  Now it gets the calm dashed teal ring, over a white halo so the mark carries its own
contrast on any palette colour (teal alone is lost on a teal cell, and a mid-grey one is near 2:1
against both teal and white), and the next move takes it away."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette
from nonostudio.core.contrast import contrast_ratio
from nonostudio.gui.grid.view import DIFFERING_COLOR, OVERLAY_COLOR
from nonostudio.gui.solve.colour.grid import HALO, ColourSolveGrid
from nonostudio.gui.solve.colour.view import ColourSolveView

sys.path.insert(0, str(Path(__file__).parent))
from colour_pictures import PICTURE, PUZZLE  # noqa: E402

#: Cells the mark is hardest to see on: the mark's own teal, a near-black, a mid grey (about
#: 2:1 against both teal and white) and the white background.
HARD = Palette(
    (
        WHITE,
        Colour("teal", DIFFERING_COLOR.name(), "t"),
        Colour("ink", "#101010", "k"),
        Colour("grey", "#9a9a9a", "g"),
    )
)


def _rgb(colour: QColor | str) -> int:
    return QColor(colour).rgb() & 0xFFFFFF


def _counts(image: QImage, grid: QWidget, cell: tuple[int, int]) -> dict[int, int]:
    assert isinstance(grid, ColourSolveGrid)
    rect = grid.cell_rect(*cell).adjusted(2, 2, -2, -2)
    seen: dict[int, int] = {}
    for y in range(rect.top(), rect.bottom() + 1):
        for x in range(rect.left(), rect.right() + 1):
            rgb = image.pixel(x, y) & 0xFFFFFF
            seen[rgb] = seen.get(rgb, 0) + 1
    return seen


def test_a_differing_cell_has_the_calm_mark_on_every_colour(qtbot: QtBot) -> None:
    grid = ColourSolveGrid()
    qtbot.addWidget(grid)
    rows = (((1, 1), (1, 2)), ((1, 3),))  # (the clues only frame the cells)
    cols = (((1, 1), (1, 3)), ((1, 2),))
    sets = ((1 << 1, 1 << 2), (1 << 3, 1 << 0))  # teal, ink / grey, white
    grid.set_sets(HARD, rows, cols, sets)
    grid.resize(grid.sizeHint())
    assert grid.cell_size() >= 16

    def render() -> QImage:
        image = QImage(grid.size(), QImage.Format.Format_RGB32)
        grid.render(image)
        return image

    plain = render()
    cells = [(0, 0), (0, 1), (1, 0), (1, 1)]
    grid.set_mistakes(cells, sure=False)
    assert grid.differing() == set(cells) and grid.mistakes() == frozenset()
    marked = render()
    teal, white = _rgb(DIFFERING_COLOR), _rgb(HALO)
    assert contrast_ratio(DIFFERING_COLOR.name(), HALO.name()) >= 3.0  # the mark's own contrast
    for (r, c), index in zip(cells, (1, 2, 3, 0), strict=True):
        under = _rgb(HARD[index].rgb)
        before, after = _counts(plain, grid, (r, c)), _counts(marked, grid, (r, c))
        assert _rgb(OVERLAY_COLOR) not in after, (r, c)  # not the mistake's orange
        assert after.get(under, 0) > before[under] // 3, (r, c)  # the cell still shows
        # teal dashes and the white halo both, where the cell's colour was (on the teal cell
        # the halo is what shows; on the white one the teal)
        assert after.get(teal, 0) - before.get(teal, 0) >= 10 or under == teal, (r, c, after)
        assert after.get(white, 0) - before.get(white, 0) >= 10 or under == white, (r, c)
    grid.set_mistakes(cells)  # sure: the orange ring, and no calm mark
    assert grid.mistakes() == set(cells) and grid.differing() == frozenset()
    grid.set_mistakes(())
    assert render() == plain


def test_check_against_the_picture_only_marks_calmly_until_the_next_move(qtbot: QtBot) -> None:
    """The trace not yet known, cells are judged against the file's picture, which may not be
    the only one: Check's words say 'differs' and the grid no longer rings the cell orange, and
    a hint does not ask to fix it first."""
    goal = ColourPuzzle(PUZZLE.palette, PUZZLE.rows, PUZZLE.cols, goal=PICTURE)
    v = ColourSolveView(delay_ms=60_000)  # the trace does not start during the test
    qtbot.addWidget(v)
    v.resize(900, 600)
    v.show()
    v.set_puzzle(goal)
    v.set_hand_mode(True)
    v.pick_colour(2)  # blue
    grid = v.grid
    for cell in ((0, 0), (0, 1)):  # white in the picture, then blue
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(*cell).center())
    assert v.check_mistakes() == [(0, 0)]
    assert "differs" in v.ui.message_label.text()
    assert grid.differing() == {(0, 0)} and grid.mistakes() == frozenset()
    # a hint asked for does not call it a mistake to fix first, nor ring it (it said 'Fix the
    # mistake first: row 1, column 1 is not marked with the colour the puzzle's picture has
    # there', ringed orange): it is looked for from the player's cells, as in black and white
    v.request_hint()
    assert v.ui.message_label.text() == "Looking for a hint…"
    assert grid.mistakes() == frozenset()
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(1, 0).center())
    assert grid.differing() == frozenset()  # the next move takes the mark away
    v.cancel()
