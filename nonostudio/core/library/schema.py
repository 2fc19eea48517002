"""The library's SQLite schema: its version, the migrations between versions, and the SQL of rows.

A library file carries its schema version in ``PRAGMA user_version``; :func:`upgrade` brings an
older one up to :data:`SCHEMA_VERSION` one migration (one transaction) at a time, and
:func:`refusal` says why a file is not a library this version may use.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from nonostudio.core.library.faults import CORRUPT, REFUSED, FaultKind
from nonostudio.core.library.records import TEXT_COLUMNS, AnyPuzzle, puzzle_to_json

SCHEMA_VERSION = 3
READABLE_FROM = 2
"""The oldest schema used as it is when the library cannot be upgraded (read-only file, full
disk): schema 3 only adds the hand-solving progress table, which such a library does without."""


def _migrate_0_to_1(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(
        """CREATE TABLE IF NOT EXISTS puzzles (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL,
            author TEXT NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            source TEXT NOT NULL,
            licence TEXT NOT NULL,
            verdict TEXT NOT NULL DEFAULT '',
            data TEXT NOT NULL,
            created TEXT NOT NULL,
            modified TEXT NOT NULL
        )"""
    )


def _migrate_1_to_2(conn: sqlite3.Connection) -> None:
    if "difficulty" not in _columns(conn, "puzzles"):
        conn.execute("ALTER TABLE puzzles ADD COLUMN difficulty TEXT NOT NULL DEFAULT ''")


def _migrate_2_to_3(conn: sqlite3.Connection) -> None:
    conn.execute(
        """CREATE TABLE IF NOT EXISTS hand_progress (
            puzzle_id INTEGER PRIMARY KEY,
            cells TEXT NOT NULL,
            seconds REAL NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0,
            modified TEXT NOT NULL
        )"""
    )


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}


# MIGRATIONS[v] brings a database at schema version v to v + 1; append one step per schema change.
# Each step runs under the write lock after the version was read there (see upgrade), and does
# nothing a second time if its change is already made (CREATE ... IF NOT EXISTS, a column looked
# for first), so a step can never fail on its own earlier work.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    0: _migrate_0_to_1,
    1: _migrate_1_to_2,
    2: _migrate_2_to_3,
}

INSERT = (
    "INSERT INTO puzzles (title, author, width, height, source, licence, data, created, modified) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def insert_params(puzzle: AnyPuzzle, source: str, now: str) -> tuple[object, ...]:
    """The parameters of :data:`INSERT` for ``puzzle`` added at time ``now``."""
    return (
        puzzle.title,
        puzzle.author,
        puzzle.width,
        puzzle.height,
        source,
        puzzle.licence,
        puzzle_to_json(puzzle),
        now,
        now,
    )


# Text is read as bytes and decoded by the caller, so one damaged byte names its record instead of
# stopping the whole listing ("Could not decode to UTF-8 column ...").
LIST_SQL = (
    "SELECT id, width, height, "
    + ", ".join(f"CAST({c} AS BLOB)" for c in TEXT_COLUMNS)
    + " FROM puzzles"
)
# SQLite checks the JSON documents (in C, several times faster than json.loads over a long
# listing): 1 for a document with row and column clues, 0 or NULL for other JSON, -1 for no JSON.
DOCUMENT_CHECK = (
    "CASE WHEN json_valid(data) THEN json_type(data, '$.rows') = 'array' "
    "AND json_type(data, '$.cols') = 'array' ELSE -1 END"
)
DOCUMENT_SQL = "SELECT id, CAST(data AS BLOB), {check} FROM puzzles"


def version(conn: sqlite3.Connection) -> int:
    """The schema version of the open database."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


DAMAGE_SHOWN = 2  # problems SQLite's check reports that a message names


def refusal(conn: sqlite3.Connection) -> tuple[str, FaultKind] | None:
    """Why an existing file is unusable and its kind, or None when it looks like a library."""
    result = conn.execute("PRAGMA quick_check").fetchone()
    if result is None or result[0] != "ok":
        # SQLite's report, on one line: "*** in database main ***\nPage 3: ..." -> "Page 3: ..."
        report = str(result[0]) if result else "no answer"
        lines = [
            line for line in report.splitlines() if line and not line.startswith("*** in database")
        ]
        # The first few say what is wrong; a page of damage can add dozens of "Page N is never
        # used", which buried the message's counts and where the damaged copy is.
        more = len(lines) - DAMAGE_SHOWN
        detail = "; ".join(lines[:DAMAGE_SHOWN]) + (
            f"; and {more} more problem{'s' if more != 1 else ''}" if more > 0 else ""
        )
        return f"the database is damaged ({detail})", CORRUPT
    found = version(conn)
    if found > SCHEMA_VERSION:
        return (
            f"it was written by a newer nonostudio (schema {found}, this version "
            f"reads up to {SCHEMA_VERSION})",
            REFUSED,
        )
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    tables.discard("sqlite_sequence")
    if found == 0 and tables:
        return "it is an SQLite database of another program", REFUSED
    return None


def rollback(conn: sqlite3.Connection) -> None:
    """End an open transaction without letting a second error hide the first one (SQLite may
    already have rolled back on its own, e.g. after a full disk)."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass


def upgrade(conn: sqlite3.Connection) -> int:
    """Bring the database to :data:`SCHEMA_VERSION`, one committed migration at a time, and
    return the version it ends at (above :data:`SCHEMA_VERSION` when a newer nonostudio got there
    first: nothing is changed then).

    Each step takes the write lock (``BEGIN IMMEDIATE``, waiting the connection's busy timeout)
    *before* reading ``user_version``: another process opening the same library at the same
    moment may have made the step already, and only a version read under the lock says so.
    """
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            current = version(conn)
            if current >= SCHEMA_VERSION:
                conn.execute("COMMIT")
                return current
            MIGRATIONS[current](conn)
            conn.execute(f"PRAGMA user_version = {current + 1:d}")
            conn.execute("COMMIT")
        except BaseException:
            rollback(conn)
            raise


def has_hand_table(conn: sqlite3.Connection) -> bool:
    """Whether the hand-progress table exists (not in a schema-2 library that could not be
    upgraded: read-only or on a full disk)."""
    return (
        conn.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name='hand_progress'"
        ).fetchone()
        is not None
    )


def create_profile_tables(conn: sqlite3.Connection) -> None:
    """The tutor's player profiles and their events (nonostudio.core.library.profiles), made
    when first used: tables a library without them does without, so the schema version stays
    and older nonostudio versions still open the file."""
    conn.execute(
        """CREATE TABLE IF NOT EXISTS profiles (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE,
            created TEXT NOT NULL
        )"""
    )
    conn.execute(
        """CREATE TABLE IF NOT EXISTS profile_events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            profile_id INTEGER NOT NULL,
            source TEXT NOT NULL,
            kind TEXT NOT NULL,
            technique TEXT NOT NULL,
            score REAL NOT NULL,
            seconds REAL,
            item TEXT NOT NULL DEFAULT '',
            at REAL NOT NULL
        )"""
    )
