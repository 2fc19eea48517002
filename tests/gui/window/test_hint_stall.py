"""No GUI-thread stall over 0.2 s while a player takes hint after hint solving a colour puzzle by
hand: the hints are looked for in a worker process of their own.  On a thread of the studio's
process the search took turns at Python's lock with the GUI thread (up to 0.14-0.5 s gaps over a
whole puzzle, tests/benchmarks/bench_thread_stalls.py).  The probe of test_gui_stall.py, with its
rules: a scenario test, skipped beside the shipped rules' proofs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, end_background, show_window
from test_gui_stall import LONGEST_STALL_S, StallProbe, frozen_heap, quiet_machine

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.gui.common import process_pool
from nonostudio.gui.window.main_window import MainWindow

__all__ = ["frozen_heap", "quiet_machine"]  # the fixtures, used by name

HINTS = 60
PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))


def stripes(size: int) -> tuple[tuple[int, ...], ...]:
    """A size x size picture of diagonal red and blue bands on white."""
    return tuple(tuple((r + c) // 3 % 3 for c in range(size)) for r in range(size))


@pytest.fixture
def solving(
    qtbot: QtBot,
    tmp_path: Path,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
    worker_processes: None,
) -> Iterator[MainWindow]:
    """The studio on a 30x30 colour puzzle, its Solve view played by hand, the puzzle's own work
    (check, grade, trace) done."""
    discard_on_question(monkeypatch)
    library = Library(tmp_path / "library.sqlite3")
    win = show_window(qtbot, library, settings, defer_panels=True)
    qtbot.waitUntil(process_pool.shared_pool().is_warm, timeout=60000)
    path = tmp_path / "stripes.xml"
    rows, cols = clues_of_colour_grid(stripes(30))
    write_file(ColourPuzzle(PALETTE, rows, cols, goal=stripes(30)), path)
    assert win.files.open_file(path, ask=False)
    pages = win.colour_pages()

    def worked_out() -> bool:
        return pages.solve_view.trace() is not None and pages.difficulty_panel.result() is not None

    qtbot.waitUntil(worked_out, timeout=60000)
    pages.solve_view.set_hand_mode(True)
    qtbot.waitUntil(process_pool.hint_pool().is_warm, timeout=60000)
    yield win
    win.colour_editor.set_modified(False)
    end_background(win, 30000)
    library.close()


@pytest.mark.slow
@pytest.mark.scenario
def test_hint_after_hint_never_stalls_the_gui_thread(
    quiet_machine: None, solving: MainWindow, frozen_heap: None
) -> None:
    view = solving.colour_pages().solve_view
    probe = StallProbe()
    longest, given = 0.0, 0
    for _ in range(HINTS):
        probe.start()
        view.request_hint()  # a new hint: looked for, then its first rung shown
        probe.run_until(lambda: view.hint_rung() == 0, at_least=0.0, at_most=30.0)
        assert view.hint_rung() == 0, view.ui.message_label.text()
        longest, given = max(longest, probe.longest()), given + 1
        for _rung in range(4):
            view.request_hint()  # the next rungs; the last applies the step
    print(f"longest GUI-thread stall over {given} colour hints looked for: {longest:.3f} s")
    assert probe.threads == 0, "a hint was looked for on a thread of the GUI's process"
    assert longest <= LONGEST_STALL_S, f"the GUI thread stalled {longest:.3f} s"
