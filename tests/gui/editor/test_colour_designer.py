"""Designer checks on the colour editor: the cells one colour at a time leaves shaded, those
line logic leaves hatched, single-cell edits (a cell painted another colour) listed and numbered
on the grid, each re-verified here by the colour solver and applied as one undo step; clues
without a picture say why there are no edits; in the window the colour panel takes the Designer
Checks dock."""

from __future__ import annotations

from pathlib import Path

import pytest
from designing import checked
from PySide6.QtCore import QPoint
from studio_window import end_background, show_window

from nonostudio.analysis.colour.grade import one_colour_grid
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.colour.solver import solve_colour
from nonostudio.core.formats import write_file
from nonostudio.gui.editor.colour.designer import ColourDesign, ColourDesignerPanel
from nonostudio.gui.editor.colour.view import ColourEditorView
from nonostudio.gui.grid.view import OVERLAY_COLOR

PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
#: The two reds can swap corners: two solutions.
SEVERAL = ((1, 0, 0), (0, 1, 0), (0, 0, 2))
#: Red and blue touch in every line: one colour at a time decides nothing, line logic all.
CROSSED = ((1, 2), (2, 1))


def puzzle_of(picture, *, goal: bool = True) -> ColourPuzzle:  # type: ignore[no-untyped-def]
    rows, cols = clues_of_colour_grid(picture)
    return ColourPuzzle(PALETTE, rows, cols, goal=picture if goal else None)


@pytest.fixture
def setup(show_designer) -> tuple[ColourEditorView, ColourDesignerPanel]:
    editor = ColourEditorView()
    return show_designer(editor, ColourDesignerPanel(editor))


def test_a_picture_with_several_solutions_gets_edits_that_make_it_unique(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(puzzle_of(SEVERAL))
    checked(qtbot, panel)
    edits = panel.edits()
    assert 1 <= len(edits) <= 5
    for edit in edits:  # each suggestion really makes the puzzle unique, by the colour solver
        changed = edit.apply(SEVERAL)
        cells = zip(sum(changed, ()), sum(SEVERAL, ()), strict=True)
        assert sum(a != b for a, b in cells) == 1
        assert solve_colour(*clues_of_colour_grid(changed), 3).verdict.is_unique
    assert panel.edit_list.count() == len(edits)
    assert panel.edit_list.item(0).text().startswith("1. Paint row ")
    assert "single-cell edits make it unique (numbered on the grid)" in (panel.summary_label.text())
    # the shaded cells are those one colour at a time leaves (counted by its fixed point)
    left = {
        (r, c)
        for r, row in enumerate(one_colour_grid(puzzle_of(SEVERAL)))
        for c, x in enumerate(row)
        if x & (x - 1)
    }
    assert set(panel.overlay.stuck_cells()) == left and left
    # applying the first edit paints that cell, as one undo step
    first = edits[0]
    assert panel.apply_selected()
    assert editor.state().cells == first.apply(SEVERAL)
    assert panel.edits() == []  # the puzzle changed: the findings are gone
    editor.undo_stack().undo()
    assert editor.state().cells == SEVERAL


def test_the_overlay_numbers_the_edits_on_the_grid(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(puzzle_of(SEVERAL))
    checked(qtbot, panel)
    overlay = panel.overlay
    assert overlay.isVisible() and overlay.geometry() == editor.grid.rect()
    first = panel.edits()[0]
    image = editor.grab().toImage()
    ring = editor.grid.cell_rect(first.row, first.col)
    seen = {
        image.pixelColor(editor.grid.mapTo(editor, QPoint(x, ring.center().y()))).name()
        for x in range(ring.left(), ring.right())
    }
    assert OVERLAY_COLOR.name() in seen, seen


def test_colour_reasoning_is_shaded_and_no_edit_is_needed(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(puzzle_of(CROSSED))
    checked(qtbot, panel)
    assert sorted(panel.overlay.stuck_cells()) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert panel.edits() == []
    assert panel.summary_label.text() == (
        "One colour at a time gets stuck with 4 cells undecided (shaded): they need colour "
        "reasoning; line logic with the colours each cell may still be then finishes. "
        "The puzzle is unique and line-solvable: no edit needed."
    )


def test_clues_without_a_picture_say_why_there_are_no_edits(qtbot, setup) -> None:
    editor, panel = setup
    editor.set_puzzle(puzzle_of(((1, 0), (0, 1)), goal=False))  # several solutions, no picture
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    assert editor.state().fixed is not None
    checked(qtbot, panel)
    assert panel.edits() == [] and not panel.apply_button.isEnabled()
    assert panel.summary_label.text().endswith(
        "These clues have no picture to edit, so no single-cell edit is suggested."
    )


def test_the_window_puts_the_colour_designer_in_its_dock(
    qtbot, small_library, settings, tmp_path: Path
) -> None:
    win = show_window(qtbot, small_library, settings)
    try:
        path = tmp_path / "several.xml"
        write_file(puzzle_of(SEVERAL), path)
        win.files.open_file(path, ask=False)
        panel = win.colour_pages().designer_panel
        assert panel is not None and win.designer_dock.widget().widget() is panel
        win.designer_dock.show()
        win.designer_dock.raise_()
        checked(qtbot, panel)
        assert panel.edits() and panel.overlay.isVisible()
        assert panel.overlay.parent() is win.colour_editor.grid
    finally:
        win.colour_pages().cancel()
        win.colour_editor.set_modified(False)
        end_background(win, 10000)


def test_a_file_without_a_picture_is_checked_on_the_solution_it_shows(qtbot, setup) -> None:
    """A file of clues with one solution opens with that picture painted: it is the picture
    the edits are looked for on (seen under Xvfb with acorn.g: it asked to paint a picture)."""
    editor, panel = setup
    editor.set_puzzle(puzzle_of(CROSSED, goal=False))
    qtbot.waitUntil(lambda: not editor.is_searching(), timeout=10000)
    assert editor.state().fixed is None and editor.state().cells == CROSSED
    checked(qtbot, panel)
    assert panel.summary_label.text().endswith(
        "The puzzle is unique and line-solvable: no edit needed."
    )


def test_the_check_tip_calls_colour_reasoning_only_what_colour_logic_decides() -> None:
    """The shaded cells are those one colour at a time leaves; on a puzzle with several
    solutions colour line logic may decide none of them, so they are not all 'colour
    reasoning': only those shaded and not hatched are."""
    tip = ColourDesign.check_tip
    assert "cannot decide (they need colour reasoning)" not in tip
    assert "shaded and not hatched: they need colour reasoning" in tip


def test_typing_a_title_keeps_the_findings_a_painted_cell_clears_them(qtbot, setup) -> None:
    """The findings are of the clues, palette and picture: typing the title cleared them."""
    editor, panel = setup
    editor.set_puzzle(puzzle_of(SEVERAL))
    checked(qtbot, panel)
    found = panel.edits()
    assert found
    with qtbot.waitSignal(editor.puzzleChanged, timeout=1000):
        qtbot.keyClicks(editor.meta_edits["title"], "Corners")
    assert editor.puzzle().title == "Corners" and panel.edits() == found
    editor.paint(found[0].apply(SEVERAL))
    assert panel.edits() == []
