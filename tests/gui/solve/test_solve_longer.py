"""A Solve view's trace stopped by its time limit is offered again with a longer one ("Keep
solving, up to 1 minute", then 5 minutes, under the words below the grid); stopping it keeps the
steps worked out, by hand no offer is shown, and an edit drops it.  The traces are real ones of
the House, cut after two steps as a time limit cuts one; only the limit the view asks for is
recorded."""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import pytest
from pictures import HOUSE
from pytestqt.qtbot import QtBot

from nonostudio.analysis.tracing.steps import Trace
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict
from nonostudio.gui.common.limits import LONGER_LIMITS
from nonostudio.gui.solve import view as view_module
from nonostudio.gui.solve.trace_job import trace_puzzle
from nonostudio.gui.solve.view import SolveView
from nonostudio.rules.ruleset import RuleSet

Traced = tuple[Trace, list[str]]


def _cut(whole: Traced, reason: str = "") -> Traced:
    """``whole`` cut after its second step, as a time limit cuts a trace (``reason``: as the
    complete solver giving up on its own cuts it)."""
    trace, words = whole
    search = None
    if reason:
        unknown = np.full((trace.puzzle.height, trace.puzzle.width), -1, np.int8)
        search = SolveResult(Verdict.UNDECIDED, unknown, reason=reason)
    cut = Trace(trace.puzzle, trace.rule_set, trace.steps[:2], False, 0.1, True, search)
    return cut, words[:2]


def _whole(puzzle: Puzzle, rule_set: RuleSet, titles: dict[str, str]) -> Traced:
    result = trace_puzzle(puzzle, rule_set, titles, 10.0, lambda *a: None, lambda: False)
    assert isinstance(result, tuple)
    return result


@pytest.fixture
def view(show_solve_view: Callable[..., SolveView]) -> SolveView:
    return show_solve_view(width=1000, height=600)


def test_a_trace_out_of_time_is_offered_again_for_longer(
    qtbot: QtBot, view: SolveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cut at 10 s: "Keep solving, up to 1 minute" traces with 60 s, then 5 minutes; the words
    say the limit of the trace shown, and a whole trace hides the offer."""
    limits: list[float] = []
    answers = iter(["cut", "cut", "whole"])

    def fake(
        puzzle: Puzzle,
        rule_set: RuleSet,
        titles: dict[str, str],
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> Traced:
        limits.append(time_limit)
        whole = _whole(puzzle, rule_set, titles)
        return _cut(whole) if next(answers) == "cut" else whole

    monkeypatch.setattr(view_module, "trace_puzzle", fake)
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(HOUSE)
    ui = view.ui
    assert ui.summary_label.text().endswith("<br>Stopped at the time limit of 10 s.")
    assert ui.message_label.text().startswith(
        "Before the first of 2 steps worked out within the time limit of 10 s (the rest"
    )
    assert ui.longer_button.isVisible()
    assert ui.longer_button.words() == "Keep solving, up to 1 minute"
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        ui.longer_button.click()
    assert limits == [10.0, 60.0]
    assert ui.summary_label.text().endswith("<br>Stopped at the time limit of 1 minute.")
    assert "within the time limit of 1 minute (the rest" in ui.message_label.text()
    assert ui.longer_button.words() == "Keep solving, up to 5 minutes"
    with qtbot.waitSignal(view.traceReady, timeout=10000) as ready:
        ui.longer_button.click()
    assert limits == [10.0, 60.0, LONGER_LIMITS[-1]]
    assert ready.args[0].solved and view.model.rowCount() == len(ready.args[0].steps) > 2
    assert "time limit" not in ui.summary_label.text() + ui.message_label.text()
    assert not ui.longer_button.isVisible()
    assert view.time_limit == 10.0  # (hints keep the studio's limit)


def test_the_longer_trace_keeps_the_step_the_player_is_at(
    qtbot: QtBot, view: SolveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The studio stays usable while the longer trace goes: a player who stepped on meanwhile
    was sent back to before the first step when it came (Forever at step 12, under load); its
    first steps are the shorter trace's, so the step shown stays."""
    answers = iter(["cut", "whole"])

    def fake(
        puzzle: Puzzle, rule_set: RuleSet, titles: dict[str, str], *rest: object, **kw: object
    ) -> Traced:
        whole = _whole(puzzle, rule_set, titles)
        return _cut(whole) if next(answers) == "cut" else whole

    monkeypatch.setattr(view_module, "trace_puzzle", fake)
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(HOUSE)
    view.go_to(2)
    said = view.ui.message_label.text()
    with qtbot.waitSignal(view.traceReady, timeout=10000) as ready:
        view.ui.longer_button.click()
    assert ready.args[0].solved and len(ready.args[0].steps) > 2
    assert view.position() == 2 and view.ui.message_label.text() == said


def test_the_longer_trace_stopped_keeps_the_steps_worked_out(
    qtbot: QtBot, view: SolveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    running, stopped = threading.Event(), threading.Event()
    calls: list[float] = []

    def fake(
        puzzle: Puzzle,
        rule_set: RuleSet,
        titles: dict[str, str],
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> Traced:
        calls.append(time_limit)
        cut = _cut(_whole(puzzle, rule_set, titles))
        if len(calls) == 1:
            return cut
        running.set()
        while not should_stop():
            threading.Event().wait(0.005)
        stopped.set()
        return cut

    monkeypatch.setattr(view_module, "trace_puzzle", fake)
    seen: list[Trace] = []
    view.traceReady.connect(seen.append)
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(HOUSE)
    ui = view.ui
    before = ui.summary_label.text()
    view.step_forward()
    ui.longer_button.click()
    qtbot.waitUntil(running.is_set, timeout=5000)
    # the steps worked out stay on show while the longer trace goes, the busy bar moving
    assert view.trace() is seen[0] and view.model.rowCount() == 2 and view.position() == 1
    assert ui.summary_label.text().endswith("<br>Solving for up to 1 minute\u2026")
    assert ui.longer_button.words() == "Stop solving" and view.is_busy()
    assert ui.busy.isVisible()
    ui.longer_button.click()
    assert stopped.wait(5)
    assert not view.is_busy() and ui.busy.isHidden()
    assert view.trace() is seen[0] and view.model.rowCount() == 2 and view.position() == 1
    assert ui.summary_label.text() == f"{before}<br>The longer solve was stopped."
    assert ui.longer_button.words() == "Keep solving, up to 1 minute"
    qtbot.wait(50)  # the stopped trace's result, if it were delivered, is dropped
    assert len(seen) == 1
    view.go_to(0)  # its words keep the limit of the trace shown
    assert "within the time limit of 10 s (the rest" in ui.message_label.text()


def test_an_edit_drops_the_trace_offer_and_a_solver_giving_up_gets_none(
    qtbot: QtBot, view: SolveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    reasons = iter(["", "the formula is too large for memory"])

    def fake(
        puzzle: Puzzle, rule_set: RuleSet, titles: dict[str, str], *rest: object, **kw: object
    ) -> Traced:
        return _cut(_whole(puzzle, rule_set, titles), next(reasons))

    monkeypatch.setattr(view_module, "trace_puzzle", fake)
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(HOUSE)
    assert view.ui.longer_button.isVisible()
    view.set_hand_mode(True)  # by hand, the player's game is what goes on: no offer shown
    assert not view.ui.longer_button.isVisible()
    view.set_hand_mode(False)
    assert view.ui.longer_button.isVisible()
    other = Puzzle(HOUSE.rows[::-1], tuple(c[::-1] for c in HOUSE.cols))
    view.set_puzzle(other)
    assert not view.ui.longer_button.isVisible()
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        pass
    assert "The complete solver stopped" in view.ui.summary_label.text()
    assert not view.ui.longer_button.isVisible()
