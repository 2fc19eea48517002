"""The Solve view's Quick glance, used as a person would: with the baselines extra installed the
button is under the words of a 5x5 puzzle; pressed, it shows the network's guess and a sentence
whose count of wrong cells is the guess's against the solution; no button for a size no network
ships for, none at all without the extra."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest
from PySide6.QtCore import QPoint, Qt

from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.solve.view import SolveView

pytest.importorskip("sklearn", reason="the Quick glance needs the baselines extra")

CROSS = np.array(
    [
        [0, 0, 1, 0, 0],
        [0, 0, 1, 0, 0],
        [1, 1, 1, 1, 1],
        [0, 0, 1, 0, 0],
        [1, 0, 1, 0, 1],
    ]
)


def _traced(qtbot, view: SolveView, bits: np.ndarray) -> None:
    puzzle = Puzzle.from_grid(np.where(bits == 1, FILLED, CROSSED).astype(np.int8))
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(puzzle)


def test_the_glance_shows_the_guess_and_counts_its_wrong_cells(
    qtbot, show_solve_view: Callable[..., SolveView]
) -> None:
    view = show_solve_view()
    panel = view.glance_panel
    assert panel is not None
    _traced(qtbot, view, CROSS)
    assert panel.isVisible() and not panel.label.isVisible()  # hidden until asked for
    # The Solve tab at 1280x720 on a first start: its words pane three lines high.
    view.resize(690, 600)
    view.ui.grid_splitter.setSizes([600, view.ui.words_height()])
    qtbot.wait(50)
    qtbot.mouseClick(panel.button, Qt.MouseButton.LeftButton)
    assert panel.label.isVisible() and panel.picture.isVisible()
    # Seen whole in the words pane under the grid (three lines high on a first start; the glance
    # was below them, out of sight, until scrolled to).
    viewport = view.ui.words.viewport()
    qtbot.waitUntil(
        lambda: (
            0 <= panel.picture.mapTo(viewport, QPoint(0, 0)).y()
            and panel.picture.mapTo(viewport, QPoint(0, panel.picture.height())).y()
            <= viewport.height()
        )
    )
    glance = panel.glance()
    assert glance is not None
    assert np.array_equal(view.solution() == FILLED, CROSS == 1)  # the picture is the solution
    wrong = int((glance.filled != (CROSS == 1)).sum())
    said = {0: "no cell wrong", 1: "1 cell wrong"}.get(wrong, f"{wrong} cells wrong")
    assert f"{said} against the solution" in panel.label.text()
    qtbot.mouseClick(panel.button, Qt.MouseButton.LeftButton)
    assert not panel.label.isVisible()
    _traced(qtbot, view, np.eye(7, dtype=int))  # no 7x7 network ships
    assert not panel.isVisible()


def test_no_glance_without_the_extra(qtbot, monkeypatch) -> None:
    monkeypatch.setattr("nonostudio.gui.solve.view.glance_available", lambda: False)
    view = SolveView(delay_ms=1)
    qtbot.addWidget(view)
    assert view.glance_panel is None
    assert not any(
        w.accessibleName() == "Quick glance" for w in view.findChildren(type(view.ui.message_label))
    )
