"""The GUI thread's own work (its CPU time; the wall-clock time too) for each piece the studio
builds after its first paint (PanelStarter's steps: the Check dock with the library's listing,
the Solve, Rules and Jobs tabs, the Difficulty and Designer Checks docks, the signals), the
first module imports included, and the most it worked in one event until a second after the
window was ready (between two beats of a 5 ms timer: work a step leaves for later, such as a
rule set shown when read, counts there).  Each run is a fresh process on a fresh data folder
(seeded with the samples), started offscreen as ``nonostudio`` starts.  ``--old DIR`` runs a
second checkout (its ``nonostudio`` package put first on the path) alternately with this one,
for a before/after in the same conditions.

    python3 tests/benchmarks/bench_start_steps.py [--runs N] [--old DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fresh_runs import alternate, probe_run  # noqa: E402

PROBE = r"""
import json, sys, tempfile, threading, time
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
import nonostudio
from nonostudio.core.library import Library
from nonostudio.gui.library.seed import seed_library
from nonostudio.gui.window import start
from nonostudio.gui.window.main_window import MainWindow
steps = {}
for name in [n for n in vars(start.PanelStarter) if n.startswith(("_build_", "_connect_"))]:
    def timed(self, *a, _f=getattr(start.PanelStarter, name), _n=name):
        t, w = time.thread_time(), time.monotonic()
        try:
            return _f(self, *a)
        finally:
            steps[_n[1:]] = ((time.thread_time() - t) * 1000, (time.monotonic() - w) * 1000)
    setattr(start.PanelStarter, name, timed)
# the most GUI-thread CPU between two beats of a 5 ms timer (as tests/gui/heartbeat.py)
events = [0.0]
last = [time.thread_time()]
def beat():
    now = time.thread_time()
    events[0] = max(events[0], now - last[0])
    last[0] = now
heart = QTimer(interval=5)
heart.timeout.connect(beat)
folder = Path(sys.argv[1])
library = Library(folder / "library.sqlite3")
seed_library(library)
win = MainWindow(library, QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat),
                 defer_panels=True)
win.resize(1280, 720)
win.show()
app.processEvents()
marks = {}
def begin():
    last[0] = marks["begun"] = time.thread_time()
    marks["begun wall"] = time.monotonic()
    heart.start()
    win.finish_start()
def ready():
    marks["ready"] = time.thread_time()
    marks["ready wall"] = time.monotonic()
    QTimer.singleShot(1000, app.quit)
win.ready.connect(ready)
QTimer.singleShot(0, begin)
app.exec()
ended = time.thread_time()
print(json.dumps({"steps": steps, "to_ready_ms": (marks["ready"] - marks["begun"]) * 1000,
                  "to_ready_wall_ms": (marks["ready wall"] - marks["begun wall"]) * 1000,
                  "after_ms": (ended - marks["ready"]) * 1000,
                  "most_in_one_event_ms": events[0] * 1000,
                  "package": str(Path(nonostudio.__file__).parent)}), flush=True)
win.cancel_background()
win.close()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--old", type=Path, help="a checkout to compare with, run alternately")
    args = parser.parse_args()
    for name, runs in alternate(args.runs, args.old, lambda tree: probe_run(PROBE, [], tree)):
        print(f"{name} ({runs[0]['package']}), median of {len(runs)} fresh starts:")
        for step in runs[0]["steps"]:
            cpu = statistics.median(run["steps"][step][0] for run in runs)
            wall = statistics.median(run["steps"][step][1] for run in runs)
            print(f"  {step:<20} {cpu:6.1f} ms of GUI-thread CPU, {wall:6.1f} ms wall-clock")
        for key in ("to_ready_ms", "to_ready_wall_ms", "after_ms", "most_in_one_event_ms"):
            values = [run[key] for run in runs]
            print(f"  {key:<20} {statistics.median(values):6.1f} ms (max {max(values):.1f})")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
