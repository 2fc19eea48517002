"""How long the colour editor holds the GUI thread when it opens a file of clues only (its
picture looked for by the colour solver, within SOLVE_SECONDS), and when the picture arrives.

A 5 ms timer on the GUI thread measures the longest stall from ``set_puzzle`` until the editor
shows the state of the clues (the picture, or the clues kept with line logic's cells).  The
puzzles: the colour puzzle of /work/shared/anchors/puzzles (colour-generated and the public colour
files) the solver takes longest on, and a larger generated one (a smoothed random 80x80 picture in
two colours, several solutions) on which the solver takes most of a second.  Run it against an
older tree with ``PYTHONPATH=OLD_TREE`` to compare (an editor without ``is_searching`` solves on
the GUI thread).  The studio's shared worker processes are started first, as the window does;
the search's own process (the hint process) is not, so the first run counts its start.

    QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/bench_colour_editor_open.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _anchors import PUBLIC_COLOUR, PUZZLES  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from nonostudio.core.colour.model import (  # noqa: E402
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.colour.solver import solve_colour  # noqa: E402
from nonostudio.core.formats import read_any  # noqa: E402


def generated() -> ColourPuzzle:
    """An 80x80 picture in two colours, rows of random runs of 1-6 cells (seed 6)."""
    rng = random.Random(6)
    size, k = 80, 2
    picture = []
    for _ in range(size):
        row: list[int] = []
        while len(row) < size:
            row += [rng.choice([0, 0, *range(1, k + 1)])] * rng.randint(1, 6)
        picture.append(tuple(row[:size]))
    rows, cols = clues_of_colour_grid(tuple(picture))
    ((_, sample),) = read_any(PUZZLES / "colour-generated" / "r0001.xml")
    palette = Palette(sample.palette.colours[: k + 1])
    return ColourPuzzle(palette, rows, cols, title="generated 80x80")


def slowest_anchor() -> tuple[str, ColourPuzzle, float]:
    """The anchor colour puzzle the colour solver (SOLVE_SECONDS) takes longest on."""
    files = sorted((PUZZLES / "colour-generated").glob("*.xml"))
    files += [PUZZLES / name for name in PUBLIC_COLOUR]
    best: tuple[str, ColourPuzzle, float] | None = None
    for path in files:
        for _item, puzzle in read_any(path):
            if not isinstance(puzzle, ColourPuzzle):
                continue
            start = time.perf_counter()
            solve_colour(puzzle.rows, puzzle.cols, len(puzzle.palette), time_limit=2.0)
            took = time.perf_counter() - start
            if best is None or took > best[2]:
                best = (str(path.relative_to(PUZZLES)), puzzle, took)
    assert best is not None
    return best


def measure(app: QApplication, puzzle: ColourPuzzle) -> tuple[float, float, float]:
    """(seconds set_puzzle held the GUI thread, longest GUI-thread stall until the state of
    the clues shows, seconds until it shows)."""
    from nonostudio.gui.editor.colour.view import ColourEditorView

    editor = ColourEditorView()
    editor.resize(900, 700)
    editor.show()
    app.processEvents()
    clues_only = ColourPuzzle(puzzle.palette, puzzle.rows, puzzle.cols, title=puzzle.title)
    searching = getattr(editor, "is_searching", lambda: False)
    ticks: list[float] = []
    probe = QTimer(interval=5)
    probe.setTimerType(Qt.TimerType.PreciseTimer)
    probe.timeout.connect(lambda: ticks.append(time.perf_counter()))
    probe.start()
    app.processEvents()
    start = time.perf_counter()
    ticks.append(start)
    editor.set_puzzle(clues_only)
    held = time.perf_counter() - start
    while searching():
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
    arrived = time.perf_counter() - start
    ticks.append(time.perf_counter())
    probe.stop()
    stall = max(b - a for a, b in zip(ticks, ticks[1:], strict=False))
    editor.close()
    editor.deleteLater()
    app.processEvents()
    return held, stall, arrived


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not PUZZLES.is_dir():
        print(f"skipped: {PUZZLES} is not here")
        return
    app = QApplication.instance() or QApplication([])
    from nonostudio.gui.common.process_pool import processes_enabled, shared_pool, shut_down_pools

    if processes_enabled():
        pool = shared_pool()
        pool.warm_up()
        while not pool.is_warm():
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
    name, anchor, solve_s = slowest_anchor()
    import nonostudio.gui.editor.colour.view as view

    tree = Path(view.__file__).resolve().parents[4]
    print(f"code: {tree}  load average: {os.getloadavg()[0]:.2f}")
    print(f"slowest anchor colour puzzle for the solver: {name} ({solve_s:.3f} s solving)")
    for label, puzzle in ((name, anchor), ("generated 80x80, 2 colours", generated())):
        for run in range(args.runs):
            held, stall, arrived = measure(app, puzzle)
            print(
                f"{label}: run {run + 1}: set_puzzle held the GUI thread {held:.3f} s, "
                f"longest stall {stall:.3f} s, state shown after {arrived:.3f} s"
            )
    if processes_enabled():
        shut_down_pools()


if __name__ == "__main__":
    main()
