"""Typing into the studio's text fields as a user would, for the GUI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPlainTextEdit
from pytestqt.qtbot import QtBot


def type_text(qtbot: QtBot, edit: QPlainTextEdit, text: str) -> None:
    """Replace ``edit``'s text by typing ``text`` as a user would (lines split by returns)."""
    edit.selectAll()
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    for i, line in enumerate(text.split("\n")):
        if i:
            qtbot.keyClick(edit, Qt.Key.Key_Return)
        qtbot.keyClicks(edit, line)
