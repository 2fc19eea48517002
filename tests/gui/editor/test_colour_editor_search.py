"""The colour editor looks for the picture of a file of clues only in the worker pool, not on
the GUI thread: the clues show at once (not paintable, a note saying the picture is being
looked for), the picture when the search ends; a newer puzzle cancels an older search and
nothing of it is shown; a typo fix's undo step redoes to the picture found for it."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from colour_red_blue import PALETTE, PICTURE
from PySide6.QtCore import QThreadPool

import nonostudio.core.colour.solver as colour_solver
import nonostudio.gui.editor.colour.picture_job as picture_job
from nonostudio.analysis.typos.colour_edits import ColourEdit
from nonostudio.analysis.typos.edits import SWAP
from nonostudio.core.colour.model import ColourPuzzle, clues_of_colour_grid
from nonostudio.gui.editor.colour.view import ColourEditorView

# PICTURE: one picture; row 5 (2b 1r) typed as 1r 2b gives clues with no solution
OTHER = ((1, 2), (2, 1))  # one picture too
#: How long the slowed solver takes (a hard puzzle's search, up to SOLVE_SECONDS).
SLOW_S = 0.8


class SlowSolver:
    """The colour solver, taking ``SLOW_S`` more seconds on the clues of ``slow`` (it stops
    early when asked to, as the real one does); records the thread each call ran on."""

    def __init__(self, slow: ColourPuzzle) -> None:
        self.slow = (slow.rows, slow.cols)
        self.threads: list[threading.Thread] = []
        self.real = colour_solver.solve_colour

    def __call__(self, rows, cols, ncolours, **kwargs):  # type: ignore[no-untyped-def]
        self.threads.append(threading.current_thread())
        if (tuple(rows), tuple(cols)) == self.slow:
            should_stop = kwargs.get("should_stop") or (lambda: False)
            end = time.monotonic() + SLOW_S
            while time.monotonic() < end and not should_stop():
                time.sleep(0.01)
        return self.real(rows, cols, ncolours, **kwargs)


def clues_only(picture) -> ColourPuzzle:  # type: ignore[no-untyped-def]
    rows, cols = clues_of_colour_grid(picture)
    return ColourPuzzle(PALETTE, rows, cols, title="Clues")


@pytest.fixture
def editor(qtbot) -> Iterator[ColourEditorView]:  # type: ignore[no-untyped-def]
    view = ColourEditorView()
    qtbot.addWidget(view)
    view.resize(700, 500)
    view.show()
    yield view
    assert QThreadPool.globalInstance().waitForDone(10000)


def slowed(monkeypatch: pytest.MonkeyPatch, puzzle: ColourPuzzle) -> SlowSolver:
    solver = SlowSolver(puzzle)
    monkeypatch.setattr(colour_solver, "solve_colour", solver)
    monkeypatch.setattr(picture_job, "solve_colour", solver)
    return solver


def test_a_slow_search_does_not_hold_the_gui_thread_and_the_picture_comes_later(
    qtbot, editor: ColourEditorView, monkeypatch: pytest.MonkeyPatch
) -> None:
    puzzle = clues_only(PICTURE)
    solver = slowed(monkeypatch, puzzle)
    start = time.perf_counter()
    editor.set_puzzle(puzzle)
    held = time.perf_counter() - start
    assert held < 0.2, f"set_puzzle held the GUI thread {held:.2f} s"
    # the clues at once, on a blank grid that cannot be painted, the note saying why
    state = editor.state()
    assert state.fixed == (puzzle.rows, puzzle.cols)
    assert editor.grid.cells() == ((0,) * 6,) * 5 and not editor.width_spin.isEnabled()
    assert editor.note.isVisibleTo(editor) and "Looking for the picture" in editor.note.text()
    assert editor.puzzle() == puzzle and not editor.is_modified()
    # the palette waits for the picture (found in the palette it was asked in)
    assert not editor.recolour(1, "#000080") and not editor.add_colour("green", "#00ff00")
    assert not editor.remove_colour(2)
    assert "still being looked for" in editor.palette_panel.message.text()
    assert editor.state().palette == PALETTE and editor.undo_stack().count() == 0
    qtbot.waitUntil(lambda: editor.state().fixed is None, timeout=10000)
    assert editor.grid.cells() == PICTURE and not editor.note.isVisibleTo(editor)
    assert editor.puzzle() == puzzle and not editor.is_modified()  # the picture is not saved
    assert editor.undo_stack().count() == 0
    assert threading.main_thread() not in solver.threads
    assert editor.recolour(1, "#000080")  # once it shows, the palette changes again


def test_a_newer_puzzle_cancels_the_older_search_and_nothing_of_it_shows(
    qtbot, editor: ColourEditorView, monkeypatch: pytest.MonkeyPatch
) -> None:
    slow = clues_only(PICTURE)
    slowed(monkeypatch, slow)
    editor.set_puzzle(ColourPuzzle(PALETTE, *clues_of_colour_grid(PICTURE), goal=PICTURE))
    qtbot.mouseMove(editor.grid, editor.grid.cell_rect(0, 1).center())
    qtbot.waitUntil(lambda: editor.status.text() != "", timeout=2000)
    editor.set_puzzle(slow)
    # the words of the cell hovered in the picture before are not said of these clues
    assert editor.status.text() == ""
    editor.set_puzzle(clues_only(OTHER))  # opened while the first is searched
    qtbot.waitUntil(lambda: editor.state().fixed is None, timeout=10000)
    assert editor.grid.cells() == OTHER
    assert QThreadPool.globalInstance().waitForDone(10000)  # the older search has ended
    qtbot.wait(50)
    assert editor.grid.cells() == OTHER and not editor.note.isVisibleTo(editor)
    # a picture opened while a search runs is not painted over either
    editor.set_puzzle(slow)
    goal = ColourPuzzle(PALETTE, *clues_of_colour_grid(OTHER), goal=OTHER)
    editor.set_puzzle(goal)
    assert QThreadPool.globalInstance().waitForDone(10000)
    qtbot.wait(50)
    assert editor.grid.cells() == OTHER and editor.puzzle() == goal


def test_a_typo_fix_shows_its_picture_when_found_and_its_redo_goes_back_to_it(
    qtbot, editor: ColourEditorView, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows, cols = clues_of_colour_grid(PICTURE)
    typed = (*rows[:4], (rows[4][1], rows[4][0]))
    editor.set_puzzle(ColourPuzzle(PALETTE, typed, cols))
    qtbot.waitUntil(lambda: "no unique picture" in editor.note.text(), timeout=10000)
    slowed(monkeypatch, clues_only(PICTURE))
    edit = ColourEdit("row", 4, SWAP, (typed[4],), (rows[4],), PALETTE)
    start = time.perf_counter()
    assert editor.apply_clue_edit(edit)
    assert time.perf_counter() - start < 0.2
    assert editor.state().fixed == (rows, cols)  # the fixed clues, the picture not yet
    assert "Looking for the picture" in editor.note.text()
    qtbot.waitUntil(lambda: editor.state().fixed is None, timeout=10000)
    assert editor.state().cells == PICTURE and not editor.note.isVisibleTo(editor)
    editor.undo_stack().undo()  # one step: back to the typed clues and what was said of them
    assert editor.state().fixed == (typed, cols) and "no unique picture" in editor.note.text()
    editor.undo_stack().redo()
    assert editor.state().cells == PICTURE and editor.state().fixed is None


@pytest.mark.slow
def test_the_search_runs_in_a_worker_process(
    qtbot, editor: ColourEditorView, worker_processes: None
) -> None:
    """In the studio (worker processes on) the search runs in the hint process: no job of the
    GUI process's thread pool, and the picture (pickled back) arrives."""
    busiest = 0
    editor.set_puzzle(clues_only(PICTURE))
    assert editor.is_searching()
    for _ in range(3000):
        busiest = max(busiest, QThreadPool.globalInstance().activeThreadCount())
        if not editor.is_searching():
            break
        qtbot.wait(10)
    assert editor.state().fixed is None and editor.grid.cells() == PICTURE
    assert busiest == 0, "the search ran on a thread of the GUI's process"


def test_a_state_saved_while_searching_is_restored_with_its_picture_searched_again(
    qtbot, editor: ColourEditorView, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The autosave may catch the clues before their picture arrives: restored, they are
    searched again (the picture shows, the puzzle still marked modified)."""
    puzzle = clues_only(PICTURE)
    slowed(monkeypatch, puzzle)
    editor.set_puzzle(puzzle)
    saved = editor.snapshot()
    assert saved["fixed"] is not None
    other = ColourEditorView()
    qtbot.addWidget(other)
    other.restore_snapshot(saved)
    assert other.is_searching() and "Looking for the picture" in other.note.text()
    qtbot.waitUntil(lambda: other.state().fixed is None, timeout=10000)
    assert other.grid.cells() == PICTURE and other.is_modified()
    assert other.puzzle() == puzzle
