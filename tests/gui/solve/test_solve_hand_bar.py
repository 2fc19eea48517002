"""Solve by hand moves neither the black-and-white grid nor the main bar's buttons: the by-hand
bar (Check, Timer) takes the place of Back, Play and Next after the main bar (rule set, Solve by
hand, Hint, Next line?, Steps), on the main bar's row when both fit, else on a second row they
share.  Back, Play and Next used to sit before Solve by hand on the main bar, and hiding them
moved Solve by hand 180 px left under the pointer (Bike at 1280x720)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pictures import HOUSE
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.gui.solve.view import SolveView


def _places(view: SolveView) -> tuple[QPoint, QPoint, int]:
    ui = view.ui
    hand = ui.bar.widgetForAction(ui.hand_action)
    assert isinstance(hand, QWidget)
    return hand.mapTo(view, QPoint(0, 0)), view.grid.mapTo(view, QPoint(0, 0)), view.grid.height()


def _settle(qtbot: QtBot) -> None:
    qtbot.wait(1)  # (the bars are placed at the next turn of the event loop after a resize)
    QApplication.processEvents()


@pytest.mark.parametrize("width", [1100, 560])  # (wide enough for one row of bars; not)
def test_solve_by_hand_keeps_its_button_and_the_grid_in_place(
    qtbot: QtBot, width: int, show_solve_view: Callable[..., SolveView]
) -> None:
    view = show_solve_view(600, None, width)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
    _settle(qtbot)
    assert view.ui.hand_row.isHidden() == (width == 1100)
    before = _places(view)
    view.set_hand_mode(True)
    _settle(qtbot)
    assert _places(view) == before
    bar = view.ui.hand_bar
    for action in bar.actions():  # every control of the bar in sight, none behind a chevron
        button = bar.widgetForAction(action)
        if action.isVisible() and button is not None and not action.isSeparator():
            assert button.isVisible(), action.text()
    view.set_hand_mode(False)
    _settle(qtbot)
    assert _places(view) == before
