"""A .non file with a whole clue line left out or typed twice, opened with File > Open or named
on the command line: the mistyped-file dialog searches with the size the file declares (as
``check`` does) and lists the line put back or dropped as a fix, with its sentence; one found
alone is chosen, Enter opens the mended clues, and the file stays as it was.

Dancer (webpbn #1, 5x10) shows why the size matters: with row 7 left out, the 9x5 clues are
made unique by one single edit ("column 3: 7 → 5", 100 %), which the dialog chose for the
person; with row 2 typed twice, by "column 5: add a 3" (100 %)."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import MagicMock

import pytest
from PySide6.QtCore import Qt

from nonostudio.analysis.typos import Suggestion
from nonostudio.analysis.typos.lines import DOUBLED, MISSING, LineFix
from nonostudio.core.clue_text import clue_to_text
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.formats import read_any, read_file
from nonostudio.core.formats.non import LineCountError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import samples_dir
from nonostudio.gui.dialogs.paste import marked_text
from nonostudio.gui.window.open_typo import OpenTypoDialog, offer_fix, open_typo_dialog

DANCER = samples_dir() / "webpbn-00001-dancer.non"


def _dancer() -> Puzzle:
    return read_file(DANCER)


def _file(tmp_path: Path, row: int, doubled: bool) -> Path:
    """Dancer's file with row ``row`` (1-based) left out or typed twice."""
    lines = DANCER.read_text().split("\n")
    at = lines.index("rows") + row
    if doubled:
        lines.insert(at, lines[at])
    else:
        del lines[at]
    path = tmp_path / "dancer.non"
    path.write_text("\n".join(lines))
    return path


def _error(path: Path) -> InconsistentPuzzleError:
    with pytest.raises(InconsistentPuzzleError) as caught:
        read_any(path)
    assert getattr(caught.value, "size", None) == (5, 10)  # (the reader keeps the size)
    return caught.value


def _offered(qtbot, path: Path) -> OpenTypoDialog:
    dialog = open_typo_dialog(None, path, _error(path))
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    return dialog


def test_a_row_left_out_is_offered_put_back_and_enter_opens_it(qtbot, tmp_path) -> None:
    path = _file(tmp_path, 7, doubled=False)  # row 7 is 2
    text = path.read_text()
    dialog = _offered(qtbot, path)
    listed = [dialog.typos.list.item(i).text() for i in range(dialog.typos.list.count())]
    assert listed == [
        "Row clues: 9 lines; one seems to be missing after row 6: with 2 put in as row 7, the "
        "clues (10 rows, 5 columns) make one picture, line-solvable"
    ]
    # the prompt says what was found: a row left out, one fix
    prompt = dialog.prompt.text()
    assert "declares a size of 5x10 but has 9 row clue lines: a row seems left out" in prompt
    assert "Open it with the fix below" in prompt and "likely fixes" not in prompt
    # found alone: chosen, the row before the place marked in the file's text, Enter opens it
    assert dialog.typos.list.currentRow() == 0 and dialog.typos.apply_button.isDefault()
    assert marked_text(dialog.edit) == "1,1"  # row 6, after which row 7 goes
    assert dialog.focusWidget() is dialog.typos.list
    qtbot.keyClick(dialog.typos.list, Qt.Key.Key_Return)
    puzzle = dialog.puzzle()
    assert isinstance(puzzle, Puzzle) and (puzzle.rows, puzzle.cols) == (
        _dancer().rows,
        _dancer().cols,
    )
    assert puzzle.title == _dancer().title  # (the file's title is kept)
    assert dialog.text() == text and path.read_text() == text


def test_a_row_typed_twice_is_offered_dropped_and_opens_as_the_files_modified_puzzle(
    qtbot, tmp_path, monkeypatch
) -> None:
    path = _file(tmp_path, 2, doubled=True)  # row 2, 2 1, typed twice
    text = path.read_text()
    shown: list[str] = []

    def answer(dialog: OpenTypoDialog) -> int:
        qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
        shown.extend(dialog.typos.list.item(i).text() for i in range(dialog.typos.list.count()))
        assert dialog.typos.list.currentRow() == 0  # (the one fix: chosen)
        dialog.typos.apply_button.click()
        return int(dialog.result())

    monkeypatch.setattr(OpenTypoDialog, "exec", answer)
    fixed = offer_fix(None, path, _error(path))
    assert shown == [
        "Row clues: 11 lines; row 2's clue 2 1 seems to be typed twice (rows 2 and 3): without "
        "one of them, the clues (10 rows, 5 columns) make one picture, line-solvable"
    ]
    assert isinstance(fixed, tuple)
    puzzle, document = fixed
    assert (puzzle.rows, puzzle.cols) == (_dancer().rows, _dancer().cols)
    assert document.path == path and path.read_text() == text  # saved only when asked


def test_a_line_fix_is_chosen_only_when_it_is_the_one_fix_found() -> None:
    """A line fix has no share of likelihood: alone it is the one fix found; two clues for one
    missing line (or a line fix beside pairs of edits) are the person's to choose."""
    from nonostudio.gui.common.typo_box import clearly_likeliest, lines_of

    rows, cols = _dancer().rows, _dancer().cols
    put_back = LineFix(MISSING, "row", 6, (2,), rows, cols, True)
    other = LineFix(MISSING, "row", 6, (1, 1), rows, cols, True)
    pair = MagicMock(spec=Suggestion)
    pair.unique, pair.one_more_typo, pair.is_pair, pair.confidence = True, False, True, 1.0
    assert clearly_likeliest([put_back])
    assert not clearly_likeliest([put_back, other])
    assert not clearly_likeliest([put_back, pair])
    # the lines marked: either side of a line put back (one at an end), both copies of a line
    # typed twice, in the typed clues' numbering
    assert lines_of(put_back) == (("row", 5), ("row", 6))
    assert lines_of(LineFix(MISSING, "row", 0, (2,), rows, cols, True)) == (("row", 0),)
    assert lines_of(LineFix(MISSING, "row", 9, (2,), rows, cols, True)) == (("row", 8),)
    assert lines_of(LineFix(DOUBLED, "column", 1, (7,), rows, cols, True)) == (
        ("column", 1),
        ("column", 2),
    )


def test_a_nin_line_left_out_that_could_be_a_row_or_a_column_offers_the_fix_and_opens_it(
    qtbot, tmp_path
) -> None:
    # Dancer as .nin (width first) with column 1 (2 1) left out: a row left out fits the
    # clues too, so the reader could not tell which; it was an error box, no fix offered
    dancer = _dancer()
    lines = [clue_to_text(c) for c in (*dancer.rows, *dancer.cols)]
    path = tmp_path / "dancer.nin"
    path.write_text("\n".join(["5 10", *lines[:10], *lines[11:]]) + "\n")
    with pytest.raises(LineCountError) as caught:
        read_any(path)
    assert len(caught.value.readings) == 2
    dialog = open_typo_dialog(None, path, caught.value)
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.typos.report() is not None, timeout=20000)
    assert "has 14 clue lines, not 15: a row or a column seems left out" in dialog.prompt.text()
    listed = [dialog.typos.list.item(i).text() for i in range(dialog.typos.list.count())]
    assert listed == [
        "Column clues: 4 lines; one seems to be missing before column 1: with 2 1 put in as "
        "column 1, the clues (10 rows, 5 columns) make one picture, line-solvable"
    ]
    # chosen, column 1 as the column reading reads it marked (line 12: 2 1 3), not row 10's
    assert dialog.typos.list.currentRow() == 0
    assert marked_text(dialog.edit) == "2 1 3"
    dialog.typos.apply_button.click()
    puzzle = dialog.puzzle()
    assert isinstance(puzzle, Puzzle) and (puzzle.rows, puzzle.cols) == (dancer.rows, dancer.cols)
