"""The status of a hatched cell of the colour grid: line logic leaves it undecided (drawn on
the background), and the status said the background's colour ("Row 1, column 2: white", seen
under Xvfb on r0001.xml, several pictures); it says unknown, as the black-and-white grid does.
With the cell, the status names its row's and column's clues, as the black-and-white grid's does
("row clue 2 1"), in the colour steps' words (``2 red, 1 blue``); they were not named."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import WHITE, Colour, Palette
from nonostudio.gui.grid.colour import ColourGrid

RED = Colour("red", "#d62728", "r")
BLUE = Colour("blue", "#1f77b4", "b")


def _hover(grid: ColourGrid, row: int, col: int) -> None:
    pos = QPointF(grid.cell_rect(row, col).center())
    event = QMouseEvent(
        QMouseEvent.Type.MouseMove,
        pos,
        grid.mapToGlobal(pos),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(grid, event)


def test_a_hatched_cell_is_said_unknown_not_white(qtbot: QtBot) -> None:
    # 4x2, red on either diagonal of the left square (two pictures), a blue column on the right:
    # line logic decides the blue column and the empty one, the red square stays undecided
    row = ((1, 1), (1, 2))
    cols = (((1, 1),), ((1, 1),), (), ((2, 2),))
    grid = ColourGrid()
    qtbot.addWidget(grid)
    grid.resize(400, 300)
    grid.show()
    grid.set_content(Palette((WHITE, RED, BLUE)), (row, row), cols, ((0, 0, 0, 2), (0, 0, 0, 2)))
    grid.set_undecided(frozenset({(0, 0), (0, 1), (1, 0), (1, 1)}))
    grid.set_editable(False)
    said: list[str] = []
    grid.hovered.connect(said.append)
    _hover(grid, 0, 1)
    clues = " \u2014 row clue 1 red, 1 blue; column clue"  # (in the steps' words)
    assert said[-1] == f"Row 1, column 2: unknown (line logic leaves it open){clues} 1 red"
    _hover(grid, 0, 2)  # decided white, and blue
    assert said[-1] == f"Row 1, column 3: white{clues} 0"  # (a blank clue is said 0)
    _hover(grid, 1, 3)
    assert said[-1] == f"Row 2, column 4: blue{clues} 2 blue"
