"""The check panel runs the complete solver in the background and shows its verdict."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from PySide6.QtCore import QThreadPool

from nonostudio.core import solver as real_solver
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict
from nonostudio.gui.check_panel import CheckPanel


@pytest.fixture
def panel(qtbot) -> CheckPanel:
    widget = CheckPanel(delay_ms=20)
    qtbot.addWidget(widget)
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


def _picture(*rows: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.int8)


def test_ambiguous_two_by_two_offers_the_alternate(qtbot, panel: CheckPanel) -> None:
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


def test_unique_puzzle(qtbot, panel: CheckPanel) -> None:
    puzzle = Puzzle.from_grid(_picture("###", "#..", "##."))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(puzzle)
    assert panel.verdict_label.text().startswith("Unique")
    assert "Checked in" in panel.detail_label.text()
    assert panel.alternate_button.isHidden()
    assert not panel.is_busy() and panel.busy.isHidden()


def test_no_solution(qtbot, panel: CheckPanel) -> None:
    # Totals agree (2 = 2), but a full top row would put a cell in the empty first column.
    puzzle = Puzzle(((2,), ()), ((), (2,)))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(puzzle)
    assert panel.verdict_label.text() == "No solution"


def test_newer_puzzle_replaces_pending_check(qtbot, panel: CheckPanel) -> None:
    seen = []
    panel.verdictReady.connect(seen.append)
    panel.set_puzzle(Puzzle(((1,), (1,)), ((1,), (1,))))
    unique = Puzzle.from_grid(_picture("##", "#."))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(unique)
    qtbot.wait(100)
    assert [r.verdict for r in seen] == [Verdict.UNIQUE_LINE]


def test_metadata_change_does_not_recheck(qtbot, panel: CheckPanel) -> None:
    puzzle = Puzzle.from_grid(_picture("#.", ".."))
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(puzzle)
    panel.set_puzzle(puzzle.with_meta(title="Renamed"))
    assert not panel.is_busy()


def test_invalid_clues_show_a_message(qtbot, panel: CheckPanel) -> None:
    panel.set_puzzle(None)
    assert panel.verdict_label.text() == "No puzzle to check"
    assert not panel.is_busy()


def test_new_puzzle_cancels_a_running_check(qtbot, panel: CheckPanel, monkeypatch) -> None:
    """A check still running is told to stop, and only the newer puzzle's verdict is shown."""
    running = threading.Event()
    stopped = threading.Event()
    slow = Puzzle(((1,), (1,)), ((1,), (1,)))

    def fake_solve(puzzle, *, time_limit, progress, should_stop):
        if puzzle is slow:
            running.set()
            while not should_stop():
                threading.Event().wait(0.005)
            stopped.set()
            return real_solver.SolveResult(Verdict.UNDECIDED, np.zeros((2, 2), np.int8))
        return real_solver.solve(puzzle, time_limit=time_limit)

    monkeypatch.setattr("nonostudio.gui.check_panel.solve", fake_solve)
    seen = []
    panel.verdictReady.connect(seen.append)
    panel.set_puzzle(slow)
    qtbot.waitUntil(running.is_set, timeout=5000)
    assert panel.is_busy() and not panel.busy.isHidden()
    with qtbot.waitSignal(panel.verdictReady, timeout=10000):
        panel.set_puzzle(Puzzle.from_grid(_picture("#.", "##")))
    assert stopped.wait(5)
    qtbot.wait(50)
    assert [r.verdict for r in seen] == [Verdict.UNIQUE_LINE]
    assert panel.verdict_label.text() == "Unique, line-solvable"
