"""The hint from the player's grid is found in a worker process of its own, as the colour
trace is: on a thread of the studio's process the search took turns at Python's lock with the
GUI thread (a hint on acorn took three times as long, the GUI thread waited up to 0.14-0.36 s).
Its process is not the shared pool's, whose processes the check, grade and trace of the puzzle
may hold to the time limit."""

from __future__ import annotations

import os

from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.hints import unknown_grid
from nonostudio.gui.common import process_pool
from nonostudio.gui.solve.colour.view import ColourSolveView


def test_the_hint_from_the_players_grid_is_found_in_a_worker_process(
    qtbot: QtBot, view: ColourSolveView, worker_processes: None
) -> None:
    view.set_hand_mode(True)  # the hints' process starts now
    assert view.hand_sets() == unknown_grid(view.puzzle())
    qtbot.waitUntil(process_pool.hint_pool().is_warm, timeout=30000)
    threads = 0
    view.request_hint()
    assert view.ui.message_label.text() == "Looking for a hint…"
    while view.hint_rung() != 0:
        threads = max(threads, QThreadPool.globalInstance().activeThreadCount())
        qtbot.wait(2)
        assert view.ui.message_label.text() in ("Looking for a hint…", "")
    assert threads == 0, "the hint was looked for on a thread of the GUI's process"
    (pid,) = process_pool.hint_pool().pids()
    assert pid != os.getpid() and pid not in process_pool.shared_pool().pids()
    for _ in range(4):
        view.request_hint()  # the rungs, the last applies the step
    assert view.hand_sets() != unknown_grid(view.puzzle())
