"""Helpers of the library panel tests: a panel on screen over a library, its visible titles, and
a game of a library puzzle begun in the window's Solve tab."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nonostudio.core.library import Library
from nonostudio.gui.library.model import TITLE
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.solve.view import SolveView
from nonostudio.gui.window.main_window import MainWindow


def visible_titles(view: LibraryView) -> list[str]:
    return [view.proxy.index(r, TITLE).data() for r in range(view.proxy.rowCount())]


def make_view(qtbot, library: Library) -> LibraryView:
    view = LibraryView(library)
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    qtbot.waitExposed(view)
    return view


def game_begun(qtbot, window: MainWindow, library: Library) -> tuple[int, SolveView]:
    """``(id, solve view)``: ``library``'s Tee opened in ``window`` and played by hand in its
    Solve tab, its top-left cell filled."""
    tee = next(e.id for e in library.entries() if e.title == "Tee")
    assert window.files.open_library_puzzle(tee)
    solve = window.solve_view
    window.tabs.setCurrentWidget(solve)
    solve.set_hand_mode(True)
    qtbot.mouseClick(solve.grid, Qt.MouseButton.LeftButton, pos=solve.grid.cell_rect(0, 0).center())
    return tee, solve
