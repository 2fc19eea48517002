"""No GUI-thread stall over 0.2 s while the library's background checks work through puzzles that
need search (Edge, Bucks and Forever: the complete solver, then the grade, each up to the time
limit): they run in a worker process of their own.  On a thread of the studio's process they
held Python's lock against the GUI thread: 0.16 s gaps filling the samples at the first start
(tests/benchmarks/bench_thread_stalls.py).  The probe of test_gui_stall.py, with its rules: a
scenario test, skipped beside the shipped rules' proofs."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, end_background, show_window
from test_gui_stall import LONGEST_STALL_S, StallProbe, frozen_heap, quiet_machine

from nonostudio.core.library import Library
from nonostudio.core.paths import samples_dir
from nonostudio.gui.common.process_pool import shared_pool
from nonostudio.gui.library.seed import seed_library
from nonostudio.gui.window.main_window import MainWindow

__all__ = ["frozen_heap", "quiet_machine"]  # the fixtures, used by name

NEEDS_SEARCH = ("webpbn-00023-edge.non", "webpbn-00027-bucks.non", "webpbn-06574-forever.non")


@pytest.fixture
def first_start(
    qtbot: QtBot,
    tmp_path: Path,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
    worker_processes: None,
) -> Iterator[MainWindow]:
    """A window on a new library, seeded with three samples that need search, started as
    ``nonostudio`` starts it: the background checks begin once it is ready."""
    discard_on_question(monkeypatch)
    samples = tmp_path / "samples"
    samples.mkdir()
    for name in NEEDS_SEARCH:
        shutil.copy(samples_dir() / name, samples / name)
    monkeypatch.setattr("nonostudio.core.paths.samples_dir", lambda: samples)
    library = Library(tmp_path / "library.sqlite3")
    assert seed_library(library) == [] and len(library) == 3
    win = show_window(qtbot, library, settings, defer_panels=True)
    qtbot.waitUntil(shared_pool().is_warm, timeout=60000)
    yield win
    end_background(win, 30000)
    library.close()


@pytest.mark.slow
@pytest.mark.scenario
def test_the_library_fill_never_stalls_the_gui_thread(
    quiet_machine: None, first_start: MainWindow, frozen_heap: None
) -> None:
    win = first_start
    probe = StallProbe()
    probe.start()
    filler = win.library_commands.start_background_checks()
    threads = 0

    def done() -> bool:
        nonlocal threads
        threads = max(threads, filler.pool.activeThreadCount())
        return not filler.is_running()

    probe.run_until(done, at_least=1.0, at_most=120.0)
    assert not filler.is_running(), "the background checks did not finish within 120 s"
    entries = win.library.entries()
    assert all(e.verdict == "unique, needs search" for e in entries)
    longest = probe.longest()
    print(
        f"longest GUI-thread stall filling the library (Edge, Bucks, Forever): {longest:.3f} s "
        f"(GUI thread busy {probe.cpu_s:.2f} s in all)"
    )
    assert threads == 0 and probe.threads == 0, "the checks ran on threads of the GUI's process"
    assert longest <= LONGEST_STALL_S, f"the GUI thread stalled {longest:.3f} s"
