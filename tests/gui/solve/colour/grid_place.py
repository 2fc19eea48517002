"""Where the colour Solve view's grid sits, for the tests that check Solve by hand leaves it in
place, and letting a resize's placement happen."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from nonostudio.gui.solve.colour.view import ColourSolveView


def grid_place(view: ColourSolveView) -> tuple[QPoint, int, int]:
    """The grid's top left in the window, its cell size and its height."""
    grid = view.grid
    return grid.mapTo(view.window(), QPoint(0, 0)), grid.cell_size(), grid.height()


def settle(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Let the placement that follows a resize (at the next turn of the event loop) happen."""
    qtbot.wait(1)
    QApplication.processEvents()
