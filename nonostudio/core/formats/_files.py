"""Reading a puzzle file's bytes without ever blocking for good and without unbounded memory.

Regular files are read as usual. A FIFO (``mkfifo``, ``<(cat f)``, ``/dev/stdin`` on a pipe) or a
character device is opened without blocking (``O_NONBLOCK``: opening a FIFO that no process
writes to would wait forever) and read while data keeps coming, each wait bounded by
:data:`IDLE_SECONDS` and the whole read by :data:`TOTAL_SECONDS`; folders, sockets and block
devices are refused. Every read stops one byte past the caller's limit (``/dev/zero`` ends there).
"""

from __future__ import annotations

import errno
import os
import select
import stat
import time

#: How long a FIFO or device may stay silent (no writer yet, or a writer that stopped writing
#: without closing) before the read gives up: well under the time a person waits for a window.
IDLE_SECONDS = 3.0
#: The longest a special file may take to deliver all its bytes (a writer dripping slowly).
TOTAL_SECONDS = 30.0
_CHUNK = 1 << 16
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOCTTY = getattr(os, "O_NOCTTY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


class TooLarge(Exception):
    """The file holds more than the limit; ``size`` is its size (or the bytes seen so far)."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.size = size


def kind_problem(mode: int) -> str | None:
    """Why a file of this ``st_mode`` cannot be a puzzle file (a folder, a socket, a block
    device), or None for a regular file, a FIFO or a character device."""
    if stat.S_ISDIR(mode):
        return "is a folder, not a puzzle file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a puzzle file"
    if stat.S_ISBLK(mode):
        return "is a block device (a disk), not a puzzle file"
    if stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode):
        return None
    return "is not a regular file"


def read_limited(
    path: str | os.PathLike[str],
    limit: int,
    *,
    idle: float | None = None,
    total: float | None = None,
) -> bytes:
    """The bytes of ``path``, at most ``limit``.

    Raises :class:`TooLarge` past the limit (a regular file's size is checked before anything is
    read), and OSError when the file cannot be opened or read, is of a kind no puzzle comes in
    (see :func:`kind_problem`; ``errno.EISDIR``/``errno.EINVAL``), or is a FIFO or device that
    sends nothing for ``idle`` seconds or keeps sending past ``total`` seconds
    (``errno.ETIMEDOUT``; default :data:`IDLE_SECONDS` and :data:`TOTAL_SECONDS`).
    """
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOCTTY | _CLOEXEC)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a socket (or a device with nothing behind it)
            raise OSError(exc.errno, "is a socket or a device that cannot be read", path) from None
        raise
    try:
        info = os.fstat(fd)
        mode = info.st_mode
        problem = kind_problem(mode)
        if problem is not None:
            code = errno.EISDIR if stat.S_ISDIR(mode) else errno.EINVAL
            raise OSError(code, problem, os.fspath(path))
        if stat.S_ISREG(mode):
            if info.st_size > limit:
                raise TooLarge(info.st_size)
            data = _read_regular(fd, limit)
        else:
            fifo = stat.S_ISFIFO(mode)
            data = _read_special(
                fd,
                limit,
                IDLE_SECONDS if idle is None else idle,
                TOTAL_SECONDS if total is None else total,
                os.fspath(path),
                fifo,
            )
    finally:
        os.close(fd)
    if len(data) > limit:
        raise TooLarge(len(data))
    return data


def _read_regular(fd: int, limit: int) -> bytes:
    """Up to ``limit + 1`` bytes (one that grows meanwhile is cut one byte past the limit)."""
    parts: list[bytes] = []
    got = 0
    while got <= limit:
        chunk = os.read(fd, min(limit + 1 - got, 1 << 24))
        if not chunk:
            break
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def _read_special(fd: int, limit: int, idle: float, total: float, name: str, fifo: bool) -> bytes:
    """A FIFO's or device's bytes until end of file, at most ``limit + 1`` of them."""
    poller = select.poll() if hasattr(select, "poll") else None
    if poller is not None:
        poller.register(fd, select.POLLIN)
    parts: list[bytes] = []
    got = 0
    start = time.monotonic()
    while got <= limit:
        if poller is not None:
            left = total - (time.monotonic() - start)
            if left <= 0 or not poller.poll(min(idle, left) * 1000):
                over = time.monotonic() - start >= total
                raise OSError(errno.ETIMEDOUT, _silence(got, idle, total, over), name)
        try:
            chunk = os.read(fd, min(limit + 1 - got, _CHUNK))
        except BlockingIOError:
            continue  # woken without data: wait again (the deadline still holds)
        if not chunk:
            if got or not fifo or _writer_gone(poller):
                break
            # Linux reports a FIFO no writer ever opened as at its end; wait for one instead
            continue
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def _writer_gone(poller: select.poll | None) -> bool:
    """Whether an empty read means the end: a writer came and left (POLLHUP), or we cannot
    tell (no poll)."""
    if poller is None:
        return True
    return any(events & select.POLLHUP for _fd, events in poller.poll(0))


def _silence(got: int, idle: float, total: float, over: bool) -> str:
    if over:
        return f"still sending after {total:g} s ({got:,} bytes so far); not read"
    if got:
        return f"sent nothing more for {idle:g} s ({got:,} bytes so far) and did not end"
    return (
        f"sent nothing for {idle:g} s (a FIFO no program writes to, or a device "
        "with nothing to read)"
    )
