"""The main window: editor in the centre, library and check panel in docks, menus and toolbar.

The window is the hub of its parts, which report through signals: the command records
(:mod:`~nonostudio.gui.window.actions`), the File commands and the
:class:`~nonostudio.gui.window.document.Document` they keep
(:mod:`~nonostudio.gui.window.file_commands`), the library commands
(:mod:`~nonostudio.gui.window.library_commands`), the Help commands
(:mod:`~nonostudio.gui.window.help_commands`), the panels built after the first paint
(:mod:`~nonostudio.gui.window.start`), crash restore (:mod:`~nonostudio.gui.window.restore`) and
the warning banner (:mod:`~nonostudio.gui.window.banner`).  Every failure becomes a message box
with the error's text.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QEvent, QRect, QSettings, QStandardPaths, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QStatusTipEvent,
    QUndoGroup,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDockWidget,
    QMainWindow,
    QMessageBox,
    QSizePolicy,
    QStatusBar,
    QTabWidget,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.library import Library
from nonostudio.core.library.recovered import recoveries
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.tabs import replace_tab
from nonostudio.gui.common.theme import THEMES, apply_theme
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.grid.colour import ColourGrid
from nonostudio.gui.grid.view import GridView
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.tutor.window_hook import install_tutor
from nonostudio.gui.window.actions import create_actions, install_menus
from nonostudio.gui.window.autosave import Autosaver, AutosaveStore
from nonostudio.gui.window.banner import WarningBanner
from nonostudio.gui.window.dock_tabs import snug_dock_tabs
from nonostudio.gui.window.document import Document
from nonostudio.gui.window.file_commands import FileCommands
from nonostudio.gui.window.help_commands import APP_TITLE, HelpCommands
from nonostudio.gui.window.library_commands import LibraryCommands
from nonostudio.gui.window.recovery_notice import tell_recoveries
from nonostudio.gui.window.restore import CrashRestore
from nonostudio.gui.window.start import SHORT_SCREEN, PanelStarter, default_size, loading_label

if TYPE_CHECKING:
    from nonostudio.gui.editor.designer_checks import DesignerPanel
    from nonostudio.gui.jobs.panel import JobsPanel
    from nonostudio.gui.panels.check import CheckPanel
    from nonostudio.gui.panels.difficulty import DifficultyPanel
    from nonostudio.gui.rules.browser import RuleBrowser
    from nonostudio.gui.solve.colour.view import ColourSolveView
    from nonostudio.gui.solve.view import SolveView
    from nonostudio.gui.window.colour_pages import ColourPages


def zoomable_grids(page: QWidget) -> list[GridView | ColourGrid]:
    """The grids of a tab the View menu can zoom, colour ones included: the page's own grid
    (Editor, Solve) first, then every grid in it."""
    main = getattr(page, "grid", None)
    own = [main] if isinstance(main, GridView | ColourGrid) else []
    return own + page.findChildren(GridView) + page.findChildren(ColourGrid)


def page_grids(page: QWidget) -> list[GridView]:
    """The black-and-white grids of a tab, the page's own first."""
    return [grid for grid in zoomable_grids(page) if isinstance(grid, GridView)]


def first_folder() -> str:
    """Where file dialogs start before any file was opened, saved or imported: the user's
    documents folder (else home), not the folder the studio was started from (a reviewer's Save
    As opened in the source repository)."""
    docs = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return docs if docs and Path(docs).is_dir() else str(Path.home())


class StatusWords(QStatusBar):
    """The status messages on the toolbar's row: a message longer than the room left there ends
    in "…" (the whole of it in the tooltip), so that a cut one does not read as complete."""

    def _room(self) -> QRect:
        return self.rect().adjusted(6, 0, -4, 0)

    def shown_words(self) -> str:
        """The message as it fits the bar's width ("…" where it is cut)."""
        width = self._room().width()
        return self.fontMetrics().elidedText(
            self.currentMessage(), Qt.TextElideMode.ElideRight, width
        )

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        if not self.currentMessage():
            super().paintEvent(event)
            return
        painter = QPainter(self)
        painter.setPen(self.palette().color(QPalette.ColorRole.WindowText))
        flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(self._room(), int(flags | Qt.TextFlag.TextSingleLine), self.shown_words())


class MainWindow(QMainWindow):
    """The studio window for one puzzle at a time."""

    ready = Signal()  # every tab and panel is built (at once, or after the first paint)
    # the window stops its background work (closing, or the studio ending): what a part of it
    # runs on its own (a Retry opening the library file) stops with it
    stopping = Signal()
    files: FileCommands
    library_commands: LibraryCommands
    help: HelpCommands
    undo_group: QUndoGroup
    # Built by finish_start (at once unless ``defer_panels``):
    check_panel: CheckPanel
    solve_view: SolveView
    rule_browser: RuleBrowser
    difficulty_panel: DifficultyPanel
    designer_panel: DesignerPanel
    jobs_panel: JobsPanel | None
    _colour_pages: ColourPages | None = None  # the colour Solve and Difficulty pages, when used

    def __init__(
        self,
        library: Library,
        settings: QSettings | None = None,
        parent: QWidget | None = None,
        *,
        autosave: AutosaveStore | None = None,
        defer_panels: bool = False,
    ) -> None:
        """``defer_panels``: build only the editor, the menus and the dock frames now, so the
        window can be shown at once; :meth:`finish_start` (run from the event loop) then lists
        the library and builds the Solve, Rules and Jobs tabs and the right-hand panels."""
        super().__init__(parent)
        self.library = library
        self.settings = settings if settings is not None else QSettings()
        # The damaged copies beside the library now: the start-up tells of those (app.py); one
        # that appears later was made by another studio recovering the library meanwhile.
        self.recoveries_seen: set[Path] = {r.kept_as for r in recoveries(library)}
        self._starter = PanelStarter(self, self)
        self._build_centre()
        self._restore = CrashRestore(self, self)
        self.autosaver = Autosaver(self._restore.state, autosave or AutosaveStore(), parent=self)
        self.autosaver.failed.connect(self._restore.on_failed)
        self.autosaver.saved.connect(self._restore.on_saved)
        self.library_view = LibraryView(library, load=not defer_panels)
        self.last_folder = str(self.settings.value("last_folder", "", str)) or first_folder()
        self._build_docks()
        self.files = FileCommands(self, self.editor, library, self.library_view, self.colour_editor)
        self.editor.set_new_puzzle_handler(self.files.new_puzzle)  # asks, forgets the file
        self.library_commands = LibraryCommands(
            self, self.editor, library, self.library_view, self.files, self.autosaver.store.describe
        )
        self.help = HelpCommands(self)
        self._connect_parts()
        # Undo and Redo act on the current tab's edits: the editor's, or the player's grid.
        self.undo_group = QUndoGroup(self)
        self.undo_group.addStack(self.editor.undo_stack())
        self.undo_group.addStack(self.colour_editor.undo_stack())
        self.undo_group.setActiveStack(self.editor.undo_stack())
        self.tabs.currentChanged.connect(lambda _index: self.follow_tab_undo())
        self.commands = create_actions(self, self)
        install_menus(self, self.commands)
        install_tutor(self)  # the Practice tab, the For You dock, the Tutor menu
        self._build_status_words()
        self._connect_editor()
        self._place_and_restore()
        if not defer_panels:
            self.finish_start(step_by_step=False)

    def _build_centre(self) -> None:
        """The warning banner over the tabs (the Editor, and "Loading…" labels for the others)."""
        self.editor = EditorView()
        # A colour puzzle is edited here; it takes the Editor tab's place while one is open.
        self.colour_editor = ColourEditorView()
        self.colour_editor.hide()
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(self.editor, "&Editor")
        for title in ("&Solve", "&Rules", "&Jobs"):
            self.tabs.addTab(loading_label(), title)
        self.banner = WarningBanner()
        central = QWidget()
        central_layout = QVBoxLayout(central)
        central_layout.setContentsMargins(0, 0, 0, 0)
        central_layout.setSpacing(0)
        central_layout.addWidget(self.banner)
        central_layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)

    def _build_status_words(self) -> None:
        """The status bar's words on the main toolbar's row, in the room its buttons leave (the
        whole message in the tooltip), not on a row of their own: made by the first message,
        that row took its height from the tabs (the Solve view 526 -> 504 px at 1024x600, a
        message shown while the tab was hidden: Forever's cells 13 -> 12 px) and raised the
        window's minimum height from 540 to 562 px, over the 560 a 1024x600 screen leaves; a
        row there from the start (19 px without its size grip) cost a 25x25 its 16 px cells at
        1280x690."""
        self._status = bar = StatusWords()
        bar.setObjectName("statusWords")
        bar.setSizeGripEnabled(False)
        bar.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        bar.messageChanged.connect(bar.setToolTip)
        # a toolbar of their own after the main one, on its row (the row's last toolbar gets
        # the room the others leave), neither movable nor offered to be hidden in the toolbars'
        # menu: the words would go with it
        toolbar = QToolBar("Status")
        toolbar.setObjectName("statusToolBar")
        toolbar.setMovable(False)
        toolbar.addWidget(bar)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
        toolbar.toggleViewAction().setVisible(False)

    def statusBar(self) -> QStatusBar:  # noqa: N802 (Qt's name)
        """The status words (:meth:`_build_status_words`): every message of the window's parts
        goes there."""
        bar = getattr(self, "_status", None)
        return bar if isinstance(bar, QStatusBar) else super().statusBar()

    def event(self, event: QEvent) -> bool:
        # an action's status tip goes to the status words (Qt gives it to the window's own
        # status bar, which there is none of)
        if event.type() == QEvent.Type.StatusTip and isinstance(event, QStatusTipEvent):
            self.statusBar().showMessage(event.tip())
            return True
        return super().event(event)

    def _build_docks(self) -> None:
        """The library on the left; Check, Difficulty and Designer Checks on the right."""
        right = Qt.DockWidgetArea.RightDockWidgetArea
        self.library_dock = self._dock(
            "Library", "libraryDock", self.library_view, Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.check_dock = self._dock("Check", "checkDock", loading_label(), right)
        self.difficulty_dock = self._dock("Difficulty", "difficultyDock", loading_label(), right)
        self.designer_dock = self._dock("Designer Checks", "designerDock", loading_label(), right)
        self.resizeDocks(
            [self.library_dock, self.check_dock], [330, 250], Qt.Orientation.Horizontal
        )
        # The verdict is a few lines: the panels under it get the height.
        self.resizeDocks(
            [self.check_dock, self.difficulty_dock, self.designer_dock],
            [140, 420, 300],
            Qt.Orientation.Vertical,
        )

    def _connect_parts(self) -> None:
        """What the File, library and Help commands report, to the window."""
        files, library, help = self.files, self.library_commands, self.help
        files.kindChanged.connect(self._show_editor_kind)
        files.shown.connect(self._document_shown)
        files.documentChanged.connect(self._document_changed)
        files.newPuzzleShown.connect(lambda: self.tabs.setCurrentWidget(self.editor_page()))
        files.libraryWritten.connect(self.update_banner)
        files.libraryWritten.connect(self._library_puzzle_saved)
        files.gameDropped.connect(lambda text: self.show_status(text, 15000))
        files.status.connect(self.show_status)
        for part in (files, library, help):
            part.failed.connect(self.show_error)
        for part in (library, help):
            part.status.connect(self.show_status)
        help.statusCleared.connect(lambda: self.statusBar().clearMessage())
        library.libraryChanged.connect(self.update_banner)

    def editor_page(self) -> QWidget:
        """The Editor tab's page: the colour editor while a colour puzzle is open."""
        return self.colour_editor if self.files.is_colour() else self.editor

    def _show_editor_kind(self, colour: bool) -> None:
        """Put the editor of the open puzzle's kind in the Editor tab (same place and title)."""
        page = self.colour_editor if colour else self.editor
        if self.tabs.widget(0) is page:
            return
        replace_tab(self.tabs, 0, page)
        self.follow_tab_undo()
        self.on_puzzle_changed(page.puzzle())
        if self.is_ready():
            # the Rules tab counts the steps of the black-and-white Solve view's trace: a colour
            # puzzle has none there (its Puzzle column kept the last black-and-white puzzle's)
            self.rule_browser.set_trace(None if colour else self.solve_view.trace())

    def _library_puzzles_removed(self, ids: list[int]) -> None:
        """The puzzle on screen deleted from the library stays open, kept nowhere now: unsaved,
        Save asks for a file (it wrote to the deleted entry and failed), the player's game stays
        in the Solve view only."""
        if self.is_ready():
            self.solve_view.library_puzzles_removed(ids)
            if self._colour_pages is not None:
                self._colour_pages.solve_view.library_puzzles_removed(ids)
        if self.document.library_id not in ids:
            return
        self.files.set_document(Document())
        self.files.set_modified(True)
        self.show_status("The puzzle deleted from the library stays open here, unsaved.", 10000)

    def _document_changed(self, document: Document) -> None:
        """The puzzle on screen has a new origin (added to the library, saved to a file): the
        Solve view keeps the player's game where the puzzle now is."""
        self._document_shown(document)

    def _document_shown(self, document: Document) -> None:
        self.library_view.show_open(document.library_id)  # its row selected, or none
        if self.is_ready():  # the Solve view keeps a library puzzle's hand progress there
            self.shown_solve_view().set_library_puzzle(self.library, self.kept_game_id())
        self.update_title()

    def kept_game_id(self) -> int | None:
        """The library puzzle where the player's game of the puzzle on screen is kept: the one
        opened, or for a puzzle opened from a file the newest added from that file (the quit
        question's Save adds it "with your game"; opened from the file again, the game was
        not taken up).  The Solve view takes it only when its clues are the ones shown."""
        document = self.document
        if document.library_id is not None or document.path is None:
            return document.library_id
        path = document.path
        found = self.library_view.model.ids_from(str(path))
        if not found and not path.is_absolute():
            found = self.library_view.model.ids_from(str(path.absolute()))
        return found[0] if found else None

    def _listing_read(self) -> None:
        """The library's listing is read: a puzzle opened from a file before (the file given
        when the studio starts) has its game taken up from the library."""
        if self.is_ready() and self.document.library_id is None and self.document.path:
            self.shown_solve_view().set_library_puzzle(self.library, self.kept_game_id())

    def _library_puzzle_saved(self) -> None:
        """Save wrote the puzzle on screen over its library entry: the Solve view keeps the
        player's game there again (after an edit of the clues it kept it nowhere: the stored
        clues were not the ones shown)."""
        if self.is_ready():
            self.shown_solve_view().set_library_puzzle(self.library, self.kept_game_id())

    @property
    def document(self) -> Document:
        """Where the puzzle on screen came from (the File commands keep it)."""
        return self.files.document

    def _connect_editor(self) -> None:
        """The editors' signals, once the File commands exist: the handlers ask them which
        editor holds the puzzle (:meth:`on_puzzle_changed`, :meth:`_on_editor_edited`)."""
        self.editor.modifiedChanged.connect(self.setWindowModified)
        self.editor.modifiedChanged.connect(self._restore.on_modified_changed)
        self.editor.edited.connect(self._restore.on_edited)
        self.editor.puzzleChanged.connect(self.on_puzzle_changed)
        self.editor.edited.connect(self._on_editor_edited)
        self.colour_editor.modifiedChanged.connect(self.setWindowModified)
        self.colour_editor.modifiedChanged.connect(self._restore.on_modified_changed)
        self.colour_editor.edited.connect(self._restore.on_edited)
        self.colour_editor.edited.connect(self.update_title)  # a title typed while not valid
        self.colour_editor.puzzleChanged.connect(self.on_puzzle_changed)
        self.library_view.openRequested.connect(self.open_from_library)
        self.library_view.addCurrentRequested.connect(self.library_commands.add_to_library)
        self.library_view.removed.connect(self._library_puzzles_removed)
        self.library_view.model.readEnded.connect(self._listing_read)
        self.library_view.written.connect(self.update_banner)  # found read-only or full?

    def _place_and_restore(self) -> None:
        """The size for the screen, the docks for a short one, then the saved settings."""
        size = default_size(self)
        snug_dock_tabs(self)  # tabbed docks read whole in a narrow area (dock_tabs.py)
        if size[1] < SHORT_SCREEN:
            # A short screen: Difficulty and Designer Checks share the height as two tabs, so
            # each shows its controls (e.g. Apply edit) without scrolling.
            self.tabifyDockWidget(self.difficulty_dock, self.designer_dock)
            self.difficulty_dock.raise_()
        self.resize(*size)
        self._restore_settings()
        self.update_title()
        self.update_banner()

    # -- the panels built after the first paint ----------------------------------------------

    def is_ready(self) -> bool:
        """True once every tab and panel is built (see ``defer_panels``)."""
        return self._starter.ready

    def finish_start(self, *, step_by_step: bool = True) -> None:
        """Build what ``defer_panels`` left for later.  Step by step (the default) runs one piece
        per event-loop turn so the window keeps painting; the library listing comes first."""
        self._starter.finish(step_by_step=step_by_step)

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
                self.editor.set_zoom(float(str(zoom)))
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

    def on_puzzle_changed(self, puzzle: Puzzle | ColourPuzzle | None) -> None:
        """Bring the panels, the file commands and the title up to date with the editor.

        While a colour puzzle is open only the editor that holds it is followed; the Check panel
        decides it, the Solve view and Difficulty panel are for black and white (they show no
        puzzle then)."""
        colour = self.files.is_colour()
        puzzle = self.colour_editor.puzzle() if colour else self.editor.puzzle()
        if not self.is_ready():  # the panels are not built yet; finish_start updates them
            self.update_title()
            return
        if colour or isinstance(puzzle, ColourPuzzle):
            self._on_colour_puzzle(puzzle if isinstance(puzzle, ColourPuzzle) else None)
            return
        self.check_panel.set_puzzle(puzzle)
        if self._colour_pages is not None:
            self._colour_pages.show_bw()
        self.solve_view.set_puzzle(puzzle)
        self.solve_view.set_library_puzzle(self.library, self.kept_game_id())  # hand progress
        self.difficulty_panel.set_puzzle(puzzle)
        for action in (self.commands.save, self.commands.save_as, self.commands.export):
            action.setEnabled(puzzle is not None)
        self.update_title()

    def _on_editor_edited(self) -> None:
        """Typed clues edited while they make no puzzle: the editor's puzzle stays None, so no
        ``puzzleChanged`` says so, and the Check panel looks for the typo in the new clues (it
        ignores the same clues told again); the window's title follows the Title box."""
        colour = self.files.is_colour()
        if self.is_ready() and not colour and self.editor.puzzle() is None:
            self.check_panel.set_puzzle(None)
        self.update_title()  # a title typed while the clues make no puzzle

    def _on_colour_puzzle(self, puzzle: ColourPuzzle | None) -> None:
        self.check_panel.set_puzzle(puzzle)
        self.colour_pages().show_colour(puzzle)
        self.colour_pages().solve_view.set_library_puzzle(self.library, self.kept_game_id())
        for action in (self.commands.save, self.commands.save_as, self.commands.export):
            action.setEnabled(puzzle is not None)  # a colour picture is drawn in its colours
        self.update_title()

    def solve_views(self) -> list[SolveView | ColourSolveView]:
        """The Solve views made so far: the black-and-white one, and the colour one once a
        colour puzzle was shown (each keeps its player's game in the library)."""
        views: list[SolveView | ColourSolveView] = [self.solve_view]
        if self._colour_pages is not None:
            views.append(self._colour_pages.solve_view)
        return views

    def shown_solve_view(self) -> SolveView | ColourSolveView:
        """The Solve view of the puzzle on screen (colour or black and white)."""
        return self.colour_pages().solve_view if self.files.is_colour() else self.solve_view

    def colour_pages(self) -> ColourPages:
        """The colour Solve view and Difficulty panel (made when a colour puzzle first shows)."""
        if self._colour_pages is None:
            from nonostudio.gui.window.colour_pages import ColourPages

            self._colour_pages = ColourPages(
                self.tabs,
                self.solve_view,
                self.difficulty_dock,
                self.follow_tab_undo,
                self,
                designer_dock=self.designer_dock,
                colour_editor=self.colour_editor,
            )
            # a colour library puzzle's grade is kept as a black-and-white one's is
            self._colour_pages.difficulty_panel.gradeReady.connect(
                self.library_commands.cache_grade
            )
        return self._colour_pages

    def show_verdict(self, result: Any) -> None:
        """A check finished: for a colour puzzle, hatch the cells line logic leaves undecided."""
        puzzle = self.colour_editor.puzzle()
        if self.files.is_colour() and puzzle is not None and hasattr(result, "grid"):
            if isinstance(result.grid, tuple):  # a ColourSolveResult's cell sets
                self.colour_editor.show_line_logic(result.grid, puzzle.rows, puzzle.cols)

    def show_alternate(self, grid: Any) -> None:
        """Show where a second solution (from the Check panel) differs, in the open editor,
        given the check's other solution too, for when ``grid`` is the picture drawn."""
        other = getattr(self.check_panel.result(), "solution", None)
        if self.files.is_colour():
            self.colour_editor.show_alternate(grid, other)
        else:
            self.editor.show_alternate(grid, other)

    def update_title(self) -> None:
        """The file's name (else the title typed in the editor), marked when there are unsaved
        changes."""
        # The typed title, not the puzzle's: a typed clue not valid yet leaves no puzzle.
        if (path := self.document.path) is not None:
            name = path.name
        else:
            name = self.files.current_title() or "Untitled"
        self.setWindowTitle(f"{name}[*] — {APP_TITLE}")
        self.setWindowModified(self.files.is_modified())

    def show_status(self, message: str, ms: int) -> None:
        """``message`` in the status bar for ``ms`` milliseconds (0: until the next); an empty
        one clears it."""
        if message:
            self.statusBar().showMessage(message, ms)
        else:
            self.statusBar().clearMessage()

    def show_error(self, title: str, message: str) -> None:
        """A warning box: ``title`` over the error's text."""
        QMessageBox.warning(self, title, message)

    # -- autosave, crash restore and the banner -----------------------------------------------

    def restore_autosave(self, state: dict[str, Any]) -> Path | None:
        """Put autosaved work back into the editor (marked unsaved); raises ValueError if damaged.

        Returns this session's autosave file now holding it (None if it could not be written).
        """
        return self._restore.restore(state)

    def offer_restore(self) -> bool:
        """Offer the work an earlier session left unsaved (it crashed or was killed).

        The newest autosave is offered first; once one is restored, the others stay for the next
        start.  Returns True when work was restored.
        """
        return self._restore.offer()

    def update_banner(self) -> None:
        """Show (or hide) the bar that says the library cannot be written or lost records."""
        self.banner.show_problems(
            self.library, self.autosaver.store.describe(), self._restore.problem
        )
        self.library_view.update_actions()  # a library found read-only takes no more writes
        tell_recoveries(self)  # another studio recovered the library while it was open here

    # -- zoom and undo follow the view in use ------------------------------------------------

    def active_grid(self) -> GridView | ColourGrid:
        """The grid the View menu acts on: the one with the keyboard focus, else the first grid
        shown in the current tab (black-and-white or colour), else the editor's."""
        widget = QApplication.focusWidget()
        while widget is not None:
            if (
                isinstance(widget, GridView | ColourGrid)
                and widget.window() is self
                and widget.isVisible()
            ):
                return widget
            widget = widget.parentWidget()
        page = self.tabs.currentWidget()
        if page is not None:
            for grid in zoomable_grids(page):
                if grid.isVisibleTo(page):
                    return grid
        return self.colour_editor.grid if self.files.is_colour() else self.editor.grid

    def open_from_library(self, id: int) -> bool:
        """Open the library puzzle ``id`` (Enter or a double click in its table) and give the
        keys to the grid of the tab shown: they stayed in the table, where Right scrolled it
        sideways instead of stepping the Solve view and H gave no hint until a click there.
        On a tab with no grid (Rules, Jobs) they stay in the table."""
        if not self.files.open_library_puzzle(id):
            return False
        grid = self.active_grid()
        if grid.isVisible():
            grid.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def active_undo_stack(self) -> QUndoStack:
        """The stack Undo and Redo act on: the current tab's grid's (the player's moves in the
        Solve tab), else the editor's."""
        return self.undo_group.activeStack() or self.editor.undo_stack()

    def follow_tab_undo(self) -> None:
        """Undo and Redo act on the current tab's grid (the editor's on the Editor tab)."""
        page = self.tabs.currentWidget()
        stack = self.editor.undo_stack()
        if (own := getattr(page, "undo_stack", None)) is not None:  # either editor, colour Solve
            stack = own()
        elif page is not None and (grids := page_grids(page)):
            stack = grids[0].undo_stack()
        if stack not in self.undo_group.stacks():
            self.undo_group.addStack(stack)
        self.undo_group.setActiveStack(stack)

    def show_step(self, step: int) -> None:
        """Show the solving view at ``step`` (1-based) of its trace."""
        self.finish_start(step_by_step=False)
        self.tabs.setCurrentWidget(self.solve_view)
        self.solve_view.show_step(step)

    # -- Help → Keyboard Shortcuts ------------------------------------------------------------

    def shortcut_rows(self) -> list[tuple[str, str, str]]:
        """``(where, command, keys)`` of every command with a shortcut, read from the actions."""
        from nonostudio.gui.dialogs.help import shortcut_rows

        solve_tab = self.tabs.tabText(self.tabs.indexOf(self.solve_view)).replace("&", "")
        places: list[tuple[str, QWidget]] = [
            (solve_tab + " tab", self.solve_view),
            ("Library", self.library_view),
        ]
        pairs = [("Anywhere", a) for a in self.commands.all()]
        for where, widget in places:
            pairs.extend((where, a) for a in widget.actions())
        return shortcut_rows(pairs)

    def show_shortcuts(self) -> QDialog:
        """Help → Keyboard Shortcuts, made from the actions themselves."""
        return self.help.show_shortcuts(self.shortcut_rows())

    # -- closing ---------------------------------------------------------------------------

    def cancel_background(self) -> None:
        """Stop every background job the window started (closing, or the studio ending)."""
        self._starter.stop()
        self.library_commands.stop()
        self.help.cancel()
        self.stopping.emit()
        for name in (
            "check_panel",
            "solve_view",
            "rule_browser",
            "difficulty_panel",
            "designer_panel",
        ):
            if (panel := getattr(self, name, None)) is not None:
                panel.cancel()
        if (jobs := getattr(self, "jobs_panel", None)) is not None:
            jobs.cancel_all()
        if self._colour_pages is not None:
            self._colour_pages.cancel()
        if (tutor := getattr(self, "tutor", None)) is not None:
            tutor.shutdown()

    def games_kept_for_session(self) -> int:
        """Games played by hand that closing the studio loses (puzzles no library keeps and
        colour puzzles: the Solve views keep them in memory only)."""
        return sum(self._unkept_games())

    def _unkept_games(self) -> tuple[int, int]:
        """Black-and-white and colour games kept only in memory."""
        view = getattr(self, "solve_view", None)
        bw = 0 if view is None else view.games_kept_for_session()
        pages = self._colour_pages
        return bw, 0 if pages is None else pages.solve_view.games_kept_for_session()

    def _unkept_games_may_go(self) -> bool:
        """Ask before closing loses games played by hand; True: go on."""
        bw, colour = self._unkept_games()
        if not bw + colour:
            return True
        parts = []
        if bw:
            parts.append(f"{bw} game{'s' if bw > 1 else ''} of a puzzle not in the library")
        if colour:
            parts.append(
                f"{colour} colour game{'s' if colour > 1 else ''} of a puzzle not in the library"
            )
        one = bw + colour == 1
        text = (
            f"Played by hand: {' and '.join(parts)}, kept only until the studio closes. "
            f"Quitting loses {'it' if one else 'them'}."
        )
        buttons = QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel
        shown = self._shown_game_is_the_unkept_one(bw, colour)
        if shown:
            text += " Save adds the puzzle, with your game, to the library."
            buttons |= QMessageBox.StandardButton.Save
        else:
            text += " To keep a game, cancel, open its puzzle and use Add Current Puzzle."
        answer = QMessageBox.question(
            self, "Games Not Kept", text, buttons, QMessageBox.StandardButton.Cancel
        )
        if shown and answer == QMessageBox.StandardButton.Save:
            return self.library_commands.add_to_library() is not None  # failed: said, stay
        return answer == QMessageBox.StandardButton.Discard

    def _shown_game_is_the_unkept_one(self, bw: int, colour: int) -> bool:
        """Whether the only game that closing loses is the one on screen (of either kind), of a
        puzzle Add Current Puzzle can add (and so keep the game with it)."""
        colour_shown = self.files.is_colour()
        if (bw, colour) != ((0, 1) if colour_shown else (1, 0)):
            return False
        if self.document.library_id is not None or self.files.current_puzzle() is None:
            return False
        if colour_shown:
            return self.colour_pages().solve_view.shown_game_unkept()
        return bool((self.solve_view.hand_cells() != UNKNOWN).any())

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.files.maybe_save() or not self._unkept_games_may_go():
            event.ignore()
            return
        self.autosaver.close()  # saved or discarded: nothing left to restore
        self.cancel_background()
        self.library_commands.close_dialogs()
        self.save_settings()
        event.accept()
