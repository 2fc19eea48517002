"""A job's progress bar at 0 % looked like an empty box (typo search, designer checks, library
checks and imports, batch grading, the tutor's jobs, learning runs): a person took the job for
stuck.  Until it has progress to show, a running job's bar is busy."""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar

from nonostudio.gui.common.progress_bars import is_busy_bar, show_progress
from nonostudio.gui.common.typo_box import TypoBox


def test_a_running_job_with_nothing_done_is_busy_then_shows_how_far(qtbot) -> None:
    bar = QProgressBar()
    qtbot.addWidget(bar)
    show_progress(bar, 0.0)
    assert is_busy_bar(bar)
    show_progress(bar, 0.004)  # (under one step of 100: nothing to show yet)
    assert is_busy_bar(bar)
    show_progress(bar, 0.25)
    assert (bar.minimum(), bar.maximum(), bar.value()) == (0, 100, 25)
    show_progress(bar, 3, 6, steps=6)
    assert (bar.maximum(), bar.value()) == (6, 3)
    show_progress(bar, 0, 6, steps=6, running=False)  # a run not running: nothing done, empty
    assert (bar.maximum(), bar.value()) == (6, 0) and not is_busy_bar(bar)


def test_the_typo_search_is_busy_until_it_reports_progress(qtbot) -> None:
    box = TypoBox()
    qtbot.addWidget(box)
    box.search(((4,), (3,), (1,)), ((1,), (3,), (2,), (1,)))
    try:
        assert is_busy_bar(box.progress)  # (it was an empty bar at 0 %)
        box._progress(0.5, "row 2")
        assert box.progress.value() == 50 and not is_busy_bar(box.progress)
    finally:
        box.clear()
