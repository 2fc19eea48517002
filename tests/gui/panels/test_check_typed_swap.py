"""Type clues with the rows' clues typed into the columns' box and the columns' into the rows'
(or the width and height boxes the wrong way round): each box has as many lines as the other
side, which was "No puzzle to check" and no fix.  The core decides it is a swap (a consistent
puzzle read so, :func:`~nonostudio.analysis.typos.lines.typed_swap`); the Check panel offers
both readings, and Apply fix makes the one taken (one undo step)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from wired_editor import wired_editor

from nonostudio.analysis.typos.lines import (
    HEADINGS_SWAPPED,
    SIZE_SWAPPED,
    typed_swap,
    typed_swap_clues,
)
from nonostudio.core.clue_text import clues_to_text
from nonostudio.core.formats import read_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.gui.panels.check import CheckPanel

DANCER = read_file(samples_dir() / "webpbn-00001-dancer.non")  # 5 wide, 10 high


def _typed_swapped(qtbot: QtBot, panel: CheckPanel):  # noqa: ANN202 (an EditorView)
    editor = wired_editor(qtbot, panel, Puzzle(DANCER.rows, DANCER.cols))
    # (as the main window does: clues edited while they make no puzzle are told again)
    editor.edited.connect(lambda: editor.puzzle() is None and panel.set_puzzle(None))
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        editor.ui.rows_edit.setPlainText(clues_to_text(DANCER.cols))  # 5 lines for 10 rows
        editor.ui.cols_edit.setPlainText(clues_to_text(DANCER.rows))  # 10 lines for 5 columns
    return editor


def test_the_core_tells_a_swap_from_other_miscounts() -> None:
    rows, cols = DANCER.rows, DANCER.cols
    assert typed_swap(cols, rows, (5, 10))  # rows' box: the 5 columns; columns': the 10 rows
    assert not typed_swap(rows, cols, (5, 10))  # (as it should be: no swap)
    assert not typed_swap(cols, rows, (5, 5))  # (square: a swap reads as the transpose)
    bad = ((9,), *cols[1:])  # a swap with another mistake: a column too long, totals differ
    assert not typed_swap(bad, rows, (5, 10))
    text = clues_to_text(cols), clues_to_text(rows)
    assert typed_swap_clues(*text, (5, 10)) == (cols, rows)
    assert typed_swap_clues(text[0], "x", (5, 10)) is None


def test_the_swap_is_offered_and_each_reading_applied_as_one_undo_step(
    qtbot: QtBot, panel: CheckPanel
) -> None:
    editor = _typed_swapped(qtbot, panel)
    assert panel.verdict_label.text() == "Rows and columns swapped?"  # (was: No puzzle to check)
    typos = panel.typos
    assert [f.kind for f in typos.suggestions()] == [HEADINGS_SWAPPED, SIZE_SWAPPED]
    texts = [typos.list.item(i).text() for i in range(typos.list.count())]
    assert texts[0].startswith("The row and column clues swapped: with the 5 lines given as rows")
    assert texts[1].startswith("The width and height swapped: with the clues as given")
    assert typos.list.currentRow() == -1  # (two readings: the person, with the book, chooses)
    typed = editor.ui.rows_edit.toPlainText(), editor.ui.cols_edit.toPlainText()
    typos.list.setCurrentRow(0)
    with qtbot.waitSignal(editor.puzzleChanged, timeout=5000):
        qtbot.mouseClick(typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (DANCER.rows, DANCER.cols)
    assert editor.picture_size() == (5, 10)
    editor.undo_stack().undo()  # one step: the texts as typed
    assert (editor.ui.rows_edit.toPlainText(), editor.ui.cols_edit.toPlainText()) == typed
    qtbot.waitUntil(lambda: typos.list.count() == 2, timeout=20000)
    typos.list.setCurrentRow(1)
    qtbot.mouseClick(typos.apply_button, Qt.MouseButton.LeftButton)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (DANCER.cols, DANCER.rows)
    assert editor.picture_size() == (10, 5)
    assert (editor.ui.rows_edit.toPlainText(), editor.ui.cols_edit.toPlainText()) == typed
    editor.undo_stack().undo()
    assert editor.picture_size() == (5, 10) and editor.puzzle() is None
