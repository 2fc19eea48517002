"""The job store's faults in words: which SQLite error means a full disk, a read-only file or
folder, a store held by another process or a damaged one, as a :class:`JobStoreError` naming the
store (split from :mod:`nonostudio.learn.store.jobs`, which re-exports :class:`JobStoreError`)."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

# SQLite's primary result codes (sqlite3.Error.sqlite_errorcode & 0xff).
PERM, BUSY, LOCKED, READONLY, IOERR, CORRUPT, FULL, CANTOPEN, NOTADB = (
    3,
    5,
    6,
    8,
    10,
    11,
    13,
    14,
    26,
)


class JobStoreError(OSError):
    """The job store could not be opened, read or written: the disk is full, the file or its
    folder is read-only, another process holds it, or an I/O error.  ``str()`` names the store
    and says which; ``errno`` is ENOSPC, EROFS, EACCES, EBUSY or EIO."""


def read_only_reason(path: Path) -> str | None:
    """Why ``path`` (or, when it does not exist, its folder) cannot be written, or None."""
    folder = path.parent
    try:
        if os.statvfs(folder).f_flag & os.ST_RDONLY:
            return f"the folder {folder} is on a read-only file system"
    except OSError:
        return None
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is read-only"
    if not os.access(folder, os.W_OK):
        return f"the folder {folder} is read-only"
    return None


def _no_space_left(folder: Path) -> bool:
    """Whether ``folder``'s file system has (next to) no free space: SQLite reports a full disk
    while it makes its WAL index as an I/O error."""
    try:
        st = os.statvfs(folder)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


def store_error(path: Path, busy_timeout_s: float, exc: sqlite3.Error, doing: str) -> JobStoreError:
    """What ``exc``, raised while trying to ``doing`` with the store at ``path``, means for the
    user: a :class:`JobStoreError` naming the real fault."""
    code = sqlite_code(exc)
    where = str(path)
    if code == FULL or (code == IOERR and _no_space_left(path.parent)):
        return JobStoreError(
            errno.ENOSPC,
            f"the disk is full: could not {doing} ({exc}); what was stored before is intact",
            where,
        )
    if code in (READONLY, PERM, CANTOPEN):
        reason = read_only_reason(path)
        if reason is not None or code == READONLY:
            number = errno.EROFS if reason and "file system" in reason else errno.EACCES
            return JobStoreError(
                number,
                f"the job store is read-only ("
                f"{reason or 'the file cannot be written'}): could not "
                f"{doing} ({exc})",
                where,
            )
        if not path.parent.is_dir():
            return JobStoreError(
                errno.ENOENT, f"could not {doing}: the folder {path.parent} does not exist", where
            )
        return JobStoreError(errno.EIO, f"could not {doing} ({exc})", where)
    if code in (BUSY, LOCKED):
        return JobStoreError(
            errno.EBUSY,
            f"the job store is in use by another process "
            f"(still locked after {busy_timeout_s:g} s): could not "
            f"{doing}; try again when that process has finished",
            where,
        )
    if code in (CORRUPT, NOTADB):
        return JobStoreError(
            errno.EIO, f"the job store is damaged: could not {doing} ({exc})", where
        )
    return JobStoreError(errno.EIO, f"could not {doing}: {exc}", where)


def sqlite_code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code of ``exc`` (None when it carries none)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF
