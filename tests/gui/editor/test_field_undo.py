"""The colour editor's title and author are undone from the Edit menu (the editor's undo stack)
as its strokes are: typing on in one field is one step, Ctrl+Z in the field undoes the stack."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.gui.editor.colour.view import ColourEditorView

PICTURE = ((1, 1, 0), (0, 1, 1))


def test_colour_title_and_author_are_undone_in_turn(qtbot) -> None:
    rows, cols = clues_of_colour_grid(PICTURE)
    palette = Palette((WHITE, Colour("red", "#d62728", "r")))
    puzzle = ColourPuzzle(palette, rows, cols, title="Steps", goal=PICTURE)
    editor = ColourEditorView()
    qtbot.addWidget(editor)
    editor.set_puzzle(puzzle)
    title, author = editor.meta_edits["title"], editor.meta_edits["author"]
    assert title.cursorPosition() == 0  # an opened field shows its start
    title.end(False)  # (a click after the text)
    qtbot.keyClicks(title, " up")
    qtbot.keyClicks(author, "Ann")
    assert (editor.puzzle().title, editor.puzzle().author) == ("Steps up", "Ann")
    stack = editor.undo_stack()
    assert stack.count() == 2
    stack.undo()
    assert author.text() == "" and editor.puzzle().author == ""
    title.setFocus()
    qtbot.keyClick(title, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert title.text() == "Steps" and not editor.is_modified()
    qtbot.keyClick(
        title, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert editor.puzzle().title == "Steps up" and editor.is_modified()
