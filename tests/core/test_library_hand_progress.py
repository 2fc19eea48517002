"""Hand-solving progress kept per library puzzle: saved, read back, replaced, cleared, and the
schema step that adds it (an older library is upgraded; one that cannot be is still readable)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import numpy as np
import pytest

from nonostudio.core import library as library_module
from nonostudio.core.library import (
    SCHEMA_VERSION,
    DamagedRecordError,
    Library,
    LibraryError,
    puzzle_to_json,
)
from nonostudio.core.puzzle import Puzzle

GRID = np.array([[1, 1, 1], [0, 1, 0]], dtype=np.int8)


def _puzzle(title: str = "Tee") -> Puzzle:
    return Puzzle.from_grid(GRID, title=title)


def test_progress_is_saved_read_back_replaced_and_cleared(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    with Library(db) as lib:
        pid = lib.add(_puzzle())
        other = lib.add(_puzzle("Other"))
        assert lib.hand_progress(pid) is None
        cells = np.array([[1, -1, 1], [0, -1, -1]], dtype=np.int8)
        lib.save_hand_progress(pid, cells, seconds=12.5)
    with Library(db) as lib:  # kept across sessions
        kept = lib.hand_progress(pid)
        assert kept is not None
        assert np.array_equal(kept.cells, cells) and kept.cells.dtype == np.int8
        assert (kept.seconds, kept.solved) == (12.5, False) and kept.modified
        assert lib.hand_progress(other) is None
        lib.save_hand_progress(pid, GRID, seconds=40.0, solved=True)
        again = lib.hand_progress(pid)
        assert again is not None and np.array_equal(again.cells, GRID) and again.solved
        lib.clear_hand_progress(pid)
        assert lib.hand_progress(pid) is None
        lib.clear_hand_progress(pid)  # clearing twice is fine


def test_saving_progress_of_an_unknown_puzzle_is_an_error(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as lib:
        with pytest.raises(LibraryError, match="no puzzle with id 99"):
            lib.save_hand_progress(99, GRID)


def _sql(db: Path, statement: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Run one statement on the library file through a connection of its own (as another
    program would), committed at once."""
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        return conn.execute(statement, params).fetchall()
    finally:
        conn.close()


def test_removing_a_puzzle_drops_its_progress_and_a_resize_makes_it_void(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as lib:
        pid = lib.add(_puzzle())
        lib.save_hand_progress(pid, GRID)
        lib.update(pid, Puzzle.from_grid(np.ones((2, 2), dtype=np.int8), title="Square"))
        assert lib.hand_progress(pid) is None  # the old 3x2 grid does not fit a 2x2 puzzle
        lib.save_hand_progress(pid, np.ones((2, 2), dtype=np.int8))
        lib.remove(pid)
        assert _sql(tmp_path / "lib.sqlite3", "SELECT COUNT(*) FROM hand_progress") == [(0,)]


def test_damaged_progress_names_its_puzzle(tmp_path: Path) -> None:
    with Library(tmp_path / "lib.sqlite3") as lib:
        pid = lib.add(_puzzle())
        lib.save_hand_progress(pid, GRID)
        _sql(
            tmp_path / "lib.sqlite3",
            "UPDATE hand_progress SET cells='#Z#/.#.' WHERE puzzle_id=?",
            (pid,),
        )
        with pytest.raises(DamagedRecordError, match=f"progress of library puzzle {pid}"):
            lib.hand_progress(pid)


def test_a_read_only_library_refuses_to_save_progress_and_keeps_what_it_has(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    with Library(db) as lib:
        pid = lib.add(_puzzle())
        lib.save_hand_progress(pid, GRID, seconds=3)
    with Library(db, read_only=True) as lib:
        kept = lib.hand_progress(pid)
        assert kept is not None and np.array_equal(kept.cells, GRID)
        with pytest.raises(LibraryError, match="read-only") as info:
            lib.save_hand_progress(pid, np.zeros((2, 3), dtype=np.int8))
        assert info.value.kind == library_module.READ_ONLY


def _schema_2_library(db: Path) -> int:
    conn = sqlite3.connect(db, isolation_level=None)
    library_module.MIGRATIONS[0](conn)
    library_module.MIGRATIONS[1](conn)
    conn.execute("PRAGMA user_version = 2")
    cur = conn.execute(
        "INSERT INTO puzzles (title, author, width, height, source, licence, data, created, "
        "modified) VALUES ('Tee', '', 3, 2, '', '', ?, 'c', 'm')",
        (puzzle_to_json(_puzzle()),),
    )
    conn.close()
    return int(cur.lastrowid or 0)


def test_a_schema_2_library_is_upgraded_to_keep_progress(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    pid = _schema_2_library(db)
    with Library(db) as lib:
        assert lib.hand_progress(pid) is None
        lib.save_hand_progress(pid, GRID)
        assert lib.hand_progress(pid) is not None
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    conn.close()


def test_a_schema_2_library_opened_read_only_still_lists_its_puzzles(tmp_path: Path) -> None:
    db = tmp_path / "lib.sqlite3"
    pid = _schema_2_library(db)
    before = db.read_bytes()
    with Library(db, read_only=True) as lib:
        assert [e.title for e in lib.entries()] == ["Tee"]
        assert lib.get(pid) == _puzzle()
        assert lib.hand_progress(pid) is None
        with pytest.raises(LibraryError, match="read-only"):
            lib.save_hand_progress(pid, GRID)
    assert db.read_bytes() == before
