"""A drill's line is answered from the keyboard too: it took clicks only (a widget without a
focus policy: Tab went to Check my marks and Next drill, never the cells), so a player without
a mouse could not mark a cell."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.gui.tutor.line_widget import DrillLineWidget

U, F, X = UNKNOWN, FILLED, CROSSED


def test_keys_move_and_mark_the_open_cells(qtbot: QtBot) -> None:
    line = DrillLineWidget()
    qtbot.addWidget(line)
    line.set_line((3, 3), [X, U, U, U, X, X, U, U, U, U], editable=True)
    line.show()
    qtbot.waitExposed(line)
    line.activateWindow()
    qtbot.waitActive(line)
    line.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is line, timeout=2000)
    changed: list[int] = []
    line.changed.connect(lambda: changed.append(1))
    qtbot.keyClick(line, Qt.Key.Key_Space)  # the cursor starts on the first open cell
    qtbot.keyClick(line, Qt.Key.Key_Right)
    qtbot.keyClick(line, Qt.Key.Key_F)
    qtbot.keyClick(line, Qt.Key.Key_Left)
    qtbot.keyClick(line, Qt.Key.Key_Left)
    qtbot.keyClick(line, Qt.Key.Key_Space)  # a given cell: unchanged
    qtbot.keyClick(line, Qt.Key.Key_End)
    qtbot.keyClick(line, Qt.Key.Key_X)
    qtbot.keyClick(line, Qt.Key.Key_Left)
    qtbot.keyClick(line, Qt.Key.Key_X)
    qtbot.keyClick(line, Qt.Key.Key_Delete)
    assert line.cells() == (X, F, F, U, X, X, U, U, U, X)
    assert len(changed) == 5 and line.cursor_cell() == 8


def test_a_line_shown_only_takes_no_focus(qtbot: QtBot) -> None:
    line = DrillLineWidget()
    qtbot.addWidget(line)
    line.set_line((2,), [U, U, U], editable=False)
    assert line.focusPolicy() == Qt.FocusPolicy.NoFocus
