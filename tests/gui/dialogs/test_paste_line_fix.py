"""Paste Puzzle String with a whole clue line left out: the line put back is listed as a fix with
its sentence, before the pairs of edits also found, and opens the mended clues.  It was said only
in the list's heading, with no way to take it: the list held the pairs alone."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nonostudio.core.formats import read_file
from nonostudio.core.samples import samples_dir
from nonostudio.gui.dialogs.paste import PasteDialog, marked_text
from nonostudio.gui.window.file_commands import read_puzzle_text


def _string(rows, cols) -> str:
    def part(lines) -> str:
        return ":".join(",".join(map(str, line)) or "0" for line in lines)

    return f"{part(rows)}-{part(cols)}"


def test_a_row_left_out_is_listed_first_and_opens_put_back(qtbot) -> None:
    dancer = read_file(samples_dir() / "webpbn-00001-dancer.non")
    text = _string(dancer.rows[:3] + dancer.rows[4:], dancer.cols)  # row 4, 3, left out
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000) as found:
        dialog.accept()
    assert "totals must be equal" in dialog.message.text()
    pairs = found.args[0].pairs()
    assert pairs  # (two typos are offered too)
    typos = dialog.typos
    listed = [typos.list.item(i).text() for i in range(typos.list.count())]
    assert listed[0] == (
        "Row clues: 9 lines; one seems to be missing after row 3: with 3 put in as row 4, the "
        "clues (10 rows, 5 columns) make one picture, line-solvable"
    )
    assert len(listed) == 1 + len(pairs) and all("together" in t for t in listed[1:])
    assert typos.title.text().startswith(
        "No single edit of one clue makes the puzzle unique. A whole row put back makes the "
        "clues one picture (listed first). Perhaps two typos:"
    )
    assert typos.list.currentRow() == -1  # (beside other fixes: the person chooses)
    rect = typos.list.visualItemRect(typos.list.item(0))
    qtbot.mouseClick(typos.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert marked_text(dialog.edit) == "1,1"  # row 3, after which row 4 goes
    assert typos.apply_button.isDefault()
    qtbot.keyClick(typos.list, Qt.Key.Key_Return)  # Enter opens with the fix chosen
    assert not dialog.isVisible() and dialog.result() == 1
    opened = dialog.puzzle()
    assert opened is not None and (opened.rows, opened.cols) == (dancer.rows, dancer.cols)
    assert dialog.text() == text  # what was typed is kept
