"""Room to solve: the Solve view's cell size for every bundled puzzle of 25x25 or more, in the
studio window at 1280x720 (as a test resizes it), 1280x690 (the window a 1280x720 screen gives:
30 pixels go to the title bar) and 1920x1050, docks shown, on a contradiction step with the hint
climbed to its fourth rung.  Run by hand, offscreen:

    python3 tests/benchmarks/bench_solve_room.py

It prints, per window size and puzzle, the clue depth (rows, columns), the cell size before the
hint and after each rung (the grid must not shrink as the hint grows), and whether the steps pane
is beside the grid on a first start.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # run as a script from anywhere: the checkout's package
    sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SIZES = ((1280, 720), (1280, 690), (1920, 1050))
WAIT_S = 60.0


def main() -> None:
    from PySide6.QtCore import QSettings, QThreadPool
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from nonostudio.core.formats import read_file
    from nonostudio.core.library import Library
    from nonostudio.core.paths import samples_dir
    from nonostudio.gui.window.main_window import MainWindow

    def spin(until: float = 0.0) -> None:
        app.processEvents()
        while time.monotonic() < until:
            app.processEvents()
            time.sleep(0.01)

    samples = []
    for path in sorted(samples_dir().glob("*.non")):
        puzzle = read_file(path)
        if min(puzzle.width, puzzle.height) >= 25:
            samples.append((path, puzzle))
    print("window      puzzle                        size   clues  cells: step, rungs 1-4  steps")
    for width, height in SIZES:
        for path, puzzle in samples:
            folder = Path(tempfile.mkdtemp())
            library = Library(folder / "library.sqlite3")
            settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
            win = MainWindow(library, settings)
            win.resize(width, height)
            win.show()
            spin(time.monotonic() + 0.2)
            assert win.files.open_file(path)
            win.tabs.setCurrentWidget(win.solve_view)
            view = win.solve_view
            deadline = time.monotonic() + WAIT_S
            while view.trace() is None and time.monotonic() < deadline:
                spin(time.monotonic() + 0.05)
            trace = view.trace()
            sizes: list[int] = []
            if trace is not None:
                hard = [i for i, s in enumerate(trace.steps) if s.technique == "contradiction"]
                view.go_to((hard[0] if hard else 0) + 1)
                spin()
                sizes.append(view.grid.cell_size())
                for _ in range(4):
                    view.request_hint()
                    spin()
                    sizes.append(view.grid.cell_size())
            depth = (
                f"{max(map(len, puzzle.rows))},{max(map(len, puzzle.cols))}"
                if puzzle.rows and puzzle.cols
                else "-"
            )
            cells = " ".join(map(str, sizes)) if sizes else "no trace in time"
            # (a checkout from before the steps pane folded away has no steps_shown)
            beside = getattr(view, "steps_shown", lambda: True)()
            print(
                f"{width}x{height:<5} {path.stem:<29} {puzzle.width}x{puzzle.height:<3} "
                f"{depth:<6} {cells:<22} {'beside' if beside else 'folded'}"
            )
            win.cancel_background()
            QThreadPool.globalInstance().waitForDone(30000)
            win.editor.set_modified(False)
            win.close()
            library.close()


if __name__ == "__main__":
    main()
