"""Autosave and crash restore for the main window: when the document is autosaved, what the
autosave keeps of it, and offering the work an earlier session left unsaved (it crashed or was
killed) back at the next start.

The autosave itself (writing a few seconds after each change) is
:mod:`nonostudio.gui.window.autosave`; :class:`CrashRestore` is the window's side of it.
"""

from __future__ import annotations

import logging
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QMessageBox, QStatusBar, QWidget

from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.window.autosave import Autosaver, Orphan
from nonostudio.gui.window.document import Document
from nonostudio.gui.window.file_commands import FileCommands

log = logging.getLogger(__name__)


def local_time(iso: str) -> str:
    """``2026-05-01T10:00:00+00:00`` as the user's local time, e.g. ``2026-05-01 12:00``."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def describe_orphan(orphan: Orphan) -> str:
    """The question offering ``orphan`` back: its title, size, origin and when it was kept."""
    state = orphan.data or {}
    editor = state.get("editor")
    editor_state = editor if isinstance(editor, dict) else {}
    found = editor_state.get("meta")
    meta = found if isinstance(found, dict) else {}
    title = str(meta.get("title") or "").strip() or "Untitled"
    size = f"{editor_state.get('width', '?')}x{editor_state.get('height', '?')}"
    if state.get("path"):
        origin = f", from {state['path']}"
    elif state.get("library_id") is not None:
        origin = ", from the library"
    else:
        origin = ""
    when = f" ({local_time(orphan.saved_at)})" if orphan.saved_at else ""
    return (
        f"Nonostudio did not close normally last time. Unsaved work was kept{when}:\n\n"
        f'"{title}" ({size}{origin})'
    )


def disk_stamp_of(value: object) -> tuple[int, int] | None:
    """An autosave record's ``disk`` field as a disk stamp (modification time in ns, size);
    None when absent (records of earlier versions); raises TypeError when damaged."""
    if value is None:
        return None
    if isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value):
        return value[0], value[1]
    raise TypeError(f"bad disk stamp {value!r}")


class RestoreWindow(Protocol):
    """What crash restore reads and tells: the main window."""

    editor: EditorView
    files: FileCommands
    autosaver: Autosaver

    @property
    def document(self) -> Document: ...

    def statusBar(self) -> QStatusBar: ...

    def update_banner(self) -> None: ...

    def restore_autosave(self, state: dict[str, Any]) -> Path | None: ...

    def show_error(self, title: str, message: str) -> None: ...


class CrashRestore:
    """The window's document in and out of the autosave; its questions are asked over
    ``parent``."""

    def __init__(self, window: RestoreWindow, parent: QWidget) -> None:
        self._window = window
        self._parent = parent
        self.problem: str | None = None  # why the last autosave failed (None: it works)

    def on_edited(self) -> None:
        if self._window.files.is_modified():
            self._window.autosaver.schedule()
        else:  # back to the saved state (e.g. by undo): nothing to keep
            self._window.autosaver.clear()

    def on_modified_changed(self, modified: bool) -> None:
        if modified:
            self._window.autosaver.schedule()
        else:  # saved, or replaced by another puzzle after the user said so
            self._window.autosaver.clear()

    def on_failed(self, message: str) -> None:
        """The autosave failed: a status-bar note the first time, and the banner says so."""
        if self.problem is None:
            self._window.statusBar().showMessage(message, 15000)
        self.problem = message
        self._window.update_banner()

    def on_saved(self, _path: str) -> None:
        if self.problem is not None:
            self.problem = None
            self._window.update_banner()

    def state(self) -> dict[str, Any] | None:
        """What the autosave keeps: the editor's content and where it came from (None: saved)."""
        w = self._window
        if not w.files.is_modified():
            return None
        if w.files.is_colour():
            return self._colour_state()
        return {"editor": w.editor.snapshot(), **self._document_state()}

    def _document_state(self) -> dict[str, Any]:
        """Where the work came from, with all that Save needs to be safe after a restore: the
        file (absolute: the next start may be in another folder), its format, how many puzzles
        it held (``items``: Save never writes one over a collection) and its disk stamp as
        this session read or wrote it (``disk``: Save then sees a change made since)."""
        w = self._window
        document = w.document
        stamp = w.files.disk_stamp_read()
        return {
            "path": None if document.path is None else str(document.path.absolute()),
            "format": document.file_format,
            "library_id": document.library_id,
            "items": document.items,
            "disk": None if stamp is None else list(stamp),
        }

    def _colour_state(self) -> dict[str, Any]:
        """A colour puzzle's autosave: its work under ``colour``; ``editor`` holds only what
        the restore question shows (a nonostudio without colour finds it damaged and sets it
        aside, untouched)."""
        w = self._window
        colour = w.files.colour_editor.snapshot()
        cells = colour["cells"]
        return {
            "editor": {"meta": colour["meta"], "width": len(cells[0]), "height": len(cells)},
            "colour": colour,
            **self._document_state(),
            "library_id": None,
        }

    def restore(self, state: dict[str, Any]) -> Path | None:
        """Put autosaved work back into the editor (marked unsaved); raises ValueError if
        damaged.  Returns this session's autosave file now holding it (None if it could not be
        written)."""
        try:
            editor_state = state["editor"]
            path = state.get("path")
            fmt = state.get("format")
            library_id = state.get("library_id")
            items = state.get("items", 1)  # (not in the records of earlier versions)
            if not (
                isinstance(path, str | None)
                and isinstance(fmt, str | None)
                and isinstance(library_id, int | None)
                and type(items) is int
                and items >= 1
            ):
                raise TypeError("bad document fields")
            stamp = disk_stamp_of(state.get("disk"))
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"damaged autosave ({exc!r})") from None
        w = self._window
        if isinstance(colour := state.get("colour"), dict):
            w.files.restore_colour(colour)
        else:
            w.editor.restore_snapshot(editor_state)
        if path is None:
            document = Document(None, fmt, library_id)
        else:  # (a collection keeps no format: Save asks for a file)
            document = Document.file(Path(path), fmt, items)
        w.files.adopt_restored(document, stamp)
        return w.autosaver.save_now()  # this session keeps it from now on

    def offer(self) -> bool:
        """Offer the newest autosave of an earlier session first; once one is restored, the
        others stay for the next start.  Returns True when work was restored."""
        restored = False
        for orphan in self._window.autosaver.store.orphans():
            if restored:
                orphan.release()
            elif orphan.newer:
                self._leave_for_newer(orphan)
            elif orphan.data is None:
                self._set_aside(orphan)
            else:
                restored = self._ask_restore(orphan)
        return restored

    def _leave_for_newer(self, orphan: Orphan) -> None:
        """Say that ``orphan`` is a newer nonostudio's; its file stays exactly as it is."""
        orphan.release()
        log.warning("autosave of a newer version left as it is: %s", orphan.problem)
        self._window.show_error(
            "Autosave",
            f"Unsaved work from an earlier session cannot be restored by this version: "
            f"{orphan.problem}. The file is left untouched; start that newer version to "
            f"restore it.",
        )

    def _set_aside(self, orphan: Orphan) -> None:
        damaged = orphan.path.with_suffix(".damaged")
        try:
            orphan.path.replace(damaged)
        except OSError:
            damaged = orphan.path
        orphan.release()
        log.warning("unreadable autosave: %s", orphan.problem)
        self._window.show_error(
            "Autosave",
            f"Unsaved work from an earlier session could not be "
            f"read: {orphan.problem}. The file is kept as {damaged}.",
        )

    def _ask(self, orphan: Orphan) -> int:
        """Ask whether to restore ``orphan``: the button pressed (Open restores)."""
        restore, discard = QMessageBox.StandardButton.Open, QMessageBox.StandardButton.Discard
        box = QMessageBox(
            QMessageBox.Icon.Question,
            "Restore Unsaved Work",
            describe_orphan(orphan),
            restore | discard,
            self._parent,
        )
        box.setInformativeText("Restore it into the editor? Discard deletes it.")
        box.button(restore).setText("&Restore")
        box.button(restore).setIcon(QIcon())
        box.setDefaultButton(restore)
        answer = box.exec()
        box.deleteLater()
        return answer

    def _ask_restore(self, orphan: Orphan) -> bool:
        answer = self._ask(orphan)
        if answer != QMessageBox.StandardButton.Open.value:
            if answer == QMessageBox.StandardButton.Discard.value:
                orphan.forget()
            else:
                orphan.release()
            return False
        try:
            kept = self._window.restore_autosave(orphan.data or {})
        except ValueError as exc:
            orphan.problem = f"{orphan.path}: {exc}"
            self._set_aside(orphan)
            return False
        if kept is not None:
            orphan.forget()
        else:  # this session cannot autosave it: rather offer the old file again next time
            orphan.release()
        return True
