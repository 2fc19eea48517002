"""The hint ladder of the Solve view, driven by clicks and keys: where to look, which technique,
the premise, which cells, apply; in the replay of a trace and when solving by hand; what the grid
marks at each rung, for line steps and for a contradiction's chain."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from pictures import HOUSE
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.helping.hints import hint_ladder, step_chain
from nonostudio.core.formats import read_file
from nonostudio.core.line import UNKNOWN
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.solve.grid import FOCUS_COLOR
from nonostudio.gui.solve.hint_ladder import NEXT_LABELS
from nonostudio.gui.solve.view import SolveView


@pytest.fixture
def view(show_solve_view: Callable[..., SolveView]) -> SolveView:
    return show_solve_view(height=700)


def traced(qtbot, view: SolveView, puzzle: Puzzle):
    with qtbot.waitSignal(view.traceReady, timeout=30000) as blocker:
        view.set_puzzle(puzzle)
    return blocker.args[0]


def press_hint(qtbot, view: SolveView) -> None:
    qtbot.mouseClick(view.ui.hint_panel.button, Qt.MouseButton.LeftButton)


def test_replay_ladder_by_button_gives_one_rung_per_click_then_applies(qtbot, view) -> None:
    trace = traced(qtbot, view, HOUSE)
    view.go_to(2)
    step = trace.steps[2]
    ladder = hint_ladder(step, HOUSE)
    assert view.ui.hint_panel.button.text() == NEXT_LABELS[0]

    press_hint(qtbot, view)  # 1: where
    assert view.hint_rung() == 0
    assert view.ui.hint_panel.shown_text() == f"Where: {ladder.where}"
    assert ladder.where.startswith(f"Look at {step.axis} {step.index + 1}")
    marks = view.grid.marks()
    assert (marks.axis, marks.index, marks.cells) == (step.axis, step.index, frozenset())
    assert (marks.clues, marks.spans) == ((), ())
    assert view.ui.hint_panel.button.text() == NEXT_LABELS[1]
    assert view.position() == 2

    press_hint(qtbot, view)  # 2: which technique
    name = BY_ID[step.technique].name
    assert f"Technique: Use {name}" in view.ui.hint_panel.shown_text()
    assert view.grid.marks().cells == frozenset()  # the cells are not given away yet

    press_hint(qtbot, view)  # 3: the premise
    assert f"Premise: {ladder.premise}" in view.ui.hint_panel.shown_text()
    assert ladder.premise.startswith(f"On {step.axis} {step.index + 1}, ")
    assert view.grid.marks().cells == frozenset()
    assert view.ui.hint_panel.button.text() == NEXT_LABELS[3]

    press_hint(qtbot, view)  # 4: which cells
    assert f"Cells: {step.text}" in view.ui.hint_panel.shown_text()
    assert view.grid.marks().cells == {(r, c) for r, c, _v in step.cells}
    assert view.ui.hint_panel.button.text() == NEXT_LABELS[4]
    assert view.position() == 2 and np.array_equal(view.grid.cells(), trace.grid_after(2))

    press_hint(qtbot, view)  # 5: apply
    assert view.position() == 3
    assert np.array_equal(view.grid.cells(), trace.grid_after(3))
    assert "Applied: " in view.ui.hint_panel.shown_text()
    assert view.ui.hint_panel.button.text() == NEXT_LABELS[0]

    label = view.ui.hint_panel.text_label
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()))
    five = label.height()

    press_hint(qtbot, view)  # a new hint, for the next step
    assert view.hint_rung() == 0
    assert view.ui.hint_panel.shown_text() == f"Where: {hint_ladder(trace.steps[3], HOUSE).where}"
    # the panel shrinks to its one rung (it kept the five rungs' height, blank above the text)
    qtbot.waitUntil(lambda: label.height() == label.heightForWidth(label.width()) < five)


def test_the_h_key_climbs_and_a_new_position_resets_the_ladder(qtbot, view) -> None:
    trace = traced(qtbot, view, HOUSE)
    view.ui.table.setFocus()  # (focus makes the first row current: the view shows step 1)
    start = view.position()
    qtbot.keyClick(view.ui.table, Qt.Key.Key_H)
    assert view.last_hint() == trace.steps[start]
    qtbot.keyClick(view.ui.table, Qt.Key.Key_H)
    assert view.hint_rung() == 1
    qtbot.keyClick(view.ui.table, Qt.Key.Key_Right)  # the player moves on: the hint is dropped
    assert view.position() == start + 1 and view.hint_rung() == -1
    assert view.ui.hint_panel.button.text() == NEXT_LABELS[0]
    assert view.ui.hint_panel.shown_text() == ""
    qtbot.keyClick(view.ui.table, Qt.Key.Key_H)
    assert view.last_hint() == trace.steps[start + 1]
    view.go_to(len(trace.steps))
    assert not view.ui.hint_action.isEnabled() and not view.ui.hint_panel.button.isEnabled()


def test_by_hand_the_ladder_runs_from_the_players_grid_and_apply_is_undoable(qtbot, view) -> None:
    traced(qtbot, view, HOUSE)
    view.ui.hand_action.trigger()
    grid = view.grid
    for c in range(5):  # the player found the middle row
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, c).center())
    press_hint(qtbot, view)
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=10000)
    step = view.last_hint()
    assert step is not None and (2, 0) not in {(r, c) for r, c, _v in step.cells}
    for _ in range(3):
        press_hint(qtbot, view)
    assert view.hint_rung() == 3
    before = view.hand_cells()
    assert all(before[r, c] == UNKNOWN for r, c, _v in step.cells)
    press_hint(qtbot, view)  # apply: the step's cells are painted on the player's grid
    after = view.hand_cells()
    assert all(after[r, c] == v for r, c, v in step.cells)
    assert view.hint_rung() == 4
    qtbot.keyClick(grid, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert np.array_equal(view.hand_cells(), before)  # the hint was one undoable stroke
    assert view.hint_rung() == -1  # and the grid changed: the ladder starts afresh


def test_a_stroke_drops_the_hint_under_way(qtbot, view) -> None:
    traced(qtbot, view, HOUSE)
    view.ui.hand_action.trigger()
    press_hint(qtbot, view)
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=10000)
    grid = view.grid
    qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 2).center())
    assert view.hint_rung() == -1 and grid.marks().axis == ""


def _colour_near(image, rect, colour: QColor) -> bool:
    for x in range(rect.left(), rect.right() + 1):
        for y in range(rect.top(), rect.bottom() + 1):
            pixel = image.pixelColor(x, y)
            if (
                abs(pixel.red() - colour.red()) < 30
                and abs(pixel.green() - colour.green()) < 30
                and abs(pixel.blue() - colour.blue()) < 30
            ):
                return True
    return False


def test_the_cells_rung_highlights_the_clue_and_block_it_names(qtbot, view) -> None:
    puzzle = read_file(samples_dir() / "webpbn-00006-cat.non")
    trace = traced(qtbot, view, puzzle)
    index = next(
        i
        for i, s in enumerate(trace.steps)
        if s.focus_clues and any(w in ("block", "gap") for w, _a, _b in s.focus_spans)
    )
    step = trace.steps[index]
    view.go_to(index)
    for _ in range(4):
        press_hint(qtbot, view)
    marks = view.grid.marks()
    assert marks.clues == step.focus_clues and marks.spans == step.focus_spans
    image = view.grid.grab().toImage()
    scale = image.width() / view.grid.width()
    assert scale == 1.0
    clue_rect = view.grid.clue_rect(step.axis, step.index, step.focus_clues[0])
    assert clue_rect is not None and _colour_near(image, clue_rect, FOCUS_COLOR)
    what, start, end = next(s for s in step.focus_spans if s[0] in ("block", "gap"))
    span_rect = view.grid.line_rect(step.axis, step.index, start, end)
    assert _colour_near(image, span_rect, FOCUS_COLOR), what
    # far from the step's line, nothing is drawn in the focus colour
    other = (step.index + 3) % (puzzle.height if step.axis == "row" else puzzle.width)
    assert not _colour_near(image, view.grid.line_rect(step.axis, other), FOCUS_COLOR)


def test_the_premise_rung_highlights_only_what_the_first_premise_is_about(qtbot, view) -> None:
    """A line step's premise rung frames the clue and block of its first reason (from the
    premises, not from what changed on the line), and not yet the cells it decides."""
    puzzle = read_file(samples_dir() / "jwilk-038-bike.non")
    trace = traced(qtbot, view, puzzle)
    index = next(
        i
        for i, s in enumerate(trace.steps)
        if s.premises
        and s.premises[0]["say"] == "punctuate"
        and len([p for p in s.premises if p["say"] == "punctuate"]) > 1
    )
    step = trace.steps[index]
    first = step.premises[0]
    block = next(c for c in first["claims"] if c["claim"] == "block")
    view.go_to(index)
    for _ in range(3):
        press_hint(qtbot, view)
    assert view.ui.hint_panel.ladder().premise in view.ui.hint_panel.shown_text()
    marks = view.grid.marks()
    assert marks.cells == frozenset()
    assert marks.spans == (("block", block["start"], block["end"]),)
    assert set(marks.clues) == set(first["claims"][1]["clues"])
    assert set(marks.clues) < set(step.focus_clues)  # the other premises come with the cells
    image = view.grid.grab().toImage()
    span = view.grid.line_rect(step.axis, step.index, block["start"], block["end"])
    assert _colour_near(image, span, FOCUS_COLOR)
    press_hint(qtbot, view)  # the cells: every premise's focus
    marks = view.grid.marks()
    assert (marks.clues, marks.spans) == (step.focus_clues, step.focus_spans)


def test_a_contradiction_ladder_rings_the_cell_then_draws_its_chain(qtbot, view) -> None:
    puzzle = read_file(samples_dir() / "webpbn-00023-edge.non")
    trace = traced(qtbot, view, puzzle)
    index = next(
        i
        for i, s in enumerate(trace.steps)
        if s.technique == "contradiction" and len(s.premises) >= 5
    )
    step = trace.steps[index]
    chain = step_chain(step.premises)
    assert chain is not None
    view.go_to(index)
    grid, panel = view.grid, view.ui.hint_panel
    button_at = panel.button.mapTo(view, panel.button.rect().center())
    ((r, c, v),) = step.cells

    press_hint(qtbot, view)  # 1: the cell to suppose, ringed; no line yet
    assert panel.shown_text().startswith(f"Where: Look at row {r + 1}, column {c + 1}")
    marks = grid.marks()
    assert marks.axis == "" and marks.chain is not None
    assert (marks.chain.row, marks.chain.column, marks.chain.assumed) == (r, c, 1 - v)
    assert grid.chain_lines() == () and marks.cells == frozenset()
    legend = view.ui.chain_legend
    assert not legend.isVisible()  # which value is supposed is not given away yet
    image = grid.grab().toImage()
    highlight = grid.palette().color(QPalette.ColorRole.Highlight)
    assert _colour_near(image, grid.cell_rect(r, c).adjusted(-2, -2, 2, 2), highlight)

    press_hint(qtbot, view)  # 2: the technique
    assert "Technique: Use Contradiction" in panel.shown_text()
    assert grid.chain_lines() == ()

    press_hint(qtbot, view)  # 3: the supposition and the chain's first two lines
    was = "filled" if v == 0 else "empty"
    assert f"Premise: Suppose row {r + 1}, column {c + 1} were {was} → " in panel.shown_text()
    assert grid.chain_lines() == chain.lines[:2]
    assert chain.lines[1].name in panel.shown_text()
    assert legend.isVisible() and f"suppose row {r + 1}, column {c + 1} {was}" in legend.text()
    image = grid.grab().toImage()
    first = chain.lines[0]
    (fr, fc, _fv), *_ = first.cells
    assert _colour_near(image, grid.cell_rect(fr, fc), grid.chain_color(first))
    assert chain.lines[-1].name not in legend.text()  # the breaking line is not given away

    assert panel.button.mapTo(view, panel.button.rect().center()) == button_at
    press_hint(qtbot, view)  # 4: the whole chain, the breaking line last, and the cell
    assert f"Cells: {step.text}" in panel.shown_text()
    assert grid.chain_lines() == chain.lines and grid.chain_lines()[-1].dead
    assert grid.marks().cells == {(r, c)}
    assert "cannot match" in legend.text()

    press_hint(qtbot, view)  # 5: applied: the replay moves on to the step, still drawn
    assert view.position() == index + 1
    assert grid.chain_lines() == chain.lines
