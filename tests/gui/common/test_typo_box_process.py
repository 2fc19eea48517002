"""In the studio (worker processes on) the typo search runs in a worker process: on a thread of
the GUI's process its seconds of Python kept the GUI thread waiting for Python's lock (cycling
the tabs of a 25x25 with several solutions while it ran stalled the GUI thread 1.4-2.1 s under
X11; 0.04-0.05 s with the search in a worker process)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QThreadPool

from nonostudio.gui.common.typo_box import TypoBox


@pytest.mark.slow
def test_the_typo_search_runs_in_a_worker_process(qtbot, worker_processes: None) -> None:
    box = TypoBox()
    qtbot.addWidget(box)
    busiest = 0
    box.search([(1,), (3,), (4,), (3,), (1,)], [(1,), (3,), (5,), (3,), (1,)])  # 5 typed 4
    assert box.is_busy()
    for _ in range(3000):
        busiest = max(busiest, QThreadPool.globalInstance().activeThreadCount())
        if not box.is_busy():
            break
        qtbot.wait(10)
    report = box.report()
    assert report is not None, "no report came back"
    first = box.suggestions()[0]
    assert (first.edit.axis, first.edit.index, first.edit.after) == ("row", 2, ((5,),))
    assert busiest == 0, "the search ran on a thread of the GUI's process"
