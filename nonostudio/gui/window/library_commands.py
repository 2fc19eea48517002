"""The main window and the puzzle library: adding the puzzle on screen, caching its verdict and
difficulty, filling those columns in the background, batch grading, and saying when the library
cannot be written.

:class:`LibraryCommands` is mixed into :class:`nonostudio.gui.window.main_window.MainWindow`; its
one concern is writing to the library.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer

from nonostudio.core.library import LibraryError

if TYPE_CHECKING:
    from nonostudio.analysis.difficulty import Grade
    from nonostudio.core.solver import SolveResult
    from nonostudio.gui.library.fill import LibraryFiller
    from nonostudio.gui.window.main_window import MainWindow

log = logging.getLogger(__name__)


class LibraryCommands:
    """Library writes of the window, and what it says when they fail."""

    def add_to_library(self: MainWindow) -> int | None:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self.show_error("Cannot Add Puzzle", "The clues are not valid yet; correct them first.")
            return None
        try:
            id = self.library.add(puzzle, source=str(self.path) if self.path else "")
        except LibraryError as exc:
            self._library_write_failed("Cannot Add Puzzle", exc)
            return None
        self.library_view.refresh()
        self.library_view.select_id(id)
        self.update_banner()
        self.path, self.file_format, self.library_id = None, None, id
        self.editor.set_modified(False)
        self.update_title()
        return id

    def cache_verdict(self: MainWindow, result: SolveResult) -> None:
        """Cache a decided verdict for the library puzzle on screen (if unchanged since loading)."""
        from nonostudio.core.solver import Verdict

        if result.verdict is not Verdict.UNDECIDED:
            self._cache("verdict", lambda id: self.library.set_verdict(id, result.verdict.label))

    def cache_grade(self: MainWindow, result: Grade) -> None:
        """Cache the difficulty label of the library puzzle on screen (if unchanged since
        loading)."""
        self._cache("difficulty", lambda id: self.library.set_difficulty(id, result.label))

    def _cache(self: MainWindow, what: str, store: Callable[[int], object]) -> None:
        if self.library_id is None or self.editor.is_modified():
            return
        try:
            store(self.library_id)
        except LibraryError as exc:
            self._cache_failed(what, exc)
            return
        self.library_view.refresh()
        self.library_view.select_id(self.library_id)
        self.update_banner()

    def _library_write_failed(self: MainWindow, title: str, exc: LibraryError) -> None:
        """A save the user asked for failed: say so; the editor (and autosave) keep the work."""
        log.warning("library write failed: %s", exc)
        self.update_banner()
        self.show_error(
            title,
            f"{exc}\n\nThe puzzle stays open in the editor and is autosaved "
            f"in {self.autosaver.store.describe()}; use Save As to keep it in a file.",
        )

    def _cache_failed(self: MainWindow, what: str, exc: LibraryError) -> None:
        """Background caching failed: a status-bar note the first time, the log every time."""
        log.info("the %s could not be stored in the library: %s", what, exc)
        self.update_banner()
        if not self._told_cache_failure:
            self._told_cache_failure = True
            self.statusBar().showMessage(
                f"The {what} could not be stored in the library: {exc}", 15000
            )

    def start_background_checks(self: MainWindow) -> LibraryFiller:
        """Fill the library's Verdict and Difficulty columns in the background (progress under
        the table; stopped when the window closes)."""
        from nonostudio.gui.library.fill import LibraryFiller

        if self.filler is None:
            self.filler = LibraryFiller(self.library, self)
            self.filler.progress.connect(self.library_view.show_fill_progress)
            self.filler.finished.connect(self.library_view.hide_fill_progress)
            self.filler.filled.connect(
                lambda found: self.library_view.model.set_cached(
                    found.id, found.verdict, found.difficulty
                )
            )
            # puzzles added or changed later (Import Files, Save) are checked too
            self.library_view.model.modelReset.connect(self._restart_background_checks)
        self.filler.start()
        return self.filler

    def _restart_background_checks(self: MainWindow) -> None:
        if self.filler is not None and not self._closing:
            QTimer.singleShot(0, self.filler.start)

    def grade_folder(self: MainWindow) -> None:
        """Open the batch grading window (one at a time, kept while the studio runs)."""
        from nonostudio.gui.library.batch_grade import BatchGradeDialog

        if self.batch_dialog is None:
            self.batch_dialog = BatchGradeDialog(self, self.last_folder)
        self.batch_dialog.show()
        self.batch_dialog.raise_()
