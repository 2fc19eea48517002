"""Paste Puzzle String keeps what was typed: a mistake leaves the dialog open with the text, the
message under the box and the offending place selected; the box wraps long strings."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import QApplication, QMessageBox, QPlainTextEdit

from nonostudio.core.errors import PuzzleError
from nonostudio.gui.dialogs.paste import PasteDialog, error_span, marked_text
from nonostudio.gui.window.file_commands import read_puzzle_text
from nonostudio.gui.window.main_window import MainWindow

DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"


def dialog_for(qtbot, text: str) -> PasteDialog:
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def test_a_typo_keeps_the_text_and_selects_the_bad_clue(qtbot) -> None:
    text = DUCK.replace("5:7", "5:7x")
    dialog = dialog_for(qtbot, text)
    dialog.accept()
    assert dialog.isVisible() and dialog.result() == 0
    assert dialog.text() == text  # nothing typed is lost
    assert dialog.message.isVisible()
    # The place in the text is a character, the clue a column's: never "column 39, column 4".
    where = f"line 1, character {text.index('7x') + 1} (column 4's clue)"
    assert where in dialog.message.text() and "'7x'" in dialog.message.text()
    assert dialog.edit.textCursor().selectedText() == "7x"
    assert dialog.puzzle() is None


def test_totals_that_differ_mark_the_line_and_fixing_it_reads_the_puzzle(qtbot) -> None:
    """An error naming only a line marks the line, the caret after it: it was selected, the
    focus in the text box, so Enter (or any key) replaced the whole line, here all the text."""
    dialog = dialog_for(qtbot, "")
    text = "1:2-1:1"  # rows fill 3 cells, columns 2
    dialog.edit.setPlainText(text)
    dialog.accept()
    assert dialog.isVisible()
    assert "totals" in dialog.message.text() or "fill" in dialog.message.text()
    assert marked_text(dialog.edit) == text  # the whole line it names, marked
    caret = dialog.edit.textCursor()
    assert not caret.hasSelection() and caret.position() == len(text)
    assert dialog.focusWidget() is dialog.edit
    qtbot.keyClick(dialog.edit, Qt.Key.Key_Return)  # a person pressing Enter for OK
    qtbot.keyClick(dialog.edit, Qt.Key.Key_2)
    assert dialog.text() == text + "\n2"  # nothing typed is lost
    assert marked_text(dialog.edit) == ""  # (the mark was of the text before)
    dialog.edit.setPlainText("1:1-1:1")
    # what was said was of the text before: it no longer stands under the corrected text
    assert dialog.message.isHidden() and dialog.message.text() == ""
    dialog.accept()
    assert not dialog.isVisible() and dialog.result() == 1
    assert dialog.puzzle() is not None and dialog.puzzle().rows == ((1,), (1,))


def test_the_box_wraps_and_ok_needs_text(qtbot) -> None:
    dialog = dialog_for(qtbot, "")
    assert dialog.edit.lineWrapMode() == QPlainTextEdit.LineWrapMode.WidgetWidth
    assert dialog.edit.wordWrapMode() != QTextOption.WrapMode.NoWrap
    assert not dialog.ok_button.isEnabled()
    dialog.edit.setPlainText(DUCK * 20)
    assert dialog.ok_button.isEnabled()
    assert dialog.edit.horizontalScrollBar().maximum() == 0


def test_error_span_counts_what_the_reader_did_not_see() -> None:
    text = "\n  1:1x,1-2:1:1"
    error = PuzzleError("expected a number", line=1, column=3)
    start, end = error_span(text, error)
    assert text[start:end] == "1x"
    assert error_span(text, PuzzleError("no position")) is None
    assert error_span("a\nb", PuzzleError("far away", line=9)) is None


def test_a_documents_dash_is_selected_alone_and_typed_over(qtbot) -> None:
    """The Duck copied from a document with an en dash for its '-': the message was at the end
    of the text with nothing selected; the dash alone is selected (the token up to the next
    separator took the '1' after it too), so typing '-' opens the puzzle."""
    text = DUCK.replace("-", "\u2013")
    dialog = dialog_for(qtbot, text)
    dialog.accept()
    where = f"character {DUCK.index('-') + 1}"
    assert dialog.isVisible() and where in dialog.message.text()
    assert dialog.edit.textCursor().selectedText() == "\u2013"
    qtbot.keyClicks(dialog.edit, "-")
    assert dialog.text() == DUCK
    dialog.accept()
    assert not dialog.isVisible() and dialog.result() == 1
    assert dialog.puzzle() is not None and dialog.puzzle().width == 8


def test_the_window_shows_the_mistake_and_then_the_fixed_puzzle(
    qtbot, small_library, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail("a message box"))
    win = MainWindow(small_library, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(win)
    win.show()
    win.tabs.setCurrentWidget(win.solve_view)
    QApplication.clipboard().setText(DUCK.replace("2:3", "2:x"))
    seen: list[str] = []

    def drive() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, PasteDialog):
            QTimer.singleShot(50, drive)
            return
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
        seen.append(dialog.message.text())
        seen.append(dialog.edit.textCursor().selectedText())
        fixed = dialog.text().replace("2:x", "2:3")
        dialog.edit.selectAll()
        qtbot.keyClicks(dialog.edit, fixed)
        qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, drive)
    win.files.paste_puzzle_string()
    assert seen and "expected a number" in seen[0] and seen[1] == "x"
    puzzle = win.editor.puzzle()
    assert puzzle is not None and (puzzle.width, puzzle.height) == (8, 9)
    assert win.tabs.currentWidget() is win.editor and win.isWindowModified()
    win.editor.set_modified(False)  # closing must not ask
    win.cancel_background()
