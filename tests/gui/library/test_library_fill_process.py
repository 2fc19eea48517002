"""The library's background checks run in a worker process of their own, as the panels' work
does: no job on a thread of the GUI's process (whose Python competed with the GUI thread for the
interpreter's lock: 0.16 s stalls in the first start's fill), no job queued in the panels' shared
pool, the process ended at once when the fill is cancelled (nothing more stored) and when it has
been idle a while."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common import process_pool
from nonostudio.gui.library import fill
from nonostudio.gui.library.fill import LibraryFiller


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_the_checks_run_in_a_worker_process_of_their_own(
    qtbot: QtBot, small_library: Library, worker_processes: None
) -> None:
    filler = LibraryFiller(small_library)
    pids: set[int] = set()
    busiest = 0
    shared_before = len(process_pool.shared_pool().pids())
    filler.start()
    began = time.monotonic()
    while filler.is_running() and time.monotonic() - began < 60:
        pids.update(filler.process_ids())
        busiest = max(
            busiest,
            filler.pool.activeThreadCount(),
            QThreadPool.globalInstance().activeThreadCount(),
        )
        qtbot.wait(5)
    assert not filler.is_running()
    assert all(
        e.verdict == "unique, line-solvable" and e.difficulty for e in small_library.entries()
    )
    assert busiest == 0, "a check ran on a thread of the GUI's process"
    assert len(pids) == 1 and os.getpid() not in pids
    assert len(process_pool.shared_pool().pids()) == shared_before  # the panels' pool: untouched
    filler.cancel()
    assert filler.process_ids() == [] and not alive(pids.pop())


def random_puzzles(library: Library, n: int) -> None:
    rng = np.random.default_rng(3)
    for i in range(n):
        grid = (rng.random((30, 30)) < 0.5).astype(np.int8)
        library.add(Puzzle.from_grid(grid, title=f"random {i}"))


@pytest.mark.slow
def test_cancel_ends_the_process_at_once_and_stores_nothing_more(
    qtbot: QtBot, tmp_path, worker_processes: None
) -> None:
    library = Library(tmp_path / "lib.sqlite3")
    random_puzzles(library, 4)
    filler = LibraryFiller(library)
    filler.start()
    qtbot.waitUntil(lambda: filler.process_ids() != [], timeout=30000)
    (pid,) = filler.process_ids()
    qtbot.waitUntil(lambda: filler.remaining() < 4, timeout=30000)  # a job is running
    began = time.monotonic()
    filler.cancel()
    assert time.monotonic() - began < 1.0
    assert not filler.is_running() and filler.process_ids() == []
    qtbot.waitUntil(lambda: not alive(pid), timeout=2000)
    done = [e.title for e in library.entries() if e.verdict or e.difficulty]
    qtbot.wait(300)
    QApplication.processEvents()
    assert [e.title for e in library.entries() if e.verdict or e.difficulty] == done
    assert len(done) < 4
    assert filler.start() == 4 - len(done)  # started again: a new process takes over
    qtbot.waitUntil(lambda: filler.process_ids() not in ([], [pid]), timeout=30000)
    filler.cancel()
    library.close()


def test_the_process_ends_when_idle(
    qtbot: QtBot, small_library: Library, worker_processes: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fill, "IDLE_S", 0.5)
    filler = LibraryFiller(small_library)
    with qtbot.waitSignal(filler.finished, timeout=60000):
        filler.start()
    (pid,) = filler.process_ids()  # kept for the puzzles added next …
    qtbot.waitUntil(lambda: filler.process_ids() == [], timeout=5000)  # … for IDLE_S
    qtbot.waitUntil(lambda: not alive(pid), timeout=2000)
