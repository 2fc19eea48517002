"""In the studio (worker processes on) the black-and-white Designer Checks run in a worker
process, as the colour ones do: on a thread of the studio's process their seconds of Python kept
the GUI thread waiting for Python's lock (cycling the tabs while they ran on webpbn Wild stalled
it 0.3-0.7 s under X11; 0.03-0.07 s in a worker process).  Cancel still ends the work at once
(the job stops when asked, not when its process is ended), and a failure reaches the person as
one line of words, not a traceback."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from pictures import picture
from PySide6.QtCore import QThreadPool
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import read_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common import process_pool
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.process_pool import ProcessWorker, shared_pool
from nonostudio.gui.editor.designer_checks import BlackWhiteDesign, DesignerPanel
from nonostudio.gui.editor.designer_job import check_puzzle_design
from nonostudio.gui.editor.view import EditorView

DIAGONAL = picture("#.", ".#")  # the clues 1/1 x 1/1 also fit the other diagonal
WILD = Path(__file__).resolve().parents[4] / "shared/anchors/puzzles/picross-solver/webpbn"
WILD = WILD / "webpbn-35105-wild.non"  # 45x60: the edits' search takes many seconds


@pytest.fixture
def designer(
    qtbot: QtBot, show_designer, worker_processes: None
) -> tuple[EditorView, DesignerPanel]:
    """An editor and its designer panel, the studio's worker processes started."""
    editor = EditorView()
    panel = DesignerPanel(editor)
    panel.set_rule_set("control")
    shared_pool().warm_up()
    qtbot.waitUntil(shared_pool().is_warm, timeout=60000)
    return show_designer(editor, panel)


def test_the_checks_run_in_a_worker_process(qtbot: QtBot, designer) -> None:
    editor, panel = designer
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    with qtbot.waitSignal(panel.findingsReady, timeout=20000):
        assert panel.run_checks()
        assert isinstance(panel._worker, ProcessWorker)
        busiest = QThreadPool.globalInstance().activeThreadCount()
    assert busiest == 0, "the checks ran on a thread of the GUI's process"
    assert panel.edits() and "make it unique" in panel.summary_label.text()
    assert sorted(panel.overlay.stuck_cells()) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_cancel_ends_the_work_at_once(qtbot: QtBot, designer) -> None:
    if not WILD.exists():
        pytest.skip(f"{WILD} is not here")
    editor, panel = designer
    editor.set_puzzle(read_file(WILD))
    assert panel.run_checks()
    worker = panel._worker
    assert isinstance(worker, ProcessWorker)
    qtbot.waitUntil(lambda: "tried" in panel.summary_label.text(), timeout=20000)  # searching
    assert QThreadPool.globalInstance().activeThreadCount() == 0
    asked = time.monotonic()
    panel.cancel()
    assert not panel.is_busy() and panel.check_button.isEnabled()
    pool = shared_pool()
    while not pool.is_idle() and time.monotonic() < asked + 5:
        QTest.qWait(10)
    stopped = time.monotonic() - asked
    assert pool.is_idle()
    # the job stopped when asked: its process was not ended after KILL_AFTER_S
    assert stopped < process_pool.KILL_AFTER_S / 2, f"the work went on {stopped:.2f} s"
    assert worker.job.name.endswith("check_puzzle_design")


class Failing(BlackWhiteDesign):
    """Checks that fail in the worker process (no puzzle where one is needed: a bug)."""

    def checks(self) -> ProcessJob | str:
        return ProcessJob(check_puzzle_design, (None, self.rule_set, None))


def test_a_failure_is_said_in_words(qtbot: QtBot, designer) -> None:
    editor, panel = designer
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    failing = Failing(editor)
    failing.rule_set = panel._design.rule_set
    panel._kind = failing
    assert panel.run_checks()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=20000)
    text = panel.summary_label.text()
    assert text.startswith("Cannot check: AttributeError"), text
    assert "Traceback" not in text and "\n" not in text
