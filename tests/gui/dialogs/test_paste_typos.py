"""Paste Puzzle String looks for the mistyped clue of clues whose totals differ, before the
puzzle is opened: the likely typos, the clue selected in the string, and Open with this fix."""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool

from nonostudio.analysis.typos import finder
from nonostudio.core.formats import read_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.gui.dialogs.paste import PasteDialog, marked_text
from nonostudio.gui.window.file_commands import read_puzzle_text


def _string(rows, cols) -> str:
    def part(lines) -> str:
        return ":".join(",".join(map(str, line)) or "0" for line in lines)

    return f"{part(rows)}-{part(cols)}"


def test_unequal_totals_offer_the_fix_and_open_it(qtbot) -> None:
    puzzle = read_file(samples_dir() / "jwilk-007-vulture.non")
    rows = list(puzzle.rows)
    rows[6] = (4, 3, 6, 1, 1)  # row 7 is 3 3 6 1 1
    text = _string(rows, puzzle.cols)
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000):
        dialog.accept()
        # the person clicks into the text while the search runs (the report comes later)
        cursor = dialog.edit.textCursor()
        cursor.setPosition(5)
        dialog.edit.setTextCursor(cursor)
    assert dialog.isVisible() and "totals must be equal" in dialog.message.text()
    first = dialog.typos.list.item(0).text()
    assert first.startswith("row 7: 4 \u2192 3 (4 3 6 1 1 becomes") and "100% likely" in first
    # The 100 % fix is chosen in the list (it sat unselected, Open with this fix greyed), as
    # the mistyped-file dialog and the colour Type Clues... choose it; the text box is left
    # as the person had it: the text, the cursor where they put it, nothing selected.
    assert dialog.typos.list.currentRow() == 0
    assert dialog.typos.apply_button.isEnabled() and dialog.typos.apply_button.isDefault()
    assert dialog.text() == text
    kept = dialog.edit.textCursor()
    assert kept.position() == 5 and not kept.hasSelection()
    assert dialog.focusWidget() is dialog.edit  # (moved by the person: the focus stays)
    assert marked_text(dialog.edit) == "4,3,6,1,1"  # the clue is marked, nothing more
    # a click on the chosen fix shows its clue in the string
    list_view = dialog.typos.list
    rect = list_view.visualItemRect(list_view.item(0))
    qtbot.mouseClick(list_view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert marked_text(dialog.edit) == "4,3,6,1,1"
    caret = dialog.edit.textCursor()
    assert caret.position() == text.index("4,3,6,1,1") + 9 and not caret.hasSelection()
    qtbot.mouseClick(dialog.typos.apply_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.result() == 1
    opened = dialog.puzzle()
    assert opened is not None and (opened.rows, opened.cols) == (puzzle.rows, puzzle.cols)
    assert dialog.text() == text  # what was typed is kept
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_typing_again_drops_the_suggestions(qtbot) -> None:
    dialog = PasteDialog(read_puzzle_text, "1:2-1:1")
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000):
        dialog.accept()
    assert not dialog.typos.isHidden()
    dialog.edit.setPlainText("1:1-1:1")
    assert dialog.typos.isHidden()
    dialog.accept()
    assert dialog.result() == 1 and dialog.puzzle().rows == ((1,), (1,))
    assert QThreadPool.globalInstance().waitForDone(10000)


def _two_typos() -> tuple[Puzzle, str]:
    """Vulture with two typos, each a number one too high: its clues and the typed string."""
    puzzle = read_file(samples_dir() / "jwilk-007-vulture.non")
    rows = list(puzzle.rows)
    rows[6] = (4, 3, 6, 1, 1)  # row 7 is 3 3 6 1 1
    rows[10] = (3, 1, 7, 6, 2)  # row 11 is 2 1 7 6 2: the totals differ by two
    return puzzle, _string(rows, puzzle.cols)


def _searched(qtbot, text: str) -> PasteDialog:
    """The Paste dialog with ``text`` pressed OK on, once its typo search is done."""
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=30000):
        dialog.accept()
    return dialog


def test_two_typos_are_offered_as_a_pair_and_made_together(qtbot) -> None:
    puzzle, text = _two_typos()
    dialog = _searched(qtbot, text)
    assert "Perhaps two typos" in dialog.typos.title.text()
    item = dialog.typos.list.item(0).text()
    assert item.startswith("row 7: 4 \u2192 3") and " and row 11: 3 \u2192 2" in item
    dialog.typos.select(0)
    qtbot.mouseClick(dialog.typos.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == 1
    opened = dialog.puzzle()
    assert opened is not None and (opened.rows, opened.cols) == (puzzle.rows, puzzle.cols)
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_the_first_of_two_typos_is_made_in_the_text_and_the_second_is_found(
    qtbot, monkeypatch
) -> None:
    # When no pair is found (here: none is tried), the edits that may be the first of two typos
    # are offered; the first is made in the text, which is read again.
    monkeypatch.setattr(finder, "MOST_PAIRS", 0)
    puzzle, text = _two_typos()
    dialog = _searched(qtbot, text)
    items = [dialog.typos.list.item(i).text() for i in range(dialog.typos.list.count())]
    assert items[0].startswith("row 7: 4 \u2192 3") and "one more clue" in items[0]
    dialog.typos.select(0)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=30000):
        qtbot.mouseClick(dialog.typos.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible()  # still no puzzle: the text has the first fix, read again
    assert dialog.text() == text.replace("4,3,6,1,1", "3,3,6,1,1")
    assert dialog.typos.list.item(0).text().startswith("row 11: 3 \u2192 2")
    dialog.typos.select(0)
    qtbot.mouseClick(dialog.typos.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == 1
    opened = dialog.puzzle()
    assert opened is not None and (opened.rows, opened.cols) == (puzzle.rows, puzzle.cols)
    dialog.edit.document().undo()  # the first fix was one undo step of the text
    assert dialog.text() == text
    assert QThreadPool.globalInstance().waitForDone(10000)
