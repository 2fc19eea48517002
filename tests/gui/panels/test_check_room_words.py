"""The Check dock grows to show the typo search's words whole, measured as they read once the
search is done: at 1024x600 the 2x2 diagonal's "No single edit of one clue applies here: ..."
was cut off under the dock's edge (the dock grew to the height of the words shown while it
searched, "Looking for the mistyped clue...").  So does the offer of a longer check after a
time-out ("Keep checking, up to 1 minute", two lines in a narrow dock), given back after."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core import solver as real_solver
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict
from nonostudio.gui.panels import check as check_module
from nonostudio.gui.panels.check import CheckPanel

DIAGONAL = Puzzle(rows=((1,), (1,)), cols=((1,), (1,)))


def _narrow_short_dock(
    qtbot: QtBot,
) -> tuple[QMainWindow, CheckPanel, QDockWidget, QDockWidget]:
    """A Check panel in a dock as the studio's at 1024x600 (188 px wide, under 140 px tall)
    over a Difficulty dock: the window, the panel and the two docks."""
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
    return window, panel, check, other


def _whole(panel: CheckPanel, widget: QWidget) -> bool:
    return widget.mapTo(panel, widget.rect().bottomLeft()).y() <= panel.height()


def test_the_dock_grows_to_the_words_the_search_ends_with(qtbot: QtBot) -> None:
    _window, panel, _check, _other = _narrow_short_dock(qtbot)
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        panel.set_puzzle(DIAGONAL)
    assert panel.typos.list.isHidden()  # (no edit found: the words say why)
    assert panel.typos.title.text().startswith("No single edit of one clue applies here")
    qtbot.waitUntil(lambda: _whole(panel, panel.typos.title), timeout=2000)
    panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_the_dock_grows_to_the_offer_of_a_longer_check_and_gives_it_back(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["out", "real"])

    def fake(puzzle, time_limit, progress, should_stop):  # type: ignore[no-untyped-def]
        if next(answers) == "out":
            grid = np.full((2, 2), -1, np.int8)
            return SolveResult(Verdict.UNDECIDED, grid, seconds=10.0, timed_out=True)
        return real_solver.solve(puzzle, time_limit=time_limit)

    monkeypatch.setattr(check_module, "check_puzzle", fake)
    _window, panel, check, other = _narrow_short_dock(qtbot)
    before = (check.height(), other.height())
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(DIAGONAL)
    assert panel.longer_button.isVisible()
    qtbot.waitUntil(
        lambda: check.height() > before[0] and _whole(panel, panel.longer_button), timeout=2000
    )
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(Puzzle(rows=((2,), (2,)), cols=((2,), (2,))))  # decided at once
    qtbot.waitUntil(lambda: (check.height(), other.height()) == before, timeout=2000)
    panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
