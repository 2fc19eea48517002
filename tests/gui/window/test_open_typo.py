"""A file whose clues read but make no picture (a typo), opened with File > Open or named on the
command line: the likely typos are offered as Paste Puzzle String offers them (it used to be an
error box only), the fix opens as the file's puzzle, modified, and a colour the typo made up is
not kept in the palette."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import MagicMock

import pytest
from colour_red_blue import COLS, PALETTE, ROWS
from PySide6.QtCore import Qt
from studio_window import record_message_boxes

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.formats import read_any, write_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.dialogs.paste import marked_text
from nonostudio.gui.window.main_window import MainWindow
from nonostudio.gui.window.open_typo import OpenTypoDialog, clearly_likeliest, open_typo_dialog


def _colour_typo_file(tmp_path: Path) -> Path:
    """The red and blue flag as a .non file whose row 4 reads '2q,1r' for '2r,1r'."""
    text = write_text(ColourPuzzle(PALETTE, ROWS, COLS, title="Flag"), "non")
    assert "\n2r,1r\n" in text
    path = tmp_path / "flag.non"
    path.write_text(text.replace("\n2r,1r\n", "\n2q,1r\n", 1))
    return path


def _bw_typo_file(tmp_path: Path) -> Path:
    """A 4x3 black-and-white .non whose row 2 clue is one too high (3 for 2)."""
    path = tmp_path / "tee.non"
    path.write_text('title "Tee"\nwidth 4\nheight 3\n\nrows\n4\n3\n1\n\ncolumns\n1\n3\n2\n1\n')
    return path


def _error(path: Path) -> InconsistentPuzzleError:
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_any(path)
    return caught.value


def _offered(qtbot, path: Path) -> OpenTypoDialog:
    dialog = open_typo_dialog(None, path, _error(path))
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    return dialog


def test_a_mistyped_colour_file_offers_the_fix_without_the_made_up_colour(qtbot, tmp_path) -> None:
    dialog = _offered(qtbot, _colour_typo_file(tmp_path))
    assert "cells of q" in dialog.message.text()  # the problem named, as the reader said it
    first = dialog.typos.list.item(0).text()
    assert first.startswith("row 4: 2q \u2192 2r") and "100%" in first
    assert dialog.typos.list.currentRow() == 0  # the likeliest fix is selected: one click
    assert marked_text(dialog.edit) == "2q,1r"  # its line in the file's text, marked
    assert not dialog.edit.textCursor().hasSelection()  # (not selected: see below)
    dialog.typos.apply_button.click()
    puzzle = dialog.puzzle()
    assert isinstance(puzzle, ColourPuzzle)
    assert (puzzle.rows, puzzle.cols) == (ROWS, COLS) and puzzle.title == "Flag"
    # q existed only because of the typo: reading the corrected text has no q, nor has the fix
    assert [c.name for c in puzzle.palette] == [c.name for c in PALETTE]


def test_enter_opens_with_the_fix_chosen_and_reads_the_text_once_it_is_edited(
    qtbot, tmp_path
) -> None:
    """Enter in the list of fixes, with one chosen, opened the text as typed (Open was the
    default button): the typo kept, the dialog saying so again.  Now it opens with the fix."""
    dialog = _offered(qtbot, _colour_typo_file(tmp_path))
    assert dialog.typos.list.currentRow() == 0  # (preselected: 100 %)
    assert dialog.typos.apply_button.isDefault() and not dialog.ok_button.isDefault()
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.typos.list.setFocus()
    qtbot.keyClick(dialog.typos.list, Qt.Key.Key_Return)
    puzzle = dialog.puzzle()
    assert isinstance(puzzle, ColourPuzzle) and (puzzle.rows, puzzle.cols) == (ROWS, COLS)
    # the text edited: the fixes go, and Enter reads the text again
    dialog = _offered(qtbot, _colour_typo_file(tmp_path))
    dialog.edit.insertPlainText(" ")
    assert dialog.ok_button.isDefault() and not dialog.typos.apply_button.isDefault()


def test_enter_after_the_search_opens_with_the_chosen_fix_and_types_over_nothing(
    qtbot, tmp_path
) -> None:
    """The chosen fix's clue was selected in the file's text while the text box had the focus:
    Enter typed a newline over it (the fixes then dropped as the text changed).  The clue is
    marked, not selected, and the focus is on the list of fixes, where Enter opens with it."""
    path = _colour_typo_file(tmp_path)
    text = path.read_text()
    dialog = open_typo_dialog(None, path, _error(path))
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.show()  # (shown as the search runs, as File > Open shows it)
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    assert dialog.typos.list.currentRow() == 0  # (chosen: 100 %)
    assert marked_text(dialog.edit) == "2q,1r" and not dialog.edit.textCursor().hasSelection()
    assert dialog.focusWidget() is dialog.typos.list
    qtbot.keyClick(dialog.focusWidget(), Qt.Key.Key_Return)  # the person presses Enter
    assert dialog.text() == text  # the file's text as it was
    puzzle = dialog.puzzle()
    assert isinstance(puzzle, ColourPuzzle) and (puzzle.rows, puzzle.cols) == (ROWS, COLS)


def test_no_fix_is_selected_when_none_is_clearly_likeliest_and_a_chosen_one_shows_its_line(
    qtbot, tmp_path
) -> None:
    """The tee's three one-number fixes are a third likely each: none is selected (the first
    was, at 33 %, one click from opening a puzzle other than the one typed); the one chosen
    shows its clue's line in the black-and-white file's text, as a colour file's does."""
    dialog = _offered(qtbot, _bw_typo_file(tmp_path))
    assert [s.confidence for s in dialog.typos.suggestions()] == pytest.approx([1 / 3] * 3)
    assert dialog.typos.list.currentRow() == -1
    assert not dialog.typos.apply_button.isEnabled()
    first = dialog.typos.list.item(0).text()
    assert first.startswith("row 2: 3 \u2192 2")
    dialog.typos.select(0)
    cursor = dialog.edit.textCursor()
    assert marked_text(dialog.edit) == "3" and not cursor.hasSelection()
    assert cursor.blockNumber() == 6  # line 7 of the file: row 2's clue, the caret after it
    assert dialog.typos.apply_button.isEnabled()


def test_the_rule_for_selecting_the_first_fix() -> None:
    """Selected only when more likely than all the others together."""
    from nonostudio.analysis.typos import Suggestion

    def rated(confidence: float) -> Suggestion:
        suggestion = MagicMock(spec=Suggestion)
        suggestion.unique, suggestion.one_more_typo, suggestion.is_pair = True, False, False
        suggestion.confidence = confidence
        return suggestion

    assert clearly_likeliest([rated(0.67), rated(0.33)])
    assert not clearly_likeliest([rated(0.5), rated(0.5)])
    assert not clearly_likeliest([rated(0.26), rated(0.25), rated(0.25), rated(0.24)])
    assert not clearly_likeliest([])


def test_a_file_that_reads_or_fails_otherwise_offers_nothing(tmp_path) -> None:
    path = _bw_typo_file(tmp_path)
    not_a_typo = InconsistentPuzzleError("no clues kept")  # no clues: nothing to search
    assert open_typo_dialog(None, path, not_a_typo) is None


def test_file_open_offers_the_fix_and_opens_it_as_the_files_modified_puzzle(
    qtbot, window: MainWindow, tmp_path, monkeypatch
) -> None:
    path = _bw_typo_file(tmp_path)
    errors = record_message_boxes(monkeypatch)  # an error box (as before) is recorded, not shown
    # cancelled: nothing opens and no error box follows the offer
    monkeypatch.setattr(OpenTypoDialog, "exec", lambda dialog: 0)
    assert not window.files.open_file(path, ask=False)
    assert not errors and window.files.document.path != path
    shown: list[str] = []

    def answer(dialog: OpenTypoDialog) -> int:
        qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
        shown.append(dialog.typos.list.item(0).text())
        dialog.typos.select(0)  # (a third likely: not selected for the person)
        dialog.typos.apply_button.click()
        return int(dialog.result())

    monkeypatch.setattr(OpenTypoDialog, "exec", answer)
    assert window.files.open_file(path, ask=False)
    assert not errors and shown and shown[0].startswith("row 2: 3 \u2192 2")
    puzzle = window.editor.puzzle()
    assert isinstance(puzzle, Puzzle) and puzzle.rows == ((4,), (2,), (1,))
    assert window.files.document.path == path and window.files.is_modified()
