"""Paste Puzzle String takes colour text (webpbn XML, ``.g``, TOML) as the window reads it: a
colour puzzle opens; a mistake in it is named by line and character and selected; colour clues
whose totals differ get the colour typo search (the selected fix's clue selected in the text),
and Open with this fix opens the mended puzzle."""

from __future__ import annotations

import pytest
from colour_red_blue import COLS, PALETTE, ROWS
from PySide6.QtCore import Qt, QThreadPool

from nonostudio.core.colour.model import ColourPuzzle, clue_text
from nonostudio.core.formats import write_text
from nonostudio.gui.dialogs.paste import PasteDialog, marked_text
from nonostudio.gui.window.file_commands import read_puzzle_text


def _g_text(rows=ROWS, cols=COLS) -> str:
    lines = ["typed", "#d", "   0:   #FFFFFF   white", "   r:r   #D62728   red"]
    lines += ["   b:b   #1F77B4   blue", ": rows"]
    lines += [clue_text(c, PALETTE) for c in rows] + [": columns"]
    return "\n".join([*lines, *(clue_text(c, PALETTE) for c in cols)]) + "\n"


def _dialog(qtbot, text: str) -> PasteDialog:
    dialog = PasteDialog(read_puzzle_text, text)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def _toml_text() -> str:
    def clues(lines) -> str:
        return '"""\n' + "\n".join(clue_text(c, PALETTE) for c in lines) + '\n"""'

    return (
        "[colors]\ndefs = [\n    'r = (red) *',\n    'b = (blue) %',\n]\n\n[clues]\n"
        f"rows = {clues(ROWS)}\ncolumns = {clues(COLS)}\n"
    )


@pytest.mark.parametrize("fmt", ["g", "xml", "non", "toml"])
def test_colour_text_opens_as_a_colour_puzzle(qtbot, fmt: str) -> None:
    puzzle = ColourPuzzle(PALETTE, ROWS, COLS, title="Flag")
    texts = {"g": _g_text, "toml": _toml_text}
    text = texts[fmt]() if fmt in texts else write_text(puzzle, fmt)
    dialog = _dialog(qtbot, text)
    dialog.accept()
    opened = dialog.puzzle()
    assert not dialog.isVisible() and isinstance(opened, ColourPuzzle)
    assert (opened.rows, opened.cols) == (ROWS, COLS)
    assert [c.name for c in opened.palette][1:] == ["red", "blue"]


def test_a_mistake_in_colour_text_is_named_and_selected(qtbot) -> None:
    text = _g_text().replace(f"\n{clue_text(ROWS[1], PALETTE)}\n", "\n2x\n", 1)
    dialog = _dialog(qtbot, text)
    dialog.accept()
    assert dialog.isVisible() and dialog.puzzle() is None
    message = dialog.message.text()
    assert "line 8, character 2 (row 2's clue)" in message  # the letter
    assert "no colour letter declared" in message and "(declared: b, r)" in message
    assert dialog.edit.textCursor().selectedText() == "x"


def test_unequal_colour_totals_offer_the_fix_and_open_it(qtbot) -> None:
    (n, c), *rest = ROWS[2]
    rows = (*ROWS[:2], ((n + 1, c), *rest), *ROWS[3:])
    text = _g_text(rows)
    dialog = _dialog(qtbot, text)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000):
        dialog.accept()
    assert dialog.isVisible() and "the totals of each colour must be equal" in (
        dialog.message.text()
    )
    first = dialog.typos.list.item(0).text()
    assert first.startswith(f"row 3: {n + 1}{PALETTE[c].char} \u2192 {n}{PALETTE[c].char}")
    assert dialog.typos.list.currentRow() == 0  # chosen for the person: clearly the likeliest
    # the line of the text the clue was read from is marked, not selected (a key replaced it)
    assert marked_text(dialog.edit) == clue_text(rows[2], PALETTE)
    assert not dialog.edit.textCursor().hasSelection()
    # a click on the fix shows that line: the caret after it
    rect = dialog.typos.list.visualItemRect(dialog.typos.list.item(0))
    qtbot.mouseClick(dialog.typos.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert marked_text(dialog.edit) == clue_text(rows[2], PALETTE)
    assert dialog.edit.textCursor().position() == text.index(clue_text(rows[2], PALETTE)) + len(
        clue_text(rows[2], PALETTE)
    )
    assert not dialog.edit.textCursor().hasSelection()
    qtbot.mouseClick(dialog.typos.apply_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.result() == 1
    opened = dialog.puzzle()
    assert isinstance(opened, ColourPuzzle) and (opened.rows, opened.cols) == (ROWS, COLS)
    assert dialog.text() == text  # what was typed is kept
    assert QThreadPool.globalInstance().waitForDone(10000)


def test_a_colour_row_left_out_is_offered_as_a_fix_and_opens(qtbot) -> None:
    """A .g typed with row 2 left out: the line put back was said in the heading only (no fix
    to take, typo_box.line_fixes gave nothing for colour); now it is the fix listed, chosen,
    and Open with this fix opens the clues with it."""
    from nonostudio.analysis.typos.colour_lines import ColourLineFix

    text = _g_text((ROWS[0], *ROWS[2:]))
    dialog = _dialog(qtbot, text)
    with qtbot.waitSignal(dialog.typos.reportReady, timeout=20000):
        dialog.accept()
    assert dialog.isVisible()
    fixes = dialog.typos.suggestions()
    assert len(fixes) == 1 and isinstance(fixes[0], ColourLineFix)
    assert dialog.typos.list.item(0).text() == (
        f"Row clues: 4 lines; one seems to be missing after row 1: with "
        f"{clue_text(ROWS[1], PALETTE)} put in as row 2, the clues (5 rows, 6 columns) make one "
        "picture, line-solvable"
    )
    assert dialog.typos.list.currentRow() == 0  # the one fix found: chosen
    qtbot.mouseClick(dialog.typos.apply_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible() and dialog.result() == 1
    opened = dialog.puzzle()
    assert isinstance(opened, ColourPuzzle) and (opened.rows, opened.cols) == (ROWS, COLS)
    assert dialog.text() == text
    assert QThreadPool.globalInstance().waitForDone(10000)
