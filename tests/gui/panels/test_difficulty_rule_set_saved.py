"""A rule set saved while the studio runs (a learned set from the Jobs tab, a rule added in the
Rules tab's editor) is offered in the Difficulty panel's list, and the set in use is read again
and the puzzle graded afresh: the list only knew the sets of the start."""

from __future__ import annotations

from pathlib import Path

import pytest
from pictures import HOUSE
from pytestqt.qtbot import QtBot
from saved_rule_sets import editor_saves, offered_once_saved, write_rule_set
from studio_window import OpenWindow

from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(data_dir: Path, open_window: OpenWindow) -> MainWindow:
    return open_window()


def test_a_saved_rule_set_is_offered_for_grading_and_the_one_in_use_is_read_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = window.difficulty_panel
    combo = panel.rule_set_combo
    offered_once_saved(window, combo, "mine", 2)
    window.editor.set_puzzle(HOUSE)
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        combo.setCurrentText("mine")
    assert len(panel.rule_set().entries) == 2
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        editor_saves(window, "mine", 5, "big_hint")  # a rule learned or added since
    assert panel.rule_set().name == "mine" and len(panel.rule_set().entries) == 5
    # The designer checks, which follow the panel's set, have the new rules too.
    assert len(window.designer_panel._design.rule_set.entries) == 5


def test_a_learned_set_saved_from_the_jobs_tab_is_offered_for_grading(
    window: MainWindow,
) -> None:
    if window.jobs_panel is None:
        pytest.skip("the Jobs tab is not built in this studio")
    write_rule_set("learned-now", 3)
    window.jobs_panel.ruleSetSaved.emit("learned-now")
    assert window.difficulty_panel.rule_set_combo.findText("learned-now") >= 0
