"""The colour Solve view's trace stopped by its time limit is offered again with a longer one, as
the black-and-white view's is (tests/gui/solve/test_solve_longer.py): "Keep solving, up to 1
minute", then 5 minutes, beside the hint button; stopping it keeps the steps worked out, by hand
no offer is shown, an edit drops it, and a colour solver that gave up for memory gets none.  The
traces are real ones of the six-by-six, cut after two steps as a time limit cuts one; only the
limit the view asks for is recorded."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.hints import grid_after
from nonostudio.analysis.colour.trace import ColourTrace, colour_trace
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.gui.common.limits import LONGER_LIMITS
from nonostudio.gui.solve.colour import view as view_module
from nonostudio.gui.solve.colour.view import ColourSolveView

sys.path.insert(0, str(Path(__file__).parent))
from colour_pictures import PUZZLE  # noqa: E402


def _cut(whole: ColourTrace, reason: str | None = None) -> ColourTrace:
    """``whole`` cut after its second step, as the time limit cuts a trace (``reason``: as the
    colour solver giving up on its own, for memory, cuts it)."""
    grid = [list(row) for row in grid_after(whole, 2)]
    return ColourTrace(whole.puzzle, whole.steps[:2], "undecided", reason, grid, "undecided")


@pytest.fixture
def view(qtbot: QtBot) -> ColourSolveView:
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    v.resize(1000, 600)
    v.show()
    qtbot.waitExposed(v)
    yield v
    v.cancel()


def test_a_colour_trace_out_of_time_is_offered_again_for_longer(
    qtbot: QtBot, view: ColourSolveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    limits: list[float] = []
    answers = iter(["cut", "cut", "whole"])

    def fake(
        puzzle: ColourPuzzle,
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> ColourTrace:
        limits.append(time_limit)
        whole = colour_trace(puzzle)
        return _cut(whole) if next(answers) == "cut" else whole

    monkeypatch.setattr(view_module, "trace_colour_puzzle", fake)
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(PUZZLE)
    ui = view.ui
    assert "Stopped at the time limit of 10 s</b> in 2 steps" in ui.summary_label.text()
    assert ui.message_label.text().startswith(
        "Stopped at the time limit of 10 s: 2 steps worked out, "
    )
    assert ui.longer_button.isVisible()
    assert ui.longer_button.words() == "Keep solving, up to 1 minute"
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        ui.longer_button.click()
    assert limits == [10.0, 60.0]
    assert "Stopped at the time limit of 1 minute</b>" in ui.summary_label.text()
    assert ui.message_label.text().startswith("Stopped at the time limit of 1 minute: 2 steps")
    assert ui.longer_button.words() == "Keep solving, up to 5 minutes"
    with qtbot.waitSignal(view.traceReady, timeout=10000) as ready:
        ui.longer_button.click()
    assert limits == [10.0, 60.0, LONGER_LIMITS[-1]]
    assert ready.args[0].solved and view.model.rowCount() == len(ready.args[0].steps) > 2
    assert "time limit" not in ui.summary_label.text() + ui.message_label.text()
    assert not ui.longer_button.isVisible()
    assert view.time_limit == 10.0  # (hints keep the studio's limit)


def test_the_longer_colour_trace_stopped_keeps_the_steps_worked_out(
    qtbot: QtBot, view: ColourSolveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    running, stopped = threading.Event(), threading.Event()
    calls: list[float] = []

    def fake(
        puzzle: ColourPuzzle,
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> ColourTrace:
        calls.append(time_limit)
        cut = _cut(colour_trace(puzzle))
        if len(calls) == 1:
            return cut
        running.set()
        while not should_stop():
            threading.Event().wait(0.005)
        stopped.set()
        return cut

    monkeypatch.setattr(view_module, "trace_colour_puzzle", fake)
    seen: list[ColourTrace] = []
    view.traceReady.connect(seen.append)
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(PUZZLE)
    ui = view.ui
    before = ui.summary_label.text()
    view.step_forward()
    ui.longer_button.click()
    qtbot.waitUntil(running.is_set, timeout=5000)
    assert view.trace() is seen[0] and view.model.rowCount() == 2 and view.position() == 1
    assert ui.summary_label.text().endswith("<br>Solving for up to 1 minute\u2026")
    assert ui.longer_button.words() == "Stop solving" and ui.busy.isVisible()
    ui.longer_button.click()
    assert stopped.wait(5)
    assert ui.busy.isHidden()
    assert view.trace() is seen[0] and view.model.rowCount() == 2 and view.position() == 1
    assert ui.summary_label.text() == f"{before}<br>The longer solve was stopped."
    assert ui.longer_button.words() == "Keep solving, up to 1 minute"
    qtbot.wait(50)  # the stopped trace's result, if it were delivered, is dropped
    assert len(seen) == 1
    view.go_to(0)  # its words keep the limit of the trace shown
    assert ui.message_label.text().startswith("Stopped at the time limit of 10 s: 2 steps")


def test_an_edit_drops_the_colour_offer_and_a_solver_giving_up_gets_none(
    qtbot: QtBot, view: ColourSolveView, monkeypatch: pytest.MonkeyPatch
) -> None:
    reasons = iter([None, "the formula is too large for memory"])

    def fake(puzzle: ColourPuzzle, *rest: object, **kw: object) -> ColourTrace:
        return _cut(colour_trace(puzzle), next(reasons))

    monkeypatch.setattr(view_module, "trace_colour_puzzle", fake)
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(PUZZLE)
    assert view.ui.longer_button.isVisible()
    view.set_hand_mode(True)  # by hand, the player's game is what goes on: no offer shown
    assert not view.ui.longer_button.isVisible()
    view.set_hand_mode(False)
    assert view.ui.longer_button.isVisible()
    other = ColourPuzzle(PUZZLE.palette, PUZZLE.rows[::-1], PUZZLE.cols[::-1])
    with qtbot.waitSignal(view.traceReady, timeout=10000):
        view.set_puzzle(other)
        assert not view.ui.longer_button.isVisible()
    assert "The formula is too large for memory." in view.ui.summary_label.text()
    assert not view.ui.longer_button.isVisible()
