"""Telling the studio's user, once, that their library was recovered from a damaged file by
another studio (or the command line), before this one opened it or while it had it open: what
happened, how many puzzles came back and where the damaged copy is
(:mod:`nonostudio.core.library.recovered`).  The box does
not block the window; which recoveries were told is kept in the user's settings, so a later start
says nothing, nor does the studio that recovered the library and said so itself."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from nonostudio.core.library import Library
from nonostudio.core.library.recovered import Recovery, recoveries


class Studio(Protocol):
    """What telling reads of the main window (named by what it needs, not imported: the main
    window imports this module)."""

    @property
    def library(self) -> Library: ...

    @property
    def settings(self) -> QSettings: ...

    @property
    def recoveries_seen(self) -> set[Path]:
        """The damaged copies this window has looked at (told, or there when it opened)."""
        ...

    def window(self) -> QWidget: ...


TOLD_KEY = "library/toldRecoveries"  # the damaged copies (full paths) whose recovery was told


def told(settings: QSettings) -> list[str]:
    """The damaged copies whose recovery this user was told of."""
    settings.sync()  # another studio of this user may have told one since this one started
    value = settings.value(TOLD_KEY, [])
    if isinstance(value, str):  # QSettings gives a one-item list back as a string
        return [value]
    return [str(v) for v in value] if isinstance(value, list) else []


def untold(window: Studio, said: Iterable[str] = (), *, at_start: bool = False) -> list[Recovery]:
    """The recoveries of the window's library its user was not told of; those named in
    ``said`` (messages already shown, such as the start-up's own recovery) count as told, and
    so do those the window has looked at before (:attr:`Studio.recoveries_seen`: the ones
    there when it opened, unless ``at_start``)."""
    seen = window.recoveries_seen
    found = [r for r in recoveries(window.library) if at_start or r.kept_as not in seen]
    if not found:
        return []
    seen.update(r.kept_as for r in found)
    settings = window.settings
    known = told(settings)
    shown = " ".join(said)
    fresh = [r for r in found if str(r.kept_as) not in known]
    if fresh:
        settings.setValue(TOLD_KEY, known + [str(r.kept_as) for r in fresh])
        settings.sync()
    return [r for r in fresh if str(r.kept_as) not in shown]


def tell_recoveries(
    window: Studio, said: Iterable[str] = (), *, at_start: bool = False
) -> QMessageBox | None:
    """Say, in a box that does not block the window, each recovery of the window's library its
    user was not told of (each once; see :func:`untold`).  Returns the box shown, if any.

    Called at start-up (``at_start``), after a Retry opened the library, and after each
    library write (a studio that had the library open when another recovered it follows the new
    file; the damaged copy appears then)."""
    found = untold(window, said, at_start=at_start)
    if not found:
        return None
    path = window.library.path
    return show_notice(window.window(), "\n\n".join(r.sentence(path) for r in found))


def show_notice(window: QWidget, text: str) -> QMessageBox:
    """A box saying ``text`` over the window that lets the window go on (not modal)."""
    box = QMessageBox(
        QMessageBox.Icon.Information,
        "Puzzle Library Recovered",
        text,
        QMessageBox.StandardButton.Ok,
        window,
    )
    box.setObjectName("recoveryNotice")
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setWindowModality(Qt.WindowModality.NonModal)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.show()
    return box
