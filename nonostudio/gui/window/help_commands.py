"""The main window's Help commands (:class:`HelpCommands`, a part of the window): the built-in
guide, the keyboard shortcuts, the technique guide in the web browser, the log folder and About.
It opens its dialogs over the window it is given and reports through signals what the window's
status bar and error box say.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

import nonostudio
from nonostudio.gui.common.workers import Worker

APP_TITLE = "Nonostudio"


def about_text() -> str:
    """The About box's text, with the package's version as it is when asked."""
    return (
        f"<h3>{APP_TITLE} {nonostudio.__version__}</h3>"
        "<p>A studio for analysing nonogram puzzles: edit, check uniqueness and difficulty, "
        "and learn solving rules.</p>"
        "<p>Licensed under the GNU GPL, version 3 or later. Sample puzzles keep their "
        "authors' licences (see each puzzle's licence field).</p>"
    )


class HelpCommands(QObject):
    """The Help menu's commands, over the window ``parent``."""

    status = Signal(str, int)  # a status-bar message and its time in ms (0: until the next)
    statusCleared = Signal()
    failed = Signal(str, str)  # title, message: for the window's error box

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self._parent = parent
        self._guide_dialog: QDialog | None = None
        self._technique_worker: Worker | None = None

    def show_guide(self) -> QDialog:
        """Help → Nonostudio Guide: the built-in guide, beside the window (one at a time)."""
        from nonostudio.gui.dialogs.help import guide_dialog

        if self._guide_dialog is None:
            self._guide_dialog = guide_dialog(self._parent)
        self._guide_dialog.show()
        if QApplication.platformName() != "offscreen":  # (it has no stacking order to change)
            self._guide_dialog.raise_()
        return self._guide_dialog

    def show_shortcuts(self, rows: list[tuple[str, str, str]]) -> QDialog:
        """Help → Keyboard Shortcuts: ``(where, command, keys)`` rows, read from the actions."""
        from nonostudio.gui.dialogs.help import shortcuts_dialog

        dialog = shortcuts_dialog(rows, self._parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def open_technique_guide(self) -> None:
        """Help → Technique Guide: write the strategy guide once (in the background) and open it
        in the web browser."""
        from nonostudio.gui.common.workers import run_in_background
        from nonostudio.gui.dialogs.help import technique_guide_path, write_technique_guide

        path = technique_guide_path()
        if path.is_file():
            self._open_url(path)
            return
        if self._technique_worker is not None:
            return
        self.status.emit("Writing the technique guide…", 0)

        def done(written: Path) -> None:
            self._technique_worker = None
            self.status.emit(f"The technique guide is in {written}", 10000)
            self._open_url(written)

        def failed(message: str) -> None:
            self._technique_worker = None
            self.statusCleared.emit()
            self.failed.emit(
                "Technique Guide", f"The technique guide could not be written to {path}: {message}"
            )

        self._technique_worker = run_in_background(
            lambda progress, stop: write_technique_guide(path, progress, stop),
            on_result=done,
            on_error=failed,
        )

    def cancel(self) -> None:
        """Stop writing the technique guide (the window is closing)."""
        if self._technique_worker is not None:
            self._technique_worker.cancel()

    def _open_url(self, path: Path) -> None:
        """Open the guide in the web browser; without one, show it in a window of its own."""
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            return
        from nonostudio.gui.dialogs.help import page_dialog

        try:
            page = path.read_text(encoding="utf-8")
        except OSError as exc:
            self.failed.emit("Technique Guide", f"{path}: {exc.strerror or exc}")
            return
        dialog = page_dialog(self._parent, "Technique Guide", page, "techniqueGuideDialog")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.resize(820, 640)
        dialog.show()
        self.status.emit(
            f"No web browser was found: the technique guide is shown here (the file is {path})",
            15000,
        )

    def about(self) -> None:
        QMessageBox.about(self._parent, f"About {APP_TITLE}", about_text())

    def open_log_folder(self) -> bool:
        """Help → Open Log Folder: the folder of the rotating log file, in the file manager."""
        from nonostudio.gui.common.crash import open_log_folder

        return open_log_folder(self._parent)
