"""A library found read-only while the studio runs takes no more writes from the library panel:
Add Current Puzzle, Import Files and Delete are turned off, their tooltips saying why, whichever
write found it (the panel's own, the window's, the Solve view's game of a library puzzle).  They
stayed on before, and clicking them only gave the error again (seen under Xvfb with the data
folder made read-only under the running studio)."""

from __future__ import annotations

import pytest
from library_views import game_begun, make_view
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QToolButton
from pytestqt.qtbot import QtBot
from studio_window import OpenWindow

from nonostudio.core.library import Library
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.window.main_window import MainWindow


def refuse_writes(library: Library) -> None:
    """The file turns read-only under the open library (SQLite answers SQLITE_READONLY)."""
    library._conn.execute("PRAGMA query_only = 1")


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: shown.append(text))
    discard = QMessageBox.StandardButton.Discard
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: discard)
    return shown


@pytest.fixture
def window(warnings: list[str], open_window: OpenWindow) -> MainWindow:
    return open_window(size=(1280, 720))


def assert_no_writes_offered(view: LibraryView) -> None:
    # (before anything is selected: a new selection brings the actions up to date anyway)
    assert not view.add_action.isEnabled() and not view.import_action.isEnabled()
    view.table.selectRow(0)  # Delete has something to delete
    for action in (view.add_action, view.import_action, view.delete_action):
        assert not action.isEnabled(), action.text()
        assert "Not now: the library is read-only (" in action.toolTip(), action.text()
    # the button shows it: disabled, with the tooltip that says why
    add = button_of(view, view.add_action)
    assert not add.isEnabled() and "read-only" in add.toolTip()


def button_of(view: LibraryView, action) -> QToolButton:
    return next(b for b in view.findChildren(QToolButton) if b.defaultAction() is action)


def test_add_current_puzzle_refused_turns_the_writing_actions_off(
    qtbot: QtBot, window: MainWindow, small_library: Library, warnings: list[str]
) -> None:
    view = window.library_view
    assert view.add_action.isEnabled() and "read-only" not in view.add_action.toolTip()
    refuse_writes(small_library)
    qtbot.mouseClick(button_of(view, view.add_action), Qt.MouseButton.LeftButton)
    assert len(warnings) == 1 and "read-only" in warnings[0]  # said once, clearly
    assert small_library.read_only and window.banner.isVisible()
    assert_no_writes_offered(view)


def test_a_game_not_kept_by_the_solve_view_turns_the_writing_actions_off(
    qtbot: QtBot, window: MainWindow, small_library: Library, warnings: list[str]
) -> None:
    _, solve = game_begun(qtbot, window, small_library)
    refuse_writes(small_library)
    assert not solve.save_progress()
    assert "Your progress is not kept" in solve.ui.message_label.text()
    assert window.banner.isVisible() and "read-only" in window.banner.text()
    assert warnings == []  # no dialog for a background save
    assert_no_writes_offered(window.library_view)


def test_a_refused_delete_says_why_on_the_disabled_actions(
    qtbot: QtBot, small_library: Library, warnings: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.StandardButton.Yes)
    view = make_view(qtbot, small_library)
    view.table.selectAll()
    refuse_writes(small_library)
    view.delete_selected()
    assert len(warnings) == 1
    assert_no_writes_offered(view)
    view.close()


def test_an_import_refused_shows_the_windows_banner(
    qtbot: QtBot, window: MainWindow, small_library: Library, tmp_path
) -> None:
    path = tmp_path / "bar.non"
    path.write_text('title "Bar"\nwidth 3\nheight 1\nrows\n3\ncolumns\n1\n1\n1\n')
    assert not window.banner.isVisible()
    refuse_writes(small_library)
    added, errors = window.library_view.import_files([path])
    assert added == 0 and "read-only" in errors[0]
    assert window.banner.isVisible() and "read-only" in window.banner.text()
    assert_no_writes_offered(window.library_view)
