"""A colour .non with a clue line left out, opened with File > Open: the mistyped-file dialog
lists the colour line put back (the reader keeps the colour clues and the declared size, as the
black-and-white reader does), the prompt says a row seems left out, and the fix opens the
picture's clues.  Before, only an error box named the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.formats import read_any
from nonostudio.gui.window.open_typo import open_typo_dialog
from tests.core.test_colour_non_line_count import mistyped_text, picture_puzzle


def test_a_colour_row_left_out_is_offered_put_back_and_opens(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "bows.non"
    path.write_text(mistyped_text(4, doubled=False))
    text = path.read_text()
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_any(path)
    dialog = open_typo_dialog(None, path, caught.value)
    assert dialog is not None  # (None before: the error box only)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    listed = [dialog.typos.list.item(i).text() for i in range(dialog.typos.list.count())]
    assert len(listed) == 1 and "with 1r 2g put in as row 4" in listed[0]
    prompt = dialog.prompt.text()
    assert "declares a size of 8x8 but has 7 row clue lines: a row seems left out" in prompt
    assert "Open it with the fix below" in prompt
    assert dialog.typos.list.currentRow() == 0 and dialog.typos.apply_button.isEnabled()
    dialog.typos.apply_button.click()
    puzzle, want = dialog.puzzle(), picture_puzzle()
    assert isinstance(puzzle, ColourPuzzle)
    assert (puzzle.rows, puzzle.cols) == (want.rows, want.cols) and puzzle.title == "Bows"
    assert path.read_text() == text  # (saved only when asked)


def test_a_colour_row_typed_twice_lists_only_fixes_of_the_declared_size(qtbot, tmp_path) -> None:
    """The dialog's search is given the size the file declares (as check and solve do): only a
    line dropped is offered, no single edit of the 9-row clues (9x9 column fixes were listed
    beside the right one before)."""
    path = tmp_path / "bows.non"
    path.write_text(mistyped_text(3, doubled=True))
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_any(path)
    dialog = open_typo_dialog(None, path, caught.value)
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    listed = [dialog.typos.list.item(i).text() for i in range(dialog.typos.list.count())]
    assert len(listed) == 1 and "seems to be typed twice (rows 3 and 4)" in listed[0], listed
    dialog.typos.list.setCurrentRow(0)
    dialog.typos.apply_button.click()
    puzzle, want = dialog.puzzle(), picture_puzzle()
    assert isinstance(puzzle, ColourPuzzle)
    assert (puzzle.rows, puzzle.cols) == (want.rows, want.cols)
