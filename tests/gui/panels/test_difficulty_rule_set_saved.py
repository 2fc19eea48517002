"""A rule set saved while the studio runs (a learned set from the Jobs tab, a rule added in the
Rules tab's editor) is offered in the Difficulty panel's list, and the set in use is read again
and the puzzle graded afresh: the list only knew the sets of the start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pictures import HOUSE
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from studio_window import end_background

from nonostudio.core.library import Library
from nonostudio.core.paths import rules_dir, user_rules_dir
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(
    qtbot: QtBot, small_library: Library, settings: QSettings, data_dir: Path
) -> Iterator[MainWindow]:
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    end_background(win, 30000)


def control_rules(count: int) -> str:
    """The first ``count`` rules of the shipped control set, as a rule file."""
    text = (rules_dir() / "control.rules").read_text(encoding="utf-8")
    rules = [block for block in text.split("\n\n") if "def " in block]
    return "\n\n".join(rules[:count]) + "\n"


def test_a_saved_rule_set_is_offered_for_grading_and_the_one_in_use_is_read_again(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = window.difficulty_panel
    combo = panel.rule_set_combo
    path = user_rules_dir() / "mine.rules"
    path.write_text(control_rules(2), encoding="utf-8")
    assert combo.findText("mine") < 0
    window.rule_browser.editor.ruleSaved.emit("mine", "full_hint")  # the editor saved it
    assert combo.findText("mine") >= 0
    window.editor.set_puzzle(HOUSE)
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        combo.setCurrentText("mine")
    assert len(panel.rule_set().entries) == 2
    path.write_text(control_rules(5), encoding="utf-8")  # a rule learned or added since
    with qtbot.waitSignal(panel.gradeReady, timeout=20000):
        window.rule_browser.editor.ruleSaved.emit("mine", "big_hint")
    assert panel.rule_set().name == "mine" and len(panel.rule_set().entries) == 5
    # The designer checks, which follow the panel's set, have the new rules too.
    assert len(window.designer_panel._design.rule_set.entries) == 5


def test_a_learned_set_saved_from_the_jobs_tab_is_offered_for_grading(
    window: MainWindow,
) -> None:
    if window.jobs_panel is None:
        pytest.skip("the Jobs tab is not built in this studio")
    (user_rules_dir() / "learned-now.rules").write_text(control_rules(3), encoding="utf-8")
    window.jobs_panel.ruleSetSaved.emit("learned-now")
    assert window.difficulty_panel.rule_set_combo.findText("learned-now") >= 0
