"""The main window's File commands: new, open (a file or a library puzzle), save, save as, paste a
puzzle string, import an image and export a picture; and asking what to do with unsaved changes.

:class:`FileCommands` is mixed into :class:`nonostudio.gui.window.main_window.MainWindow`; its one
concern is moving the document between the editor and files.  Every failure becomes a message
box that names the file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import LibraryError
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.file_filters import puzzle_filters

if TYPE_CHECKING:
    from nonostudio.gui.dialogs.paste import PasteDialog
    from nonostudio.gui.window.main_window import MainWindow

PICTURE_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"
NOT_VALID_YET = "The clues are not valid yet; correct them first."


def read_puzzle_text(text: str) -> Puzzle:
    """A typed or pasted puzzle string (white space around it ignored); raises PuzzleError."""
    from nonostudio.core.formats import read_text

    return read_text(text.strip(), source="pasted text")


class FileCommands:
    """The File menu's commands on the window's document."""

    def show_puzzle(
        self: MainWindow, puzzle: Puzzle, path: Path | None, fmt: str | None, library_id: int | None
    ) -> None:
        """Show ``puzzle`` as saved, from ``path`` (in ``fmt``) or library entry ``library_id``."""
        self.editor.set_puzzle(puzzle)
        self.editor.set_modified(False)
        self.path, self.file_format, self.library_id = path, fmt, library_id
        if self.is_ready():  # the Solve view keeps a library puzzle's hand progress there
            self.solve_view.set_library_puzzle(self.library, library_id)
        self.update_title()

    def _nothing_made_yet(self: MainWindow) -> bool:
        """A new puzzle that is still blank (only resized, no cell, clue or text): nothing to
        lose."""
        if self.path is not None or self.library_id is not None:
            return False
        puzzle = self.editor.puzzle()
        return (
            puzzle is not None
            and not any(puzzle.rows)
            and not any(puzzle.cols)
            and not any((puzzle.title, puzzle.author, puzzle.copyright, puzzle.licence))
        )

    def maybe_save(self: MainWindow) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        if not self.editor.is_modified() or self._nothing_made_yet():
            return True
        answer = QMessageBox.question(
            self,
            "Unsaved Changes",
            "The puzzle has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def new_puzzle(self: MainWindow) -> None:
        if not self.maybe_save():
            return
        current = self.editor.puzzle()
        width, height = (current.width, current.height) if current is not None else (10, 10)
        self.editor.new_puzzle(width, height)
        self.editor.set_modified(False)
        self.path = self.file_format = self.library_id = None
        self.update_title()

    def choose_and_open(self: MainWindow) -> None:
        if not self.maybe_save():
            return
        filters, _ = puzzle_filters(writing=False)
        path, _ = QFileDialog.getOpenFileName(
            self, "Open Puzzle", self.last_folder, ";;".join(filters)
        )
        if path:
            self.open_file(path, ask=False)

    def open_file(self: MainWindow, path: str | Path, *, ask: bool = True) -> bool:
        """Open a puzzle file; errors are shown to the user. Returns True when it was opened."""
        if ask and not self.maybe_save():
            return False
        try:
            self.load_file(path)
        except PuzzleError as exc:
            self.show_error("Cannot Open Puzzle", str(exc))
            return False
        return True

    def load_file(self: MainWindow, path: str | Path) -> None:
        """Show the puzzle in ``path`` without asking anything; raises PuzzleError."""
        from nonostudio.core.formats import FORMATS, read_file_and_format

        path = Path(path)
        puzzle, fmt = read_file_and_format(path)  # read once: a FIFO can be read only once
        writable = {f.name for f in FORMATS if f.can_write and f.extensions}
        self.last_folder = str(path.parent)
        self.show_puzzle(puzzle, path, fmt if fmt in writable else None, None)

    def open_library_puzzle(self: MainWindow, id: int) -> bool:
        if not self.maybe_save():
            return False
        try:
            puzzle = self.library.get(id)
        except (PuzzleError, LibraryError) as exc:
            self.show_error("Cannot Open Puzzle", str(exc))
            return False
        self.show_puzzle(puzzle, None, None, id)
        return True

    def save(self: MainWindow) -> bool:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self.show_error("Cannot Save", NOT_VALID_YET)
            return False
        if self.path is None and self.library_id is not None:
            try:
                self.library.update(self.library_id, puzzle)
            except LibraryError as exc:
                self._library_write_failed("Cannot Save", exc)
                return False
            self.library_view.refresh()
            self.library_view.select_id(self.library_id)
            self.editor.set_modified(False)
            self.update_banner()
            return True
        if self.path is None or self.file_format is None:
            return self.save_as()
        return self._write(puzzle, self.path, self.file_format)

    def save_as(self: MainWindow) -> bool:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self.show_error("Cannot Save", NOT_VALID_YET)
            return False
        filters, by_filter = puzzle_filters(writing=True)
        start = self.path or Path(self.last_folder, (puzzle.title or "puzzle") + ".non")
        path, chosen = QFileDialog.getSaveFileName(
            self, "Save Puzzle As", str(start), ";;".join(filters), filters[0]
        )
        if not path:
            return False
        return self.save_to(path, by_filter.get(chosen))

    def save_to(self: MainWindow, path: str | Path, fmt: str | None = None) -> bool:
        """Write the puzzle to ``path`` (format from ``fmt`` or the extension) and adopt it."""
        from nonostudio.core.formats import FORMATS

        puzzle = self.editor.puzzle()
        if puzzle is None:
            return False
        path = Path(path)
        if not path.suffix and fmt is not None:
            info = next(f for f in FORMATS if f.name == fmt)
            path = path.with_suffix(info.extensions[0])
        if fmt is None:
            fmt = next(
                (f.name for f in FORMATS if f.can_write and path.suffix.lower() in f.extensions),
                None,
            )
        if not self._write(puzzle, path, fmt):
            return False
        self.path, self.file_format, self.library_id = path, fmt, None
        self.last_folder = str(path.parent)
        self.update_title()
        return True

    def _written(
        self: MainWindow, title: str, path: str | Path, write: Callable[[], object]
    ) -> bool:
        """Run ``write``; a puzzle or file-system error is shown under ``title``, naming
        ``path``.  True when it wrote."""
        try:
            write()
        except PuzzleError as exc:
            self.show_error(title, str(exc))
            return False
        except OSError as exc:
            self.show_error(title, f"{path}: {exc.strerror or exc}")
            return False
        return True

    def _write(self: MainWindow, puzzle: Puzzle, path: Path, fmt: str | None) -> bool:
        from nonostudio.core.formats import write_file

        if not self._written("Cannot Save", path, lambda: write_file(puzzle, path, fmt)):
            return False
        self.editor.set_modified(False)
        return True

    def paste_dialog(self: MainWindow) -> PasteDialog:
        """The Paste Puzzle String dialog, filled from the clipboard (not yet shown)."""
        from nonostudio.gui.dialogs.paste import PasteDialog

        clipboard = QApplication.clipboard().text().strip()
        return PasteDialog(read_puzzle_text, clipboard if len(clipboard) < 10000 else "", self)

    def paste_puzzle_string(self: MainWindow) -> None:
        """Ask for a puzzle string; a mistake keeps the dialog open with the text and the place
        of the mistake selected."""
        if not self.maybe_save():
            return
        dialog = self.paste_dialog()
        try:
            if dialog.exec() and (puzzle := dialog.puzzle()) is not None:
                self._show_new(puzzle)
        finally:
            dialog.deleteLater()

    def load_text(self: MainWindow, text: str) -> bool:
        try:
            puzzle = read_puzzle_text(text)
        except PuzzleError as exc:
            self.show_error("Cannot Read Puzzle", str(exc))
            return False
        self._show_new(puzzle)
        return True

    def _show_new(self: MainWindow, puzzle: Puzzle) -> None:
        """Show a puzzle that is in no file or library yet, in the Editor, as unsaved work."""
        self.show_puzzle(puzzle, None, None, None)
        self.editor.set_modified(True)
        self.tabs.setCurrentWidget(self.editor)

    def import_image(self: MainWindow) -> None:
        if not self.maybe_save():
            return
        from nonostudio.gui.dialogs.image_import import ImageImportDialog

        dialog = ImageImportDialog(self)
        if dialog.exec() and (puzzle := dialog.puzzle()) is not None:
            self._show_new(puzzle)

    def export_picture(self: MainWindow) -> None:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self.show_error("Cannot Export", NOT_VALID_YET)
            return
        start = Path(self.last_folder, (puzzle.title or "puzzle") + ".png")
        path, _ = QFileDialog.getSaveFileName(self, "Export Picture", str(start), PICTURE_FILTERS)
        if not path:
            return
        with_solution = (
            puzzle.goal is not None
            and QMessageBox.question(
                self,
                "Export Picture",
                "Include the solution in the picture?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                QMessageBox.StandardButton.No,
            )
            == QMessageBox.StandardButton.Yes
        )
        self.export_to(path, with_solution=with_solution)

    def export_to(self: MainWindow, path: str | Path, *, with_solution: bool) -> bool:
        from nonostudio.gui.common.render import export_picture

        puzzle = self.editor.puzzle()
        if puzzle is None:
            return False
        if not self._written(
            "Cannot Export", path, lambda: export_picture(puzzle, path, with_solution=with_solution)
        ):
            return False
        self.last_folder = str(Path(path).parent)
        return True
