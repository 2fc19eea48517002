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


def test_the_dash_one_clue_early_is_listed_and_opens_the_row_taken_back(qtbot) -> None:
    """The Duck typed with its '-' one clue early (row 9's 2 typed as column 1): a column
    clue too long, 'No single edit of one clue makes the puzzle unique (1 tried)' and nothing
    to take. The row taken back is listed, the typed clue marked, and it opens the Duck."""
    duck = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"
    text = duck.replace(":2-1,2", "-2:1,2")
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000):
        dialog.accept()
    typos = dialog.typos
    listed = [typos.list.item(i).text() for i in range(typos.list.count())]
    assert listed == [
        "Row 9's clue 2 seems typed as column 1 (where the rows end and the columns begin, one "
        "clue too early): with it as row 9, the clues (9 rows, 8 columns) make one picture, "
        "line-solvable"
    ]
    assert typos.title.text() == (
        "No single edit of one clue makes the puzzle unique. A whole row taken back to its side "
        "of the rows and columns makes the clues one picture:"
    )
    assert typos.list.currentRow() == 0  # (the one fix: chosen)
    assert marked_text(dialog.edit) == "2"  # the clue as typed, after the '-'
    qtbot.keyClick(typos.list, Qt.Key.Key_Return)
    assert not dialog.isVisible() and dialog.result() == 1
    opened = dialog.puzzle()
    wanted = read_puzzle_text(duck)
    assert opened is not None and (opened.rows, opened.cols) == (wanted.rows, wanted.cols)
