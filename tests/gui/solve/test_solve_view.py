"""The solving view driven like a user: trace in the background, click and key through steps, play,
solve by hand with mistakes and hints; the step model through qtmodeltester."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from pictures import HOUSE
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtGui import QImage, QPalette
from PySide6.QtWidgets import QApplication

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.tracing.steps import Step, Trace
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_file
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.theme import apply_theme
from nonostudio.gui.solve import view as view_module
from nonostudio.gui.solve.replay import summary_text
from nonostudio.gui.solve.steps_model import (
    KIND,
    StepsModel,
    line_label,
    plain_description,
    step_rows,
)
from nonostudio.gui.solve.view import SolveView
from nonostudio.rules.ruleset import available_rule_sets, load_rule_set


@pytest.fixture
def view(show_solve_view: Callable[..., SolveView]) -> SolveView:
    return show_solve_view(
        height=650, rule_set="control"
    )  # these tests read the control rules' titles


def test_the_one_default_rule_set_is_the_default_and_others_one_click_away(qtbot) -> None:
    widget = SolveView(delay_ms=1)
    qtbot.addWidget(widget)
    assert DEFAULT_RULE_SET in available_rule_sets()
    assert widget.rule_set() is not None and widget.rule_set().name == DEFAULT_RULE_SET
    assert widget.ui.rule_set_combo.currentText() == DEFAULT_RULE_SET
    others = [widget.ui.rule_set_combo.itemText(i) for i in range(widget.ui.rule_set_combo.count())]
    assert "control" in others and "concise" in others
    widget.ui.rule_set_combo.setCurrentText("control")
    assert widget.rule_set().name == "control"


def solved(qtbot, view: SolveView, puzzle: Puzzle) -> Trace:
    with qtbot.waitSignal(view.traceReady, timeout=20000) as blocker:
        view.set_puzzle(puzzle)
    return blocker.args[0]


def click_row(qtbot, view: SolveView, row: int) -> None:
    rect = view.ui.table.visualRect(view.model.index(row, 2))  # the technique
    qtbot.mouseClick(view.ui.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_line_labels_name_the_line_and_reading_direction() -> None:
    def step(axis: str, index: int, flipped: bool) -> Step:
        return Step("rule", axis, index, "r", flipped, {}, (), None)

    assert line_label(step("row", 2, False)) == "Row 3 →"
    assert line_label(step("row", 0, True)) == "Row 1 ←"
    assert line_label(step("column", 4, True)) == "Column 5 ↑"
    assert line_label(step("column", 9, False)) == "Column 10 ↓"


def test_step_model_marks_fallbacks(qtmodeltester) -> None:
    puzzle = Puzzle(((1,), (1,)), ((1,), (1,)))  # two solutions: no rule or line logic helps
    steps = [
        Step(
            "search",
            "",
            -1,
            None,
            False,
            {},
            ((0, 0, FILLED), (0, 1, CROSSED)),
            None,
            "several solutions",
        ),
        Step(
            "rule", "row", 1, "full_hint", False, {"h": ("hint", 0, 0, 1)}, ((1, 1, FILLED),), None
        ),
    ]
    trace = Trace(puzzle, "control", steps, False, 0.0)
    model = StepsModel()
    model.set_rows(step_rows(trace, {"full_hint": "Full hint"}))
    qtmodeltester.check(model)
    assert model.rowCount() == 2
    assert model.index(0, KIND).data() == "search (fallback)"
    assert model.index(0, KIND).data(Qt.ItemDataRole.BackgroundRole) is not None
    assert model.index(1, KIND).data() == "rule"
    assert model.index(1, KIND).data(Qt.ItemDataRole.BackgroundRole) is None
    assert model.index(1, 2).data() == "Full hint"
    assert plain_description(trace, 0).startswith("several solutions (fills 1 cell and crosses")
    with pytest.raises(ValueError, match="1 explanations for 2 steps"):
        step_rows(trace, {}, ["only one"])


def test_real_trace_rows_through_modeltester(qtmodeltester) -> None:
    rules = load_rule_set("control")
    trace = rule_trace(HOUSE, rules.rules, rule_set="control")
    model = StepsModel()
    model.set_rows(step_rows(trace, {}))
    qtmodeltester.check(model)
    assert model.rowCount() == len(trace.steps) > 0


def test_trace_arrives_and_steps_replay_by_click_and_keys(qtbot, view: SolveView) -> None:
    trace = solved(qtbot, view, HOUSE)
    assert trace.solved and view.model.rowCount() == len(trace.steps)
    assert view.ui.summary_label.text().startswith("<b>Solved</b>")
    assert np.all(view.grid.cells() == UNKNOWN)  # before the first step

    click_row(qtbot, view, 2)
    assert view.position() == 3
    assert np.array_equal(view.grid.cells(), trace.grid_after(3))
    step = trace.steps[2]
    marks = view.grid.marks()
    assert (marks.axis, marks.index) == (step.axis, step.index)
    assert marks.cells == {(r, c) for r, c, _v in step.cells}
    assert view.ui.message_label.text().startswith("Step 3: ")

    view.ui.table.setFocus()
    qtbot.keyClick(view.ui.table, Qt.Key.Key_Right)
    assert view.position() == 4
    assert view.ui.table.selectionModel().currentIndex().row() == 3
    qtbot.keyClick(view.ui.table, Qt.Key.Key_Left)
    qtbot.keyClick(view.ui.table, Qt.Key.Key_Left)
    assert view.position() == 2
    assert np.array_equal(view.grid.cells(), trace.grid_after(2))
    view.go_to(len(trace.steps) + 5)
    assert view.position() == len(trace.steps)
    assert HOUSE.is_solution(view.grid.cells())
    assert not view.ui.forward_action.isEnabled() and view.ui.back_action.isEnabled()


def test_play_runs_to_the_end_and_stops(qtbot, view: SolveView) -> None:
    trace = solved(qtbot, view, HOUSE)
    view.set_play_interval(5)
    view.ui.play_action.trigger()
    assert view.is_playing() and "Pause" in view.ui.play_action.text()
    qtbot.waitUntil(lambda: not view.is_playing(), timeout=5000)
    assert view.position() == len(trace.steps)
    assert "Play" in view.ui.play_action.text()


def test_fallback_steps_are_summarised_and_linked(qtbot, view: SolveView) -> None:
    cat = read_file(samples_dir() / "webpbn-00006-cat.non")
    trace = solved(qtbot, view, cat)
    first = trace.first_fallback()
    assert first is not None  # the control rules get stuck on the cat
    text = view.ui.summary_label.text()
    assert f"step:{first + 1}" in text and "Fallbacks" in text
    view.ui.summary_label.linkActivated.emit(f"step:{first + 1}")
    assert view.position() == first + 1
    assert "(fallback)" in view.model.index(first, KIND).data()
    assert view.ui.table.isColumnHidden(KIND)  # the technique names it; the row is tinted
    titles = {e.rule.name: e.title for e in load_rule_set("control").entries}
    techniques = trace.summary().techniques
    assert summary_text(trace, titles).count("×") == len(techniques) + 1
    assert "Techniques, easiest first: Empty line ×" in text or "Overlap ×" in text


def test_a_new_puzzle_cancels_the_stale_trace(qtbot, view: SolveView) -> None:
    cat = read_file(samples_dir() / "webpbn-00006-cat.non")
    view.set_puzzle(cat)
    with qtbot.waitSignal(view.traceReady, timeout=20000) as blocker:
        view.set_puzzle(HOUSE)
    assert blocker.args[0].puzzle == HOUSE
    assert QThreadPool.globalInstance().waitForDone(10000)
    QApplication.processEvents()
    assert view.trace() is blocker.args[0]
    assert view.grid.cells().shape == (5, 5)


def test_by_hand_the_other_picture_of_several_is_no_mistake(qtbot, view: SolveView) -> None:
    """Two Ways, a 2x2 whose clues fit both diagonals: the trace's search takes one, and the
    player's other diagonal was "2 mistakes: row 1, column 2 is wrong" with hints refused ("Fix
    the mistake first"), though finishing it solves the puzzle."""
    two_ways = Puzzle(((1,), (1,)), ((1,), (1,)))
    trace = solved(qtbot, view, two_ways)
    taken = trace.grid_after(len(trace.steps))
    view.ui.hand_action.trigger()
    grid = view.grid
    r, c = next((r, c) for r in range(2) for c in range(2) if taken[r, c] != FILLED)
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r, c).center())
    assert view.mistakes() == [(r, c)]  # differs from the picture the steps took
    qtbot.keyClick(grid, Qt.Key.Key_M)
    text = view.ui.message_label.text()
    assert "wrong" not in text and "mistake" not in text, text
    assert text.startswith(f"1 cell differs from the solution the steps found: row {r + 1}")
    assert text.endswith(
        "Other pictures fit the clues as well: finishing one solves the puzzle too."
    )
    # marked as differing, not ringed as a mistake (the orange ring said wrong)
    assert grid.differing() == {(r, c)} and grid.mistakes() == frozenset()
    view.ui.hint_action.trigger()
    assert "Fix the mistake" not in view.ui.message_label.text()
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r, c).center())
    assert grid.differing() == frozenset()  # the next move takes the mark away


def test_by_hand_mistakes_are_ringed_on_request_and_block_hints(qtbot, view: SolveView) -> None:
    solved(qtbot, view, HOUSE)
    view.ui.hand_action.trigger()
    assert view.ui.hint_action.isEnabled() and not view.ui.forward_action.isEnabled()
    grid = view.grid
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 0).center())
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(0, 0).center())
    assert view.mistakes() == [(0, 0)]
    assert grid.mistakes() == frozenset()  # not shown until the player asks
    qtbot.keyClick(grid, Qt.Key.Key_M)
    assert grid.mistakes() == {(0, 0)}
    assert "1 mistake: row 1, column 1 is wrong" in view.ui.message_label.text()
    view.ui.hint_action.trigger()
    assert "row 1, column 1 is wrong" in view.ui.message_label.text()
    qtbot.keyClick(grid, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # undo the mistake
    assert view.mistakes() == [] and grid.mistakes() == frozenset()
    qtbot.keyClick(grid, Qt.Key.Key_M)
    assert view.ui.message_label.text() == "No mistakes so far."
    view.ui.hand_action.trigger()  # back to replay: the player's cells are kept for later
    assert np.all(grid.cells() == UNKNOWN)
    view.ui.hand_action.trigger()
    assert grid.cells()[2, 0] == FILLED


def test_by_hand_the_words_of_a_check_go_with_its_rings_at_the_next_move(
    qtbot, view: SolveView
) -> None:
    """Seen under Xvfb: "Fix the mistake first: row 9, column 2 is wrong (and 1 more)" stayed
    once that cell was cleared and a third wrong one made; "1 mistake: ... (ringed)" with no
    ring left.  The words of the cells as they were go with the rings; other words stay."""
    solved(qtbot, view, HOUSE)
    view.ui.hand_action.trigger()
    grid, words = view.grid, view.ui.message_label
    wrong = grid.cell_rect(0, 0).center()
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=wrong)
    view.ui.hint_action.trigger()
    assert words.text() == "Fix the mistake first: row 1, column 1 is wrong."
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=wrong)  # cleared
    assert view.mistakes() == [] and "wrong" not in words.text(), words.text()
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=wrong)
    qtbot.keyClick(grid, Qt.Key.Key_M)
    assert words.text().startswith("1 mistake: row 1, column 1 is wrong")
    qtbot.keyClick(grid, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert "ringed" not in words.text(), words.text()
    words.setText("Other words.")  # (not of the cells: they stay)
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 0).center())
    assert words.text() == "Other words."


def test_screenshots_light_and_dark(qtbot, view: SolveView, tmp_path: Path) -> None:
    """Halfway through the trace, the saved picture shows each filled cell in the scheme's ink
    and each unknown cell on its paper, at the view's size, in both schemes."""
    app = QApplication.instance()
    trace = solved(qtbot, view, HOUSE)
    view.go_to(len(trace.steps) // 2)
    cells = view.grid.cells()
    filled, unknown = np.argwhere(cells == FILLED), np.argwhere(cells == UNKNOWN)
    assert len(filled) and len(unknown)  # halfway: some cells known, some not
    paper = {}
    for theme in ("light", "dark"):
        apply_theme(app, theme)
        QApplication.processEvents()
        path = tmp_path / f"solve-{theme}.png"
        assert view.grab().toImage().save(str(path))
        image = QImage(str(path))
        assert (image.width(), image.height()) == (view.width(), view.height())
        palette = view.grid.palette()
        ink, paper[theme] = (
            palette.color(QPalette.ColorRole.Text),
            palette.color(QPalette.ColorRole.Base),
        )
        centres = {
            (r, c): view.grid.mapTo(view, view.grid.cell_rect(r, c).center())
            for r, c in [*filled, *unknown]
        }
        assert all(image.pixelColor(centres[r, c]) == ink for r, c in filled)
        assert all(image.pixelColor(centres[r, c]) == paper[theme] for r, c in unknown)
    apply_theme(app, "system")
    assert paper["light"].lightness() > 150 > 80 > paper["dark"].lightness()


def test_hint_runs_one_engine_step_from_the_players_grid(qtbot, view: SolveView) -> None:
    trace = solved(qtbot, view, HOUSE)
    view.ui.hand_action.trigger()
    grid = view.grid
    solution = trace.grid_after(len(trace.steps))
    # The player has already found the whole middle row (the first thing big hint gives).
    for c in range(5):
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, c).center())
    assert view.mistakes() == []
    view.ui.hint_action.trigger()
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=10000)
    hint = view.last_hint()
    assert hint is not None and hint.kind == "rule" and hint.technique
    assert all(view.hand_cells()[r, c] == UNKNOWN and solution[r, c] == v for r, c, v in hint.cells)
    assert (2, 0) not in {(r, c) for r, c, _v in hint.cells}
    assert (grid.marks().axis, grid.marks().index) == (hint.axis, hint.index)
    assert view.ui.hint_panel.shown_text().startswith(
        f"Where: Look at {hint.axis} {hint.index + 1}"
    )


def test_rule_trace_from_a_start_grid_stops_after_max_steps() -> None:
    # The engine entry point the hint uses (rule_trace's start_grid / max_steps).
    rules = load_rule_set("control").rules
    full = rule_trace(HOUSE, rules)
    start = full.grid_after(4)
    one = rule_trace(HOUSE, rules, start_grid=start, max_steps=1)
    assert len(one.steps) == 1 and one.interrupted and not one.solved
    assert all(start[r, c] == UNKNOWN for r, c, _v in one.steps[0].cells)
    rest = rule_trace(HOUSE, rules, start_grid=start)
    assert rest.solved
    assert sum(len(s.cells) for s in rest.steps) == int(np.count_nonzero(start == UNKNOWN))


def test_the_solve_view_takes_the_rule_set_read_ahead(qtbot, default_set_read_ahead) -> None:
    """The view built at the start solves with the default set read ahead on a worker thread
    (it parsed it again on the GUI thread, ~16 ms); a set it cannot read is still said."""
    ahead, parsed = default_set_read_ahead
    widget = SolveView(delay_ms=1)
    qtbot.addWidget(widget)
    assert parsed == [] and widget.rule_set() is ahead
    widget.set_rule_set("no such set")
    assert widget.rule_set() is None


def test_a_trace_cut_by_the_time_limit_before_its_first_step_says_so(
    qtbot, show_solve_view, monkeypatch
) -> None:
    """A 1000x1000 puzzle's trace stopped at the time limit with no step: the status line said
    'Before the first of 0 steps: Next ▶ (Right) shows them one by one.'"""

    def cut(puzzle, rule_set, titles, time_limit, *rest):
        return Trace(puzzle, rule_set.name, [], False, time_limit, interrupted=True), []

    monkeypatch.setattr(view_module, "trace_puzzle", cut)
    view = show_solve_view()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
    text = view.ui.message_label.text()
    assert "0 steps" not in text and "Next ▶" not in text
    assert f"within the time limit of {view.time_limit:g} s" in text
    assert not view.ui.forward_action.isEnabled()


def test_a_hint_by_hand_stops_at_the_time_limit_and_says_so(qtbot, show_solve_view) -> None:
    """A hint from the player's grid was looked for with no end (a 1000x1000 puzzle: still
    'Looking for a hint…' after a minute, Hint doing nothing meanwhile)."""
    view = show_solve_view()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
    view.set_hand_mode(True)
    view.time_limit = 0.0
    view.request_hint()
    qtbot.waitUntil(lambda: not view._hints.is_running(), timeout=20000)
    text = view.ui.message_label.text()
    assert text.startswith("No hint: none was found within the time limit of 0 s"), text
    assert view.hint_rung() == -1
    view.time_limit = 10.0
    view.request_hint()  # asked again: looked for again
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=20000)


def test_by_hand_the_solved_words_go_with_the_undo_they_offer(qtbot, view: SolveView) -> None:
    """'Solved! Well done. Undo (Ctrl+Z) to go back, …' stayed after that undo, under a grid
    no longer solved."""
    puzzle = Puzzle(((1,), (1,)), ((1,), (1,)))
    trace = solved(qtbot, view, puzzle)
    taken = trace.grid_after(len(trace.steps))
    view.ui.hand_action.trigger()
    grid = view.grid
    for r, c in zip(*np.nonzero(taken == FILLED), strict=True):
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r, c).center())
    assert view.ui.message_label.text().startswith("Solved! Well done.")
    grid.undo_stack().undo()
    assert not view.is_solved() and view.ui.message_label.text() == ""
