"""Import Files does not widen the library panel: its progress (words, bar and Cancel) took
one row at least 266 px wide, more than the panel needs (138 px), so at 1024x600 the dock grew
from 163 to 263 px when an import started and stayed so, pushing the Solve tab's steps table
behind a scroll bar (seen under Xvfb, /tmp/p7/w03.png and w04.png)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTextEdit
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.gui.library.view import LibraryView


def test_importing_keeps_the_panel_width(
    qtbot: QtBot, tmp_path: Path, small_library: Library
) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QTextEdit())
    view = LibraryView(small_library)
    dock = QDockWidget("Library")
    dock.setWidget(view)
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    window.resize(1024, 560)
    window.show()
    qtbot.waitExposed(window)
    window.resizeDocks([dock], [163], Qt.Orientation.Horizontal)
    qtbot.waitUntil(lambda: dock.width() <= 170, timeout=2000)
    before = dock.width()
    path = tmp_path / "bar.non"
    path.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    with qtbot.waitSignal(view.importer.finished, timeout=10000):
        view.start_import([path])
        qtbot.waitUntil(lambda: view.import_bar.isVisible(), timeout=2000)
        assert view.minimumSizeHint().width() <= before
    assert dock.width() == before
