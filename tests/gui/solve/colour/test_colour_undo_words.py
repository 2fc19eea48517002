"""Words under the colour Solve grid that hold only of the player's cells as they were go with
the next move, undo or redo, as in black and white (``_say_of_cells``): after Check and Ctrl+Z
they still said '1 mistake: row 1, column 1 cannot be what you marked (ringed)' of a cell no
longer painted, and no longer ringed.  Words that are not of the cells stay."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from nonostudio.analysis.colour.hints import unknown_grid
from nonostudio.gui.solve.colour.view import ColourSolveView

sys.path.insert(0, str(Path(__file__).parent))
from colour_pictures import PICTURE, PUZZLE  # noqa: E402


def _undo(qtbot: QtBot, view: ColourSolveView) -> None:
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def test_check_words_go_with_undo_and_redo(qtbot: QtBot, view: ColourSolveView) -> None:
    view.set_hand_mode(True)
    assert PICTURE[0][0] == 0
    view.pick_colour(2)  # blue where the picture is white
    grid = view.grid
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(0, 0).center())
    assert view.check_mistakes() == [(0, 0)]
    said = view.ui.message_label.text()
    assert said.startswith("1 mistake: row 1, column 1")
    _undo(qtbot, view)
    assert view.hand_sets() == unknown_grid(PUZZLE) and grid.mistakes() == frozenset()
    assert view.ui.message_label.text() == ""  # no mistake, no ring: nothing said of one
    qtbot.keyClick(
        view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert view.hand_sets()[0][0] == 1 << 2  # redone
    assert view.ui.message_label.text() == ""  # (Check is asked again to ring it)
    # words that are not of the cells stay through an undo
    assert view.check_mistakes() == [(0, 0)]
    view.ui.message_label.setText("Row 2, column 3: red — row clue 1 red")
    _undo(qtbot, view)
    assert view.ui.message_label.text() == "Row 2, column 3: red — row clue 1 red"


def test_a_hint_looked_for_is_not_said_after_undo(qtbot: QtBot, view: ColourSolveView) -> None:
    """Undo cancels the search: 'Looking for a hint…' stayed, for a hint that never came."""
    view.set_hand_mode(True)
    view.pick_colour(PICTURE[0][1])
    grid = view.grid
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(0, 1).center())
    view.request_hint()
    assert view.ui.message_label.text() == "Looking for a hint…"
    _undo(qtbot, view)
    assert view.ui.message_label.text() == ""
    assert view.hint_rung() == -1


def test_solved_words_go_when_undo_unsolves(qtbot: QtBot, view: ColourSolveView) -> None:
    """'Solved! Well done. Undo (Ctrl+Z) to go back, …' stayed after that undo, of a grid no
    longer solved (seen under Xvfb 1024x600)."""
    view.set_hand_mode(True)
    solved = tuple(tuple(1 << x for x in row) for row in PICTURE)
    view.grid.setsStroked.emit(view.hand_sets(), solved)  # the last stroke, as the grid tells
    assert view.is_solved()
    assert view.ui.message_label.text().startswith("Solved!")
    _undo(qtbot, view)
    assert not view.is_solved()
    assert view.ui.message_label.text() == ""


def test_the_cell_named_is_said_again_as_undo_leaves_it(
    qtbot: QtBot, view: ColourSolveView
) -> None:
    """Space paints the cursor's cell and the line names it ('Row 1, column 1: blue — …'); Ctrl+Z
    made it unknown again and the line still said blue (seen under Xvfb 1024x600).  Now it says
    the cell as it is, and Ctrl+Shift+Z as it is then."""
    view.set_hand_mode(True)
    qtbot.keyClick(view.grid, Qt.Key.Key_2)  # blue
    qtbot.keyClick(view.grid, Qt.Key.Key_Space)
    assert view.hand_sets()[0][0] == 1 << 2
    assert view.ui.message_label.text().startswith("Row 1, column 1: blue — row clue ")
    _undo(qtbot, view)
    assert view.hand_sets() == unknown_grid(PUZZLE)
    assert view.ui.message_label.text().startswith("Row 1, column 1: unknown — row clue ")
    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(view, Qt.Key.Key_Z, redo)
    assert view.ui.message_label.text().startswith("Row 1, column 1: blue — row clue ")
