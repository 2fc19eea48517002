"""The status line after an undo or a redo: it names the cell under the mouse (or the cursor's)
as the grid has it now.  On the colour grid it kept the words of the picture before the undo
("Row 1, column 1: black — row clue 1 black; column clue 1 black" over a blank grid, seen under
Xvfb) until the mouse moved: the colour grid said a cell only when the mouse or a key did.  The
black-and-white grid says its cell again whenever its cells or clues change."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import WHITE, Colour, Palette
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.editor.view import EditorView

RED = Colour("red", "#d62728", "r")
PALETTE = Palette((WHITE, RED))


def test_the_colour_status_follows_an_undo_and_a_redo(qtbot: QtBot) -> None:
    editor = ColourEditorView()
    qtbot.addWidget(editor)
    editor.resize(700, 500)
    editor.show()
    editor.new_puzzle(4, 3, PALETTE)
    QApplication.processEvents()
    grid = editor.grid
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)  # the cursor on row 1, column 2
    qtbot.keyClick(grid, Qt.Key.Key_Space)  # painted red: one undo step
    painted = "Row 1, column 2: red \u2014 row clue 1 red; column clue 1 red"
    assert editor.status.text() == painted
    editor.undo_stack().undo()
    assert editor.status.text() == "Row 1, column 2: white \u2014 row clue 0; column clue 0"
    editor.undo_stack().redo()
    assert editor.status.text() == painted


def test_a_cell_cut_off_by_a_smaller_size_is_named_no_more(qtbot: QtBot) -> None:
    editor = ColourEditorView()
    qtbot.addWidget(editor)
    editor.resize(700, 500)
    editor.show()
    editor.new_puzzle(4, 3, PALETTE)
    QApplication.processEvents()
    grid = editor.grid
    grid.set_cursor_cell(2, 3)  # named: row 3, column 4
    assert editor.status.text().startswith("Row 3, column 4: white")
    grid.set_content(PALETTE, ((),) * 2, ((),) * 2, ((0, 0), (0, 0)))  # a 2x2: no such cell
    assert editor.status.text() == ""
    grid.set_content(PALETTE, ((),) * 3, ((),) * 4, ((0,) * 4,) * 3)
    assert editor.status.text() == ""  # (nothing named since)


def test_the_black_and_white_status_follows_an_undo(qtbot: QtBot) -> None:
    editor = EditorView()
    qtbot.addWidget(editor)
    editor.new_puzzle(4, 3)
    grid = editor.grid
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    assert editor.ui.status_label.text().startswith("Row 1, column 2: filled")
    editor.undo_stack().undo()
    assert editor.ui.status_label.text() == (
        "Row 1, column 2: empty \u2014 row clue 0, column clue 0"
    )
