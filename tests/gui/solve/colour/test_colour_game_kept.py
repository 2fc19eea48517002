"""A colour game played by hand on a library puzzle is kept in the library, as a black-and-white
one is: saved after the strokes and on closing, taken up again (grid and clock) when the puzzle
is opened in a later session; a game begun on a file is kept there once Add Current Puzzle adds
it, and Save in the closing question does the same."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.gui.window.main_window import MainWindow

PALETTE = Palette((WHITE, Colour("red", "#d62728", "r"), Colour("blue", "#1f77b4", "b")))
PICTURE = ((1, 1, 2), (0, 2, 2), (1, 0, 1))
RED = 1 << 1


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The closing questions asked (each answered Save, which adds the puzzle on screen)."""
    questions: list[str] = []

    def question(parent, title, text, *args):
        questions.append(text)
        return QMessageBox.StandardButton.Save

    monkeypatch.setattr(QMessageBox, "question", question)
    return questions


def _open_file(window: MainWindow, path: Path) -> None:
    rows, cols = clues_of_colour_grid(PICTURE)
    write_file(ColourPuzzle(PALETTE, rows, cols, title="Flag"), path)
    assert window.files.open_file(path, ask=False)


def _paint_first_cell(qtbot, window: MainWindow) -> None:
    view = window.colour_pages().solve_view
    window.tabs.setCurrentWidget(view)
    if not view.ui.hand_action.isChecked():
        view.ui.hand_action.trigger()
    view.pick_colour(1)  # red
    qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=view.grid.cell_rect(0, 0).center())
    assert view.hand_sets()[0][0] == RED


def test_a_colour_library_game_is_kept_and_taken_up_in_the_next_session(
    qtbot, open_window, asked: list[str], small_library: Library, tmp_path: Path
) -> None:
    window = open_window()
    _open_file(window, tmp_path / "flag.xml")
    pid = window.library_commands.add_to_library()
    assert pid is not None
    _paint_first_cell(qtbot, window)
    assert window.games_kept_for_session() == 0  # the library keeps it
    view = window.colour_pages().solve_view
    view.ui.timer.set_seconds(65)  # a minute played
    assert window.close() and not asked  # nothing lost: no question
    kept = small_library.colour_progress(pid)
    assert kept is not None and kept.sets[0][0] == RED and kept.seconds >= 65

    again = open_window()
    assert again.files.open_library_puzzle(pid)
    view = again.colour_pages().solve_view
    assert view.hand_sets()[0][0] == RED and view.hand_sets()[1][1] == PALETTE.all_mask
    assert view.ui.timer.seconds() >= 65  # the clock goes on from where it stood
    assert "in progress (1:05)" in view.ui.message_label.text()
    view.ui.hand_action.trigger()
    assert view.grid.sets()[0][0] == RED  # shown on the grid by hand


def test_save_in_the_closing_question_keeps_a_colour_game_of_a_file(
    qtbot, open_window, asked: list[str], small_library: Library, tmp_path: Path
) -> None:
    window = open_window()
    _open_file(window, tmp_path / "flag.xml")
    _paint_first_cell(qtbot, window)
    assert window.games_kept_for_session() == 1
    before = {e.id for e in small_library.entries()}
    assert window.close()  # asked, answered Save: added with the game
    assert len(asked) == 1 and "Save adds the puzzle, with your game" in asked[0]
    (added,) = [e.id for e in small_library.entries() if e.id not in before]
    kept = small_library.colour_progress(added)
    assert kept is not None and kept.sets[0][0] == RED


def test_a_colour_game_of_a_puzzle_deleted_from_the_library_stays_on_show_kept_nowhere(
    qtbot, open_window, asked: list[str], small_library: Library, tmp_path: Path
) -> None:
    """The library entry deleted while its game is on show: the game stays, counted as one
    closing would lose (writing it to the deleted entry would fail)."""
    window = open_window()
    _open_file(window, tmp_path / "flag.xml")
    pid = window.library_commands.add_to_library()
    assert pid is not None
    _paint_first_cell(qtbot, window)
    assert window.games_kept_for_session() == 0
    small_library.remove(pid)
    window.library_view.removed.emit([pid])
    view = window.colour_pages().solve_view
    assert view.hand_sets()[0][0] == RED and window.games_kept_for_session() == 1
    assert not view.save_progress()  # nowhere to write it, and nothing said about failing
    assert "not kept" not in view.ui.message_label.text()
    window.files.set_modified(False)  # (the puzzle stays open unsaved: no Save question here)
    assert window.close() and len(asked) == 1 and "1 colour game of a puzzle not in" in asked[0]


def test_a_game_is_not_written_under_its_old_id_once_the_library_moved_into_a_file(
    qtbot, tmp_path: Path
) -> None:
    """A session on an in-memory library moves into the file (Retry in the in-memory bar): the
    ids change.  The game on show was written under its in-memory id, which in the file names
    another puzzle (here one of the same shape and palette, which then took it up); it goes to
    its puzzle's new id alone."""
    from nonostudio.gui.solve.colour.view import ColourSolveView

    rows, cols = clues_of_colour_grid(PICTURE)
    flag = ColourPuzzle(PALETTE, rows, cols, title="Flag")
    path = tmp_path / "lib.sqlite3"
    with Library(path) as lib:
        other = lib.add(ColourPuzzle(PALETTE, rows, cols, title="The file's own"))
    session = Library(":memory:")
    pid = session.add(flag)
    assert pid == other  # the same id, in another file
    view = ColourSolveView(delay_ms=1)
    qtbot.addWidget(view)
    view.show()
    view.set_puzzle(flag)
    view.set_library_puzzle(session, pid)
    view.set_hand_mode(True)
    view.pick_colour(1)
    qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=view.grid.cell_rect(0, 0).center())
    view.ui.timer.set_seconds(30)
    try:
        ids = session.move_into(path)  # the last stroke not saved yet
        view.set_library_puzzle(session, ids[pid])  # as the window does once it has moved
        assert session.colour_progress(other) is None  # the file's own puzzle: no game
        kept = session.colour_progress(ids[pid])
        assert kept is not None and kept.sets[0][0] == RED
        assert "not kept" not in view.ui.message_label.text()
    finally:
        view.cancel()
        session.close()


def test_a_game_is_taken_up_only_for_the_clues_it_was_played_on(
    qtbot, window: MainWindow, small_library: Library
) -> None:
    """Blue swapped for green in the colour editor (a colour removed, one added: as many as
    before) and saved over the library entry: the game kept for the old clues is not taken up
    on the new ones (the library matches a game by size and colour count only); the status
    line says it went, and the game played on the new clues is kept there instead.  Until the
    save the old game stays kept for the old clues."""
    rows, cols = clues_of_colour_grid(PICTURE)
    pid = small_library.add(ColourPuzzle(PALETTE, rows, cols, title="Flag"))
    old_game = ((1 << 2, 7, 7), (7, 7, 7), (7, 7, 7))  # blue in the first cell
    small_library.save_colour_progress(pid, old_game, 65.0, False, 3)
    assert window.files.open_library_puzzle(pid)
    editor = window.colour_editor
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)  # (its picture)
    editor.paint(tuple(tuple(1 if v == 2 else v for v in row) for row in PICTURE))
    assert editor.remove_colour(2)  # blue
    assert editor.add_colour("green", "#2ca02c")
    editor.paint(PICTURE)  # green where blue was
    view = window.colour_pages().solve_view
    assert view.hand_sets()[0][0] == PALETTE.all_mask  # a fresh game on the new clues
    kept = small_library.colour_progress(pid)
    assert kept is not None and kept.sets == old_game  # still kept for the clues stored

    assert window.files.save()
    said = window.statusBar().currentMessage()
    assert "in progress, 1:05" in said and "no longer fits" in said
    assert small_library.colour_progress(pid) is None
    _paint_first_cell(qtbot, window)  # the new game is kept in the library
    assert view.save_progress()
    kept = small_library.colour_progress(pid)
    assert kept is not None and kept.sets[0] == (RED, 7, 7) and kept.seconds < 65
    window.files.set_modified(False)


def test_the_taken_up_game_is_still_said_once_the_steps_are_found(
    qtbot, small_library: Library
) -> None:
    """Seen under Xvfb: r0009 from the library, a few strokes by hand, the studio killed and
    started again, the puzzle opened: the Solve tab said nothing of the game (0:08 of it, kept
    and taken up), as the words 'in progress (0:08): press Solve by hand to see it' were put
    back to the puzzle's verdict (none for a unique one) when its steps came."""
    from nonostudio.gui.solve.colour.view import ColourSolveView

    rows, cols = clues_of_colour_grid(PICTURE)
    puzzle = ColourPuzzle(PALETTE, rows, cols, title="Flag")
    pid = small_library.add(puzzle)
    sets = [[PALETTE.all_mask] * 3 for _ in range(3)]
    sets[0][0] = RED
    small_library.save_colour_progress(pid, tuple(map(tuple, sets)), 65.0)
    view = ColourSolveView(delay_ms=1)
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(puzzle)
        view.set_library_puzzle(small_library, pid)
        assert "in progress (1:05)" in view.ui.message_label.text()
    assert view.trace() is not None and not view.ui.hand_action.isChecked()
    assert "in progress (1:05): press Solve by hand to see it" in view.ui.message_label.text()
    view.set_hand_mode(True)  # seen: the words go
    assert "in progress" not in view.ui.message_label.text()
    view.set_hand_mode(False)
    assert "in progress" not in view.ui.message_label.text()
    view.cancel()
