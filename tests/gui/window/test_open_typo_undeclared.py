"""A colour ``.g`` file whose clue names a colour it does not declare (``2q`` for ``2b``) opens
with the declared colour that balances the totals offered in the typo dialog, as a mistyped
``.non`` letter does (it was an error box only); the fix opens the puzzle as the corrected file
reads.  When no declared colour balances them, the error box says so."""

from __future__ import annotations

from pathlib import Path

import pytest
from colour_red_blue import COLS, PALETTE, ROWS
from studio_window import record_message_boxes

from nonostudio.core.colour.model import ColourPuzzle, clues_of_colour_grid
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import read_any, read_any_text, write_text
from nonostudio.gui.dialogs.paste import marked_text
from nonostudio.gui.window.main_window import MainWindow
from nonostudio.gui.window.open_typo import OpenTypoDialog, open_typo_dialog

TEXT = write_text(ColourPuzzle(PALETTE, ROWS, COLS, title="Flag"), "g")


def _file(tmp_path: Path, clue: str = "2q 1r") -> Path:
    path = tmp_path / "flag.g"
    path.write_text(TEXT.replace("\n2b 1r\n", f"\n{clue}\n"))  # row 5, line 11
    return path


def _error(path: Path) -> PuzzleError:
    with pytest.raises(PuzzleError) as caught:
        read_any(path)
    return caught.value


def test_the_dialog_offers_the_declared_colour_and_opens_it(qtbot, tmp_path) -> None:
    path = _file(tmp_path)
    dialog = open_typo_dialog(None, path, _error(path))
    assert dialog is not None
    qtbot.addWidget(dialog)
    assert "does not declare" in dialog.prompt.text()
    assert "line 11, character 2 (row 5's clue)" in dialog.message.text()
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    first = dialog.typos.list.item(0).text()
    assert first.startswith("row 5: 2q \u2192 2b") and "100%" in first
    assert dialog.typos.list.currentRow() == 0  # selected: one click
    assert marked_text(dialog.edit) == "2q 1r"  # the mistyped line, marked
    dialog.typos.apply_button.click()
    puzzle = dialog.puzzle()
    corrected = read_any_text(TEXT, fmt="g")
    assert isinstance(puzzle, ColourPuzzle) and puzzle == corrected and puzzle.title == "Flag"


def test_file_open_opens_the_fix_modified_and_escape_opens_nothing(
    qtbot, window: MainWindow, tmp_path, monkeypatch
) -> None:
    path = _file(tmp_path)
    errors = record_message_boxes(monkeypatch)
    monkeypatch.setattr(OpenTypoDialog, "exec", lambda dialog: 0)  # Escape
    assert not window.files.open_file(path, ask=False)
    assert not errors and window.files.document.path != path

    def answer(dialog: OpenTypoDialog) -> int:
        qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
        dialog.typos.apply_button.click()  # the fix selected for the person
        return int(dialog.result())

    monkeypatch.setattr(OpenTypoDialog, "exec", answer)
    assert window.files.open_file(path, ask=False)
    assert not errors and window.files.document.path == path and window.files.is_modified()
    puzzle = window.files.current_puzzle()
    assert isinstance(puzzle, ColourPuzzle) and (puzzle.rows, puzzle.cols) == (ROWS, COLS)


def test_no_balancing_colour_shows_the_error_box_saying_so(
    window: MainWindow, tmp_path, monkeypatch
) -> None:
    path = _file(tmp_path, "3q 1r")
    errors = record_message_boxes(monkeypatch)
    monkeypatch.setattr(OpenTypoDialog, "exec", lambda dialog: pytest.fail("no dialog"))
    assert not window.files.open_file(path, ask=False)
    (box,) = errors
    assert "line 11, character 2 (row 5's clue)" in str(box)
    assert "No declared colour in its place makes every colour's row and column totals" in str(box)


def test_the_only_declared_colour_is_selected_though_several_pictures_fit(qtbot, tmp_path) -> None:
    """Two reds that can swap corners (two pictures) with row 3's blue typed '1q': blue is the
    only declared colour that balances the totals, but a fix after which several pictures fit
    has no likelihood, so it was left for the person to find and click (seen under Xvfb with
    r0023.g, 4c typed 4q: 'Open with this fix' greyed).  It is the one colour the file can
    mean: selected, its line too."""
    rows, cols = clues_of_colour_grid(((1, 0, 0), (0, 1, 0), (0, 0, 2)))
    text = write_text(ColourPuzzle(PALETTE, rows, cols, title="Corners"), "g")
    path = tmp_path / "corners.g"
    path.write_text(text.replace(": rows\n1r\n1r\n1b\n", ": rows\n1r\n1r\n1q\n"))
    dialog = open_typo_dialog(None, path, _error(path))
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    texts = [s.edit.text() for s in dialog.typos.suggestions()]
    assert texts == ["row 3: 1q \u2192 1b (1q becomes 1b)"]
    assert not dialog.typos.suggestions()[0].unique  # several pictures: no likelihood
    assert dialog.typos.list.currentRow() == 0 and dialog.typos.apply_button.isEnabled()
    assert marked_text(dialog.edit) == "1q"
