"""Big libraries written fast, and pages of them wiped, for the tests and benchmarks of
recovering a damaged library file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np

from nonostudio.core.library import Library, schema
from nonostudio.core.puzzle import Puzzle

PAGE = 4096  # the library file's page size


def write_puzzles(
    db: Path, count: int, *, size: int, kinds: int, seed: int, seeded: bool = False
) -> None:
    """Write ``count`` puzzles, "puzzle 0" on, into the library ``db`` in one transaction (added
    one by one, 10,000 take minutes): ``kinds`` random ``size`` x ``size`` pictures in turn,
    from ``seed``.  ``seeded``: the library is marked as having had its samples added, so opening
    it adds none."""
    rng = np.random.default_rng(seed)
    pictures = [
        Puzzle.from_grid((rng.random((size, size)) < 0.5).astype(np.int8), title=f"p{i}")
        for i in range(kinds)
    ]
    with Library(db) as lib:

        def add_all(conn: sqlite3.Connection) -> None:
            for i in range(count):
                puzzle = pictures[i % kinds].with_meta(title=f"puzzle {i}")
                conn.execute(schema.INSERT, schema.insert_params(puzzle, f"p{i}.non", "then"))
            if seeded:
                conn.execute("INSERT INTO meta (key, value) VALUES ('samples_seeded', 'then')")

        lib._transaction("add the puzzles", add_all)


def page_holding(data: bytes, title: str) -> int:
    """The number (from 1) of the page of the library file ``data`` that holds the puzzle
    ``title``."""
    return data.index(f'"title":"{title}"'.encode()) // PAGE + 1


def wipe_page(data: bytearray, page: int) -> None:
    """Overwrite page ``page`` (from 1) of the library file ``data`` with junk."""
    data[(page - 1) * PAGE : page * PAGE] = b"\x07" * PAGE
