"""The editor's status line and undo steps name a cell as the picture has it: while drawing, a
cell not painted is "empty" (it said "unknown", the word of a grid being solved, and an undo
step "Unknown cell"); with typed clues the grid is a solving scratch pad and says "unknown"."""

from __future__ import annotations

from PySide6.QtCore import Qt

from nonostudio.gui.editor.view import CLUES, DRAW, EditorView


def test_drawing_names_an_unpainted_cell_empty(qtbot, editor: EditorView) -> None:
    grid = editor.grid
    assert editor.mode() == DRAW
    assert grid.status_text().startswith("Row 1, column 1: empty \u2014")
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Space)  # paint the cell, then clear it again
    assert grid.status_text().startswith("Row 1, column 1: filled")
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    assert grid.status_text().startswith("Row 1, column 1: empty")
    assert editor.undo_stack().undoText() == "Empty cell"
    assert "unknown" not in grid.status_text()
    editor.set_mode(CLUES)
    assert grid.status_text().startswith("Row 1, column 1: unknown")
