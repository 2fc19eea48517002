"""Paste Puzzle String: a puzzle opened with a typo fix keeps the title, author, copyright and
licence typed with its clues (they were dropped: the fixed puzzle was made from the clues
alone), for black-and-white and colour text."""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.dialogs.paste import PasteDialog
from nonostudio.gui.window.file_commands import read_puzzle_text

HEAD = 'title "Harbour"\nauthor "A. Setter"\ncopyright "(c) 2026 A. Setter"\nlicense "CC-BY"\n'
# A 5x5 picture: rows 2, 1 1, 5, 1 1, 2 (row 3 typed as 4) and its columns.
BW = HEAD + "width 5\nheight 5\n\nrows\n2\n1,1\n4\n1,1\n2\n\ncolumns\n3\n1,1,1\n1,1,1\n1\n3\n"
COLOUR = (
    HEAD
    + "width 3\nheight 2\ncolor r #d62728 red\ncolor b #1f77b4 blue\n\n"
    + "rows\n3r\n1b\n\ncolumns\n1r\n1r\n1b\n"  # row 1 is 2r: the red totals differ
)


def _open_first_fix(qtbot, text: str) -> Puzzle | ColourPuzzle:
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000):
        dialog.accept()
    assert dialog.isVisible() and dialog.typos.list.count() > 0
    dialog.typos.select(0)
    qtbot.mouseClick(dialog.typos.apply_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.result() == 1
    assert QThreadPool.globalInstance().waitForDone(10000)
    opened = dialog.puzzle()
    assert opened is not None
    return opened


def _assert_kept(puzzle: Puzzle | ColourPuzzle) -> None:
    assert puzzle.title == "Harbour"
    assert puzzle.author == "A. Setter"
    assert puzzle.copyright == "(c) 2026 A. Setter"
    assert puzzle.licence == "CC-BY"


def test_a_black_and_white_puzzle_fixed_keeps_its_title(qtbot) -> None:
    opened = _open_first_fix(qtbot, BW)
    assert isinstance(opened, Puzzle)
    _assert_kept(opened)


def test_a_colour_puzzle_fixed_keeps_its_title(qtbot) -> None:
    opened = _open_first_fix(qtbot, COLOUR)
    assert isinstance(opened, ColourPuzzle)
    _assert_kept(opened)
