"""A rule set saved while the studio runs (a learned set from the Jobs tab, a rule added in the
Rules tab's editor) is offered in the Solve tab's list, and the set in use is solved with afresh:
the list only knew the sets of the start, and the trace went on with the rules as they were
loaded."""

from __future__ import annotations

from pathlib import Path

import pytest
from pictures import HOUSE
from pytestqt.qtbot import QtBot
from saved_rule_sets import editor_saves, offered_once_saved
from studio_window import OpenWindow

from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(data_dir: Path, open_window: OpenWindow) -> MainWindow:
    return open_window()


def test_a_saved_rule_set_is_offered_and_the_one_in_use_is_read_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    view = window.solve_view
    combo = view.ui.rule_set_combo
    offered_once_saved(window, combo, "mine", 2)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
        combo.setCurrentText("mine")
    assert len(view.rule_set().entries) == 2
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        editor_saves(window, "mine", 5, "big_hint")  # a rule learned or added since
    assert view.rule_set().name == "mine" and len(view.rule_set().entries) == 5
