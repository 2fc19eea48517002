"""A puzzle opened from the library with Enter gives the keys to the grid of the tab shown: they
stayed in the library's table, where Right scrolled it sideways instead of stepping the Solve
view and H gave no hint until a click there (a keyboard-only player was stuck; seen under Xvfb
at 1280x720 with Dancer)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.gui.library.model import TITLE
from nonostudio.gui.window.main_window import MainWindow


def _enter_on(qtbot: QtBot, window: MainWindow, title: str) -> None:
    """Select the library row called ``title`` with the keys in its table and press Enter."""
    table = window.library_view.table
    proxy = table.model()
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, TITLE).data() == title)
    table.setFocus()
    table.setCurrentIndex(proxy.index(row, TITLE))
    qtbot.keyClick(table, Qt.Key.Key_Return)


def test_enter_in_the_library_gives_the_keys_to_the_solve_view(
    qtbot: QtBot, window: MainWindow, small_library: Library
) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: window.library_view.table.model().rowCount() == 3, timeout=5000)
    window.tabs.setCurrentIndex(1)  # Solve
    qtbot.waitUntil(lambda: window.shown_solve_view().isVisible(), timeout=5000)
    _enter_on(qtbot, window, "Tee")
    assert window.document.library_id is not None
    assert QApplication.focusWidget() is window.shown_solve_view().grid

    window.tabs.setCurrentIndex(3)  # Jobs: no grid, the keys stay in the table
    _enter_on(qtbot, window, "Tee")
    assert QApplication.focusWidget() is window.library_view.table
