"""The main window's Help commands: the built-in guide, the keyboard shortcuts (read from the
actions themselves), the technique guide in the web browser, the log folder and About.

:class:`HelpCommands` is mixed into :class:`nonostudio.gui.window.main_window.MainWindow`; its one
concern is the Help menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox, QWidget

import nonostudio

if TYPE_CHECKING:
    from nonostudio.gui.window.main_window import MainWindow

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


class HelpCommands:
    """The Help menu's commands."""

    def show_guide(self: MainWindow) -> QDialog:
        """Help → Nonostudio Guide: the built-in guide, beside the window (one at a time)."""
        from nonostudio.gui.dialogs.help import guide_dialog

        if self._guide_dialog is None:
            self._guide_dialog = guide_dialog(self)
        self._guide_dialog.show()
        if QApplication.platformName() != "offscreen":  # (it has no stacking order to change)
            self._guide_dialog.raise_()
        return self._guide_dialog

    def shortcut_rows(self: MainWindow) -> list[tuple[str, str, str]]:
        """``(where, command, keys)`` of every command with a shortcut, read from the actions."""
        from nonostudio.gui.dialogs.help import shortcut_rows

        places: list[tuple[str, QWidget]] = [
            ("Anywhere", self),
            (
                self.tabs.tabText(self.tabs.indexOf(self.solve_view)).replace("&", "") + " tab",
                self.solve_view,
            ),
            ("Library", self.library_view),
        ]
        pairs = [("Anywhere", a) for a in self.commands.all()]
        for where, widget in places[1:]:
            pairs.extend((where, a) for a in widget.actions())
        return shortcut_rows(pairs)

    def show_shortcuts(self: MainWindow) -> QDialog:
        """Help → Keyboard Shortcuts, made from the actions themselves."""
        from nonostudio.gui.dialogs.help import shortcuts_dialog

        dialog = shortcuts_dialog(self.shortcut_rows(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def open_technique_guide(self: MainWindow) -> None:
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
        self.statusBar().showMessage("Writing the technique guide…")

        def done(written: Path) -> None:
            self._technique_worker = None
            self.statusBar().showMessage(f"The technique guide is in {written}", 10000)
            self._open_url(written)

        def failed(message: str) -> None:
            self._technique_worker = None
            self.statusBar().clearMessage()
            self.show_error(
                "Technique Guide", f"The technique guide could not be written to {path}: {message}"
            )

        self._technique_worker = run_in_background(
            lambda progress, stop: write_technique_guide(path, progress, stop),
            on_result=done,
            on_error=failed,
        )

    def _open_url(self: MainWindow, path: Path) -> None:
        """Open the guide in the web browser; without one, show it in a window of its own."""
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            return
        from nonostudio.gui.dialogs.help import page_dialog

        try:
            page = path.read_text(encoding="utf-8")
        except OSError as exc:
            self.show_error("Technique Guide", f"{path}: {exc.strerror or exc}")
            return
        dialog = page_dialog(self, "Technique Guide", page, "techniqueGuideDialog")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.resize(820, 640)
        dialog.show()
        self.statusBar().showMessage(
            f"No web browser was found: the technique guide is shown here (the file is {path})",
            15000,
        )

    def about(self: MainWindow) -> None:
        QMessageBox.about(self, f"About {APP_TITLE}", about_text())

    def open_log_folder(self: MainWindow) -> bool:
        """Help → Open Log Folder: the folder of the rotating log file, in the file manager."""
        from nonostudio.gui.common.crash import open_log_folder

        return open_log_folder(self)
