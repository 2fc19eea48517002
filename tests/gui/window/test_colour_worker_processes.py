"""A colour puzzle's work runs in worker processes, as a black-and-white one's does: the colour
Difficulty panel's grade, the colour Solve view's trace and the colour Designer Checks (on the
thread pool, Python's lock held by them kept the GUI thread waiting: 0.2-0.5 s gaps opening
acorn.g under load).  Checked as the stall probes check it: no job of the GUI process's thread
pool while the three run, and their results arrive."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from studio_window import end_background, show_window

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.gui.common.process_pool import shared_pool

PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
#: The two reds can swap corners: several solutions, so the designer looks for edits too.
SEVERAL = ((1, 0, 0, 2), (0, 1, 0, 2), (2, 2, 0, 0), (0, 0, 2, 1))


@pytest.mark.slow
def test_the_colour_pages_work_in_worker_processes(
    qtbot: QtBot,
    small_library: Library,
    settings: QSettings,
    tmp_path: Path,
    worker_processes: None,
) -> None:
    win = show_window(qtbot, small_library, settings)
    try:
        qtbot.waitUntil(shared_pool().is_warm, timeout=60000)
        path = tmp_path / "several.xml"
        rows, cols = clues_of_colour_grid(SEVERAL)
        write_file(ColourPuzzle(PALETTE, rows, cols, goal=SEVERAL), path)
        assert win.files.open_file(path, ask=False)
        pages = win.colour_pages()
        designer = pages.designer_panel
        assert designer is not None and designer.run_checks()
        busiest = 0
        for _ in range(3000):
            busiest = max(busiest, QThreadPool.globalInstance().activeThreadCount())
            if (
                pages.difficulty_panel.result() is not None
                and pages.solve_view.trace() is not None
                and not designer.is_busy()
            ):
                break
            QTest.qWait(10)
        grade, trace = pages.difficulty_panel.result(), pages.solve_view.trace()
        assert grade is not None and grade.label == "Not unique"
        assert trace is not None and trace.steps
        assert designer.edits(), designer.summary_label.text()
        assert busiest == 0, "colour work ran on a thread of the GUI's process"
    finally:
        win.colour_pages().cancel()
        win.colour_editor.set_modified(False)
        end_background(win, 30000)
