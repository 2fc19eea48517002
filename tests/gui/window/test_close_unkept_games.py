"""Closing the studio with games played by hand that only this session keeps (a puzzle not in
the library, of either kind): it asks first, Cancel keeps the studio open, Discard closes it;
a game the library keeps, or no game, closes without a question."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.main_window import MainWindow

PALETTE = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
PICTURE = ((1, 1, 2), (0, 2, 2), (1, 0, 1))
GAME = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]])
OTHER = Puzzle.from_grid([[1, 0], [0, 1]])


class Questions:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.asked: list[str] = []
        self.answer = QMessageBox.StandardButton.Cancel
        monkeypatch.setattr(QMessageBox, "question", self._question)

    def _question(self, parent, title, text, *args):
        self.asked.append(text)
        return self.answer


@pytest.fixture
def questions(monkeypatch: pytest.MonkeyPatch) -> Questions:
    return Questions(monkeypatch)


@pytest.fixture
def window(open_window, questions: Questions) -> MainWindow:
    return open_window()


def _open(window: MainWindow, path: Path, puzzle: Puzzle | ColourPuzzle) -> None:
    """Write ``puzzle`` to ``path`` and open that file (no library keeps it)."""
    write_file(puzzle, path)
    assert window.files.open_file(path, ask=False)


def _play_a_cell(qtbot, window: MainWindow, colour: bool) -> None:
    view = window.colour_pages().solve_view if colour else window.solve_view
    window.tabs.setCurrentWidget(view)
    view.ui.hand_action.trigger()
    qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=view.grid.cell_rect(0, 0).center())


@pytest.mark.parametrize("colour", [False, True], ids=["file-not-in-library", "colour"])
def test_closing_asks_before_losing_a_game_only_the_session_keeps(
    qtbot, window: MainWindow, questions: Questions, tmp_path: Path, colour: bool
) -> None:
    path = tmp_path / ("game.xml" if colour else "game.non")
    rows, cols = clues_of_colour_grid(PICTURE)
    _open(window, path, ColourPuzzle(PALETTE, rows, cols) if colour else GAME)
    assert window.games_kept_for_session() == 0  # nothing played yet
    _play_a_cell(qtbot, window, colour)
    assert window.games_kept_for_session() == 1
    assert not window.close() and window.isVisible()  # Cancel
    asked = questions.asked
    kind = "1 colour game" if colour else "1 game"
    assert len(asked) == 1 and f"Played by hand: {kind} of a puzzle not in the library" in asked[0]
    assert "Quitting loses it." in asked[0]
    # the game on screen is the one: Save adds its puzzle (with the game) to the library
    assert "Save adds the puzzle, with your game, to the library." in asked[0]
    # another puzzle opened: the game is still kept (in memory), still asked about
    _open(window, tmp_path / "other.non", OTHER)
    assert window.games_kept_for_session() == 1
    questions.answer = QMessageBox.StandardButton.Discard
    assert window.close() and len(questions.asked) == 2


def test_a_game_the_library_keeps_closes_without_a_question(
    qtbot, window: MainWindow, questions: Questions, small_library: Library
) -> None:
    first = small_library.entries()[0]
    assert window.files.open_library_puzzle(first.id)
    _play_a_cell(qtbot, window, False)
    assert window.games_kept_for_session() == 0
    assert window.close() and not questions.asked


def test_add_current_puzzle_keeps_the_game_in_the_library(
    qtbot, window: MainWindow, questions: Questions, small_library: Library, tmp_path: Path
) -> None:
    """What the question says: a file's game, its puzzle added to the library, is kept there
    (the Solve view did not learn the puzzle was now a library one: the game stayed in memory
    only, and closing still asked)."""
    _open(window, tmp_path / "game.non", GAME)
    _play_a_cell(qtbot, window, False)
    assert window.games_kept_for_session() == 1
    pid = window.library_commands.add_to_library()
    assert pid is not None and window.games_kept_for_session() == 0
    kept = small_library.hand_progress(pid)
    assert kept is not None and kept.cells[0, 0] == window.solve_view.hand_cells()[0, 0] != UNKNOWN
    assert window.close() and not questions.asked


def test_save_in_the_question_adds_the_puzzle_with_the_game_and_closes(
    qtbot, window: MainWindow, questions: Questions, small_library: Library, tmp_path: Path
) -> None:
    _open(window, tmp_path / "game.non", GAME)
    _play_a_cell(qtbot, window, False)
    before = {entry.id for entry in small_library.entries()}
    questions.answer = QMessageBox.StandardButton.Save
    assert window.close()
    (added,) = [e.id for e in small_library.entries() if e.id not in before]
    kept = small_library.hand_progress(added)
    assert kept is not None and kept.cells[0, 0] != UNKNOWN


def test_a_game_left_for_another_puzzle_is_not_offered_save(
    qtbot, window: MainWindow, questions: Questions, tmp_path: Path
) -> None:
    """Save adds the puzzle on screen: the game kept of another one is only told how to keep."""
    _open(window, tmp_path / "game.non", GAME)
    _play_a_cell(qtbot, window, False)
    _open(window, tmp_path / "other.non", OTHER)
    assert not window.close()
    assert "Save adds" not in questions.asked[0] and "Add Current Puzzle" in questions.asked[0]
    questions.answer = QMessageBox.StandardButton.Discard
    assert window.close()


def test_a_file_whose_puzzle_the_library_keeps_takes_up_the_game_kept_there(
    qtbot, window: MainWindow, questions: Questions, small_library: Library, tmp_path: Path
) -> None:
    """The question's Save added the file's puzzle "with your game"; opened from the file
    again, the Solve view showed a blank grid and the game could be found only from the
    library's row (seen under Xvfb at 1024x600: webpbn Knot, /tmp/g5/s27.png)."""
    path = tmp_path / "game.non"
    _open(window, path, GAME)
    _play_a_cell(qtbot, window, False)
    pid = window.library_commands.add_to_library()
    assert pid is not None
    _open(window, tmp_path / "other.non", OTHER)
    assert window.files.open_file(path, ask=False)  # the file again, not the library's row
    assert window.document.library_id is None and window.document.path == path
    assert window.solve_view.hand_cells()[0, 0] != UNKNOWN
    assert "in progress" in window.solve_view.ui.message_label.text()
    # played on, the game is kept in the library: closing asks nothing
    window.solve_view.ui.hand_action.setChecked(True)
    qtbot.mouseClick(
        window.solve_view.grid,
        Qt.MouseButton.LeftButton,
        pos=window.solve_view.grid.cell_rect(2, 2).center(),
    )
    assert window.games_kept_for_session() == 0
    window.solve_view.save_progress()
    kept = small_library.hand_progress(pid)
    assert kept is not None and kept.cells[0, 0] != UNKNOWN and kept.cells[2, 2] != UNKNOWN
    # the file changed since (other clues): not the library's puzzle, nothing taken up
    _open(window, path, OTHER)
    assert (window.solve_view.hand_cells() == UNKNOWN).all()
    assert window.close() and not questions.asked
