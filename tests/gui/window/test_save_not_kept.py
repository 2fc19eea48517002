"""Saving as a puzzle string says what the file does not keep: a title typed in the editor and
saved as .txt was lost with nothing said (the file adopted, the window unmodified)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.core.formats import read_file, write_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def window(open_window) -> MainWindow:
    return open_window()


def test_saving_a_titled_puzzle_as_a_string_says_the_title_is_not_kept(
    window: MainWindow, tmp_path: Path
) -> None:
    source = tmp_path / "duck.non"
    write_file(Puzzle.from_grid([[1, 1, 0], [0, 1, 1]], title="Duck").without_goal(), source)
    assert window.files.open_file(source, ask=False)
    target = tmp_path / "duck.txt"
    assert window.files.save_to(target)
    assert read_file(target).title == ""
    assert window.statusBar().currentMessage() == (
        "Saved. duck.txt has no place for the title: it is not in the file (.non and webpbn "
        "XML keep it)."
    )
    window.statusBar().clearMessage()
    assert window.files.save_to(tmp_path / "again.non")  # kept there: nothing said
    assert window.statusBar().currentMessage() == ""


def test_the_words_of_a_save_go_when_another_puzzle_is_shown(
    window: MainWindow, tmp_path: Path
) -> None:
    """ "Saved. duck.txt has no place for the title" stayed under the next file opened and under
    a new puzzle, where it was no longer true of anything shown."""
    write_file(Puzzle.from_grid([[1, 0], [1, 1]], title="Hook"), tmp_path / "hook.non")
    duck = Puzzle.from_grid([[1, 1, 0], [0, 1, 1]], title="Duck").without_goal()
    for show_next in (
        lambda: window.files.open_file(tmp_path / "hook.non", ask=False),
        lambda: window.files.new_puzzle(4, 4),
    ):
        write_file(duck, tmp_path / "duck.non")
        assert window.files.open_file(tmp_path / "duck.non", ask=False)
        assert window.files.save_to(tmp_path / "duck.txt")
        assert window.statusBar().currentMessage().startswith("Saved. duck.txt has no place")
        show_next()
        assert window.statusBar().currentMessage() == ""
