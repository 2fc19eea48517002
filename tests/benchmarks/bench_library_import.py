"""Import into the library with puzzles already there (run by hand; prints figures).

``python tests/benchmarks/bench_library_import.py [ROUNDS]`` runs each measure with the code
under ``PYTHONPATH`` (compare a worktree of an older commit by running this file with its
``PYTHONPATH``; alternate the runs, the machine is shared):

* ``colour files`` — the 200 generated colour puzzles (400 files, each puzzle as .xml and .g)
  imported into a new library file, then the same files again: seconds, rows after each;
* ``r-nonogram adds`` — the readable puzzles of r-nonogram's 4,188-puzzle file added by the
  import's add step (``add_read``) to a library in memory: seconds and rows;
* ``r-nonogram again`` — the same puzzles added once more to that library (every size is
  looked up, the worst case for the index): seconds and rows;
* ``index`` — ``Library.clue_index()`` over those rows alone (absent on old code).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _anchors import PUZZLES, require_anchors  # noqa: E402

from nonostudio.core.formats import read_any_entries  # noqa: E402
from nonostudio.core.library import Library  # noqa: E402
from nonostudio.gui.library.importing import Imported, add_read, import_now  # noqa: E402

COLOUR = PUZZLES / "colour-generated"
R_NONOGRAM = PUZZLES / "r-nonogram" / "puzzle_string_library.txt"


def r_nonogram() -> list:
    read = []
    for name, make in read_any_entries(R_NONOGRAM):
        try:
            read.append((Path(f"{name}.txt"), make()))
        except Exception:  # the library's 257 contradictory strings
            continue
    return read


def main(rounds: int) -> None:
    require_anchors()
    files = sorted(p for p in COLOUR.iterdir() if p.suffix in (".xml", ".g"))
    read = r_nonogram()
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp, Library(Path(tmp) / "lib.sqlite3") as lib:
            start = time.perf_counter()
            import_now(lib, files)
            first, rows1 = time.perf_counter() - start, len(lib)
            start = time.perf_counter()
            import_now(lib, files)
            again, rows2 = time.perf_counter() - start, len(lib)
        print(
            f"colour files ({len(files)}): first {first:.2f} s -> {rows1} rows, "
            f"again {again:.2f} s -> {rows2} rows"
        )
        with Library(":memory:") as lib:
            start = time.perf_counter()
            add_read(lib, read, Imported(len(read)), 0, float("inf"))
            adds, rows1 = time.perf_counter() - start, len(lib)
            start = time.perf_counter()
            add_read(lib, read, Imported(len(read)), 0, float("inf"))
            more, rows2 = time.perf_counter() - start, len(lib)
            index = ""
            if hasattr(lib, "clue_index"):
                start = time.perf_counter()
                keys = len(lib.clue_index())
                index = f", index {time.perf_counter() - start:.3f} s ({keys} keys)"
        print(
            f"r-nonogram adds ({len(read)}): {adds:.2f} s -> {rows1} rows, "
            f"again {more:.2f} s -> {rows2} rows{index}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
