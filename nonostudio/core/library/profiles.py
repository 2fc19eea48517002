"""Player profiles in the library database: several per machine, each a list of events (a drill
answer, a move, a hint rung or a mistake of solving by hand, attributed to a technique), and
their export and import as a JSON file, checked field by field with errors that name where.

The tutor (nonostudio.analysis.tutor) turns the events into mastery; this module only keeps
them.  The tables are made on first use
(:func:`nonostudio.core.library.schema.create_profile_tables`).
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.library import schema
from nonostudio.core.library.faults import BUSY, LibraryError, fault_kind
from nonostudio.core.library.opening import identity, refuse_a_non_file
from nonostudio.core.library.store import BUSY_TIMEOUT as _BUSY_TIMEOUT

FORMAT = "nonostudio-profile"
VERSION = 1
SOURCES = ("drill", "solve")
NAME_LIMIT = 80
_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
# Seconds a store being opened waits for another studio's write lock before leaving the making
# of its tables to the first write (the opening runs on the GUI thread).
_OPENING_WAIT = 0.2


class ProfileError(ValueError):
    """A profile that does not exist, a bad name, or a profile file that cannot be used; the
    message names the file and the place in it."""


PROFILE_FILE_BYTES = 64 * 2**20
"""Profile files are read up to this size (the Practice tab's Import and ``nonostudio-cli
profile import``; ``/dev/zero`` took all the memory there was)."""


def too_large_text() -> str:
    """What is said of a profile file over :data:`PROFILE_FILE_BYTES`."""
    return (
        f"the file is larger than {PROFILE_FILE_BYTES // 2**20} MB; profile files are read up "
        "to that (the limit keeps memory bounded)"
    )


def profile_file_bytes(path: str) -> bytes:
    """The bytes of the profile file at ``path``, kept on disk: a path that holds no regular
    file (a FIFO, a device, a folder, a socket) is refused at once without opening it (a FIFO
    chosen in Import's dialog held the window 3 s before "sent nothing for 3 s"), and a file
    is read up to :data:`PROFILE_FILE_BYTES`.  ProfileError naming the file otherwise.  (The
    command line reads a FIFO too, with a time limit: ``profile import <(...)``.)"""
    import stat

    from nonostudio.core.file_kind import file_kind
    from nonostudio.core.formats import TooLarge, read_limited

    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise ProfileError(f"{path}: is {file_kind(mode)}, not a profile file")
        return read_limited(path, PROFILE_FILE_BYTES)
    except TooLarge:
        raise ProfileError(f"{path}: {too_large_text()}") from None
    except OSError as exc:
        raise ProfileError(f"{path}: {exc.strerror or exc}") from None


@dataclass(frozen=True)
class ProfileEvent:
    """One event: ``source`` "drill" or "solve", ``kind`` (mark/which/sound, move/hint/
    mistake), the technique id, the outcome 0..1, the seconds (None: not timed), the drill item
    (or the puzzle) it was on, and when (seconds since the epoch)."""

    source: str
    kind: str
    technique: str
    score: float
    seconds: float | None = None
    item: str = ""
    at: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "kind": self.kind,
            "technique": self.technique,
            "score": self.score,
            "seconds": self.seconds,
            "item": self.item,
            "at": self.at,
        }


def check_name(name: str) -> str:
    """The name stripped; ProfileError for an empty or overlong one."""
    text = name.strip()
    if not text:
        raise ProfileError("a profile needs a name")
    if len(text) > NAME_LIMIT:
        raise ProfileError(f"a profile name has at most {NAME_LIMIT} characters")
    return text


class ProfileStore:
    """The profiles of the library database at ``path`` (made if missing)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        #: Why the profiles cannot be stored ('' when they can): a library that cannot be
        #: written (read-only file or folder) gives its profiles to a copy in memory, which lasts
        #: until the store is closed, and says so here rather than failing the studio's start.
        self.read_only = ""
        # The tables are looked for by a read, and the write lock taken only to make them: a
        # store is opened on the GUI thread, and another studio writing to the library must not
        # hold it up.  When that studio holds the lock just then, the tables are made at the
        # first write (waiting for the lock as every write does), not given up on.
        self._tables_made = False
        self._conn = self._connect()
        try:
            if self._tables_wanted():
                self._conn.execute(f"PRAGMA busy_timeout = {round(_OPENING_WAIT * 1000):d}")
                try:
                    self._make_tables()
                finally:
                    self._conn.execute(f"PRAGMA busy_timeout = {round(_BUSY_TIMEOUT * 1000):d}")
            else:
                self._tables_made = True
        except sqlite3.Error as exc:
            if fault_kind(exc) != BUSY:
                self._conn.close()
                self._read_only(str(exc))
                return
        if Path(self.path).exists() and not os.access(self.path, os.W_OK):
            self._conn.close()  # SQLite opens it, and fails at the first write
            self._read_only("the file cannot be written")

    def _connect(self) -> sqlite3.Connection:
        """The connection to the library file; ProfileError saying why when there is none (a
        folder, a pipe or a device at the path, a missing folder)."""
        path = Path(self.path)
        self._identity = None if self.path == ":memory:" else identity(path)
        try:
            if self.path != ":memory:":
                refuse_a_non_file(path)
            return sqlite3.connect(self.path, timeout=_BUSY_TIMEOUT, isolation_level=None)
        except LibraryError as exc:
            raise ProfileError(str(exc)) from None
        except sqlite3.Error as exc:
            why = (
                f"its folder {path.parent} does not exist"
                if not path.parent.is_dir()
                else f"it cannot be opened ({exc})"
            )
            raise ProfileError(f"{self.path}: the profiles cannot be read: {why}") from None

    def _tables_wanted(self) -> bool:
        """Whether the library's schema or the profile tables are still to be made (a read)."""
        if schema.version(self._conn) < schema.SCHEMA_VERSION:
            return True
        found = {
            row[0]
            for row in self._conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name IN "
                "('profiles', 'profile_events')"
            )
        }
        return len(found) < 2

    def _make_tables(self) -> None:
        """Bring the library's schema up to date and make the profile tables (under the write
        lock, waiting the connection's busy timeout); raises ``sqlite3.Error``."""
        schema.upgrade(self._conn)
        self._conn.execute("BEGIN IMMEDIATE")
        try:
            schema.create_profile_tables(self._conn)
            self._conn.execute("COMMIT")
        except BaseException:
            schema.rollback(self._conn)
            raise
        self._tables_made = True

    def _ensure_tables(self) -> None:
        """Make the tables a busy library kept the opening from making; ProfileError when the
        database still cannot take them."""
        if self._tables_made:
            return
        try:
            self._make_tables()
        except sqlite3.Error as exc:
            raise ProfileError(f"{self.path}: cannot store the profile: {exc}") from None

    def _follow(self) -> None:
        """Go on in the file the path names now when another studio replaced the library (it
        recovered a damaged one into a new file): the profiles are stored there, not refused by
        the copy kept aside."""
        if self._identity is None or self._conn.in_transaction:
            return
        now_at_path = identity(Path(self.path))
        if now_at_path is None or now_at_path == self._identity:
            return
        self._conn.close()
        self._conn = self._connect()
        self._tables_made = not self._tables_wanted()

    def _read_only(self, why: str) -> None:
        self._identity = None
        self._conn = self._in_memory()
        self.read_only = (
            f"{self.path}: the profiles cannot be stored ({why}); practice works, but nothing "
            "it records is kept"
        )

    def _in_memory(self) -> sqlite3.Connection:
        """A database in memory with the profile tables, holding a copy of the profiles the
        file at :attr:`path` has, when it can be read."""
        conn = sqlite3.connect(":memory:", isolation_level=None)
        schema.create_profile_tables(conn)
        self._tables_made = True
        try:
            uri = Path(self.path).resolve().as_uri() + "?mode=ro"
            conn.execute("ATTACH DATABASE ? AS stored", (uri,))
        except (sqlite3.Error, ValueError):
            return conn  # not even readable: no profiles to copy
        try:
            for table in ("profiles", "profile_events"):
                conn.execute(f"INSERT INTO main.{table} SELECT * FROM stored.{table}")
        except sqlite3.Error:
            pass  # the file has no profile tables yet: nothing to copy
        conn.execute("DETACH DATABASE stored")
        return conn

    def _write(self, sql: str, args: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        """Run one writing statement; a database that cannot take it (locked, read-only, full)
        is a ProfileError naming the file."""
        self._follow()
        self._ensure_tables()
        try:
            return self._conn.execute(sql, args)
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            schema.rollback(self._conn)
            raise ProfileError(f"{self.path}: cannot store the profile: {exc}") from None

    def _begin(self) -> None:
        """Start a write transaction in the file the path names once its lock is held: a studio
        recovering the library holds the lock until the new file is in place, and SQLite
        refuses a write to the file kept aside as to a read-only one."""
        while True:
            self._write("BEGIN IMMEDIATE")
            now_at_path = identity(Path(self.path))
            if self._identity is None or now_at_path in (None, self._identity):
                return
            schema.rollback(self._conn)  # replaced while this write waited: follow it

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> ProfileStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def names(self) -> list[str]:
        """The profiles, by name."""
        self._follow()
        if not self._tables_made:
            return []
        return [r[0] for r in self._conn.execute("SELECT name FROM profiles ORDER BY name")]

    def _id(self, name: str) -> int | None:
        if not self._tables_made:
            return None
        row = self._conn.execute("SELECT id FROM profiles WHERE name=?", (name,)).fetchone()
        return None if row is None else int(row[0])

    def create(self, name: str) -> None:
        """Add an empty profile; ProfileError if one has that name."""
        name = check_name(name)
        try:
            self._write(
                "INSERT INTO profiles (name, created) VALUES (?, ?)",
                (name, datetime.now(UTC).isoformat(timespec="seconds")),
            )
        except sqlite3.IntegrityError:
            raise ProfileError(f"there is already a profile named {name!r}") from None

    def ensure(self, name: str) -> None:
        """Make the profile if it does not exist yet."""
        if self._id(check_name(name)) is None:
            self.create(name)

    def delete(self, name: str) -> None:
        pid = self._require(name)
        self._begin()
        self._write("DELETE FROM profile_events WHERE profile_id=?", (pid,))
        self._write("DELETE FROM profiles WHERE id=?", (pid,))
        self._write("COMMIT")

    def _require(self, name: str) -> int:
        pid = self._id(name)
        if pid is None:
            known = ", ".join(self.names()) or "none yet"
            raise ProfileError(f"no profile named {name!r} (profiles: {known})")
        return pid

    def record(self, name: str, events: Iterable[ProfileEvent]) -> int:
        """Append events to a profile (one transaction); returns how many."""
        self._follow()
        pid = self._require(name)
        rows = [
            (pid, e.source, e.kind, e.technique, e.score, e.seconds, e.item, e.at or time.time())
            for e in events
        ]
        self._begin()
        try:
            self._conn.executemany(
                "INSERT INTO profile_events (profile_id, source, kind, technique, score, "
                "seconds, item, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )
            self._conn.execute("COMMIT")
        except sqlite3.Error as exc:
            schema.rollback(self._conn)
            raise ProfileError(f"{self.path}: cannot store the profile: {exc}") from None
        except BaseException:
            schema.rollback(self._conn)
            raise
        return len(rows)

    def events(self, name: str) -> list[ProfileEvent]:
        """A profile's events, oldest first."""
        pid = self._require(name)
        cur = self._conn.execute(
            "SELECT source, kind, technique, score, seconds, item, at FROM profile_events "
            "WHERE profile_id=? ORDER BY at, id",
            (pid,),
        )
        return [ProfileEvent(*row) for row in cur]

    def export_json(self, name: str) -> dict[str, Any]:
        """The profile as a JSON document (see :func:`read_profile_file`)."""
        events = self.events(name)
        return {
            "format": FORMAT,
            "version": VERSION,
            "name": name,
            "events": [e.to_json() for e in events],
        }

    def export_file(self, name: str, path: str | Path) -> int:
        """Write the profile to ``path`` (atomically: an export interrupted half-way leaves the
        file that was there); returns the events written."""
        data = self.export_json(name)
        write_text_atomic(path, json.dumps(data, indent=1) + "\n")
        return len(data["events"])

    def import_file(
        self, path: str | Path, name: str | None = None, *, data: bytes | None = None
    ) -> tuple[str, int]:
        """Add the profile of a file (as ``name``, default the file's) with its events;
        ProfileError naming the file and place for a bad file or a name already taken.
        ``data``: the file's bytes, read already by the caller (see :func:`read_profile_file`)."""
        file_name, events = read_profile_file(path, data)
        target = check_name(name if name is not None else file_name)
        self.create(target)
        self.record(target, events)
        return target, len(events)


def _field(
    where: str, data: dict[str, Any], key: str, kinds: tuple[type, ...], optional: bool = False
) -> Any:
    if key not in data:
        if optional:
            return None
        raise ProfileError(f"{where}: missing {key!r}")
    value = data[key]
    if value is None and optional:
        return None
    if isinstance(value, bool) or not isinstance(value, kinds):
        want = " or ".join(k.__name__ for k in kinds)
        raise ProfileError(f"{where}: {key!r} should be {want}, not {json.dumps(value)[:40]}")
    return value


def read_profile_file(
    path: str | Path, data: bytes | None = None
) -> tuple[str, list[ProfileEvent]]:
    """The name and events of a profile file; ProfileError naming the file, and the line and
    column of a JSON error or the event and field of a bad value.  ``data``: the file's bytes
    when the caller read them (the command line reads a FIFO or a device with a time and size
    limit, which a plain read lacks: a FIFO no program writes to waited forever)."""
    source = str(path)
    try:
        text = (Path(path).read_bytes() if data is None else data).decode("utf-8")
    except UnicodeDecodeError as exc:  # said "'utf-8' codec can't decode byte 0x89 in ..."
        raise ProfileError(
            f"{source}: not a nonostudio profile export: it is not UTF-8 text (byte "
            f"0x{exc.object[exc.start]:02x} at offset {exc.start}); an export is the JSON text "
            f"file that 'nonostudio-cli profile export' or the Practice tab's Export… writes"
        ) from None
    except OSError as exc:
        raise ProfileError(f"{source}: cannot read it: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProfileError(f"{source}, line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ProfileError(f'{source}: not a nonostudio profile (no "format": "{FORMAT}")')
    version = _field(source, data, "version", (int,))
    if version > VERSION:
        raise ProfileError(
            f"{source}: profile version {version} is newer than this nonostudio reads ({VERSION})"
        )
    raw_name = _field(source, data, "name", (str,))
    try:
        name = check_name(raw_name)
    except ProfileError as exc:
        raise ProfileError(f"{source}: 'name': {exc}") from None
    raw = _field(source, data, "events", (list,))
    events = []
    for k, e in enumerate(raw):
        where = f"{source}: event {k + 1}"
        if not isinstance(e, dict):
            raise ProfileError(f"{where}: should be an object")
        src = _field(where, e, "source", (str,))
        if src not in SOURCES:
            raise ProfileError(
                f"{where}: 'source' should be one of {', '.join(SOURCES)}, not {src!r}"
            )
        tid = _field(where, e, "technique", (str,))
        if not _ID.match(tid):
            raise ProfileError(f"{where}: 'technique' {tid!r} is not a technique id")
        score = float(_field(where, e, "score", (int, float)))
        if not 0.0 <= score <= 1.0:
            raise ProfileError(f"{where}: 'score' should be between 0 and 1, not {score}")
        seconds = _field(where, e, "seconds", (int, float), optional=True)
        if seconds is not None and not 0 <= seconds < 1e7:
            raise ProfileError(
                f"{where}: 'seconds' should be between 0 and 10,000,000, not {seconds}"
            )
        events.append(
            ProfileEvent(
                src,
                _field(where, e, "kind", (str,)),
                tid,
                score,
                None if seconds is None else float(seconds),
                _field(where, e, "item", (str,), optional=True) or "",
                float(_field(where, e, "at", (int, float), optional=True) or 0.0),
            )
        )
    return name, events
