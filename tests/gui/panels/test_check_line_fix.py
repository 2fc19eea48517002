"""The Check panel lists a whole clue line left out (or typed twice) as a fix with its sentence,
and Apply fix makes it in the editor's typed clues with the size, as one undo step.  The line
was said in the list's heading only, with nothing to apply."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from wired_editor import wired_editor

from nonostudio.analysis.typos.lines import DOUBLED, EXTRA, LineFix
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.panels.check import CheckPanel

# A 6x6 picture whose row 5 is empty: with that row left out the clues have no solution and
# no single edit mends them; the row put back is the one fix that makes one picture.
ROWS = ((2,), (6,), (1, 1), (3, 2), (), (2,))
COLS = ((1, 1), (3,), (2, 1), (2,), (3, 1), (1, 1, 1))


def test_a_row_left_out_is_listed_and_applied_with_the_size_as_one_undo_step(
    qtbot: QtBot, panel: CheckPanel
) -> None:
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        editor = wired_editor(qtbot, panel, Puzzle(ROWS[:4] + ROWS[5:], COLS))
    assert panel.verdict_label.text() == "No solution"
    typos = panel.typos
    assert [typos.list.item(i).text() for i in range(typos.list.count())] == [
        "Row clues: 5 lines; one seems to be missing after row 4: with an empty row put in as "
        "row 5, the clues (6 rows, 6 columns) make one picture, line-solvable"
    ]
    # the one fix found: chosen, the rows either side of the place marked on the grid
    assert typos.list.currentRow() == 0 and typos.apply_button.isEnabled()
    assert editor.grid.marked_lines() == (("row", 3), ("row", 4))
    before = editor.ui.rows_edit.toPlainText()
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (ROWS, COLS)
    assert editor.picture_size() == (6, 6)
    assert editor.ui.rows_edit.toPlainText().split("\n")[4] == "0"
    editor.undo_stack().undo()  # one step back: the clues as typed, and their size
    assert editor.ui.rows_edit.toPlainText() == before and editor.picture_size() == (6, 5)


def test_a_line_typed_twice_is_dropped_and_a_stale_fix_changes_nothing(
    qtbot: QtBot, panel: CheckPanel
) -> None:
    from nonostudio.gui.window.line_fix import apply_line_fix

    editor = wired_editor(qtbot, panel, Puzzle(ROWS, COLS))
    editor.ui.height_spin.setValue(7)
    typed = "\n".join(["2", "6", "6", "1 1", "3 2", "0", "2"])  # row 2 typed twice
    editor.ui.rows_edit.setPlainText(typed)
    assert editor.typed_clues() == (ROWS[:2] + ROWS[1:], COLS)
    fix = LineFix(DOUBLED, "row", 1, (6,), ROWS, COLS, True)
    stale = LineFix(DOUBLED, "row", 2, (1, 1), ROWS, COLS, True)  # (not the clues typed)
    assert not apply_line_fix(editor, stale) and editor.ui.rows_edit.toPlainText() == typed
    assert apply_line_fix(editor, fix)
    assert editor.ui.rows_edit.toPlainText() == "2\n6\n1 1\n3 2\n0\n2"
    assert editor.picture_size() == (6, 6) and editor.typed_clues() == (ROWS, COLS)
    editor.undo_stack().undo()
    assert editor.ui.rows_edit.toPlainText() == typed and editor.picture_size() == (6, 7)


def test_an_empty_row_too_many_is_listed_and_dropped_with_the_size_as_one_undo_step(
    qtbot: QtBot, panel: CheckPanel
) -> None:
    """A separator typed twice reads as an empty row of its own: the search names it, the list
    offers it (its row marked) and Apply fix drops it (the fix was said, nothing to apply)."""
    from nonostudio.gui.common.typo_box import lines_of

    typed = (*ROWS[:2], (), *ROWS[2:])  # an empty row 3 too many
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        editor = wired_editor(qtbot, panel, Puzzle(typed, COLS))
    typos = panel.typos
    assert [typos.list.item(i).text() for i in range(typos.list.count())] == [
        "Row clues: 7 lines; row 3 is empty and seems to be one too many (a blank line or a "
        "separator typed twice): without it, the clues (6 rows, 6 columns) make one picture, "
        "line-solvable"
    ]
    assert typos.title.text().startswith(
        "No single edit of one clue makes the puzzle unique. "
        "A whole row dropped (empty, one too many)"
    )
    assert lines_of(typos.suggestions()[0]) == (("row", 2),)
    assert typos.list.currentRow() == 0 and editor.grid.marked_lines() == (("row", 2),)
    before = editor.ui.rows_edit.toPlainText()
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (ROWS, COLS)
    assert editor.picture_size() == (6, 6)
    editor.undo_stack().undo()
    assert editor.ui.rows_edit.toPlainText() == before and editor.picture_size() == (6, 7)


def test_an_empty_first_or_last_row_too_many_is_dropped() -> None:
    """fits_typed and the text taken out at the ends (no line before, or none after)."""
    from nonostudio.gui.window.line_fix import fits_typed

    first = LineFix(EXTRA, "row", 0, (), ROWS, COLS, True)
    assert fits_typed(first, (((), *ROWS), COLS))
    assert not fits_typed(first, ((*ROWS, ()), COLS))
    last = LineFix(EXTRA, "row", 6, (), ROWS, COLS, True)
    assert fits_typed(last, ((*ROWS, ()), COLS))


def test_an_empty_first_row_is_taken_out_of_the_text(qtbot: QtBot, panel: CheckPanel) -> None:
    from nonostudio.gui.window.line_fix import apply_line_fix

    editor = wired_editor(qtbot, panel, Puzzle(ROWS, COLS))
    editor.ui.height_spin.setValue(7)
    editor.ui.rows_edit.setPlainText("\n".join(["0", "2", "6", "1 1", "3 2", "0", "2"]))
    assert apply_line_fix(editor, LineFix(EXTRA, "row", 0, (), ROWS, COLS, True))
    assert editor.ui.rows_edit.toPlainText() == "2\n6\n1 1\n3 2\n0\n2"
    assert editor.picture_size() == (6, 6) and editor.typed_clues() == (ROWS, COLS)
