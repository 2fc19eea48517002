"""The Check dock grows to show the typo search's words whole, measured as they read once the
search is done: at 1024x600 the 2x2 diagonal's "No single edit of one clue applies here: ..."
was cut off under the dock's edge (the dock grew to the height of the words shown while it
searched, "Looking for the mistyped clue...")."""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.panels.check import CheckPanel

DIAGONAL = Puzzle(rows=((1,), (1,)), cols=((1,), (1,)))


def test_the_dock_grows_to_the_words_the_search_ends_with(qtbot: QtBot) -> None:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.setCentralWidget(QLabel("editor"))
    panel = CheckPanel(delay_ms=0)
    check, other = QDockWidget("Check"), QDockWidget("Difficulty")
    check.setWidget(panel)
    other.setWidget(QLabel("grades"))
    area = Qt.DockWidgetArea.RightDockWidgetArea
    window.addDockWidget(area, check)
    window.addDockWidget(area, other)
    window.resize(1024, 560)
    window.show()
    qtbot.waitExposed(window)
    window.resizeDocks([check], [188], Qt.Orientation.Horizontal)  # as at 1024x600
    window.resizeDocks([check, other], [120, 400], Qt.Orientation.Vertical)
    qtbot.waitUntil(lambda: check.height() < 140 and check.width() < 200, timeout=5000)
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        panel.set_puzzle(DIAGONAL)
    assert panel.typos.list.isHidden()  # (no edit found: the words say why)
    assert panel.typos.title.text().startswith("No single edit of one clue applies here")
    title = panel.typos.title
    qtbot.waitUntil(
        lambda: title.mapTo(panel, title.rect().bottomLeft()).y() <= panel.height(), timeout=2000
    )
    panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
