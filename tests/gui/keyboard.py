"""Typing into the studio's text fields as a user would, and a Solve view's keys working where
the keyboard focus is, for the GUI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPlainTextEdit
from pytestqt.qtbot import QtBot

from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.solve.view import SolveView


def type_text(qtbot: QtBot, edit: QPlainTextEdit, text: str) -> None:
    """Replace ``edit``'s text by typing ``text`` as a user would (lines split by returns)."""
    edit.selectAll()
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    for i, line in enumerate(text.split("\n")):
        if i:
            qtbot.keyClick(edit, Qt.Key.Key_Return)
        qtbot.keyClicks(edit, line)


def assert_keys_reach(qtbot: QtBot, view: SolveView | ColourSolveView) -> None:
    """Keys go where the keyboard focus is, as a player's keys do, with no click in ``view``
    first: the focus is in it, Right goes a step on from the first (position 1) and Ctrl+H
    turns solving by hand on."""
    focus = QApplication.focusWidget()
    assert focus is not None and view.isAncestorOf(focus)
    qtbot.keyClick(focus, Qt.Key.Key_Right)
    assert view.position() == 1
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert view.is_hand_mode()
