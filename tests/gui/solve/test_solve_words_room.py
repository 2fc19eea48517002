"""The words under the grid are read whole: at 1280x720 with the docks shown, a contradiction's
chain and its step of five sentences had three lines of room, the step's first line in sight and
the rest to be scrolled to.  The words pane is made tall enough for the trace's longest words
when the trace comes (up to a share of the room, the grid's cells no smaller than 16 px), so
the grid keeps its size and place from step to step: it shrank when the first contradiction's
chain appeared (Petroglyph's grid area 510 -> 476 px, cut)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from PySide6.QtCore import QPoint, QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from studio_window import end_background, show_window
from test_solve_room import drag_handle

from nonostudio.core.formats import read_file
from nonostudio.core.library import Library
from nonostudio.core.paths import samples_dir
from nonostudio.gui.solve.layout import ROOM_CELL, WORDS_SHARE
from nonostudio.gui.solve.view import SolveView
from nonostudio.gui.window.main_window import MainWindow

FOREVER = samples_dir() / "webpbn-06574-forever.non"  # 25x25, contradictions early on


@pytest.fixture
def view(qtbot: QtBot, small_library: Library, settings: QSettings) -> Iterator[SolveView]:
    win: MainWindow = show_window(qtbot, small_library, settings, size=(1280, 720))
    assert win.files.open_file(FOREVER, ask=False)
    win.tabs.setCurrentWidget(win.solve_view)
    view = win.solve_view
    qtbot.waitUntil(lambda: view.trace() is not None, timeout=60000)
    yield view
    end_background(win, 30000)


def settle(qtbot: QtBot) -> None:
    """Let the layout and the pane's growing (a zero timer after it) run."""
    QApplication.processEvents()
    qtbot.wait(50)
    QApplication.processEvents()


def words_in_sight(view: SolveView) -> bool:
    """The step's whole words are in the pane's sight, with no scrolling."""
    area, label = view.ui.words, view.ui.message_label
    bottom = label.mapTo(area.viewport(), QPoint(0, label.height())).y()
    return area.verticalScrollBar().maximum() == 0 and bottom <= area.viewport().height()


def contradictions(view: SolveView) -> list[int]:
    """The 1-based numbers of the trace's contradiction steps."""
    trace = view.trace()
    assert trace is not None
    return [i + 1 for i, s in enumerate(trace.steps) if s.technique == "contradiction"]


def test_a_contradiction_s_words_are_read_whole_and_the_grid_keeps_its_size(
    qtbot: QtBot, view: SolveView
) -> None:
    ui = view.ui
    settle(qtbot)
    sizes, cell = ui.grid_splitter.sizes(), view.grid.cell_size()
    where = view.grid.mapTo(view, QPoint(0, 0)), view.grid.size()
    view.go_to(contradictions(view)[0])  # (step 18: a chain of four lines, five sentences)
    settle(qtbot)
    assert ui.chain_legend.isVisible()
    assert ui.message_label.text().count(". ") >= 4
    assert words_in_sight(view), (ui.grid_splitter.sizes(), ui.message_label.text())
    assert ui.grid_splitter.sizes() == sizes
    assert (view.grid.cell_size(), (view.grid.mapTo(view, QPoint(0, 0)), view.grid.size())) == (
        cell,
        where,
    )
    for short in (1, 2):  # short words: the pane keeps its height, the grid its size
        view.go_to(short)
        settle(qtbot)
        assert ui.grid_splitter.sizes() == sizes
        assert view.grid.cell_size() == cell


def test_the_longest_words_take_a_share_of_the_room_and_scroll_past_it(
    qtbot: QtBot, view: SolveView
) -> None:
    ui = view.ui
    settle(qtbot)
    sizes = ui.grid_splitter.sizes()
    longest = max(contradictions(view), key=lambda n: len(view.model.row_at(n - 1).explanation))
    view.go_to(longest)
    settle(qtbot)
    grid, words = ui.grid_splitter.sizes()
    assert [grid, words] == sizes  # no growing at the step
    assert words <= (grid + words) * WORDS_SHARE  # no further than its share
    assert ui.words.verticalScrollBar().maximum() > 0  # the rest scrolls
    assert view.grid.cell_size() >= ROOM_CELL  # the grid keeps its room


def test_by_hand_the_words_scroll_and_the_grid_keeps_its_size(
    qtbot: QtBot, view: SolveView
) -> None:
    ui = view.ui
    ui.hand_action.trigger()
    settle(qtbot)
    sizes, cell = ui.grid_splitter.sizes(), view.grid.cell_size()
    # (longer than the pane holds: the words have its whole width, the hint button in the
    # grid's corner)
    ui.message_label.setText(" ".join(["A sentence of some length, said by hand."] * 30))
    settle(qtbot)
    assert ui.words.verticalScrollBar().maximum() > 0  # it scrolls...
    assert ui.grid_splitter.sizes() == sizes and view.grid.cell_size() == cell  # ...in place


def test_by_hand_the_grid_keeps_its_size_or_if_cut_gets_back_the_words_room(
    qtbot: QtBot, view: SolveView
) -> None:
    """Seen under Xvfb at 1280x720: Solve by hand gave the grid back the room a long step's
    words took, the cells moved under the pointer (Soup's on!: row 9 from y=545 to 568); a
    grid in sight keeps its size.  Seen at 1024x600: by hand a grown pane kept three blank lines
    under "No mistakes so far." and the grid's last rows out of sight; a cut grid gets the room
    back."""
    ui = view.ui
    first = ui.words_height()  # (the pane's height on a first start, grown for the trace)
    view.go_to(contradictions(view)[0])
    settle(qtbot)
    grown, cell = ui.grid_splitter.sizes(), view.grid.cell_size()
    assert grown[1] > first and not ui.grid_cut()
    ui.hand_action.trigger()
    settle(qtbot)
    assert ui.grid_splitter.sizes() == grown and view.grid.cell_size() == cell
    ui.hand_action.trigger()  # replaying again, zoomed in: the grid's last rows out of sight
    for _ in range(4):
        view.grid.zoom_in()
    settle(qtbot)
    assert ui.grid_cut()
    ui.hand_action.trigger()
    settle(qtbot)
    assert ui.grid_splitter.sizes()[1] == first


def test_a_pane_the_player_dragged_keeps_its_height_by_hand(qtbot: QtBot, view: SolveView) -> None:
    ui = view.ui
    view.go_to(contradictions(view)[0])
    settle(qtbot)
    drag_handle(ui.grid_splitter, 1, QPoint(0, -30))  # the player makes it taller still
    settle(qtbot)
    chosen = ui.grid_splitter.sizes()
    ui.hand_action.trigger()
    settle(qtbot)
    assert ui.grid_splitter.sizes() == chosen


def test_with_the_steps_shown_the_words_go_over_the_hint_button(qtbot: QtBot) -> None:
    """Seen under Xvfb at 1280x720 with Steps on: the words pane, about 370 px wide, left the
    words 200 px beside the hint button, a step sentence cut after two or three lines."""
    from PySide6.QtWidgets import QLabel, QPushButton

    from nonostudio.gui.solve.layout import WordsPane

    button = QPushButton("Hint 1/5: where to look?")
    words = QLabel("Step 18: Row 11, column 14 — Contradiction: suppose this cell were empty.")
    words.setWordWrap(True)
    pane = WordsPane(words, button)
    qtbot.addWidget(pane)
    pane.resize(1000, 60)
    pane.show()
    assert pane.beside()  # a wide pane: the button beside the words
    pane.resize(button.sizeHint().width() + 210, 120)  # (the width Steps left at 1280x720)
    QApplication.processEvents()
    assert pane.width() == button.sizeHint().width() + 210
    assert not pane.beside()


def test_the_room_made_at_another_width_is_given_back(
    qtbot: QtBot, show_solve_view: Callable[..., SolveView]
) -> None:
    """Made while the steps pane was shown (Forever's cells 12 px, the grid cut), the words'
    room stayed once the steps were hidden: 13-14 px cells where the view hiding them before the
    trace came gives 16.  The room is the same whichever width it was first made at."""
    puzzle = read_file(samples_dir() / "jwilk-150-buffalo.non")
    long_words = " ".join(["suppose this cell were filled, then row 12: cells 4-5 empty."] * 6)
    samples = [(long_words, "")]

    def shown(steps: bool) -> SolveView:
        view = show_solve_view(615, None, 690)
        if steps:
            view.ui.steps_action.trigger()
        with qtbot.waitSignal(view.traceReady, timeout=20000):
            view.set_puzzle(puzzle)
        view.ui.keep_room_for_words(samples)  # (the words of a long trace, as it comes)
        settle(qtbot)
        return view

    fresh = shown(False)
    want = (fresh.grid.cell_size(), fresh.ui.grid_splitter.sizes())
    fresh.close()
    view = shown(True)
    assert view.grid.cell_size() < want[0]
    view.ui.steps_action.trigger()  # hidden: the grid pane has the whole width
    settle(qtbot)
    assert (view.grid.cell_size(), view.ui.grid_splitter.sizes()) == want
