"""While the editor's typed clues are not valid the Solve tab shows no puzzle, and says why, in the
grid's place (the clues and grid of the puzzle before were left on show, as if it could still be
solved; seen under Xvfb); the same clues typed back bring the puzzle, and the player's game,
back.  In both Solve views, black and white and colour."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from pictures import HOUSE
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from studio_window import end_background

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.library import Library
from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor.view import CLUES
from nonostudio.gui.solve.colour.layout import COLOUR_HAND_HELP
from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.solve.layout import HAND_HELP
from nonostudio.gui.solve.view import SolveView
from nonostudio.gui.window.main_window import MainWindow

sys.path.insert(0, str(Path(__file__).parent / "colour"))
from colour_pictures import PUZZLE as COLOUR_PUZZLE  # noqa: E402

DIAMOND = (1,), (3,), (5,), (3,), (1,)


@pytest.fixture
def colour_view(
    show_colour_solve_view: Callable[[ColourPuzzle, int, int], ColourSolveView],
) -> ColourSolveView:
    """A colour Solve view at 1100x700, shown, on ``COLOUR_PUZZLE`` with its trace ready;
    cancelled after the test."""
    return show_colour_solve_view(COLOUR_PUZZLE, 1100, 700)


@pytest.fixture
def window(
    qtbot: QtBot, small_library: Library, settings: QSettings, monkeypatch: pytest.MonkeyPatch
):
    discard = QMessageBox.StandardButton.Discard  # no modal question may block the test
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: discard)
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    win.resize(1280, 720)
    win.show()
    qtbot.waitExposed(win)
    qtbot.waitUntil(win.is_ready, timeout=10000)
    yield win
    end_background(win, 30000)


def test_invalid_typed_clues_leave_no_stale_puzzle_in_the_solve_tab(
    qtbot: QtBot, window: MainWindow
) -> None:
    editor, view = window.editor, window.solve_view
    editor.set_puzzle(Puzzle(DIAMOND, DIAMOND))
    editor.set_mode(CLUES)
    window.tabs.setCurrentWidget(view)
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=20000)
    assert view.grid.isVisible() and view.ui.no_puzzle_shown() == ""
    editor.ui.cols_edit.setPlainText("1\n3\n5\n3\nx")  # a typo: no puzzle
    assert editor.puzzle() is None
    assert view.puzzle() is None and view.trace() is None
    assert not view.grid.isVisible()  # neither the old clues nor the old grid
    words = view.ui.no_puzzle_shown()
    assert view.ui.no_puzzle_label.isVisible()
    assert "clues typed in the editor are not valid" in words
    assert not view.ui.hand_action.isEnabled() and not view.ui.hint_action.isEnabled()
    editor.ui.cols_edit.setPlainText("1\n3\n5\n3\n1")
    assert view.puzzle() is not None and view.puzzle().cols == DIAMOND
    assert view.grid.isVisible() and view.ui.no_puzzle_shown() == ""
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=20000)
    assert view.ui.hand_action.isEnabled()


def test_the_players_game_comes_back_with_the_same_clues(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    view = show_solve_view()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
    view.set_hand_mode(True)
    qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=view.grid.cell_rect(0, 2).center())
    painted = view.hand_cells()
    assert painted[0, 2] == FILLED
    view.set_puzzle(None)  # the clues typed wrong for a moment
    assert not view.grid.isVisible() and not view.ui.check_action.isEnabled()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)  # and typed back
    assert view.is_hand_mode() and view.grid.isVisible()
    assert np.array_equal(view.hand_cells(), painted)
    assert np.array_equal(view.grid.cells(), painted)
    qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=view.grid.cell_rect(1, 2).center())
    assert view.hand_cells()[1, 2] == FILLED  # the player carries on
    # Other clues are another puzzle: a fresh game.
    view.set_puzzle(None)
    other = Puzzle(DIAMOND, DIAMOND)
    view.set_puzzle(other)
    assert view.hand_cells().shape == (5, 5) and (view.hand_cells() == UNKNOWN).all()


def test_colour_invalid_clues_show_no_stale_puzzle_and_keep_the_game(
    qtbot: QtBot, colour_view: ColourSolveView
) -> None:
    view = colour_view
    view.set_hand_mode(True)
    qtbot.mouseClick(view.grid, Qt.MouseButton.RightButton, pos=view.grid.cell_rect(0, 0).center())
    painted = view.hand_sets()
    assert painted[0][0] == 1  # the background
    view.set_puzzle(None)
    assert not view.grid.isVisible() and view.ui.no_puzzle_label.isVisible()
    assert "not valid" in view.ui.no_puzzle_shown()
    assert not view.ui.check_action.isEnabled()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(COLOUR_PUZZLE)
    assert view.grid.isVisible() and view.ui.no_puzzle_shown() == ""
    assert view.hand_sets() == painted and view.grid.sets() == painted
    assert view.grid.is_editable()


def test_the_words_of_the_puzzle_before_do_not_stay_under_a_new_one(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    """Seen under Xvfb: opening a 80x95 puzzle while the owl's step 58 was shown left "Step 58:
    Row 4 — …" under the new grid while it was being solved."""
    view = show_solve_view()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
    view.go_to(2)
    assert view.ui.message_label.text().startswith("Step 2: ")
    view.set_puzzle(Puzzle(DIAMOND, DIAMOND))
    assert view.ui.message_label.text() == ""
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        pass
    assert view.ui.message_label.text().startswith("Before the first of ")
    view.set_hand_mode(True)
    view.check_mistakes()
    assert view.ui.message_label.text() == "No mistakes so far."
    view.set_puzzle(HOUSE)
    assert view.ui.message_label.text() == HAND_HELP


def test_the_colour_views_words_of_the_puzzle_before_do_not_stay(
    colour_view: ColourSolveView,
) -> None:
    view = colour_view
    view.set_hand_mode(True)
    view.check_mistakes()
    assert view.ui.message_label.text() == "No mistakes so far."
    other = replace(COLOUR_PUZZLE, rows=COLOUR_PUZZLE.rows[::-1])  # the picture upside down
    view.set_puzzle(other)
    assert view.ui.message_label.text() == COLOUR_HAND_HELP
