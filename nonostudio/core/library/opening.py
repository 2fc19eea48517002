"""Opening a library file with care for the user's data.

A file SQLite calls damaged is kept aside unchanged, what can still be read of it copied into a
new library in its place (:mod:`.salvage`), and reported; a file locked by another process is
waited for, then reported as in use; a read-only file or folder is opened for reading; a library
of a newer version or another program, or a folder (or other non-file) at the library's path, is
refused and left unchanged.  Several processes may open (create, upgrade) one library at the same
moment: each schema step is made once, under the write lock, and a lock met while opening is
waited for within ``wait`` seconds in all.  See docs/design/core.md.
"""

from __future__ import annotations

import glob
import os
import sqlite3
import stat
import time
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from nonostudio.core.file_kind import file_kind
from nonostudio.core.library import recovered, salvage, schema
from nonostudio.core.library.faults import (
    BUSY,
    CORRUPT,
    FULL,
    IO,
    JOURNALS,
    MISSING,
    READ_ONLY,
    REFUSED,
    FaultKind,
    LibraryError,
    aside_name,
    fault_kind,
    move_journals,
    open_error,
    recovered_error,
    unusable_error,
)
from nonostudio.core.progress import ProgressCallback, StopCallback

#: Opens an SQLite connection to a path or (``uri=True``) a ``file:`` URI.
Connect = Callable[..., sqlite3.Connection]


Identity = tuple[int, int]  # a file's device and inode: which file a path names


def identity(path: Path) -> Identity | None:
    """Which file ``path`` names now (None when there is none)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_dev, info.st_ino


@dataclass(frozen=True)
class Opened:
    """An open library connection; ``unwritable`` is the error that showed the file cannot be
    written now (a read-only file or folder, a full disk), None when writes may work."""

    conn: sqlite3.Connection
    unwritable: sqlite3.Error | None = None
    identity: Identity | None = None  # the file opened (None in memory)


def open_library(
    path: Path,
    *,
    read_only: bool,
    wait: float,
    connect: Connect,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> Opened:
    """Open (creating when missing, upgrading when old) the library at ``path``; ``":memory:"``
    is a fresh library in memory.  Raises :class:`LibraryError` saying why it cannot be used.

    A lock held by another process (say a second studio creating the same new library) is
    waited for: the open is tried again until ``wait`` seconds have passed in all.  The recovery
    of a damaged file reports to ``progress`` and is given up, leaving the file as it was, when
    ``should_stop()`` turns true."""
    if str(path) == ":memory:":
        memory = connect(":memory:")
        schema.upgrade(memory)
        return Opened(memory)
    refuse_a_non_file(path)
    if read_only:
        before = identity(path)  # taken first: a file replaced meanwhile is opened again later
        return Opened(_open_read_only(path, wait, connect), identity=before)
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
            opened = _open_writable(path, wait, deadline, connect, (progress, should_stop))
        except LibraryError as exc:
            if exc.kind != BUSY or time.monotonic() >= deadline:
                raise
        else:
            if opened is not None:
                return opened
            if time.monotonic() >= deadline:  # replaced again and again: give up in time
                raise LibraryError(
                    f"The puzzle library {path} is being replaced by another process. It was "
                    "left unchanged.",
                    kind=BUSY,
                )
        time.sleep(0.01)


def refuse_a_non_file(path: Path) -> None:
    """Raise the error of a folder, a pipe or a device at the library's path (SQLite would call
    a folder read-only, and would wait forever on a pipe)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # missing (created later), or its own error when it is opened
    if stat.S_ISREG(mode):
        return
    what = file_kind(mode)
    raise LibraryError(
        f"The puzzle library {path} is {what}, not a library file. It was left unchanged; "
        "move it away to start a new library there.",
        kind=REFUSED,
    )


Pace = tuple[ProgressCallback | None, StopCallback | None]  # a recovery's progress and stop


def _open_writable(
    path: Path, wait: float, deadline: float, connect: Connect, pace: Pace = (None, None)
) -> Opened | None:
    """One try at opening the library for writing (a lock still held after the time left
    before ``deadline`` raises a ``BUSY`` LibraryError); None when another process put a new
    file in its place meanwhile (try again)."""
    opened: Identity | None = None
    try:
        info = path.stat()
        existed = info.st_size > 0
        opened = (info.st_dev, info.st_ino)
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
            return Opened(conn, unwritable, opened if opened is not None else identity(path))
        problem, kind = refused
    except LibraryError:
        if conn is not None:
            conn.close()
        raise
    except sqlite3.Error as exc:
        kind = fault_kind(exc)
        if kind != CORRUPT:
            if conn is not None:
                conn.close()
            raise open_error(path, exc, existed, wait) from None
        problem = f"SQLite reports that it is not a readable SQLite database ({exc})"
    if kind == CORRUPT and conn is not None and opened is not None:
        _recover(path, conn, opened, problem, wait, pace)  # raises unless the file was replaced
        return None
    if conn is not None:
        conn.close()
    raise unusable_error(path, problem, kind)


def _recover(
    path: Path,
    conn: sqlite3.Connection,
    damaged: Identity,
    problem: str,
    wait: float,
    pace: Pace = (None, None),
) -> None:
    """Copy what the damaged library ``conn`` (the file ``damaged`` at ``path``) still gives
    into a new library that takes its place, the damaged file kept aside unchanged, and raise the
    ``CORRUPT`` LibraryError that tells the user how many puzzles were recovered and where the
    damaged copy is.  Returns None when another process put a new file at ``path`` meanwhile.

    The write lock of the damaged file is held throughout, so a second studio recovering the
    same file waits, then finds the new file in place.  When nothing can be read (no table of
    puzzles) the file is moved aside whole and a new library started; when the new library
    cannot be written (a full disk, a read-only folder), or the copy is stopped (``pace``: its
    progress and stop callbacks), nothing is moved or changed.

    A file whose header is damaged cannot be locked (SQLite reads nothing of it): its puzzles
    are read from a copy with the header written anew (:func:`salvage.header_repaired`)."""
    try:
        schema.rollback(conn)
        unlocked = ""  # why the damaged file could not be locked (its header is damaged)
        try:
            _lock_damaged(conn)
        except sqlite3.Error as exc:
            kind = fault_kind(exc)
            if kind == BUSY:
                raise open_error(path, exc, True, wait) from None
            if kind != CORRUPT:
                raise unusable_error(
                    path, problem, CORRUPT, f"it cannot be locked: {exc}"
                ) from None
            unlocked = str(exc)
        if identity(path) != damaged:
            return None
        place = path.resolve()  # a link to the library stays a link: its file is replaced
        # Under the lock no one else is recovering: a copy left here was broken off (a recovery
        # killed half-way), and this one starts again from the damaged file.
        for broken_off in (".recovering-*", ".header-*"):
            for left in place.parent.glob(glob.escape(place.name) + broken_off):
                if not left.name.endswith(JOURNALS):
                    _remove_database(left)
        temp = place.with_name(f"{place.name}.recovering-{os.getpid()}")
        try:
            salvaged = _salvage(None if unlocked else conn, place, temp, pace, unlocked)
        except salvage.Stopped:
            _remove_database(temp)
            raise LibraryError(
                f"The recovery of the damaged puzzle library {path} was stopped: it was left "
                "unchanged, to be recovered when it is opened again.",
                kind=CORRUPT,
            ) from None
        except salvage.Unreadable as exc:
            _remove_database(temp)
            raise unusable_error(path, problem, CORRUPT, str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - whatever broke the copy, the file stays as it is
            _remove_database(temp)
            raise _not_recovered(path, problem, exc) from None
        if unlocked and identity(path) != damaged:  # (unlocked: another studio was quicker)
            _remove_database(temp)
            return None
        kept_as = aside_name(place)
        try:
            _note_recovery(temp, kept_as, salvaged)
            moved = _put_in_place(place, temp, kept_as)
        except (OSError, sqlite3.Error) as exc:
            _remove_database(temp)
            raise _not_recovered(path, problem, exc) from None
        raise recovered_error(
            path, problem, moved, salvaged.puzzles, salvaged.unreadable, salvaged.incomplete
        )
    finally:
        schema.rollback(conn)
        conn.close()


def _salvage(
    conn: sqlite3.Connection | None,
    place: Path,
    temp: Path,
    pace: tuple[ProgressCallback | None, StopCallback | None],
    unreadable: str = "",
) -> salvage.Salvaged:
    """:func:`salvage.salvage` of ``conn`` (the file ``place``) into ``temp``; when it shows no
    table of puzzles, or there is no ``conn`` (SQLite read nothing of the file: ``unreadable``
    says why), because the file's header is what is damaged, from a copy of the file with the
    header written anew (:func:`salvage.header_repaired`), removed after."""
    progress, should_stop = pace
    try:
        if conn is None:
            raise salvage.Unreadable(unreadable)
        return salvage.salvage(conn, temp, progress=progress, should_stop=should_stop)
    except salvage.Unreadable:
        _remove_database(temp)
        repaired = place.with_name(f"{place.name}.header-{os.getpid()}")
        try:
            copy = salvage.header_repaired(place, repaired)
        except OSError:
            copy = None
        if copy is None:
            _remove_database(repaired)
            raise
        try:
            return salvage.salvage(copy, temp, progress=progress, should_stop=should_stop)
        finally:
            copy.close()
            _remove_database(repaired)


def _lock_damaged(conn: sqlite3.Connection) -> None:
    """Take the damaged file's write lock (nothing is written to it).  A file cut short (a copy
    or a sync broken off) is shorter than its header says, and SQLite reads nothing of it, not
    even to lock it; told to believe the file's size instead (this connection only reads from
    here on), it reads the pages that are there."""
    try:
        conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as exc:
        if fault_kind(exc) != CORRUPT:
            raise
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute("BEGIN IMMEDIATE")


def _not_recovered(path: Path, problem: str, exc: Exception) -> LibraryError:
    """The error of a damaged library whose puzzles could not be copied out (the new library
    could not be written, or the copy broke off): the file is left as it is, to be recovered at
    a later start."""
    if isinstance(exc, OSError | sqlite3.Error):
        why = f"a new library cannot be written beside it ({getattr(exc, 'strerror', '') or exc})"
    else:
        why = f"the copy broke off ({exc!r})"
    full = isinstance(exc, sqlite3.Error) and fault_kind(exc) == FULL
    advice = " Free some space and start nonostudio again." if full else ""
    return LibraryError(
        f"The puzzle library {path} cannot be used: {problem}. Its puzzles could not be recovered "
        f"now: {why}. It was left unchanged, to be recovered at the next start.{advice}",
        kind=CORRUPT,
    )


def _remove_database(path: Path) -> None:
    """Delete a half-made database file and its journals, if they are there."""
    for name in (path.name, *(path.name + suffix for suffix in JOURNALS)):
        try:
            path.with_name(name).unlink()
        except FileNotFoundError:
            pass


def _note_recovery(library: Path, kept_as: Path, salvaged: salvage.Salvaged) -> None:
    """Record in the recovered ``library`` what its recovery gave and where the damaged file is
    kept, for a studio that opens it later (:mod:`.recovered`)."""
    conn = sqlite3.connect(library, isolation_level=None)
    try:
        conn.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            (
                recovered.NOTE_PREFIX + kept_as.name,
                recovered.note(salvaged.puzzles, salvaged.unreadable, salvaged.incomplete),
            ),
        )
    finally:
        conn.close()


def _put_in_place(path: Path, replacement: Path, target: Path) -> Path:
    """Keep the file at ``path`` (and its journals) aside unchanged as ``target`` and put
    ``replacement`` in its place; return where the old file was kept.  With hard links the path
    never stands empty (a studio opening it meanwhile finds one file or the other), and a failure
    leaves everything as it was."""
    try:
        os.link(path, target)
        linked = True
    except OSError:  # a file system without hard links: the path stands empty for a moment
        path.rename(target)
        linked = False
    try:
        move_journals(path, target)
        os.replace(replacement, path)
    except OSError:
        move_journals(target, path)
        if linked:
            target.unlink()
        else:
            target.rename(path)
        raise
    return target


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
