"""End-to-end scenarios of two user groups in the studio window, driven by real mouse and keyboard
events and checked by what the window shows; CI also runs them under Xvfb (``-m scenario`` with
the xcb platform).  A screenshot of each step goes to ``NONOSTUDIO_SCENARIO_SHOTS`` (a folder) or
the test's temporary folder.

* A designer paints a picture whose clues have two solutions, asks the designer checks for a fix,
  applies it and sees the puzzle become unique.
* A book importer pastes a puzzle string with a typo, sees the mistake selected in the text it
  typed, fixes it and gets the puzzle in the editor.

The player's scenario (solve by hand with the hint ladder) is ``test_solve_scenario.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication
from studio_window import (
    SWITCH,
    end_background,
    finish,
    new_by_size_boxes,
    paint,
    record_message_boxes,
    shots_folder,
    show_window,
)

from nonostudio.core.library import Library
from nonostudio.core.solver import solve
from nonostudio.gui.dialogs.paste import PasteDialog
from nonostudio.gui.window.main_window import MainWindow

pytestmark = pytest.mark.scenario

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"


class Shots:
    """Saves a numbered PNG of the window after each step."""

    def __init__(self, folder: Path, name: str) -> None:
        self.folder = folder
        self.name = name
        self.count = 0

    def __call__(self, win: MainWindow, step: str) -> Path:
        QApplication.processEvents()
        self.count += 1
        path = self.folder / f"{self.name}-{self.count:02d}-{step}.png"
        assert win.grab().save(str(path)), f"could not save {path}"
        return path


@pytest.fixture
def shots(request, tmp_path: Path) -> Shots:
    return Shots(shots_folder(tmp_path), request.node.name)


@pytest.fixture
def window(qtbot, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch):
    boxes = record_message_boxes(monkeypatch)
    library = Library(tmp_path / "library.sqlite3")
    win = show_window(qtbot, library, settings, active=True)
    qtbot.waitUntil(win.is_ready, timeout=20000)
    win.boxes = boxes
    yield win
    end_background(win, 30000)
    library.close()


def verdict_text(win: MainWindow) -> str:
    return win.check_panel.verdict_label.text()


def test_a_designer_fixes_a_picture_with_two_solutions(qtbot, window, shots) -> None:
    editor = window.editor
    window.tabs.setCurrentWidget(editor)
    new_by_size_boxes(qtbot, editor, 5)  # nothing was drawn yet: no question
    assert editor.grid.cells().shape == (5, 5)
    paint(qtbot, editor.grid, SWITCH)
    shots(window, "painted")
    painted = editor.puzzle()
    assert painted is not None and not solve(painted).verdict.is_unique
    qtbot.waitUntil(
        lambda: (
            "solution" in verdict_text(window).lower()
            and "checking" not in verdict_text(window).lower()
        ),
        timeout=20000,
    )
    assert (
        "unique" not in verdict_text(window).lower() or "not unique" in verdict_text(window).lower()
    ), verdict_text(window)

    panel = window.designer_panel
    window.designer_dock.show()
    window.designer_dock.raise_()
    QApplication.processEvents()
    with qtbot.waitSignal(panel.findingsReady, timeout=30000):
        qtbot.mouseClick(panel.check_button, Qt.MouseButton.LeftButton)
    shots(window, "checked")
    assert panel.edit_list.count() >= 1
    assert "make it unique" in panel.summary_label.text()
    first = panel.edit_list.item(0)
    qtbot.mouseClick(
        panel.edit_list.viewport(),
        Qt.MouseButton.LeftButton,
        pos=panel.edit_list.visualItemRect(first).center(),
    )
    assert panel.apply_button.isEnabled()
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and solve(fixed).verdict.is_unique
    qtbot.waitUntil(lambda: verdict_text(window).lower().startswith("unique"), timeout=20000)
    shots(window, "fixed")
    # The fix is one undo step: Ctrl+Z in the editor brings the two solutions back.
    editor.grid.setFocus()
    qtbot.keyClick(editor.grid, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    back = editor.puzzle()
    assert back is not None and (back.rows, back.cols) == (painted.rows, painted.cols)
    finish(window)


def test_a_book_importer_pastes_a_string_with_a_typo_and_fixes_it(qtbot, window, shots) -> None:
    QApplication.clipboard().setText(DUCK.replace("5:7", "5:7x"))
    seen: dict[str, str] = {}

    def drive() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, PasteDialog):
            QTimer.singleShot(50, drive)
            return
        qtbot.waitExposed(dialog)
        shots(window, "pasted")
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        seen["message"] = dialog.message.text()
        seen["selected"] = dialog.edit.textCursor().selectedText()
        seen["kept"] = dialog.text()
        dialog.grab().save(str(shots.folder / f"{shots.name}-dialog-mistake.png"))
        # The typo is selected: typing replaces it, as in any text box.
        qtbot.keyClicks(dialog.edit, "7")
        qtbot.keyClick(dialog.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        if dialog.isVisible():  # Ctrl+Return is not OK in this dialog: click OK
            qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, drive)
    focus = window.focusWidget() or window
    qtbot.keyClick(
        focus, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    qtbot.waitUntil(lambda: "message" in seen, timeout=10000)
    assert "line 1, character" in seen["message"] and "7x" in seen["message"]
    assert seen["selected"] == "7x"
    assert seen["kept"] == DUCK.replace("5:7", "5:7x")  # nothing typed was lost
    qtbot.waitUntil(
        lambda: window.editor.puzzle() is not None and window.editor.puzzle().width == 8,
        timeout=10000,
    )
    puzzle = window.editor.puzzle()
    assert (puzzle.width, puzzle.height) == (8, 9)
    assert puzzle.cols[3] == (7, 1) and puzzle.rows[0] == (3,)
    assert window.tabs.currentWidget() is window.editor
    qtbot.waitUntil(lambda: verdict_text(window).lower().startswith("unique"), timeout=20000)
    shots(window, "imported")
    # What the user sees on the grid: the clue numbers of the fixed column.
    grid = window.editor.grid
    assert grid.clues()[1][3] == (7, 1)
    assert grid.cell_at(QPoint(grid.cell_rect(0, 0).center())) == (0, 0)
    finish(window)
