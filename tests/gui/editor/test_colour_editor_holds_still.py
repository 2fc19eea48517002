"""The colour editor's grid holds still while the user draws, as the black-and-white one does:
strokes that make the clues grow change neither the cell size nor the grid's place (under Xvfb
the grid moved down and right after each stroke that added a clue box, so the next stroke,
aimed at the picture as it was, landed a cell off)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import BLACK, WHITE, Colour, Palette
from nonostudio.gui.editor.colour.view import ColourEditorView

PALETTE = Palette((WHITE, BLACK, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
SIZE = 15


def strokes() -> list[tuple[int, tuple[int, int], tuple[int, int]]]:
    """(colour, start cell, end cell): runs and dots that give rows and columns up to four
    clue boxes each, in three colours."""
    out = [(1 + r % 3, (r, 0), (r, 3)) for r in range(0, SIZE, 2)]
    out += [(1 + c % 3, (r, c), (r, c)) for r in range(1, 8, 2) for c in (5, 7, 9)]
    out += [(2, (0, 12), (6, 12)), (3, (8, 14), (14, 14))]
    return out


def test_strokes_that_grow_the_colour_clues_move_nothing(qtbot: QtBot) -> None:
    editor = ColourEditorView()
    qtbot.addWidget(editor)
    editor.resize(900, 700)
    editor.show()
    qtbot.waitExposed(editor)
    editor.new_puzzle(SIZE, SIZE, PALETTE)
    QApplication.processEvents()
    grid = editor.grid

    def place() -> tuple[int, QPoint]:
        return grid.cell_size(), grid.mapTo(editor, grid.cell_rect(0, 0).topLeft())

    first = place()
    expected = [[0] * SIZE for _ in range(SIZE)]
    for colour, (r0, c0), (r1, c1) in strokes():
        grid.set_current(colour)
        qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r0, c0).center())
        qtbot.mouseMove(grid, pos=grid.cell_rect(r1, c1).center())
        qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r1, c1).center())
        QApplication.processEvents()
        assert place() == first, f"the grid moved after the stroke {(r0, c0)}-{(r1, c1)}"
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                expected[r][c] = colour
    assert [list(row) for row in grid.cells()] == expected, "a stroke landed off its cells"
    rows, cols = grid.clues()
    assert max(map(len, rows)) >= 3 and max(map(len, cols)) >= 4  # the clues did grow
