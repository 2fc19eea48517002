"""In the studio (worker processes on) the tutor's work runs in a worker process: "for you"'s
grading of the library, Practice's search for drill lines and the attribution of a hand solver's
moves (tutor_jobs.py).  On threads of the studio's process their seconds of Python kept the GUI
thread waiting for Python's lock.  Checked as the stall probes check it: no job of the GUI
process's thread pool, and the results arrive from the process."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest
from pictures import HOUSE
from PySide6.QtCore import QThreadPool
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from nonostudio.analysis.tutor.lines import easiest_technique
from nonostudio.core.library import Library
from nonostudio.core.library.profiles import ProfileStore
from nonostudio.core.line import FILLED
from nonostudio.core.puzzle import new_grid
from nonostudio.core.samples import sample_puzzles
from nonostudio.gui.common.process_pool import ProcessWorker, shared_pool
from nonostudio.gui.common.workers import CurrentWorker
from nonostudio.gui.tutor import solve_events, tutor_jobs
from nonostudio.gui.tutor.for_you import ForYouPanel
from nonostudio.gui.tutor.practice_view import PracticeView
from nonostudio.gui.tutor.solve_events import HandSolveLog
from nonostudio.gui.tutor.tutor_jobs import PendingEvent


@pytest.fixture
def warm(qtbot: QtBot, worker_processes: None) -> None:
    """The studio's worker processes started, as they are before a person asks for anything."""
    shared_pool().warm_up()
    qtbot.waitUntil(shared_pool().is_warm, timeout=60000)


def in_process(current: CurrentWorker, done, seconds: float = 20.0) -> int:
    """Wait for ``done()`` with the job of ``current`` in a worker process; the most threads
    of the GUI process's pool seen busy meanwhile."""
    assert isinstance(current.worker, ProcessWorker), "the job is not a worker process's"
    busiest = 0
    for _ in range(int(seconds * 100)):
        busiest = max(busiest, QThreadPool.globalInstance().activeThreadCount())
        if done():
            break
        QTest.qWait(10)
    assert done(), "the job did not end"
    return busiest


def test_for_you_grades_in_a_worker_process(qtbot: QtBot, tmp_path: Path, warm: None) -> None:
    path = tmp_path / "library.sqlite"
    library = Library(path)
    for name, puzzle in sample_puzzles(max_side=10)[:2]:
        library.add(puzzle, name)
    panel = ForYouPanel(library, path, lambda: "Ada")
    qtbot.addWidget(panel)
    try:
        panel.refresh()
        assert in_process(panel._worker, lambda: not panel.is_busy()) == 0
        assert len(panel._graded) == 2 and all(panel._graded.values()), panel.label.text()
    finally:
        panel.shutdown()
        library.close()


def test_practice_finds_drill_lines_in_a_worker_process(
    qtbot: QtBot, tmp_path: Path, warm: None
) -> None:
    view = PracticeView(tmp_path / "library.sqlite")
    qtbot.addWidget(view)
    try:
        view.technique_box.setCurrentIndex(view.technique_box.findData("overlap"))
        view.start()
        assert in_process(view._loader, lambda: view.drill is not None) == 0
        assert view.drill is not None and view.drill.technique == "overlap"
    finally:
        view.shutdown()


def test_hand_moves_are_attributed_in_a_worker_process(
    qtbot: QtBot, tmp_path: Path, warm: None
) -> None:
    log = HandSolveLog(tmp_path / "lib.sqlite", lambda: "Ada")
    log.store.ensure("Ada")
    try:
        empty = new_grid(HOUSE.height, HOUSE.width)
        after = empty.copy()
        after[2, 0] = FILLED  # row 3 is #####
        solution = np.asarray(HOUSE.goal)
        log._push(PendingEvent("move", HOUSE, solution, empty, 7.0, -1, "Ada", 1.0, after))
        assert in_process(log._worker, lambda: not log.is_busy()) == 0
        (event,) = log.store.events("Ada")
        assert (event.kind, event.source, event.score) == ("move", "solve", 1.0)
        assert event.technique == easiest_technique(HOUSE, empty)
    finally:
        log.close()


def test_closing_attributes_nothing_on_the_gui_thread_and_loses_nothing(
    qtbot: QtBot, tmp_path: Path, warm: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What is left at close goes to the library's spool folder, and the next log on that
    library attributes it in a worker process: attributed at close, 5 moves on a 1000x1000
    puzzle held the GUI thread 24.5 s while the window closed."""
    path = tmp_path / "lib.sqlite"
    log = HandSolveLog(path, lambda: "Ada")
    log.store.ensure("Ada")
    empty = new_grid(HOUSE.height, HOUSE.width)
    after = empty.copy()
    after[2, 0] = FILLED  # row 3 is #####
    solution = np.asarray(HOUSE.goal)
    called: list[object] = []
    with monkeypatch.context() as patched:
        patched.setattr(solve_events, "attribute_events", lambda *a: called.append(a) or [])
        log._queue = [  # (not pushed: waiting for the worker, as a busy log's queue waits)
            PendingEvent("move", HOUSE, solution, empty, 7.0, -1, "Ada", 1.0, after),
            PendingEvent("hint", HOUSE, solution, after, None, 2, "Ada", 2.0),
        ]
        log.close()
    assert called == [], "close attributed events on the GUI thread"
    with ProfileStore(path) as store:
        assert store.events("Ada") == []
    spool = tmp_path / "lib.sqlite.solve-events"
    (kept,) = spool.iterdir()
    quitter = HandSolveLog(path, lambda: "Ada")  # closed before its worker is done:
    assert quitter.is_busy() and not kept.exists()  # (claimed)
    quitter.close()
    assert [p.name for p in spool.iterdir()] == [kept.name]  # ...the file goes back
    later = HandSolveLog(path, lambda: "Ada")
    try:
        assert in_process(later._worker, lambda: not later.is_busy()) == 0
        events = later.store.events("Ada")
        assert [(e.kind, e.seconds, e.at) for e in events] == [
            ("move", 7.0, 1.0),
            ("hint", None, 2.0),
        ]
        assert events[0].technique == easiest_technique(HOUSE, empty)
        assert events[0].item == "5x5 house" and events[0].score == 1.0
        assert later.failed == ""
    finally:
        later.close()
    assert not list(spool.iterdir())  # taken, not kept twice


def test_a_later_start_takes_back_the_files_a_killed_studio_claimed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """A studio killed while it held spooled events (renamed ``*.<pid>.taking``) left them
    claimed, and no later start took them: they are taken when that pid is gone, recorded once,
    and a claim of a process that runs (this one) is left alone."""
    import subprocess
    import sys

    path = tmp_path / "lib.sqlite"
    with ProfileStore(path) as store:
        store.ensure("Ada")
    spool = tmp_path / "lib.sqlite.solve-events"
    empty = new_grid(HOUSE.height, HOUSE.width)
    after = empty.copy()
    after[2, 0] = FILLED
    solution = np.asarray(HOUSE.goal)
    dead_owner = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = int(dead_owner.stdout)
    orphan = tutor_jobs.write_spool(
        spool, [PendingEvent("move", HOUSE, solution, empty, 7.0, -1, "Ada", 1.0, after)]
    )
    stale = orphan.with_name(f"{orphan.name}.{dead}.taking")
    orphan.rename(stale)
    held = tutor_jobs.write_spool(
        spool, [PendingEvent("hint", HOUSE, solution, after, None, 2, "Ada", 2.0)]
    )
    live = held.with_name(f"{held.name}.{os.getpid()}.taking")  # a live studio holds it
    held.rename(live)
    log = HandSolveLog(path, lambda: "Ada")
    try:
        assert not stale.exists() and live.exists()
        qtbot.waitUntil(lambda: not log.is_busy(), timeout=10000)
        assert [(e.kind, e.at) for e in log.store.events("Ada")] == [("move", 1.0)]
        assert log.failed == ""
    finally:
        log.close()
    assert sorted(p.name for p in spool.iterdir()) == [live.name]
    again = HandSolveLog(path, lambda: "Ada")  # nothing left to take: recorded once
    try:
        assert not again.is_busy()
        assert len(again.store.events("Ada")) == 1
    finally:
        again.close()
