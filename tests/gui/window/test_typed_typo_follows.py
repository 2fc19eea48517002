"""The window's Check panel follows typed clues that stay invalid: each edit of them is searched
for its typo, not only the first that made the totals differ (seen under Xvfb: the panel named
the totals and typos of the clues before the last keystroke).  The window's title stays the
typed title meanwhile (it was "Untitled" while the clues made no puzzle)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor.view import CLUES
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(
    qtbot: QtBot, small_library: Library, settings: QSettings, monkeypatch: pytest.MonkeyPatch
):
    # no modal question (save the edited puzzle?) may block the test
    discard = QMessageBox.StandardButton.Discard
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: discard)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: None)
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(win.is_ready, timeout=10000)
    yield win
    win.check_panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_each_edit_of_invalid_typed_clues_is_searched(qtbot: QtBot, window: MainWindow) -> None:
    diamond = (1,), (3,), (5,), (3,), (1,)
    editor, panel = window.editor, window.check_panel
    editor.set_puzzle(Puzzle(diamond, diamond))
    editor.set_title("My Boat")
    editor.set_mode(CLUES)
    cols_edit = editor.ui.cols_edit
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        cols_edit.setPlainText("1\n3\n5\n3\n")  # column 5 empty: 12 cells
    assert "column clues fill 12" in panel.detail_label.text()
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        cols_edit.setPlainText("1\n3\n5\n3\n2")  # 14 cells: still no puzzle
    assert editor.puzzle() is None
    assert "column clues fill 14" in panel.detail_label.text()
    assert window.windowTitle().startswith("My Boat[*]") and window.isWindowModified()
    editor.set_title("My Ship")  # typed while the clues make no puzzle
    assert window.windowTitle().startswith("My Ship[*]")
    typos = [panel.typos.list.item(i).text() for i in range(panel.typos.list.count())]
    assert any(text.startswith("column 5: 2 \u2192 1") for text in typos), typos
