"""The library lists the difficulty the default rule set gives: grading the open library puzzle
with another set (a user's own) shows that set's grade in the Difficulty panel and leaves the
library's alone."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from pictures import picture
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, end_background, show_window

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.difficulty import LABELS, Grade, grade
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow
from nonostudio.rules.ruleset import load_rule_set, rule_set_path

MY_RULES = "my-rules"


@pytest.fixture
def studio(
    qtbot: QtBot,
    data_dir: Path,
    small_library: Library,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[MainWindow]:
    """The studio with a user's own rule set, a copy of the shipped ``control`` set, saved as
    ``my-rules`` before it starts."""
    (data_dir / "rules").mkdir(parents=True)
    text = rule_set_path("control").read_text(encoding="utf-8")
    (data_dir / "rules" / f"{MY_RULES}.rules").write_text(text, encoding="utf-8")
    discard_on_question(monkeypatch)
    win = show_window(qtbot, small_library, settings)
    yield win
    win.editor.set_modified(False)
    end_background(win, 20000)


def listed(library: Library, id: int) -> str:
    return next(e.difficulty for e in library.entries() if e.id == id)


def panel_grade(qtbot: QtBot, win: MainWindow, action: object) -> Grade:
    with qtbot.waitSignal(win.difficulty_panel.gradeReady, timeout=20000) as blocker:
        action()  # type: ignore[operator]
    result = blocker.args[0]
    assert isinstance(result, Grade)
    return result


def test_a_grade_with_the_users_rules_is_shown_not_listed(
    qtbot: QtBot, studio: MainWindow, small_library: Library
) -> None:
    tee = next(e.id for e in small_library.entries() if e.title == "Tee")
    puzzle = small_library.get(tee)
    default_label = grade(puzzle, load_rule_set(DEFAULT_RULE_SET)).label
    my_label = grade(puzzle, load_rule_set(MY_RULES)).label
    assert my_label != default_label  # else the test could not tell the two apart

    panel = studio.difficulty_panel
    assert MY_RULES in [
        panel.rule_set_combo.itemText(i) for i in range(panel.rule_set_combo.count())
    ]
    first = panel_grade(qtbot, studio, lambda: studio.files.open_library_puzzle(tee))
    assert first.rule_set == DEFAULT_RULE_SET and first.label == default_label
    assert listed(small_library, tee) == default_label

    mine = panel_grade(qtbot, studio, lambda: panel.rule_set_combo.setCurrentText(MY_RULES))
    assert mine.rule_set == MY_RULES
    assert panel.label.text() == my_label  # the panel shows the grade asked for
    assert f"“{MY_RULES}”" in panel.tier_label.text()
    assert f"default rules, “{DEFAULT_RULE_SET}”" in panel.tier_label.text()
    qtbot.wait(50)  # the window's handlers of the grade have run
    assert listed(small_library, tee) == default_label  # the library keeps the default's

    # Opened afresh while "my-rules" is chosen: its grade is not stored either.
    small_library.set_difficulty(tee, "")
    studio.files.open_library_puzzle(next(e.id for e in small_library.entries() if e.id != tee))
    mine = panel_grade(qtbot, studio, lambda: studio.files.open_library_puzzle(tee))
    assert mine.rule_set == MY_RULES and mine.label == my_label
    qtbot.wait(50)
    assert listed(small_library, tee) in ("", default_label)  # the background checks may fill it

    back = panel_grade(qtbot, studio, lambda: panel.rule_set_combo.setCurrentText(DEFAULT_RULE_SET))
    assert back.label == default_label and f"“{MY_RULES}”" not in panel.tier_label.text()
    qtbot.wait(50)
    assert listed(small_library, tee) == default_label


def test_only_a_finished_grade_with_the_default_rules_is_listed() -> None:
    tee = Puzzle.from_grid(picture("#####", "..#..", "..#.."))
    done = grade(tee, load_rule_set(DEFAULT_RULE_SET))
    assert done.label in LABELS and done.listed_label == done.label
    assert replace(done, timed_out=True).listed_label == ""
    assert replace(done, rule_set=MY_RULES).listed_label == ""
    assert grade(tee, load_rule_set("control")).listed_label == ""
