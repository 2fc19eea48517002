"""The check panel runs the complete solver in the background and shows its verdict."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

import numpy as np
import pytest
from keyboard import type_text
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from nonostudio.core import solver as real_solver
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict
from nonostudio.gui.common.workers import Worker
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.panels.check import CheckPanel

# The ``started_workers`` fixture (``conftest.py``).
StartedWorkers = Callable[[str], list[Worker]]


@pytest.fixture
def panel(qtbot: QtBot) -> Iterator[CheckPanel]:
    widget = CheckPanel(delay_ms=20)
    qtbot.addWidget(widget)
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def _picture(*rows: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.int8)


def test_ambiguous_two_by_two_offers_the_alternate(qtbot: QtBot, panel: CheckPanel) -> None:
    puzzle = Puzzle(((1,), (1,)), ((1,), (1,)))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000) as blocker:
        panel.set_puzzle(puzzle)
    result = blocker.args[0]
    assert result.verdict is Verdict.MULTIPLE
    assert panel.verdict_label.text() == "Multiple solutions"
    assert not panel.alternate_button.isHidden()
    with qtbot.waitSignal(panel.alternateRequested) as alt:
        panel.alternate_button.click()
    grid = alt.args[0]
    assert puzzle.is_solution(grid) and not np.array_equal(grid, result.solution)


def test_unique_puzzle(qtbot: QtBot, panel: CheckPanel) -> None:
    puzzle = Puzzle.from_grid(_picture("###", "#..", "##."))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(puzzle)
    assert panel.verdict_label.text().startswith("Unique")
    assert "Checked in" in panel.detail_label.text()
    assert panel.alternate_button.isHidden()
    assert not panel.is_busy() and panel.busy.isHidden()


def test_no_solution(qtbot: QtBot, panel: CheckPanel) -> None:
    # Totals agree (2 = 2), but a full top row would put a cell in the empty first column.
    puzzle = Puzzle(((2,), ()), ((), (2,)))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(puzzle)
    assert panel.verdict_label.text() == "No solution"


def test_newer_puzzle_replaces_pending_check(
    qtbot: QtBot, panel: CheckPanel, started_workers: StartedWorkers
) -> None:
    workers = started_workers("nonostudio.gui.panels.check")
    seen: list[SolveResult] = []
    panel.verdictReady.connect(seen.append)
    panel.set_puzzle(Puzzle(((1,), (1,)), ((1,), (1,))))
    unique = Puzzle.from_grid(_picture("##", "#."))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(unique)
    qtbot.waitUntil(lambda: all(w.is_delivered() for w in workers), timeout=5000)
    assert len(workers) == 1  # the pending check was replaced before it started
    assert [r.verdict for r in seen] == [Verdict.UNIQUE_LINE]


def test_metadata_change_does_not_recheck(qtbot: QtBot, panel: CheckPanel) -> None:
    puzzle = Puzzle.from_grid(_picture("#.", ".."))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(puzzle)
    panel.set_puzzle(puzzle.with_meta(title="Renamed"))
    assert not panel.is_busy()


def test_no_puzzle_shows_a_message_and_drops_the_verdict(qtbot: QtBot, panel: CheckPanel) -> None:
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(Puzzle(((1,), (1,)), ((1,), (1,))))
    assert not panel.alternate_button.isHidden()
    panel.set_puzzle(None)
    assert panel.verdict_label.text() == "No puzzle to check"
    assert panel.detail_label.text() == "Fix the clues to check the puzzle."
    assert panel.result() is None and panel.alternate_button.isHidden()
    assert not panel.is_busy() and panel.busy.isHidden()


def test_invalid_clues_show_a_message(qtbot: QtBot, panel: CheckPanel) -> None:
    """Clues typed in the editor that do not make a puzzle (a row clue wider than the row) reach
    the panel as no puzzle, as the main window wires them, and it says so instead of checking."""
    editor = EditorView()
    qtbot.addWidget(editor)
    editor.new_puzzle(3, 2)
    editor.puzzleChanged.connect(panel.set_puzzle)
    editor.set_mode("clues")
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        type_text(qtbot, editor.ui.cols_edit, "1\n1\n1")
        type_text(qtbot, editor.ui.rows_edit, "2\n1")
    assert panel.result() is not None
    type_text(qtbot, editor.ui.rows_edit, "2 2\n1")  # needs 5 cells, the row has 3
    assert editor.puzzle() is None and "row 1" in editor.ui.rows_message.text()
    assert panel.verdict_label.text() == "No puzzle to check"
    assert panel.detail_label.text() == "Fix the clues to check the puzzle."
    assert panel.result() is None and not panel.is_busy()


def test_new_puzzle_cancels_a_running_check(
    qtbot: QtBot,
    panel: CheckPanel,
    monkeypatch: pytest.MonkeyPatch,
    started_workers: StartedWorkers,
) -> None:
    """A check still running is told to stop, and only the newer puzzle's verdict is shown."""
    workers = started_workers("nonostudio.gui.panels.check")
    running = threading.Event()
    stopped = threading.Event()
    slow = Puzzle(((1,), (1,)), ((1,), (1,)))

    def fake_solve(
        puzzle: Puzzle,
        *,
        time_limit: float,
        progress: ProgressCallback,
        should_stop: StopCallback,
        memory_budget: int | None = None,
    ) -> real_solver.SolveResult:
        if puzzle is slow:
            running.set()
            while not should_stop():
                threading.Event().wait(0.005)
            stopped.set()
            return real_solver.SolveResult(Verdict.UNDECIDED, np.zeros((2, 2), np.int8))
        return real_solver.solve(puzzle, time_limit=time_limit)

    monkeypatch.setattr("nonostudio.gui.panels.panel_jobs.solve", fake_solve)
    seen: list[SolveResult] = []
    panel.verdictReady.connect(seen.append)
    panel.set_puzzle(slow)
    qtbot.waitUntil(running.is_set, timeout=5000)
    assert panel.is_busy() and not panel.busy.isHidden()
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(Puzzle.from_grid(_picture("#.", "##")))
    assert stopped.wait(5)
    qtbot.waitUntil(lambda: all(w.is_delivered() for w in workers), timeout=5000)
    assert len(workers) == 2 and workers[0].is_cancelled()
    assert [r.verdict for r in seen] == [Verdict.UNIQUE_LINE]
    assert panel.verdict_label.text() == "Unique, line-solvable"


def test_a_puzzle_too_large_for_the_solver_says_so_not_the_time_limit(
    qtbot: QtBot, panel: CheckPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The solver stops a puzzle whose SAT formula would not fit in memory with a reason; the
    panel said 'The solver could not decide within the time limit.', false there."""
    from nonostudio.gui.panels import check

    def tiny_budget(puzzle, time_limit, progress, should_stop) -> SolveResult:
        return real_solver.solve(puzzle, time_limit=time_limit, memory_budget=1)

    monkeypatch.setattr(check, "check_puzzle", tiny_budget)
    with qtbot.waitSignal(panel.verdictReady, timeout=10000) as blocker:
        # every permutation matrix fits: line logic decides none of the 196 cells, too many
        # for the small search, so the SAT stage is asked
        panel.set_puzzle(Puzzle(((1,),) * 14, ((1,),) * 14))
    reason = blocker.args[0].reason
    assert reason.startswith("too large for the complete solver")
    detail = panel.detail_label.text()
    assert detail.startswith("Too large for the complete solver") and "time limit" not in detail
    assert "line logic decided 0 of 196 cells" in detail
