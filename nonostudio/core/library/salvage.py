"""Recovering what a damaged library file still gives: every puzzle whose record can be read (as
the listing reads one: UTF-8 text, a JSON document with row and column clues) is copied, with its
listing columns where they read (else its document's title, author and licence), into a fresh
library file, and so are the player's hand-solving grids, the library's settings and the player
profiles where they read.

SQLite damage is page-wise: a damaged index or another table leaves the puzzles whole, and a
damaged page of the puzzles table loses the records on it only.  Rows are found by a scan in id
order and, past a page the scan cannot cross, looked up one id at a time up to the highest id
the file knows.  :mod:`.opening` swaps the copy in and keeps the damaged file aside.  The copy
reports how far it is and can be stopped between records (:class:`Stopped`; nothing is kept).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nonostudio.core.library import colour_progress, schema
from nonostudio.core.library.records import Damaged, check_document, decode, hand_cells, now
from nonostudio.core.library.schema import DOCUMENT_CHECK
from nonostudio.core.progress import ProgressCallback, StopCallback, report_count

# Past a page the scan cannot cross, ids are looked up one by one up to the highest id the file
# knows, at most this many (a lookup takes microseconds; a damaged id counter could be huge).
_PROBE_LIMIT = 1_000_000
_STEP = 250  # records copied (or ids looked up) between two looks at progress and stopping

_COPY = (
    "INSERT INTO puzzles (id, title, author, width, height, source, licence, verdict, "
    "difficulty, data, created, modified) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_META_COLUMNS = (
    "title",
    "author",
    "source",
    "licence",
    "verdict",
    "difficulty",
    "created",
    "modified",
)


@dataclass(frozen=True)
class Salvaged:
    """What :func:`salvage` recovered: ``puzzles`` copied; ``unreadable`` records found whose
    puzzle could not be read; ``incomplete`` when part of the puzzles table could not be searched,
    so puzzles may be missing that are not counted in ``unreadable``."""

    puzzles: int
    unreadable: int
    incomplete: bool


class Unreadable(Exception):
    """The damaged file shows no puzzles table at all: there is nothing to recover."""


class Stopped(Exception):
    """The caller asked the copy to stop (``should_stop``); the new file is left half-made, to
    be deleted."""


class _Pace:
    """Reports the copy's progress and stops it when asked, every :data:`_STEP` steps."""

    def __init__(self, progress: ProgressCallback | None, should_stop: StopCallback | None) -> None:
        self._progress, self._should_stop = progress, should_stop

    def step(self, done: int, total: int, what: str) -> None:
        """Step ``done`` of ``total``; ``what`` says it in words, with ``{done}`` and
        ``{total}`` in it."""
        if done % _STEP:
            return
        if self._should_stop is not None and self._should_stop():
            raise Stopped
        if self._progress is not None:
            report_count(self._progress, done, total, what.format(done=done, total=total))


def salvage(
    damaged: sqlite3.Connection,
    target: Path,
    *,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> Salvaged:
    """Write to ``target`` (a new file) a library of what ``damaged`` (an open connection to a
    file SQLite calls damaged, only read) can still give.  Raises :class:`Unreadable` when the
    file shows no puzzles table, ``sqlite3.Error`` or ``OSError`` when ``target`` cannot be
    written, and :class:`Stopped` when ``should_stop()`` turned true (looked at every few hundred
    records; ``progress`` is told as often)."""
    pace = _Pace(progress, should_stop)
    try:
        tables, columns = _catalogue(damaged)
    except sqlite3.Error as exc:
        raise Unreadable(f"its list of tables cannot be read: {exc}") from None
    if "puzzles" not in tables or "data" not in columns:
        raise Unreadable("no table of puzzles can be found in it")
    out = sqlite3.connect(target, isolation_level=None)
    try:
        schema.upgrade(out)
        out.execute("BEGIN IMMEDIATE")
        try:
            result = _copy_puzzles(damaged, out, columns, pace)
            if "hand_progress" in tables:
                _copy_hand_progress(damaged, out)
            if "colour_progress" in tables:
                _copy_colour_progress(damaged, out)
            _copy_meta(damaged, out, "meta" in tables, recovered=result.puzzles > 0)
            if "profiles" in tables:
                schema.create_profile_tables(out)
                _copy_table(damaged, out, "profiles", ("id", "name", "created"))
                if "profile_events" in tables:
                    _copy_table(
                        damaged,
                        out,
                        "profile_events",
                        (
                            "id",
                            "profile_id",
                            "source",
                            "kind",
                            "technique",
                            "score",
                            "seconds",
                            "item",
                            "at",
                        ),
                    )
            _keep_id_counter(damaged, out)
            out.execute("COMMIT")
        except BaseException:
            schema.rollback(out)
            raise
    finally:
        out.close()
    return result


def _catalogue(conn: sqlite3.Connection) -> tuple[set[str], set[str]]:
    """The file's tables and the puzzles table's columns."""
    tables = {
        str(name) for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")
    }
    return tables, {str(row[1]) for row in conn.execute("PRAGMA table_info(puzzles)")}


def _rowids(
    conn: sqlite3.Connection, table: str, key: str = "rowid", pace: _Pace | None = None
) -> tuple[list[int], bool]:
    """The ids of ``table``'s rows that can be found, ascending, and whether the search was
    complete (a scan that stopped at damage goes on one id at a time past the last id found)."""
    ids: list[int] = []
    try:
        for (id,) in conn.execute(f"SELECT {key} FROM {table} ORDER BY {key}"):
            if isinstance(id, int) and (not ids or id > ids[-1]):  # a damaged page can yield
                ids.append(id)  # stray numbers out of order: those are not rows
        return ids, True
    except sqlite3.Error:
        pass
    last = ids[-1] if ids else 0
    end = min(_highest_id(conn, table, key), last + _PROBE_LIMIT)
    for id in range(last + 1, end + 1):
        if pace is not None:
            pace.step(id, end, "Looking for the puzzles past the damage: id {done:,} of {total:,}")
        try:
            found = conn.execute(f"SELECT 1 FROM {table} WHERE {key}=?", (id,)).fetchone()
        except sqlite3.Error:
            continue
        if found is not None:
            ids.append(id)
    return ids, False


def _highest_id(conn: sqlite3.Connection, table: str, key: str) -> int:
    """The highest id ``table`` says it has given (its AUTOINCREMENT counter or its last row)."""
    highest = 0
    for sql, args in (
        ("SELECT seq FROM sqlite_sequence WHERE name=?", (table,)),
        (f"SELECT max({key}) FROM {table}", ()),
    ):
        try:
            row = conn.execute(sql, args).fetchone()
        except sqlite3.Error:
            continue
        if row is not None and isinstance(row[0], int):
            highest = max(highest, row[0])
    return highest


def _copy_puzzles(
    damaged: sqlite3.Connection, out: sqlite3.Connection, columns: set[str], pace: _Pace
) -> Salvaged:
    """Every record the library's listing would show (its text UTF-8, its document JSON with
    row and column clues), with the listing columns that read; the others are counted."""
    ids, complete = _rowids(damaged, "puzzles", "id", pace)
    wanted = [c for c in _META_COLUMNS if c in columns]
    select = (
        f"SELECT CAST(data AS BLOB), {_document_check(damaged)}, width, height"
        + "".join(f", CAST({c} AS BLOB)" for c in wanted)
        + " FROM puzzles WHERE id=?"
    )
    copied = unreadable = 0
    for done, id in enumerate(ids):
        pace.step(done, len(ids), "Recovering the puzzles: {done:,} of {total:,}")
        try:
            row = damaged.execute(select, (id,)).fetchone()
            text = decode(row[0], "data")
            check_document(text, row[1])
        except (sqlite3.Error, Damaged, TypeError):
            unreadable += 1
            continue
        meta = dict.fromkeys(_META_COLUMNS, "")
        for column, raw in zip(wanted, row[4:], strict=True):
            try:
                meta[column] = decode(raw, column)
            except Damaged:
                pass  # the document's own title, author, licence are used below
        width, height = row[2], row[3]
        doc: dict[str, Any] = {}
        if not (isinstance(width, int) and isinstance(height, int)) or not all(
            meta[c] for c in ("title", "author", "licence")
        ):
            doc = json.loads(text)  # a sound document (checked above)
            width, height = len(doc["cols"]), len(doc["rows"])
        stamp = now()
        out.execute(
            _COPY,
            (
                id,
                meta["title"] or str(doc.get("title", "")),
                meta["author"] or str(doc.get("author", "")),
                width,
                height,
                meta["source"],
                meta["licence"] or str(doc.get("licence", "")),
                meta["verdict"],
                meta["difficulty"],
                text,
                meta["created"] or stamp,
                meta["modified"] or stamp,
            ),
        )
        copied += 1
    return Salvaged(copied, unreadable, not complete)


def _document_check(conn: sqlite3.Connection) -> str:
    """The listing's check of a document in SQL, or NULL (checked in Python) without JSON."""
    try:
        conn.execute("SELECT json_valid('{}')").fetchone()
    except sqlite3.Error:
        return "NULL"
    return DOCUMENT_CHECK


def _copy_hand_progress(damaged: sqlite3.Connection, out: sqlite3.Connection) -> None:
    """The hand-solving grids of the puzzles copied, where they read."""
    for (id,) in out.execute("SELECT id FROM puzzles").fetchall():
        try:
            row = damaged.execute(
                "SELECT CAST(cells AS BLOB), seconds, solved, CAST(modified AS BLOB) "
                "FROM hand_progress WHERE puzzle_id=?",
                (id,),
            ).fetchone()
            if row is None:
                continue
            cells = decode(row[0], "data")
            hand_cells(cells)
            values = (id, cells, float(row[1]), int(bool(row[2])), decode(row[3], "modified"))
        except (sqlite3.Error, Damaged, KeyError, ValueError, TypeError):
            continue
        out.execute(
            "INSERT INTO hand_progress (puzzle_id, cells, seconds, solved, modified) "
            "VALUES (?, ?, ?, ?, ?)",
            values,
        )


def _copy_colour_progress(damaged: sqlite3.Connection, out: sqlite3.Connection) -> None:
    """The colour games of the puzzles copied, where they read and still fit their puzzle."""
    for (id,) in out.execute("SELECT id FROM puzzles").fetchall():
        try:
            row = colour_progress.read_row(damaged, id)
            kept = None if row is None else colour_progress.from_row(row)
        except (sqlite3.Error, ValueError, TypeError):
            continue
        if kept is not None:
            colour_progress.copy_row(out, id, kept)


def _copy_meta(
    damaged: sqlite3.Connection, out: sqlite3.Connection, present: bool, recovered: bool
) -> None:
    """The library's settings where they read.  When they do not and puzzles were recovered,
    the library is marked seeded: the samples its user kept are among the puzzles recovered,
    and those deleted stay deleted."""
    complete = False
    if present:
        rows, complete = _rows(damaged, "meta", ("key", "value"))
        for key, value in rows:
            if isinstance(key, str) and isinstance(value, str):
                out.execute("INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", (key, value))
    if recovered and not complete:
        out.execute(
            "INSERT OR IGNORE INTO meta (key, value) VALUES ('samples_seeded', ?)", (now(),)
        )


def _rows(
    conn: sqlite3.Connection, table: str, columns: tuple[str, ...]
) -> tuple[list[tuple[object, ...]], bool]:
    """The rows of ``table`` that can be read, and whether all of it could be searched."""
    ids, complete = _rowids(conn, table)
    select = f"SELECT {', '.join(columns)} FROM {table} WHERE rowid=?"
    rows = []
    for id in ids:
        try:
            row = conn.execute(select, (id,)).fetchone()
        except sqlite3.Error:
            complete = False
            continue
        if row is not None:
            rows.append(tuple(row))
    return rows, complete


def _copy_table(
    damaged: sqlite3.Connection, out: sqlite3.Connection, table: str, columns: tuple[str, ...]
) -> None:
    rows, _complete = _rows(damaged, table, columns)
    insert = (
        f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) "
        f"VALUES ({', '.join('?' * len(columns))})"
    )
    for row in rows:
        out.execute(insert, row)


def _keep_id_counter(damaged: sqlite3.Connection, out: sqlite3.Connection) -> None:
    """Carry the puzzles' id counter over, so that the id of a puzzle deleted before the damage
    is not given to a new puzzle (a saved session may still name it)."""
    highest = _highest_id(damaged, "puzzles", "id")
    if highest:
        out.execute(
            "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'puzzles'", (highest,)
        )
        if out.execute("SELECT changes()").fetchone()[0] == 0:
            out.execute("INSERT INTO sqlite_sequence (name, seq) VALUES ('puzzles', ?)", (highest,))


SQLITE_MAGIC = b"SQLite format 3\x00"
_PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)


def header_repaired(damaged: Path, copy: Path) -> sqlite3.Connection | None:
    """A read-only connection to ``copy``: the file ``damaged`` with SQLite's 100-byte header
    written anew, when that header is what is damaged (its first 16 bytes are not SQLite's
    'SQLite format 3'); the page size is the first at which a table of puzzles shows.  None
    when the header is SQLite's or no page size shows one (``copy`` is then removed).  A file
    whose first bytes were overwritten keeps its pages: 'file is not a database' recovered no
    puzzle of 1,714 before.  Raises OSError when ``copy`` cannot be written."""
    with damaged.open("rb") as source:
        head = source.read(len(SQLITE_MAGIC))
    if head == SQLITE_MAGIC:
        return None
    data = bytearray(damaged.read_bytes())
    for size in _PAGE_SIZES:
        if len(data) < 2 * size or len(data) % size:
            continue
        data[:100] = _header(size, len(data) // size)
        copy.write_bytes(data)
        conn = sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True, isolation_level=None)
        try:
            tables, columns = _catalogue(conn)
        except sqlite3.Error:
            tables, columns = set(), set()
        if "puzzles" in tables and "data" in columns:
            return conn
        conn.close()
    copy.unlink(missing_ok=True)
    return None


def _header(page_size: int, pages: int) -> bytes:
    """A database header for ``pages`` pages of ``page_size`` bytes: rollback journal, no free
    list kept (its pages are lost to reading, not the tables'), UTF-8 text, schema format 4."""
    header = bytearray(100)
    header[:16] = SQLITE_MAGIC
    header[16:18] = (1 if page_size == 65536 else page_size).to_bytes(2, "big")
    header[18:24] = bytes((1, 1, 0, 64, 32, 32))  # versions, reserved bytes, payload fractions
    header[24:28] = (1).to_bytes(4, "big")  # change counter
    header[28:32] = pages.to_bytes(4, "big")  # database size (valid: see offset 92)
    header[40:44] = (1).to_bytes(4, "big")  # schema cookie
    header[44:48] = (4).to_bytes(4, "big")  # schema format
    header[56:60] = (1).to_bytes(4, "big")  # text encoding: UTF-8
    header[92:96] = (1).to_bytes(4, "big")  # version-valid-for: the change counter
    header[96:100] = (3_000_000).to_bytes(4, "big")  # the SQLite version that wrote it
    return bytes(header)
