"""Atomic file replacement: a crash, a full disk or a ``kill -9`` leaves either the previous or
the new content of a file, never a mix.  Every writer of user data goes through here.  The file
gets the permissions a plain write would give it: a new file's follow the umask (0644 under the
usual 022), a replaced file keeps its own.

A writer killed outright leaves its temporary file (``.<name>.<random>.tmp`` beside the target);
:func:`temporaries_of` finds them, for a caller that knows their writer is dead to remove."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

_SUFFIX = ".tmp"


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """Replace ``path`` by ``data``: a temporary file beside it is written and flushed to disk,
    renamed over ``path`` and the rename made durable; on failure the temporary file is removed
    and ``path`` is as it was.

    A symbolic link is kept: the file it names is replaced, beside that file (renamed over the
    link, the studio's Save left the link's file with its old content and the link a copy).  A
    device or FIFO (``/dev/stdout``, a pipe) is written straight, never replaced by a file:
    looked at before the link is followed, since ``/dev/stdout`` on a pipe names
    ``/proc/…/fd/pipe:[N]``, no path at all (writing beside it failed: "No such file")."""
    target = Path(path)
    if _special_file(target):  # (os.stat follows the links to what they name)
        with open(target, "wb") as out:
            out.write(data)
        return
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    mode = _mode_for(target)
    fd, tmp = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=_SUFFIX, dir=target.parent if str(target.parent) else "."
    )
    try:
        if hasattr(os, "fchmod"):  # mkstemp makes the file 0600 whatever the umask
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if hasattr(os, "O_DIRECTORY"):  # make the rename itself durable (POSIX)
        with contextlib.suppress(OSError):
            dir_fd = os.open(
                target.parent if str(target.parent) else ".", os.O_RDONLY | os.O_DIRECTORY
            )
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)


def _special_file(path: Path) -> bool:
    """Whether ``path`` is there and neither a regular file nor a folder (a device, a FIFO)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def _mode_for(target: Path) -> int:
    """The permissions ``open(target, "w")`` would leave: the file's own if it exists, else
    0666 less the process's umask."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~current_umask()


def current_umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux's
    /proc/self/status); elsewhere set and put straight back."""
    with contextlib.suppress(OSError, ValueError):
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` by ``text`` as UTF-8 with ``\\n`` line ends (see write_bytes_atomic)."""
    write_bytes_atomic(path, text.encode("utf-8"))


def temporaries_of(path: str | os.PathLike[str]) -> list[Path]:
    """The temporary files that :func:`write_bytes_atomic` calls on ``path`` left beside it (a
    writer killed between creating one and renaming it); [] when the folder cannot be listed.
    Only a caller that knows no writer of ``path`` is alive may remove them."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = f".{target.name}."
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return []
    return sorted(
        folder / name
        for name in names
        if name.startswith(prefix) and name.endswith(_SUFFIX) and len(name) > len(prefix) + 4
    )
