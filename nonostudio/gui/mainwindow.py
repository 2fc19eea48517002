"""The main window: editor in the centre, library and check panel in docks, menus and toolbar.

The window owns the *document* (where the current puzzle came from: a file, a library entry or
nowhere) and turns every failure into a message box with the error's text.  Unsaved work is
autosaved a few seconds after each change (:mod:`nonostudio.gui.autosave`) and offered back after
a crash; a banner at the top says when the library cannot be written or had damaged records.
"""

from __future__ import annotations

import logging
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, QSize, Qt, QTimer, QUrl, Signal
from PySide6.QtGui import QCloseEvent, QDesktopServices, QIcon, QPalette, QUndoGroup, QUndoStack
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from nonostudio import __version__
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.autosave import Autosaver, AutosaveStore, Orphan
from nonostudio.gui.editor import EditorView
from nonostudio.gui.file_filters import puzzle_filters
from nonostudio.gui.grid_view import GridView
from nonostudio.gui.library_view import LibraryView
from nonostudio.gui.theme import THEMES, apply_theme
from nonostudio.gui.window_actions import create_actions, install_menus

if TYPE_CHECKING:
    from nonostudio.analysis.difficulty import Grade
    from nonostudio.core.solver import SolveResult
    from nonostudio.gui.check_panel import CheckPanel
    from nonostudio.gui.designer_checks import DesignerPanel
    from nonostudio.gui.difficulty_panel import DifficultyPanel
    from nonostudio.gui.library_fill import LibraryFiller
    from nonostudio.gui.paste_dialog import PasteDialog
    from nonostudio.gui.rule_browser import RuleBrowser
    from nonostudio.gui.solve_view import SolveView

log = logging.getLogger(__name__)

APP_TITLE = "Nonostudio"
PICTURE_FILTERS = "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"


def _local_time(iso: str) -> str:
    """``2026-05-01T10:00:00+00:00`` as the user's local time, e.g. ``2026-05-01 12:00``."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return iso


def read_puzzle_text(text: str) -> Puzzle:
    """A typed or pasted puzzle string (white space around it ignored); raises PuzzleError."""
    from nonostudio.core.formats import read_text

    return read_text(text.strip(), source="pasted text")


SHORT_SCREEN = 800  # window heights below this stack fewer docks on the right


def default_size(window: QWidget) -> tuple[int, int]:
    """1360x860, or less when the screen's free area is smaller (then the window fills it)."""
    width, height = 1360, 860
    screen = window.screen() or QApplication.primaryScreen()
    if screen is not None:
        free = screen.availableGeometry()
        frame = 30  # title bar and borders the window manager adds
        width = min(width, max(640, free.width()))
        height = min(height, max(480, free.height() - frame))
    return width, height


def _loading() -> QLabel:
    label = QLabel("Loading…")
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return label


class _DockScroll(QScrollArea):
    """Scrolls a dock's panel up and down only: the dock cannot be made narrower than the panel's
    minimum width, so its labels wrap instead of being cut off ("Clea…") at the right edge."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        panel = self.widget()
        if panel is None:
            return hint
        width = (panel.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
                 + 2 * self.frameWidth())
        return QSize(max(hint.width(), width), hint.height())


def _scrolled(panel: QWidget) -> QScrollArea:
    """``panel`` in a frameless scroll area, so a short dock can still show all of it."""
    area = _DockScroll()
    area.setWidget(panel)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area


class MainWindow(QMainWindow):
    """The studio window for one puzzle at a time."""

    ready = Signal()  # every tab and panel is built (at once, or after the first paint)
    # Built by finish_start (at once unless ``defer_panels``):
    check_panel: CheckPanel
    solve_view: SolveView
    rule_browser: RuleBrowser
    difficulty_panel: DifficultyPanel
    designer_panel: DesignerPanel

    def __init__(
        self, library: Library, settings: QSettings | None = None, parent: QWidget | None = None,
        *, autosave: AutosaveStore | None = None, defer_panels: bool = False,
    ) -> None:
        """``defer_panels``: build only the editor, the menus and the dock frames now, so the
        window can be shown at once; :meth:`finish_start` (run from the event loop) then lists
        the library and builds the Solve, Rules and Jobs tabs and the right-hand panels."""
        super().__init__(parent)
        self.library = library
        self.settings = settings if settings is not None else QSettings()
        self.path: Path | None = None
        self.file_format: str | None = None
        self.library_id: int | None = None
        self._ready = False
        self._start_steps: list[Any] = []

        self.editor = EditorView()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.editor, "&Editor")
        for title in ("&Solve", "&Rules", "&Jobs"):
            self.tabs.addTab(_loading(), title)
        self.banner = QLabel()
        self.banner.setObjectName("banner")
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.banner.setAccessibleName("Warning")
        self.banner.setFrameShape(QFrame.Shape.StyledPanel)
        self.banner.setMargin(6)
        self.banner.setAutoFillBackground(True)
        self.banner.setBackgroundRole(QPalette.ColorRole.ToolTipBase)
        self.banner.setForegroundRole(QPalette.ColorRole.ToolTipText)
        self.banner.hide()
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.banner)
        central_layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self._autosave_problem: str | None = None
        self._told_cache_failure = False
        self.autosaver = Autosaver(self._autosave_state, autosave or AutosaveStore(), parent=self)
        self.autosaver.failed.connect(self._on_autosave_failed)
        self.autosaver.saved.connect(self._on_autosaved)

        self.library_view = LibraryView(library, load=not defer_panels)
        self.last_folder = str(self.settings.value("last_folder", "", str))
        self.library_dock = self._dock("Library", "libraryDock", self.library_view,
                                       Qt.DockWidgetArea.LeftDockWidgetArea)
        self.check_dock = self._dock("Check", "checkDock", _loading(),
                                     Qt.DockWidgetArea.RightDockWidgetArea)
        self.difficulty_dock = self._dock("Difficulty", "difficultyDock", _loading(),
                                          Qt.DockWidgetArea.RightDockWidgetArea)
        self.designer_dock = self._dock("Designer Checks", "designerDock", _loading(),
                                        Qt.DockWidgetArea.RightDockWidgetArea)
        self.batch_dialog: QDialog | None = None
        self.filler: LibraryFiller | None = None
        self._closing = False

        self.resizeDocks([self.library_dock, self.check_dock], [330, 250],
                         Qt.Orientation.Horizontal)
        # The verdict is a few lines: the panels under it get the height.
        self.resizeDocks([self.check_dock, self.difficulty_dock, self.designer_dock],
                         [140, 420, 300], Qt.Orientation.Vertical)
        # Undo and Redo act on the current tab's edits: the editor's, or the player's grid.
        self.undo_group = QUndoGroup(self)
        self.undo_group.addStack(self.editor.undo_stack())
        self.undo_group.setActiveStack(self.editor.undo_stack())
        self.tabs.currentChanged.connect(lambda _index: self._follow_tab_undo())
        self._guide_dialog: QDialog | None = None
        self._technique_worker: Any = None
        self.commands = create_actions(self)
        install_menus(self, self.commands)

        self.editor.modifiedChanged.connect(self.setWindowModified)
        self.editor.modifiedChanged.connect(self._on_modified_changed)
        self.editor.edited.connect(self._on_edited)
        self.editor.puzzleChanged.connect(self._on_puzzle_changed)
        self.library_view.openRequested.connect(self.open_library_puzzle)
        self.library_view.addCurrentRequested.connect(self.add_to_library)

        size = default_size(self)
        if size[1] < SHORT_SCREEN:
            # A short screen: Difficulty and Designer Checks share the height as two tabs, so
            # each shows its controls (e.g. Apply edit) without scrolling.
            self.tabifyDockWidget(self.difficulty_dock, self.designer_dock)
            self.difficulty_dock.raise_()
        self.resize(*size)
        self._restore_settings()
        self._update_title()
        self.update_banner()
        self._start_steps = [self._build_check, self._build_solve, self._build_rules,
                             self._build_jobs, self._build_difficulty, self._build_designer,
                             self._connect_panels]
        if not defer_panels:
            self.finish_start(step_by_step=False)

    # -- the panels built after the first paint ----------------------------------------------

    def is_ready(self) -> bool:
        """True once every tab and panel is built (see ``defer_panels``)."""
        return self._ready

    def finish_start(self, *, step_by_step: bool = True) -> None:
        """Build what ``defer_panels`` left for later.  Step by step (the default) runs one piece
        per event-loop turn so the window keeps painting; the library listing comes first."""
        if self._ready:
            return
        if step_by_step:
            QTimer.singleShot(0, self._next_start_step)
            return
        while self._start_steps:
            self._start_steps.pop(0)()

    def _next_start_step(self) -> None:
        if self._start_steps:
            self._start_steps.pop(0)()
        if self._start_steps:
            QTimer.singleShot(0, self._next_start_step)

    def _replace_tab(self, index: int, widget: QWidget) -> None:
        title, current = self.tabs.tabText(index), self.tabs.currentIndex()
        old = self.tabs.widget(index)
        blocked = self.tabs.blockSignals(True)
        self.tabs.removeTab(index)
        self.tabs.insertTab(index, widget, title)
        self.tabs.setCurrentIndex(current)
        self.tabs.blockSignals(blocked)
        old.deleteLater()
        if current == index:
            self._follow_tab_undo()

    def _set_dock(self, dock: QDockWidget, widget: QWidget) -> None:
        old = dock.widget()
        dock.setWidget(widget)
        if old is not None:
            old.deleteLater()

    def _build_check(self) -> None:
        from nonostudio.gui.check_panel import CheckPanel

        if not self.library_view.model.loaded():
            self.library_view.refresh()
        self.check_panel = CheckPanel()
        self._set_dock(self.check_dock, self.check_panel)

    def _build_solve(self) -> None:
        from nonostudio.gui.solve_view import SolveView

        self.solve_view = SolveView()
        self._replace_tab(1, self.solve_view)

    def _build_rules(self) -> None:
        from nonostudio.gui.rule_browser import RuleBrowser

        self.rule_browser = RuleBrowser()
        self.rule_browser.set_library(self.library)  # real examples of the techniques
        self._replace_tab(2, self.rule_browser)

    def _build_jobs(self) -> None:
        from nonostudio.gui.jobs_panel import JobsPanel
        from nonostudio.learn.jobs import JobStore

        self.jobs_panel: JobsPanel | None = None
        try:
            self.jobs_panel = JobsPanel(JobStore(), self)
            self._replace_tab(3, self.jobs_panel)
        except (ValueError, OSError, sqlite3.Error) as exc:
            # a damaged or unwritable job store: the studio works without learning
            log.warning("the job store cannot be opened: %s", exc)
            self._replace_tab(3, QLabel(f"Learning runs are unavailable: {exc}", wordWrap=True))

    def _build_difficulty(self) -> None:
        from nonostudio.gui.difficulty_panel import DifficultyPanel

        self.difficulty_panel = DifficultyPanel()
        self._set_dock(self.difficulty_dock, _scrolled(self.difficulty_panel))

    def _build_designer(self) -> None:
        from nonostudio.gui.designer_checks import DesignerPanel

        self.designer_panel = DesignerPanel(self.editor)
        self._set_dock(self.designer_dock, _scrolled(self.designer_panel))

    def _connect_panels(self) -> None:
        self.solve_view.traceReady.connect(self.rule_browser.set_trace)
        self.rule_browser.stepRequested.connect(self.show_step)
        if self.jobs_panel is not None:
            self.jobs_panel.ruleSetChanged.connect(
                lambda rules: self.rule_browser.show_rule_set(rules, measure=False))
            self.jobs_panel.ruleSetSaved.connect(self.rule_browser.add_rule_set)
        self.check_panel.verdictReady.connect(self._on_verdict)
        self.check_panel.alternateRequested.connect(self.editor.show_alternate)
        self.difficulty_panel.gradeReady.connect(self._on_grade)
        self.difficulty_panel.ruleSetChanged.connect(self.designer_panel.set_rule_set)
        if (rule_set := self.difficulty_panel.rule_set()) is not None:
            self.designer_panel.set_rule_set(rule_set.name)
        self._ready = True
        self._on_puzzle_changed(self.editor.puzzle())
        self.ready.emit()

    def _restart_background_checks(self) -> None:
        if self.filler is not None and not self._closing:
            QTimer.singleShot(0, self.filler.start)

    def start_background_checks(self) -> LibraryFiller:
        """Fill the library's Verdict and Difficulty columns in the background (progress under
        the table; stopped when the window closes)."""
        from nonostudio.gui.library_fill import LibraryFiller

        if self.filler is None:
            self.filler = LibraryFiller(self.library, self)
            self.filler.progress.connect(self.library_view.show_fill_progress)
            self.filler.finished.connect(self.library_view.hide_fill_progress)
            self.filler.filled.connect(
                lambda found: self.library_view.model.set_cached(found.id, found.verdict,
                                                                 found.difficulty))
            # puzzles added or changed later (Import Files, Save) are checked too
            self.library_view.model.modelReset.connect(self._restart_background_checks)
        self.filler.start()
        return self.filler

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
        if zoom is not None and str(s.value("editor/fit", "true")).lower() == "false":
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
        s.setValue("editor/fit", "true" if self.editor.grid.is_fit() else "false")
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
        if not self._ready:  # the panels are not built yet; finish_start brings them up to date
            self._update_title()
            return
        self.check_panel.set_puzzle(puzzle)
        self.solve_view.set_puzzle(puzzle)
        self.solve_view.set_library_puzzle(self.library, self.library_id)  # hand progress
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
        if self._ready:  # the Solve view keeps a library puzzle's hand progress there
            self.solve_view.set_library_puzzle(self.library, library_id)
        self._update_title()

    def _error(self, title: str, message: str) -> None:
        QMessageBox.warning(self, title, message)

    def _nothing_made_yet(self) -> bool:
        """A new puzzle that is still blank (only resized, no cell, clue or text): nothing to lose."""
        if self.path is not None or self.library_id is not None:
            return False
        puzzle = self.editor.puzzle()
        return (puzzle is not None and not any(puzzle.rows) and not any(puzzle.cols)
                and not any((puzzle.title, puzzle.author, puzzle.copyright, puzzle.licence)))

    def maybe_save(self) -> bool:
        """Ask what to do with unsaved changes; False means the user cancelled."""
        if not self.editor.is_modified() or self._nothing_made_yet():
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

    # -- autosave and the banner --------------------------------------------------------------

    def _autosave_state(self) -> dict[str, Any] | None:
        """What the autosave keeps: the editor's content and where it came from (None: saved)."""
        if not self.editor.is_modified():
            return None
        return {
            "editor": self.editor.snapshot(),
            "path": None if self.path is None else str(self.path),
            "format": self.file_format,
            "library_id": self.library_id,
        }

    def _on_edited(self) -> None:
        if self.editor.is_modified():
            self.autosaver.schedule()
        else:  # back to the saved state (e.g. by undo): nothing to keep
            self.autosaver.clear()

    def _on_modified_changed(self, modified: bool) -> None:
        if modified:
            self.autosaver.schedule()
        else:  # saved, or replaced by another puzzle after the user said so
            self.autosaver.clear()

    def _on_autosave_failed(self, message: str) -> None:
        if self._autosave_problem is None:
            self.statusBar().showMessage(message, 15000)
        self._autosave_problem = message
        self.update_banner()

    def _on_autosaved(self, _path: str) -> None:
        if self._autosave_problem is not None:
            self._autosave_problem = None
            self.update_banner()

    def restore_autosave(self, state: dict[str, Any]) -> Path | None:
        """Put autosaved work back into the editor (marked unsaved); raises ValueError if damaged.

        Returns this session's autosave file now holding it (None if it could not be written).
        """
        try:
            editor_state = state["editor"]
            path = state.get("path")
            fmt = state.get("format")
            library_id = state.get("library_id")
            if not (isinstance(path, str | None) and isinstance(fmt, str | None)
                    and isinstance(library_id, int | None)):
                raise TypeError("bad document fields")
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"damaged autosave ({exc!r})") from None
        self.editor.restore_snapshot(editor_state)
        self.path = None if path is None else Path(path)
        self.file_format, self.library_id = fmt, library_id
        self._update_title()
        return self.autosaver.save_now()  # this session keeps it from now on

    def offer_restore(self) -> bool:
        """Offer the work an earlier session left unsaved (it crashed or was killed).

        The newest autosave is offered first; once one is restored, the others stay for the next
        start.  Returns True when work was restored.
        """
        orphans = self.autosaver.store.orphans()
        restored = False
        for orphan in orphans:
            if restored:
                orphan.release()
            elif orphan.data is None:
                self._set_aside(orphan)
            else:
                restored = self._ask_restore(orphan)
        return restored

    def _set_aside(self, orphan: Orphan) -> None:
        damaged = orphan.path.with_suffix(".damaged")
        try:
            orphan.path.replace(damaged)
        except OSError:
            damaged = orphan.path
        orphan.release()
        log.warning("unreadable autosave: %s", orphan.problem)
        self._error("Autosave", f"Unsaved work from an earlier session could not be read: "
                    f"{orphan.problem}. The file is kept as {damaged}.")

    def _ask_restore(self, orphan: Orphan) -> bool:
        state = orphan.data or {}
        editor_state = state.get("editor") if isinstance(state.get("editor"), dict) else {}
        meta = editor_state.get("meta") if isinstance(editor_state.get("meta"), dict) else {}
        title = str(meta.get("title") or "").strip() or "Untitled"
        size = f"{editor_state.get('width', '?')}x{editor_state.get('height', '?')}"
        if state.get("path"):
            origin = f", from {state['path']}"
        elif state.get("library_id") is not None:
            origin = ", from the library"
        else:
            origin = ""
        when = f" ({_local_time(orphan.saved_at)})" if orphan.saved_at else ""
        restore, discard = QMessageBox.StandardButton.Open, QMessageBox.StandardButton.Discard
        box = QMessageBox(
            QMessageBox.Icon.Question, "Restore Unsaved Work",
            f"Nonostudio did not close normally last time. Unsaved work was kept{when}:\n\n"
            f"\"{title}\" ({size}{origin})",
            restore | discard, self)
        box.setInformativeText("Restore it into the editor? Discard deletes it.")
        box.button(restore).setText("&Restore")
        box.button(restore).setIcon(QIcon())
        box.setDefaultButton(restore)
        answer = box.exec()
        box.deleteLater()
        if answer != restore.value:
            if answer == discard.value:
                orphan.forget()
            else:
                orphan.release()
            return False
        try:
            kept = self.restore_autosave(state)
        except ValueError as exc:
            orphan.problem = f"{orphan.path}: {exc}"
            self._set_aside(orphan)
            return False
        if kept is not None:
            orphan.forget()
        else:  # this session cannot autosave it: rather offer the old file again next time
            orphan.release()
        return True

    def update_banner(self) -> None:
        """Show (or hide) the bar that says the library cannot be written or lost records."""
        lines: list[str] = []
        library = self.library
        where = self.autosaver.store.describe()
        if getattr(library, "read_only", False):
            reason = str(getattr(library, "read_only_reason", "") or "")
            lines.append(
                "The library is read-only" + (f" ({reason})" if reason else "")
                + f": changes are not saved to it; your unsaved work is kept in {where} until "
                "you save it to a file.")
        elif warning := str(getattr(library, "warning", "") or ""):  # e.g. a full disk
            lines.append(warning)
        skipped = [str(s) for s in (getattr(library, "skipped", None) or [])]
        if skipped:
            first = skipped[0].rstrip(". ") + (
                f"; and {len(skipped) - 1} more" if len(skipped) > 1 else "")
            lines.append(f"{len(skipped)} damaged library record{'s' if len(skipped) > 1 else ''}"
                         f" could not be read and {'are' if len(skipped) > 1 else 'is'} not "
                         f"shown: {first}.")
        if self._autosave_problem:
            lines.append(f"Unsaved work cannot be autosaved: {self._autosave_problem}. Save "
                         "your puzzle to a file.")
        self.banner.setText("\n".join(lines))
        self.banner.setToolTip("\n".join(skipped))
        self.banner.setVisible(bool(lines))

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

    def paste_dialog(self) -> PasteDialog:
        """The Paste Puzzle String dialog, filled from the clipboard (not yet shown)."""
        from nonostudio.gui.paste_dialog import PasteDialog

        clipboard = QApplication.clipboard().text().strip()
        return PasteDialog(read_puzzle_text, clipboard if len(clipboard) < 10000 else "", self)

    def paste_puzzle_string(self) -> None:
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

    def load_text(self, text: str) -> bool:
        try:
            puzzle = read_puzzle_text(text)
        except PuzzleError as exc:
            self._error("Cannot Read Puzzle", str(exc))
            return False
        self._show_new(puzzle)
        return True

    def _show_new(self, puzzle: Puzzle) -> None:
        """Show a puzzle that is in no file or library yet, in the Editor, as unsaved work."""
        self._show(puzzle, None, None, None)
        self.editor.set_modified(True)
        self.tabs.setCurrentWidget(self.editor)

    def import_image(self) -> None:
        if not self.maybe_save():
            return
        from nonostudio.gui.image_import import ImageImportDialog

        dialog = ImageImportDialog(self)
        if dialog.exec() and (puzzle := dialog.puzzle()) is not None:
            self._show_new(puzzle)

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
        self._update_title()
        return id

    def _on_verdict(self, result: SolveResult) -> None:
        """Cache a decided verdict for the library puzzle on screen (if unchanged since loading)."""
        from nonostudio.core.solver import Verdict

        if (self.library_id is None or result.verdict is Verdict.UNDECIDED
                or self.editor.is_modified()):
            return
        try:
            self.library.set_verdict(self.library_id, result.verdict.label)
        except LibraryError as exc:
            self._cache_failed("verdict", exc)
            return
        self.library_view.refresh()
        self.library_view.select_id(self.library_id)
        self.update_banner()

    def _on_grade(self, result: Grade) -> None:
        """Cache the difficulty label of the library puzzle on screen (if unchanged since loading)."""
        if self.library_id is None or self.editor.is_modified():
            return
        try:
            self.library.set_difficulty(self.library_id, result.label)
        except LibraryError as exc:
            self._cache_failed("difficulty", exc)
            return
        self.library_view.refresh()
        self.library_view.select_id(self.library_id)
        self.update_banner()

    def _library_write_failed(self, title: str, exc: LibraryError) -> None:
        """A save the user asked for failed: say so; the editor (and autosave) keep the work."""
        log.warning("library write failed: %s", exc)
        self.update_banner()
        self._error(title, f"{exc}\n\nThe puzzle stays open in the editor and is autosaved "
                    f"in {self.autosaver.store.describe()}; use Save As to keep it in a file.")

    def _cache_failed(self, what: str, exc: LibraryError) -> None:
        """Background caching failed: a status-bar note the first time, the log every time."""
        log.info("the %s could not be stored in the library: %s", what, exc)
        self.update_banner()
        if not self._told_cache_failure:
            self._told_cache_failure = True
            self.statusBar().showMessage(
                f"The {what} could not be stored in the library: {exc}", 15000)

    def grade_folder(self) -> None:
        """Open the batch grading window (one at a time, kept while the studio runs)."""
        from nonostudio.gui.batch_grade import BatchGradeDialog

        if self.batch_dialog is None:
            self.batch_dialog = BatchGradeDialog(self, self.last_folder)
        self.batch_dialog.show()
        self.batch_dialog.raise_()

    # -- zoom and undo follow the view in use ------------------------------------------------

    def active_grid(self) -> GridView:
        """The grid the View menu acts on: the one with the keyboard focus, else the first grid
        shown in the current tab, else the editor's."""
        widget = QApplication.focusWidget()
        while widget is not None:
            if isinstance(widget, GridView) and widget.window() is self and widget.isVisible():
                return widget
            widget = widget.parentWidget()
        page = self.tabs.currentWidget()
        if page is not None:
            main = getattr(page, "grid", None)  # the page's own grid (Editor, Solve) first
            for grid in ([main] if isinstance(main, GridView) else []) + page.findChildren(
                    GridView):
                if grid.isVisibleTo(page):
                    return grid
        return self.editor.grid

    def zoom_in(self) -> None:
        self.active_grid().zoom_in()

    def zoom_out(self) -> None:
        self.active_grid().zoom_out()

    def fit_to_window(self) -> None:
        self.active_grid().fit_to_window()

    def zoom_reset(self) -> None:
        self.active_grid().zoom_reset()

    def active_undo_stack(self) -> QUndoStack:
        """The stack Undo and Redo act on: the current tab's grid's (the player's moves in the
        Solve tab), else the editor's."""
        return self.undo_group.activeStack() or self.editor.undo_stack()

    def _follow_tab_undo(self) -> None:
        page = self.tabs.currentWidget()
        stack = self.editor.undo_stack()
        if page is not self.editor and page is not None:
            main = getattr(page, "grid", None)
            grids = [main] if isinstance(main, GridView) else page.findChildren(GridView)
            if grids:
                stack = grids[0].undo_stack()
        if stack not in self.undo_group.stacks():
            self.undo_group.addStack(stack)
        self.undo_group.setActiveStack(stack)

    def show_step(self, step: int) -> None:
        """Show the solving view at ``step`` (1-based) of its trace."""
        self.finish_start(step_by_step=False)
        self.tabs.setCurrentWidget(self.solve_view)
        self.solve_view.go_to(step)

    # -- help and closing --------------------------------------------------------------------

    def show_guide(self) -> QDialog:
        """Help → Nonostudio Guide: the built-in guide, beside the window (one at a time)."""
        from nonostudio.gui.help import guide_dialog

        if self._guide_dialog is None:
            self._guide_dialog = guide_dialog(self)
        self._guide_dialog.show()
        if QApplication.platformName() != "offscreen":  # (it has no stacking order to change)
            self._guide_dialog.raise_()
        return self._guide_dialog

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """``(where, command, keys)`` of every command with a shortcut, read from the actions."""
        from nonostudio.gui.help import shortcut_rows

        places: list[tuple[str, QWidget]] = [
            ("Anywhere", self), (self.tabs.tabText(self.tabs.indexOf(self.solve_view))
                                 .replace("&", "") + " tab", self.solve_view),
            ("Library", self.library_view)]
        pairs = [("Anywhere", a) for a in self.commands.all()]
        for where, widget in places[1:]:
            pairs.extend((where, a) for a in widget.actions())
        return shortcut_rows(pairs)

    def show_shortcuts(self) -> QDialog:
        """Help → Keyboard Shortcuts, made from the actions themselves."""
        from nonostudio.gui.help import shortcuts_dialog

        dialog = shortcuts_dialog(self.shortcut_rows(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def open_technique_guide(self) -> None:
        """Help → Technique Guide: write the strategy guide once (in the background) and open it
        in the web browser."""
        from nonostudio.gui.help import technique_guide_path, write_technique_guide
        from nonostudio.gui.workers import run_in_background

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
            self._error("Technique Guide", f"The technique guide could not be written to "
                        f"{path}: {message}")

        self._technique_worker = run_in_background(
            lambda progress, stop: write_technique_guide(path, progress, stop),
            on_result=done, on_error=failed)

    def _open_url(self, path: Path) -> None:
        """Open the guide in the web browser; without one, show it in a window of its own."""
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            return
        from nonostudio.gui.help import page_dialog

        try:
            page = path.read_text(encoding="utf-8")
        except OSError as exc:
            self._error("Technique Guide", f"{path}: {exc.strerror or exc}")
            return
        dialog = page_dialog(self, "Technique Guide", page, "techniqueGuideDialog")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.resize(820, 640)
        dialog.show()
        self.statusBar().showMessage(f"No web browser was found: the technique guide is shown "
                                     f"here (the file is {path})", 15000)

    def about(self) -> None:
        QMessageBox.about(
            self, f"About {APP_TITLE}",
            f"<h3>{APP_TITLE} {__version__}</h3>"
            "<p>A studio for analysing nonogram puzzles: edit, check uniqueness and difficulty, "
            "and learn solving rules.</p>"
            "<p>Licensed under the GNU GPL, version 3 or later. Sample puzzles keep their "
            "authors' licences (see each puzzle's licence field).</p>",
        )

    def open_log_folder(self) -> bool:
        """Help → Open Log Folder: the folder of the rotating log file, in the file manager."""
        from nonostudio.gui.crash import open_log_folder

        return open_log_folder(self)

    def cancel_background(self) -> None:
        """Stop every background job the window started (closing, or the studio ending)."""
        self._closing = True
        self._start_steps.clear()
        if self.filler is not None:
            self.filler.cancel()
        if self._technique_worker is not None:
            self._technique_worker.cancel()
        for name in ("check_panel", "solve_view", "rule_browser", "difficulty_panel",
                     "designer_panel"):
            if (panel := getattr(self, name, None)) is not None:
                panel.cancel()
        if (jobs := getattr(self, "jobs_panel", None)) is not None:
            jobs.cancel_all()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.maybe_save():
            event.ignore()
            return
        self.autosaver.close()  # saved or discarded: nothing left to restore
        self.cancel_background()
        if self.batch_dialog is not None:
            self.batch_dialog.done(0)
        self.save_settings()
        event.accept()
