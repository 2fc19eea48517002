"""Clues typed into the editor with a line left out (or typed twice) for the size set: the
Check panel said "No puzzle to check" with no fix, where Paste and a .non file with the same
mistake were offered the line; it now searches them with the size, lists the line and Apply
fix types it in (one undo step)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from wired_editor import wired_editor

from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.panels.check import CheckPanel

ROWS = ((2,), (6,), (1, 1), (3, 2), (), (2,))
COLS = ((1, 1), (3,), (2, 1), (2,), (3, 1), (1, 1, 1))


def test_a_row_left_out_of_the_typed_clues_is_offered_and_put_back(
    qtbot: QtBot, panel: CheckPanel
) -> None:
    editor = wired_editor(qtbot, panel, Puzzle(ROWS, COLS))
    typed = "2\n6\n1 1\n0\n2"  # row 4 (3 2) left out, the size still 6x6
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        editor.ui.rows_edit.setPlainText(typed)
    assert panel.verdict_label.text() == "A clue line left out or typed twice"
    assert panel.detail_label.text() == "Row clues: 5 lines for a height of 6."
    typos = panel.typos
    items = [typos.list.item(i).text() for i in range(typos.list.count())]
    assert items and items[0].startswith("Row clues: 5 lines; one seems to be missing after row 3")
    assert "with 3 2 put in as row 4" in items[0]
    assert typos.list.currentRow() == 0 and typos.apply_button.isEnabled()
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (ROWS, COLS)
    assert editor.picture_size() == (6, 6)
    editor.undo_stack().undo()  # one step: the clues as typed
    assert editor.ui.rows_edit.toPlainText() == typed


def test_a_column_typed_twice_is_offered_dropped(qtbot: QtBot, panel: CheckPanel) -> None:
    editor = wired_editor(qtbot, panel, Puzzle(ROWS, COLS))
    typed = "1 1\n3\n2 1\n2 1\n2\n3 1\n1 1 1"  # column 3 typed twice
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        editor.ui.cols_edit.setPlainText(typed)
    assert panel.detail_label.text() == "Column clues: 7 lines for a width of 6."
    items = [panel.typos.list.item(i).text() for i in range(panel.typos.list.count())]
    assert items and items[0].startswith("Column clues: 7 lines")
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(panel.typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (ROWS, COLS)


def test_both_axes_a_line_off_is_no_puzzle_to_check(qtbot: QtBot, panel: CheckPanel) -> None:
    # a row and a column left out of a 6x5: no one line mends that (rows and columns typed in
    # each other's boxes are offered swapped back: test_check_typed_swap.py)
    wide = Puzzle.from_grid(
        [
            [1, 1, 0, 0, 1, 1],
            [0, 1, 1, 0, 0, 1],
            [1, 0, 1, 1, 0, 0],
            [0, 0, 0, 1, 1, 1],
            [1, 1, 1, 0, 0, 1],
        ]
    )
    editor = wired_editor(qtbot, panel, wide)
    # (as the main window does: clues edited while they make no puzzle are told again)
    editor.edited.connect(lambda: editor.puzzle() is None and panel.set_puzzle(None))
    for box in (editor.ui.rows_edit, editor.ui.cols_edit):
        box.setPlainText(box.toPlainText().rsplit("\n", 1)[0])
    qtbot.waitUntil(lambda: panel.verdict_label.text() == "No puzzle to check", timeout=5000)
    assert panel.typos.isHidden()
