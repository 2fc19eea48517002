"""The studio's start on a big library: the first listing (every stored puzzle's document checked
once) is read on a worker thread and shown when read, so the window is not held meanwhile; what
it shows at the end is what a listing read on the GUI thread shows (the same rows and columns,
the damaged records named).  Read on the GUI thread, 10,000 puzzles took about 0.1 s of its own
work (0.58 s of wall-clock time at a load average of 5)."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from heartbeat import Heartbeat
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot
from studio_window import end_background, show_window

from nonostudio.core.library import Library, schema
from nonostudio.core.library.listing import Listing
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.model import DIFFICULTY, TITLE, VERDICT, LibraryModel
from nonostudio.gui.window.start import PanelStarter

# A library of 10,000 puzzles is written for the module (~2-6 s).
pytestmark = pytest.mark.slow

PUZZLES = 10_000
# The studio's goal: the GUI thread is never held over 0.2 s.  As in the Retry test
# (test_library_retry_recovery.py), the GUI thread's own work (its CPU time) is what is held to
# it; the wall-clock gap is printed too (on a loaded two-core machine it is mostly the wait for
# a core).  The listing's part of the start (its step and showing the rows read) is held to
# LISTING_S: on the GUI thread it was ~0.1 s of work.
GOAL_S = 0.2
LISTING_S = 0.05
DAMAGED = {10: "data", 20: "title", 30: "clues"}


@pytest.fixture(scope="module")
def big_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """10,000 puzzles (seeded), some with a verdict and difficulty, three damaged: a document
    that is not JSON, a title that is not UTF-8, a document without clues."""
    db = tmp_path_factory.mktemp("big") / "library.sqlite3"
    rng = np.random.default_rng(3)
    pictures = [
        Puzzle.from_grid((rng.random((10, 10)) < 0.5).astype(np.int8), title=f"p{i}")
        for i in range(50)
    ]
    with Library(db) as lib:

        def add_all(conn: sqlite3.Connection) -> None:
            for i in range(PUZZLES):
                puzzle = pictures[i % 50].with_meta(title=f"puzzle {(i * 7919) % PUZZLES}")
                conn.execute(schema.INSERT, schema.insert_params(puzzle, f"p{i}.non", "then"))
            conn.execute("INSERT INTO meta (key, value) VALUES ('samples_seeded', 'then')")

        lib._transaction("add the test's puzzles", add_all)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE puzzles SET verdict='unique', difficulty='Easy' WHERE id % 7 = 0")
        conn.execute("UPDATE puzzles SET data=? WHERE id=10", (b'{"rows": [[1]',))
        conn.execute("UPDATE puzzles SET title=? WHERE id=20", (b"bad \xff title",))
        conn.execute('UPDATE puzzles SET data=\'{"title": "no clues"}\' WHERE id=30')
    conn.close()
    return db


def on_gui_thread(record: list[float]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Wrap functions so that the CPU time the GUI (main) thread spends in them is recorded
    (once for calls within calls)."""
    depth = [0]

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        def timed(*args: Any, **kwargs: Any) -> Any:
            if threading.current_thread() is not threading.main_thread() or depth[0]:
                return fn(*args, **kwargs)
            start = time.thread_time()
            depth[0] += 1
            try:
                return fn(*args, **kwargs)
            finally:
                depth[0] -= 1
                record.append(time.thread_time() - start)

        return timed

    return wrap


def test_the_first_listing_of_a_big_library_does_not_hold_the_window(
    qtbot: QtBot,
    tmp_path: Path,
    settings: QSettings,
    big_library: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = tmp_path / "library.sqlite3"
    db.write_bytes(big_library.read_bytes())
    readers: list[str] = []  # the threads that read the listing
    for name in ("entries", "around_damage"):
        read = getattr(Listing, name)

        def reading(self: Listing, *args: Any, _read: Any = read) -> Any:
            readers.append(threading.current_thread().name)
            return _read(self, *args)

        monkeypatch.setattr(Listing, name, reading)
    listing_work: list[float] = []  # the GUI thread's own work for the listing
    timed = on_gui_thread(listing_work)
    monkeypatch.setattr(PanelStarter, "_build_check", timed(PanelStarter._build_check))
    monkeypatch.setattr(LibraryModel, "refresh", timed(LibraryModel.refresh))

    library = Library(db)
    heart = Heartbeat()
    started = time.monotonic()
    window = show_window(qtbot, library, settings, defer_panels=True)  # returns once ready
    took = time.monotonic() - started
    qtbot.wait(50)  # (a beat after the last step)
    heart.timer.stop()
    print(
        f"Start on a library of {PUZZLES:,} puzzles: ready in {took:.2f} s, the GUI thread's "
        f"longest wait {heart.longest * 1000:.0f} ms, its most work between two beats "
        f"{heart.busiest * 1000:.0f} ms, its work for the listing "
        f"{sum(listing_work) * 1000:.0f} ms (load average {os.getloadavg()[0]:.2f})"
    )
    try:
        gui_thread = threading.main_thread().name
        assert readers and gui_thread not in readers, readers
        assert sum(listing_work) < LISTING_S, listing_work
        assert heart.busiest < GOAL_S, f"the GUI thread worked {heart.busiest:.2f} s at a stretch"

        # what is shown is what a listing on this thread reads: the same rows and columns, the
        # damaged records named in the status line
        with Library(db, read_only=True) as fresh:
            want, skipped = fresh.entries(), fresh.skipped
        assert len(want) == PUZZLES - len(DAMAGED) and len(skipped) == len(DAMAGED)
        view = window.library_view
        proxy, model = view.proxy, view.model
        shown = [model.entry(proxy.mapToSource(proxy.index(r, 0)).row()) for r in range(len(want))]
        assert proxy.rowCount() == len(want)
        assert sorted(shown, key=lambda entry: entry.id) == want
        titles = [proxy.index(r, TITLE).data() for r in range(len(want))]
        # (by the Title column's order: a title's numbers by value, 'puzzle 2' before 'puzzle 10')
        assert titles == sorted(
            titles, key=lambda t: (t.rsplit(" ", 1)[0], int(t.rsplit(" ", 1)[1]))
        )
        seventh = next(r for r in range(50) if model.entry(r).id % 7 == 0)
        row = proxy.mapFromSource(model.index(seventh, 0)).row()
        assert proxy.index(row, VERDICT).data() == "unique"
        assert proxy.index(row, DIFFICULTY).data() == "Easy"
        assert view.status_label.text() == "3 damaged puzzles were skipped."
        assert view.status_label.toolTip() == "\n".join(skipped)
        for id in DAMAGED:
            assert any(f"library puzzle {id}" in line for line in skipped)
    finally:
        end_background(window, 20000)
        library.close()
