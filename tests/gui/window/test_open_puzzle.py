"""Opening a puzzle: a library puzzle's picture (its solution) is covered in the Editor tab until
the player asks to see it, and every puzzle opens fitted to the window in the Editor and Solve
tabs, whatever the zoom of the one before."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.line import FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow


def library_id(library: Library, title: str) -> int:
    return next(entry.id for entry in library.entries() if entry.title == title)


def _questions_cancelled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The questions the window asks (their text), each answered Cancel."""
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []

    def cancel(_parent, _title, text, *_args):  # type: ignore[no-untyped-def]
        asked.append(text)
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", cancel)
    return asked


def test_a_library_puzzle_opens_with_its_picture_covered(
    qtbot, window: MainWindow, small_library: Library
) -> None:
    editor = window.editor
    window.tabs.setCurrentWidget(editor)
    assert window.files.open_library_puzzle(library_id(small_library, "Tee"))
    assert editor.solution_hidden()
    assert not editor.grid.isVisible(), "the solution is on screen"
    assert editor.ui.cover_label.isVisible() and "Tee" in editor.ui.cover_label.text()
    assert not editor.ui.status_label.isVisible()  # it would name the cursor cell's state
    # The puzzle itself is all there (the clues, the Check panel, the Solve tab).
    assert editor.puzzle() == small_library.get(library_id(small_library, "Tee"))
    qtbot.mouseClick(editor.ui.reveal_button, Qt.MouseButton.LeftButton)
    assert not editor.solution_hidden() and editor.grid.isVisible()
    assert editor.ui.status_label.isVisible()
    assert (editor.grid.cells() == FILLED).sum() == 7


def test_a_file_or_a_new_puzzle_shows_its_picture(
    window: MainWindow, small_library: Library, tmp_path: Path
) -> None:
    editor = window.editor
    window.files.open_library_puzzle(library_id(small_library, "Tee"))
    assert editor.solution_hidden()
    path = tmp_path / "own.non"
    write_file(small_library.get(library_id(small_library, "Block")), path)
    assert window.files.open_file(path)  # the designer's own file
    assert not editor.solution_hidden()
    window.files.open_library_puzzle(library_id(small_library, "Tee"))
    window.files.new_puzzle()
    assert not editor.solution_hidden()


def test_a_puzzle_without_a_picture_has_nothing_to_hide(
    window: MainWindow, small_library: Library
) -> None:
    clues_only = small_library.add(Puzzle(((1,), (1,)), ((1,), (1,)), title="clues"))
    window.files.open_library_puzzle(clues_only)
    assert not window.editor.solution_hidden()


def test_each_puzzle_opens_fitted_to_the_window(window: MainWindow, small_library: Library) -> None:
    window.files.open_library_puzzle(library_id(small_library, "Tee"))
    grids = (window.editor.grid, window.solve_view.grid)
    for grid in grids:
        grid.zoom_in()
        grid.zoom_in()
        assert not grid.is_fit()
    window.files.open_library_puzzle(library_id(small_library, "Block"))
    assert all(grid.is_fit() for grid in grids)


def test_the_cover_stays_in_every_editor_mode(
    qtbot, window: MainWindow, small_library: Library
) -> None:
    editor = window.editor
    window.tabs.setCurrentWidget(editor)
    assert window.files.open_library_puzzle(library_id(small_library, "Tee"))
    assert editor.mode() == "draw" and editor.solution_hidden()
    qtbot.mouseClick(editor.ui.clues_radio, Qt.MouseButton.LeftButton)
    assert editor.mode() == "clues"
    assert editor.solution_hidden() and not editor.grid.isVisible(), "typing clues spoils it"
    qtbot.mouseClick(editor.ui.draw_radio, Qt.MouseButton.LeftButton)
    assert editor.mode() == "draw"
    assert editor.solution_hidden() and not editor.grid.isVisible()
    qtbot.mouseClick(editor.ui.reveal_button, Qt.MouseButton.LeftButton)
    assert editor.grid.isVisible() and (editor.grid.cells() == FILLED).sum() == 7


def test_the_editors_new_puzzle_button_leaves_the_file_and_asks_first(
    qtbot, window: MainWindow, small_library: Library, tmp_path: Path, monkeypatch
) -> None:
    """The New puzzle button beside the size boxes is File > New at that size: it kept the file
    open before, so Save wrote the new picture over it without a question (seen under Xvfb at
    1024x600: cat.non opened, New puzzle, a stroke, Ctrl+S: the cat gone from the file), and
    it dropped unsaved work without asking."""
    asked = _questions_cancelled(monkeypatch)
    path = tmp_path / "cat.non"
    block = small_library.get(library_id(small_library, "Block"))
    write_file(block, path)
    assert window.files.open_file(path)
    editor = window.editor
    qtbot.mouseClick(editor.ui.new_button, Qt.MouseButton.LeftButton)
    assert window.document.is_new() and not asked  # not the file any more; nothing to lose
    puzzle = editor.puzzle()
    assert puzzle is not None and (puzzle.width, puzzle.height) == (block.width, block.height)
    assert not any(puzzle.rows)  # blank
    editor.ui.width_spin.setValue(7)
    editor.ui.height_spin.setValue(6)
    qtbot.mouseClick(editor.ui.new_button, Qt.MouseButton.LeftButton)
    puzzle = editor.puzzle()
    assert puzzle is not None and (puzzle.width, puzzle.height) == (7, 6) and not asked
    # unsaved work: asked first, and Cancel keeps it
    qtbot.mouseClick(
        editor.grid, Qt.MouseButton.LeftButton, pos=editor.grid.cell_rect(0, 0).center()
    )
    assert editor.is_modified()
    qtbot.mouseClick(editor.ui.new_button, Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and editor.is_modified()
    assert (editor.grid.cells() == FILLED).sum() == 1
    editor.set_modified(False)  # closing must not ask


def test_a_size_typed_for_the_new_puzzle_is_not_work_to_save(
    qtbot, window: MainWindow, small_library: Library, tmp_path: Path, monkeypatch
) -> None:
    """The size boxes resize the puzzle open; typed there for New puzzle, that resize made New
    puzzle ask to save the open puzzle, and Save (the default) wrote it cropped to the new
    size over its file (seen under Xvfb at 1024x600: Forever, 25x25, asked about after 5 x 5
    was typed).  Only resizes since it was saved: undone, not asked about."""
    asked = _questions_cancelled(monkeypatch)
    path = tmp_path / "own.non"
    write_file(small_library.get(library_id(small_library, "Block")), path)
    assert window.files.open_file(path)
    editor = window.editor
    editor.ui.width_spin.setValue(2)
    editor.ui.height_spin.setValue(3)
    assert editor.is_modified()  # the open puzzle resized
    qtbot.mouseClick(editor.ui.new_button, Qt.MouseButton.LeftButton)
    assert not asked and window.document.is_new()
    puzzle = editor.puzzle()
    assert puzzle is not None and (puzzle.width, puzzle.height) == (2, 3)
    # a resize after other work: that work is asked about (Cancel keeps both)
    qtbot.mouseClick(
        editor.grid, Qt.MouseButton.LeftButton, pos=editor.grid.cell_rect(0, 0).center()
    )
    editor.ui.width_spin.setValue(4)
    qtbot.mouseClick(editor.ui.new_button, Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and editor.puzzle() is not None
    assert editor.puzzle().width == 4 and (editor.grid.cells() == FILLED).sum() == 1
    editor.set_modified(False)  # closing must not ask
