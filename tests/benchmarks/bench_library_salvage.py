"""How long opening a damaged library takes when its puzzles are recovered, and how many come back.

Run by hand: ``python tests/benchmarks/bench_library_salvage.py [--puzzles 10000]``.  It writes a
library of random 30x30 puzzles (one transaction), then for each kind of damage copies it, wipes
one page (the settings' index; one page of puzzles) and times ``Library(path)`` (which recovers
the puzzles and raises the LibraryError that reports it), then checks the recovered library
against the original, record by record.  Prints one line per damage with the seconds, the
puzzles recovered and lost, and the load average.  Exits 1 if a recovered puzzle differs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

from nonostudio.core.library import Library, LibraryError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from library_pages import page_holding, wipe_page, write_puzzles  # noqa: E402


def damage(db: Path, how: str) -> None:
    conn = sqlite3.connect(db)
    roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master").fetchall())
    conn.close()
    data = bytearray(db.read_bytes())
    page = (
        roots["sqlite_autoindex_meta_1"]
        if how == "settings index"
        else page_holding(data, "puzzle 5000")
    )
    wipe_page(data, page)
    db.write_bytes(bytes(data))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=10_000)
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        original = Path(folder) / "original.sqlite3"
        write_puzzles(original, args.puzzles, size=30, kinds=200, seed=0)
        with Library(original, read_only=True) as lib:
            want = {e.id: (e, lib.get(e.id)) for e in lib.entries()}
        for how in ("settings index", "page of puzzles"):
            db = Path(folder) / how.replace(" ", "-") / "library.sqlite3"
            db.parent.mkdir()
            shutil.copy(original, db)
            damage(db, how)
            start = time.perf_counter()
            try:
                Library(db).close()
                recovered = None
            except LibraryError as exc:
                recovered = exc.recovered
            seconds = time.perf_counter() - start
            with Library(db, read_only=True) as lib:
                got = {e.id: (e, lib.get(e.id)) for e in lib.entries()}
            same = all(want[id] == value for id, value in got.items())
            ok &= same and recovered == len(got)
            print(
                f"{how}: {args.puzzles} puzzles, recovered {recovered} in {seconds:.2f} s, "
                f"lost {len(want) - len(got)}, recovered equal to the originals: {same}; "
                f"load average {os.getloadavg()[0]:.2f}"
            )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
