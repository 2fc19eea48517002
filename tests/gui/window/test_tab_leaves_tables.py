"""Tab takes the keyboard focus out of every table of the studio, as out of a list: Qt's table
moved it from cell to cell, so a keyboard user who tabbed into the Solve tab's steps (or the
library, the rules, the runs, the suggestions, a graded folder) was caught there, each Tab
choosing another row.  Seen under Xvfb at 1024x600: on a colour puzzle of 86 steps, Tab from
the grid went into the steps and eight more presses only walked them from step 1 to step 3."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QApplication, QLineEdit, QTableView, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.table_model import row_table
from nonostudio.gui.library.batch_grade import BatchGradeDialog
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.tutor.for_you import ForYouPanel
from tests.gui.conftest import ShowSolveView
from tests.gui.pictures import picture


def _tab_leaves(qtbot: QtBot, table: QTableView) -> bool:
    """Whether Tab, pressed with the focus on the first row of ``table``, takes the focus out."""
    model = table.model()
    assert model is not None and model.rowCount() > 0 and model.columnCount() > 1
    table.setCurrentIndex(model.index(0, 0))
    table.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is table, timeout=2000)
    qtbot.keyClick(table, Qt.Key.Key_Tab)
    return QApplication.focusWidget() is not table


def _shown(qtbot: QtBot, *widgets: QWidget) -> QWidget:
    """``widgets`` one under another in a window, shown and made the active window."""
    window = QWidget()
    layout = QVBoxLayout(window)
    for widget in widgets:
        layout.addWidget(widget)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitActive(window)
    return window


def test_tab_leaves_the_tables(
    qtbot: QtBot, small_library: Library, tmp_path: Path, show_solve_view: ShowSolveView
) -> None:
    rows = QStandardItemModel(3, 3)
    runs = row_table(rows, "Learning runs")  # the rules, the techniques and the runs are these
    library = LibraryView(small_library)
    for_you = ForYouPanel(small_library, tmp_path / "profiles.sqlite", lambda: "Ada")
    for_you.table.setRowCount(2)
    grade = BatchGradeDialog()
    grade.proxy.setSourceModel(rows)
    window = _shown(qtbot, runs, library, for_you, grade, QLineEdit())
    caught = [
        name
        for name, table in [
            ("runs", runs),
            ("library", library.table),
            ("for you", for_you.table),
            ("graded folder", grade.table),
        ]
        if not _tab_leaves(qtbot, table)
    ]
    solve = show_solve_view()
    with qtbot.waitSignal(solve.traceReady, timeout=20000):
        solve.set_puzzle(Puzzle.from_grid(picture("##.", ".#.", "..#")))
    solve.ui.steps_pane.show()
    if not _tab_leaves(qtbot, solve.ui.table):
        caught.append("steps")
    assert caught == []
    window.close()
