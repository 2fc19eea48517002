"""A colour file with a whole clue line too many: the Check panel lists the line dropped as a
fix to take (it was said in the list's heading only, with nothing to apply: typo_box.line_fixes
gave nothing for a colour report), and Apply fix makes it in the colour editor's clues, the size
following, as one undo step (wired as the main window wires them)."""

from __future__ import annotations

from colour_red_blue import COLS, PALETTE, PICTURE, ROWS
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot

from nonostudio.analysis.typos.colour_lines import EXTRA, ColourLineFix
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.panels.check import CheckPanel
from nonostudio.gui.window.line_fix import apply_colour_line_fix, connect_colour_typo_fixes


def test_an_empty_colour_column_too_many_is_listed_and_apply_fix_drops_it(qtbot: QtBot) -> None:
    panel = CheckPanel(delay_ms=20)
    editor = ColourEditorView()
    for widget in (panel, editor):
        qtbot.addWidget(widget)
        widget.show()
    connect_colour_typo_fixes(panel, editor)
    editor.puzzleChanged.connect(panel.set_puzzle)
    typed = (*COLS[:4], (), *COLS[4:])  # a blank line too many: an empty column 5, no solution
    with qtbot.waitSignal(panel.typos.reportReady, timeout=20000):
        editor.set_puzzle(ColourPuzzle(PALETTE, ROWS, typed, title="Typed"))  # clues only
        panel.set_puzzle(editor.puzzle())
    suggestions = panel.typos.suggestions()
    assert len(suggestions) == 1 and isinstance(suggestions[0], ColourLineFix)
    fix = suggestions[0]
    assert (fix.kind, fix.axis, fix.index) == (EXTRA, "column", 4)
    assert (fix.rows, fix.cols) == (ROWS, COLS)
    assert (
        panel.typos.list.item(0)
        .text()
        .startswith("Column clues: 7 lines; column 5 is empty and seems to be one too many")
    )
    assert "dropped (empty, one too many) makes the clues one picture" in panel.typos.title.text()
    # the one fix found: chosen, its column marked, Apply fix one click
    assert panel.typos.list.currentRow() == 0 and panel.typos.apply_button.isEnabled()
    assert editor.grid.marked_lines() == (("column", 4),)
    panel.typos.apply_button.click()
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (ROWS, COLS)
    assert editor.picture_size() == (6, 5) and editor.state().cells == PICTURE
    editor.undo_stack().undo()  # one undo step
    assert editor.state().fixed == (ROWS, typed) and editor.picture_size() == (7, 5)
    # a fix found for other clues than those shown changes nothing
    stale = ColourLineFix(EXTRA, "column", 3, (), ROWS, COLS, True, PALETTE)
    assert not apply_colour_line_fix(editor, stale)
    assert editor.state().fixed == (ROWS, typed)
    panel.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)
