"""The faint clues of a grid view (the lines whose cells already show their clue) are worked out
only where the cells changed: every repaint of a 512x512 grid (Cauldron's size) worked out all
1,024 lines in Python on the GUI thread, ~90 ms a repaint on a quiet machine and 0.3 s seen while
switching tabs on Cauldron (a hover, a scroll or a stroke repaints).  The helper's answer is the
whole-grid answer after any run of changes; the probe times repaints of a 512x512 grid view."""

from __future__ import annotations

import time

import numpy as np
import pytest
from pytestqt.qtbot import QtBot
from test_gui_stall import frozen_heap, quiet_machine

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, clue_of
from nonostudio.core.puzzle import clues_of_grid
from nonostudio.gui.common.satisfied_lines import SatisfiedLines
from nonostudio.gui.grid.scroll import GridScrollArea
from nonostudio.gui.grid.view import GridView

__all__ = ["frozen_heap", "quiet_machine"]  # the fixtures, used by name


def whole(cells: np.ndarray, rows: tuple, cols: tuple) -> tuple[set[int], set[int]]:
    """Every line worked out afresh (what each repaint did before)."""
    return (
        {r for r, clue in enumerate(rows) if clue_of(cells[r]) == clue},
        {c for c, clue in enumerate(cols) if clue_of(cells[:, c]) == clue},
    )


def test_the_satisfied_lines_follow_strokes_new_clues_and_new_sizes() -> None:
    rng = np.random.default_rng(58)
    satisfied = SatisfiedLines()
    picture = (rng.random((12, 9)) < 0.5).astype(np.int8) * FILLED
    rows, cols = clues_of_grid(picture)
    cells = picture.copy()
    assert satisfied.of(cells, rows, cols) == (set(range(12)), set(range(9)))
    for step in range(300):
        r, c = int(rng.integers(cells.shape[0])), int(rng.integers(cells.shape[1]))
        cells[r, c] = rng.choice([UNKNOWN, FILLED, CROSSED])  # in place, as a stroke does
        if step % 5 == 0:  # several cells at once, as a solving step or Undo does
            cells[r, :] = rng.choice([UNKNOWN, FILLED, CROSSED], size=cells.shape[1])
        if step == 100:  # clues typed anew
            rows = (*rows[:-1], (1,))
        if step == 200:  # another puzzle, another size
            picture = (rng.random((7, 11)) < 0.5).astype(np.int8) * FILLED
            rows, cols = clues_of_grid(picture)
            cells = picture.copy()
        assert satisfied.of(cells, rows, cols) == whole(cells, rows, cols), step


@pytest.mark.scenario
def test_repainting_a_512x512_grid_never_stalls_the_gui_thread(
    quiet_machine: None, qtbot: QtBot, frozen_heap: None
) -> None:
    rng = np.random.default_rng(512)
    picture = (rng.random((512, 512)) < 0.5).astype(np.int8) * FILLED
    rows, cols = clues_of_grid(picture)
    grid = GridView()
    scroll = GridScrollArea(grid)  # as the Editor and Solve tabs show it: a corner in sight
    qtbot.addWidget(scroll)
    grid.set_clues(rows, cols)
    grid.set_faint_satisfied(True)  # as a Solve view by hand, or the Editor's typed clues
    grid.set_cells(np.where(picture == FILLED, FILLED, UNKNOWN))  # the filled cells found
    scroll.resize(1000, 700)
    scroll.show()
    qtbot.waitExposed(scroll)
    longest = 0.0
    for i in range(11):  # the first paint works every line out; then hovers and strokes
        if i % 2:  # a stroke
            cells = grid.cells().copy()
            cells[i, i] = CROSSED if cells[i, i] == FILLED else FILLED
            grid.set_cells(cells)
        began = time.perf_counter()
        scroll.grab()  # a paint of what is in sight, as a repaint on screen
        longest = max(longest, time.perf_counter() - began)
    print(f"longest repaint of a 512x512 grid with its faint clues: {longest * 1000:.0f} ms")
    assert longest <= 0.1, f"a repaint took {longest:.3f} s of the GUI thread"
