"""The window fits a 1024x600 screen (less its frame and a panel: 1024x560) with every tab and
dock shown: wide rows of buttons wrap, a status line whose words follow the mouse never widens
the window, and the controls a user needs stay on screen at that size."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QStatusTipEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QTabBar, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.rules.model import COLUMNS, TITLE
from nonostudio.gui.window.main_window import MainWindow

SMALL = (1024, 560)


def show_everything(win: MainWindow) -> None:
    """Every dock shown, and every tab chosen in turn, with every tab inside it."""
    for dock in win.findChildren(QDockWidget):
        dock.show()
    for index in range(win.tabs.count()):
        win.tabs.setCurrentIndex(index)
        QApplication.processEvents()
        for inner in win.tabs.widget(index).findChildren(QTabWidget):
            for page in range(inner.count()):
                inner.setCurrentIndex(page)
                QApplication.processEvents()


def fits(win: MainWindow) -> bool:
    hint = win.minimumSizeHint()
    return hint.width() <= SMALL[0] and hint.height() <= SMALL[1]


def on_screen(widget: QWidget, win: MainWindow) -> bool:
    """Shown, and wholly inside the window and every widget around it (not scrolled out, not
    cut by a dock)."""
    if not widget.isVisible():
        return False
    rect = QRect(widget.mapTo(win, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None and parent is not win:
        if not QRect(parent.mapTo(win, QPoint(0, 0)), parent.size()).contains(rect):
            return False
        parent = parent.parentWidget()
    return win.rect().contains(rect)


def long_clued() -> Puzzle:
    """A 160x4 picture whose first row's clue is eighty 1s: the editor's status line for its
    first cell is wider than the screen."""
    rows = ["#." * 80, "#" * 160, "." * 160, "#" * 160]
    return Puzzle.from_grid([[c == "#" for c in row] for row in rows], title="Long clues")


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window(size=SMALL)


def test_every_tab_and_dock_of_a_black_and_white_puzzle_fits_1024x560(
    window: MainWindow,
) -> None:
    assert window.files.open_file(samples_dir() / "webpbn-06574-forever.non", ask=False)
    show_everything(window)
    assert fits(window), window.minimumSizeHint()
    window.editor.set_puzzle(long_clued())
    window.tabs.setCurrentIndex(0)
    QApplication.processEvents()
    status = window.editor.ui.status_label
    assert " 1" * 80 in status.text()
    assert status.fontMetrics().horizontalAdvance(status.text()) > SMALL[0]
    assert fits(window), window.minimumSizeHint()  # the words do not widen the window
    # A status message takes no room from the tabs and the window still fits: the status bar
    # made by the first message took its row from them (the Solve view 526 -> 504 px at
    # 1024x600, shown while the tab was hidden: Forever's cells 13 -> 12 px) and raised the
    # window's minimum height from 540 to 562 px.
    tabs = window.tabs.height()
    window.show_status("The technique guide is in /tmp/guide.html", 0)
    QApplication.processEvents()
    assert window.statusBar().currentMessage() and window.tabs.height() == tabs
    assert on_screen(window.statusBar(), window)  # (where it is read: the main toolbar's row)
    assert fits(window), window.minimumSizeHint()
    QApplication.sendEvent(window, QStatusTipEvent("An action's tip"))  # (they go there too)
    assert window.statusBar().currentMessage() == "An action's tip"
    window.resize(*SMALL)
    QApplication.processEvents()
    assert (window.width(), window.height()) == SMALL
    # A message longer than the row's room ends in "…" (it was cut off mid-word, reading as
    # whole: "taai2011.txt holds 1,000 puzzles: this is the first. Save writes it t"); the
    # tooltip has all of it.
    words = "a file of many puzzles: " + "the others stay as they are; " * 20
    window.show_status(words, 0)
    QApplication.processEvents()
    shown = window.statusBar().shown_words()  # type: ignore[attr-defined]
    assert shown.endswith("…") and words.startswith(shown[:-1].rstrip())
    assert window.statusBar().toolTip() == words
    window.show_status("Saved.", 0)
    QApplication.processEvents()
    assert window.statusBar().shown_words() == "Saved."  # type: ignore[attr-defined]


def test_a_colour_puzzle_s_tabs_and_docks_fit_1024x560(window: MainWindow, tmp_path: Path) -> None:
    palette = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
    picture = ((1, 1, 2, 0), (0, 2, 2, 1), (1, 0, 1, 2), (2, 2, 0, 1))
    path = tmp_path / "flags.xml"
    write_file(ColourPuzzle(palette, *clues_of_colour_grid(picture)), path)
    assert window.files.open_file(path, ask=False)
    show_everything(window)
    assert fits(window), window.minimumSizeHint()


def test_the_buttons_a_user_needs_are_on_screen_at_1024x560(
    qtbot: QtBot, window: MainWindow
) -> None:
    assert window.files.open_file(samples_dir() / "webpbn-06574-forever.non", ask=False)
    show_everything(window)
    window.resize(*SMALL)
    window.tutor.dock.show()
    QApplication.processEvents()
    assert (window.width(), window.height()) == SMALL
    window.tabifyDockWidget(window.library_dock, window.tutor.dock)
    QApplication.processEvents()
    # the tabs of docks sharing a place read whole (were "Diffic…" and "Designer Che…")
    bars = [b for b in window.findChildren(QTabBar) if b.parent() is window and b.isVisible()]
    titles = {bar.tabText(i) for bar in bars for i in range(bar.count())}
    assert {"Difficulty", "Designer Checks", "Library"} <= titles
    for bar in bars:
        for i in range(bar.count()):
            assert bar.tabRect(i).width() >= bar.tabSizeHint(i).width(), bar.tabText(i)
            assert bar.tabToolTip(i) == bar.tabText(i)
    for dock in (window.library_dock, window.tutor.dock):
        dock.raise_()
        QApplication.processEvents()
        for button in dock.widget().findChildren(QWidget):
            if button.metaObject().className() in ("QToolButton", "QPushButton"):
                if button.isVisibleTo(dock) and button.text():
                    assert on_screen(button, window), button.text()
    rules = window.rule_browser
    window.tabs.setCurrentWidget(rules)
    rules.views.setCurrentWidget(rules.all_rules)
    QApplication.processEvents()
    details = rules.details
    assert details.width() <= details.parentWidget().width()  # its words wrap in sight
    # every column of the list shows: long titles (a tooltip has the whole) used to push Cost,
    # Coverage, Uses and Proof past the right edge
    table, model = rules.table, rules.model
    qtbot.waitUntil(lambda: model.rowCount() > 0, timeout=10000)
    QApplication.processEvents()  # (the columns are fitted a turn later)
    viewport = table.viewport().width()
    for column in range(model.columnCount()):
        left = table.columnViewportPosition(column)
        assert 0 <= left and left + table.columnWidth(column) <= viewport, COLUMNS[column]
    longest = max(range(model.rowCount()), key=lambda r: len(model.rule_at(r).title))
    title = model.rule_at(longest).title
    assert table.fontMetrics().horizontalAdvance(title) > table.columnWidth(TITLE)  # elided
    assert model.index(longest, TITLE).data(Qt.ItemDataRole.ToolTipRole) == title
    # what the list shows of each title tells the rules apart (was "learne…" on every row)
    room = table.columnWidth(TITLE) - 8  # (the cell's margins)
    metrics = table.fontMetrics()
    shown = [
        metrics.elidedText(model.index(r, TITLE).data(), Qt.TextElideMode.ElideRight, room)
        for r in range(12)
    ]
    assert len(set(shown)) == len(shown), shown
    rules.detail_tabs.setCurrentWidget(rules.editor)
    QApplication.processEvents()
    assert on_screen(rules.editor.ui.prove_button, window)
    assert on_screen(rules.about_button, window)
    window.check_dock.raise_()
    window.check_panel.typos.show()  # (as while it looks for a typo)
    QApplication.processEvents()
    assert fits(window), window.minimumSizeHint()
    verdict = window.check_panel.verdict_label
    assert on_screen(verdict, window)
    assert verdict.width() >= verdict.minimumSizeHint().width()
    window.tabs.setCurrentIndex(0)
    for dock, buttons in (
        (window.designer_dock, ("check_button", "apply_button")),
        (window.check_dock, ()),
    ):
        dock.raise_()
        QApplication.processEvents()
        for name in buttons:
            assert on_screen(getattr(window.designer_panel, name), window), name
