"""A check stopped by its time limit is offered again with a longer one, which can be stopped."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from nonostudio.core import solver as real_solver
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict
from nonostudio.gui.common.limits import LONGER_LIMITS
from nonostudio.gui.panels import check
from nonostudio.gui.panels.check import CheckPanel

PUZZLE = Puzzle(((1,), (1,)), ((1,), (1,)))


def _words(panel: CheckPanel) -> str:
    """The longer button's words on one line (in a narrow panel its text has them on two)."""
    return panel.longer_button.words()


def _timed_out() -> SolveResult:
    return SolveResult(Verdict.UNDECIDED, np.full((2, 2), -1, np.int8), seconds=0.5, timed_out=True)


def test_a_check_out_of_time_is_offered_again_for_longer(
    qtbot: QtBot, panel: CheckPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Out of time at 10 s: "Keep checking, up to 1 minute" runs the solver with 60 s, then
    5 minutes; a verdict found hides the offer, and a third time-out offers nothing longer."""
    limits: list[float] = []
    answers = iter(["out", "out", "real"])

    def fake(
        puzzle: Puzzle, time_limit: float, progress: ProgressCallback, should_stop: StopCallback
    ) -> SolveResult:
        limits.append(time_limit)
        if next(answers) == "out":
            return _timed_out()
        return real_solver.solve(puzzle, time_limit=time_limit)

    monkeypatch.setattr(check, "check_puzzle", fake)
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(PUZZLE)
    assert panel.detail_label.text().startswith("Not decided within the time limit of 10 s.")
    assert panel.longer_button.isVisible()
    assert _words(panel) == "Keep checking, up to 1 minute"
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.longer_button.click()
    assert limits == [10.0, 60.0]
    assert panel.detail_label.text().startswith("Not decided within the time limit of 1 minute.")
    assert _words(panel) == "Keep checking, up to 5 minutes"
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.longer_button.click()
    assert limits == [10.0, 60.0, 300.0]
    assert panel.verdict_label.text() == "Multiple solutions"
    assert not panel.longer_button.isVisible()
    assert not panel.alternate_button.isHidden()


def test_the_longest_limit_out_of_time_offers_nothing_more(
    qtbot: QtBot, panel: CheckPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(check, "check_puzzle", lambda *args: _timed_out())
    panel.set_time_limit(LONGER_LIMITS[-1])
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(PUZZLE)
    assert panel.verdict_label.text() == "Undecided"
    assert not panel.longer_button.isVisible()


def test_the_longer_check_can_be_stopped_and_the_verdict_stays(
    qtbot: QtBot, panel: CheckPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    running, stopped = threading.Event(), threading.Event()
    calls: list[float] = []

    def fake(
        puzzle: Puzzle, time_limit: float, progress: ProgressCallback, should_stop: StopCallback
    ) -> SolveResult:
        calls.append(time_limit)
        if len(calls) == 1:
            return _timed_out()
        running.set()
        while not should_stop():
            threading.Event().wait(0.005)
        stopped.set()
        return _timed_out()

    monkeypatch.setattr(check, "check_puzzle", fake)
    seen: list[SolveResult] = []
    panel.verdictReady.connect(seen.append)
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(PUZZLE)
    before = panel.detail_label.text()
    panel.longer_button.click()
    qtbot.waitUntil(running.is_set, timeout=5000)
    assert panel.verdict_label.text() == "Checking for up to 1 minute\u2026"
    assert _words(panel) == "Stop checking" and panel.is_busy()
    panel.longer_button.click()
    assert stopped.wait(5)
    assert not panel.is_busy() and panel.busy.isHidden()
    assert panel.verdict_label.text() == "Undecided"
    assert panel.detail_label.text() == f"{before} The longer check was stopped."
    assert _words(panel) == "Keep checking, up to 1 minute"
    qtbot.wait(50)  # the stopped check's result, if it were delivered, is dropped
    assert len(seen) == 1


def test_an_edit_drops_the_offer(
    qtbot: QtBot, panel: CheckPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(check, "check_puzzle", lambda *args: _timed_out())
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(PUZZLE)
    assert panel.longer_button.isVisible()
    panel.set_puzzle(Puzzle(((1,), ()), ((1,), ())))
    assert not panel.longer_button.isVisible()
