"""The puzzle library: a SQLite store of the user's puzzles with cached listing columns and verdicts.

Each puzzle is kept as a small JSON document (clues, metadata, goal picture as row strings) next to
the columns a list view needs.  Every write is one transaction, so a crash loses at most the write
in progress.  A file that is not a usable library is moved aside (never overwritten) and reported
with :class:`LibraryError`; opening the path again then starts an empty library.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle

SCHEMA_VERSION = 2
DOCUMENT_VERSION = 1
SAMPLE_EXTENSIONS = (".non",)

_GOAL_CHARS = {FILLED: "#", CROSSED: "."}
_GOAL_CELLS = {"#": FILLED, ".": CROSSED}


class LibraryError(RuntimeError):
    """The library file cannot be used (not SQLite, damaged, from a newer version) or an id is unknown."""

    def __init__(self, message: str, *, moved_to: Path | None = None) -> None:
        super().__init__(message)
        self.moved_to = moved_to


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


# MIGRATIONS[v] brings a database at schema version v to v + 1; append one step per schema change.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {0: _migrate_0_to_1,
                                                               1: _migrate_1_to_2}


class Library:
    """The puzzle library stored in the SQLite file ``path`` (created when missing)."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._conn = self._open()

    # -- opening -----------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        existed = self.path.exists() and self.path.stat().st_size > 0
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            problem = self._check(conn) if existed else None
        except sqlite3.DatabaseError as exc:
            problem = f"it is not a readable SQLite database ({exc})"
        if problem is None:
            try:
                self._upgrade(conn)
                return conn
            except sqlite3.DatabaseError as exc:
                problem = f"its tables could not be read or upgraded ({exc})"
        conn.close()
        moved = self._move_aside()
        raise LibraryError(
            f"The puzzle library {self.path} cannot be used: {problem}. "
            f"It was moved to {moved} and a new, empty library will be created.",
            moved_to=moved,
        )

    @staticmethod
    def _check(conn: sqlite3.Connection) -> str | None:
        """Why an existing file is unusable, or None when it looks like a library we can read."""
        result = conn.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            return f"the database is damaged ({result[0] if result else 'no answer'})"
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            return (
                f"it was written by a newer nonostudio (schema {version}, this version "
                f"reads up to {SCHEMA_VERSION})"
            )
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        tables.discard("sqlite_sequence")
        if version == 0 and tables:
            return "it is an SQLite database of another program"
        return None

    @staticmethod
    def _upgrade(conn: sqlite3.Connection) -> None:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        while version < SCHEMA_VERSION:
            conn.execute("BEGIN IMMEDIATE")
            try:
                MIGRATIONS[version](conn)
                version += 1
                conn.execute(f"PRAGMA user_version = {version:d}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
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

    def _write(self, sql: str, params: tuple[object, ...]) -> sqlite3.Cursor:
        with self._conn:
            self._conn.execute("BEGIN IMMEDIATE")
            return self._conn.execute(sql, params)

    def add(self, puzzle: Puzzle, source: str = "") -> int:
        """Store ``puzzle`` (``source`` says where it came from) and return its new id."""
        cur = self._write(_INSERT, _insert_params(puzzle, source, _now()))
        return int(cur.lastrowid or 0)

    def update(self, id: int, puzzle: Puzzle) -> None:
        """Replace puzzle ``id``; its cached verdict and difficulty are cleared because the clues
        may differ."""
        cur = self._write(
            "UPDATE puzzles SET title=?, author=?, width=?, height=?, licence=?, data=?, "
            "verdict='', difficulty='', modified=? WHERE id=?",
            (puzzle.title, puzzle.author, puzzle.width, puzzle.height, puzzle.licence,
             puzzle_to_json(puzzle), _now(), id),
        )
        self._require_row(cur, id)

    def set_verdict(self, id: int, text: str) -> None:
        """Cache the solver's one-line verdict for puzzle ``id``."""
        cur = self._write("UPDATE puzzles SET verdict=? WHERE id=?", (text, id))
        self._require_row(cur, id)

    def set_difficulty(self, id: int, label: str) -> None:
        """Cache the difficulty label (e.g. ``Medium``) graded for puzzle ``id``."""
        cur = self._write("UPDATE puzzles SET difficulty=? WHERE id=?", (label, id))
        self._require_row(cur, id)

    def remove(self, id: int) -> None:
        cur = self._write("DELETE FROM puzzles WHERE id=?", (id,))
        self._require_row(cur, id)

    @staticmethod
    def _require_row(cur: sqlite3.Cursor, id: int) -> None:
        if cur.rowcount != 1:
            raise LibraryError(f"the library has no puzzle with id {id}")

    # -- reading -----------------------------------------------------------------------------

    def get(self, id: int) -> Puzzle:
        row = self._conn.execute("SELECT data FROM puzzles WHERE id=?", (id,)).fetchone()
        if row is None:
            raise LibraryError(f"the library has no puzzle with id {id}")
        return puzzle_from_json(row[0], source=f"library puzzle {id}")

    def entries(self) -> list[LibraryEntry]:
        """Every stored puzzle's listing columns, in the order they were added."""
        rows = self._conn.execute(
            "SELECT id, title, author, width, height, source, licence, verdict, created, modified, "
            "difficulty FROM puzzles ORDER BY id"
        )
        return [LibraryEntry(*row) for row in rows]

    def __len__(self) -> int:
        return self._conn.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0]

    # -- first start -------------------------------------------------------------------------

    def meta(self, key: str) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return None if row is None else row[0]

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
        with self._conn:
            self._conn.execute("BEGIN IMMEDIATE")
            for puzzle, source in puzzles:
                self._conn.execute(_INSERT, _insert_params(puzzle, source, now))
            self._conn.execute(
                "INSERT INTO meta (key, value) VALUES ('samples_seeded', ?)", (now,)
            )
        return len(puzzles)
