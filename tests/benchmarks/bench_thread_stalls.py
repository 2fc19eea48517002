"""The longest GUI-thread stall during the two kinds of background work that were left on threads of
the studio's own process: the library's first fill (a fresh library seeded with the samples; every
puzzle checked and graded, Forever among them) and the colour hint search from the player's grid
(the colour Solve view by hand; hints asked for and applied one after another on the largest colour
puzzles).  A 5 ms timer on the GUI thread, as in tests/gui/window/test_gui_stall.py; a stall is the
longest gap between its ticks.  Each run is a fresh process, the window started as ``nonostudio``
starts it (worker processes warmed up, the studio's switch interval).  Each is measured twice, in
turns: in its worker process (the studio now) and on a thread of the studio's process
(``NONOSTUDIO_WORKER_PROCESSES=0``, as before).

    QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/bench_thread_stalls.py [--runs N] [--load]
        [--only fill|hint] [--hints N] [COLOUR_PUZZLE ...]

The colour puzzles are read from /work/shared/anchors/puzzles (pbnsolve-examples, colour-generated);
without that folder only the first fill is measured.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).parent))
from _anchors import ANCHORS  # noqa: E402

PUZZLES = ANCHORS / "puzzles"
COLOUR = [
    PUZZLES / "pbnsolve-examples" / "acorn.g",  # 50x35, 4 colours
    PUZZLES / "pbnsolve-examples" / "rose.g",  # 39x28, 7 colours
    PUZZLES / "colour-generated" / "r0262.xml",  # 25x25, 6 colours, unique
    PUZZLES / "colour-generated" / "r0296.xml",  # 25x25, 6 colours, several solutions
]
HINTS = 40  # hints asked for and applied, one after another, per colour puzzle (--hints)

PROBE = r"""
import sys, tempfile, time
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
app = QApplication([])
from nonostudio.core.library import Library
from nonostudio.gui.common.process_pool import shared_pool, processes_enabled
from nonostudio.gui.library.seed import seed_library
from nonostudio.gui.window.main_window import MainWindow

folder = Path(tempfile.mkdtemp())
library = Library(folder / "l.sqlite3")
win = MainWindow(library, QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat),
                 defer_panels=True)
ticks = []
probe = QTimer(interval=5)
probe.setTimerType(Qt.TimerType.PreciseTimer)
probe.timeout.connect(lambda: ticks.append(time.perf_counter()))

def measure(done, at_most=300.0):
    began = time.perf_counter()
    ticks[:] = [began]
    probe.start()
    while not done() and time.perf_counter() < began + at_most:
        QTest.qWait(10)  # in the event loop, as the studio waits
    probe.stop()
    ticks.append(time.perf_counter())
    return max(b - a for a, b in zip(ticks, ticks[1:])), time.perf_counter() - began

win.resize(1280, 720)
if sys.argv[1] == "fill":
    win.ready.connect(win.library_commands.start_background_checks)
    win.show()
    seed_library(library)
    win.finish_start()
    while not win.is_ready() or (processes_enabled() and not shared_pool().is_warm()):
        app.processEvents()
    filler = win.library_commands.filler
    stall, took = measure(lambda: filler is not None and not filler.is_running())
    done = sum(1 for e in library.entries() if e.verdict and e.difficulty)
    print("RESULT", stall, took, f"{done} of {len(library)} puzzles checked and graded")
else:
    win.show()
    win.finish_start()
    while not win.is_ready() or (processes_enabled() and not shared_pool().is_warm()):
        app.processEvents()
    assert win.files.open_file(sys.argv[2], ask=False)
    pages = win.colour_pages()
    view = pages.solve_view
    while (view.trace() is None or pages.difficulty_panel.is_busy()
           or win.check_panel.is_busy()):
        QTest.qWait(10)  # the puzzle's own work done: only the hints are measured
    view.set_hand_mode(True)
    hints = int(sys.argv[3])
    worst, total, given = 0.0, 0.0, 0
    for _ in range(hints):
        view.request_hint()  # the search: rung 0 when it is found
        stall, took = measure(lambda: view.hint_rung() == 0 or view.hint_ladder() is None
                              and "Looking" not in view.ui.message_label.text(), 60)
        worst, total = max(worst, stall), total + took
        if view.hint_rung() != 0:
            break
        given += 1
        while view.hint_rung() != -1 and view.hint_rung() < 4:
            view.request_hint()  # the rungs, to apply
        view.ui.hint_panel.reset()
    print("RESULT", worst, total, f"{given} hints found")
win.editor.set_modified(False)
win.cancel_background()
from nonostudio.gui.common.process_pool import shut_down_pools
shut_down_pools()
"""


def one(*args: str, processes: str = "1") -> tuple[float, float, str]:
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    env["NONOSTUDIO_WORKER_PROCESSES"] = processes
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    lines = [line for line in out.stdout.splitlines() if line.startswith("RESULT ")]
    if not lines:
        raise SystemExit(f"the probe failed:\n{out.stderr[-3000:]}")
    _, stall, took, what = lines[-1].split(" ", 3)
    return float(stall), float(took), what


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--load", action="store_true", help="keep one core busy meanwhile")
    parser.add_argument("--only", choices=["fill", "hint"], help="measure one of the two")
    parser.add_argument("--hints", type=int, default=HINTS, help="hints per colour puzzle")
    parser.add_argument("puzzles", nargs="*", type=Path, help="colour puzzles (default: four)")
    args = parser.parse_args()
    burner = None
    if args.load:
        burner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        load = os.getloadavg()[0]
        print(
            f"longest GUI-thread stall, {args.runs} runs each"
            f"{', one core kept busy' if args.load else ''}; load average {load:.1f} at the start"
        )
        if args.only != "hint":
            fills: dict[str, list[tuple[float, float, str]]] = {"1": [], "0": []}
            for _ in range(args.runs):  # taken in turns: the machine's load is shared
                for processes in fills:
                    fills[processes].append(one("fill", processes=processes))
            for where, processes in (("in its worker process", "1"), ("on a thread", "0")):
                runs = fills[processes]
                print(
                    f"  library first fill (15 samples), {where}: longest stall per run "
                    f"{', '.join(f'{r[0]:.3f}' for r in runs)} s; worst "
                    f"{max(r[0] for r in runs):.3f} s; fill took "
                    f"{', '.join(f'{r[1]:.1f}' for r in runs)} s; {runs[-1][2]}"
                )
        if args.only != "fill":
            if not PUZZLES.is_dir() and not args.puzzles:
                print(f"  colour hint search: skipped ({PUZZLES} is not there)")
            for path in args.puzzles or (COLOUR if PUZZLES.is_dir() else []):
                hint = ("hint", str(path), str(args.hints))
                process, thread = [], []
                for _ in range(args.runs):  # taken in turns: the machine's load is shared
                    process.append(one(*hint, processes="1"))
                    thread.append(one(*hint, processes="0"))
                for where, runs in (("in its worker process", process), ("on a thread", thread)):
                    print(
                        f"  colour hints by hand, {path.name}, {where}: longest stall per run "
                        f"{', '.join(f'{r[0]:.3f}' for r in runs)} s; worst "
                        f"{max(r[0] for r in runs):.3f} s; searches took "
                        f"{', '.join(f'{r[1]:.1f}' for r in runs)} s in all; {runs[-1][2]}"
                    )
    finally:
        if burner is not None:
            burner.kill()
            burner.wait()
    print(f"finished {time.strftime('%H:%M:%S')}, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
