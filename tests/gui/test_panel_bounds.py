"""The difficulty panel, the solving view, Grade a Folder and the library's background grading
are bounded like ``explain`` and ``grade``: their work stops at a time limit (the check panel's by
default) and says so, and a puzzle over the size limit is refused at once, with no background
work."""

from __future__ import annotations

from collections.abc import Callable
from inspect import signature
from pathlib import Path

from pytestqt.qtbot import QtBot

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.core.formats import read_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.workers import Worker
from nonostudio.gui.library.batch_grade import grade_folder
from nonostudio.gui.library.fill import check_and_grade
from nonostudio.gui.panels.difficulty import DifficultyPanel
from nonostudio.gui.solve.view import SolveView
from nonostudio.rules.ruleset import load_rule_set

StartedWorkers = Callable[[str], list[Worker]]  # the ``started_workers`` fixture (conftest.py)


def faase(anchors: Path) -> Puzzle:
    """Frans Faase's 80x95: grading or tracing it takes minutes."""
    return read_file(anchors / "puzzles" / "emacs-nonogram" / "33-faase.non")


def blank(width: int, height: int) -> Puzzle:
    return Puzzle(((),) * height, ((),) * width)


def test_the_difficulty_panel_stops_at_its_time_limit(qtbot: QtBot, anchors: Path) -> None:
    assert signature(DifficultyPanel).parameters["time_limit"].default == TIME_LIMIT_S
    panel = DifficultyPanel(delay_ms=1, time_limit=0.5)
    qtbot.addWidget(panel)
    with qtbot.waitSignal(panel.gradeReady, timeout=10000) as blocker:
        panel.set_puzzle(faase(anchors))
    result = blocker.args[0]
    assert result.timed_out and result.label == "Undecided" and result.seconds < 5
    assert panel.label.text() == "Undecided"
    assert panel.tier_label.text() == "Stopped at the time limit of 0.5 s."


def test_the_difficulty_panel_refuses_a_puzzle_over_the_size_limit(
    qtbot: QtBot, started_workers: StartedWorkers
) -> None:
    workers = started_workers("nonostudio.gui.panels.grading")
    panel = DifficultyPanel(delay_ms=1)
    qtbot.addWidget(panel)
    panel.set_puzzle(blank(1025, 1024))
    assert panel.label.text() == "Too large to grade"
    assert "1025x1024 puzzle has 1,049,600 cells" in panel.explanation_label.text()
    assert not panel.is_busy() and workers == []


def test_the_solving_view_stops_at_its_time_limit(qtbot: QtBot, anchors: Path) -> None:
    view = SolveView(delay_ms=1)
    qtbot.addWidget(view)
    assert view.time_limit == TIME_LIMIT_S
    view.time_limit = 0.5
    with qtbot.waitSignal(view.traceReady, timeout=10000) as blocker:
        view.set_puzzle(faase(anchors))
    assert blocker.args[0].interrupted
    assert view.ui.summary_label.text().endswith("Stopped at the time limit of 0.5 s.")
    view.cancel()


def test_the_solving_view_refuses_a_puzzle_over_the_size_limit(
    qtbot: QtBot, started_workers: StartedWorkers
) -> None:
    workers = started_workers("nonostudio.gui.solve.view")
    view = SolveView(delay_ms=1)
    qtbot.addWidget(view)
    view.set_puzzle(blank(1025, 1024))
    qtbot.waitUntil(
        lambda: "Cannot solve step by step" in view.ui.summary_label.text(), timeout=5000
    )
    assert "1025x1024 puzzle has 1,049,600 cells" in view.ui.summary_label.text()
    assert workers == []
    view.cancel()


def test_a_folder_is_graded_puzzle_by_puzzle_within_the_time_limit(anchors: Path) -> None:
    rows: list[dict] = []
    path = anchors / "puzzles" / "emacs-nonogram" / "33-faase.non"
    rule_set = load_rule_set(DEFAULT_RULE_SET)
    assert signature(grade_folder).parameters["time_limit"].default == TIME_LIMIT_S
    assert grade_folder([path], rule_set, rows.append, lambda f, m: None, lambda: False, 0.5) == 1
    assert rows[0]["label"] == "Undecided" and rows[0]["seconds"] < 5


def test_the_library_keeps_no_difficulty_for_a_grade_stopped_at_the_time_limit(
    anchors: Path,
) -> None:
    puzzle = faase(anchors)
    found = check_and_grade(puzzle, "unique", "", DEFAULT_RULE_SET, lambda: False, 0.5)
    assert found == ("unique", "")  # left for a later try, not stored as "Undecided"


def test_the_solving_view_says_why_the_complete_solver_stopped_not_the_time_limit(
    qtbot: QtBot, monkeypatch
) -> None:
    """A puzzle whose SAT formula would not fit in memory ends its trace at once with the
    solver's reason; the view said 'Stopped at the time limit of 10 s.', false there.  (The
    Solve job's share of the memory budget, one byte here, reaches the trace's solver.)"""
    from nonostudio.gui.common import process_child

    monkeypatch.setattr(process_child.SHARES, "_budget", lambda: 1)
    monkeypatch.setattr(process_child.SHARES, "_floor", 1)
    view = SolveView(delay_ms=1)
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.traceReady, timeout=10000) as blocker:
        # every permutation matrix fits: no line logic, no contradiction, 196 cells to search
        view.set_puzzle(Puzzle(((1,),) * 14, ((1,),) * 14))
    trace = blocker.args[0]
    assert trace.interrupted and trace.stop_reason.startswith("too large for the complete")
    summary = view.ui.summary_label.text()
    assert "The complete solver stopped: too large for the complete solver" in summary
    assert "time limit" not in summary
    message = view.ui.message_label.text()
    assert message.startswith("No step was worked out before the complete solver stopped (too")
    assert "time limit" not in message
    view.cancel()
