"""The editor's safety net: unsaved work is written to disk a few seconds after each change.

Each running studio owns one *session* file ``autosave/session-<id>.json`` in the user-data folder
(or, when that folder cannot be written, in a per-user folder of the system's temporary folder)
and holds a :class:`QLockFile` beside it while it runs.  Files are replaced atomically (temporary
file, fsync, ``os.replace``), so a crash or a ``kill -9`` leaves either the previous or the new
version, never half of one.  The file is removed when the work is saved or discarded.

At the next start, session files whose lock is no longer held (their studio died) are *orphans*
that the window offers to restore.  Another studio that is still running keeps its lock, so its
file is never offered.  The temporary files a studio killed in the middle of a write left behind
are removed then (and at this session's first write to a folder), only those of sessions whose
lock is free.  An autosave of a newer format is never offered, rewritten or removed: it is left
for the newer nonostudio that wrote it.
"""

from __future__ import annotations

import contextlib
import getpass
import hashlib
import json
import logging
import os
import tempfile
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from nonostudio.core.atomic import temporaries_of, write_bytes_atomic
from nonostudio.core.paths import user_data_dir

log = logging.getLogger(__name__)

IDLE_MS = 3000  # write this long after the last change
FORMAT_VERSION = 1
_PREFIX = "session-"


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name (some containers)
        return str(os.getuid()) if hasattr(os, "getuid") else "user"


def autosave_folders() -> list[Path]:
    """Where autosaves go, in order of preference: the user-data folder, then a temporary one.

    The temporary folder's name depends on the data folder, so separate data folders (tests,
    ``NONOSTUDIO_DATA_DIR``) never see each other's autosaves.
    """
    override = os.environ.get("NONOSTUDIO_DATA_DIR", "")
    folders: list[Path] = []
    try:
        data = user_data_dir()
        folders.append(data / "autosave")
    except OSError:  # the data folder cannot even be created
        data = Path(override) if override else Path.home()
    tag = hashlib.sha1(str(data.resolve()).encode()).hexdigest()[:10]
    folders.append(Path(tempfile.gettempdir()) / f"nonostudio-autosave-{_user()}-{tag}")
    return folders


def _writable(folder: Path) -> bool:
    """Whether ``folder`` exists and can be written, or could be created (best guess)."""
    for place in (folder, *folder.parents):
        if place.exists():
            return place.is_dir() and os.access(place, os.W_OK)
    return False


@dataclass
class Orphan:
    """An autosave left by a studio that did not finish normally; its lock is held by us."""

    path: Path
    lock: QLockFile = field(repr=False)
    saved_at: str
    data: dict[str, Any] | None  # None when the file could not be read
    problem: str = ""
    newer: bool = False  # written by a newer nonostudio: leave the file as it is

    def forget(self) -> None:
        """Delete the file (the work was restored into this session or discarded)."""
        with contextlib.suppress(OSError):
            self.path.unlink()
        self.release()

    def release(self) -> None:
        """Leave the file for a later start."""
        self.lock.unlock()


class AutosaveStore:
    """This session's autosave file and lock, and the orphans of earlier sessions."""

    def __init__(self, folders: list[Path] | None = None) -> None:
        self.folders = folders if folders is not None else autosave_folders()
        self.session = uuid.uuid4().hex[:12]
        self.path: Path | None = None
        self._lock: QLockFile | None = None
        self.problem: str | None = None  # why the last write failed

    def folder(self) -> Path | None:
        """The folder this session writes to (None before the first write)."""
        return None if self.path is None else self.path.parent

    def describe(self) -> str:
        """Where the work is kept (or will be, at the first write), for messages."""
        folder = self.folder()
        if folder is None:
            folder = next((f for f in self.folders if _writable(f)), self.folders[-1])
        return str(folder)

    def _claim(self, folder: Path) -> tuple[Path, QLockFile]:
        folder.mkdir(parents=True, exist_ok=True)
        lock = QLockFile(str(folder / f"{_PREFIX}{self.session}.lock"))
        lock.setStaleLockTime(0)  # held for the whole session: stale only if its process died
        if not lock.tryLock(0):
            raise OSError(f"cannot create a lock file in {folder} ({lock.error().name})")
        self._remove_stale(folder)
        return folder / f"{_PREFIX}{self.session}.json", lock

    def _unclaim(self) -> None:
        if self._lock is not None:
            self._lock.unlock()
        self._lock = None
        self.path = None

    def save(self, state: dict[str, Any]) -> Path:
        """Write ``state`` atomically; raises OSError when no folder can be written.

        Folders are tried in order of preference.  The previous autosave is removed only once the
        new one is complete (elsewhere, when its folder is full or has become read-only).
        """
        doc = {
            "version": FORMAT_VERSION,
            "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "pid": os.getpid(),
            "state": state,
        }
        data = json.dumps(doc, ensure_ascii=False, indent=1).encode("utf-8")
        errors: list[str] = []
        current = self.path
        for folder in self.folders:
            lock: QLockFile | None = None
            try:
                if current is not None and current.parent == folder:
                    path = current
                else:
                    path, lock = self._claim(folder)
                write_bytes_atomic(path, data)
            except OSError as exc:
                errors.append(f"{folder}: {exc.strerror or exc}")
                if lock is not None:
                    lock.unlock()
                continue
            if lock is not None:  # a new folder: the older file (if any) goes only now
                self._remove_file()
                self._unclaim()
                self.path, self._lock = path, lock
            self.problem = None
            return path
        self.problem = "; ".join(errors)
        raise OSError(f"the unsaved work cannot be autosaved ({self.problem})")

    def _remove_file(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()

    def clear(self) -> None:
        """Remove this session's file (the work was saved or discarded); keeps the lock."""
        self._remove_file()

    def close(self) -> None:
        """End the session normally: the file and the lock go."""
        self._remove_file()
        self._unclaim()

    def abandon(self) -> None:
        """Release the lock but keep the file, as a crash would (for tests)."""
        if self._lock is not None:
            self._lock.unlock()
        self._lock = None

    def remove_stale(self) -> int:
        """Remove what studios killed outright left beside their autosaves: the temporary files
        of an unfinished write, and lock files without an autosave.  Only sessions whose lock is
        free (their studio is gone) are touched.  Returns how many temporary files went."""
        return sum(self._remove_stale(folder) for folder in self.folders)

    def _remove_stale(self, folder: Path) -> int:
        try:
            names = {entry.name for entry in os.scandir(folder)}
        except OSError:
            return 0
        stems: set[str] = set()
        for name in names:
            if name.startswith(f".{_PREFIX}") and name.endswith(".tmp"):
                stems.add(name[1:].split(".", 1)[0])  # .session-<id>.json.<random>.tmp
            elif name.startswith(_PREFIX) and name.endswith(".lock"):
                if f"{name.removesuffix('.lock')}.json" not in names:
                    stems.add(name.removesuffix(".lock"))
        stems.discard(f"{_PREFIX}{self.session}")
        removed = 0
        for stem in sorted(stems):
            lock = QLockFile(str(folder / f"{stem}.lock"))
            lock.setStaleLockTime(0)
            if not lock.tryLock(0):
                continue  # its studio is still running (and may be writing)
            for tmp in temporaries_of(folder / f"{stem}.json"):
                with contextlib.suppress(OSError):
                    tmp.unlink()
                    removed += 1
            lock.unlock()  # removes the lock file too
        if removed:
            log.info("removed %d unfinished autosave files in %s", removed, folder)
        return removed

    def orphans(self) -> list[Orphan]:
        """Autosaves of studios that ended without saving, newest first; we hold their locks.

        What killed studios left half-written is removed first (:meth:`remove_stale`).  A file
        of a newer format comes with ``newer`` set and no data; one that cannot be read, with
        no data and its ``problem``."""
        self.remove_stale()
        found: list[Orphan] = []
        for path in self._candidates():
            lock = QLockFile(str(path.with_suffix(".lock")))
            lock.setStaleLockTime(0)
            if not lock.tryLock(0):
                continue  # another studio is running and owns it (or the folder is unusable)
            if not path.exists():  # saved and removed meanwhile
                lock.unlock()
                continue
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(doc, dict) or not isinstance(doc.get("state"), dict):
                    raise ValueError("not an autosave document")
                version = doc.get("version")
                if type(version) is not int or version < 1:
                    raise ValueError(f"unknown autosave version {version!r}")
                saved_at = str(doc.get("saved_at", ""))
                if version > FORMAT_VERSION:
                    why = (
                        f"{path} was written by a newer nonostudio (autosave version {version}; "
                        f"this version reads up to {FORMAT_VERSION})"
                    )
                    found.append(Orphan(path, lock, saved_at, None, why, newer=True))
                    continue
                found.append(Orphan(path, lock, saved_at, doc["state"]))
            except (OSError, ValueError) as exc:
                found.append(Orphan(path, lock, "", None, f"{path}: cannot be read ({exc})"))
        found.sort(key=lambda o: o.saved_at, reverse=True)
        return found

    def _candidates(self) -> Iterator[Path]:
        own = None if self.path is None else self.path.name
        for folder in self.folders:
            with contextlib.suppress(OSError):
                for path in sorted(folder.glob(f"{_PREFIX}*.json")):
                    if path.name != own:
                        yield path


class Autosaver(QObject):
    """Writes ``state()`` to the store ``idle_ms`` after the last :meth:`schedule` call."""

    saved = Signal(str)  # the file written
    failed = Signal(str)  # a message saying what could not be written, and where

    def __init__(
        self,
        state: Callable[[], dict[str, Any] | None],
        store: AutosaveStore,
        idle_ms: int = IDLE_MS,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = store
        self._state = state
        self._failed_before = False
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(idle_ms)
        self.timer.timeout.connect(self.save_now)

    def schedule(self) -> None:
        """Something changed: write after the idle time (restarted by each change)."""
        self.timer.start()

    def save_now(self) -> Path | None:
        """Write at once (None: nothing to keep, so the file is removed, or the write failed)."""
        self.timer.stop()
        state = self._state()
        if state is None:
            self.store.clear()
            return None
        try:
            path = self.store.save(state)
        except OSError as exc:
            if not self._failed_before:
                log.warning("%s", exc)
            self._failed_before = True
            self.failed.emit(str(exc))
            return None
        if self._failed_before:
            log.info("autosave works again: %s", path)
            self._failed_before = False
        self.saved.emit(str(path))
        return path

    def clear(self) -> None:
        """The work was saved or discarded: stop the timer and remove the file."""
        self.timer.stop()
        self.store.clear()

    def close(self) -> None:
        """The session ends normally."""
        self.timer.stop()
        self.store.close()
