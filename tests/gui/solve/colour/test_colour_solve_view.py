"""The Solve view in colour: a colour puzzle's trace step by step (the step list, the grid of
colour sets with pencil marks, the step's line marked), the hint ladder on the replay, and the
window putting the colour Solve view and Difficulty panel in place for a colour file and back for
a black-and-white one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from keyboard import assert_keys_reach
from PySide6.QtCore import QSettings, Qt, QThreadPool
from PySide6.QtGui import QColor
from studio_window import end_background, show_window

from nonostudio.analysis.colour.hints import grid_after
from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.gui.panels.colour_difficulty import ColourDifficultyPanel
from nonostudio.gui.solve.colour.grid import UNKNOWN_FILL
from nonostudio.gui.solve.colour.view import ColourSolveView
from nonostudio.gui.window.main_window import MainWindow
from nonostudio.gui.window.start import SOLVE_TAB

sys.path.insert(0, str(Path(__file__).parent))
from colour_pictures import PALETTE, PICTURE, PUZZLE, big_puzzle  # noqa: E402


def test_a_colour_puzzle_shows_its_steps_and_their_colour_sets(view: ColourSolveView) -> None:
    trace = view.trace()
    assert trace is not None and trace.solved and len(trace.steps) > 10
    assert view.model.rowCount() == len(trace.steps)
    for k, step in enumerate(trace.steps):
        assert view.model.row_at(k).explanation == step.text
    assert "Solved" in view.ui.summary_label.text()
    # a position where some cell is pencilled (several colours, not all) and some decided
    k = next(
        k
        for k in range(len(trace.steps))
        if any(1 < bin(x).count("1") < len(PALETTE) for row in grid_after(trace, k) for x in row)
    )
    view.go_to(k)
    assert view.grid.sets() == grid_after(trace, k)
    step = trace.steps[k - 1]
    marks = view.grid.marks()
    assert (marks.axis, marks.index) == (step.axis, step.index)
    assert marks.cells == {(r, c) for r, c, _b, _a in step.cells}
    assert view.ui.table.selectionModel().currentIndex().row() == k - 1
    assert view.ui.message_label.text() == f"Step {k}: {step.text}"
    view.go_to(len(trace.steps))
    assert view.grid.sets() == tuple(tuple(1 << v for v in row) for row in PICTURE)


def test_pencil_marks_are_drawn_as_swatches_of_the_colours_still_possible(
    view: ColourSolveView,
) -> None:
    trace = view.trace()
    assert trace is not None
    seen_swatch = seen_unknown = False
    for position in (1, len(trace.steps) // 2):
        view.go_to(position)
        sets = view.grid.sets()
        image = view.grid.grab().toImage()
        for r, row in enumerate(sets):
            for c, cell in enumerate(row):
                rect = view.grid.cell_rect(r, c)
                colours = {
                    image.pixelColor(x, y).name()
                    for x in range(rect.left() + 2, rect.right() - 1)
                    for y in range(rect.top() + 2, rect.bottom() - 1)
                }
                if cell == PALETTE.all_mask:
                    assert UNKNOWN_FILL.name() in colours and not colours & {"#d62728", "#1f77b4"}
                    seen_unknown = True
                elif cell & (cell - 1):  # pencil marks: a swatch of every colour still possible
                    for i in range(1, len(PALETTE)):
                        assert (PALETTE[i].rgb in colours) == bool(cell >> i & 1), (r, c, cell)
                    seen_swatch = True
                else:
                    rgb = PALETTE[cell.bit_length() - 1].rgb
                    assert QColor(rgb).name() in colours
    assert seen_swatch and seen_unknown


def test_the_hint_ladder_on_the_replay_points_at_the_next_step_and_applies_it(
    view: ColourSolveView,
) -> None:
    trace = view.trace()
    assert trace is not None
    view.go_to(4)
    step = trace.steps[4]
    view.request_hint()
    ladder = view.hint_ladder()
    assert ladder is not None and ladder.step is step
    assert view.ui.hint_panel.shown_text() == f"Where: Look at {step.axis} {step.index + 1}."
    marks = view.grid.marks()
    assert (marks.axis, marks.index, marks.cells) == (step.axis, step.index, frozenset())
    for rung in (1, 2, 3):
        view.request_hint()
        assert view.hint_rung() == rung
    assert view.ui.hint_panel.shown_text().splitlines()[3] == f"Cells: {step.text}"
    assert view.grid.marks().cells == {(r, c) for r, c, _b, _a in step.cells}
    view.request_hint()  # apply: the replay moves on by the step
    assert view.position() == 5 and view.grid.sets() == grid_after(trace, 5)


def test_the_colour_hints_tooltip_holds_every_rung_so_far(view: ColourSolveView) -> None:
    """The label shows only the newest rung; its tooltip holds every rung so far, as in the
    black-and-white Solve view (the colour panel had no tooltip: a player saw the rungs before
    the newest nowhere), and a dropped hint leaves none."""
    trace = view.trace()
    assert trace is not None
    view.go_to(4)
    step = trace.steps[4]
    for _ in range(4):
        view.request_hint()
    label = view.ui.hint_panel.text_label
    tip = label.toolTip().splitlines()
    assert len(tip) == 4 and tip[0] == f"Where: Look at {step.axis} {step.index + 1}."
    assert tip[3] == f"Cells: {step.text}" and step.text not in tip[0]
    assert "Where" not in label.text() and "4. Cells" in label.text()  # the newest alone
    view.ui.hint_panel.reset()
    assert label.toolTip() == "" and view.ui.hint_panel.shown_text() == ""


@pytest.fixture
def window(qtbot, small_library: Library, settings: QSettings):
    win = show_window(qtbot, small_library, settings)
    yield win
    end_background(win, 10000)


def test_the_window_solves_and_grades_a_colour_file_in_the_solve_tab_and_difficulty_dock(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "six.xml"
    write_file(PUZZLE, path)
    assert window.files.open_file(path, ask=False)
    pages = window.colour_pages()
    assert window.tabs.widget(SOLVE_TAB) is pages.solve_view
    qtbot.waitUntil(lambda: pages.solve_view.trace() is not None, timeout=20000)
    assert pages.solve_view.model.rowCount() > 10
    assert isinstance(window.difficulty_dock.widget().widget(), ColourDifficultyPanel)
    qtbot.waitUntil(lambda: pages.difficulty_panel.result() is not None, timeout=20000)
    assert pages.difficulty_panel.feature_labels["colours"].text() == "3"
    # a black-and-white puzzle puts the black-and-white pages back
    window.files.new_puzzle()
    assert not window.files.is_colour()
    assert window.tabs.widget(SOLVE_TAB) is window.solve_view
    assert window.difficulty_dock.widget().widget() is window.difficulty_panel


def test_the_windows_undo_acts_on_the_players_strokes_in_the_colour_solve_tab(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "six.xml"
    write_file(PUZZLE, path)
    assert window.files.open_file(path, ask=False)
    view = window.colour_pages().solve_view
    window.tabs.setCurrentWidget(view)
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=20000)
    view.set_hand_mode(True)
    view.pick_colour(1)
    qtbot.mouseClick(view.grid, Qt.MouseButton.LeftButton, pos=view.grid.cell_rect(0, 0).center())
    assert view.hand_sets()[0][0] == 1 << 1
    assert window.active_undo_stack() is view.undo_stack()
    window.commands.undo.trigger()
    assert view.hand_sets()[0][0] == PALETTE.all_mask
    assert window.colour_editor.puzzle() is not None  # the editor's picture is untouched


def test_a_trace_shows_its_progress_and_stops_when_another_puzzle_comes(qtbot) -> None:
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    v.set_puzzle(big_puzzle())
    qtbot.waitUntil(lambda: v.ui.busy.maximum() == 100, timeout=20000)  # running, heard from
    with qtbot.waitSignal(v.traceReady, timeout=20000):
        v.set_puzzle(PUZZLE)
    assert v.trace() is not None and v.trace().puzzle == PUZZLE
    # the big trace was stopped, not left to run its seconds out
    assert QThreadPool.globalInstance().waitForDone(3000)


def test_the_colour_solve_tabs_keys_work_as_soon_as_it_is_chosen(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    """As in the black-and-white Solve tab: no click in the view first (seen under Xvfb: H and
    the arrows did nothing until the grid was clicked)."""
    path = tmp_path / "six.xml"
    write_file(PUZZLE, path)
    assert window.files.open_file(path, ask=False)
    view = window.colour_pages().solve_view
    window.activateWindow()
    qtbot.waitActive(window)
    window.library_view.table.setFocus()  # the player was choosing a puzzle in the library
    bar = window.tabs.tabBar()
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(SOLVE_TAB).center())
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=20000)
    assert_keys_reach(qtbot, view)


def test_a_puzzle_with_several_solutions_says_where_line_logic_stops(qtbot) -> None:
    """The pane under the grid was empty for such a puzzle (seen under Xvfb with the steps pane
    folded away): it says there are several solutions and where line logic stops."""
    from nonostudio.analysis.colour.trace import GUESS
    from nonostudio.core.colour.model import ColourPuzzle, Palette

    row = ((1, 1), (1, 2))  # each row 1 red, 1 blue: the reds take either diagonal of columns 1-2
    cols = (((1, 1),), ((1, 1),), (), ((2, 2),))
    two = ColourPuzzle(Palette(PALETTE.colours[:3]), (row, row), cols)
    v = ColourSolveView(delay_ms=1)
    qtbot.addWidget(v)
    v.resize(1100, 700)
    v.show()
    with qtbot.waitSignal(v.traceReady, timeout=20000):
        v.set_puzzle(two)
    trace = v.trace()
    assert trace is not None and trace.solutions == "multiple"
    kinds = [s.kind for s in trace.steps]
    stop = kinds.index(GUESS)  # the first search step
    assert kinds.count(GUESS) == 1  # one guess decides the diagonal
    # columns 3 (empty) and 4 (blue) are decided by line logic; columns 1-2 (4 cells) are not
    said = (
        f"Several solutions: more than one picture fits these clues. Line logic stops after "
        f"step {stop} with 4 cells undecided; step {stop + 1} is the search step, which takes "
        "one of them."
    )
    assert v.ui.message_label.text() == said and v.ui.message_label.isVisible()
    v.set_hand_mode(True)
    assert v.ui.message_label.text() != said  # by hand: how to paint
    v.set_hand_mode(False)
    assert v.ui.message_label.text() == said
    v.cancel()


def test_a_unique_puzzle_has_no_verdict_words_under_the_grid(view: ColourSolveView) -> None:
    assert view.trace() is not None and view.trace().solutions == "unique"
    assert view.ui.message_label.text() == ""
