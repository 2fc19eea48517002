"""What kind of file a path holds, in words, for the messages about a file that is not the kind
wanted (a rule file or a library that is a FIFO, a folder or a device).  Kept apart from
``core.formats`` so that the rule and library modules name a kind without importing the
readers (23 ms)."""

from __future__ import annotations

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
