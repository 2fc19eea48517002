"""What a reviewer found in the editor (2026-11-30): Ctrl+Z in a size box, the undo history
across a switch of mode, typed clues when the size grows or shrinks, and the Designer Checks
panel in a short, narrow dock (the window's title is tested in tests/gui/window)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QApplication

from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.dock_scroll import scrolled
from nonostudio.gui.editor.designer_checks import DesignerPanel
from nonostudio.gui.editor.view import EditorView

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


def _type_size(qtbot, spin, value: str) -> None:
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, value)
    qtbot.keyClick(spin, Qt.Key.Key_Return)


@pytest.mark.parametrize("mode", ["draw", "clues"])
def test_ctrl_z_in_a_size_box_undoes_the_editors_stack(qtbot, editor: EditorView, mode) -> None:
    editor.set_mode(mode)
    spin = editor.ui.width_spin
    _type_size(qtbot, spin, "12")
    assert spin.value() == 12 and editor.picture_size() == (12, 5)
    assert QApplication.focusWidget() in (spin, spin.lineEdit())
    qtbot.keyClick(spin, Qt.Key.Key_Z, CTRL)
    assert spin.value() == 6 and editor.grid.cells().shape == (5, 6)
    qtbot.keyClick(spin, Qt.Key.Key_Z, CTRL | SHIFT)
    assert spin.value() == 12 and editor.grid.cells().shape == (5, 12)


def _state(editor: EditorView) -> tuple:
    return (
        editor.mode(),
        editor.ui.meta_edits["title"].text(),
        editor.grid.cells().tolist(),
        editor.ui.rows_edit.toPlainText(),
        editor.ui.cols_edit.toPlainText(),
        editor.puzzle(),
    )


def test_a_switch_of_mode_is_an_undo_step_and_keeps_the_history(qtbot, editor: EditorView) -> None:
    """Title, a stroke, a switch, typed clues, a switch back, another stroke: each undone and
    redone in turn gives the states seen while making them (the old code cleared the history
    at each switch)."""
    editor.new_puzzle(3, 2)
    states = [_state(editor)]
    qtbot.keyClicks(editor.ui.meta_edits["title"], "Boat")
    states.append(_state(editor))
    editor.grid.setFocus()
    qtbot.mouseClick(
        editor.grid, Qt.MouseButton.LeftButton, pos=editor.grid.cell_rect(0, 0).center()
    )
    states.append(_state(editor))
    editor.set_mode("clues")
    states.append(_state(editor))
    editor.ui.rows_edit.setFocus()
    editor.ui.rows_edit.moveCursor(editor.ui.rows_edit.textCursor().MoveOperation.End)
    qtbot.keyClicks(editor.ui.rows_edit, " 1")  # row 2: "0 1", not a clue in full (0 beside 1)
    qtbot.keyClick(editor.ui.rows_edit, Qt.Key.Key_Backspace)
    qtbot.keyClick(editor.ui.rows_edit, Qt.Key.Key_Backspace)
    qtbot.keyClick(editor.ui.rows_edit, Qt.Key.Key_Backspace)
    qtbot.keyClicks(editor.ui.rows_edit, "1")
    states.append(_state(editor))
    assert states[-1][3] == "1\n1" and states[-1][5] is None  # the totals differ: no puzzle
    editor.set_mode("draw")
    states.append(_state(editor))
    assert states[-1][0] == "draw" and states[-1][3] == "1\n0"  # the picture's clues
    qtbot.mouseClick(
        editor.grid, Qt.MouseButton.LeftButton, pos=editor.grid.cell_rect(1, 2).center()
    )
    states.append(_state(editor))
    stack = editor.undo_stack()
    steps = stack.index()
    assert steps >= len(states) - 1
    seen = [_state(editor)]
    while stack.canUndo():
        stack.undo()
        seen.append(_state(editor))
    assert seen[-1] == states[0]
    walk = iter(seen)  # every state made is met again on the way back, in order
    assert all(any(state == met for met in walk) for state in reversed(states))
    while stack.canRedo():
        stack.redo()
    assert _state(editor) == states[-1]


def test_typed_clues_get_a_line_per_row_and_column_when_the_size_changes(
    qtbot, editor: EditorView
) -> None:
    """Widening adds empty columns (``0``), narrowing drops the last lines; each is one undo
    step with the size (the old code kept the text and said "5 clue lines but ... 7 columns")."""
    diamond = (1,), (3,), (5,), (3,), (1,)
    editor.set_puzzle(Puzzle(diamond, diamond))  # no picture: opens with typed clues
    assert editor.mode() == "clues"
    cols, rows = editor.ui.cols_edit, editor.ui.rows_edit
    cols.setFocus()
    cols.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(cols, "x")  # typed last, on its own step: "1x" is no clue
    qtbot.keyClick(cols, Qt.Key.Key_Backspace)
    typed = cols.toPlainText()
    assert typed == "1\n3\n5\n3\n1"
    _type_size(qtbot, editor.ui.width_spin, "7")
    assert cols.toPlainText() == typed + "\n0\n0" and rows.toPlainText() == "1\n3\n5\n3\n1"
    assert not editor.ui.cols_message.isVisible()
    puzzle = editor.puzzle()
    assert puzzle is not None and puzzle.cols == diamond + ((), ())
    stack = editor.undo_stack()
    stack.undo()
    assert editor.picture_size() == (5, 5) and cols.toPlainText() == typed
    assert editor.puzzle() == Puzzle(diamond, diamond)
    stack.redo()
    assert editor.picture_size() == (7, 5) and cols.toPlainText() == typed + "\n0\n0"
    _type_size(qtbot, editor.ui.height_spin, "3")
    assert rows.toPlainText() == "1\n3\n5" and editor.picture_size() == (7, 3)
    assert not editor.ui.rows_message.isVisible()  # (column 3's 5 no longer fits in 3)
    stack.undo()
    assert rows.toPlainText() == "1\n3\n5\n3\n1" and editor.picture_size() == (7, 5)
    stack.undo()
    stack.undo()  # the typing in the column clues, a step of its own
    assert cols.toPlainText() == "1\n3\n5\n3\n1x" and editor.picture_size() == (5, 5)


@pytest.mark.parametrize("size", [(178, 90), (160, 70), (170, 100)])
def test_designer_panel_in_a_short_narrow_dock_scrolls_not_overlaps(
    qtbot, editor: EditorView, size: tuple[int, int]
) -> None:
    """The dock's scroll area gives the panel the height its widgets need once the buttons wrap
    (seen at 1024x600: Clear drawn over "Check the design to see…")."""
    panel = DesignerPanel(editor)
    area = scrolled(panel)
    qtbot.addWidget(area)
    area.resize(*size)
    area.show()
    qtbot.waitExposed(area)
    check, clear = panel.check_button.geometry(), panel.clear_button.geometry()
    assert clear.top() > check.bottom()  # wrapped onto a second row
    widgets = (panel.summary_label, panel.edit_list, panel.apply_button)
    bottoms = [clear.bottom()] + [w.geometry().bottom() for w in widgets]
    tops = [w.geometry().top() for w in widgets]
    assert all(top > bottom for top, bottom in zip(tops, bottoms, strict=False)), (tops, bottoms)
    assert panel.edit_list.height() >= panel.edit_list.minimumHeight()


def test_a_long_author_opens_showing_its_start(editor: EditorView) -> None:
    """An opened puzzle's fields show the start of a long text, not its end (the reviewer saw
    'wilk@jwilk.net>' for 'Jakub Wilk <jwilk@jwilk.net>' at 1280x720)."""
    author = "Jakub Wilk <jwilk@jwilk.net>, drawn after a photograph of an owl in a tree"
    editor.set_puzzle(Puzzle(((1,),), ((1,),), title="Owl", author=author))
    field = editor.ui.meta_edits["author"]
    assert field.text() == author
    assert field.cursorPosition() == 0
