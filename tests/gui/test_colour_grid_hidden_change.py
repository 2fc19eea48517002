"""A colour grid whose clues change while its tab is not shown fits its scroll area when the tab
comes back.  Seen under Xvfb at 1024x600: acorn.g (50x35) on the Solve tab, r0022.xml (10x10)
opened from the Editor tab, then Solve showed 32-pixel cells under scroll bars (the grid kept
acorn's size) and Fit to Window changed nothing."""

from __future__ import annotations

from pictures import COLOURS
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QTabWidget, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import clues_of_colour_grid
from nonostudio.gui.grid.colour import ColourGrid


def picture(height: int, width: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(1 + (r + c) % 3 for c in range(width)) for r in range(height))


def test_clues_changed_on_a_hidden_tab_fit_the_view_when_shown(qtbot: QtBot) -> None:
    grid = ColourGrid()
    area = QScrollArea()
    area.setWidget(grid)
    area.setWidgetResizable(True)
    page = QWidget()  # the scroll area in a layout, as in the Solve and Editor views
    QVBoxLayout(page).addWidget(area)
    tabs = QTabWidget()
    tabs.addTab(QLabel("editor"), "Editor")
    tabs.addTab(page, "Solve")
    qtbot.addWidget(tabs)
    tabs.resize(600, 420)
    tabs.setCurrentIndex(1)
    tabs.show()
    qtbot.waitExposed(tabs)
    big = picture(35, 50)
    grid.set_content(COLOURS, *clues_of_colour_grid(big), big)
    QApplication.processEvents()
    assert area.verticalScrollBar().maximum() > 0  # far bigger than the view

    tabs.setCurrentIndex(0)
    QApplication.processEvents()
    small = picture(10, 10)
    grid.set_content(COLOURS, *clues_of_colour_grid(small), small)
    QApplication.processEvents()
    tabs.setCurrentIndex(1)
    QApplication.processEvents()

    viewport = area.viewport().size()
    assert grid.width() <= viewport.width() and grid.height() <= viewport.height()
    assert area.verticalScrollBar().maximum() == 0
    assert area.horizontalScrollBar().maximum() == 0
