"""A grade stopped by its time limit is offered again with a longer one ("Keep grading, up to 1
minute", then 5 minutes), in the black-and-white and the colour Difficulty panels; stopping it
shows the grade before again, and an edit drops the offer.  The grades are real ones (a time
limit of 0 s stops one at once); only the limit the panel asks for is recorded."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from pictures import HOUSE
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.grade import ColourGrade, colour_grade
from nonostudio.analysis.grades.difficulty import Grade, grade
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import LONGER_LIMITS
from nonostudio.gui.panels import colour_difficulty, difficulty
from nonostudio.gui.panels.colour_difficulty import ColourDifficultyPanel
from nonostudio.gui.panels.difficulty import DifficultyPanel
from nonostudio.rules.ruleset import RuleSet

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solve" / "colour"))
from colour_pictures import PUZZLE as COLOUR  # noqa: E402


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[DifficultyPanel]:
    widget = DifficultyPanel(delay_ms=1)
    qtbot.addWidget(widget)
    widget.resize(320, 480)
    widget.show()
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


@pytest.fixture
def colour_panel(qtbot: QtBot) -> Iterator[ColourDifficultyPanel]:
    widget = ColourDifficultyPanel(delay_ms=1)
    qtbot.addWidget(widget)
    widget.show()
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_a_grade_out_of_time_is_offered_again_for_longer(
    qtbot: QtBot, panel: DifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Out of time at 10 s: "Keep grading, up to 1 minute" grades with 60 s, then 5 minutes;
    a grade found hides the offer.  The words say the limit of the grade shown."""
    limits: list[float] = []
    answers = iter([0.0, 0.0, None])  # two grades stopped at once, then a whole one

    def fake(
        puzzle: Puzzle,
        rule_set: RuleSet,
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> Grade:
        limits.append(time_limit)
        return grade(puzzle, rule_set, time_limit=next(answers))

    monkeypatch.setattr(difficulty, "grade_puzzle", fake)
    with qtbot.waitSignal(panel.gradeReady, timeout=10000):
        panel.set_puzzle(HOUSE)
    assert panel.label.text() == "Undecided"
    assert panel.tier_label.text() == "Stopped at the time limit of 10 s."
    assert panel.longer_button.isVisible()
    assert panel.longer_button.words() == "Keep grading, up to 1 minute"
    with qtbot.waitSignal(panel.gradeReady, timeout=10000):
        panel.longer_button.click()
    assert limits == [10.0, 60.0]
    assert panel.tier_label.text() == "Stopped at the time limit of 1 minute."
    assert panel.longer_button.words() == "Keep grading, up to 5 minutes"
    with qtbot.waitSignal(panel.gradeReady, timeout=10000) as ready:
        panel.longer_button.click()
    assert limits == [10.0, 60.0, LONGER_LIMITS[-1]]
    assert panel.label.text() == ready.args[0].label == "Easy"
    assert panel.tier_label.text().startswith("Tier ")
    assert not panel.longer_button.isVisible()


def test_the_longer_grade_shows_progress_and_stopped_shows_the_grade_before(
    qtbot: QtBot, panel: DifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    running, stopped = threading.Event(), threading.Event()
    calls: list[float] = []

    def fake(
        puzzle: Puzzle,
        rule_set: RuleSet,
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> Grade:
        calls.append(time_limit)
        if len(calls) == 1:
            return grade(puzzle, rule_set, time_limit=0.0)
        progress(0.25, "")
        running.set()
        while not should_stop():
            threading.Event().wait(0.005)
        stopped.set()
        return grade(puzzle, rule_set, time_limit=0.0)

    monkeypatch.setattr(difficulty, "grade_puzzle", fake)
    seen: list[Grade] = []
    panel.gradeReady.connect(seen.append)
    with qtbot.waitSignal(panel.gradeReady, timeout=10000):
        panel.set_puzzle(HOUSE)
    before = (panel.label.text(), panel.tier_label.text(), panel.explanation_label.text())
    chart = panel.steps_chart.steps()
    panel.longer_button.click()
    qtbot.waitUntil(running.is_set, timeout=5000)
    # the grade before stays on show, its limit's words replaced
    assert panel.label.text() == before[0]
    assert panel.tier_label.text() == "Grading for up to 1 minute\u2026"
    assert panel.explanation_label.text() == before[2]
    assert panel.longer_button.words() == "Stop grading" and panel.is_busy()
    # the busy bar says how far it is, as for the 10 s grade
    qtbot.waitUntil(lambda: panel.busy.maximum() == 100 and panel.busy.value() == 25)
    assert panel.busy.isVisible()
    panel.longer_button.click()
    assert stopped.wait(5)
    assert not panel.is_busy() and panel.busy.isHidden()
    label, tier, explanation = before
    assert panel.label.text() == label == "Undecided"
    assert panel.tier_label.text() == f"{tier} The longer grade was stopped."
    assert panel.explanation_label.text() == explanation
    assert panel.steps_chart.steps() == chart
    assert panel.longer_button.words() == "Keep grading, up to 1 minute"
    qtbot.wait(50)  # the stopped grade's result, if it were delivered, is dropped
    assert len(seen) == 1
    # stopped again: said once, not twice
    panel.longer_button.click()
    qtbot.waitUntil(lambda: len(calls) == 3 and panel.longer_button.words() == "Stop grading")
    panel.longer_button.click()
    assert panel.tier_label.text() == f"{tier} The longer grade was stopped."


def test_an_edit_drops_the_grade_offer(
    qtbot: QtBot, panel: DifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        difficulty, "grade_puzzle", lambda p, rs, limit, *rest, **kw: grade(p, rs, time_limit=0.0)
    )
    with qtbot.waitSignal(panel.gradeReady, timeout=10000):
        panel.set_puzzle(HOUSE)
    assert panel.longer_button.isVisible()
    panel.set_puzzle(Puzzle(((1,), ()), ((1,), ())))
    assert not panel.longer_button.isVisible()


def test_a_colour_grade_out_of_time_is_offered_again_for_longer(
    qtbot: QtBot, colour_panel: ColourDifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    limits: list[float] = []
    answers = iter([0.0, None])

    def fake(
        puzzle: ColourPuzzle,
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> ColourGrade:
        limits.append(time_limit)
        return colour_grade(puzzle, time_limit=next(answers))

    monkeypatch.setattr(colour_difficulty, "grade_colour_puzzle", fake)
    with qtbot.waitSignal(colour_panel.gradeReady, timeout=10000):
        colour_panel.set_puzzle(COLOUR)
    assert colour_panel.tier_label.text() == "Stopped at the time limit of 10 s."
    assert colour_panel.longer_button.words() == "Keep grading, up to 1 minute"
    assert colour_panel.longer_button.isVisible()
    with qtbot.waitSignal(colour_panel.gradeReady, timeout=10000):
        colour_panel.longer_button.click()
    assert limits == [10.0, 60.0]
    assert colour_panel.tier_label.text().startswith("Tier ")
    assert not colour_panel.longer_button.isVisible()


def test_a_colour_grade_the_solver_gave_up_on_is_not_offered_more_time(
    qtbot: QtBot, colour_panel: ColourDifficultyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The colour solver refusing its formula sets ``timed_out`` too, with a reason: more time
    would not help."""
    import dataclasses

    def fake(puzzle: ColourPuzzle, *rest: object, **kw: object) -> ColourGrade:
        stopped = colour_grade(puzzle, time_limit=0.0)
        return dataclasses.replace(stopped, reason="the formula is too large for memory")

    monkeypatch.setattr(colour_difficulty, "grade_colour_puzzle", fake)
    with qtbot.waitSignal(colour_panel.gradeReady, timeout=10000):
        colour_panel.set_puzzle(COLOUR)
    assert "time limit" not in colour_panel.tier_label.text()
    assert not colour_panel.longer_button.isVisible()
