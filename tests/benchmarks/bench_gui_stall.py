"""The longest GUI-thread stall while the studio opens Forever (25x25, needs search) and its
panels work on it in the background, then while Grade a Folder starts on 20 puzzles: a window
started as ``nonostudio`` starts it (shown, then panels built, its worker processes warmed up), a
5 ms timer on the GUI thread, the longest gap between ticks from the open until the Check,
Difficulty and Solve panels are done, and from the Grade click until 10 rows are in.  Each run is
a fresh process, in three setups: the panels' work on the thread pool with Python's switch
interval (5 ms), on the thread pool with the studio's (start.GUI_SWITCH_INTERVAL_S), and in
worker processes (the studio now).  ``--load`` keeps one core busy with another process.

    QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/bench_gui_stall.py [--runs N] [--load]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

PROBE = r"""
import shutil, sys, tempfile, time
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
from nonostudio.core.library import Library
from nonostudio.core.paths import samples_dir
from nonostudio.gui.common.process_pool import shared_pool, processes_enabled
from nonostudio.gui.window import start
from nonostudio.gui.window.main_window import MainWindow
if sys.argv[1] == "default":
    start.keep_gui_thread_responsive = lambda: None
folder = Path(tempfile.mkdtemp())
win = MainWindow(Library(folder / "l.sqlite3"),
                 QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat), defer_panels=True)
win.resize(1280, 720)
win.show()
win.finish_start()
began = time.perf_counter()
while not win.is_ready() or (processes_enabled() and not shared_pool().is_warm()):
    app.processEvents()
while time.perf_counter() < began + 3:  # a person takes longer than this to open a puzzle
    QTest.qWait(10)
ticks = []
probe = QTimer(interval=5)
probe.timeout.connect(lambda: ticks.append(time.perf_counter()))

def measure(done, at_least):
    began = time.perf_counter()
    ticks[:] = [began]
    probe.start()
    return began

def finish(done, began, at_least):
    while (not done() or time.perf_counter() < began + at_least) and (
        time.perf_counter() < began + 60
    ):
        QTest.qWait(10)  # in the event loop, as the studio waits
    probe.stop()
    ticks.append(time.perf_counter())
    return max(b - a for a, b in zip(ticks, ticks[1:])), time.perf_counter() - began

busy = lambda: (win.check_panel.is_busy() or win.difficulty_panel.is_busy()
                or win.solve_view.is_busy())
opened = measure(busy, 1)
win.files.open_file(samples_dir() / "webpbn-06574-forever.non", ask=False)
open_stall, open_s = finish(lambda: not busy(), opened, 1)
twenty = folder / "twenty"
twenty.mkdir()
samples = sorted(samples_dir().glob("*.non"))
for path in samples:
    shutil.copy(path, twenty / path.name)
for i, path in enumerate(samples[: 20 - len(samples)]):
    shutil.copy(path, twenty / f"copy-{i}-{path.name}")
win.library_commands.grade_folder()
dialog = win.library_commands.batch_dialog
dialog.folder_edit.setText(str(twenty))
for _ in range(50):
    app.processEvents()
clicked = measure(None, 1)
dialog.start_button.click()
grade_stall, grade_s = finish(lambda: dialog.model.rowCount() >= 10, clicked, 1)
dialog.done(0)
print(open_stall, open_s, grade_stall, grade_s)
win.editor.set_modified(False)
win.cancel_background()
from nonostudio.gui.common.process_pool import shut_down_pools
shut_down_pools()
"""

SETUPS = {  # name: (argument to the probe, NONOSTUDIO_WORKER_PROCESSES)
    "threads, Python's switch interval": ("default", "0"),
    "threads, the studio's switch interval": ("studio", "0"),
    "worker processes (the studio now)": ("studio", "1"),
}


def one(interval: str, processes: str) -> tuple[float, float, float, float]:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["NONOSTUDIO_WORKER_PROCESSES"] = processes
    out = subprocess.run(
        [sys.executable, "-c", PROBE, interval],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout.split()
    open_stall, open_s, grade_stall, grade_s = map(float, out[-4:])
    return open_stall, open_s, grade_stall, grade_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--load", action="store_true", help="keep one core busy meanwhile")
    parser.add_argument("--only", choices=sorted(SETUPS), help="measure one setup only")
    args = parser.parse_args()
    burner = None
    if args.load:
        burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        print(
            f"opening Forever, then starting Grade a Folder (20 puzzles), {args.runs} runs each"
            f"{', one core kept busy' if args.load else ''}; load average {load:.1f} at the start"
        )
        for name, (interval, processes) in SETUPS.items():
            if args.only and name != args.only:
                continue
            runs = [one(interval, processes) for _ in range(args.runs)]
            opens, grades = [r[0] for r in runs], [r[2] for r in runs]
            print(f"  {name}:")
            print(
                f"    open Forever: longest stall per run {', '.join(f'{s:.3f}' for s in opens)}"
                f" s; worst {max(opens):.3f} s; panels done in median "
                f"{statistics.median(r[1] for r in runs):.1f} s"
            )
            print(
                f"    start Grade a Folder: longest stall per run "
                f"{', '.join(f'{s:.3f}' for s in grades)} s; worst {max(grades):.3f} s; 10 rows "
                f"in median {statistics.median(r[3] for r in runs):.1f} s"
            )
    finally:
        if burner is not None:
            burner.kill()
            burner.wait()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"finished {time.strftime('%H:%M:%S')}, load average {load:.1f}")


if __name__ == "__main__":
    main()
