"""The tutor in the studio window: Tools → Suggest My Next Puzzle opens the puzzle in the editor,
the Practice tab is built when first shown and remembers the profile chosen, and a stroke in
the Solve view by hand goes into that profile."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt, QThreadPool

from nonostudio.core.library import Library
from nonostudio.core.library.profiles import ProfileEvent, ProfileStore
from nonostudio.core.samples import sample_puzzles
from nonostudio.gui.tutor.practice_view import PracticeView
from nonostudio.gui.window.main_window import MainWindow


@pytest.fixture
def studio(qtbot, tmp_path: Path, settings: QSettings):
    library = Library(tmp_path / "lib.sqlite3")
    ids = {name: library.add(p, name) for name, p in sample_puzzles(max_side=15)}
    win = MainWindow(library, settings)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.ids = ids  # type: ignore[attr-defined]
    yield win
    win.cancel_background()
    assert QThreadPool.globalInstance().waitForDone(20000)
    library.close()


def test_suggest_my_next_puzzle_opens_it_in_the_editor(qtbot, studio) -> None:
    with ProfileStore(studio.library.path) as store:
        store.ensure("Player")
        mastered = ("empty_line", "line_complete")
        events = [
            ProfileEvent("drill", "mark", t, 1.0, 1.0, t, k) for t in mastered for k in range(10)
        ]
        store.record("Player", events)
    studio.tutor.suggest_action.trigger()
    assert studio.tutor.dock.isVisible()
    soups = sample_puzzles(max_side=15)[0][1]  # the only small sample of tier 1 (overlap)
    qtbot.waitUntil(lambda: studio.editor.puzzle() == soups, timeout=30000)
    assert studio.tutor.for_you.table.rowCount() == 1
    assert studio.tabs.currentWidget() is studio.solve_view  # ready to solve


def test_practice_tab_built_when_shown_and_profile_remembered(qtbot, studio, settings) -> None:
    tabs = studio.tabs
    index = [tabs.tabText(i) for i in range(tabs.count())].index("&Practice")
    tabs.setCurrentIndex(index)
    view = studio.tutor.practice
    assert isinstance(view, PracticeView) and tabs.currentWidget() is view
    view.store.create("Ada")
    view._fill_profiles("Ada")
    assert settings.value("tutor/profile") == "Ada"
    # solving by hand now goes into Ada's profile
    qtbot.waitUntil(studio.is_ready, timeout=10000)
    studio.files.open_library_puzzle(studio.ids["webpbn-00001-dancer.non"])  # type: ignore[attr-defined]
    tabs.setCurrentWidget(studio.solve_view)
    solve = studio.solve_view
    qtbot.waitUntil(lambda: solve.trace() is not None, timeout=20000)
    solve.ui.hand_action.trigger()
    qtbot.mouseClick(solve.grid, Qt.MouseButton.LeftButton, pos=solve.grid.cell_rect(0, 0).center())
    qtbot.waitUntil(lambda: not studio.tutor.log.is_busy(), timeout=10000)
    kinds = [(e.source, e.kind) for e in view.store.events("Ada")]
    assert kinds == [("solve", "move")]
    tabs.setCurrentWidget(view)  # back in Practice, the chart counts the move
    assert sum(m.events for m in view.chart.levels()) == 1
    assert view.mastery_label.text().startswith("Ada: 1 event;")


def test_the_for_you_list_follows_the_profile_chosen_in_practice(qtbot, studio) -> None:
    """Another profile chosen in the Practice tab: the For You list is that profile's (it
    stayed the first one's until Refresh)."""
    tutor = studio.tutor
    view = tutor.build_practice()
    tutor.dock.show()
    tutor.for_you.refresh()
    qtbot.waitUntil(lambda: not tutor.for_you.is_busy(), timeout=30000)
    assert tutor.for_you.label.text().startswith("Nothing in the library at your step (tier 0")
    view.store.create("Ada")
    known = ("empty_line", "line_complete")
    view.store.record(
        "Ada", [ProfileEvent("drill", "mark", t, 1.0, 1.0, t, k) for t in known for k in range(10)]
    )
    view._fill_profiles("Ada")
    assert tutor.for_you.label.text().startswith("1 puzzle for Ada at your next step (tier 1")


def test_the_active_profile_opens_the_library_once_not_at_every_call(studio, monkeypatch) -> None:
    from nonostudio.gui.tutor import window_hook
    from nonostudio.gui.tutor.practice_view import DEFAULT_PROFILE

    opened: list[str] = []

    class CountingStore(ProfileStore):
        def __init__(self, path) -> None:
            opened.append(str(path))
            super().__init__(path)

    monkeypatch.setattr(window_hook, "ProfileStore", CountingStore)
    tutor = studio.tutor
    assert tutor.practice is None  # the Practice tab not built: the remembered name is used
    tutor._profile = None  # as before the first stroke by hand
    names = [tutor.profile() for _ in range(6)]  # a stroke, a hint, a Check, a listing, ...
    assert names == [DEFAULT_PROFILE] * 6
    assert opened == [str(studio.library.path)]  # one store (to make the default profile), once
    with ProfileStore(studio.library.path) as store:
        assert DEFAULT_PROFILE in store.names()


def test_a_hint_under_way_follows_a_rename_in_the_practice_tab(qtbot, studio, monkeypatch) -> None:
    tutor = studio.tutor
    view = tutor.build_practice()
    view.store.create("Ada")
    view._fill_profiles("Ada")
    qtbot.waitUntil(studio.is_ready, timeout=10000)
    studio.files.open_library_puzzle(studio.ids["webpbn-00001-dancer.non"])  # type: ignore[attr-defined]
    studio.tabs.setCurrentWidget(studio.solve_view)
    solve = studio.solve_view
    qtbot.waitUntil(lambda: solve.trace() is not None, timeout=20000)
    solve.ui.hand_action.trigger()
    solve.request_hint()
    qtbot.waitUntil(lambda: solve.hint_rung() == 0, timeout=10000)
    monkeypatch.setattr(view, "ask_text", lambda *a, **k: "Ada L")
    view.rename_profile()  # mid-game: the hint is not recorded yet
    assert view.profile == "Ada L"
    qtbot.mouseClick(solve.grid, Qt.MouseButton.LeftButton, pos=solve.grid.cell_rect(0, 0).center())
    qtbot.waitUntil(lambda: not tutor.log.is_busy(), timeout=10000)
    assert [e.kind for e in view.store.events("Ada L")] == ["hint", "move"]


def test_the_for_you_panel_is_listed_in_view_and_shown_there_without_opening_a_puzzle(
    qtbot, studio
) -> None:
    """Once closed, the For You panel came back only by Tools > Suggest My Next Puzzle, which
    also opens a puzzle; View lists it with the other panels now, tabbed with the Library."""
    views = [a.menu() for a in studio.menuBar().actions() if a.text() == "&View"]
    toggle = next(a for a in views[0].actions() if a.text() == "For You")
    assert toggle.isCheckable() and not toggle.isChecked() and not studio.tutor.dock.isVisible()
    before = studio.editor.puzzle()
    toggle.trigger()
    assert studio.tutor.dock.isVisible() and toggle.isChecked()
    assert studio.tutor.dock in studio.tabifiedDockWidgets(studio.library_dock)
    assert studio.editor.puzzle() == before and not studio.tutor.for_you.is_busy()
    toggle.trigger()
    assert not studio.tutor.dock.isVisible()
