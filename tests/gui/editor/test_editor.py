"""The grid view and editor driven like a user: clicks, drags, keys, typed clues, undo."""

from __future__ import annotations

import json

import numpy as np
import pytest
from keyboard import type_text
from PySide6.QtCore import QPoint, Qt

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.grid.view import GridView

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton


def centre(view: GridView, row: int, col: int) -> QPoint:
    return view.cell_rect(row, col).center()


def click(qtbot, view: GridView, row: int, col: int, button=LEFT) -> None:
    qtbot.mouseClick(view, button, pos=centre(view, row, col))


def drag(qtbot, view: GridView, path: list[tuple[int, int]], button=LEFT) -> None:
    qtbot.mousePress(view, button, pos=centre(view, *path[0]))
    for cell in path[1:]:
        qtbot.mouseMove(view, centre(view, *cell))
    qtbot.mouseRelease(view, button, pos=centre(view, *path[-1]))


# --- painting --------------------------------------------------------------------------------


def test_left_fills_right_crosses_same_button_clears(qtbot, editor: EditorView) -> None:
    grid = editor.grid
    click(qtbot, grid, 1, 2)
    assert grid.cells()[1, 2] == FILLED
    click(qtbot, grid, 3, 4, RIGHT)
    assert grid.cells()[3, 4] == CROSSED
    click(qtbot, grid, 3, 4, RIGHT)
    assert grid.cells()[3, 4] == UNKNOWN
    click(qtbot, grid, 1, 2)
    assert grid.cells()[1, 2] == UNKNOWN
    click(qtbot, grid, 0, 0, RIGHT)
    click(qtbot, grid, 0, 0)  # a left click on a crossed cell fills it
    assert grid.cells()[0, 0] == FILLED


def test_clues_follow_the_picture_live(qtbot, editor: EditorView) -> None:
    for col in (0, 1, 3):
        click(qtbot, editor.grid, 2, col)
    rows, cols = editor.grid.clues()
    assert rows[2] == (2, 1)
    assert cols[0] == (1,) and cols[2] == ()
    assert editor.ui.rows_edit.toPlainText().split("\n")[2] == "2 1"
    puzzle = editor.puzzle()
    assert puzzle is not None and puzzle.rows[2] == (2, 1)
    assert puzzle.goal is not None and puzzle.goal[2, 3] == FILLED


def test_drag_is_axis_locked_and_one_undo_step(qtbot, editor: EditorView) -> None:
    grid = editor.grid
    # Starts horizontally, then wanders down: the drag stays in row 1.
    drag(qtbot, grid, [(1, 0), (1, 1), (2, 2), (4, 3)])
    cells = grid.cells()
    assert list(cells[1, :4]) == [FILLED] * 4
    assert (cells == FILLED).sum() == 4
    assert editor.undo_stack().count() == 1
    editor.undo_stack().undo()
    assert (grid.cells() == UNKNOWN).all()
    editor.undo_stack().redo()
    assert (grid.cells() == FILLED).sum() == 4


def test_vertical_drag_and_drag_that_clears(qtbot, editor: EditorView) -> None:
    grid = editor.grid
    drag(qtbot, grid, [(0, 5), (1, 5), (3, 5)])
    assert list(grid.cells()[:, 5]) == [FILLED, FILLED, FILLED, FILLED, UNKNOWN]
    # Starting on a filled cell with the fill button clears along the drag.
    drag(qtbot, grid, [(1, 5), (2, 5)])
    assert list(grid.cells()[:, 5]) == [FILLED, UNKNOWN, UNKNOWN, FILLED, UNKNOWN]
    assert editor.undo_stack().count() == 2


def test_keyboard_cursor_edits(qtbot, editor: EditorView) -> None:
    grid = editor.grid
    grid.setFocus()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_Down)
    assert grid.cursor_cell() == (1, 1)
    assert grid.status_text().startswith("Row 2, column 2")
    qtbot.keyClick(grid, Qt.Key.Key_Space)
    assert grid.cells()[1, 1] == FILLED
    assert "filled" in grid.status_text()
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    qtbot.keyClick(grid, Qt.Key.Key_X)
    assert grid.cells()[1, 2] == CROSSED
    qtbot.keyClick(grid, Qt.Key.Key_Delete)
    assert grid.cells()[1, 2] == UNKNOWN
    for _ in range(20):
        qtbot.keyClick(grid, Qt.Key.Key_Right)
    assert grid.cursor_cell() == (1, 5)  # clamped at the last column
    assert editor.undo_stack().count() == 3


def test_status_line_follows_the_mouse(qtbot, editor: EditorView) -> None:
    click(qtbot, editor.grid, 0, 3)
    # (the clue area may grow once the stroke ends: move via another cell so the pointer really
    # moves even if the target lands where an earlier test left it)
    qtbot.mouseMove(editor.grid, centre(editor.grid, 2, 1))
    qtbot.mouseMove(editor.grid, centre(editor.grid, 4, 3))
    assert editor.ui.status_label.text() == (
        "Row 5, column 4: empty \u2014 row clue 0, column clue 1"  # drawing: a picture's cell
    )


def test_zoom_changes_cell_size(qtbot, editor: EditorView) -> None:
    assert editor.grid.is_fit(), "the editor's grid fits its space by default"
    fitted = editor.grid.cell_size()
    editor.zoom_reset()
    assert not editor.grid.is_fit()
    before = editor.grid.cell_size()
    assert before == 24
    editor.zoom_in()
    assert editor.zoom() > 1.0 and editor.grid.cell_size() > before
    editor.set_zoom(100)
    assert editor.zoom() == 4.0
    editor.zoom_reset()
    assert editor.grid.cell_size() == before
    editor.fit_to_window()
    assert editor.grid.is_fit() and editor.grid.cell_size() == fitted
    editor.zoom_out()
    click(qtbot, editor.grid, 4, 5)  # geometry follows the zoom
    assert editor.grid.cells()[4, 5] == FILLED


def test_overlay_highlights_and_is_dropped_when_the_puzzle_changes(qtbot, editor) -> None:
    editor.set_puzzle(Puzzle.from_grid(np.array([[1, 0], [0, 1]], dtype=np.int8)))
    editor.show_alternate(np.array([[0, 1], [1, 0]], dtype=np.int8))
    assert editor.grid.overlay() is not None
    editor.show_alternate(np.zeros((3, 3), dtype=np.int8))  # stale size: ignored
    assert editor.grid.overlay() is not None
    click(qtbot, editor.grid, 0, 1)
    assert editor.grid.overlay() is None


def test_the_marks_of_another_picture_are_said_under_the_grid(qtbot, editor) -> None:
    """Show alternate solution marked cells with solid and hollow squares and no word of what
    they are (seen under Xvfb: a face with a two-way diagonal, six cells marked); a note under
    the grid says it while the marks are shown, and goes with them."""
    editor.set_puzzle(Puzzle.from_grid(np.array([[1, 0, 0], [0, 1, 0]], dtype=np.int8)))
    assert editor.ui.alternate_note.isHidden()
    editor.show_alternate(np.array([[0, 1, 0], [1, 0, 0]], dtype=np.int8))
    note = editor.ui.alternate_note
    assert not note.isHidden()
    assert note.text().startswith("Another picture fits these clues: it differs in 4 cells")
    assert "a solid square: filled in it; a hollow square: empty in it" in note.text()
    qtbot.keyClicks(editor.ui.meta_edits["title"], "Two ways")  # the clues stay: so do the marks
    assert not note.isHidden() and editor.grid.overlay() is not None
    click(qtbot, editor.grid, 1, 2)  # new clues: the marks go, and the note with them
    assert editor.grid.overlay() is None and note.isHidden()


def test_the_marks_on_typed_clues_are_said_as_a_picture_that_fits(qtbot, editor) -> None:
    """Typed clues, no picture drawn: the note said "Another picture fits these clues: it
    differs in 2 cells", counted against the blank cells under the clues."""
    editor.set_puzzle(Puzzle(((1,), (1,)), ((1,), (1,))))  # the 2x2 diagonal, as clues
    assert not (editor.grid.cells() == 1).any()
    editor.show_alternate(
        np.array([[1, 0], [0, 1]], dtype=np.int8), np.array([[0, 1], [1, 0]], dtype=np.int8)
    )
    note = editor.ui.alternate_note
    assert not note.isHidden()
    assert note.text().startswith("A picture that fits these clues is marked on the grid")
    assert "differs" not in note.text()


def test_a_metadata_field_shows_its_whole_text_on_hover(qtbot, editor: EditorView) -> None:
    """The clue pane is narrow: Edge's copyright showed as '© Copyright 20' at 1280x720."""
    copyright = "\u00a9 Copyright 2009 by Jan Wolter, some rights reserved"
    editor.set_puzzle(Puzzle.from_grid(np.array([[1, 0]], dtype=np.int8), copyright=copyright))
    field = editor.ui.meta_edits["copyright"]
    assert field.fontMetrics().horizontalAdvance(copyright) > field.width()  # cut off here too
    assert field.toolTip() == copyright
    field.clear()
    qtbot.keyClicks(field, "CC0")
    assert field.toolTip() == "CC0"


def test_clear_grid_empties_the_picture_in_one_step_and_keeps_the_rest(qtbot, editor) -> None:
    """New puzzle was the only way to start a picture again, and it drops the title; Clear grid
    empties the cells (one undo step) and keeps the size, the title and typed clues."""
    editor.new_puzzle(4, 3)
    qtbot.keyClicks(editor.ui.meta_edits["title"], "Boat")
    drag(qtbot, editor.grid, [(1, 0), (1, 1), (1, 2), (1, 3)])
    click(qtbot, editor.grid, 0, 1)
    click(qtbot, editor.grid, 2, 2, button=Qt.MouseButton.RightButton)  # a cross goes too
    drawn = editor.grid.cells()
    qtbot.mouseClick(editor.ui.clear_button, LEFT)
    assert (editor.grid.cells() == UNKNOWN).all()
    puzzle = editor.puzzle()
    assert puzzle is not None and puzzle.title == "Boat" and (puzzle.width, puzzle.height) == (4, 3)
    assert puzzle.rows == ((), (), ()) and editor.is_modified()
    editor.undo_stack().undo()
    assert (editor.grid.cells() == drawn).all() and editor.puzzle().rows == ((1,), (4,), ())
    steps = editor.undo_stack().index()
    assert editor.clear_grid() and not editor.clear_grid()  # nothing left to clear: no step
    assert editor.undo_stack().index() == steps + 1
    editor.undo_stack().undo()
    # In Type clues the scratch cells go and the typed clues stay.
    _type_clues(qtbot, editor, "1\n4\n0", "1\n2\n1\n1")
    typed = editor.puzzle()
    assert typed is not None and (editor.grid.cells() == FILLED).any()
    qtbot.mouseClick(editor.ui.clear_button, LEFT)
    assert (editor.grid.cells() == UNKNOWN).all() and editor.puzzle() == typed
    assert editor.ui.rows_edit.toPlainText() == "1\n4\n0"
    # A picture covered (opened to be solved) is not cleared, and the button is not shown: it
    # took the whole status line under the cover, disabled.
    editor.set_puzzle(Puzzle.from_grid(np.array([[1, 0], [1, 1]], dtype=np.int8)))
    editor.hide_solution()
    assert editor.ui.clear_button.isHidden() and not editor.clear_grid()
    editor.show_solution()
    assert not editor.ui.clear_button.isHidden()


def test_the_cover_names_the_puzzle_by_its_title_as_typed(qtbot, editor: EditorView) -> None:
    """Renamed under the cover, the puzzle was still 'The picture of “Bike” is its solution'."""
    editor.set_puzzle(Puzzle.from_grid(np.array([[1, 0], [1, 1]], dtype=np.int8), title="Bike"))
    editor.hide_solution()
    assert "“Bike”" in editor.ui.cover_label.text()
    editor.set_title("Bike two")
    assert "“Bike two”" in editor.ui.cover_label.text()


# --- puzzle, modified state and undo ---------------------------------------------------------


def test_set_puzzle_round_trips_and_clears_undo(qtbot, editor: EditorView) -> None:
    click(qtbot, editor.grid, 0, 0)
    assert editor.undo_stack().count() == 1
    goal = np.array([[1, 1, 0], [0, 1, 0]], dtype=np.int8)
    puzzle = Puzzle.from_grid(goal, title="Hook", author="Ann", copyright="2024", licence="CC0")
    editor.set_puzzle(puzzle)
    assert editor.undo_stack().count() == 0
    assert editor.puzzle() == puzzle
    assert editor.mode() == "draw"
    assert not editor.is_modified()
    assert (editor.ui.width_spin.value(), editor.ui.height_spin.value()) == (3, 2)


def test_modified_signal_and_undo_back_to_saved(qtbot, editor: EditorView) -> None:
    seen: list[bool] = []
    editor.modifiedChanged.connect(seen.append)
    with qtbot.waitSignal(editor.puzzleChanged) as blocker:
        click(qtbot, editor.grid, 2, 2)
    assert blocker.args[0].rows[2] == (1,)
    assert editor.is_modified() and seen == [True]
    editor.undo_stack().undo()
    assert not editor.is_modified() and seen == [True, False]
    editor.ui.meta_edits["title"].setFocus()
    qtbot.keyClicks(editor.ui.meta_edits["title"], "Dot")
    assert editor.puzzle().title == "Dot" and editor.is_modified()
    editor.set_modified(False)
    assert not editor.is_modified() and seen[-1] is False


def test_resize_keeps_cells_and_is_undoable(qtbot, editor: EditorView) -> None:
    click(qtbot, editor.grid, 0, 0)
    editor.ui.width_spin.setValue(8)
    assert editor.puzzle().width == 8 and editor.grid.cells()[0, 0] == FILLED
    editor.undo_stack().undo()
    assert editor.puzzle().width == 6 and editor.ui.width_spin.value() == 6
    assert editor.grid.cells()[0, 0] == FILLED


# --- typed clues -----------------------------------------------------------------------------


def _type_clues(qtbot, editor: EditorView, rows: str, cols: str) -> None:
    editor.set_mode("clues")
    type_text(qtbot, editor.ui.rows_edit, rows)
    type_text(qtbot, editor.ui.cols_edit, cols)


def test_typed_clues_make_a_puzzle_without_goal(qtbot, editor: EditorView) -> None:
    editor.new_puzzle(3, 2)
    _type_clues(qtbot, editor, "2\n1, 1", "2\n1\n1")
    puzzle = editor.puzzle()
    assert puzzle is not None
    assert puzzle.rows == ((2,), (1, 1)) and puzzle.cols == ((2,), (1,), (1,))
    assert puzzle.goal is None
    assert editor.grid.clues() == (puzzle.rows, puzzle.cols)
    assert not editor.ui.rows_message.isVisible() and not editor.ui.totals_message.isVisible()


def test_typed_clue_errors_name_the_clue(qtbot, editor: EditorView) -> None:
    editor.new_puzzle(10, 5)
    _type_clues(qtbot, editor, "1\n2\n3\n3a\n5 5", "1\n" * 9 + "1")
    assert editor.puzzle() is None
    text = editor.ui.rows_message.text()
    assert "row 4: '3a' is not a number" in text
    assert "row 5: clue 5 5 needs 11 cells but the row has 10" in text
    marked = {s.cursor.blockNumber() for s in editor.ui.rows_edit.extraSelections()}
    assert marked == {3, 4}
    # Fix both lines: the remaining problem is the totals.
    _type_clues(qtbot, editor, "1\n2\n3\n3\n5 4", "1\n" * 9 + "1")
    assert editor.ui.rows_message.text() == "" or not editor.ui.rows_message.isVisible()
    assert "row clues fill 18 cells but column clues fill 10" in editor.ui.totals_message.text()
    assert editor.puzzle() is None


def test_a_typed_0_beside_other_numbers_is_said_not_shown_as_another_clue(
    qtbot, editor: EditorView
) -> None:
    # '0 1' showed on the grid as 1 (a silently changed puzzle); the file readers refuse it
    editor.new_puzzle(2, 2)
    _type_clues(qtbot, editor, "0 1\n1", "1\n1")
    assert editor.puzzle() is None
    assert "row 1: a 0 beside other numbers ('0 1';" in editor.ui.rows_message.text()
    assert {s.cursor.blockNumber() for s in editor.ui.rows_edit.extraSelections()} == {0}
    assert editor.grid.invalid_lines()[0] == {0}  # a ?, not the 1 it was read as


def test_a_typed_line_that_is_no_clue_shows_a_question_mark_not_zero(
    qtbot, editor: EditorView
) -> None:
    """Seen under Xvfb: row 1 of a 15x15 typed as "1 1 12" (too long) showed 0 beside the
    grid and the status line said "row clue 0", as if the row were empty. A line that holds no
    clue (refused, or not typed at all) shows ?, the status line says the clue is not valid,
    and fixing the line shows its numbers again."""
    editor.new_puzzle(10, 5)
    _type_clues(qtbot, editor, "0\n2\n3\n3a\n5 5", "1\n" * 8)
    grid = editor.grid
    grid.set_cursor_cell(3, 9)
    status = grid.status_text()
    assert "row clue 0" not in status
    assert "row clue not valid" in status and "column clue not valid" in status
    assert grid.invalid_lines() == ({3, 4}, {9})  # two refused rows, the last column untyped
    # the ? is drawn in ink: the empty clue of an invalid line looks satisfied, and satisfied
    # lines' clues are greyed while typing
    image = grid.grab().toImage()

    def darkest(row: int) -> int:
        box = grid._layout.row_clue_box(row, 0).adjusted(2, 2, -2, -2)  # (not the lines)
        return min(
            image.pixelColor(x, y).lightness()
            for x in range(box.left(), box.right())
            for y in range(box.top(), box.bottom())
        )

    assert darkest(3) < darkest(0) - 30  # row 1's 0 is satisfied, greyed
    grid.set_cursor_cell(1, 0)
    assert grid.status_text().endswith("row clue 2, column clue 1")
    _type_clues(qtbot, editor, "1\n2\n3\n3\n5 4", "1\n" * 9 + "1")
    assert grid.invalid_lines() == (frozenset(), frozenset())
    grid.set_cursor_cell(4, 0)
    assert "row clue 5 4," in grid.status_text()
    editor.set_mode("draw")  # a painted picture's clues are always valid
    assert grid.invalid_lines() == (frozenset(), frozenset())


def test_missing_clue_lines_are_reported(qtbot, editor: EditorView) -> None:
    editor.new_puzzle(2, 3)
    _type_clues(qtbot, editor, "1\n1", "1\n1")
    assert "rows: 2 clue lines but the puzzle has 3 rows" in editor.ui.rows_message.text()
    assert editor.puzzle() is None


def test_puzzle_without_goal_opens_in_clues_mode(qtbot, editor: EditorView) -> None:
    puzzle = Puzzle(((1,), (1,)), ((1,), (1,)), title="Diag")
    with qtbot.waitSignal(editor.puzzleChanged):
        editor.set_puzzle(puzzle)
    assert editor.mode() == "clues"
    assert editor.ui.rows_edit.toPlainText() == "1\n1"
    assert editor.puzzle() == puzzle
    # Scratch cells do not change the puzzle; switching to drawing makes them the picture.
    click(qtbot, editor.grid, 0, 1)
    assert editor.puzzle() == puzzle
    editor.set_mode("draw")
    assert editor.puzzle().rows == ((1,), ()) and editor.puzzle().goal[0, 1] == FILLED


def test_drawing_says_when_it_replaces_typed_clues(qtbot, editor: EditorView) -> None:
    """Typed clues with no picture painted (a puzzle opened from its clues): switching to
    drawing replaces them with the empty picture's; the hint beside the clues says so and that
    Undo brings them back (it does); a picture whose clues are the typed ones is not said to be
    replaced."""
    puzzle = Puzzle(((1,), (1,)), ((1,), (1,)), title="Diag")
    editor.set_puzzle(puzzle)
    editor.set_mode("draw")
    assert editor.puzzle().rows == ((), ())
    assert "are replaced (Undo brings them back)" in editor.ui.clue_hint.text()
    editor._undo.undo()
    assert editor.mode() == "clues" and editor.puzzle() == puzzle
    assert "replaced" not in editor.ui.clue_hint.text()
    goal = np.array([[1, 0], [0, 1]], dtype=np.int8)
    editor.set_puzzle(Puzzle.from_grid(goal, title="Diag"))
    editor.set_mode("clues")
    editor.set_mode("draw")
    assert editor.ui.clue_hint.text() == "The clues follow the picture you paint."


def test_drawing_paints_the_one_picture_typed_clues_allow(qtbot, editor: EditorView) -> None:
    """A heart typed as clues, then Draw picture: the heart is painted and the clues stay the
    typed ones.  The blank grid's clues, all 0, replaced them (seen under Xvfb: the Check panel
    said 'Unique, line-solvable' for the typed heart, Draw showed ten 0s)."""
    heart = ".#.#.|#####|#####|.###.|..#.."
    editor.new_puzzle(5, 5)
    _type_clues(qtbot, editor, "1 1\n5\n5\n3\n1", "2\n4\n4\n4\n2")
    typed = editor.puzzle()
    assert typed is not None and typed.goal is None
    qtbot.mouseClick(editor.ui.draw_radio, Qt.MouseButton.LeftButton)
    assert editor.mode() == "draw"
    painted = "|".join(
        "".join("#" if c == FILLED else "." for c in row) for row in editor.grid.cells()
    )
    assert painted == heart
    drawn = editor.puzzle()
    assert drawn is not None and (drawn.rows, drawn.cols) == (typed.rows, typed.cols)
    assert "one picture the typed clues allow is painted" in editor.ui.clue_hint.text()
    editor.undo_stack().undo()
    assert editor.mode() == "clues" and editor.puzzle() == typed
    assert not (editor.grid.cells() == FILLED).any()


# --- what the autosave keeps -----------------------------------------------------------------


def test_snapshot_round_trips_a_drawing_with_its_metadata(qtbot, editor: EditorView) -> None:
    drag(qtbot, editor.grid, [(1, 0), (1, 1), (1, 2)])
    click(qtbot, editor.grid, 3, 4)
    qtbot.keyClicks(editor.ui.meta_edits["title"], "Half done")
    state = json.loads(json.dumps(editor.snapshot()))  # plain JSON data
    picture = editor.puzzle()

    other = EditorView()
    qtbot.addWidget(other)
    other.restore_snapshot(state)
    assert other.mode() == "draw"
    assert other.puzzle() == picture and other.puzzle().title == "Half done"
    assert np.array_equal(other.grid.cells(), editor.grid.cells())
    assert other.is_modified()  # restored work has not been saved anywhere
    assert not other.undo_stack().canUndo()


def test_snapshot_keeps_typed_clues_that_are_not_valid_yet(qtbot, editor: EditorView) -> None:
    _type_clues(qtbot, editor, "1\n2 x\n0\n0\n0", "1\n1")
    assert editor.puzzle() is None
    state = json.loads(json.dumps(editor.snapshot()))

    other = EditorView()
    qtbot.addWidget(other)
    other.restore_snapshot(state)
    assert other.mode() == "clues" and other.puzzle() is None
    assert other.ui.rows_edit.toPlainText() == "1\n2 x\n0\n0\n0"
    assert other.ui.cols_edit.toPlainText() == "1\n1"
    assert other.ui.rows_message.text() == editor.ui.rows_message.text() != ""
    assert other.is_modified()


def test_damaged_snapshot_is_refused_and_changes_nothing(qtbot, editor: EditorView) -> None:
    click(qtbot, editor.grid, 0, 0)
    before = editor.puzzle()
    state = editor.snapshot()
    for damage in ({"cells": ["OO"]}, {"mode": "paint"}, {"width": "x"}, {"cells": ["Z" * 6] * 5}):
        with pytest.raises(ValueError, match="damaged editor state"):
            editor.restore_snapshot({**state, **damage})
        assert editor.puzzle() == before
    with pytest.raises(ValueError, match="damaged editor state"):
        editor.restore_snapshot({"mode": "draw"})


def test_edited_fires_for_user_changes_only(qtbot, editor: EditorView) -> None:
    count = []
    editor.edited.connect(lambda: count.append(1))
    editor.set_puzzle(None)
    editor.new_puzzle(4, 4)
    assert count == []  # loading is not editing
    click(qtbot, editor.grid, 0, 0)
    assert len(count) >= 1
    n = len(count)
    editor.undo_stack().undo()
    assert len(count) > n
    n = len(count)
    qtbot.keyClicks(editor.ui.meta_edits["author"], "A")
    assert len(count) == n + 1
    editor.ui.width_spin.setValue(5)
    assert len(count) > n + 1


def test_typed_clues_take_only_the_room_they_need(qtbot, editor: EditorView) -> None:
    # A 40x40 of stripes: one or two numbers a clue.  Drawing keeps room for the 20 numbers a
    # 40-cell line can have (strokes then never move the grid); typed clues need none.
    goal = np.zeros((40, 40), dtype=np.int8)
    goal[::2, :] = 1
    puzzle = Puzzle.from_grid(goal)
    editor.set_puzzle(Puzzle(puzzle.rows, puzzle.cols))
    assert editor.mode() == "clues"
    grid_left = editor.grid.cell_rect(0, 0).left()
    assert editor.grid._layout.col_slots == 20 and editor.grid._layout.row_slots == 1
    editor.set_mode("draw")
    assert editor.grid._layout.row_slots == 20
    assert editor.grid.cell_rect(0, 0).left() > grid_left


def test_switching_to_typed_clues_changes_nothing(qtbot, editor: EditorView) -> None:
    """A person who only looks at the clues as text has changed nothing: closing must not ask
    to save, and the puzzle keeps its picture (its solution) while the clues are the saved ones;
    a typed change is a change, and drops the picture the new clues no longer match."""
    goal = np.array([[1, 1, 0], [0, 1, 1]], dtype=np.int8)
    puzzle = Puzzle.from_grid(goal, title="Steps")
    editor.set_puzzle(puzzle)
    seen: list[bool] = []
    editor.modifiedChanged.connect(seen.append)
    editor.set_mode("clues")
    assert not editor.is_modified() and seen == []
    assert editor.puzzle() == puzzle and editor.puzzle().goal is not None
    editor.set_mode("draw")
    assert not editor.is_modified() and editor.puzzle() == puzzle
    editor.set_mode("clues")
    type_text(qtbot, editor.ui.rows_edit, "2\n1")  # the last row's "2" typed as "1"
    assert editor.puzzle() is None or editor.puzzle().goal is None
    assert editor.is_modified() and seen == [True]


def test_undo_takes_back_the_title_author_and_a_typed_size(qtbot, editor: EditorView) -> None:
    """Edit ▸ Undo (the editor's stack) undoes any edit of the puzzle: typing in the title (one
    step however many letters, Ctrl+Z in the field too), the author, and the size of typed
    clues; back where it was opened, the puzzle is not modified."""
    puzzle = Puzzle(((1,), (1,)), ((1,), (1,)), title="Diag")
    editor.set_puzzle(puzzle)
    stack = editor.undo_stack()
    title, author = editor.ui.meta_edits["title"], editor.ui.meta_edits["author"]
    title.setFocus()
    title.end(False)  # (a click after the text: an opened field shows its start)
    qtbot.keyClicks(title, "onal")
    qtbot.keyClicks(author, "Ann")
    assert editor.puzzle().title == "Diagonal" and editor.puzzle().author == "Ann"
    editor.ui.width_spin.setValue(3)
    assert editor.puzzle().cols == ((1,), (1,), ())  # a third, empty column typed with it
    stack.undo()
    assert editor.ui.width_spin.value() == 2 and editor.puzzle().author == "Ann"
    stack.undo()
    assert author.text() == "" and editor.puzzle().author == ""
    qtbot.keyClick(title, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert title.text() == "Diag" and editor.puzzle() == puzzle
    assert not editor.is_modified()
    stack.redo()
    assert editor.puzzle().title == "Diagonal" and editor.is_modified()


def test_a_puzzle_over_999_cells_wide_keeps_its_size_and_its_unsaved_work(qtbot) -> None:
    """The size boxes stopped at 999: a 1000-wide puzzle showed 999 and its autosave (the size
    read from the boxes) was refused on restoring as a damaged state, the work lost."""
    picture = np.zeros((3, 1000), dtype=np.int8)
    picture[:, ::3] = FILLED
    wide = Puzzle.from_grid(picture, title="Wide")
    editor = EditorView()
    qtbot.addWidget(editor)
    editor.set_puzzle(wide)
    assert editor.picture_size() == (1000, 3)
    state = json.loads(json.dumps(editor.snapshot()))
    other = EditorView()
    qtbot.addWidget(other)
    other.restore_snapshot(state)
    assert other.puzzle() == wide and other.picture_size() == (1000, 3)


def test_the_autosave_s_cell_text_is_quick_on_a_1000x1000_picture() -> None:
    """The autosave's snapshot wrote a 1000x1000 picture's cells a character at a time: 0.25 s
    of the GUI thread 3 s after each change (0.003 s by table look-up)."""
    from time import perf_counter

    from nonostudio.gui.editor.view import cell_text_rows

    cells = np.random.default_rng(0).choice([UNKNOWN, CROSSED, FILLED], size=(1000, 1000))
    start = perf_counter()
    rows = cell_text_rows(cells.astype(np.int8))
    took = perf_counter() - start
    chars = {UNKNOWN: "-", FILLED: "O", CROSSED: "x"}
    assert rows[7] == "".join(chars[int(c)] for c in cells[7]) and len(rows) == 1000
    assert took < 0.1, f"{took:.3f} s"
