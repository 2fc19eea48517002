"""Room to solve: at 1280x720 a 25x25 puzzle gets cells of 16 px or more in the Solve view, hint
shown or not, with each step's whole explanation under the grid; the steps pane folds away (by
hand it is hidden until asked) and the splitters are kept in the settings; the tab's keys work
as soon as it is chosen; a puzzle with no solution is said in words."""

from __future__ import annotations

import copy
import logging
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from keyboard import assert_keys_reach
from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, Qt, QThreadPool
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QSplitter, QWidget
from pytestqt.qtbot import QtBot
from studio_window import end_background

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.tracing.trace import rule_set_trace
from nonostudio.analysis.typos import broken_line
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.library import Library
from nonostudio.core.line import CROSSED, UNKNOWN
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.gui.solve import trace_job
from nonostudio.gui.solve import view as view_module
from nonostudio.gui.solve.hint_ladder import RUNG_TITLES, HintLadderPanel
from nonostudio.gui.solve.hints import HintSearch
from nonostudio.gui.solve.layout import WORDS_MIN_HEIGHT
from nonostudio.gui.solve.replay import no_solution
from nonostudio.gui.solve.view import SolveView
from nonostudio.gui.window.main_window import MainWindow
from nonostudio.rules.ruleset import load_rule_set

OWL = samples_dir() / "jwilk-091-owl.non"  # 25x25, clues up to 5 numbers deep
FOREVER = samples_dir() / "webpbn-06574-forever.non"  # 25x25, clues 8 numbers deep both ways


_TRACES: dict[tuple[object, ...], object] = {}


@pytest.fixture
def traced_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Solve view's trace of a puzzle (clues, rule set, time limit) worked out once for this
    file's windows, each getting a copy: four of them trace the owl with the same rules, which
    was most of their time.  The trace itself is tested in tests/analysis/tracing/; these
    tests are about the room it is shown in.  A trace cut short is not kept."""
    real = view_module.trace_puzzle

    def trace_once(puzzle: Puzzle, rule_set: Any, titles: dict[str, str], *rest: Any) -> Any:
        time_limit, *_ = rest
        key = (puzzle.rows, puzzle.cols, rule_set.name, tuple(titles.items()), time_limit)
        if key not in _TRACES:
            found = real(puzzle, rule_set, titles, *rest)
            if isinstance(found, tuple) and not found[0].interrupted:
                _TRACES[key] = copy.deepcopy(found)  # (kept apart from the window given it)
            return found
        return copy.deepcopy(_TRACES[key])

    monkeypatch.setattr(view_module, "trace_puzzle", trace_once)


@pytest.fixture
def window(
    qtbot: QtBot, small_library: Library, settings: QSettings, traced_once: None
) -> Iterator[MainWindow]:
    win = MainWindow(small_library, settings)
    qtbot.addWidget(win)
    yield win
    end_background(win, 30000)


def show_at(qtbot: QtBot, win: MainWindow, size: tuple[int, int]) -> None:
    win.resize(*size)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()  # keys reach shortcuts only in the active window (X11)
    qtbot.waitActive(win)
    qtbot.waitUntil(lambda: (win.width(), win.height()) == size, timeout=3000)


def click_solve_tab(qtbot: QtBot, win: MainWindow) -> SolveView:
    bar = win.tabs.tabBar()
    index = win.tabs.indexOf(win.solve_view)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert win.tabs.currentWidget() is win.solve_view
    return win.solve_view


def open_owl(qtbot: QtBot, win: MainWindow, path: Path = OWL) -> SolveView:
    assert win.files.open_file(path)
    view = click_solve_tab(qtbot, win)
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=30000)
    QApplication.processEvents()
    return view


# 1280x690: the window a 1280x720 screen gives (the title bar takes 30 pixels); the deepest
# clues there (at 1280x720 the grid has 30 pixels more).
@pytest.mark.parametrize(
    ("path", "size"),
    [(OWL, (1280, 720)), (FOREVER, (1280, 690))],
    ids=["owl-1280x720", "forever-1280x690"],
)
def test_a_25x25_gets_16_px_cells_at_1280x720_however_long_the_hint(
    qtbot: QtBot, window: MainWindow, path: Path, size: tuple[int, int]
) -> None:
    show_at(qtbot, window, size)
    view = open_owl(qtbot, window, path)
    trace = view.trace()
    assert trace is not None
    # A contradiction: the longest words (the chain's legend, the step, four rungs of a hint).
    step = next(i for i, s in enumerate(trace.steps) if s.technique == "contradiction")
    view.go_to(step + 1)
    QApplication.processEvents()
    sizes = [view.grid.cell_size()]
    for _ in range(4):  # where, which technique, the premise, which cells
        qtbot.mouseClick(view.ui.hint_panel.button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
        sizes.append(view.grid.cell_size())
    assert view.hint_rung() == 3 and view.ui.hint_panel.text_label.isVisible()
    assert min(sizes) >= 16, f"cells of {sizes} px"
    assert len(set(sizes)) == 1, f"the grid shrank as the hint grew: {sizes}"
    scroll = view.ui.scroll
    assert scroll.horizontalScrollBar().maximum() == scroll.verticalScrollBar().maximum() == 0
    # The step's whole explanation is under the grid, wrapped, not cut in a column.
    label = view.ui.message_label
    explanation = view.model.row_at(step).explanation
    assert label.text() == f"Step {step + 1}: {explanation}" and len(explanation) > 100
    assert label.isVisible() and label.wordWrap()
    assert label.mapTo(view, QPoint(0, 0)).y() > view.grid.mapTo(view, QPoint(0, 0)).y()


def test_at_1920x1080_the_steps_are_beside_a_larger_grid(qtbot: QtBot, window: MainWindow) -> None:
    show_at(qtbot, window, (1920, 1080))
    view = open_owl(qtbot, window)
    assert view.steps_shown() and view.ui.table.isVisible() and view.ui.steps_action.isChecked()
    assert view.ui.steps_pane.width() >= 250
    assert view.grid.cell_size() >= 24


def test_the_solve_tabs_keys_work_as_soon_as_it_is_chosen(qtbot: QtBot, window: MainWindow) -> None:
    show_at(qtbot, window, (1280, 720))
    assert window.files.open_file(OWL)
    window.library_view.table.setFocus()  # the player was choosing a puzzle in the library
    view = click_solve_tab(qtbot, window)
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=30000)
    assert view.position() == 0
    assert_keys_reach(qtbot, view)  # no click in the view first


def test_by_hand_the_steps_are_hidden_until_asked(qtbot: QtBot, window: MainWindow) -> None:
    show_at(qtbot, window, (1920, 1080))
    view = open_owl(qtbot, window)
    ui = view.ui
    assert view.steps_shown()  # replaying, beside the grid
    ui.hand_action.trigger()
    assert not view.steps_shown() and not ui.table.isVisible()
    assert not ui.summary_label.isVisible() and not ui.steps_action.isChecked()
    assert ui.steps_action.isVisible() and ui.steps_action.isEnabled()  # the way to ask
    assert "solution" in ui.steps_action.toolTip()
    ui.steps_action.trigger()  # asked: the steps, the solution, are shown
    assert view.steps_shown() and ui.table.isVisible()
    ui.hand_action.trigger()  # replaying again: as the player left it for replaying
    assert view.steps_shown()
    ui.hand_action.trigger()  # by hand again: hidden again until asked
    assert not view.steps_shown()


def drag_handle(splitter: QSplitter, index: int, by: QPoint) -> None:
    """Drag handle ``index`` of ``splitter`` by ``by`` with the mouse."""
    handle = splitter.handle(index)
    start = QPointF(handle.rect().center())
    end = start + QPointF(by)
    left = Qt.MouseButton.LeftButton
    for kind, at, buttons in (
        (QEvent.Type.MouseButtonPress, start, left),
        (QEvent.Type.MouseMove, end, left),
        (QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton),
    ):
        global_at = QPointF(handle.mapToGlobal(at.toPoint()))
        event = QMouseEvent(kind, at, global_at, left, buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(handle, event)


def shown_view(qtbot: QtBot, settings: QSettings, width: int) -> SolveView:
    """A Solve view on ``settings``, ``width`` x 800, shown."""
    view = SolveView(delay_ms=1, settings=settings)
    qtbot.addWidget(view)
    view.resize(width, 800)
    view.show()
    qtbot.waitExposed(view)
    return view


def test_the_splitters_and_the_steps_pane_are_kept_in_the_settings(
    qtbot: QtBot, settings: QSettings
) -> None:
    first = shown_view(qtbot, settings, 1200)
    assert first.steps_shown()  # 1200 px: room for the steps on a first start
    words = first.ui.grid_splitter.sizes()[1]
    steps = first.ui.splitter.sizes()[1]
    drag_handle(first.ui.grid_splitter, 1, QPoint(0, -80))  # more room for the words
    drag_handle(first.ui.splitter, 1, QPoint(60, 0))  # a narrower steps pane
    assert first.ui.grid_splitter.sizes()[1] == words + 80
    assert first.ui.splitter.sizes()[1] == steps - 60
    second = shown_view(qtbot, settings, 1200)
    assert second.ui.grid_splitter.sizes()[1] == words + 80
    assert second.ui.splitter.sizes()[1] == steps - 60

    second.ui.steps_action.trigger()  # folded away, and it stays so
    assert not second.steps_shown()
    third = shown_view(qtbot, settings, 1200)
    assert not third.steps_shown() and not third.ui.steps_action.isChecked()
    third.ui.steps_action.trigger()
    assert third.steps_shown() and third.ui.splitter.sizes()[1] == steps - 60


def test_the_words_height_kept_is_the_words_own_with_the_hint_button_under_them(
    qtbot: QtBot, settings: QSettings
) -> None:
    """In a narrow tab the hint button is under the words and the words pane grows by its
    height; what is kept is the words' own height, so the next start (which grows the pane by
    the button again) shows the words as the player left them, not a button's height taller."""

    def shown_narrow() -> SolveView:
        view = shown_view(qtbot, settings, 340)
        QApplication.processEvents()
        assert not view.ui.words_pane.beside()
        return view

    first = shown_narrow()
    words = first.ui.words.height()
    drag_handle(first.ui.grid_splitter, 1, QPoint(0, -80))
    assert first.ui.words.height() == words + 80
    second = shown_narrow()
    assert second.ui.words.height() == words + 80


# A picture's rows 2 and 3 typed in each other's place: the totals still agree, but no picture
# fits the clues.
NO_SOLUTION = Puzzle(((2,), (3,), (1, 2), (2, 1), (1, 1)), ((2, 1), (1, 2), (2,), (2, 1), (2,)))


def test_a_puzzle_with_no_solution_is_said_in_words_without_a_traceback(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView], caplog: pytest.LogCaptureFixture
) -> None:
    view = show_solve_view()
    with caplog.at_level(logging.WARNING):
        view.set_puzzle(NO_SOLUTION)
        qtbot.waitUntil(lambda: not view.is_busy(), timeout=20000)
    said = view.ui.summary_label.text()
    assert said.startswith("No solution: ") and "cannot hold" in said
    assert "Error" not in said and "Traceback" not in said
    assert view.ui.message_label.text() == said  # also under the grid (the steps may be hidden)
    assert view.trace() is None
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
    marks = view.grid.marks()  # the line that cannot hold its clue is framed
    assert marks.axis in ("row", "column") and f"{marks.axis} {marks.index + 1} " in said


def test_no_solution_names_the_line_tracing_breaks_on_when_line_logic_alone_does_not() -> None:
    # Line logic alone finds nothing wrong here; probing a cell, the trace breaks on a line.
    puzzle = Puzzle(((3,), (2,), (3,), (1,), (1, 1)), ((1, 1), (1, 1), (1, 2), (1, 1), (1, 1)))
    assert solve(puzzle).verdict == Verdict.NO_SOLUTION and broken_line(puzzle) is None
    with pytest.raises(InconsistentPuzzleError) as caught:
        rule_set_trace(puzzle, load_rule_set(DEFAULT_RULE_SET))
    said = no_solution(puzzle, caught.value)
    axis, number = (caught.value.clue or "").split()
    assert (said.axis, said.index) == (axis, int(number) - 1)
    clue = (puzzle.rows if axis == "row" else puzzle.cols)[int(number) - 1]
    numbers = " ".join(map(str, clue))
    assert said.text.startswith(f"No solution: {axis} {number} cannot hold its clue {numbers} ")
    nowhere = no_solution(puzzle, InconsistentPuzzleError("the puzzle has no solution"))
    assert nowhere.text.startswith("No solution: no picture fits every clue.")
    assert (nowhere.axis, nowhere.index) == ("", -1)


@pytest.fixture
def two_pool_threads() -> Iterator[None]:
    """At least two threads in Qt's pool (the tests' jobs run there), so a job held back does not
    keep another from starting on a one-core machine."""
    pool = QThreadPool.globalInstance()
    before = pool.maxThreadCount()
    pool.setMaxThreadCount(max(2, before))
    yield
    pool.setMaxThreadCount(before)


def held_until(gate: threading.Event, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn``, whose call waits until ``gate`` is set (20 s at most)."""

    def held(*args: Any, **kwargs: Any) -> Any:
        gate.wait(20)
        return fn(*args, **kwargs)

    return held


# By hand, a hint asked for at once is looked for while the trace is still finding out that the
# puzzle has no solution.  The search finds a step (a line's overlap holds even where no picture
# fits), and either may end first: each order is made to happen, not left to the machine's load
# (the order alone decided whether the old test passed: it failed under load).
@pytest.mark.parametrize("first", ["trace", "hint"])
def test_by_hand_a_puzzle_with_no_solution_gets_words_for_hint_and_check(
    qtbot: QtBot,
    show_solve_view: Callable[..., SolveView],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
    two_pool_threads: None,
    request: pytest.FixtureRequest,
    first: str,
) -> None:
    gate = threading.Event()
    # the job held back until the other has ended
    later = trace_job if first == "trace" else view_module
    name = "next_hint" if first == "trace" else "trace_puzzle"
    monkeypatch.setattr(later, name, held_until(gate, getattr(later, name)))
    request.addfinalizer(gate.set)  # (a failing test leaves no job waiting)
    view = show_solve_view()
    with caplog.at_level(logging.WARNING):
        view.set_puzzle(NO_SOLUTION)
        view.ui.hand_action.trigger()
        view.request_hint()  # before the trace has found out
        if first == "trace":
            qtbot.waitUntil(lambda: not view.is_busy(), timeout=20000)
            assert view.ui.message_label.text().startswith("No solution: ")
        else:
            qtbot.waitUntil(lambda: not view._hints.is_running(), timeout=20000)
            assert view.is_busy() and view.hint_rung() == 0  # the step found is shown
        gate.set()
        assert QThreadPool.globalInstance().waitForDone(20000)  # the job held back has ended
        qtbot.waitUntil(lambda: not view.is_busy() and not view._hints.is_running(), timeout=20000)
        QApplication.processEvents()  # what it found has arrived
        # the hint found for a puzzle nobody can finish is dropped: the words stay
        assert view.ui.message_label.text().startswith("No solution: ")
        assert view.hint_rung() == -1
        view.request_hint()
        assert view.ui.message_label.text().startswith("No solution: ")
        assert view.hint_rung() == -1 and not view._hints.is_running()
        view.check_mistakes()  # not "the solution is still being worked out"
        assert view.ui.message_label.text().startswith("No solution: ")
        assert not view.ui.timer.is_running()  # no clock for a puzzle nobody can finish
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


def test_a_hint_from_a_grid_that_breaks_a_line_says_why_without_a_traceback(
    qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    # A tee: rows 5, 1, 1.  The player crossed out a cell of the top row, which no 5 then fits.
    puzzle = Puzzle(((5,), (1,), (1,)), ((1,), (1,), (3,), (1,), (1,)))
    grid = np.full((3, 5), UNKNOWN, dtype=np.int8)
    grid[0, 1] = CROSSED
    search = HintSearch()
    with caplog.at_level(logging.WARNING), qtbot.waitSignal(search.failed, timeout=20000) as said:
        search.start(puzzle, grid, load_rule_set(DEFAULT_RULE_SET), 10.0)
    assert said.args[0].startswith("row 1 cannot hold its clue 5 with the cells decided so far")
    assert "Error" not in said.args[0]
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


def test_the_solved_banner_does_not_move_the_grid(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    view = show_solve_view()
    tee = Puzzle(((5,), (1,), (1,)), ((1,), (1,), (3,), (1,), (1,)))
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(tee)
    view.ui.hand_action.trigger()
    grid = view.grid
    QApplication.processEvents()
    before = (grid.cell_size(), grid.mapTo(view, grid.cell_rect(0, 0).topLeft()))
    for r, c in [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (2, 2)]:
        qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r, c).center())
    QApplication.processEvents()
    assert view.is_solved() and view.ui.banner_box.isVisible()
    assert (grid.cell_size(), grid.mapTo(view, grid.cell_rect(0, 0).topLeft())) == before


def test_the_solved_banner_is_read_whole_in_a_narrow_view(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    """In the studio at 1280x720 the Solve tab is about 690 px wide: the banner's words wrap,
    and both lines show in the words pane under the grid (the second was cut off, to be
    scrolled to)."""
    view = show_solve_view(height=640)
    view.resize(690, 640)
    tee = Puzzle(((5,), (1,), (1,)), ((1,), (1,), (3,), (1,), (1,)))
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(tee)
    view.ui.hand_action.trigger()
    grid = view.grid
    with qtbot.waitSignal(view.handSolved, timeout=5000):
        for r, c in [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (2, 2)]:
            qtbot.mouseClick(grid, Qt.MouseButton.LeftButton, pos=grid.cell_rect(r, c).center())
    QApplication.processEvents()
    banner, viewport = view.ui.banner, view.ui.words.viewport()
    assert banner.text().startswith("\u2713 Solved! You finished this 5x3 puzzle in ")
    assert banner.height() >= banner.heightForWidth(banner.width())  # not squeezed
    top = banner.mapTo(viewport, banner.rect().topLeft()).y()
    bottom = banner.mapTo(viewport, banner.rect().bottomLeft()).y()
    assert 0 <= top and bottom < viewport.height()  # in sight, no scrolling needed


def test_a_hint_shows_its_newest_rung_whole_from_its_first_line(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Seen at 1280x720 and 1024x600 by hand: the rungs stacked under the grid were scrolled to
    their end, the newest rung cut to two lines and the last words of the rung before ("11.")
    left on show above it.  Now the newest rung alone, whole: the pane grows as far as it needs
    (here from its smallest, two lines)."""
    show_at(qtbot, window, (1024, 600))
    view = open_owl(qtbot, window)
    view.ui.hand_action.trigger()  # by hand: the words pane does not grow for other words
    area, label = view.ui.words, view.ui.hint_panel.text_label
    splitter = view.ui.grid_splitter  # the words pane at its smallest: two lines
    splitter.setSizes([sum(splitter.sizes()) - WORDS_MIN_HEIGHT, WORDS_MIN_HEIGHT])
    QApplication.processEvents()
    seen = []
    for rung in range(4):  # where, which technique, the premise, which cells
        qtbot.mouseClick(view.ui.hint_panel.button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not view._hints.is_running(), timeout=20000)
        QApplication.processEvents()
        qtbot.wait(50)  # (the pane grows after the layout pass that found the rung too long)
        QApplication.processEvents()
        assert view.hint_rung() == rung
        text = label.text()
        assert f"{rung + 1}. {RUNG_TITLES[rung]}:" in text
        assert not any(f"{title}:" in text for title in RUNG_TITLES[:rung])  # the old rungs gone
        # every rung so far is still there to read, in the label's tooltip
        assert all(f"{title}:" in label.toolTip() for title in RUNG_TITLES[: rung + 1])
        top = label.mapTo(area.viewport(), QPoint(0, 0)).y()
        fits = label.height() <= area.viewport().height()
        seen.append((rung, top, label.height(), area.viewport().height()))
        assert top == 0 or (fits and top > 0), seen  # from its first line, nothing above cut
        assert area.verticalScrollBar().value() <= label.y(), seen  # (none of it above sight)
        if fits:
            assert top + label.height() <= area.viewport().height(), seen  # whole in sight
        if not view.ui.message_label.text():  # nothing above it: no scroll bar either
            assert area.verticalScrollBar().maximum() == 0, seen
    assert all(h <= v for _r, _t, h, v in seen), seen  # each rung had the room it needs
    assert view.grid.cell_size() >= view.grid.min_cell()


def test_the_hint_button_takes_no_width_from_the_words_when_the_grid_leaves_a_corner(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    """Beside the words the hint button took 139-183 px of their width (Forever's rungs 3 and 4
    four lines at 531 px where the pane's 670 holds three, at 1280x690, and the grid shrank for
    them): over the grid's empty bottom right corner it takes none.  A grid as wide as its area
    leaves no corner: the button is beside the words again, never over a cell."""
    view = show_solve_view(height=600, width=900)
    ui = view.ui
    ui.steps_action.trigger()  # (the steps pane shown, for the Tab order through it)
    assert ui.steps_pane.isVisible()
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(Puzzle(((5,), (1,), (1,)), ((1,), (1,), (3,), (1,), (1,))))  # a tee
    qtbot.waitUntil(ui.words_pane.lent, timeout=3000)
    button, area = ui.hint_panel.button, ui.scroll.viewport()
    assert ui.words.width() == ui.words_pane.width()
    grid_right = view.grid.mapTo(view, QPoint(0, 0)).x() + view.grid.sizeHint().width()
    at, corner = button.mapTo(view, QPoint(0, 0)), area.mapTo(view, QPoint(0, 0))
    assert at.x() >= grid_right and at.x() + button.width() <= corner.x() + area.width()
    assert corner.y() < at.y() and at.y() + button.height() <= corner.y() + area.height()
    assert button.isVisible()
    order = tab_order(view)
    assert order == [ui.rule_set_combo, ui.scroll, view.grid, ui.words, button, ui.table], order
    bar = ui.words.verticalScrollBar()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)  # it still gives the hint
    qtbot.waitUntil(lambda: view.hint_rung() == 0, timeout=20000)
    assert bar.maximum() >= 0 and ui.words_pane.lent()  # (the button stays put)

    wide = Puzzle(((60,), (60,)), tuple(((2,),) * 60))  # as wide as its area: no corner left
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(wide)
    qtbot.waitUntil(lambda: not ui.words_pane.lent(), timeout=3000)
    assert ui.words_pane.isAncestorOf(button) and button.isVisible()
    assert ui.words.width() < ui.words_pane.width()
    assert tab_order(view) == order  # (the same Tab order beside the words as in the corner)


def test_the_offer_of_a_longer_trace_goes_over_the_hint_button_in_the_corner_never_the_grid(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    """The offer ("Keep solving, up to 1 minute") came after the hint button was in a corner
    narrower than the two side by side (306 px): it was laid over the grid's last columns and
    never placed again.  It goes over the button, its words on two lines, and the words keep the
    pane's width; dropped, the button stays in the corner."""
    view = show_solve_view(height=420, width=560)
    ui = view.ui
    rng = np.random.default_rng(1)
    puzzle = Puzzle.from_grid((rng.random((15, 15)) < 0.5).astype(np.int8))
    with qtbot.waitSignal(view.traceReady, timeout=20000):
        view.set_puzzle(puzzle)
    qtbot.waitUntil(ui.words_pane.lent, timeout=3000)
    area, offer, button = ui.scroll.viewport(), ui.longer_button, ui.hint_panel.button
    grid_right = view.grid.mapTo(view, QPoint(0, 0)).x() + view.grid.sizeHint().width()
    corner = area.mapTo(view, QPoint(0, 0))
    assert corner.x() + area.width() - grid_right < 300  # (too narrow for both side by side)
    ui.longer_button.offer_after(10.0, True)  # (as a trace stopped by the 10 s limit offers it)
    qtbot.waitUntil(lambda: offer.text() == "Keep solving,\nup to 1 minute", timeout=1000)
    QApplication.processEvents()
    at, hint = offer.mapTo(view, QPoint(0, 0)), button.mapTo(view, QPoint(0, 0))
    assert at.x() >= grid_right and at.x() + offer.width() <= corner.x() + area.width()
    assert at.y() + offer.height() <= hint.y()  # over the button
    assert ui.words_pane.lent() and ui.words.width() == ui.words_pane.width()
    ui.longer_button.drop()
    qtbot.waitUntil(lambda: offer.isHidden(), timeout=3000)
    QApplication.processEvents()
    assert ui.words_pane.lent() and button.mapTo(view, QPoint(0, 0)).x() >= grid_right


def tab_order(view: SolveView) -> list[QWidget]:
    """The widgets of ``view`` Tab goes through, in order (Qt's focus chain, less the widgets
    that take no Tab focus or are hidden)."""
    tab = Qt.FocusPolicy.TabFocus
    order, widget = [], view.nextInFocusChain()
    while widget is not view:
        if widget.focusPolicy() & tab == tab and widget.isVisibleTo(view) and widget.isEnabled():
            order.append(widget)
        widget = widget.nextInFocusChain()
    return order


def test_a_rung_keeps_room_for_the_lines_it_has_at_its_own_width() -> None:
    """The rung's least height followed the width it had when it was set: the hint button's
    label beside it changes each rung, and at 1280x690 a rung set at 479 px (4 lines) kept 56 px
    at 553, where it has 3 (42): the words pane grew for lines it did not have."""
    panel = HintLadderPanel()
    label = panel.text_label
    label.setText("word " * 120)
    label.show()
    label.resize(300, 400)
    panel.fit_text()
    narrow = label.minimumHeight()
    label.resize(700, 400)
    assert label.minimumHeight() == label.heightForWidth(700) < narrow
    label.close()
