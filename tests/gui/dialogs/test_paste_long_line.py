"""A puzzle text with a very long line is shown unwrapped: Qt wraps a line in time that grows
with its square, and the 1,000,007-character goal line of a 1000x1000 .non held the window
80 s (shown to mend in the open dialog, or pasted); a 300,000-character line some 6 s."""

from __future__ import annotations

import time

from PySide6.QtCore import QMimeData
from PySide6.QtWidgets import QApplication, QPlainTextEdit
from pytestqt.qtbot import QtBot

from nonostudio.gui.dialogs.paste import PasteDialog
from nonostudio.gui.window.file_commands import read_puzzle_text

GOAL = "goal " + "10" * 150_000  # one line of 300,005 characters
TEXT = f"width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n{GOAL}\n"
NO_WRAP = QPlainTextEdit.LineWrapMode.NoWrap
WRAP = QPlainTextEdit.LineWrapMode.WidgetWidth


def _dialog(qtbot: QtBot, text: str = "") -> PasteDialog:
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_a_text_with_a_long_line_is_set_at_once(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    assert dialog.edit.lineWrapMode() == WRAP
    start = time.monotonic()
    dialog.edit.setPlainText(TEXT)
    QApplication.processEvents()
    assert time.monotonic() - start < 1.0
    assert dialog.edit.lineWrapMode() == NO_WRAP
    dialog.edit.setPlainText("1:1-1:1")  # a short text wraps again
    assert dialog.edit.lineWrapMode() == WRAP


def test_a_long_line_pasted_goes_in_at_once(qtbot: QtBot) -> None:
    dialog = _dialog(qtbot)
    mime = QMimeData()
    mime.setText(TEXT)
    start = time.monotonic()
    dialog.edit.insertFromMimeData(mime)
    QApplication.processEvents()
    assert time.monotonic() - start < 1.0
    assert dialog.edit.toPlainText() == TEXT and dialog.edit.lineWrapMode() == NO_WRAP
