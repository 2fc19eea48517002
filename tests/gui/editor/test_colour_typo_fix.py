"""A colour file typed with a mistake, opened in the studio: the Check panel decides it, looks
for the typo as it does for black and white (the problem in words, the likely fix first, its
line marked on the grid when selected), and Apply fix makes the edit in the colour editor as
one undo step (the picture then shows)."""

from __future__ import annotations

from pathlib import Path

from colour_red_blue import PALETTE, PICTURE

from nonostudio.core.colour.model import ColourPuzzle, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.solver import Verdict
from nonostudio.gui.window.main_window import MainWindow


def test_check_finds_a_colour_typo_and_apply_fix_mends_the_clues(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    rows, cols = clues_of_colour_grid(PICTURE)
    typed = (*rows[:4], (rows[4][1], rows[4][0]))  # row 5's 2b 1r as 1r 2b: no solution
    path = tmp_path / "typed.xml"
    write_file(ColourPuzzle(PALETTE, typed, cols, title="Typed"), path)  # clues only
    assert window.files.open_file(path, ask=False)
    panel, editor = window.check_panel, window.colour_editor
    assert editor.state().fixed == (typed, cols)  # no picture: the file's clues
    qtbot.waitUntil(lambda: panel.typos.report() is not None, timeout=20000)
    result = panel.result()
    assert result is not None and result.verdict is Verdict.NO_SOLUTION
    assert panel.detail_label.text().startswith("No solution: ")
    assert "cannot hold" in panel.detail_label.text()
    first = panel.typos.suggestions()[0]
    assert first.edit.line_name == "row 5" and first.unique
    assert panel.typos.list.item(0).text().startswith("row 5: swap 1r and 2b")
    panel.typos.select(0)
    assert editor.grid.marked_lines() == (("row", 4),)  # the line the fix changes, marked
    assert panel.typos.apply_button.isEnabled()
    panel.typos.apply_button.click()
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    fixed = editor.puzzle()
    assert fixed is not None and (fixed.rows, fixed.cols) == (rows, cols)
    assert editor.state().fixed is None and editor.state().cells == PICTURE  # the picture shows
    assert not editor.note.isVisible()
    editor.undo_stack().undo()  # one undo step
    assert editor.state().fixed == (typed, cols)
