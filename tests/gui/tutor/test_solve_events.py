"""Solving by hand goes into the active profile: a stroke is a timed move attributed to the
technique of the easiest step on the grid BEFORE it, a hint is one event at the deepest rung
asked, a Check that shows mistakes is a mistake event, clearing a cell is no move."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pictures import HOUSE
from PySide6.QtCore import Qt, QThreadPool

from nonostudio.analysis.tutor.lines import easiest_technique
from nonostudio.analysis.tutor.mastery import hint_score
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import new_grid
from nonostudio.gui.solve.view import SolveView
from nonostudio.gui.tutor.solve_events import IDLE_S, HandSolveLog


class Clock:
    now = 5_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def setup(qtbot, tmp_path: Path):
    view = SolveView(delay_ms=1)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
    clock = Clock()
    log = HandSolveLog(tmp_path / "lib.sqlite", lambda: "Ada", clock=clock)
    log.store.ensure("Ada")
    log.attach(view)
    view.ui.hand_action.trigger()
    yield view, log, clock
    view.cancel()
    log.close()
    assert QThreadPool.globalInstance().waitForDone(10000)


def click(qtbot, view: SolveView, r: int, c: int, button=Qt.MouseButton.LeftButton) -> None:
    qtbot.mouseClick(view.grid, button, pos=view.grid.cell_rect(r, c).center())


def test_moves_hints_and_mistakes_recorded(qtbot, setup) -> None:
    view, log, clock = setup
    empty = new_grid(HOUSE.height, HOUSE.width)
    clock.now += 7
    click(qtbot, view, 2, 0)  # row 3 is #####: filled is right
    view.request_hint()
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=10000)
    view.request_hint()
    assert view.hint_rung() == 1  # where to look, then the next rung: one hint event
    clock.now += 4
    click(qtbot, view, 0, 0)  # wrong (the picture has ..#.. on top); records the hint
    view.check_mistakes()  # shows the mistake at row 1, column 1
    qtbot.waitUntil(lambda: not log.is_busy(), timeout=10000)
    events = log.store.events("Ada")
    assert [e.kind for e in events] == ["move", "hint", "move", "mistake"]
    assert all(e.source == "solve" for e in events)
    first = events[0]
    assert first.technique == easiest_technique(HOUSE, empty)
    assert first.seconds == pytest.approx(7.0) and first.score == 1.0
    assert events[1].score == pytest.approx(hint_score(1)) and events[1].seconds is None
    assert events[2].seconds == pytest.approx(4.0)  # timed from the hint
    assert events[2].score == 0.0  # a wrong cell is no success, checked or not
    assert events[3].score == 0.0
    assert first.item == "5x5 house"


def test_clearing_is_no_move_and_a_long_gap_is_not_timed(qtbot, setup) -> None:
    view, log, clock = setup
    told: list[int] = []  # (the For You list follows what is recorded)
    log.eventsRecorded.connect(lambda: told.append(log.recorded))
    click(qtbot, view, 2, 0)
    click(qtbot, view, 2, 0)  # the same button again clears the cell
    assert (view.hand_cells() == UNKNOWN).all()
    clock.now += IDLE_S + 1
    click(qtbot, view, 2, 1)
    qtbot.waitUntil(lambda: not log.is_busy(), timeout=10000)
    events = log.store.events("Ada")
    assert [e.kind for e in events] == ["move", "move"]
    assert events[1].seconds is None
    assert told and told[-1] == 2


def test_nothing_recorded_without_a_profile(qtbot, tmp_path: Path) -> None:
    view = SolveView(delay_ms=1)
    qtbot.addWidget(view)
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(HOUSE)
    log = HandSolveLog(tmp_path / "lib.sqlite", lambda: None)
    log.attach(view)
    view.ui.hand_action.trigger()
    log.on_move(new_grid(5, 5), np.ones((5, 5), dtype=np.int8))
    assert not log.is_busy()
    log.close()
    view.cancel()


def test_a_drag_across_cells_is_one_move(qtbot, setup) -> None:
    """A stroke dragged over four cells is one move (one handMoved, one event timed from the
    previous one), not a move per cell crossed, each a fraction of a second apart: those would
    count as four successes towards mastery and pull the player's move times towards zero."""
    view, log, clock = setup
    moved: list[tuple[np.ndarray, np.ndarray]] = []
    view.handMoved.connect(lambda before, after: moved.append((before, after)))
    grid = view.grid
    clock.now += 6
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 0).center())
    for c in (1, 2, 3):
        qtbot.mouseMove(grid, grid.cell_rect(2, c).center())
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 3).center())
    assert list(view.hand_cells()[2, :4]) == [1, 1, 1, 1]
    assert len(moved) == 1
    before, after = moved[0]
    assert (before == UNKNOWN).all() and list(after[2, :4]) == [1, 1, 1, 1]
    qtbot.waitUntil(lambda: not log.is_busy(), timeout=10000)
    events = log.store.events("Ada")
    assert [e.kind for e in events] == ["move"]
    assert events[0].seconds == pytest.approx(6.0)


def test_a_stroke_undone_by_escape_is_no_move(qtbot, setup) -> None:
    view, log, _clock = setup
    moved: list[object] = []
    view.handMoved.connect(lambda before, after: moved.append(after))
    grid = view.grid
    qtbot.mousePress(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 0).center())
    qtbot.mouseMove(grid, grid.cell_rect(2, 2).center())
    qtbot.keyClick(grid, Qt.Key.Key_Escape)
    qtbot.mouseRelease(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(2, 2).center())
    assert (view.hand_cells() == UNKNOWN).all()
    assert moved == []


def test_a_rename_mid_game_records_what_is_waiting_under_the_new_name(qtbot, setup) -> None:
    # A move in the pool, another queued behind it and a hint under way when the profile is
    # renamed (its history copied over, the old name gone): each was dropped silently, filed
    # under the old name; now each goes to the new one.
    view, log, clock = setup
    name = ["Ada"]
    log.profile = lambda: name[0]
    empty = new_grid(HOUSE.height, HOUSE.width)
    one = empty.copy()
    one[2, 0] = 1
    two = one.copy()
    two[2, 1] = 1
    log.on_move(empty, one)
    log.on_move(one, two)
    assert log._inflight and log._queue  # one attributed in the pool, one waiting
    log.on_hint(two, 0)
    store = log.store
    store.create("Ada L")  # as the Practice tab renames: copy, then delete the old
    store.record("Ada L", store.events("Ada"))
    store.delete("Ada")
    name[0] = "Ada L"
    log.renamed("Ada", "Ada L")
    log.flush_hint()
    qtbot.waitUntil(lambda: not log.is_busy(), timeout=10000)
    assert [e.kind for e in store.events("Ada L")] == ["move", "move", "hint"]
    assert log.failed == ""


def test_events_of_a_deleted_profile_are_not_dropped_silently(qtbot, setup) -> None:
    view, log, clock = setup
    empty = new_grid(HOUSE.height, HOUSE.width)
    one = empty.copy()
    one[2, 0] = 1
    told: list[bool] = []
    log.eventsRecorded.connect(lambda: told.append(True))
    log.on_move(empty, one)
    log.store.delete("Ada")
    qtbot.waitUntil(lambda: not log.is_busy(), timeout=10000)
    assert not told  # nothing recorded: nothing to follow
    assert log.failed == "1 event of profile 'Ada' not recorded: it no longer exists"
