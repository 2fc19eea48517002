"""Scrolling a big grid with its clues pinned: the milliseconds a scroll step costs on Faase
(80x95) in the Solve view's grid at about the room a 1280x720 window gives it, offscreen, with
each pinned strip painted from the whole picture (as before: every cell, line and number, then
clipped) and from only the part the strip shows (as now).  Run by hand:

    python3 tests/benchmarks/bench_pinned_scroll.py [rounds]

It prints, for each way, the median and the longest scroll step over 30 steps (both clue strips
pinned and the corner, the view moving down and right), its painting's share, and the load
average.  The two ways paint the same pixels (tests/gui/test_grid_pinned_paint.py).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # run as a script from anywhere: the checkout's package
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

STEPS = 30
VIEW = (660, 500)  # the Solve tab's grid area in the studio at 1280x720, steps pane folded


def main() -> None:
    from _anchors import PUZZLES, SURVEY
    from PySide6.QtGui import QPainter, QPaintEvent, QPalette
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from nonostudio.core.formats import read_file
    from nonostudio.gui.grid.pinned import paint_pinned, visible_rect
    from nonostudio.gui.grid.scroll import GridScrollArea
    from nonostudio.gui.solve.grid import SolveGridView, StepMarks

    path = PUZZLES / SURVEY["Faase"]
    if not path.exists():
        sys.exit(f"no anchor puzzles: {PUZZLES} is missing")
    puzzle = read_file(path)
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3

    class Timed(SolveGridView):
        """The Solve grid, its paint events timed; ``whole``: each strip painted from the
        whole picture (the way before)."""

        def __init__(self, whole: bool) -> None:
            super().__init__()
            self.whole = whole
            self.painting: list[float] = []

        def paintEvent(self, event: QPaintEvent) -> None:
            start = time.perf_counter()
            if not self.whole:
                super().paintEvent(event)
            else:
                faint = self._satisfied_lines()
                painter = QPainter(self)
                self._paint(painter, None, faint)
                window = self.palette().color(QPalette.ColorRole.Window)
                rows, cols = self._clue_bands()
                paint = partial(self._whole, faint=faint)
                paint_pinned(painter, visible_rect(self), rows, cols, paint, window)
                painter.end()
            self.painting.append(time.perf_counter() - start)

        def _whole(self, painter: QPainter, _region: object, faint: object) -> None:
            self._paint(painter, None, faint)  # type: ignore[arg-type]

    def run(whole: bool) -> tuple[list[float], list[float]]:
        grid = Timed(whole)
        area = GridScrollArea(grid)
        area.resize(*VIEW)
        grid.set_clues(puzzle.rows, puzzle.cols)
        grid.set_marks(StepMarks("column", 40, None, frozenset()))
        area.show()
        for _ in range(5):
            app.processEvents()
        h_bar, v_bar = area.horizontalScrollBar(), area.verticalScrollBar()
        assert h_bar.maximum() > 0 and v_bar.maximum() > 0, "Faase must scroll both ways"
        steps, paints = [], []
        for k in range(STEPS):
            h_bar.setValue(round(h_bar.maximum() * (0.1 + 0.8 * k / STEPS)))
            v_bar.setValue(round(v_bar.maximum() * (0.1 + 0.8 * k / STEPS)))
            grid.painting.clear()
            start = time.perf_counter()
            app.processEvents()
            steps.append(time.perf_counter() - start)
            paints.append(sum(grid.painting))
        area.close()
        area.deleteLater()
        app.processEvents()
        return steps, paints

    print(f"Faase {puzzle.width}x{puzzle.height}, view {VIEW[0]}x{VIEW[1]}, {STEPS} scroll steps")
    for r in range(rounds):
        for whole in (True, False):
            steps, paints = run(whole)
            name = "whole picture per strip (before)" if whole else "strip's part only (now)   "
            ms = [1000 * s for s in steps]
            print(
                f"round {r + 1} {name}: median {statistics.median(ms):5.1f} ms, "
                f"max {max(ms):5.1f} ms a step; painting median "
                f"{1000 * statistics.median(paints):5.1f} ms"
            )
    print("load average:", " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
