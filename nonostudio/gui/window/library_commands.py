"""The main window and the puzzle library (:class:`LibraryCommands`, a part of the window):
adding the puzzle on screen, caching its verdict and difficulty, filling those columns in the
background, batch grading, and saying when the library cannot be written."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QWidget

from nonostudio.core.library import Library, LibraryError
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.library.importing import titled_after_file
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.window.document import Document
from nonostudio.gui.window.file_commands import FileCommands

if TYPE_CHECKING:
    from nonostudio.analysis.colour.grade import ColourGrade
    from nonostudio.analysis.grades.difficulty import Grade
    from nonostudio.core.solver import SolveResult
    from nonostudio.gui.library.batch_grade import BatchGradeDialog
    from nonostudio.gui.library.fill import LibraryFiller

log = logging.getLogger(__name__)

RESTART_CHECKS_MS = 50  # the background checks start again this long after the listing changed


class LibraryCommands(QObject):
    """Library writes of the window, and what it says when they fail."""

    failed = Signal(str, str)  # title, message: for the window's error box
    status = Signal(str, int)  # a status-bar message and its time in ms
    libraryChanged = Signal()  # written, or found unwritable: the warning banner is due

    def __init__(
        self,
        parent: QWidget,
        editor: EditorView,
        library: Library,
        library_view: LibraryView,
        files: FileCommands,
        autosaved_in: Callable[[], str],
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self._editor = editor
        self._library = library
        self._view = library_view
        self._files = files
        self._autosaved_in = autosaved_in  # where the autosave keeps the work, in words
        self.filler: LibraryFiller | None = None
        self.batch_dialog: BatchGradeDialog | None = None
        self._told_cache_failure = False
        self._closing = False
        files.libraryWriteFailed.connect(self.write_failed)

    def add_to_library(self) -> int | None:
        puzzle = self._files.current_puzzle()  # black and white, or colour
        if puzzle is None:
            self.failed.emit(
                "Cannot Add Puzzle", "The clues are not valid yet; correct them first."
            )
            return None
        path = self._files.document.path
        titled = titled_after_file(puzzle, path)  # as Import Files names it
        try:
            id = self._library.add(titled, source=str(path) if path else "")
        except LibraryError as exc:
            self.write_failed("Cannot Add Puzzle", exc)
            return None
        self._view.show_stored(id)  # its row alone, not the whole listing again
        self.libraryChanged.emit()
        if titled.title != puzzle.title:  # the editor says the title the entry has
            self._files.set_title(titled.title)
        self._files.set_modified(False)
        self._files.set_document(Document.library_entry(id))
        return id

    def cache_verdict(self, result: SolveResult) -> None:
        """Cache a decided verdict for the library puzzle on screen (if unchanged since loading)."""
        from nonostudio.core.solver import Verdict

        if result.verdict is not Verdict.UNDECIDED:
            label = result.verdict.label
            self._cache("verdict", lambda id: self._library.set_verdict(id, label), verdict=label)

    def cache_grade(self, result: Grade | ColourGrade) -> None:
        """Cache the difficulty label of the library puzzle on screen (if unchanged since
        loading); a colour grade stopped before its end (Undecided) is not kept, nor a grade of
        the other kind than the puzzle on screen (the black-and-white panel's grade of the
        puzzle shown before a colour one was opened lands after it), nor a black-and-white
        grade the library does not list (another rule set's, or one stopped at the time limit:
        :attr:`~nonostudio.analysis.grades.difficulty.Grade.listed_label`)."""
        from nonostudio.analysis.colour.grade import ColourGrade

        if isinstance(result, ColourGrade) != self._files.is_colour():
            return
        if isinstance(result, ColourGrade):
            if result.cancelled or result.label == "Undecided":
                return
            label = result.label
        elif not (label := result.listed_label):
            return
        self._cache(
            "difficulty", lambda id: self._library.set_difficulty(id, label), difficulty=label
        )

    def _cache(
        self, what: str, store: Callable[[int], object], *, verdict: str = "", difficulty: str = ""
    ) -> None:
        """Store a result for the library puzzle on screen and show it in its row (the listing
        is not read again: on 10,000 puzzles that took ~50-100 ms of the GUI thread, twice for
        each puzzle opened).  The table's selection is left as the person has it: the result
        comes seconds after the puzzle was opened (a grade: 3.8 s for Forever), and selecting
        the puzzle on screen again then undid the row they had selected since."""
        library_id = self._files.document.library_id
        if library_id is None or self._files.is_modified():  # the editor holding the puzzle
            return
        try:
            store(library_id)
        except LibraryError as exc:
            self._cache_failed(what, exc)
            return
        model = self._view.model
        if not model.set_cached(library_id, verdict, difficulty) and not model.reading():
            # not listed: the listing is read (one being read shows it), the rows selected kept
            self._view.refresh_keeping_selection()
        # (the selection is the person's: the puzzle on screen was selected again when its
        # grade came, seconds after End or a click had selected another)
        self.libraryChanged.emit()

    def write_failed(self, title: str, exc: LibraryError) -> None:
        """A save the user asked for failed: say so; the editor (and autosave) keep the work."""
        log.warning("library write failed: %s", exc)
        self.libraryChanged.emit()
        self.failed.emit(
            title,
            f"{exc}\n\nThe puzzle stays open in the editor and is autosaved "
            f"in {self._autosaved_in()}; use Save As to keep it in a file.",
        )

    def _cache_failed(self, what: str, exc: LibraryError) -> None:
        """Background caching failed: a status-bar note the first time, the log every time."""
        log.info("the %s could not be stored in the library: %s", what, exc)
        self.libraryChanged.emit()
        if not self._told_cache_failure:
            self._told_cache_failure = True
            self.status.emit(f"The {what} could not be stored in the library: {exc}", 15000)

    def start_background_checks(self) -> LibraryFiller:
        """Fill the library's Verdict and Difficulty columns in the background (progress under
        the table; stopped when the window closes)."""
        from nonostudio.gui.library.fill import LibraryFiller

        if self.filler is None:
            self.filler = LibraryFiller(self._library, self._parent)
            self._view.follow_filler(self.filler)
            self.filler.storeFailed.connect(
                lambda exc: self._cache_failed("results of the background checks", exc)
            )
            # puzzles added or changed later (Import Files, Save) are checked too
            self._view.model.modelReset.connect(self._restart_background_checks)
            self._view.model.rowsStored.connect(self._restart_background_checks)
        self._checks_from_listing()
        return self.filler

    def _restart_background_checks(self) -> None:
        """The listing changed: the checks take up its puzzles, from the rows the view just read
        (a big library is not read twice: 10,000 puzzles take ~0.1 s), after a pause in which
        the window paints them."""
        if self.filler is not None and not self._closing:
            QTimer.singleShot(RESTART_CHECKS_MS, self._checks_from_listing)

    def _checks_from_listing(self) -> None:
        """Start the checks on the listing the view shows, if it has read one (else they read
        it themselves)."""
        model = self._view.model
        if self.filler is None or self._closing or model.reading():
            return  # (a listing being read in the background: they start once it is shown)
        if model.read_failure:  # not read in the background: nor here (it would hold the
            return  # window); they start from the rows Retry shows
        if model.problem or not model.loaded():  # not read (or not yet): no rows to go by
            self.filler.start()
        else:
            self.filler.start(sorted(model.rows(), key=lambda entry: entry.id))

    def grade_folder(self) -> None:
        """Open the batch grading window (one at a time, kept while the studio runs)."""
        from nonostudio.gui.library.batch_grade import BatchGradeDialog

        if self.batch_dialog is None:
            self.batch_dialog = BatchGradeDialog(self._parent, self._view.last_folder)
        self.batch_dialog.show()
        self.batch_dialog.raise_()

    def stop(self) -> None:
        """Stop the background checks for good (the window is closing)."""
        self._closing = True
        if self.filler is not None:
            self.filler.cancel()
        self._view.model.cancel_thumbnails()
        self._view.importer.stop()

    def close_dialogs(self) -> None:
        if self.batch_dialog is not None:
            self.batch_dialog.done(0)
