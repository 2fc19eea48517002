"""What can go wrong with the puzzle library, and how it is told: fault kinds, errors, messages.

Every ``sqlite3`` error the library meets is classified into a :class:`FaultKind` and turned into
a :class:`LibraryError` whose text names the file and says what could not be done.  A file SQLite
calls damaged is kept aside (:func:`move_aside`, its bytes unchanged) rather than deleted.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import datetime
from enum import StrEnum
from pathlib import Path

from nonostudio.core.counts import count, number
from nonostudio.core.errors import PuzzleError


class FaultKind(StrEnum):
    """What went wrong (``LibraryError.kind``), so callers can choose a fallback without parsing
    messages.  The values are plain strings, equal to the strings used before."""

    CORRUPT = "corrupt"  # SQLite calls it corrupt or not a database (the only kind moved aside)
    BUSY = "busy"  # another process holds a lock longer than the busy timeout
    READ_ONLY = "read-only"  # the file or its folder cannot be written
    FULL = "full"  # the disk is full
    IO = "io"  # an I/O error
    REFUSED = "refused"  # a newer schema, another program's database, a folder: left alone
    MISSING = "missing"  # no puzzle with that id, or no file to open read-only
    DAMAGED_RECORD = "damaged record"  # one stored puzzle cannot be read
    CONFLICT = "conflict"  # a puzzle being saved was changed by another studio since it was read
    OTHER = "other"


CORRUPT = FaultKind.CORRUPT
BUSY = FaultKind.BUSY
READ_ONLY = FaultKind.READ_ONLY
FULL = FaultKind.FULL
IO = FaultKind.IO
REFUSED = FaultKind.REFUSED
MISSING = FaultKind.MISSING
DAMAGED_RECORD = FaultKind.DAMAGED_RECORD
CONFLICT = FaultKind.CONFLICT
OTHER = FaultKind.OTHER

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


class LibraryError(RuntimeError):
    """The library cannot be used or changed, or an id is unknown; ``str()`` says why and where.

    ``kind`` is a :class:`FaultKind` (``BUSY``, ``READ_ONLY``, ``FULL``, ...); ``moved_to`` is
    where an unreadable file was kept aside (only for ``CORRUPT``), and ``recovered`` how many of
    its puzzles were copied into the new library at its path (None when nothing was recovered:
    the new library is empty).
    """

    def __init__(
        self,
        message: str,
        *,
        moved_to: Path | None = None,
        kind: FaultKind = OTHER,
        recovered: int | None = None,
    ) -> None:
        super().__init__(message)
        self.moved_to = moved_to
        self.kind = kind
        self.recovered = recovered


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


def fault_kind(exc: sqlite3.Error) -> FaultKind:
    """The kind of an ``sqlite3`` error, from its result code (its text only without one)."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return _KIND_OF_CODE.get(code & 0xFF, OTHER)
    text = str(exc).lower()  # only without error codes (Python < 3.11)
    for needle, kind in (
        ("locked", BUSY),
        ("readonly", READ_ONLY),
        ("full", FULL),
        ("malformed", CORRUPT),
        ("not a database", CORRUPT),
        ("i/o", IO),
    ):
        if needle in text:
            return kind
    return OTHER


def unwritable_reason(exc: sqlite3.Error) -> str:
    """Why a library found read-only by a failed write cannot be written (``read_only_reason``)."""
    return f"the file or its folder cannot be written: {exc}"


def full_warning(path: Path, exc: sqlite3.Error) -> str:
    """The sentence shown while the disk holding the library ``path`` is full."""
    return (
        f"The disk holding the puzzle library {path} is full ({exc}): changes "
        "cannot be saved until some space is freed."
    )


# The messages of a failed open, read or write by fault kind; the fields are filled by keyword
# (``where``/``path``, ``exc``, ``wait`` in seconds, ``what``/``action``, ``unchanged``).
_OPEN_TEXT = {
    BUSY: (
        "{where} is in use by another process (it was still locked after waiting {wait:g} s). "
        "It was left unchanged."
    ),
    READ_ONLY: "{where} cannot be opened: it or its folder is read-only ({exc}).",
    FULL: "The disk is full: {where} cannot be {verb} ({exc}).",
    IO: "{where} cannot be read (I/O error: {exc}). It was left unchanged.",
    CORRUPT: "{where} cannot be used: SQLite reports that it is damaged ({exc}).",
    OTHER: "{where} cannot be opened ({exc}).",
}
_READ_TEXT = {
    BUSY: (
        "The library {path} is in use by another process: {what} could not be read (it was "
        "still locked after waiting {wait:g} s)."
    ),
    CORRUPT: (
        "SQLite reports that the library file {path} is damaged: {what} could not be read ({exc})."
    ),
    OTHER: "{What} could not be read from the library {path} ({exc}).",
}
_WRITE_TEXT = {
    READ_ONLY: ("The library is read-only: cannot {action} ({path}: {reason}). {unchanged}"),
    FULL: (
        "The disk is full: cannot {action} in {path} ({exc}). {unchanged} Free some space and "
        "try again."
    ),
    BUSY: (
        "The library {path} is in use by another process: cannot {action} (it was still "
        "locked after waiting {wait:g} s). {unchanged}"
    ),
    IO: "Cannot {action}: I/O error writing {path} ({exc}). {unchanged}",
    CORRUPT: (
        "Cannot {action}: SQLite reports that the library file {path} is damaged ({exc}). "
        "{unchanged}"
    ),
    OTHER: "Cannot {action} in the library {path} ({exc}). {unchanged}",
}


def _text(table: dict[FaultKind, str], kind: FaultKind, **fields: object) -> str:
    return table.get(kind, table[OTHER]).format(**fields)


def open_error(path: Path, exc: sqlite3.Error, existed: bool, wait: float) -> LibraryError:
    """The error of a library file that could not be opened (``existed``: it was there)."""
    kind = fault_kind(exc)
    where = f"The puzzle library {path}"
    if kind == READ_ONLY and not existed:
        folder = path.parent
        why = (
            f"its folder {folder} is read-only"
            if not os.access(folder, os.W_OK)
            else ("it cannot be created")
        )
        return LibraryError(f"{where} cannot be created: {why} ({exc}).", kind=kind)
    text = _text(
        _OPEN_TEXT, kind, where=where, exc=exc, wait=wait, verb="opened" if existed else "created"
    )
    return LibraryError(text, kind=kind)


def read_error(path: Path, exc: sqlite3.Error, what: str, wait: float) -> LibraryError:
    """The error of ``what`` ("the list of puzzles", ...) that could not be read from ``path``."""
    kind = fault_kind(exc)
    text = _text(
        _READ_TEXT, kind, path=path, exc=exc, wait=wait, what=what, What=what[:1].upper() + what[1:]
    )
    return LibraryError(text, kind=kind)


def write_error(path: Path, exc: sqlite3.Error, action: str, wait: float) -> LibraryError:
    """The error of a write (``action``: "add the puzzle …") that failed and was rolled back."""
    kind = fault_kind(exc)
    text = _text(
        _WRITE_TEXT,
        kind,
        path=path,
        exc=exc,
        wait=wait,
        action=action,
        reason=unwritable_reason(exc),
        unchanged="The library is unchanged.",
    )
    return LibraryError(text, kind=kind)


JOURNALS = ("-journal", "-wal", "-shm")


def aside_name(path: Path) -> Path:
    """A free name beside ``path`` to keep the unusable file as: ``<name>.unusable-<time>``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.unusable-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.unusable-{stamp}-{n}")
    return target


def move_journals(path: Path, target: Path) -> None:
    """Rename the journal files of the database ``path`` to go with ``target``."""
    for suffix in JOURNALS:
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))


def move_aside(path: Path) -> Path:
    """Rename the unusable library file ``path`` (and its journal files) out of the way, bytes
    unchanged, and return where it went (:func:`aside_name`)."""
    target = aside_name(path)
    path.rename(target)
    move_journals(path, target)
    return target


def unusable_error(
    path: Path, problem: str, kind: FaultKind, not_recovered: str = ""
) -> LibraryError:
    """The error of an existing file that is not a usable library (``problem`` says why).  A
    file SQLite calls damaged (``CORRUPT``) is moved aside first, so that opening the path again
    starts an empty library (``not_recovered`` says why none of it was recovered); any other is
    left unchanged."""
    if kind != CORRUPT:
        return LibraryError(
            f"The puzzle library {path} cannot be used: {problem}. It was left unchanged.",
            kind=kind,
        )
    try:
        moved = move_aside(path)
    except OSError as exc:
        return LibraryError(
            f"The puzzle library {path} cannot be used: {problem}. It could not be moved "
            f"aside ({exc.strerror or exc}) and was left unchanged.",
            kind=CORRUPT,
        )
    why = f" No puzzle could be recovered from it ({not_recovered})." if not_recovered else ""
    return LibraryError(
        f"The puzzle library {path} cannot be used: {problem}.{why} "
        f"It was moved to {moved} and a new library will be created in its place.",
        moved_to=moved,
        kind=CORRUPT,
    )


def recovered_error(
    path: Path, problem: str, moved: Path, puzzles: int, unreadable: int, incomplete: bool
) -> LibraryError:
    """The report of a damaged library whose readable puzzles were copied into a new library at
    ``path``, the damaged file kept as ``moved``."""
    if puzzles:
        plural = "s" if puzzles != 1 else ""
        told = (
            f"{count(puzzles, 'puzzle')} could still be read and {'were' if plural else 'was'} "
            "recovered into a new library in its place"
        )
    else:
        told = "None of its puzzles could still be read; a new library was started in its place"
    lost = []
    if unreadable:
        lost.append(f"{number(unreadable)} could not be read")
    if incomplete:
        lost.append("part of the file could not be searched, so others may be missing")
    if lost:
        told += f" ({'; '.join(lost)}: they are still in the damaged copy)"
    return LibraryError(
        f"The puzzle library {path} could not be used as it was: {problem}. {told}. The "
        "damaged file was kept "
        f"unchanged as {moved}.",
        moved_to=moved,
        kind=CORRUPT,
        recovered=puzzles,
    )
