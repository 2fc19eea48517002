"""What kind of file a path holds, in words, for the messages about a file that is not the kind
wanted (a rule file or a library that is a FIFO, a folder or a device).  Kept apart from
``core.formats`` so that the rule and library modules name a kind without importing the
readers (23 ms)."""

from __future__ import annotations

import os
import stat

_KINDS = (
    (stat.S_ISREG, "a regular file"),
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISBLK, "a block device (a disk)"),
    (stat.S_ISCHR, "a device"),
)


def file_kind(mode: int) -> str:
    """What a file of this ``st_mode`` is: "a folder", "a named pipe (FIFO)", "a socket", "a
    block device (a disk)", "a device", "a regular file" or "not a regular file"."""
    return next((words for test, words in _KINDS if test(mode)), "not a regular file")


def special_file_mode(path: str | os.PathLike[str]) -> int | None:
    """``path``'s ``st_mode`` when it is there and is neither a regular file nor a folder (a
    FIFO, a device, a socket: a write there waits for a reader for good, a read may never end),
    else None (missing, a file, a folder).  The studio refuses such a path before opening it."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return None if stat.S_ISREG(mode) or stat.S_ISDIR(mode) else mode
