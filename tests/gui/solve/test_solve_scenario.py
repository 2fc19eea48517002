"""A player's scenario in the studio window, by mouse and keys: open a library puzzle, solve it by
hand with the hint ladder, see the solved moment, and find the game kept when coming back to it."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication
from studio_window import end_background, show_window

from nonostudio.core.library import Library
from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.gui.common.theme import apply_theme
from nonostudio.gui.solve.hint_ladder import NEXT_LABELS
from nonostudio.gui.window.main_window import MainWindow

pytestmark = pytest.mark.scenario  # also run under Xvfb in CI

TEE_FILLED = [(0, c) for c in range(5)] + [(1, 2), (2, 2)]


@pytest.fixture
def window(qtbot, small_library: Library, settings: QSettings):
    win = show_window(qtbot, small_library, settings, active=True)
    qtbot.waitUntil(win.is_ready, timeout=20000)
    yield win
    end_background(win, 30000)
    apply_theme(QApplication.instance(), "system")


def open_titled(win: MainWindow, title: str) -> int:
    id = next(e.id for e in win.library.entries() if e.title == title)
    assert win.files.open_library_puzzle(id)
    return id


def click_tab(qtbot, win: MainWindow, text: str) -> None:
    bar = win.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i).replace("&", "") == text)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert win.tabs.currentIndex() == index


def test_solve_a_library_puzzle_by_hand_with_the_hint_ladder(qtbot, window, small_library) -> None:
    tee = open_titled(window, "Tee")
    view = window.solve_view
    click_tab(qtbot, window, "Solve")
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=20000)
    view.grid.setFocus()
    qtbot.keyClick(view.grid, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)  # by hand
    assert view.is_hand_mode() and view.ui.hand_bar.isVisible()

    button = view.ui.hint_panel.button
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # 1: where to look
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=10000)
    step = view.last_hint()
    assert view.ui.hint_panel.shown_text().startswith("Where: Look at ")
    assert button.text() == NEXT_LABELS[1]
    for _ in range(4):  # which technique, the premise, which cells, apply
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert all(view.hand_cells()[r, c] == v for r, c, v in step.cells)

    for r, c in TEE_FILLED:
        if view.hand_cells()[r, c] != FILLED and not view.is_solved():
            qtbot.mouseClick(
                view.grid, Qt.MouseButton.LeftButton, pos=view.grid.cell_rect(r, c).center()
            )
    assert view.is_solved() and view.ui.banner_box.isVisible()
    kept = small_library.hand_progress(tee)
    assert kept is not None and kept.solved

    open_titled(window, "Block")  # another puzzle: a fresh grid
    assert np.all(view.hand_cells() == UNKNOWN) and not view.is_solved()
    open_titled(window, "Tee")  # back: the game is there, solved
    assert view.is_solved() and view.ui.banner.text().startswith("✓ Solved!")
    assert np.array_equal(view.hand_cells(), kept.cells)
