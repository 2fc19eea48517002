"""Designer checks on the editor: the stuck region shaded on the grid, suggested single-cell edits
numbered and listed, each one re-verified here with the complete solver, applied as one undo
step."""

from __future__ import annotations

import numpy as np
import pytest
from designing import checked
from pictures import picture
from PySide6.QtCore import QPoint, Qt, QThreadPool
from studio_window import end_background, show_window

from nonostudio.core.gridstate import GridState
from nonostudio.core.line import FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.gui.editor.designer_checks import DesignerPanel
from nonostudio.gui.editor.view import CLUES, EditorView

DIAGONAL = picture("#.", ".#")  # the clues 1/1 x 1/1 also fit the other diagonal
# Unique, but line logic alone gets stuck (found by a random search over 5x5 pictures).
NEEDS_SEARCH = picture("##.#.", "#.###", "....#", ".###.", "#...#")
HOUSE = picture("..#..", ".###.", "#####", "#...#", "#.###")


@pytest.fixture
def setup(show_designer) -> tuple[EditorView, DesignerPanel]:
    editor = EditorView()
    panel = DesignerPanel(editor)
    panel.set_rule_set("control")
    return show_designer(editor, panel)


def edited(pic: np.ndarray, row: int, col: int, value: int) -> np.ndarray:
    out = pic.copy()
    out[row, col] = 1 if value == FILLED else 0
    return out


def test_non_unique_picture_gets_unique_edits(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    checked(qtbot, panel)
    edits = panel.edits()
    assert 1 <= len(edits) <= 5
    for edit in edits:  # each suggestion really makes the puzzle unique
        assert solve(
            Puzzle.from_grid(edited(DIAGONAL, edit.row, edit.col, edit.value))
        ).verdict.is_unique
    assert panel.edit_list.count() == len(edits)
    assert panel.edit_list.item(0).text().startswith("1. ")
    assert "make it unique" in panel.summary_label.text()
    # No rule decides anything on the two-diagonal puzzle: every cell is shaded.
    assert sorted(panel.overlay.stuck_cells()) == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_apply_edit_is_one_undo_step(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    checked(qtbot, panel)
    edit = panel.edits()[1]
    panel.edit_list.setCurrentRow(1)
    steps = editor.undo_stack().count()
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert editor.undo_stack().count() == steps + 1
    puzzle = editor.puzzle()
    assert puzzle is not None
    assert np.array_equal(puzzle.goal == FILLED, edited(DIAGONAL, edit.row, edit.col, edit.value))
    # The puzzle changed, so the findings no longer hold and are cleared.
    assert panel.edits() == [] and panel.overlay.stuck_cells() == []
    editor.undo_stack().undo()
    assert np.array_equal(editor.puzzle().goal == FILLED, DIAGONAL)


def test_unique_picture_needing_search_gets_line_solvable_edits(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(Puzzle.from_grid(NEEDS_SEARCH))
    checked(qtbot, panel)
    assert panel.edits()
    for edit in panel.edits():
        candidate = Puzzle.from_grid(edited(NEEDS_SEARCH, edit.row, edit.col, edit.value))
        state = GridState(candidate)
        state.propagate()
        assert state.is_solved()  # line logic alone now finishes it
        assert solve(candidate).verdict is Verdict.UNIQUE_LINE
    text = panel.summary_label.text()
    assert "line-solvable" in text and "(hatched)" in text


def test_line_solvable_picture_needs_no_edit(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(Puzzle.from_grid(HOUSE))
    checked(qtbot, panel)
    assert panel.edits() == [] and panel.edit_list.count() == 0
    assert "no edit needed" in panel.summary_label.text()
    assert not panel.apply_button.isEnabled()


def test_typed_clues_get_the_region_but_no_edits(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(Puzzle(((1,), (1,)), ((1,), (1,))))
    assert editor.mode() == CLUES
    checked(qtbot, panel)
    assert panel.edits() == []
    assert len(panel.overlay.stuck_cells()) == 4
    assert "Draw the picture" in panel.summary_label.text()


def test_stuck_region_is_painted_on_the_grid(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    grid = editor.grid
    # A cell's corner: outside the numbered ring of an edit, inside the shading.
    corner = grid.cell_rect(0, 1).topLeft() + QPoint(2, 2)
    before = grid.grab().toImage().pixelColor(corner)
    checked(qtbot, panel)
    overlay = panel.overlay
    assert overlay.geometry() == grid.rect()
    # The overlay paints on top of the grid: grab the grid with its child overlay.
    after = grid.grab().toImage().pixelColor(corner)
    assert after != before
    grid.zoom_in()
    qtbot.waitUntil(lambda: overlay.geometry() == grid.rect(), timeout=2000)


def test_no_puzzle_is_reported(setup) -> None:
    editor, panel = setup
    editor.set_mode(CLUES)
    editor.ui.rows_edit.setPlainText("9\n")
    assert editor.puzzle() is None
    assert not panel.run_checks()
    assert panel.summary_label.text() == "Fix the clues first."


# --- "which line should I look at next?" in the solving view ----------------------------------


def test_next_line_highlights_a_line_that_decides_cells(qtbot) -> None:
    from nonostudio.core.line import UNKNOWN
    from nonostudio.core.linesolver import solve_cells
    from nonostudio.gui.solve.view import SolveView

    view = SolveView(delay_ms=1)
    qtbot.addWidget(view)
    view.show()
    puzzle = Puzzle.from_grid(HOUSE)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(puzzle)
    view.set_hand_mode(True)
    view.grid.setFocus()
    qtbot.keyClick(view.grid, Qt.Key.Key_L)
    marks = view.grid.marks()
    assert marks.axis in ("row", "column") and marks.index >= 0
    hints = (puzzle.rows if marks.axis == "row" else puzzle.cols)[marks.index]
    cells = (UNKNOWN,) * (5)
    assert solve_cells(hints, cells) != cells  # the line decides something on the empty grid
    assert f"{marks.axis} {marks.index + 1}" in view.ui.message_label.text()
    # On the solved grid no line has anything left to decide.
    view.set_hand_mode(False)
    view.go_to(len(view.trace().steps))
    assert view.suggest_line() is None
    assert view.ui.message_label.text().startswith("The puzzle is solved")
    view.cancel()
    assert QThreadPool.globalInstance().waitForDone(10000)


# --- the marks in a window started as a person starts it ------------------------------------


def test_marks_show_when_the_panels_are_built_after_the_window_is_shown(
    qtbot, small_library, settings
) -> None:
    """``nonostudio`` shows the window first and builds its panels afterwards; the overlay made
    then must still be shown (a child made under a visible parent stays hidden unless shown)."""
    win = show_window(qtbot, small_library, settings, defer_panels=True)
    try:
        win.editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
        win.designer_dock.show()
        win.designer_dock.raise_()
        grid = win.editor.grid
        corner = grid.cell_rect(0, 1).topLeft() + QPoint(2, 2)
        before = win.grab().toImage().pixelColor(grid.mapTo(win, corner))
        checked(qtbot, win.designer_panel)
        overlay = win.designer_panel.overlay
        assert overlay.isVisible() and overlay.geometry() == grid.rect()
        assert overlay.stuck_cells() and overlay.edits()
        # What the window shows (not the grid grabbed alone): the shading and a numbered ring.
        image = win.grab().toImage()
        assert image.pixelColor(grid.mapTo(win, corner)) != before
        first = overlay.edits()[0]
        ring = grid.cell_rect(first.row, first.col)
        ring_pixels = {
            image.pixelColor(grid.mapTo(win, QPoint(x, ring.center().y()))).name()
            for x in range(ring.left(), ring.right())
        }
        assert "#e65a1e" in ring_pixels, ring_pixels  # the overlay colour, OVERLAY_COLOR
    finally:
        win.designer_panel.cancel()
        win.editor.set_modified(False)
        end_background(win, 10000)


def test_the_designer_takes_the_rule_set_read_ahead(qtbot, default_set_read_ahead) -> None:
    """The panel built at the start checks with the default set read ahead on a worker thread
    (it parsed it again on the GUI thread, ~16 ms); a set it cannot read is still said."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET

    ahead, parsed = default_set_read_ahead
    editor = EditorView()
    panel = DesignerPanel(editor)
    qtbot.addWidget(editor)
    qtbot.addWidget(panel)
    panel.set_rule_set(DEFAULT_RULE_SET)
    assert parsed == [] and panel._design.rule_set is ahead
    panel.set_rule_set("no such set")
    assert panel._design.rule_set is None and "no such set" in panel.summary_label.text()


def test_typing_a_title_keeps_the_findings_a_cell_clears_them(qtbot, setup) -> None:
    """The findings are of the clues and picture: typing the title, author, copyright or licence
    (each a puzzleChanged) cleared them, so a designer naming the puzzle after a check lost
    it; a painted cell still clears them."""
    editor, panel = setup
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    checked(qtbot, panel)
    found, summary = panel.edits(), panel.summary_label.text()
    assert found
    for key, text in (("title", "Diagonal"), ("author", "Me"), ("licence", "CC0")):
        with qtbot.waitSignal(editor.puzzleChanged, timeout=1000):
            qtbot.keyClicks(editor.ui.meta_edits[key], text)
    assert editor.puzzle().title == "Diagonal"
    assert panel.edits() == found and panel.summary_label.text() == summary
    assert sorted(panel.overlay.stuck_cells()) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    editor.grid.set_cells(np.array([[FILLED, FILLED], [0, FILLED]], dtype=np.int8))
    assert panel.edits() == [] and panel.overlay.stuck_cells() == []


def test_clues_no_picture_fits_are_said_in_words(qtbot, setup) -> None:
    """Typed clues with no solution: the panel said 'Cannot check: nonostudio.core.errors.
    InconsistentPuzzleError: row 2's clue: ... row 2 (1 1) OOx- cannot be completed', cut off at
    the dock's edge (seen under Xvfb at 1280x720)."""
    editor, panel = setup
    # Rows 1 and 2 of a real 4x4 picture swapped: the totals agree, no picture fits.
    editor.set_puzzle(Puzzle(((2,), (1, 1), (2,), (1, 2)), ((3,), (3,), (1,), (1, 1))))
    assert editor.mode() == CLUES and editor.puzzle() is not None
    assert panel.run_checks()
    qtbot.waitUntil(lambda: not panel.is_busy(), timeout=30000)
    text = panel.summary_label.text()
    assert text.startswith("No picture fits these clues, so there is nothing to check")
    assert "Error" not in text and "Cannot check" not in text
    assert panel.edits() == [] and panel.overlay.stuck_cells() == []
    assert not panel.apply_button.isEnabled()


def test_a_covered_picture_is_not_checked(qtbot, setup) -> None:
    """A puzzle opened to be solved has its picture covered; the checks' findings name its cells
    ('Fill row 1, column 16', seen under Xvfb on Bubble Cat), so they wait until it is shown."""
    editor, panel = setup
    editor.set_puzzle(Puzzle.from_grid(DIAGONAL))
    editor.hide_solution()
    assert editor.solution_hidden()
    assert not panel.run_checks()
    assert panel.summary_label.text().startswith("The picture is hidden: show it first")
    assert panel.edits() == [] and not panel.is_busy()
    qtbot.mouseClick(editor.ui.reveal_button, Qt.MouseButton.LeftButton)
    assert not editor.solution_hidden()
    assert panel.summary_label.text() == "Check the design to see where solving gets stuck."
    checked(qtbot, panel)
    assert panel.edits()
