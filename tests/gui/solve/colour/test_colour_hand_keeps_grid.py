"""Solve by hand does not move the colour grid: the by-hand bar (colours, Pencil, Check, Timer)
shares the main bar's row when the view is wide enough, else has a row of its own kept while
replaying, so the cells stay under the pointer (the bar used to push them down a row, 29 px at
1024x600 on Take two) and every control of the bar is in sight."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool

from nonostudio.gui.solve.colour.view import ColourSolveView

sys.path.insert(0, str(Path(__file__).parent))
from colour_pictures import PUZZLE  # noqa: E402
from grid_place import grid_place, settle  # noqa: E402


@pytest.mark.parametrize("width", [1100, 560])  # (a 1280x720 window's Solve tab; 1024x600's)
def test_solve_by_hand_keeps_the_grid_in_place(qtbot, width: int) -> None:
    view = ColourSolveView(delay_ms=1)
    qtbot.addWidget(view)
    view.resize(width, 600)
    view.show()
    qtbot.waitExposed(view)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(PUZZLE)
    settle(qtbot)
    before = grid_place(view)
    view.set_hand_mode(True)
    settle(qtbot)
    assert grid_place(view) == before
    bar = view.ui.hand_bar
    assert bar.isVisible()
    # every control of the bar is in sight: none in a toolbar's overflow
    for action in bar.actions():
        button = bar.widgetForAction(action)
        if action.isVisible() and button is not None:
            assert button.isVisible(), action.text()
    assert bar.width() >= bar.sizeHint().width()
    view.set_hand_mode(False)
    settle(qtbot)
    assert grid_place(view) == before
    view.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_a_wide_view_shares_the_row_a_narrow_one_keeps_a_row(qtbot, view: ColourSolveView) -> None:
    view.resize(1100, 600)
    settle(qtbot)
    assert view.ui.hand_row.isHidden()  # no room lost to an empty row while replaying
    view.resize(400, 600)
    settle(qtbot)
    assert not view.ui.hand_row.isHidden()
