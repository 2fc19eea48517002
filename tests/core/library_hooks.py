"""Test hooks for the puzzle library shared by its test modules."""

from __future__ import annotations

import sqlite3

import pytest

from nonostudio.core.library import Library


def make_file_libraries_query_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Open every file library (not an in-memory one) with SQLite's ``query_only``: its writes
    fail with the SQLITE_READONLY error of a read-only file, even for root."""
    connect = Library._connect

    def read_only_connect(self: Library, *args: object, **kwargs: object) -> sqlite3.Connection:
        conn = connect(self, *args, **kwargs)  # type: ignore[arg-type]
        if not self.in_memory:
            conn.execute("PRAGMA query_only = 1")
        return conn

    monkeypatch.setattr(Library, "_connect", read_only_connect)
