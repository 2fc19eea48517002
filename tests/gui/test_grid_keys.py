"""The black-and-white grid takes the keys the colour grid does (``MARK_KEYS``, shared): Return
and Enter fill the cursor's cell as Space does, one undo step each.  Return did nothing on the
black-and-white grids (the Editor, Solve by hand) while it painted on the colour ones."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.grid.view import GridView
from nonostudio.gui.solve.grid import SolveGridView


def _grid(qtbot: QtBot, grid: GridView) -> GridView:
    qtbot.addWidget(grid)
    grid.set_clues(((1,), (0,)), ((1,), (0,), (0,)))
    grid.show()
    grid.setFocus()
    return grid


def test_return_and_enter_fill_as_space_does_on_the_solving_grid(qtbot: QtBot) -> None:
    grid = _grid(qtbot, SolveGridView())
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_X)
    assert grid.cells()[0].tolist() == [FILLED, FILLED, CROSSED]
    assert grid.undo_stack().count() == 3
    qtbot.keyClick(grid, Qt.Key.Key_Left)
    qtbot.keyClick(grid, Qt.Key.Key_Return)  # on a filled cell it clears, as Space does
    assert grid.cells()[0].tolist() == [FILLED, UNKNOWN, CROSSED]


def test_return_paints_the_picture_in_the_editor(qtbot: QtBot) -> None:
    editor = EditorView()
    qtbot.addWidget(editor)
    editor.new_puzzle(3, 2)
    grid = editor.grid
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    qtbot.keyClick(grid, Qt.Key.Key_Return)
    assert grid.cells()[1, 0] == FILLED and np.count_nonzero(grid.cells() == FILLED) == 1
    assert editor.undo_stack().undoText() == "Filled cell"
    assert grid.clues()[0] == ((), (1,))  # the picture's clues follow
