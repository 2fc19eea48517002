"""The window's colour pages (:class:`ColourPages`): while a colour puzzle is open, the colour
Solve view takes the Solve tab's place, the colour Difficulty panel the Difficulty dock's and the
colour Designer Checks panel the Designer Checks dock's (same place, same title); a
black-and-white puzzle puts the black-and-white ones back.  The
window makes this the first time a colour puzzle is shown and tells it which kind is open.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QTabWidget, QWidget

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.gui.common.tabs import replace_tab
from nonostudio.gui.editor.colour.designer import ColourDesignerPanel
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.panels.colour_difficulty import ColourDifficultyPanel
from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.window.start import scrolled


class ColourPages(QObject):
    """Swaps the colour Solve view, Difficulty and Designer Checks panels in and out of the
    window."""

    def __init__(
        self,
        tabs: QTabWidget,
        bw_solve: QWidget,
        difficulty_dock: QDockWidget,
        swapped: Callable[[], None],
        parent: QObject | None = None,
        *,
        designer_dock: QDockWidget | None = None,
        colour_editor: ColourEditorView | None = None,
    ) -> None:
        """``bw_solve`` is the Solve tab's black-and-white page; ``swapped()`` is called after a
        page changed (the window's Undo follows the tab shown); with ``designer_dock`` and the
        ``colour_editor`` its checks look at, the colour Designer Checks panel too."""
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
        self._designer_dock = designer_dock
        self._bw_designer = None if designer_dock is None else designer_dock.widget()
        self.designer_panel: ColourDesignerPanel | None = None
        self._designer_page: QWidget | None = None
        if designer_dock is not None and colour_editor is not None:
            self.designer_panel = ColourDesignerPanel(colour_editor)
            self._designer_page = scrolled(self.designer_panel)
        self._colour = False

    def is_colour(self) -> bool:
        """Whether the colour pages are shown."""
        return self._colour

    def show_colour(self, puzzle: ColourPuzzle | None) -> None:
        """Show the colour pages, on ``puzzle`` (None: its clues are not valid now)."""
        self._swap(self._bw_solve, self.solve_view, self._difficulty_page, self._designer_page)
        self._colour = True
        self.solve_view.set_puzzle(puzzle)
        self.difficulty_panel.set_puzzle(puzzle)

    def show_bw(self) -> None:
        """Put the black-and-white pages back (the colour ones stop their work)."""
        if not self._colour:
            return
        self.cancel()
        if self.designer_panel is not None:
            self.designer_panel.clear()  # its marks are on the colour editor's grid
        self._swap(self.solve_view, self._bw_solve, self._bw_difficulty, self._bw_designer)
        self._colour = False

    def cancel(self) -> None:
        """Stop the colour pages' background work."""
        self.solve_view.cancel()
        self.difficulty_panel.cancel()
        if self.designer_panel is not None:
            self.designer_panel.cancel()

    def _swap(
        self, old: QWidget, new: QWidget, difficulty: QWidget | None, designer: QWidget | None
    ) -> None:
        index = self._tabs.indexOf(old)
        if index >= 0:
            replace_tab(self._tabs, index, new)
        for dock, page in ((self._dock, difficulty), (self._designer_dock, designer)):
            if dock is not None and page is not None and dock.widget() is not page:
                dock.setWidget(page)
                page.show()
        self._swapped()
