"""The listing read on another thread with a connection of its own (Library.listing_reader), made
the library's own (take_listing): the same rows and skipped records as entries() reads, its
documents known sound afterwards; a listing read before a write, or of a library in memory, is
not taken."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import numpy as np
import pytest

from nonostudio.core.library import Library
from nonostudio.core.library import records as library_records
from nonostudio.core.library.store import ListingRead
from nonostudio.core.puzzle import Puzzle


def read_on_a_thread(library: Library) -> ListingRead:
    reader = library.listing_reader()
    assert reader is not None
    read: list[ListingRead] = []
    thread = threading.Thread(target=lambda: read.append(reader()))
    thread.start()
    thread.join()
    return read[0]


@pytest.fixture
def library(tmp_path: Path) -> Library:
    db = tmp_path / "library.sqlite3"
    with Library(db) as lib:
        for i in range(6):
            grid = np.eye(3, dtype=np.int8) if i % 2 else np.ones((2, 3), np.int8)
            lib.add(Puzzle.from_grid(grid, title=f"puzzle {i}"))
        lib.set_verdict(2, "unique")
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE puzzles SET data=? WHERE id=4", (b'{"rows": [',))
        conn.execute("UPDATE puzzles SET title=? WHERE id=5", (b"\xfe",))
    conn.close()
    return Library(db)


def test_the_listing_read_elsewhere_is_the_one_entries_reads(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = read_on_a_thread(library)
    taken = library.take_listing(read)
    with Library(tmp_path / "library.sqlite3", read_only=True) as fresh:
        want, skipped = fresh.entries(), fresh.skipped
    assert taken == want and [e.id for e in want] == [1, 2, 3, 6]
    assert want[1].verdict == "unique"
    assert library.skipped == skipped and len(skipped) == 2
    assert {line.split(" (")[0].split(" was")[0] for line in skipped} == {
        "library puzzle 4",
        "library puzzle 5",
    }
    # the documents it found sound are known so: the next listing checks only the damaged one
    checked: list[str] = []
    check = library_records.check_document
    monkeypatch.setattr(
        "nonostudio.core.library.listing.check_document",
        lambda text, verdict: checked.append(text) or check(text, verdict),
    )
    assert library.entries() == want and library.skipped == skipped
    assert checked == ['{"rows": [']
    library.close()


def test_a_listing_read_before_a_write_is_not_taken(library: Library) -> None:
    read = read_on_a_thread(library)
    library.set_difficulty(1, "Easy")
    assert library.take_listing(read) is None
    assert library.entries()[0].difficulty == "Easy"
    read = read_on_a_thread(library)
    assert library.take_listing(read) == library.entries()  # none since: taken
    library.close()


def test_a_library_in_memory_is_read_where_it_is_used() -> None:
    with Library(":memory:") as lib:
        assert lib.listing_reader() is None
