"""Solving a colour puzzle by hand, with the mouse and keys: keys 1–9 pick the colour, the left
button paints it and the right one the background, Shift+click or the pencil (N) marks a colour
as possible or not, Check rings the cells whose colours are wrong, Ctrl+Z undoes a stroke, the
hint ladder from the player's grid applies a sound step, and painting the picture solves it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QToolButton

from nonostudio.analysis.colour.hints import apply_colour_step, colour_mistakes, unknown_grid
from nonostudio.core.colour.model import ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.gui.solve.colour.layout import COLOUR_HAND_HELP
from nonostudio.gui.solve.colour.view import ColourSolveView

sys.path.insert(0, str(Path(__file__).parent))
from colour_pictures import PALETTE, PICTURE, PUZZLE  # noqa: E402

FULL = PALETTE.all_mask


@pytest.fixture
def view(view: ColourSolveView) -> ColourSolveView:
    """conftest's colour Solve view, played by hand."""
    view.set_hand_mode(True)
    return view


def click(
    qtbot,
    view: ColourSolveView,
    r: int,
    c: int,
    button=Qt.MouseButton.LeftButton,
    mods=Qt.KeyboardModifier.NoModifier,
) -> None:
    qtbot.mouseClick(view.grid, button, mods, view.grid.cell_rect(r, c).center())


def test_a_wrong_colour_painted_is_flagged_by_check_and_undone(
    qtbot, view: ColourSolveView
) -> None:
    assert PICTURE[0][0] == 0
    qtbot.keyClick(view.grid, Qt.Key.Key_2)  # blue
    assert view.ui.picker.current() == 2
    click(qtbot, view, 0, 0)  # blue where the picture is white
    click(qtbot, view, 0, 1)  # blue where it is blue
    assert view.hand_sets()[0][:2] == (1 << 2, 1 << 2)
    assert view.check_mistakes() == [(0, 0)]
    assert view.grid.mistakes() == {(0, 0)}
    assert "1 mistake: row 1, column 1" in view.ui.message_label.text()
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the second stroke
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the first
    assert view.hand_sets() == unknown_grid(PUZZLE)
    assert view.check_mistakes() == []
    click(qtbot, view, 0, 0, Qt.MouseButton.RightButton)  # the background
    assert view.hand_sets()[0][0] == 1
    assert view.check_mistakes() == []


def test_pencil_marks_toggle_a_colour_in_a_cells_set(qtbot, view: ColourSolveView) -> None:
    qtbot.keyClick(view.grid, Qt.Key.Key_1)  # red
    click(qtbot, view, 2, 2, mods=Qt.KeyboardModifier.ShiftModifier)  # cannot be red
    assert view.hand_sets()[2][2] == FULL & ~(1 << 1)
    qtbot.keyClick(view.grid, Qt.Key.Key_N)  # the pencil, without Shift
    assert view.ui.pencil_action.isChecked()
    click(qtbot, view, 2, 2)  # red again possible
    assert view.hand_sets()[2][2] == FULL
    click(qtbot, view, 2, 2, Qt.MouseButton.RightButton)  # cannot be the background
    assert view.hand_sets()[2][2] == FULL & ~1
    assert PICTURE[2][2] == 0 and view.check_mistakes() == [(2, 2)]
    qtbot.keyClick(view.grid, Qt.Key.Key_N)  # painting again
    click(qtbot, view, 3, 3)
    assert view.hand_sets()[3][3] == 1 << 1


def test_a_hint_from_the_players_grid_applies_a_sound_step(qtbot, view: ColourSolveView) -> None:
    view.request_hint()
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=20000)
    ladder = view.hint_ladder()
    assert ladder is not None and ladder.where.startswith("Look at ")
    for _ in range(4):
        view.request_hint()
    assert view.hint_rung() == 4
    after = apply_colour_step(unknown_grid(PUZZLE), ladder.step)
    assert view.hand_sets() == after != unknown_grid(PUZZLE)
    assert colour_mistakes(after, PICTURE) == []
    qtbot.keyClick(view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert view.hand_sets() == unknown_grid(PUZZLE)


def test_a_hint_asks_to_fix_a_mistake_first(qtbot, view: ColourSolveView) -> None:
    qtbot.keyClick(view.grid, Qt.Key.Key_3)  # yellow
    click(qtbot, view, 0, 0)
    view.request_hint()
    assert view.hint_rung() == -1
    assert view.ui.message_label.text().startswith("Fix the mistake first: row 1, column 1")


def test_painting_the_picture_solves_the_puzzle(qtbot, view: ColourSolveView) -> None:
    with qtbot.waitSignal(view.handSolved, timeout=5000):
        for r, row in enumerate(PICTURE):
            for c, colour in enumerate(row):
                if colour:
                    view.pick_colour(colour)
                    click(qtbot, view, r, c)
                else:
                    click(qtbot, view, r, c, Qt.MouseButton.RightButton)
    assert view.is_solved() and view.ui.banner_box.isVisible()
    assert not view.grid.is_editable()


def test_the_steps_are_hidden_while_solving_by_hand(view: ColourSolveView) -> None:
    assert not view.ui.steps_pane.isVisible()  # they would give the solution away
    view.set_hand_mode(False)
    assert view.ui.steps_pane.isVisible()


def test_check_on_a_puzzle_with_two_solutions_says_why_it_cannot_judge(qtbot) -> None:
    from nonostudio.core.colour.model import ColourPuzzle, Palette

    row = ((1, 1), (1, 2))  # each row 1 red, 1 blue: the reds take either diagonal of columns 1-2
    cols = (((1, 1),), ((1, 1),), (), ((2, 2),))
    two = ColourPuzzle(Palette(PALETTE.colours[:3]), (row, row), cols)
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    with qtbot.waitSignal(v.traceReady, timeout=20000):
        v.set_puzzle(two)
    assert v.trace() is not None and v.trace().solutions == "multiple"
    v.set_hand_mode(True)
    assert v.check_mistakes() == []
    assert v.ui.message_label.text() == (
        "Mistakes cannot be checked: the puzzle has several solutions, and the file holds no "
        "picture of its own."
    )
    v.cancel()


def test_the_solved_banner_does_not_move_the_grid(qtbot, view: ColourSolveView) -> None:
    """The banner shows under the grid (it was above it, and pushed the cells down)."""
    grid = view.grid
    QApplication.processEvents()
    before = (grid.cell_size(), grid.mapTo(view, grid.cell_rect(0, 0).topLeft()))
    with qtbot.waitSignal(view.handSolved, timeout=5000):
        for r, row in enumerate(PICTURE):
            for c, colour in enumerate(row):
                view.pick_colour(colour)
                click(qtbot, view, r, c)
    QApplication.processEvents()
    assert view.ui.banner_box.isVisible()
    assert (grid.cell_size(), grid.mapTo(view, grid.cell_rect(0, 0).topLeft())) == before


def test_a_game_left_for_another_puzzle_is_taken_up_again(qtbot, view: ColourSolveView) -> None:
    """A colour game played by hand was lost when another colour puzzle was opened (no library
    keeps a colour game; found after the black-and-white loss was seen under Xvfb). It is kept
    for the session and taken up again when the same puzzle comes back, saying so; a game not
    begun is not kept."""
    qtbot.keyClick(view.grid, Qt.Key.Key_2)  # blue
    click(qtbot, view, 0, 1)
    view.ui.timer.set_seconds(75)
    game = view.hand_sets()
    assert game != unknown_grid(PUZZLE)
    rows, cols = clues_of_colour_grid(((1, 0), (0, 2)))
    other = ColourPuzzle(PALETTE, rows, cols)
    view.set_puzzle(other)
    assert view.hand_sets() == unknown_grid(other)
    view.set_puzzle(PUZZLE)
    assert view.hand_sets() == game
    assert view.grid.sets() == game  # shown, by hand
    assert view.ui.timer.seconds() >= 75
    words = view.ui.message_label.text()
    assert "in progress (1:15)" in words and "kept since you left it" in words
    view.set_puzzle(other)  # not begun there: nothing kept, nothing said
    assert view.hand_sets() == unknown_grid(other)
    assert "kept since" not in view.ui.message_label.text()


def test_a_blank_colour_puzzle_is_not_solved_by_hand(qtbot, view: ColourSolveView) -> None:
    """A colour puzzle whose clues are all empty (File > New Colour Puzzle) has one picture,
    all background: painting every cell the background said 'Solved!'.  By hand it says there
    is nothing to solve instead: no move taken, no banner, no clock, Hint and Check off; a
    puzzle with cells to paint afterwards is played as before."""
    blank = ColourPuzzle(PALETTE, ((),) * 3, ((),) * 4)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(blank)
    assert view.is_hand_mode()
    solved: list[bool] = []
    view.handSolved.connect(lambda: solved.append(True))
    for r in range(3):
        for c in range(4):
            click(qtbot, view, r, c, Qt.MouseButton.RightButton)  # the background
    assert view.hand_sets() == unknown_grid(blank)  # no move taken
    assert not solved and not view.is_solved() and not view.ui.banner_box.isVisible()
    assert view.ui.message_label.text().startswith("Nothing to solve")
    assert not view.ui.timer.is_running()
    assert not view.ui.hint_action.isEnabled() and not view.ui.check_action.isEnabled()
    view.request_hint()  # (by its key, were it reached) says the same, finds nothing
    assert view.ui.message_label.text().startswith("Nothing to solve")
    assert view.check_mistakes() == []
    view.set_hand_mode(False)  # leaving Solve by hand and coming back says the same
    view.set_hand_mode(True)
    assert view.ui.message_label.text().startswith("Nothing to solve")
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(PUZZLE)
    assert view.ui.timer.is_running() and "Nothing to solve" not in view.ui.message_label.text()
    assert view.ui.hint_action.isEnabled() and view.ui.check_action.isEnabled()
    click(qtbot, view, 0, 0, Qt.MouseButton.RightButton)
    assert view.hand_sets()[0][0] == 1


def test_a_colour_no_clue_uses_gets_no_button_and_no_key(qtbot, view: ColourSolveView) -> None:
    """A palette colour no clue uses (the editor's red left unpainted) is in no cell: the
    picker showed a button for it, and key 1 picked it, though painting it could only be a
    mistake.  Its button and key are gone; the first used colour is picked."""
    picture = tuple(tuple(3 if v == 1 else v for v in row) for row in PICTURE)  # red -> yellow
    unused_red = ColourPuzzle(PALETTE, *clues_of_colour_grid(picture))
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(unused_red)
    buttons = view.ui.picker.findChildren(QToolButton)
    assert [b.accessibleName() for b in buttons if not b.isHidden()] == ["blue", "yellow", "white"]
    assert view.ui.picker.current() == 2  # blue, the first colour a clue uses
    qtbot.keyClick(view.grid, Qt.Key.Key_1)  # red's key: not picked
    assert view.ui.picker.current() == 2
    qtbot.keyClick(view.grid, Qt.Key.Key_3)
    assert view.ui.picker.current() == 3


def test_a_cell_of_another_picture_is_not_called_impossible(qtbot) -> None:
    """A puzzle with its picture (the goal) whose clues fit another too: the red diagonals of a
    3x3 go either way.  The player's other diagonal was '2 mistakes: row 1, column 2 cannot be
    what you marked', a hint asked to fix it first, and the same picture finished was 'Solved!'.
    Now Check says the cells differ from the puzzle's picture and that finishing another picture
    solves the puzzle too, and a hint is looked for from the player's grid."""
    picture = ((1, 0, 2), (0, 1, 2), (2, 2, 0))
    rows, cols = clues_of_colour_grid(picture)
    two = ColourPuzzle(Palette(PALETTE.colours[:3]), rows, cols, goal=picture)
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    v.resize(900, 600)
    v.show()
    with qtbot.waitSignal(v.traceReady, timeout=20000):
        v.set_puzzle(two)
    assert v.trace().solutions == "multiple"
    v.set_hand_mode(True)
    v.pick_colour(1)
    click(qtbot, v, 0, 1)  # the other diagonal's red
    assert v.check_mistakes() == [(0, 1)]  # still ringed: not the puzzle's picture
    text = v.ui.message_label.text()
    assert "cannot be" not in text and "mistake" not in text
    assert text.startswith("1 cell differs from the puzzle's picture: row 1, column 2")
    assert "finishing one solves the puzzle too" in text
    v.request_hint()
    assert not v.ui.message_label.text().startswith("Fix the mistake first")
    qtbot.waitUntil(lambda: v.hint_rung() == 0, timeout=20000)
    v.cancel()
    from nonostudio.analysis.colour.hints import judged_by_the_only_solution
    from nonostudio.analysis.colour.trace import colour_trace

    assert not judged_by_the_only_solution(v.trace(), two)
    assert judged_by_the_only_solution(colour_trace(PUZZLE), PUZZLE)


def test_check_before_the_solution_is_known_says_the_black_and_white_words(qtbot) -> None:
    """While the trace is still being worked out the cells are judged against the puzzle's
    picture, which may not be the only one: Check said '1 mistake: row 1, column 1 is not marked
    with the colour the puzzle's picture has there', words of its own; now it says what black
    and white says there (one ``differs_text``), and no mistake."""
    from nonostudio.gui.solve.trace_view import differs_text

    goal = ColourPuzzle(PUZZLE.palette, PUZZLE.rows, PUZZLE.cols, goal=PICTURE)
    v = ColourSolveView(delay_ms=60_000)  # the trace does not start during the test
    qtbot.addWidget(v)
    v.resize(900, 600)
    v.show()
    v.set_puzzle(goal)
    v.set_hand_mode(True)
    assert v.trace() is None
    qtbot.keyClick(v.grid, Qt.Key.Key_2)  # blue
    click(qtbot, v, 0, 0)  # where the picture is white
    assert v.check_mistakes() == [(0, 0)]
    text = v.ui.message_label.text()
    assert text == "1 cell differs from the puzzle's picture: row 1, column 1 (ringed)."
    assert text == differs_text([(0, 0)], "the puzzle's picture", several=False)
    v.cancel()


def test_clues_no_picture_fits_run_no_clock_and_give_no_hint(qtbot) -> None:
    """3x3, red and blue: rows 2r / 1b 1r / 2b, columns 2r / 1r 1b / 2b fit no picture.  By
    hand, the clock ran, the words said how to paint and a hint pointed at a step towards no
    picture (r0001 with a row's items swapped, seen under Xvfb); replaying, nothing under the
    grid said why there are no more steps.  Now, as in black and white, the clock stands and
    every one of those places says there is no solution and which line cannot hold its clue."""
    rows = (((2, 1),), ((1, 2), (1, 1)), ((2, 2),))
    cols = (((2, 1),), ((1, 1), (1, 2)), ((2, 2),))
    none = ColourPuzzle(Palette(PALETTE.colours[:3]), rows, cols)
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    v.resize(900, 600)
    v.show()
    v.set_hand_mode(True)
    with qtbot.waitSignal(v.traceReady, timeout=20000) as ready:
        v.set_puzzle(none)
    trace = ready.args[0]
    assert trace.verdict == "no solution" and trace.reason
    said = v.ui.message_label.text()
    assert said.startswith(f"No solution: {trace.reason}.") and "mistyped clue" in said
    assert not v.ui.timer.is_running()
    v.request_hint()
    assert v.ui.message_label.text() == said and v.hint_rung() == -1
    v.set_hand_mode(False)
    assert v.ui.message_label.text() == said
    v.set_hand_mode(True)
    assert v.ui.message_label.text() == said and not v.ui.timer.is_running()
    # another puzzle, by hand: its own words, not the verdict of the one before (seen: the
    # "No solution" stayed under a unique puzzle opened next)
    with qtbot.waitSignal(v.traceReady, timeout=20000):
        v.set_puzzle(PUZZLE)
        assert not v.ui.message_label.text().startswith("No solution")
    assert v.ui.message_label.text() == COLOUR_HAND_HELP and v.ui.timer.is_running()
    v.cancel()


def test_a_hint_from_cells_that_break_a_line_says_so_in_words(qtbot) -> None:
    """Two pictures fit (no cell is 'a mistake'), and the player paints row 1 red, red, where
    its clue is 1 red, 1 blue: the hint said 'No hint: nonostudio.analysis.colour.trace.
    ColourContradiction: row 1 cannot hold its clue' (seen under Xvfb).  Now it says it as
    black and white does, with the clue."""
    picture = ((1, 0, 2), (0, 1, 2), (2, 2, 0))
    rows, cols = clues_of_colour_grid(picture)
    two = ColourPuzzle(Palette(PALETTE.colours[:3]), rows, cols, goal=picture)
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    v.resize(900, 600)
    v.show()
    with qtbot.waitSignal(v.traceReady, timeout=20000):
        v.set_puzzle(two)
    v.set_hand_mode(True)
    v.pick_colour(1)
    click(qtbot, v, 0, 0)
    click(qtbot, v, 0, 1)
    v.request_hint()
    qtbot.waitUntil(lambda: v.ui.message_label.text().startswith("No hint"), timeout=20000)
    assert v.ui.message_label.text() == (
        "No hint: row 1 cannot hold its clue 1 red, 1 blue with the cells decided so far: one "
        "of them is wrong, or the puzzle has no solution."
    )
    assert v.hint_rung() == -1
    v.cancel()
