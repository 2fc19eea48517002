"""Unexpected errors in the studio: log the full traceback, tell the user once, keep running.

:class:`CrashReporter` replaces ``sys.excepthook`` (which PySide calls for an exception escaping
a slot or an event handler) and ``threading.excepthook``.  The traceback goes to the log (see
:mod:`nonostudio.core.logs`); the user sees one non-blocking message box, shown later from the event
loop on the GUI thread (never from inside a paint event or a worker thread), that says what
happened and where the log is.  While that box is open, further errors are only logged, and an
error already reported (same exception type and place) is not reported again: a paint handler
that fails on every repaint gives one box, not a cascade.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from types import TracebackType

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from nonostudio.core import logs

log = logging.getLogger(__name__)

TITLE = "Unexpected Error"


def _summary(
    exc_type: type[BaseException], exc: BaseException | None, tb: TracebackType | None
) -> tuple[str, str]:
    """A one-line description (type, message, innermost place) and a key for repeats."""
    text = "".join(traceback.format_exception_only(exc_type, exc)).strip()
    if len(text) > 400:
        text = text[:400] + "…"
    frames = traceback.extract_tb(tb) if tb is not None else []
    place = ""
    key = exc_type.__qualname__
    if frames:
        last = frames[-1]
        place = f" (in {last.name}, {last.filename}, line {last.lineno})"
        key += f"@{last.filename}:{last.lineno}"
    return text + place, key


def open_log_folder(parent: QWidget | None = None) -> bool:
    """Show the log folder in the desktop's file manager (or say why there is none)."""
    path = logs.log_file()
    if path is None:
        QMessageBox.information(
            parent, "Log Folder", f"The log is written to {logs.where_the_log_is()}, not to a file."
        )
        return False
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path.parent)))


class CrashReporter(QObject):
    """Installs the exception hooks; reports each new kind of error once, on the GUI thread."""

    _reported = Signal(str, str)  # summary, key; queued to the GUI thread

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.box: QMessageBox | None = None
        self.reports: list[str] = []  # summaries of the errors shown to the user
        self.suppressed = 0  # errors only logged (a box was open, or already reported)
        self._keys: set[str] = set()
        self._previous_sys = sys.excepthook
        self._previous_threading = threading.excepthook
        self._installed = False
        self._reported.connect(self._show, Qt.ConnectionType.QueuedConnection)

    def install(self) -> None:
        self._previous_sys = sys.excepthook
        self._previous_threading = threading.excepthook
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_excepthook
        self._installed = True

    def uninstall(self) -> None:
        if self._installed:
            sys.excepthook = self._previous_sys
            threading.excepthook = self._previous_threading
            self._installed = False

    # -- the hooks (any thread) ---------------------------------------------------------------

    def excepthook(
        self, exc_type: type[BaseException], exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        if issubclass(exc_type, KeyboardInterrupt | SystemExit):
            self._previous_sys(exc_type, exc, tb)  # type: ignore[arg-type]
            return
        self._report(exc_type, exc, tb, threading.current_thread().name)

    def thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_type is SystemExit:
            return
        thread = args.thread.name if args.thread is not None else "a thread"
        self._report(args.exc_type, args.exc_value, args.exc_traceback, thread)

    def _report(
        self,
        exc_type: type[BaseException],
        exc: BaseException | None,
        tb: TracebackType | None,
        thread: str,
    ) -> None:
        # (threading's hook may give the type alone: the log gets an empty instance of it)
        logged = exc if exc is not None else exc_type.__new__(exc_type)
        try:
            log.critical("uncaught exception in %s", thread, exc_info=(exc_type, logged, tb))
            summary, key = _summary(exc_type, exc, tb)
            self._reported.emit(summary, key)
        except Exception:  # never let the hook itself fail; stderr is the last resort
            traceback.print_exception(exc_type, exc, tb)

    # -- the message (GUI thread) -------------------------------------------------------------

    def _show(self, summary: str, key: str) -> None:
        if self.box is not None or key in self._keys:
            self.suppressed += 1
            return
        self._keys.add(key)
        self.reports.append(summary)
        app = QApplication.instance()
        parent = app.activeWindow() if isinstance(app, QApplication) else None
        box = QMessageBox(
            QMessageBox.Icon.Critical,
            TITLE,
            "Nonostudio ran into an unexpected error and carried on.",
            QMessageBox.StandardButton.Close,
            parent,
        )
        box.setInformativeText(
            f"{summary}\n\nYour puzzle is still open; saving it now is a good idea. The full "
            f"report is in {logs.where_the_log_is()}; please include it if you report the "
            "problem."
        )
        folder = box.addButton("Open Log Folder", QMessageBox.ButtonRole.ActionRole)
        folder.setEnabled(logs.log_file() is not None)
        box.setDefaultButton(QMessageBox.StandardButton.Close)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.setWindowModality(Qt.WindowModality.ApplicationModal)
        box.buttonClicked.connect(
            lambda button: open_log_folder(parent) if button is folder else None
        )
        box.finished.connect(self._closed)
        self.box = box
        box.show()

    def _closed(self) -> None:
        self.box = None


def install(app: QApplication) -> CrashReporter:
    """Create the reporter (owned by ``app``) and install its hooks."""
    reporter = CrashReporter(app)
    reporter.install()
    return reporter
