"""Tab leaves the boxes where puzzle text is typed (Paste Puzzle String, a mistyped file's
dialog, a colour puzzle's Type Clues): it typed a tab there, so a keyboard user could reach
neither the fixes nor OK, Enter adding a line (seen under Xvfb at 1024x600: '1:1', Tab, '2',
Tab, Tab, '3' gave '1:1<tab>2<tab><tab>3' in the paste box, /tmp/p7/tb1.png)."""

from __future__ import annotations

from colour_red_blue import COLS, PALETTE, ROWS
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QPlainTextEdit
from pytestqt.qtbot import QtBot

from nonostudio.gui.dialogs.paste import PasteDialog
from nonostudio.gui.editor.colour.clue_dialog import ColourClueDialog
from nonostudio.gui.window.file_commands import read_puzzle_text


def _tab_leaves(qtbot: QtBot, dialog: QDialog, edit: QPlainTextEdit) -> bool:
    """Whether Tab in ``edit`` (shown in ``dialog``) moves the focus on, typing nothing."""
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    edit.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is edit, timeout=2000)
    before = edit.toPlainText()
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    return QApplication.focusWidget() is not edit and edit.toPlainText() == before


def test_tab_leaves_the_paste_box(qtbot: QtBot) -> None:
    dialog = PasteDialog(read_puzzle_text, "1:1-1:1")
    assert _tab_leaves(qtbot, dialog, dialog.edit)


def test_tab_leaves_the_colour_clue_boxes(qtbot: QtBot) -> None:
    dialog = ColourClueDialog(PALETTE, ROWS, COLS, lambda _r, _c: "")
    assert _tab_leaves(qtbot, dialog, dialog.rows_edit)
    assert _tab_leaves(qtbot, dialog, dialog.cols_edit)
