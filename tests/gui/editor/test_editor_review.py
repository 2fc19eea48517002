"""What a reviewer found in the editor (2026-11-30): Ctrl+Z in a size box, the undo history
across a switch of mode, the title while a typed clue is not valid, and typed clues when the
size grows or shrinks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from nonostudio.gui.editor.view import EditorView

CTRL, SHIFT = Qt.KeyboardModifier.ControlModifier, Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def editor(qtbot) -> EditorView:
    view = EditorView()
    qtbot.addWidget(view)
    view.new_puzzle(6, 5)
    view.resize(900, 600)
    view.show()
    qtbot.waitExposed(view)
    return view


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
