"""The job store's SQLite layout: its tables, its version, opening a store (for writing, or read
only on a read-only medium) and refusing a database that is no job store or of a newer layout;
also how specifications are written as rows.  :class:`nonostudio.learn.store.jobs.JobStore` uses
it."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.store.job_faults import CORRUPT, NOTADB, sqlite_code

SCHEMA_VERSION = 1
"""The layout this module writes (``PRAGMA user_version``; 0 is a store from before versions,
read as version 1)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL,
    created REAL NOT NULL,
    status TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS specs (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    key TEXT NOT NULL,
    grp TEXT NOT NULL,
    size INTEGER NOT NULL,
    spec TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    seconds REAL,
    attempts INTEGER NOT NULL DEFAULT 0,
    result TEXT,
    error TEXT,
    updated REAL,
    PRIMARY KEY (run_id, key)
);
CREATE INDEX IF NOT EXISTS specs_by_status ON specs (run_id, status, size, seq);
CREATE INDEX IF NOT EXISTS specs_by_group ON specs (run_id, grp);
"""


def connect(path: Path, busy_timeout_s: float) -> sqlite3.Connection:
    """The store at ``path`` opened for reading and writing, its tables made if missing and its
    layout version set (ValueError for a newer layout or a database that is no job store)."""
    db = sqlite3.connect(
        path, timeout=busy_timeout_s, isolation_level=None, check_same_thread=False
    )
    try:
        check_schema(db, path)
        # WAL + synchronous NORMAL: a committed transaction survives a killed process.
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA foreign_keys=ON")
        db.executescript(SCHEMA)
        if db.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    except BaseException:
        db.close()
        raise
    return db


def connect_read_only(path: Path, busy_timeout_s: float) -> sqlite3.Connection | None:
    """The store opened for reading only (``mode=ro``; ``immutable`` on a read-only file
    system, where SQLite cannot make the WAL index); None when that fails too."""
    uri = path.resolve().as_uri()
    for flags in ("mode=ro", "mode=ro&immutable=1"):
        try:
            db = sqlite3.connect(
                f"{uri}?{flags}",
                uri=True,
                timeout=busy_timeout_s,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error:
            continue
        try:
            check_schema(db, path)
            db.execute("SELECT COUNT(*) FROM runs").fetchone()
        except sqlite3.Error:
            db.close()
            continue
        return db
    return None


def check_schema(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a store of a newer layout, and a database that is not a job store (ValueError);
    the file is left as it is."""
    try:
        (version,) = db.execute("PRAGMA user_version").fetchone()
        tables = {
            name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    except sqlite3.DatabaseError as exc:
        if sqlite_code(exc) in (CORRUPT, NOTADB):
            raise ValueError(f"{path}: not a nonostudio job store ({exc})") from exc
        raise
    if version > SCHEMA_VERSION:
        raise ValueError(
            f"{path}: this job store was written by a newer nonostudio (schema version "
            f"{version}; this version reads up to {SCHEMA_VERSION}); update nonostudio, or "
            f"name another store"
        )
    if tables and not {"runs", "specs"} <= tables:
        raise ValueError(
            f"{path}: not a nonostudio job store (it holds the tables {', '.join(sorted(tables))})"
        )


def insert_specs(
    db: sqlite3.Connection,
    run_id: int,
    specs: Iterable[Specification],
    first_seq: int,
    have: set[str],
    *,
    duplicates_are_errors: bool,
) -> int:
    """Insert the specifications whose keys are not in ``have`` (which grows), numbered from
    ``first_seq``; returns how many."""
    rows: list[tuple[int, int, str, str, int, str]] = []
    for spec in specs:
        key = spec.key
        if key in have:
            if duplicates_are_errors:
                raise ValueError(f"duplicate specification key {key!r}")
            continue
        have.add(key)
        rows.append(
            (
                run_id,
                first_seq + len(rows),
                key,
                spec.group,
                len(spec.patterns),
                json.dumps(spec.to_json()),
            )
        )
    db.executemany(
        "INSERT INTO specs (run_id, seq, key, grp, size, spec) VALUES (?, ?, ?, ?, ?, ?)", rows
    )
    return len(rows)
