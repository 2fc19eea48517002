"""The GUI thread's own work (its CPU time) for what a person does in the library panel of a
10,000-puzzle library: each keystroke of a filter ("puzzle 99"), clearing it, sorting by size
and back by title, adding a puzzle (Add Current Puzzle), saving a changed one, importing three
files, and deleting one puzzle (the question answered Yes).  The panel is shown
offscreen in a fresh process per run; ``--old DIR`` runs another checkout (its ``nonostudio``
package first on the path) alternately with this one.

    python3 tests/benchmarks/bench_library_table.py [--runs N] [--old DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _fresh_runs import alternate, probe_run  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
PUZZLES = 10_000

PROBE = r"""
import json, shutil, sys, time
from pathlib import Path
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication([])
import nonostudio
from nonostudio.core.library import Library
from nonostudio.gui.library.model import SIZE, TITLE
from nonostudio.gui.library.view import LibraryView
db = Path(sys.argv[2]) / "library.sqlite3"
shutil.copyfile(sys.argv[1], db)
QMessageBox.question = staticmethod(lambda *a, **k: QMessageBox.StandardButton.Yes)
view = LibraryView(Library(db))
view.resize(330, 600)
view.show()
app.processEvents()
took = {}
def timed(name, act):
    start = time.thread_time()
    act()
    app.processEvents()
    took.setdefault(name, []).append((time.thread_time() - start) * 1000)
for ch in range(1, len("puzzle 99") + 1):
    timed("filter keystroke", lambda: view.filter_edit.setText("puzzle 99"[:ch]))
timed("clear the filter", view.filter_edit.clear)
order = view.table.horizontalHeader().sortIndicatorOrder()
timed("sort by size", lambda: view.table.sortByColumn(SIZE, order))
timed("sort by title", lambda: view.table.sortByColumn(TITLE, order))
# Add Current Puzzle, Save (a library puzzle changed) and Import Files, as the window's commands
# do them: the write, then the new or changed row shown (a checkout without show_stored read the
# whole listing again).
from nonostudio.core.formats import write_file
from nonostudio.core.puzzle import Puzzle
def shown(*ids):
    if hasattr(view, "show_stored"):
        view.show_stored(*ids)
    else:
        view.refresh()
        view.select_id(ids[-1])
picture = Puzzle.from_grid([[(r * c + r) % 3 == 0 for c in range(15)] for r in range(15)],
                           title="added now")
added = []
timed("add current puzzle", lambda: added.append(shown(view.library.add(picture)) or 0))
changed = view.library.entries()[-1].id
timed("save (changed)", lambda: (view.library.update(changed, picture), shown(changed)))
files = []
for n in range(3):
    files.append(Path(sys.argv[2]) / f"import{n}.non")
    write_file(Puzzle.from_grid([[(r + c + n) % 4 == 0 for c in range(15)] for r in range(15)],
                                title=f"imported {n}"), files[-1])
timed("import 3 files", lambda: view.import_files(files))
view.table.selectRow(5)
timed("delete one", view.delete_selected)
print(json.dumps({"took": took, "rows": view.proxy.rowCount(),
                  "package": str(Path(nonostudio.__file__).parent)}), flush=True)
"""


def make_library(folder: Path) -> Path:
    """A library of 10,000 15x15 puzzles ("puzzle 0" on), written once for the run."""
    sys.path.insert(0, str(REPO / "tests"))
    from library_pages import write_puzzles

    db = folder / "big.sqlite3"
    write_puzzles(db, PUZZLES, size=15, kinds=200, seed=7)
    return db


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--old", type=Path, help="a checkout to compare with, run alternately")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = make_library(Path(folder))
        results = alternate(args.runs, args.old, lambda tree: probe_run(PROBE, [str(db)], tree))
    for name, runs in results:
        print(f"{name} ({runs[0]['package']}), {len(runs)} fresh runs, {PUZZLES:,} puzzles:")
        for action in runs[0]["took"]:
            values = [v for run in runs for v in run["took"][action]]
            print(
                f"  {action:<18} median {statistics.median(values):6.1f} ms, "
                f"max {max(values):6.1f} ms of GUI-thread CPU"
            )
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
