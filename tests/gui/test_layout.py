"""The window is usable at 1280x720 and 1920x1080: the editor shows the whole grid without
scrolling, no toolbar control hides behind an overflow chevron, Apply edit and the alternate
solution button are on screen, the Undo button keeps its width, narrow docks wrap instead of
cutting text off, and the View menu's zoom acts on the grid in view."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect, QSettings, Qt, QThreadPool
from PySide6.QtWidgets import QApplication, QMessageBox, QToolBar, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import read_file
from nonostudio.core.library import Library
from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.model import DIFFICULTY, VERDICT
from nonostudio.gui.window.main_window import MainWindow

SCREENS = [(1280, 720), (1920, 1080)]
SCREEN_IDS = ["1280x720", "1920x1080"]


@pytest.fixture
def window(
    qtbot: QtBot, small_library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[MainWindow]:
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: None)
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    yield win
    win.cancel_background()
    assert QThreadPool.globalInstance().waitForDone(20000)


def show_at(qtbot: QtBot, win: MainWindow, size: tuple[int, int]) -> None:
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(lambda: (win.width(), win.height()) == size, timeout=3000)
    QApplication.processEvents()


def on_screen(widget: QWidget, win: MainWindow) -> bool:
    """Visible, and its whole rectangle inside the window and inside every ancestor's rectangle
    (so not scrolled out of a scroll area or clipped by a dock)."""
    if not widget.isVisible():
        return False
    rect = QRect(widget.mapTo(win, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not win:
        outer = QRect(parent.mapTo(win, QPoint(0, 0)), parent.size())
        if not outer.contains(rect):
            return False
        parent = parent.parentWidget()
    return win.rect().contains(rect)


def no_overflow(bar: QToolBar) -> bool:
    chevron = bar.findChild(QToolButton, "qt_toolbar_ext_button")
    return chevron is None or not chevron.isVisible()


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS, ids=SCREEN_IDS)
def test_the_editor_shows_a_25x25_puzzle_whole_and_every_toolbar_control(
    qtbot: QtBot, window: MainWindow, screen: tuple[int, int]
) -> None:
    show_at(qtbot, window, screen)
    window.files.open_file(samples_dir() / "webpbn-06574-forever.non")
    scroll = window.editor.ui.scroll
    qtbot.waitUntil(
        lambda: (
            scroll.horizontalScrollBar().maximum() == 0
            and scroll.verticalScrollBar().maximum() == 0
        ),
        timeout=3000,
    )
    grid = window.editor.grid
    corner = grid.mapTo(scroll.viewport(), grid.cell_rect(24, 24).bottomRight())
    assert scroll.viewport().rect().contains(corner)
    assert grid.cell_size() >= 8
    toolbar = window.findChild(QToolBar, "mainToolBar")
    assert no_overflow(toolbar)
    for action in toolbar.actions():
        if not action.isSeparator():
            assert on_screen(toolbar.widgetForAction(action), window), action.text()
    for widget in (
        window.editor.ui.new_button,
        window.editor.ui.width_spin,
        window.editor.ui.height_spin,
        window.editor.ui.clues_radio,
        window.editor.ui.status_label,
    ):
        assert on_screen(widget, window), widget.accessibleName() or widget.objectName()


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS, ids=SCREEN_IDS)
def test_solve_view_controls_are_not_behind_a_chevron(
    qtbot: QtBot, window: MainWindow, screen: tuple[int, int]
) -> None:
    show_at(qtbot, window, screen)
    window.tabs.setCurrentWidget(window.solve_view)
    QApplication.processEvents()
    for bar in window.solve_view.findChildren(QToolBar):
        assert no_overflow(bar)
    for action in (
        window.solve_view.ui.next_line_action,
        window.solve_view.ui.hint_action,
        window.solve_view.ui.hand_action,
    ):
        buttons = [
            b for b in window.solve_view.findChildren(QToolButton) if b.defaultAction() is action
        ]
        assert buttons and on_screen(buttons[0], window), action.text()


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS, ids=SCREEN_IDS)
def test_designer_apply_edit_and_library_columns_are_on_screen(
    qtbot: QtBot, window: MainWindow, screen: tuple[int, int]
) -> None:
    show_at(qtbot, window, screen)
    window.designer_dock.raise_()
    QApplication.processEvents()
    panel = window.designer_panel
    for widget in (panel.check_button, panel.clear_button, panel.apply_button):
        assert on_screen(widget, window), widget.text()
    table = window.library_view.table
    header = table.horizontalHeader()
    for column in (DIFFICULTY, VERDICT):
        left = header.sectionViewportPosition(column)
        assert 0 <= left < table.viewport().width(), f"column {column} is scrolled out of sight"


@pytest.mark.slow
def test_undo_keeps_a_short_label_and_the_toolbar_its_width(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_at(qtbot, window, SCREENS[0])
    toolbar = window.findChild(QToolBar, "mainToolBar")
    undo_button = toolbar.widgetForAction(window.commands.undo)
    width = undo_button.width()
    grid = window.editor.grid
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(3, 4).center())
    QApplication.processEvents()
    assert window.commands.undo.isEnabled()
    assert window.commands.undo.text() == "&Undo"
    assert undo_button.width() == width
    assert window.commands.undo.toolTip() == "Undo Fill 1 cell"  # the full text is the tooltip
    window.commands.undo.trigger()
    assert (grid.cells() == UNKNOWN).all()
    assert window.commands.redo.toolTip() == "Redo Fill 1 cell"


def test_the_right_dock_keeps_its_width_when_the_alternate_button_appears(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_at(qtbot, window, SCREENS[0])
    # two diagonals: two solutions of the same clues
    window.editor.set_puzzle(Puzzle.from_grid(np.array([[1, 0], [0, 1]], dtype=np.int8)))
    panel = window.check_panel
    before = window.check_dock.width()
    qtbot.waitUntil(lambda: panel.alternate_button.isVisible(), timeout=15000)
    QApplication.processEvents()
    assert window.check_dock.width() == before
    assert on_screen(panel.alternate_button, window)


def test_narrow_docks_wrap_their_text_instead_of_cutting_it(
    qtbot: QtBot, window: MainWindow
) -> None:
    show_at(qtbot, window, SCREENS[0])
    window.designer_dock.raise_()
    window.resizeDocks(
        [window.designer_dock, window.check_dock], [60, 60], Qt.Orientation.Horizontal
    )
    QApplication.processEvents()
    panel = window.designer_panel
    for button in (panel.check_button, panel.clear_button):
        assert button.width() >= button.sizeHint().width(), button.text()
        assert on_screen(button, window), button.text()
    summary = panel.summary_label
    assert summary.wordWrap() and on_screen(summary, window)


@pytest.mark.slow
@pytest.mark.parametrize("tab", ["editor", "solve_view"])
def test_zoom_and_fit_act_on_the_grid_in_the_current_tab(
    qtbot: QtBot, window: MainWindow, tab: str
) -> None:
    show_at(qtbot, window, SCREENS[0])
    puzzle = read_file(samples_dir() / "webpbn-06574-forever.non")
    window.editor.set_puzzle(puzzle)
    window.tabs.setCurrentWidget(getattr(window, tab))
    QApplication.processEvents()
    shown = getattr(window, tab).grid
    other = (window.solve_view if tab == "editor" else window.editor).grid
    qtbot.waitUntil(lambda: shown.is_fit() and shown.width() > 100, timeout=3000)
    fitted, other_zoom = shown.cell_size(), other.zoom()
    window.commands.zoom_in.trigger()
    assert shown.cell_size() > fitted and not shown.is_fit()
    assert other.zoom() == other_zoom and other.is_fit()
    window.commands.zoom_fit.trigger()
    assert shown.is_fit() and shown.cell_size() == fitted
    # Zoomed in first: the fitted size may already be the smallest at which clues are readable.
    window.commands.zoom_in.trigger()
    zoomed = shown.cell_size()
    window.commands.zoom_out.trigger()
    assert shown.cell_size() < zoomed and other.is_fit()


def test_zoom_follows_the_keyboard_focus(qtbot: QtBot, window: MainWindow) -> None:
    show_at(qtbot, window, SCREENS[0])
    window.tabs.setCurrentWidget(window.editor)
    window.editor.grid.setFocus()
    QApplication.processEvents()
    assert window.active_grid() is window.editor.grid
    window.tabs.setCurrentWidget(window.solve_view)
    window.solve_view.grid.setFocus()
    QApplication.processEvents()
    assert window.active_grid() is window.solve_view.grid


def test_undo_in_the_solve_tab_undoes_the_players_move(qtbot: QtBot, window: MainWindow) -> None:
    show_at(qtbot, window, SCREENS[0])
    window.editor.set_puzzle(Puzzle.from_grid(np.array([[1, 1], [0, 1]], dtype=np.int8)))
    window.tabs.setCurrentWidget(window.solve_view)
    window.solve_view.ui.hand_action.trigger()
    grid = window.solve_view.grid
    qtbot.waitUntil(lambda: grid.cell_size() > 4, timeout=3000)
    editor_undo = window.editor.undo_stack().count()
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(0, 0).center())
    assert grid.cells()[0, 0] == FILLED
    assert window.commands.undo.isEnabled()
    window.commands.undo.trigger()
    assert grid.cells()[0, 0] == UNKNOWN
    assert window.editor.undo_stack().count() == editor_undo  # the editor was not touched
    window.tabs.setCurrentWidget(window.editor)
    assert window.active_undo_stack() is window.editor.undo_stack()


def test_ctrl_wheel_zooms_the_grid_under_the_mouse_only(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QWheelEvent

    show_at(qtbot, window, SCREENS[0])
    window.editor.set_puzzle(read_file(samples_dir() / "webpbn-06574-forever.non"))
    window.tabs.setCurrentWidget(window.solve_view)
    grid = window.solve_view.grid
    qtbot.waitUntil(lambda: grid.cell_size() > 4, timeout=3000)
    before, editor_zoom = grid.cell_size(), window.editor.zoom()
    centre = QPointF(grid.cell_rect(5, 5).center())
    event = QWheelEvent(
        centre,
        QPointF(grid.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.ControlModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(grid, event)
    assert grid.cell_size() > before
    assert window.editor.zoom() == editor_zoom


@pytest.mark.slow
@pytest.mark.parametrize("screen", SCREENS, ids=SCREEN_IDS)
def test_the_technique_table_fits_its_pane_without_scrolling(
    qtbot: QtBot, window: MainWindow, screen: tuple[int, int]
) -> None:
    from PySide6.QtWidgets import QTableView

    show_at(qtbot, window, screen)
    window.tabs.setCurrentWidget(window.rule_browser)
    QApplication.processEvents()
    table = next(
        t
        for t in window.rule_browser.findChildren(QTableView)
        if t.accessibleName() == "Techniques"
    )
    qtbot.waitUntil(table.isVisible, timeout=5000)
    QApplication.processEvents()
    assert table.horizontalScrollBar().maximum() == 0, "the techniques table scrolls sideways"
    header = table.horizontalHeader()
    last = header.count() - 1
    assert (
        header.sectionViewportPosition(last) + header.sectionSize(last) <= table.viewport().width()
    )
