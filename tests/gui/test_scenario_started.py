"""End-to-end scenarios in a window started as ``nonostudio`` starts it: shown first, its panels
built afterwards from the event loop.  Like ``test_scenarios.py`` they run offscreen and, in CI,
under Xvfb (``-m scenario``); a screenshot of each step goes to ``NONOSTUDIO_SCENARIO_SHOTS`` (a
folder) or the test's temporary folder.

* A designer paints a picture with two solutions, asks the designer checks, and sees the stuck
  cells shaded and the fixes numbered on the grid (checked in the screenshot's pixels).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from studio_window import SWITCH, finish, new_by_size_boxes, paint, shot

from nonostudio.gui.grid.view import OVERLAY_COLOR
from nonostudio.gui.window.main_window import MainWindow

pytestmark = pytest.mark.scenario


def near(a: QColor, b: QColor, tolerance: int = 40) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a.getRgb()[:3], b.getRgb()[:3], strict=True))


def test_designer_marks_show_in_a_normal_start(qtbot, started: MainWindow, tmp_path) -> None:
    win, editor = started, started.editor
    win.tabs.setCurrentWidget(editor)
    new_by_size_boxes(qtbot, editor, 5)
    grid = editor.grid
    paint(qtbot, grid, SWITCH)
    before = shot(win, tmp_path, "started-painted")
    win.designer_dock.show()
    win.designer_dock.raise_()
    panel = win.designer_panel
    with qtbot.waitSignal(panel.findingsReady, timeout=30000):
        qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    after = shot(win, tmp_path, "started-checked")
    overlay = panel.overlay
    stuck, edits = overlay.stuck_cells(), overlay.edits()
    assert stuck and edits, panel.summary_label.text()
    # Every stuck cell is tinted in the screenshot (a corner pixel, clear of any numbered ring).
    for r, c in stuck:
        corner = grid.mapTo(win, grid.cell_rect(r, c).topLeft() + QPoint(2, 2))
        assert after.pixelColor(corner) != before.pixelColor(corner), (r, c)
    # Every fix is a ring in the overlay's colour across its cell.
    for edit in edits:
        rect = grid.cell_rect(edit.row, edit.col)
        row_y = rect.center().y()
        pixels = [
            after.pixelColor(grid.mapTo(win, QPoint(x, row_y)))
            for x in range(rect.left(), rect.right())
        ]
        assert any(near(p, OVERLAY_COLOR) for p in pixels), (edit, [p.name() for p in pixels])
    finish(win)
