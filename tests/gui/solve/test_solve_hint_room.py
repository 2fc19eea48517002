"""A hint's rungs take the words pane's room from the grid only while the grid stays wholly in
sight, and give it back when the hint is over.  Seen under Xvfb at 1024x600 by hand: Forever's
cells at their readable least (12 px), a rung of three lines took 4 px from the grid's 400 and
its last row was cut, to be scrolled to; a colour grid lost 2 px a cell to a rung and kept them
for the rest of the game."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import read_file
from nonostudio.core.paths import samples_dir
from nonostudio.gui.solve.layout import WORDS_MIN_HEIGHT
from nonostudio.gui.solve.view import SolveView

OWL = samples_dir() / "jwilk-091-owl.non"  # 25x25, a quick trace


def settle(qtbot: QtBot) -> None:
    """Let the layout and the pane's growing (a zero timer after it) run."""
    QApplication.processEvents()
    qtbot.wait(30)
    QApplication.processEvents()


def press_hint(qtbot: QtBot, view: SolveView, rung: int) -> None:
    qtbot.mouseClick(view.ui.hint_panel.button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.hint_rung() == rung, timeout=20000)
    settle(qtbot)


def test_a_rung_never_cuts_a_grid_at_its_least_cells(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    """The grid's area just holds the grid at its readable least and the words pane is at its
    smallest: rungs longer than the pane scroll there, the grid is never cut."""
    view = show_solve_view(560, None, 700)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(read_file(OWL))
    view.set_hand_mode(True)
    settle(qtbot)
    ui, grid = view.ui, view.grid
    least = grid.height_at(grid.min_cell())
    splitter = ui.grid_splitter
    view.resize(view.width(), view.height() + least + WORDS_MIN_HEIGHT - sum(splitter.sizes()))
    settle(qtbot)
    splitter.setSizes([least, WORDS_MIN_HEIGHT])
    settle(qtbot)
    assert splitter.sizes() == [least, WORDS_MIN_HEIGHT]
    assert grid.cell_size() == grid.min_cell() and not ui.grid_cut()
    seen = []
    for rung in range(4):  # where, which technique, the premise, which cells
        press_hint(qtbot, view, rung)
        label = ui.hint_panel.text_label
        seen.append(
            (rung, label.height(), splitter.sizes(), ui.scroll.verticalScrollBar().maximum())
        )
        assert not ui.grid_cut(), seen
        assert grid.cell_size() == grid.min_cell(), seen
    # (the test shows something: a rung was longer than the pane's smallest)
    assert max(h for _r, h, _s, _m in seen) > WORDS_MIN_HEIGHT - 4, seen


def test_the_room_a_hint_took_goes_back_once_the_pointer_leaves_the_grid(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    """A click on the grid ends the hint; given back then, the room moved the cells under the
    pointer (Scardy Cat at 1280x720: the last column from x=854-876 to 877-899, the next click
    in the same place fell on the column before).  The grid keeps its cells while the pointer is
    over it and gets the room back when the pointer leaves."""
    view = show_solve_view(380, None, 1100)  # short: the cells are as large as the height allows
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(read_file(OWL))
    view.set_hand_mode(True)
    ui, grid = view.ui, view.grid
    splitter = ui.grid_splitter
    splitter.setSizes([sum(splitter.sizes()) - WORDS_MIN_HEIGHT, WORDS_MIN_HEIGHT])  # its least
    settle(qtbot)
    before = (grid.cell_size(), splitter.sizes())
    for rung in range(4):
        press_hint(qtbot, view, rung)
    during = (grid.cell_size(), splitter.sizes())
    assert during[0] < before[0], "no rung took the grid's room: the test shows nothing"
    stack = ui.grid_stack
    stack.setAttribute(Qt.WidgetAttribute.WA_UnderMouse, True)  # the pointer over the grid
    qtbot.mouseClick(grid, Qt.MouseButton.RightButton, pos=grid.cell_rect(0, 0).center())
    settle(qtbot)
    assert view.hint_rung() == -1
    assert (grid.cell_size(), splitter.sizes()) == during
    stack.setAttribute(Qt.WidgetAttribute.WA_UnderMouse, False)
    QApplication.sendEvent(stack, QEvent(QEvent.Type.Leave))
    settle(qtbot)
    assert (grid.cell_size(), splitter.sizes()) == before
