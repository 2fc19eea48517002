"""The puzzle library: a SQLite store of the user's puzzles with cached listing columns and verdicts.

Each puzzle is kept as a small JSON document (clues, metadata, goal picture as row strings) next to
the columns a list view needs.  Every write is one transaction, so a crash (even ``kill -9``) loses
at most the write in progress, and a failed write (read-only file, full disk, a lock held by another
process) is rolled back and reported as :class:`LibraryError`; no ``sqlite3`` error leaves this
module.

Opening is careful about the user's data:

* a file that SQLite itself calls corrupt or "not a database" is moved aside (renamed, its bytes
  unchanged) and reported with :class:`LibraryError` naming where it went; opening the path again
  then starts an empty library;
* a file another process keeps locked is waited for (``busy_timeout``) and then reported as in use;
  a read-only file or folder is opened read-only (:attr:`Library.read_only`); a full disk is noted
  in :attr:`Library.warning`; a library from a newer version or another program is refused; none of
  these is ever moved or changed;
* a damaged record (text that is not UTF-8, a document that is not JSON) is left out of the
  listing with a message naming it in :attr:`Library.skipped`, and the rest loads.
"""

from __future__ import annotations

import json
import os
import sqlite3
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import numpy as np

from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle

SCHEMA_VERSION = 3
READABLE_FROM = 2
"""The oldest schema used as it is when the library cannot be upgraded (read-only file, full
disk): schema 3 only adds the hand-solving progress table, which such a library does without."""
DOCUMENT_VERSION = 1
SAMPLE_EXTENSIONS = (".non",)

_GOAL_CHARS = {FILLED: "#", CROSSED: "."}
_GOAL_CELLS = {"#": FILLED, ".": CROSSED}
_HAND_CHARS = {FILLED: "#", CROSSED: ".", UNKNOWN: "?"}
_HAND_CELLS = {"#": FILLED, ".": CROSSED, "?": UNKNOWN}


BUSY_TIMEOUT = 3.0  # seconds a lock held by another process is waited for

# LibraryError.kind: what went wrong, so callers can choose a fallback without parsing messages.
CORRUPT = "corrupt"  # SQLite calls the file corrupt or not a database (the only kind moved aside)
BUSY = "busy"  # another process holds a lock longer than the busy timeout
READ_ONLY = "read-only"  # the file or its folder cannot be written
FULL = "full"  # the disk is full
IO = "io"  # an I/O error
REFUSED = "refused"  # a newer schema or another program's database: left alone
MISSING = "missing"  # no puzzle with that id, or no file to open read-only
DAMAGED_RECORD = "damaged record"  # one stored puzzle cannot be read
OTHER = "other"

_KIND_OF_CODE = {  # SQLite primary result codes
    3: READ_ONLY,  # SQLITE_PERM
    5: BUSY,  # SQLITE_BUSY
    6: BUSY,  # SQLITE_LOCKED
    8: READ_ONLY,  # SQLITE_READONLY
    10: IO,  # SQLITE_IOERR
    11: CORRUPT,  # SQLITE_CORRUPT
    13: FULL,  # SQLITE_FULL
    14: READ_ONLY,  # SQLITE_CANTOPEN (a file or journal that cannot be created)
    26: CORRUPT,  # SQLITE_NOTADB
}

_T = TypeVar("_T")


class LibraryError(RuntimeError):
    """The library cannot be used or changed, or an id is unknown; ``str()`` says why and where.

    ``kind`` is one of the module's kind constants (``BUSY``, ``READ_ONLY``, ``FULL``, ...);
    ``moved_to`` is where an unreadable file was kept aside (only for ``CORRUPT``).
    """

    def __init__(self, message: str, *, moved_to: Path | None = None, kind: str = OTHER) -> None:
        super().__init__(message)
        self.moved_to = moved_to
        self.kind = kind


class DamagedRecordError(LibraryError, PuzzleError):
    """One stored puzzle cannot be read (bad text, bad JSON, inconsistent clues); names the record.

    It is both a :class:`LibraryError` and a :class:`PuzzleError`, so either handler catches it.
    """

    def __init__(self, message: str, *, id: int) -> None:
        LibraryError.__init__(self, message, kind=DAMAGED_RECORD)
        self.id = id
        self.message = message
        self.source = None
        self.line = self.column = None
        self.clue = None

    def with_source(self, source: str) -> DamagedRecordError:
        return self


def _kind(exc: sqlite3.Error) -> str:
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _KIND_OF_CODE.get(code & 0xFF, OTHER)
    text = str(exc).lower()  # only without error codes (Python < 3.11)
    for needle, kind in (("locked", BUSY), ("readonly", READ_ONLY), ("full", FULL),
                         ("malformed", CORRUPT), ("not a database", CORRUPT), ("i/o", IO)):
        if needle in text:
            return kind
    return OTHER


@dataclass(frozen=True, slots=True)
class LibraryEntry:
    """One row of the library listing (no clues: use :meth:`Library.get` for the puzzle)."""

    id: int
    title: str
    author: str
    width: int
    height: int
    source: str
    licence: str
    verdict: str
    created: str
    modified: str
    difficulty: str = ""  # the cached difficulty label ('' until graded)

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"


def puzzle_to_json(puzzle: Puzzle) -> str:
    """The library's JSON document for ``puzzle``."""
    goal = None
    if puzzle.goal is not None:
        goal = ["".join(_GOAL_CHARS[int(c)] for c in row) for row in puzzle.goal]
    doc = {
        "version": DOCUMENT_VERSION,
        "rows": [list(r) for r in puzzle.rows],
        "cols": [list(c) for c in puzzle.cols],
        "title": puzzle.title,
        "author": puzzle.author,
        "copyright": puzzle.copyright,
        "licence": puzzle.licence,
        "goal": goal,
    }
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def puzzle_from_json(text: str, source: str = "library") -> Puzzle:
    """Rebuild a puzzle from :func:`puzzle_to_json` output; raises PuzzleError on a damaged document."""
    try:
        doc = json.loads(text)
        goal_rows = doc.get("goal")
        goal = None
        if goal_rows is not None:
            goal = np.array([[_GOAL_CELLS[ch] for ch in row] for row in goal_rows], dtype=np.int8)
        return Puzzle(
            rows=tuple(tuple(r) for r in doc["rows"]),
            cols=tuple(tuple(c) for c in doc["cols"]),
            title=str(doc.get("title", "")),
            author=str(doc.get("author", "")),
            copyright=str(doc.get("copyright", "")),
            licence=str(doc.get("licence", "")),
            goal=goal,
        )
    except PuzzleError as exc:
        raise exc.with_source(source) from None
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise PuzzleError(f"damaged puzzle record ({exc!r})", source=source) from None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


_INSERT = (
    "INSERT INTO puzzles (title, author, width, height, source, licence, data, created, modified) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


def _insert_params(puzzle: Puzzle, source: str, now: str) -> tuple[object, ...]:
    return (puzzle.title, puzzle.author, puzzle.width, puzzle.height, source, puzzle.licence,
            puzzle_to_json(puzzle), now, now)


def _migrate_0_to_1(conn: sqlite3.Connection) -> None:
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute(
        """CREATE TABLE puzzles (
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
    conn.execute("ALTER TABLE puzzles ADD COLUMN difficulty TEXT NOT NULL DEFAULT ''")


def _migrate_2_to_3(conn: sqlite3.Connection) -> None:
    conn.execute(
        """CREATE TABLE hand_progress (
            puzzle_id INTEGER PRIMARY KEY,
            cells TEXT NOT NULL,
            seconds REAL NOT NULL DEFAULT 0,
            solved INTEGER NOT NULL DEFAULT 0,
            modified TEXT NOT NULL
        )"""
    )


# MIGRATIONS[v] brings a database at schema version v to v + 1; append one step per schema change.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {0: _migrate_0_to_1,
                                                               1: _migrate_1_to_2,
                                                               2: _migrate_2_to_3}


@dataclass(frozen=True)
class HandProgress:
    """A player's grid of one library puzzle solved by hand: the cells (``int8``, UNKNOWN where
    undecided), the seconds spent so far, whether it was solved, and when it was saved."""

    cells: np.ndarray
    seconds: float
    solved: bool
    modified: str


def _hand_text(cells: np.ndarray) -> str:
    return "/".join("".join(_HAND_CHARS.get(int(v), "?") for v in row) for row in cells)


_TEXT_COLUMNS = ("title", "author", "source", "licence", "verdict", "created", "modified",
                 "difficulty")
# SQLite checks the JSON documents (in C, several times faster than json.loads over a long
# listing): 1 for a document with row and column clues, 0 or NULL for other JSON, -1 for no JSON.
_DOCUMENT_CHECK = ("CASE WHEN json_valid(data) THEN json_type(data, '$.rows') = 'array' "
                   "AND json_type(data, '$.cols') = 'array' ELSE -1 END")
# Text is read as bytes and decoded here, so one damaged byte names its record instead of stopping
# the whole listing ("Could not decode to UTF-8 column ...").
_LIST_SQL = (
    "SELECT id, width, height, "
    + ", ".join(f"CAST({c} AS BLOB)" for c in _TEXT_COLUMNS)
    + " FROM puzzles"
)
_DOCUMENT_SQL = "SELECT id, CAST(data AS BLOB), {check} FROM puzzles"
_FEW = 200  # up to this many unchecked documents are read one by one, more in one pass
_COLUMN_NAMES = {"title": "title", "author": "author", "source": "source", "licence": "licence",
                 "verdict": "verdict", "created": "creation date", "modified": "change date",
                 "difficulty": "difficulty", "data": "stored puzzle"}


class _Damaged(Exception):
    """Raised while reading one record: what is wrong with it (the caller names the record)."""


def _decode(raw: object, column: str) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, bytes):  # CAST(... AS BLOB) gives bytes; be safe with anything else
        return str(raw)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Damaged(
            f"its {_COLUMN_NAMES[column]} is not valid UTF-8 text (byte 0x{raw[exc.start]:02x} at "
            f"position {exc.start + 1})"
        ) from None


def _readable_title(raw: object) -> str | None:
    try:
        return _decode(raw, "title")
    except _Damaged:
        return None


def _record_name(id: int, title: str | None) -> str:
    return f"library puzzle {id} (“{title}”)" if title else f"library puzzle {id}"


def _check_document(text: str, verdict: object) -> None:
    """Raise _Damaged unless ``text`` is a JSON object with row and column clue lists;
    ``verdict`` is SQLite's answer to _DOCUMENT_CHECK (None when not asked)."""
    if verdict == 1:
        return
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise _Damaged(f"its stored puzzle is not valid JSON ({exc})") from None
    if verdict == -1:
        raise _Damaged("its stored puzzle is not valid JSON")
    if not isinstance(doc, dict) or not isinstance(doc.get("rows"), list) or not isinstance(
        doc.get("cols"), list
    ):
        raise _Damaged("its stored puzzle has no row and column clues")


class Library:
    """The puzzle library stored in the SQLite file ``path`` (created when missing).

    ``read_only=True`` opens an existing file without ever writing to it.  A lock held by another
    process is waited for ``busy_timeout`` seconds (default :data:`BUSY_TIMEOUT`).  After opening,
    :attr:`read_only` says whether writes are possible (with :attr:`read_only_reason`),
    :attr:`warning` holds a sentence for the user when the library works only in part (a full
    disk), and :attr:`skipped` lists the damaged records the last :meth:`entries` left out.
    """

    def __init__(self, path: Path | str, *, read_only: bool = False,
                 busy_timeout: float | None = None) -> None:
        self.path = Path(path)
        self.busy_timeout = BUSY_TIMEOUT if busy_timeout is None else busy_timeout
        self.read_only = read_only
        self.read_only_reason = "it was opened read-only" if read_only else ""
        self.warning = ""
        self.skipped: list[str] = []
        self._sql_json: bool | None = None  # whether SQLite can check JSON (asked once)
        self._checked: dict[int, str] = {}  # id -> modified stamp of documents found sound
        self._conn = self._open()

    # -- opening -----------------------------------------------------------------------------

    @property
    def in_memory(self) -> bool:
        return str(self.path) == ":memory:"

    def _connect(self, target: str | Path, *, uri: bool = False) -> sqlite3.Connection:
        return sqlite3.connect(target, isolation_level=None, timeout=self.busy_timeout, uri=uri)

    def _open(self) -> sqlite3.Connection:
        if self.in_memory:
            conn = self._connect(":memory:")
            self._upgrade(conn)
            return conn
        if self.read_only:
            return self._open_read_only()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise LibraryError(
                f"The puzzle library {self.path} cannot be created: its folder {self.path.parent} "
                f"cannot be made ({exc.strerror or exc}).",
                kind=READ_ONLY,
            ) from None
        try:
            existed = self.path.stat().st_size > 0
        except FileNotFoundError:
            existed = False
        except OSError as exc:
            raise LibraryError(
                f"The puzzle library {self.path} cannot be read ({exc.strerror or exc}).", kind=IO
            ) from None
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connect(self.path)
            refusal = self._check(conn) if existed else None
            if refusal is None:
                self._upgrade_or_probe(conn, existed)
                return conn
            problem, kind = refusal
        except LibraryError:
            if conn is not None:
                conn.close()
            raise
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            kind = _kind(exc)
            if kind != CORRUPT:
                raise self._open_error(exc, existed) from None
            problem = f"SQLite reports that it is not a readable SQLite database ({exc})"
        else:
            conn.close()
        if kind != CORRUPT:
            raise LibraryError(
                f"The puzzle library {self.path} cannot be used: {problem}. It was left "
                "unchanged.", kind=kind,
            )
        try:
            moved = self._move_aside()
        except OSError as exc:
            raise LibraryError(
                f"The puzzle library {self.path} cannot be used: {problem}. It could not be moved "
                f"aside ({exc.strerror or exc}) and was left unchanged.", kind=CORRUPT,
            ) from None
        raise LibraryError(
            f"The puzzle library {self.path} cannot be used: {problem}. "
            f"It was moved to {moved} and a new, empty library will be created.",
            moved_to=moved, kind=CORRUPT,
        )

    def _open_read_only(self) -> sqlite3.Connection:
        if not self.path.is_file():
            raise LibraryError(f"The puzzle library {self.path} does not exist.", kind=MISSING)
        uri = "file:" + urllib.parse.quote(str(self.path.resolve())) + "?mode=ro"
        conn: sqlite3.Connection | None = None
        try:
            conn = self._connect(uri, uri=True)
            refusal = self._check(conn)
            if refusal is None:
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version < READABLE_FROM:
                    refusal = (f"it was written by an older nonostudio (schema {version}) and must "
                               "be upgraded, which a read-only library cannot be", READ_ONLY)
        except sqlite3.Error as exc:
            if conn is not None:
                conn.close()
            raise self._open_error(exc, True) from None
        if refusal is not None:
            conn.close()
            raise LibraryError(
                f"The puzzle library {self.path} cannot be used: {refusal[0]}. It was left "
                "unchanged.", kind=refusal[1],
            )
        return conn

    def _open_error(self, exc: sqlite3.Error, existed: bool) -> LibraryError:
        kind = _kind(exc)
        where = f"The puzzle library {self.path}"
        if kind == BUSY:
            text = (f"{where} is in use by another process (it was still locked after waiting "
                    f"{self.busy_timeout:g} s). It was left unchanged.")
        elif kind == READ_ONLY and not existed:
            folder = self.path.parent
            why = f"its folder {folder} is read-only" if not os.access(folder, os.W_OK) else (
                "it cannot be created")
            text = f"{where} cannot be created: {why} ({exc})."
        elif kind == READ_ONLY:
            text = f"{where} cannot be opened: it or its folder is read-only ({exc})."
        elif kind == FULL:
            text = (f"The disk is full: {where} cannot be "
                    f"{'opened' if existed else 'created'} ({exc}).")
        elif kind == IO:
            text = f"{where} cannot be read (I/O error: {exc}). It was left unchanged."
        elif kind == CORRUPT:
            text = f"{where} cannot be used: SQLite reports that it is damaged ({exc})."
        else:
            text = f"{where} cannot be opened ({exc})."
        return LibraryError(text, kind=kind)

    @staticmethod
    def _check(conn: sqlite3.Connection) -> tuple[str, str] | None:
        """Why an existing file is unusable and its kind, or None when it looks like a library."""
        result = conn.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            return f"the database is damaged ({result[0] if result else 'no answer'})", CORRUPT
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            return (
                f"it was written by a newer nonostudio (schema {version}, this version "
                f"reads up to {SCHEMA_VERSION})", REFUSED
            )
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        tables.discard("sqlite_sequence")
        if version == 0 and tables:
            return "it is an SQLite database of another program", REFUSED
        return None

    def _upgrade_or_probe(self, conn: sqlite3.Connection, existed: bool) -> None:
        """Bring the schema up to date, or find out by a write that changes nothing whether the
        file can be written (read-only file or folder, full disk, a lock held elsewhere)."""
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version < SCHEMA_VERSION:
            try:
                self._upgrade(conn)
            except sqlite3.Error as exc:
                if not existed or _kind(exc) not in (READ_ONLY, FULL):
                    raise
                if version >= READABLE_FROM:  # usable as it is, without hand progress
                    if _kind(exc) == READ_ONLY:
                        self.read_only = True
                        self.read_only_reason = f"the file or its folder cannot be written: {exc}"
                    else:
                        self.warning = self._full_warning(exc)
                    return
                raise LibraryError(
                    f"The puzzle library {self.path} was written by an older nonostudio (schema "
                    f"{version}) and must be upgraded, but it cannot be written ({exc}). It was "
                    "left unchanged.", kind=_kind(exc),
                ) from None
            return
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute(f"PRAGMA user_version = {version:d}")
        except sqlite3.Error as exc:
            kind = _kind(exc)
            if kind == READ_ONLY:
                self.read_only = True
                self.read_only_reason = f"the file or its folder cannot be written: {exc}"
            elif kind == FULL:
                self.warning = self._full_warning(exc)
            else:
                raise
        finally:
            self._rollback(conn)

    def _full_warning(self, exc: sqlite3.Error) -> str:
        return (f"The disk holding the puzzle library {self.path} is full ({exc}): changes "
                "cannot be saved until some space is freed.")

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        """End an open transaction without letting a second error hide the first one (SQLite may
        already have rolled back on its own, e.g. after a full disk)."""
        if conn.in_transaction:
            try:
                conn.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    @classmethod
    def _upgrade(cls, conn: sqlite3.Connection) -> None:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        while version < SCHEMA_VERSION:
            conn.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[version](conn)
                version += 1
                conn.execute(f"PRAGMA user_version = {version:d}")
                conn.execute("COMMIT")
            except BaseException:
                cls._rollback(conn)
                raise

    def _move_aside(self) -> Path:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.unusable-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.unusable-{stamp}-{n}")
        self.path.rename(target)
        for suffix in ("-journal", "-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
        return target

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -----------------------------------------------------------------------------

    def _transaction(self, action: str, work: Callable[[sqlite3.Connection], _T]) -> _T:
        """Run ``work`` in one write transaction; any failure rolls it back and becomes a
        LibraryError saying what could not be done and why (``action``: "add the puzzle …")."""
        if self.read_only:
            raise LibraryError(
                f"The library is read-only: cannot {action} ({self.path}: "
                f"{self.read_only_reason}).",
                kind=READ_ONLY,
            )
        conn = self._conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            result = work(conn)
            conn.execute("COMMIT")
            self.warning = ""  # a write went through: whatever was full is not any more
            return result
        except sqlite3.Error as exc:
            self._rollback(conn)
            raise self._write_error(exc, action) from None
        except BaseException:
            self._rollback(conn)
            raise

    def _write_error(self, exc: sqlite3.Error, action: str) -> LibraryError:
        kind = _kind(exc)
        unchanged = "The library is unchanged."
        if kind == READ_ONLY:
            self.read_only = True
            self.read_only_reason = f"the file or its folder cannot be written: {exc}"
            text = (f"The library is read-only: cannot {action} ({self.path}: "
                    f"{self.read_only_reason}). {unchanged}")
        elif kind == FULL:
            self.warning = self._full_warning(exc)
            text = (f"The disk is full: cannot {action} in {self.path} ({exc}). {unchanged} Free "
                    "some space and try again.")
        elif kind == BUSY:
            text = (f"The library {self.path} is in use by another process: cannot {action} (it "
                    f"was still locked after waiting {self.busy_timeout:g} s). {unchanged}")
        elif kind == IO:
            text = f"Cannot {action}: I/O error writing {self.path} ({exc}). {unchanged}"
        elif kind == CORRUPT:
            text = (f"Cannot {action}: SQLite reports that the library file {self.path} is "
                    f"damaged ({exc}). {unchanged}")
        else:
            text = f"Cannot {action} in the library {self.path} ({exc}). {unchanged}"
        return LibraryError(text, kind=kind)

    def add(self, puzzle: Puzzle, source: str = "") -> int:
        """Store ``puzzle`` (``source`` says where it came from) and return its new id."""
        params = _insert_params(puzzle, source, _now())
        cur = self._transaction(f"add the puzzle “{puzzle.title or 'untitled'}”",
                                lambda conn: conn.execute(_INSERT, params))
        return int(cur.lastrowid or 0)

    def update(self, id: int, puzzle: Puzzle) -> None:
        """Replace puzzle ``id``; its cached verdict and difficulty are cleared because the clues
        may differ."""
        params = (puzzle.title, puzzle.author, puzzle.width, puzzle.height, puzzle.licence,
                  puzzle_to_json(puzzle), _now(), id)
        cur = self._transaction(
            f"save library puzzle {id}",
            lambda conn: conn.execute(
                "UPDATE puzzles SET title=?, author=?, width=?, height=?, licence=?, data=?, "
                "verdict='', difficulty='', modified=? WHERE id=?", params),
        )
        self._require_row(cur, id)

    def set_verdict(self, id: int, text: str) -> None:
        """Cache the solver's one-line verdict for puzzle ``id``."""
        cur = self._transaction(
            f"store the verdict of library puzzle {id}",
            lambda conn: conn.execute("UPDATE puzzles SET verdict=? WHERE id=?", (text, id)))
        self._require_row(cur, id)

    def set_difficulty(self, id: int, label: str) -> None:
        """Cache the difficulty label (e.g. ``Medium``) graded for puzzle ``id``."""
        cur = self._transaction(
            f"store the difficulty of library puzzle {id}",
            lambda conn: conn.execute("UPDATE puzzles SET difficulty=? WHERE id=?", (label, id)))
        self._require_row(cur, id)

    def remove(self, id: int) -> None:
        """Delete puzzle ``id`` (and its hand-solving progress)."""
        def delete(conn: sqlite3.Connection) -> sqlite3.Cursor:
            cur = conn.execute("DELETE FROM puzzles WHERE id=?", (id,))
            if self._has_hand_table(conn):
                conn.execute("DELETE FROM hand_progress WHERE puzzle_id=?", (id,))
            return cur

        cur = self._transaction(f"delete library puzzle {id}", delete)
        self._require_row(cur, id)

    # -- solving by hand ---------------------------------------------------------------------

    @staticmethod
    def _has_hand_table(conn: sqlite3.Connection) -> bool:
        """Whether the hand-progress table exists (not in a schema-2 library that could not be
        upgraded: read-only or on a full disk)."""
        return conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' "
                            "AND name='hand_progress'").fetchone() is not None

    def save_hand_progress(self, id: int, cells: np.ndarray, seconds: float = 0.0,
                           solved: bool = False) -> None:
        """Keep the player's grid of puzzle ``id`` (replacing what was kept); LibraryError when
        it cannot be written or there is no such puzzle."""
        grid = np.asarray(cells)
        if grid.ndim != 2:
            raise ValueError(f"a hand-solving grid has two dimensions, not {grid.ndim}")
        params = (id, _hand_text(grid), max(0.0, float(seconds)), int(bool(solved)), _now(), id)

        def save(conn: sqlite3.Connection) -> sqlite3.Cursor:
            if not self._has_hand_table(conn):
                raise LibraryError(
                    f"Cannot save the progress of library puzzle {id}: the library {self.path} "
                    "is from an older nonostudio and could not be upgraded.", kind=READ_ONLY)
            return conn.execute(
                "INSERT OR REPLACE INTO hand_progress (puzzle_id, cells, seconds, solved, "
                "modified) SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM puzzles WHERE id=?)",
                params)

        cur = self._transaction(f"save the progress of library puzzle {id}", save)
        self._require_row(cur, id)

    def clear_hand_progress(self, id: int) -> None:
        """Forget the player's grid of puzzle ``id`` (nothing happens when none is kept)."""
        def clear(conn: sqlite3.Connection) -> None:
            if self._has_hand_table(conn):
                conn.execute("DELETE FROM hand_progress WHERE puzzle_id=?", (id,))

        self._transaction(f"clear the progress of library puzzle {id}", clear)

    def hand_progress(self, id: int) -> HandProgress | None:
        """The player's kept grid of puzzle ``id``; None when none is kept or the puzzle's size
        changed since.  A damaged record raises :class:`DamagedRecordError` naming it."""
        try:
            if not self._has_hand_table(self._conn):
                return None
            row = self._conn.execute(
                "SELECT CAST(h.cells AS BLOB), h.seconds, h.solved, CAST(h.modified AS BLOB), "
                "p.width, p.height FROM hand_progress h JOIN puzzles p ON p.id = h.puzzle_id "
                "WHERE h.puzzle_id=?", (id,)).fetchone()
        except sqlite3.Error as exc:
            raise self._read_error(exc, f"the progress of library puzzle {id}") from None
        if row is None:
            return None
        raw, seconds, solved, modified, width, height = row
        where = f"the saved progress of library puzzle {id}"
        try:
            text = bytes(raw).decode("utf-8")
            rows = text.split("/") if text else []
            cells = np.array([[_HAND_CELLS[ch] for ch in r] for r in rows], dtype=np.int8)
        except (UnicodeDecodeError, KeyError, ValueError, TypeError):
            raise DamagedRecordError(f"{where} is damaged (its cells are not rows of #, . and ?)",
                                     id=id) from None
        if cells.shape != (height, width):
            return None  # the puzzle was resized since: the old grid does not apply
        try:
            return HandProgress(cells, float(seconds), bool(solved),
                                bytes(modified).decode("utf-8", errors="replace"))
        except (TypeError, ValueError):
            raise DamagedRecordError(f"{where} is damaged (its time is {seconds!r})",
                                     id=id) from None

    @staticmethod
    def _require_row(cur: sqlite3.Cursor, id: int) -> None:
        if cur.rowcount != 1:
            raise LibraryError(f"the library has no puzzle with id {id}", kind=MISSING)

    # -- reading -----------------------------------------------------------------------------

    def _read_error(self, exc: sqlite3.Error, what: str) -> LibraryError:
        kind = _kind(exc)
        if kind == BUSY:
            return LibraryError(
                f"The library {self.path} is in use by another process: {what} could not be read "
                f"(it was still locked after waiting {self.busy_timeout:g} s).", kind=BUSY)
        if kind == CORRUPT:
            return LibraryError(f"SQLite reports that the library file {self.path} is damaged: "
                                f"{what} could not be read ({exc}).", kind=CORRUPT)
        return LibraryError(f"{what[:1].upper()}{what[1:]} could not be read from the library "
                            f"{self.path} ({exc}).", kind=kind)

    def get(self, id: int) -> Puzzle:
        """Puzzle ``id``; a damaged record raises :class:`DamagedRecordError` naming it."""
        try:
            row = self._conn.execute(
                "SELECT CAST(title AS BLOB), CAST(data AS BLOB) FROM puzzles WHERE id=?", (id,)
            ).fetchone()
        except sqlite3.Error as exc:
            error = self._read_error(exc, f"library puzzle {id}")
            if error.kind == CORRUPT:
                raise DamagedRecordError(str(error), id=id) from None
            raise error from None
        if row is None:
            raise LibraryError(f"the library has no puzzle with id {id}", kind=MISSING)
        name = _record_name(id, _readable_title(row[0]))
        try:
            text = _decode(row[1], "data")
        except _Damaged as exc:
            raise DamagedRecordError(f"{name} is damaged: {exc}", id=id) from None
        try:
            return puzzle_from_json(text, source=name)
        except PuzzleError as exc:
            raise DamagedRecordError(f"{name} is damaged: {exc.message}", id=id) from None

    def entries(self) -> list[LibraryEntry]:
        """Every readable stored puzzle's listing columns, in the order they were added.

        A damaged record is left out and described in :attr:`skipped`; a file so damaged that
        rows cannot be found is read row by row around the damage.  Raises LibraryError only when
        nothing can be read (a lock held by another process, an I/O error).  Each stored
        document is checked once per session and again whenever it changes.
        """
        self.skipped = []
        try:
            rows = self._conn.execute(_LIST_SQL + " ORDER BY id").fetchall()
            entries = [e for e in map(self._entry, rows) if e is not None]
            return self._with_sound_documents(entries)
        except sqlite3.Error as exc:
            if _kind(exc) != CORRUPT:
                raise self._read_error(exc, "the list of puzzles") from None
            return self._entries_around_damage(exc)

    def _entry(self, row: tuple[object, ...]) -> LibraryEntry | None:
        id, width, height = row[:3]
        texts = row[3:]
        assert isinstance(id, int)
        try:
            try:  # the common case, fast; the slow path names the damaged column
                values = [raw.decode() for raw in texts]  # type: ignore[attr-defined]
            except (UnicodeDecodeError, AttributeError):
                values = [_decode(raw, column) for column, raw in zip(_TEXT_COLUMNS, texts,
                                                                       strict=True)]
            if not (isinstance(width, int) and isinstance(height, int)):
                raise _Damaged(f"its size is damaged ({width!r} x {height!r})")
        except _Damaged as exc:
            self._skip(id, _readable_title(texts[0]), exc)
            return None
        title, author, source, licence, verdict, created, modified, difficulty = values
        return LibraryEntry(id, title, author, width, height, source, licence, verdict,
                            created, modified, difficulty)

    def _skip(self, id: int, title: str | None, why: object) -> None:
        self.skipped.append(f"{_record_name(id, title)} was skipped: {why}.")

    def _document_sql(self) -> str:
        if self._sql_json is None:
            try:
                self._conn.execute("SELECT json_valid('{}')").fetchone()
                self._sql_json = True
            except sqlite3.Error:  # an SQLite built without JSON: Python checks instead
                self._sql_json = False
        return _DOCUMENT_SQL.format(check=_DOCUMENT_CHECK if self._sql_json else "NULL")

    def _with_sound_documents(self, entries: list[LibraryEntry],
                              one_by_one: bool = False) -> list[LibraryEntry]:
        """``entries`` without those whose stored document is not UTF-8 JSON with clues (each
        named in :attr:`skipped`); documents already checked unchanged are not read again."""
        unchecked = [e for e in entries if self._checked.get(e.id) != e.modified]
        if not unchecked:
            return entries
        documents: dict[int, tuple[object, object]] = {}
        if len(unchecked) > _FEW and not one_by_one:
            wanted = {e.id for e in unchecked}
            for id, data, verdict in self._conn.execute(self._document_sql()):
                if id in wanted:
                    documents[id] = (data, verdict)
        else:
            for entry in unchecked:
                try:
                    row = self._conn.execute(self._document_sql() + " WHERE id=?",
                                             (entry.id,)).fetchone()
                except sqlite3.Error as exc:
                    if not one_by_one:
                        raise
                    row = None
                    self._skip(entry.id, entry.title, f"it could not be read ({exc})")
                if row is not None:
                    documents[entry.id] = (row[1], row[2])
        bad = set()
        for entry in unchecked:
            if entry.id not in documents:
                bad.add(entry.id)
                continue
            data, verdict = documents[entry.id]
            try:
                _check_document(_decode(data, "data"), verdict)
            except _Damaged as exc:
                bad.add(entry.id)
                self._skip(entry.id, entry.title, exc)
                continue
            self._checked[entry.id] = entry.modified
        return [e for e in entries if e.id not in bad]

    def _entries_around_damage(self, damage: sqlite3.Error) -> list[LibraryEntry]:
        """Read what can be read of a file SQLite calls damaged, one record at a time."""
        self.skipped = [
            f"SQLite reports that the library file {self.path} is damaged ({damage}): the puzzles "
            "that could still be read are listed, others may be missing."
        ]
        ids: list[int] = []
        try:
            for (id,) in self._conn.execute("SELECT id FROM puzzles ORDER BY id"):
                if isinstance(id, int) and (not ids or id > ids[-1]):  # a damaged page can
                    ids.append(id)  # yield stray numbers out of order: those are not records
        except sqlite3.Error as exc:
            after = f" after library puzzle {ids[-1]}" if ids else ""
            self.skipped.append(f"The puzzles{after} could not be found ({exc}).")
        entries = []
        for id in ids:
            try:
                row = self._conn.execute(_LIST_SQL + " WHERE id=?", (id,)).fetchone()
            except sqlite3.Error as exc:
                self._skip(id, None, f"it could not be read ({exc})")
                continue
            if row is None:
                self._skip(id, None, "it could not be found")
                continue
            entry = self._entry(row)
            if entry is not None:
                entries.append(entry)
        self._checked.clear()
        return self._with_sound_documents(entries, one_by_one=True)

    def __len__(self) -> int:
        try:
            return int(self._conn.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0])
        except sqlite3.Error as exc:
            raise self._read_error(exc, "the number of puzzles") from None

    # -- first start -------------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        try:
            row = self._conn.execute(
                "SELECT CAST(value AS BLOB) FROM meta WHERE key=?", (key,)).fetchone()
        except sqlite3.Error as exc:
            raise self._read_error(exc, f"the setting {key!r}") from None
        return None if row is None else bytes(row[0]).decode("utf-8", errors="replace")

    def seed_samples(self, folder: Path | str) -> int:
        """Add the bundled samples in ``folder`` once per library; return how many were added.

        The library remembers that it was seeded, so samples the user deletes stay deleted.  All
        samples are read before anything is written: a bad sample raises PuzzleError and adds none.
        """
        if self.meta("samples_seeded") is not None:
            return 0
        from nonostudio.core.formats import read_file  # formats are only needed on first start

        files = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in SAMPLE_EXTENSIONS)
        puzzles = [(read_file(p), f"sample: {p.name}") for p in files]
        now = _now()

        def insert_all(conn: sqlite3.Connection) -> None:
            for puzzle, source in puzzles:
                conn.execute(_INSERT, _insert_params(puzzle, source, now))
            conn.execute("INSERT INTO meta (key, value) VALUES ('samples_seeded', ?)", (now,))

        self._transaction("add the sample puzzles", insert_all)
        return len(puzzles)
