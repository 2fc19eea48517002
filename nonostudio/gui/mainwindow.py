"""The main window: editor in the centre, library and check panel in docks, menus and toolbar.

The window owns the *document* (where the current puzzle came from: a file, a library entry or
nowhere) and turns every failure into a message box with the error's text.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from nonostudio import __version__
from nonostudio.analysis.difficulty import Grade
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict
from nonostudio.gui.check_panel import CheckPanel
from nonostudio.gui.designer_checks import DesignerPanel
from nonostudio.gui.difficulty_panel import DifficultyPanel
from nonostudio.gui.editor import EditorView
from nonostudio.gui.file_filters import puzzle_filters
from nonostudio.gui.jobs_panel import JobsPanel
from nonostudio.gui.library_view import LibraryView
from nonostudio.gui.rule_browser import RuleBrowser
from nonostudio.gui.solve_view import SolveView
from nonostudio.gui.theme import THEMES, apply_theme
from nonostudio.gui.window_actions import create_actions, install_menus
from nonostudio.learn.jobs import JobStore

APP_TITLE = "Nonostudio"
PICTURE_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"


def _scrolled(panel: QWidget) -> QScrollArea:
    """``panel`` in a frameless scroll area, so a narrow dock can still show it."""
    area = QScrollArea()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


class MainWindow(QMainWindow):
    """The studio window for one puzzle at a time."""

    def __init__(
        self, library: Library, settings: QSettings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.settings = settings if settings is not None else QSettings()
        self.path: Path | None = None
        self.file_format: str | None = None
        self.library_id: int | None = None

        self.editor = EditorView()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.editor, "&Editor")
        self.solve_view = SolveView()
        self.tabs.addTab(self.solve_view, "&Solve")
        self.rule_browser = RuleBrowser()
        self.tabs.addTab(self.rule_browser, "&Rules")
        self.jobs_panel: JobsPanel | None = None
        try:
            self.jobs_panel = JobsPanel(JobStore(), self)
            self.tabs.addTab(self.jobs_panel, "&Jobs")
        except ValueError as exc:  # a damaged job store: the studio works without learning
            self.tabs.addTab(QLabel(f"Learning runs are unavailable: {exc}", wordWrap=True),
                             "&Jobs")
        self.setCentralWidget(self.tabs)

        self.library_view = LibraryView(library)
        self.last_folder = str(self.settings.value("last_folder", "", str))
        self.library_dock = self._dock("Library", "libraryDock", self.library_view,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self.check_panel = CheckPanel()
        self.check_dock = self._dock("Check", "checkDock", self.check_panel,
                                     Qt.DockWidgetArea.RightDockWidgetArea)

        self.difficulty_panel = DifficultyPanel()
        self.difficulty_dock = self._dock("Difficulty", "difficultyDock",
                                          _scrolled(self.difficulty_panel),
                                          Qt.DockWidgetArea.RightDockWidgetArea)
        self.designer_panel = DesignerPanel(self.editor)
        self.designer_dock = self._dock("Designer Checks", "designerDock",
                                        _scrolled(self.designer_panel),
                                        Qt.DockWidgetArea.RightDockWidgetArea)
        self.batch_dialog: QDialog | None = None

        self.resizeDocks([self.library_dock, self.check_dock], [330, 230],
                         Qt.Orientation.Horizontal)
        self.commands = create_actions(self)
        install_menus(self, self.commands)

        self.editor.modifiedChanged.connect(self.setWindowModified)
        self.solve_view.traceReady.connect(self.rule_browser.set_trace)
        self.rule_browser.stepRequested.connect(self.show_step)
        if self.jobs_panel is not None:
            self.jobs_panel.ruleSetChanged.connect(
                lambda rules: self.rule_browser.show_rule_set(rules, measure=False))
            self.jobs_panel.ruleSetSaved.connect(self.rule_browser.add_rule_set)
        self.editor.puzzleChanged.connect(self._on_puzzle_changed)
        self.check_panel.verdictReady.connect(self._on_verdict)
        self.check_panel.alternateRequested.connect(self.editor.show_alternate)
        self.library_view.openRequested.connect(self.open_library_puzzle)
        self.library_view.addCurrentRequested.connect(self.add_to_library)
        self.difficulty_panel.gradeReady.connect(self._on_grade)
        self.difficulty_panel.ruleSetChanged.connect(self.designer_panel.set_rule_set)
        if (rule_set := self.difficulty_panel.rule_set()) is not None:
            self.designer_panel.set_rule_set(rule_set.name)

        self.resize(1360, 860)
        self._restore_settings()
        self._on_puzzle_changed(self.editor.puzzle())

    # -- construction ------------------------------------------------------------------------

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    @property
    def last_folder(self) -> str:
        """The folder of the last file opened, saved or imported (shared with the library panel)."""
        return self.library_view.last_folder

    @last_folder.setter
    def last_folder(self, folder: str) -> None:
        self.library_view.last_folder = folder

    # -- settings ----------------------------------------------------------------------------

    def _restore_settings(self) -> None:
        s = self.settings
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray):
            self.restoreGeometry(geometry)
        state = s.value("window/state")
        if isinstance(state, QByteArray):
            self.restoreState(state)
        zoom = s.value("editor/zoom", None)
        if zoom is not None:
            try:
                self.editor.set_zoom(float(zoom))
            except (TypeError, ValueError):
                s.remove("editor/zoom")
        theme = str(s.value("view/theme", "system"))
        self.set_theme(theme if theme in THEMES else "system")

    def save_settings(self) -> None:
        s = self.settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("editor/zoom", self.editor.zoom())
        s.setValue("last_folder", self.last_folder)
        s.setValue("view/theme", self.theme())
        s.sync()

    def theme(self) -> str:
        return next((t for t, a in self.commands.themes.items() if a.isChecked()), "system")

    def set_theme(self, theme: str) -> None:
        self.commands.themes[theme].setChecked(True)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)

    # -- document state ----------------------------------------------------------------------

    def _on_puzzle_changed(self, puzzle: Puzzle | None) -> None:
        self.check_panel.set_puzzle(puzzle)
        self.solve_view.set_puzzle(puzzle)
        self.difficulty_panel.set_puzzle(puzzle)
        for action in (self.commands.save, self.commands.save_as, self.commands.export):
            action.setEnabled(puzzle is not None)
        self._update_title()

    def _update_title(self) -> None:
        puzzle = self.editor.puzzle()
        if self.path is not None:
            name = self.path.name
        elif puzzle is not None and puzzle.title:
            name = puzzle.title
        else:
            name = "Untitled"
        self.setWindowTitle(f"{name}[*] — {APP_TITLE}")
        self.setWindowModified(self.editor.is_modified())

    def _show(self, puzzle: Puzzle, path: Path | None, fmt: str | None, library_id: int | None
              ) -> None:
        self.editor.set_puzzle(puzzle)
        self.editor.set_modified(False)
        self.path, self.file_format, self.library_id = path, fmt, library_id
        self._update_title()

    def _error(self, title: str, message: str) -> None:
        QMessageBox.warning(self, title, message)

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        if not self.editor.is_modified():
            return True
        answer = QMessageBox.question(
            self, "Unsaved Changes", "The puzzle has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    # -- file commands -----------------------------------------------------------------------

    def new_puzzle(self) -> None:
        if not self.maybe_save():
            return
        current = self.editor.puzzle()
        width, height = (current.width, current.height) if current is not None else (10, 10)
        self.editor.new_puzzle(width, height)
        self.editor.set_modified(False)
        self.path = self.file_format = self.library_id = None
        self._update_title()

    def choose_and_open(self) -> None:
        if not self.maybe_save():
            return
        filters, _ = puzzle_filters(writing=False)
        path, _ = QFileDialog.getOpenFileName(self, "Open Puzzle", self.last_folder,
                                              ";;".join(filters))
        if path:
            self.open_file(path, ask=False)

    def open_file(self, path: str | Path, *, ask: bool = True) -> bool:
        """Open a puzzle file; errors are shown to the user. Returns True when it was opened."""
        if ask and not self.maybe_save():
            return False
        try:
            self.load_file(path)
        except PuzzleError as exc:
            self._error("Cannot Open Puzzle", str(exc))
            return False
        return True

    def load_file(self, path: str | Path) -> None:
        """Show the puzzle in ``path`` without asking anything; raises PuzzleError."""
        from nonostudio.core.formats import FORMATS, detect_format, read_file

        path = Path(path)
        puzzle = read_file(path)
        fmt = detect_format(path)
        writable = {f.name for f in FORMATS if f.can_write and f.extensions}
        self.last_folder = str(path.parent)
        self._show(puzzle, path, fmt if fmt in writable else None, None)

    def open_library_puzzle(self, id: int) -> bool:
        if not self.maybe_save():
            return False
        try:
            puzzle = self.library.get(id)
        except (PuzzleError, LibraryError) as exc:
            self._error("Cannot Open Puzzle", str(exc))
            return False
        self._show(puzzle, None, None, id)
        return True

    def save(self) -> bool:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self._error("Cannot Save", "The clues are not valid yet; correct them first.")
            return False
        if self.path is None and self.library_id is not None:
            try:
                self.library.update(self.library_id, puzzle)
            except LibraryError as exc:
                self._error("Cannot Save", str(exc))
                return False
            self.library_view.refresh()
            self.library_view.select_id(self.library_id)
            self.editor.set_modified(False)
            return True
        if self.path is None or self.file_format is None:
            return self.save_as()
        return self._write(puzzle, self.path, self.file_format)

    def save_as(self) -> bool:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self._error("Cannot Save", "The clues are not valid yet; correct them first.")
            return False
        filters, by_filter = puzzle_filters(writing=True)
        start = self.path or Path(self.last_folder, (puzzle.title or "puzzle") + ".non")
        path, chosen = QFileDialog.getSaveFileName(self, "Save Puzzle As", str(start),
                                                   ";;".join(filters), filters[0])
        if not path:
            return False
        return self.save_to(path, by_filter.get(chosen))

    def save_to(self, path: str | Path, fmt: str | None = None) -> bool:
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
            fmt = next((f.name for f in FORMATS if f.can_write and path.suffix.lower()
                        in f.extensions), None)
        if not self._write(puzzle, path, fmt):
            return False
        self.path, self.file_format, self.library_id = path, fmt, None
        self.last_folder = str(path.parent)
        self._update_title()
        return True

    def _write(self, puzzle: Puzzle, path: Path, fmt: str | None) -> bool:
        from nonostudio.core.formats import write_file

        try:
            write_file(puzzle, path, fmt)
        except PuzzleError as exc:
            self._error("Cannot Save", str(exc))
            return False
        except OSError as exc:
            self._error("Cannot Save", f"{path}: {exc.strerror or exc}")
            return False
        self.editor.set_modified(False)
        return True

    def paste_puzzle_string(self) -> None:
        if not self.maybe_save():
            return
        clipboard = QApplication.clipboard().text().strip()
        text, ok = QInputDialog.getMultiLineText(
            self, "Paste Puzzle String",
            "Puzzle string (rows-columns, e.g. 1:1,1-2:1:1) or Simon Tatham game id:",
            clipboard if len(clipboard) < 10000 else "",
        )
        if ok and text.strip():
            self.load_text(text)

    def load_text(self, text: str) -> bool:
        from nonostudio.core.formats import read_text

        try:
            puzzle = read_text(text.strip(), source="pasted text")
        except PuzzleError as exc:
            self._error("Cannot Read Puzzle", str(exc))
            return False
        self._show(puzzle, None, None, None)
        self.editor.set_modified(True)
        return True

    def import_image(self) -> None:
        if not self.maybe_save():
            return
        from nonostudio.gui.image_import import ImageImportDialog

        dialog = ImageImportDialog(self)
        if dialog.exec() and (puzzle := dialog.puzzle()) is not None:
            self._show(puzzle, None, None, None)
            self.editor.set_modified(True)

    def export_picture(self) -> None:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self._error("Cannot Export", "The clues are not valid yet; correct them first.")
            return
        start = Path(self.last_folder, (puzzle.title or "puzzle") + ".png")
        path, _ = QFileDialog.getSaveFileName(self, "Export Picture", str(start), PICTURE_FILTERS)
        if not path:
            return
        with_solution = puzzle.goal is not None and QMessageBox.question(
            self, "Export Picture", "Include the solution in the picture?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No,
        ) == QMessageBox.StandardButton.Yes
        self.export_to(path, with_solution=with_solution)

    def export_to(self, path: str | Path, *, with_solution: bool) -> bool:
        from nonostudio.gui.render import export_picture

        puzzle = self.editor.puzzle()
        if puzzle is None:
            return False
        try:
            export_picture(puzzle, path, with_solution=with_solution)
        except PuzzleError as exc:
            self._error("Cannot Export", str(exc))
            return False
        except OSError as exc:
            self._error("Cannot Export", f"{path}: {exc.strerror or exc}")
            return False
        self.last_folder = str(Path(path).parent)
        return True

    # -- library -----------------------------------------------------------------------------

    def add_to_library(self) -> int | None:
        puzzle = self.editor.puzzle()
        if puzzle is None:
            self._error("Cannot Add Puzzle", "The clues are not valid yet; correct them first.")
            return None
        id = self.library.add(puzzle, source=str(self.path) if self.path else "")
        self.library_view.refresh()
        self.library_view.select_id(id)
        self.path, self.file_format, self.library_id = None, None, id
        self.editor.set_modified(False)
        self._update_title()
        return id

    def _on_verdict(self, result: SolveResult) -> None:
        """Cache a decided verdict for the library puzzle on screen (if unchanged since loading)."""
        if (self.library_id is None or result.verdict is Verdict.UNDECIDED
                or self.editor.is_modified()):
            return
        try:
            self.library.set_verdict(self.library_id, result.verdict.label)
        except LibraryError:
            return  # the entry was deleted meanwhile; nothing to cache
        self.library_view.refresh()
        self.library_view.select_id(self.library_id)

    def _on_grade(self, result: Grade) -> None:
        """Cache the difficulty label of the library puzzle on screen (if unchanged since loading)."""
        if self.library_id is None or self.editor.is_modified():
            return
        try:
            self.library.set_difficulty(self.library_id, result.label)
        except LibraryError:
            return  # the entry was deleted meanwhile; nothing to cache
        self.library_view.refresh()
        self.library_view.select_id(self.library_id)

    def grade_folder(self) -> None:
        """Open the batch grading window (one at a time, kept while the studio runs)."""
        from nonostudio.gui.batch_grade import BatchGradeDialog

        if self.batch_dialog is None:
            self.batch_dialog = BatchGradeDialog(self, self.last_folder)
        self.batch_dialog.show()
        self.batch_dialog.raise_()

    def show_step(self, step: int) -> None:
        """Show the solving view at ``step`` (1-based) of its trace."""
        self.tabs.setCurrentWidget(self.solve_view)
        self.solve_view.go_to(step)

    # -- help and closing --------------------------------------------------------------------

    def about(self) -> None:
        QMessageBox.about(
            self, f"About {APP_TITLE}",
            f"<h3>{APP_TITLE} {__version__}</h3>"
            "<p>A studio for analysing nonogram puzzles: edit, check uniqueness and difficulty, "
            "and learn solving rules.</p>"
            "<p>Licensed under the GNU GPL, version 3 or later. Sample puzzles keep their "
            "authors' licences (see each puzzle's licence field).</p>",
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.check_panel.cancel()
        self.solve_view.cancel()
        self.rule_browser.cancel()
        self.difficulty_panel.cancel()
        self.designer_panel.cancel()
        if self.jobs_panel is not None:
            self.jobs_panel.cancel_all()
        if self.batch_dialog is not None:
            self.batch_dialog.done(0)
        self.save_settings()
        event.accept()
