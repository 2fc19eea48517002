"""Opening a library file with care for the user's data.

A file SQLite calls damaged is moved aside and reported; a file locked by another process is
waited for, then reported as in use; a read-only file or folder is opened for reading; a library
of a newer version or another program, or a folder (or other non-file) at the library's path, is
refused and left unchanged.  Several processes may open (create, upgrade) one library at the same
moment: each schema step is made once, under the write lock, and a lock met while opening is
waited for within ``wait`` seconds in all.  See docs/design/core.md.
"""

from __future__ import annotations

import sqlite3
import stat
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from nonostudio.core.library import schema
from nonostudio.core.library.faults import (
    BUSY,
    CORRUPT,
    FULL,
    IO,
    MISSING,
    READ_ONLY,
    REFUSED,
    FaultKind,
    LibraryError,
    fault_kind,
    open_error,
    unusable_error,
)

#: Opens an SQLite connection to a path or (``uri=True``) a ``file:`` URI.
Connect = Callable[..., sqlite3.Connection]


@dataclass(frozen=True)
class Opened:
    """An open library connection; ``unwritable`` is the error that showed the file cannot be
    written now (a read-only file or folder, a full disk), None when writes may work."""

    conn: sqlite3.Connection
    unwritable: sqlite3.Error | None = None


def open_library(path: Path, *, read_only: bool, wait: float, connect: Connect) -> Opened:
    """Open (creating when missing, upgrading when old) the library at ``path``; ``":memory:"``
    is a fresh library in memory.  Raises :class:`LibraryError` saying why it cannot be used.

    A lock held by another process (say a second studio creating the same new library) is
    waited for: the open is tried again until ``wait`` seconds have passed in all."""
    if str(path) == ":memory:":
        memory = connect(":memory:")
        schema.upgrade(memory)
        return Opened(memory)
    _refuse_a_non_file(path)
    if read_only:
        return Opened(_open_read_only(path, wait, connect))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LibraryError(
            f"The puzzle library {path} cannot be created: its folder {path.parent} "
            f"cannot be made ({exc.strerror or exc}).",
            kind=READ_ONLY,
        ) from None
    deadline = time.monotonic() + wait
    while True:
        try:
            return _open_writable(path, wait, deadline, connect)
        except LibraryError as exc:
            if exc.kind != BUSY or time.monotonic() >= deadline:
                raise
        time.sleep(0.01)


def _refuse_a_non_file(path: Path) -> None:
    """Raise the error of a folder, a pipe or a device at the library's path (SQLite would call
    a folder read-only, and would wait forever on a pipe)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # missing (created later), or its own error when it is opened
    if stat.S_ISREG(mode):
        return
    what = (
        "a folder"
        if stat.S_ISDIR(mode)
        else "a named pipe (FIFO)"
        if stat.S_ISFIFO(mode)
        else "a socket"
        if stat.S_ISSOCK(mode)
        else "a device"
    )
    raise LibraryError(
        f"The puzzle library {path} is {what}, not a library file. It was left unchanged; "
        "move it away to start a new library there.",
        kind=REFUSED,
    )


def _open_writable(path: Path, wait: float, deadline: float, connect: Connect) -> Opened:
    """One try at opening the library for writing (a lock still held after the time left
    before ``deadline`` raises a ``BUSY`` LibraryError)."""
    try:
        existed = path.stat().st_size > 0
    except FileNotFoundError:
        existed = False
    except OSError as exc:
        raise LibraryError(
            f"The puzzle library {path} cannot be read ({exc.strerror or exc}).", kind=IO
        ) from None
    conn: sqlite3.Connection | None = None
    problem: str
    kind: FaultKind
    try:
        conn = connect(path)
        left = max(deadline - time.monotonic(), 0.0)
        conn.execute(f"PRAGMA busy_timeout = {round(min(left, wait) * 1000):d}")
        refused = schema.refusal(conn) if existed else None
        if refused is None:
            unwritable = _upgrade_or_probe(path, conn, existed)
            conn.execute(f"PRAGMA busy_timeout = {round(wait * 1000):d}")  # for later writes
            return Opened(conn, unwritable)
        problem, kind = refused
    except LibraryError:
        if conn is not None:
            conn.close()
        raise
    except sqlite3.Error as exc:
        if conn is not None:
            conn.close()
        kind = fault_kind(exc)
        if kind != CORRUPT:
            raise open_error(path, exc, existed, wait) from None
        problem = f"SQLite reports that it is not a readable SQLite database ({exc})"
    else:
        conn.close()
    raise unusable_error(path, problem, kind)


def _open_read_only(path: Path, wait: float, connect: Connect) -> sqlite3.Connection:
    if not path.exists():
        raise LibraryError(f"The puzzle library {path} does not exist.", kind=MISSING)
    uri = "file:" + urllib.parse.quote(str(path.resolve())) + "?mode=ro"
    conn: sqlite3.Connection | None = None
    try:
        conn = connect(uri, uri=True)
        refused = schema.refusal(conn)
        if refused is None:
            version = schema.version(conn)
            if version < schema.READABLE_FROM:
                refused = (
                    f"it was written by an older nonostudio (schema {version}) and must "
                    "be upgraded, which a read-only library cannot be",
                    READ_ONLY,
                )
    except sqlite3.Error as exc:
        if conn is not None:
            conn.close()
        raise open_error(path, exc, True, wait) from None
    if refused is not None:
        conn.close()
        raise LibraryError(
            f"The puzzle library {path} cannot be used: {refused[0]}. It was left unchanged.",
            kind=refused[1],
        )
    return conn


def _upgrade_or_probe(path: Path, conn: sqlite3.Connection, existed: bool) -> sqlite3.Error | None:
    """Bring the schema up to date, or find out by a write that changes nothing whether the
    file can be written; return the error of a read-only file or folder or a full disk (a lock
    held elsewhere or any other error is raised)."""
    version = schema.version(conn)
    if version < schema.SCHEMA_VERSION:
        try:
            reached = schema.upgrade(conn)
        except sqlite3.Error as exc:
            if not existed or fault_kind(exc) not in (READ_ONLY, FULL):
                raise
            if version >= schema.READABLE_FROM:  # usable as it is, without hand progress
                return exc
            raise LibraryError(
                f"The puzzle library {path} was written by an older nonostudio (schema "
                f"{version}) and must be upgraded, but it cannot be written ({exc}). It was "
                "left unchanged.",
                kind=fault_kind(exc),
            ) from None
        if reached > schema.SCHEMA_VERSION:  # a newer nonostudio upgraded it meanwhile
            raise LibraryError(
                f"The puzzle library {path} cannot be used: it was written by a newer "
                f"nonostudio (schema {reached}, this version reads up to "
                f"{schema.SCHEMA_VERSION}). It was left unchanged.",
                kind=REFUSED,
            )
        return None
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(f"PRAGMA user_version = {version:d}")
    except sqlite3.Error as exc:
        if fault_kind(exc) in (READ_ONLY, FULL):
            return exc
        raise
    finally:
        schema.rollback(conn)
    return None
