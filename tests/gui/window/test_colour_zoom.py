"""Zoom In, Zoom Out, Fit to Window and Actual Size act on a colour grid too, in the colour
editor and the colour Solve view (seen under Xvfb: on a colour puzzle they did nothing, the View
menu only found black-and-white grids)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.gui.grid.view import BASE_CELL
from nonostudio.gui.window.main_window import MainWindow

PALETTE = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
PICTURE = ((1, 1, 2, 0), (0, 2, 2, 1), (1, 0, 1, 2), (2, 2, 0, 1))


@pytest.fixture
def window(open_window, tmp_path: Path) -> MainWindow:
    win = open_window(size=(1280, 720))
    path = tmp_path / "flags.xml"
    write_file(ColourPuzzle(PALETTE, *clues_of_colour_grid(PICTURE)), path)
    assert win.files.open_file(path, ask=False)
    return win


@pytest.mark.parametrize("tab", ["editor", "solve"])
def test_the_view_menu_zooms_the_colour_grid_in_view(window: MainWindow, tab: str) -> None:
    page = window.colour_editor if tab == "editor" else window.colour_pages().solve_view
    window.tabs.setCurrentWidget(page)
    QApplication.processEvents()
    grid = page.grid
    assert window.active_grid() is grid
    fitted = grid.cell_size()
    window.commands.zoom_in.trigger()
    QApplication.processEvents()
    bigger = grid.cell_size()
    assert bigger > fitted
    # the grid takes its whole size: its scroll area scrolls rather than squeezing it
    scroll = next(w for w in _ancestors(grid) if isinstance(w, QScrollArea))
    assert grid.minimumWidth() >= grid.cell_rect(0, len(PICTURE[0]) - 1).right()
    assert grid.width() >= grid.cell_rect(0, len(PICTURE[0]) - 1).right() and scroll is not None
    window.commands.zoom_out.trigger()
    window.commands.zoom_out.trigger()
    assert grid.cell_size() < bigger
    window.commands.zoom_reset.trigger()
    assert grid.cell_size() == max(BASE_CELL, grid.min_cell())
    window.commands.zoom_fit.trigger()
    QApplication.processEvents()
    assert grid.zoom() is None and grid.cell_size() == fitted


def _ancestors(widget):
    while (widget := widget.parentWidget()) is not None:
        yield widget
