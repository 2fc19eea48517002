"""The window's colour pages (:class:`ColourPages`): while a colour puzzle is open, the colour
Solve view takes the Solve tab's place and the colour Difficulty panel the Difficulty dock's
(same place, same title); a black-and-white puzzle puts the black-and-white ones back.  The
window makes this the first time a colour puzzle is shown and tells it which kind is open.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QTabWidget, QWidget

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.gui.common.tabs import replace_tab
from nonostudio.gui.panels.colour_difficulty import ColourDifficultyPanel
from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.window.start import scrolled


class ColourPages(QObject):
    """Swaps the colour Solve view and Difficulty panel in and out of the window."""

    def __init__(
        self,
        tabs: QTabWidget,
        bw_solve: QWidget,
        difficulty_dock: QDockWidget,
        swapped: Callable[[], None],
        parent: QObject | None = None,
    ) -> None:
        """``bw_solve`` is the Solve tab's black-and-white page; ``swapped()`` is called after a
        page changed (the window's Undo follows the tab shown)."""
        super().__init__(parent)
        self._tabs, self._bw_solve, self._dock, self._swapped = (
            tabs,
            bw_solve,
            difficulty_dock,
            swapped,
        )
        self._bw_difficulty = difficulty_dock.widget()
        self.solve_view = ColourSolveView()
        self.difficulty_panel = ColourDifficultyPanel()
        self._difficulty_page = scrolled(self.difficulty_panel)
        self._colour = False

    def is_colour(self) -> bool:
        """Whether the colour pages are shown."""
        return self._colour

    def show_colour(self, puzzle: ColourPuzzle | None) -> None:
        """Show the colour pages, on ``puzzle`` (None: its clues are not valid now)."""
        self._swap(self._bw_solve, self.solve_view, self._difficulty_page)
        self._colour = True
        self.solve_view.set_puzzle(puzzle)
        self.difficulty_panel.set_puzzle(puzzle)

    def show_bw(self) -> None:
        """Put the black-and-white pages back (the colour ones stop their work)."""
        if not self._colour:
            return
        self.cancel()
        self._swap(self.solve_view, self._bw_solve, self._bw_difficulty)
        self._colour = False

    def cancel(self) -> None:
        """Stop the colour pages' background work."""
        self.solve_view.cancel()
        self.difficulty_panel.cancel()

    def _swap(self, old: QWidget, new: QWidget, difficulty: QWidget | None) -> None:
        index = self._tabs.indexOf(old)
        if index >= 0:
            replace_tab(self._tabs, index, new)
        if difficulty is not None and self._dock.widget() is not difficulty:
            self._dock.setWidget(difficulty)
            difficulty.show()
        self._swapped()
