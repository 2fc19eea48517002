"""The tutor in the main window: a Practice tab (built when first shown), a "For You" dock
beside the Library, Practice by Technique and Suggest My Next Puzzle in the Tools menu, and the
solve-by-hand log of the Solve view into the active profile (remembered in the settings).

:func:`install_tutor` is the window's one hook; :meth:`Tutor.shutdown` its closing."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QWidget

from nonostudio.core.library.profiles import ProfileStore
from nonostudio.gui.common.tabs import replace_tab
from nonostudio.gui.tutor.for_you import ForYouPanel
from nonostudio.gui.tutor.practice_view import DEFAULT_PROFILE, PracticeView
from nonostudio.gui.tutor.solve_events import HandSolveLog

PROFILE_KEY = "tutor/profile"


class Tutor:
    """What the tutor adds to ``window`` (a MainWindow)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.path = window.library.path
        self.practice: PracticeView | None = None
        self._profile: str | None = None  # the remembered one, until the Practice tab is built
        self._closed = False
        # The Practice view (drill pools, the mastery chart) is built when its tab is first
        # chosen; until then the tab holds an empty page it swaps out.
        self._unbuilt_page = QWidget()
        window.tabs.addTab(self._unbuilt_page, "&Practice")
        window.tabs.currentChanged.connect(self._tab_shown)
        self.for_you = ForYouPanel(window.library, self.path, self.profile)
        self.for_you.openRequested.connect(self._open)
        self.dock = QDockWidget("For You", window)
        self.dock.setObjectName("forYouDock")
        self.dock.setWidget(self.for_you)
        window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.dock)
        # hidden until Suggest My Next Puzzle (or the saved layout) shows it, tabbed with the
        # Library then (a hidden dock tabbed at once made a restored window wider than saved)
        self.dock.hide()
        self.log = HandSolveLog(self.path, self.profile, window)
        self.log.eventsRecorded.connect(self.for_you.profile_moved)
        if window.is_ready():
            self._attach()
        else:
            window.ready.connect(self._attach)
        tools = [a.menu() for a in window.menuBar().actions() if a.text() == "&Tools"]
        menu = tools[0] if tools else window.menuBar().addMenu("&Tools")
        menu.addSeparator()
        self.practice_action = QAction("&Practice by Technique", window)
        self.practice_action.triggered.connect(self.show_practice)
        self.suggest_action = QAction("&Suggest My Next Puzzle", window)
        self.suggest_action.triggered.connect(self.suggest)
        menu.addActions([self.practice_action, self.suggest_action])
        # listed with the other panels in View (it was reachable only by Suggest once closed);
        # shown from there, it is tabbed with the Library as Suggest shows it
        views = [a.menu() for a in window.menuBar().actions() if a.text() == "&View"]
        if views:
            toggle = self.dock.toggleViewAction()
            toggle.triggered.connect(self._toggled)
            views[0].addAction(toggle)

    def profile(self) -> str | None:
        """The active profile: the one chosen last in the Practice tab (the default one, made
        on first use, until then)."""
        if self.practice is not None:
            return self.practice.profile or None
        # asked at every stroke by hand: the remembered name does not change until the Practice
        # tab is built, so it is read (and the default profile made) once, not a database
        # opened each time
        if self._profile is None:
            name = str(self.window.settings.value(PROFILE_KEY, "", str)) or DEFAULT_PROFILE
            if name == DEFAULT_PROFILE:
                with ProfileStore(self.path) as store:
                    store.ensure(name)
            self._profile = name
        return self._profile

    def _attach(self) -> None:
        self.log.attach(self.window.solve_view)

    def _tab_shown(self, index: int) -> None:
        if self.practice is None and self.window.tabs.widget(index) is self._unbuilt_page:
            self.build_practice()

    def build_practice(self) -> PracticeView:
        if self.practice is None:
            name = str(self.window.settings.value(PROFILE_KEY, "", str)) or None
            self.practice = PracticeView(self.path, profile=name)
            self.practice.profileChanged.connect(self._profile_changed)
            self.practice.profileRenamed.connect(self.log.renamed)
            moved = self.for_you.profile_moved  # (the For You list follows the profile)
            self.practice.profileChanged.connect(lambda _name: moved())
            self.practice.profileRenamed.connect(lambda _old, _new: moved())
            self.practice.answered.connect(lambda _right: moved())
            tabs = self.window.tabs
            replace_tab(tabs, tabs.indexOf(self._unbuilt_page), self.practice)
        return self.practice

    def _profile_changed(self, name: str) -> None:
        self.window.settings.setValue(PROFILE_KEY, name)

    def show_practice(self) -> None:
        self.window.tabs.setCurrentWidget(self.build_practice())

    def suggest(self) -> None:
        self._show_dock()
        self.for_you.suggest()

    def _show_dock(self) -> None:
        window = self.window
        if not self.dock.isVisible() and window.library_dock.isVisible():
            window.tabifyDockWidget(window.library_dock, self.dock)
        self.dock.show()
        self.dock.raise_()

    def _toggled(self, checked: bool) -> None:
        """View > For You: shown as Suggest shows it (tabbed with the Library), without opening
        a suggestion (its Refresh lists them)."""
        window = self.window
        if not checked or self.dock.isFloating() or not window.library_dock.isVisible():
            return
        # (the action showed the dock before this slot ran)
        if self.dock not in window.tabifiedDockWidgets(window.library_dock):
            window.tabifyDockWidget(window.library_dock, self.dock)
        self.dock.raise_()

    def _open(self, id: int) -> None:
        """Open library puzzle ``id`` and show it in the Solve tab, ready to solve."""
        window = self.window
        if window.files.open_library_puzzle(id):
            window.library_view.select_id(id)
            if window.is_ready():
                window.tabs.setCurrentWidget(window.solve_view)

    def shutdown(self) -> None:
        """Stop the background work and record what is left of the solve-by-hand log."""
        if self._closed:
            return
        self._closed = True
        self.log.close()
        self.for_you.shutdown()
        if self.practice is not None:
            self.practice.shutdown()


def install_tutor(window: Any) -> Tutor:
    """Add the tutor to ``window``."""
    window.tutor = Tutor(window)
    return window.tutor
