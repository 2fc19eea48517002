"""A player at 1280x720 in a window started as ``nonostudio`` starts it (shown first, panels built
afterwards): opens a 25x25 puzzle, goes to the Solve tab and climbs a hint with the mouse; the
cells stay 16 px or more and the grid never moves.  Offscreen here, under Xvfb in CI
(``-m scenario``); a screenshot of each step goes to ``NONOSTUDIO_SCENARIO_SHOTS`` (a folder) or
the test's temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication
from studio_window import shot

from nonostudio.core.paths import samples_dir
from nonostudio.gui.window.main_window import MainWindow

pytestmark = pytest.mark.scenario

OWL = samples_dir() / "jwilk-091-owl.non"


def test_a_player_solves_a_25x25_at_1280x720_with_room_for_the_grid(
    qtbot, started: MainWindow, tmp_path: Path
) -> None:
    win = started
    qtbot.waitUntil(lambda: (win.width(), win.height()) == (1280, 720), timeout=3000)
    assert win.files.open_file(OWL)
    bar = win.tabs.tabBar()
    index = win.tabs.indexOf(win.solve_view)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    view = win.solve_view
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=30000)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Right)  # keys work at once
    assert view.position() == 1
    grid = view.grid

    def grid_on_screen() -> QRect:
        """Where the grid's cells are in the window, as the screenshot shows them."""
        last = grid.cell_rect(24, 24)
        return QRect(
            grid.mapTo(win, grid.cell_rect(0, 0).topLeft()), grid.mapTo(win, last.bottomRight())
        )

    shot(win, tmp_path, "solve-room-01-solve-tab")
    where = grid_on_screen()
    for rung in range(4):  # where, which technique, the premise, which cells
        qtbot.mouseClick(view.ui.hint_panel.button, Qt.MouseButton.LeftButton)
        assert view.hint_rung() == rung
        assert grid.cell_size() >= 16, f"cells of {grid.cell_size()} px at rung {rung + 1}"
        assert grid_on_screen() == where, "the grid moved as the hint grew"
    image = shot(win, tmp_path, "solve-room-02-hint-climbed")
    # The whole grid is in the window, 25 cells of 16 px or more each way.
    assert QRect(QPoint(0, 0), image.size()).contains(where)
    assert where.width() >= 25 * 16 and where.height() >= 25 * 16
    assert view.ui.hint_panel.button.isVisible()
    assert win.boxes == []
    win.editor.set_modified(False)
