"""A big black-and-white picture opens with its clues and cells in sight in the editor, not the
empty room Draw mode keeps for longer clues.  Seen under Xvfb at 1024x600: a new 100x100 (the
size boxes, then New puzzle) showed a blank grey view, the grid scrolled out of sight; a 40x40
showed its top left corner under 240 pixels of empty room."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from nonostudio.gui.editor.view import EditorView


def _in_sight(editor: EditorView, row: int, col: int) -> bool:
    """Whether cell (row, col) is inside the scroll area's view."""
    area = editor.ui.scroll
    rect = editor.grid.cell_rect(row, col)
    top_left = editor.grid.mapTo(area.viewport(), rect.topLeft())
    return area.viewport().rect().contains(top_left)


def test_a_new_big_picture_and_a_switch_to_draw_show_the_clues_and_cells(qtbot: QtBot) -> None:
    editor = EditorView()
    qtbot.addWidget(editor)
    editor.resize(640, 420)  # the editor's share of a 1024x600 window
    editor.show()
    qtbot.waitExposed(editor)
    editor.new_puzzle(100, 100)
    area = editor.ui.scroll
    (x0, left), (y0, top) = editor.grid.clue_bands()
    assert x0 > area.viewport().width() and y0 > area.viewport().height()  # room > the view
    qtbot.waitUntil(lambda: _in_sight(editor, 0, 0), timeout=2000)
    assert (area.horizontalScrollBar().value(), area.verticalScrollBar().value()) == (x0, y0)
    # Type clues needs no room; back to Draw it is kept again, and the view follows
    editor.ui.clues_radio.click()
    editor.ui.draw_radio.click()
    qtbot.waitUntil(
        lambda: area.horizontalScrollBar().value() == editor.grid.clue_bands()[0][0], timeout=2000
    )
    assert _in_sight(editor, 0, 0)
