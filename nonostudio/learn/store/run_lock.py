"""Who is running a learning run: an exclusive ``flock`` on a small file beside the job store
(``jobs.sqlite3.run-3.lock``), held by the process that runs the run and released by the system
when that process ends, however it ends (a ``kill -9`` too).

A run stored as ``running`` whose lock is free was interrupted; a run whose lock is held cannot be
run (or resumed) a second time (:class:`RunBusyError`).  The file names the holder's process and
when it took the run, for the message; only the lock itself says whether the holder lives.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import time
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from nonostudio.learn.store.job_faults import JobStoreError, read_only_reason

# How long a start retries a lock held for a moment only: by a status check, or by a start that
# found the file of a holder that has just released it.
_WAIT_S = 0.5
_RETRY_S = 0.02


def lock_path(store: Path, run_id: int) -> Path:
    """The lock file of run ``run_id`` of the job store at ``store``."""
    return store.with_name(f"{store.name}.run-{run_id}.lock")


@dataclass(frozen=True)
class RunOwner:
    """The process holding a run's lock: its pid and since when (None: not written yet)."""

    pid: int | None
    since: float | None = None

    def describe(self) -> str:
        """E.g. ``process 1234 (since 2026-05-01 12:00)``, or ``this process``."""
        if self.pid is None:
            return "another process"
        who = "this process" if self.pid == os.getpid() else f"process {self.pid}"
        if self.since is None:
            return who
        return f"{who} (since {datetime.fromtimestamp(self.since).strftime('%Y-%m-%d %H:%M')})"


class RunBusyError(JobStoreError):
    """The run is already running in a live process (EBUSY); ``owner`` says which."""

    def __init__(self, store: Path, run_id: int, owner: RunOwner) -> None:
        super().__init__(
            errno.EBUSY,
            f"run {run_id} is already running in {owner.describe()}; wait for it to finish, "
            f"or cancel it there, before running it again",
            str(store),
        )
        self.run_id = run_id
        self.owner = owner


def _read_owner(fd: int) -> RunOwner:
    try:
        doc = json.loads(os.pread(fd, 4096, 0) or b"{}")
        pid, since = doc.get("pid"), doc.get("since")
    except (OSError, ValueError, AttributeError):
        return RunOwner(None)
    return RunOwner(
        pid if type(pid) is int else None,
        float(since) if isinstance(since, int | float) else None,
    )


def run_owner(store: Path, run_id: int) -> RunOwner | None:
    """The live process running run ``run_id``, or None when no process holds its lock (the run
    is not running, or its process died).  A lock file that cannot be read is taken as held
    (``RunOwner(None)``): never call a run interrupted without knowing."""
    try:
        fd = os.open(lock_path(store, run_id), os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return None  # a runner makes the file before it says the run is running
    except OSError:
        return RunOwner(None)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _read_owner(fd)
        return None  # free: closing the file below lets go of it again
    finally:
        os.close(fd)


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


class RunLock:
    """The lock of one run, taken by :meth:`acquire` (or ``with``) and let go by :meth:`release`
    or by the end of the process."""

    def __init__(self, store: Path, run_id: int) -> None:
        self.store, self.run_id = store, run_id
        self.path = lock_path(store, run_id)
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the run; :class:`RunBusyError` when a live process holds it, JobStoreError when
        its lock file cannot be made (a read-only folder, say)."""
        deadline = time.monotonic() + _WAIT_S
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            except OSError as exc:
                raise self._cannot_make(exc) from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                owner = _read_owner(fd)
                os.close(fd)
                if time.monotonic() >= deadline:
                    raise RunBusyError(self.store, self.run_id, owner) from None
                time.sleep(_RETRY_S)
                continue
            if _same_file(fd, self.path):
                break
            os.close(fd)  # its holder removed it after we opened it: take the one there now
        with suppress(OSError):  # a full disk: the lock holds all the same, unnamed
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps({"pid": os.getpid(), "since": time.time()}).encode(), 0)
        self._fd = fd

    def _cannot_make(self, exc: OSError) -> JobStoreError:
        """Why the lock file cannot be made, naming the store."""
        reason = read_only_reason(self.path)
        if reason is not None:
            return JobStoreError(
                errno.EROFS if "file system" in reason else errno.EACCES,
                f"the job store is read-only ({reason}): could not take run {self.run_id}",
                str(self.store),
            )
        return JobStoreError(
            exc.errno,
            f"could not make the lock file of run {self.run_id}, {self.path} ({exc.strerror})",
            str(self.store),
        )

    def release(self) -> None:
        """Let go of the run (and remove the lock file); nothing when it is not held."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with suppress(OSError):
            self.path.unlink()  # while still held: a start that opened it retries (_same_file)
        os.close(fd)

    def __enter__(self) -> RunLock:
        self.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
