"""The longest GUI-thread stall while the studio opens Forever (25x25, needs search) and its
panels work on it in the background: a window started as ``nonostudio`` starts it (shown, then
panels built), a 5 ms timer on the GUI thread, the longest gap between ticks from the open until
the Check, Difficulty and Solve panels are done.  Each opening runs in a fresh process, with
Python's default switch interval (5 ms) and with the studio's (start.GUI_SWITCH_INTERVAL_S).

    QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/bench_gui_stall.py [--runs N]
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
import sys, tempfile, time
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from nonostudio.core.library import Library
from nonostudio.core.paths import samples_dir
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
while not win.is_ready():
    app.processEvents()
ticks = []
probe = QTimer(interval=5)
probe.timeout.connect(lambda: ticks.append(time.perf_counter()))
probe.start()
busy = lambda: (win.check_panel.is_busy() or win.difficulty_panel.is_busy()
                or win.solve_view.is_busy())
opened = time.perf_counter()
win.files.open_file(samples_dir() / "webpbn-06574-forever.non", ask=False)
ticks.append(time.perf_counter())
while (busy() or time.perf_counter() < opened + 1) and time.perf_counter() < opened + 30:
    app.processEvents()
    time.sleep(0.001)
gaps = [b - a for a, b in zip(ticks, ticks[1:])]
print(max([ticks[0] - opened, *gaps]), time.perf_counter() - opened)
win.editor.set_modified(False)
win.cancel_background()
"""


def one(interval: str) -> tuple[float, float]:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", PROBE, interval],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split()
    return float(out[-2]), float(out[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"opening Forever, {args.runs} runs each, load average {load:.1f} at the start")
    for interval in ("default", "studio"):
        stalls, totals = [], []
        for _ in range(args.runs):
            stall, total = one(interval)
            stalls.append(stall)
            totals.append(total)
        print(
            f"  switch interval {interval:>7}: longest stall per run "
            f"{', '.join(f'{s:.3f}' for s in stalls)} s; median {statistics.median(stalls):.3f} s, "
            f"worst {max(stalls):.3f} s; panels done in median {statistics.median(totals):.1f} s"
        )
    print(f"finished {time.strftime('%H:%M:%S')}")


if __name__ == "__main__":
    main()
