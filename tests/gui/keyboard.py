"""Typing into the studio's text fields as a user would, a Solve view's keys working where the
keyboard focus is, and letting go of the modifier keys Qt believes held, for the GUI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPlainTextEdit, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.solve.view import SolveView

_MODIFIER_KEYS = (
    (Qt.Key.Key_Shift, Qt.KeyboardModifier.ShiftModifier),
    (Qt.Key.Key_Control, Qt.KeyboardModifier.ControlModifier),
    (Qt.Key.Key_Alt, Qt.KeyboardModifier.AltModifier),
    (Qt.Key.Key_Meta, Qt.KeyboardModifier.MetaModifier),
)


def release_modifiers() -> None:
    """Let go of the modifier keys Qt believes held.  Qt remembers the modifiers of the last key
    or mouse event (``QApplication.keyboardModifiers()``): a test whose last click was a
    Shift-click left Shift "held" for the next test in the same process, where
    ``QTableView.selectRow`` then extended from no anchor and selected nothing (a CI failure
    that came and went with the tests a worker had run before)."""
    if QApplication.instance() is None:
        return
    carrier = QWidget()
    for key, modifier in _MODIFIER_KEYS:
        if QApplication.keyboardModifiers() & modifier:
            QTest.keyRelease(carrier, key)
    carrier.deleteLater()


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
