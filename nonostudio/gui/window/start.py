"""The main window's size for the screen, and building its panels after its first paint: the
Solve, Rules and Jobs tabs and the Check, Difficulty and Designer Checks docks, then the signals
between them.

The window shows "Loading…" labels (:func:`loading_label`) at first; :class:`PanelStarter`
replaces them one piece per event-loop turn (or all at once), listing the library first (read
on a worker thread, step by step), and marks the window ready when the last piece is connected
and the listing's read is over (the library model's ``readEnded``).  It also keeps the window
answering while the panels' background work runs (:func:`keep_gui_thread_responsive`).
"""

from __future__ import annotations

import logging
import sqlite3
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QSettings, Qt, QTimer, SignalInstance
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QTabWidget,
    QWidget,
)

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.dock_scroll import scrolled
from nonostudio.gui.common.process_pool import warm_up_processes
from nonostudio.gui.common.tabs import replace_tab
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.window.library_commands import LibraryCommands
from nonostudio.gui.window.line_fix import connect_colour_typo_fixes, connect_typo_fixes

if TYPE_CHECKING:  # (the panels themselves are imported as they are built)
    from nonostudio.gui.editor.designer_checks import DesignerPanel
    from nonostudio.gui.jobs.panel import JobsPanel
    from nonostudio.gui.panels.check import CheckPanel
    from nonostudio.gui.panels.difficulty import DifficultyPanel
    from nonostudio.gui.rules.browser import RuleBrowser
    from nonostudio.gui.solve.view import SolveView
    from nonostudio.gui.window.file_commands import FileCommands

log = logging.getLogger(__name__)

SOLVE_TAB, RULES_TAB, JOBS_TAB = 1, 2, 3
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


def loading_label() -> QLabel:
    """The "Loading…" label a tab or dock shows until its panel is built."""
    label = QLabel("Loading…")
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    return label


# How long a thread may hold Python's lock on the interpreter before another asks for it.  The
# panels' work (the check's solver, the grade, the Solve view's trace) is Python on pool threads;
# with Python's 5 ms, opening Forever left the GUI thread waiting for its turn up to 0.69 s on a
# busy two-core machine (longest stalls of four openings: 0.15, 0.21, 0.36, 0.69 s); with 0.5 ms,
# 0.12, 0.05, 0.16, 0.17 s.
GUI_SWITCH_INTERVAL_S = 0.0005


def keep_gui_thread_responsive() -> None:
    """Let the GUI thread take its turn sooner while background threads run Python code."""
    if sys.getswitchinterval() > GUI_SWITCH_INTERVAL_S:
        sys.setswitchinterval(GUI_SWITCH_INTERVAL_S)


class StartingWindow(Protocol):
    """The main window the panels are built into: its tabs and docks, what the panels show, and
    the attributes the built panels are kept in."""

    tabs: QTabWidget
    check_dock: QDockWidget
    difficulty_dock: QDockWidget
    designer_dock: QDockWidget
    editor: EditorView
    colour_editor: ColourEditorView
    library: Library
    library_view: LibraryView
    settings: QSettings
    library_commands: LibraryCommands
    files: FileCommands
    check_panel: CheckPanel
    solve_view: SolveView
    rule_browser: RuleBrowser
    difficulty_panel: DifficultyPanel
    designer_panel: DesignerPanel
    jobs_panel: JobsPanel | None

    @property
    def ready(self) -> SignalInstance: ...

    def follow_tab_undo(self) -> None: ...

    def on_puzzle_changed(self, puzzle: Puzzle | None) -> None: ...

    def show_step(self, step: int) -> None: ...

    def show_alternate(self, grid: Any) -> None: ...

    def show_verdict(self, result: Any) -> None: ...


class PanelStarter:
    """Builds the window's deferred panels, step by step or at once."""

    def __init__(self, window: StartingWindow, parent: QWidget) -> None:
        keep_gui_thread_responsive()  # before any panel starts background work
        self._window = window
        self._parent = parent  # (the Jobs panel's dialogs open over it)
        self.ready = False
        self._in_background = True  # the listing read on a worker thread (step by step)
        self._waiting = False  # for the listing read in the background, before the last step
        self._read_ahead = False  # the panels' rule set is being read ahead
        self._steps: list[Callable[[], None]] = [
            self._build_check,
            self._build_solve,
            self._build_rules,
            self._build_jobs,
            self._build_difficulty,
            self._build_designer,
            self._connect_panels,
        ]

    def finish(self, *, step_by_step: bool = True) -> None:
        """Build what is left.  Step by step runs one piece per event-loop turn so the window
        keeps painting."""
        if self.ready:
            return
        warm_up_processes()  # the panels' work runs there: the first puzzle opened never waits
        if not self._read_ahead:  # the rule set the panels start with, read once, off this thread
            from nonostudio.analysis.defaults import DEFAULT_RULE_SET
            from nonostudio.gui.common.rule_sets import read_ahead

            self._read_ahead = True
            read_ahead([DEFAULT_RULE_SET])
        if step_by_step:
            QTimer.singleShot(0, self._next_step)
            return
        self._in_background = False  # all at once: the listing too, here
        while self._steps:
            if len(self._steps) == 1 and self._window.library_view.model.reading():
                self._window.library_view.refresh()  # (the one begun step by step)
            self._steps.pop(0)()

    def stop(self) -> None:
        """Build nothing more (the window is closing)."""
        self._steps.clear()

    def _next_step(self) -> None:
        model = self._window.library_view.model
        if len(self._steps) == 1 and model.reading():
            # ready once the listing read in the background is over too (shown or not read):
            # the model says so, nothing looks in the meantime
            if not self._waiting:
                self._waiting = True
                model.readEnded.connect(self._listing_ended)
            return
        if self._steps:
            self._steps.pop(0)()
        if self._steps:
            QTimer.singleShot(0, self._next_step)

    def _listing_ended(self) -> None:
        """The listing read in the background is over: the last step, in an event of its own
        (showing 10,000 rows is work enough for one)."""
        if self._waiting:
            self._waiting = False
            self._window.library_view.model.readEnded.disconnect(self._listing_ended)
            QTimer.singleShot(0, self._next_step)

    def _replace_tab(self, index: int, widget: QWidget) -> None:
        tabs = self._window.tabs
        old = replace_tab(tabs, index, widget)
        if old is not None:
            old.deleteLater()
        if tabs.currentIndex() == index:
            self._window.follow_tab_undo()

    @staticmethod
    def _set_dock(dock: QDockWidget, widget: QWidget) -> None:
        old = dock.widget()
        dock.setWidget(widget)
        if old is not None:
            old.deleteLater()

    def _build_check(self) -> None:
        from nonostudio.gui.panels.check import CheckPanel

        w = self._window
        if not (w.library_view.model.loaded() or w.library_view.model.reading()):
            if self._in_background:
                w.library_view.load_in_background()
            else:
                w.library_view.refresh()
        w.check_panel = CheckPanel()
        self._set_dock(w.check_dock, w.check_panel)

    def _build_solve(self) -> None:
        from nonostudio.gui.solve.view import SolveView

        self._window.solve_view = SolveView(settings=self._window.settings)  # keeps its layout
        self._replace_tab(SOLVE_TAB, self._window.solve_view)

    def _build_rules(self) -> None:
        from nonostudio.gui.rules.browser import RuleBrowser

        w = self._window
        w.rule_browser = RuleBrowser(load=False)  # its rule set shown once the tab is
        w.rule_browser.set_library(w.library)  # real examples of the techniques
        self._replace_tab(RULES_TAB, w.rule_browser)

    def _build_jobs(self) -> None:
        from nonostudio.gui.jobs.panel import JobsPanel
        from nonostudio.learn.store.jobs import JobStore

        w = self._window
        w.jobs_panel = None
        try:
            w.jobs_panel = JobsPanel(JobStore(), self._parent)
            self._replace_tab(JOBS_TAB, w.jobs_panel)
        except (ValueError, OSError, sqlite3.Error) as exc:
            # a damaged or unwritable job store: the studio works without learning
            log.warning("the job store cannot be opened: %s", exc)
            self._replace_tab(
                JOBS_TAB, QLabel(f"Learning runs are unavailable: {exc}", wordWrap=True)
            )

    def _build_difficulty(self) -> None:
        from nonostudio.gui.panels.difficulty import DifficultyPanel

        w = self._window
        w.difficulty_panel = DifficultyPanel()
        self._set_dock(w.difficulty_dock, scrolled(w.difficulty_panel))

    def _build_designer(self) -> None:
        from nonostudio.gui.editor.designer_checks import DesignerPanel

        w = self._window
        w.designer_panel = DesignerPanel(w.editor)
        self._set_dock(w.designer_dock, scrolled(w.designer_panel))

    def _connect_panels(self) -> None:
        w = self._window
        w.solve_view.traceReady.connect(w.rule_browser.set_trace)
        # a game not kept may have found the library read-only: the banner and panel say so
        w.solve_view.progressNotKept.connect(lambda _why: w.library_commands.libraryChanged.emit())
        w.rule_browser.stepRequested.connect(w.show_step)
        if w.jobs_panel is not None:
            w.jobs_panel.ruleSetChanged.connect(
                lambda rules: w.rule_browser.show_rule_set(rules, measure=False)
            )
            w.jobs_panel.ruleSetSaved.connect(w.rule_browser.add_rule_set)
        # A rule set saved while the studio runs is offered, and read again where in use.
        for rule_set_saved in (w.solve_view.rule_set_saved, w.difficulty_panel.rule_set_saved):
            if w.jobs_panel is not None:
                w.jobs_panel.ruleSetSaved.connect(rule_set_saved)
            w.rule_browser.editor.ruleSaved.connect(
                lambda name, _rule, saved=rule_set_saved: saved(name)
            )
        # Each puzzle opened starts whole in view in the Solve tab too (the editor fits its own).
        w.files.shown.connect(lambda _document: w.solve_view.grid.fit_to_window())
        w.check_panel.verdictReady.connect(w.library_commands.cache_verdict)
        w.check_panel.verdictReady.connect(w.show_verdict)
        w.check_panel.alternateRequested.connect(w.show_alternate)
        connect_typo_fixes(w.check_panel, w.editor)  # typo suggestions for typed clues
        connect_colour_typo_fixes(w.check_panel, w.colour_editor)  # (a colour file's clues)
        w.difficulty_panel.gradeReady.connect(w.library_commands.cache_grade)
        w.difficulty_panel.ruleSetChanged.connect(w.designer_panel.set_rule_set)
        if (rule_set := w.difficulty_panel.rule_set()) is not None:
            w.designer_panel.set_rule_set(rule_set.name)
        self.ready = True
        w.on_puzzle_changed(w.editor.puzzle())
        w.ready.emit()
