"""No GUI-thread stall over 0.2 s while the studio opens Forever (25x25, needs search: the Check
panel's solver, the grade and the Solve view's trace work on it) or starts grading a folder of
20 puzzles.  That work runs in worker processes, so the GUI thread never waits for Python's lock
behind it.  The probe is a 5 ms timer on the GUI thread; a stall is the longest gap between two
of its ticks (``tests/benchmarks/bench_gui_stall.py`` measures the same, many times).

The probes measure the studio, not the test run around it: the objects earlier tests left in this
process are frozen out of the garbage collector's sweeps while a probe runs (a studio's heap is
a fraction of a long test run's), and in a run that proves the shipped rules beside the other
tests, whose worker processes keep both cores of this machine busy, or that runs the tests in
several xdist workers (``-n 2``), the probes are skipped: they
are scenario tests, which CI runs again on their own under Xvfb (``-m scenario``), with nothing
else running."""

from __future__ import annotations

import gc
import json
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import shipped_proofs
from app_process import run_driver
from PySide6.QtCore import QSettings, Qt, QThreadPool, QTimer
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, end_background, show_window

from nonostudio.core.formats import read_file
from nonostudio.core.library import Library
from nonostudio.core.paths import samples_dir
from nonostudio.gui.common import process_pool
from nonostudio.gui.common.process_pool import shared_pool
from nonostudio.gui.window.main_window import MainWindow

FOREVER = samples_dir() / "webpbn-06574-forever.non"  # 25x25, needs search
LONGEST_STALL_S = 0.2


class StallProbe:
    """A 5 ms timer on the GUI thread, from :meth:`start`: the longest gap between its ticks (the
    first counted from the start), and the most pool threads seen busy at a tick."""

    def __init__(self) -> None:
        self.ticks: list[float] = []
        self.threads = 0
        self._timer = QTimer(interval=5)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        self.ticks.append(time.perf_counter())
        self.threads = max(self.threads, QThreadPool.globalInstance().activeThreadCount())

    def start(self) -> None:
        self.ticks = [time.perf_counter()]
        self._timer.start()

    def run_until(self, done: Callable[[], bool], *, at_least: float, at_most: float) -> None:
        """Process events until ``done()`` (and ``at_least`` seconds passed), or ``at_most``."""
        began = time.perf_counter()
        cpu = time.thread_time()
        while time.perf_counter() < began + at_most and (
            not done() or time.perf_counter() < began + at_least
        ):
            QTest.qWait(10)  # in the event loop, as the studio waits: no polling of our own
        self._timer.stop()
        self.cpu_s = time.thread_time() - cpu
        self.ticks.append(time.perf_counter())

    def longest(self) -> float:
        return max(b - a for a, b in zip(self.ticks, self.ticks[1:], strict=False))


@pytest.fixture
def quiet_machine() -> None:
    """Skip a probe in a run whose background proofs or other xdist workers load the cores (see
    the module's words)."""
    if shipped_proofs.session_pids():
        pytest.skip(
            "the shipped rules' proofs run beside this test run on both cores; the probe runs "
            "with the scenario tests (-m scenario), on their own"
        )
    if shipped_proofs.other_workers():
        pytest.skip(
            "other test workers (xdist) run beside this one on every core; the probe runs with "
            "the scenario tests (-m scenario), on their own"
        )


@pytest.fixture
def frozen_heap() -> Iterator[None]:
    """The objects of earlier tests left out of the collector's sweeps while the probe runs."""
    gc.collect()
    gc.freeze()
    yield
    gc.unfreeze()


@pytest.fixture
def started(
    qtbot: QtBot,
    tmp_path: Path,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
    worker_processes: None,
) -> Iterator[MainWindow]:
    """A window started as ``nonostudio`` starts it (shown, then its panels built, its worker
    processes warmed up, as they are before a person opens a puzzle), Forever in its library."""
    discard_on_question(monkeypatch)
    library = Library(tmp_path / "library.sqlite3")
    library.add(read_file(FOREVER), source=str(FOREVER))
    win = show_window(qtbot, library, settings, defer_panels=True)
    qtbot.waitUntil(shared_pool().is_warm, timeout=60000)
    yield win
    win.editor.set_modified(False)
    end_background(win, 30000)
    library.close()


def panels_busy(win: MainWindow) -> bool:
    return win.check_panel.is_busy() or win.difficulty_panel.is_busy() or win.solve_view.is_busy()


@pytest.mark.slow
@pytest.mark.scenario
@pytest.mark.parametrize("way", ["file", "library"])
def test_opening_forever_never_stalls_the_gui_thread(
    quiet_machine: None, started: MainWindow, way: str, frozen_heap: None
) -> None:
    win = started
    probe = StallProbe()
    probe.start()
    if way == "file":
        assert win.files.open_file(FOREVER, ask=False)
    else:
        (entry,) = win.library.entries()
        win.files.open_library_puzzle(entry.id)
    probe.run_until(lambda: not panels_busy(win), at_least=1.0, at_most=60.0)
    assert not panels_busy(win), "the panels did not finish within 60 s"
    assert win.check_panel.result() is not None and win.solve_view.trace() is not None
    assert win.difficulty_panel.result() is not None
    longest = probe.longest()
    print(
        f"longest GUI-thread stall opening Forever ({way}): {longest:.3f} s "
        f"(GUI thread busy {probe.cpu_s:.2f} s in all)"
    )
    assert probe.threads == 0, "the panels' work ran on threads of the GUI's process"
    assert longest <= LONGEST_STALL_S, f"the GUI thread stalled {longest:.3f} s"


def twenty_puzzles(folder: Path) -> Path:
    """The bundled samples and copies of five of them: 20 puzzle files, 5x5 to 25x25."""
    folder.mkdir()
    samples = sorted(samples_dir().glob("*.non"))
    for path in samples:
        shutil.copy(path, folder / path.name)
    for i, path in enumerate(samples[: 20 - len(samples)]):
        shutil.copy(path, folder / f"copy-{i}-{path.name}")
    assert len(list(folder.iterdir())) == 20
    return folder


@pytest.mark.slow
@pytest.mark.scenario
def test_starting_grade_a_folder_never_stalls_the_gui_thread(
    quiet_machine: None, started: MainWindow, qtbot: QtBot, tmp_path: Path, frozen_heap: None
) -> None:
    win = started
    folder = twenty_puzzles(tmp_path / "twenty")
    win.library_commands.grade_folder()
    dialog = win.library_commands.batch_dialog
    assert dialog is not None
    qtbot.waitExposed(dialog)
    dialog.folder_edit.setText(str(folder))
    probe = StallProbe()
    probe.start()
    dialog.start_button.click()
    # the start and the first rows; Forever alone may take the solver's time limit
    probe.run_until(lambda: dialog.model.rowCount() >= 10, at_least=1.0, at_most=60.0)
    rows = dialog.model.rowCount()
    dialog.done(0)
    longest = probe.longest()
    print(
        f"longest GUI-thread stall starting Grade a Folder: {longest:.3f} s ({rows} rows; GUI "
        f"thread busy {probe.cpu_s:.2f} s in all)"
    )
    assert rows >= 10
    assert probe.threads == 0, "the grading ran on a thread of the GUI's process"
    assert longest <= LONGEST_STALL_S, f"the GUI thread stalled {longest:.3f} s"


DRIVER = """
import json, os, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from nonostudio.gui import app
from nonostudio.gui.common import process_pool
from nonostudio.gui.window.main_window import MainWindow

seen = {}


def look():
    windows = [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)]
    pool = process_pool.shared_pool()
    if windows and windows[0].is_ready() and windows[0].check_panel.result() and pool.is_warm():
        seen["verdict"] = windows[0].check_panel.result().verdict.label
        seen["pids"] = pool.pids()
        windows[0].close()
    else:
        QTimer.singleShot(100, look)


if __name__ == "__main__":  # (a worker process imports this file too)
    qapp = QApplication([sys.argv[0]])
    QTimer.singleShot(100, look)
    code = app.main([sys.argv[1]])
    alive = []
    for pid in seen.get("pids", []):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            continue
        alive.append(pid)
    print(json.dumps({"code": code, "alive": alive, **seen}))
"""


@pytest.mark.slow
def test_the_studio_ends_its_worker_processes_when_it_closes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(process_pool.ENV, "1")
    result = run_driver(tmp_path, DRIVER, tmp_path / "data", str(FOREVER))
    lines = [line for line in result.stdout.splitlines() if line.startswith("{")]
    assert lines, f"the studio did not come up: {result.stderr}"
    seen = json.loads(lines[-1])
    assert seen["code"] == 0 and seen["verdict"] == "unique, needs search"
    assert len(seen["pids"]) == process_pool.default_size()
    assert seen["alive"] == []
    assert "Traceback" not in result.stderr
