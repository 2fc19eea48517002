"""Add Current Puzzle names an untitled puzzle from a file after the file, as Import Files does
(it was stored as "(untitled)"), and the editor then shows that title."""

from __future__ import annotations

import sys
from pathlib import Path

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solve" / "colour"))
from colour_pictures import COLS, PALETTE, PICTURE, ROWS  # noqa: E402

STAIRS = Puzzle(((1,), (2,), (3,)), ((3,), (2,), (1,)))  # no title


def test_an_untitled_puzzle_from_a_file_is_added_under_the_files_name(
    window: MainWindow, small_library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "stairs of Arles.non"
    write_file(STAIRS, path)
    assert window.files.open_file(path) and window.editor.puzzle().title == ""
    window.library_view.add_action.trigger()
    entry_id = window.document.library_id
    assert entry_id is not None
    assert small_library.get(entry_id).title == "stairs of Arles"
    # The editor shows the entry's title and has nothing unsaved: Save keeps the name.
    assert window.editor.ui.meta_edits["title"].text() == "stairs of Arles"
    assert not window.files.is_modified()


def test_a_titled_or_a_new_puzzle_keeps_its_title(
    window: MainWindow, small_library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "file name.non"
    write_file(Puzzle(STAIRS.rows, STAIRS.cols, title="Stairs"), path)
    assert window.files.open_file(path)
    window.library_view.add_action.trigger()
    assert small_library.get(window.document.library_id).title == "Stairs"
    window.files.new_puzzle()
    window.editor.set_puzzle(STAIRS)  # drawn or typed here: no file to name it after
    window.library_view.add_action.trigger()
    assert small_library.get(window.document.library_id).title == ""


def test_an_untitled_colour_puzzle_from_a_file_too(
    window: MainWindow, small_library: Library, tmp_path: Path
) -> None:
    path = tmp_path / "banner.xml"
    write_file(ColourPuzzle(PALETTE, ROWS, COLS, goal=PICTURE), path)  # no title
    assert window.files.open_file(path) and window.files.is_colour()
    window.library_view.add_action.trigger()
    assert small_library.get_any(window.document.library_id).title == "banner"
    assert window.colour_editor.meta_edits["title"].text() == "banner"
    assert not window.files.is_modified()
