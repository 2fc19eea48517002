"""The editor keeps a black-and-white puzzle's notes (free text of its file, which it does not
show) in the puzzle it makes from an edited picture or typed clues, and in its autosave: saving
after an edit dropped them."""

from __future__ import annotations

import json

import numpy as np
from PySide6.QtCore import Qt

from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor.view import EditorView

NOTES = '# from the class of 3B\ncatalogue "class #7"'


def test_an_edited_picture_keeps_the_notes(qtbot, editor: EditorView) -> None:
    goal = np.array([[1, 1, 0], [0, 1, 0]], dtype=np.int8)
    editor.set_puzzle(Puzzle.from_grid(goal, title="Hook").with_meta(notes=NOTES))
    assert editor.puzzle().notes == NOTES
    pos = editor.grid.cell_rect(1, 2).center()
    qtbot.mouseClick(editor.grid, Qt.MouseButton.LeftButton, pos=pos)
    edited = editor.puzzle()
    assert edited.rows == ((2,), (2,)) and edited.notes == NOTES
    state = json.loads(json.dumps(editor.snapshot()))
    other = EditorView()
    qtbot.addWidget(other)
    other.restore_snapshot(state)
    assert other.puzzle() == edited and other.puzzle().notes == NOTES


def test_typed_clues_keep_the_notes(qtbot, editor: EditorView) -> None:
    editor.set_puzzle(Puzzle(((1,), ()), ((1,), ()), title="Dot", notes=NOTES))
    assert editor.mode() == "clues"
    editor.ui.rows_edit.setPlainText("0\n1")
    editor.ui.cols_edit.setPlainText("0\n1")
    puzzle = editor.puzzle()
    assert puzzle.rows == ((), (1,)) and puzzle.notes == NOTES
