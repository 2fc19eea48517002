"""The library's selection follows the puzzle on screen: after File > New the row of the puzzle
open before stayed highlighted, as if the new picture were that puzzle."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import write_file
from nonostudio.core.library import Library
from nonostudio.core.solver import solve
from nonostudio.gui.library.model import TITLE
from nonostudio.gui.window.main_window import MainWindow


def _double_click_row(qtbot: QtBot, window: MainWindow, title: str) -> int:
    """Open the library row called ``title`` as a person does; its puzzle's id."""
    view = window.library_view
    proxy = view.table.model()
    row = next(r for r in range(proxy.rowCount()) if proxy.index(r, TITLE).data() == title)
    rect = view.table.visualRect(proxy.index(row, TITLE))
    qtbot.mouseClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(view.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    (selected,) = view.selected_ids()
    return selected


def test_the_library_selection_follows_what_is_on_screen(
    qtbot: QtBot, window: MainWindow, small_library: Library, tmp_path: Path
) -> None:
    view = window.library_view
    qtbot.waitUntil(lambda: view.table.model().rowCount() == 3, timeout=5000)
    tee = _double_click_row(qtbot, window, "Tee")
    assert window.document.library_id == tee

    window.commands.new.trigger()  # File > New
    assert window.document.library_id is None
    assert view.selected_ids() == [] and not view.table.currentIndex().isValid()
    assert not view.delete_action.isEnabled()  # nothing selected to delete

    window.files.open_library_puzzle(tee)  # (as the Solve view's or a menu's open does)
    assert view.selected_ids() == [tee]

    path = tmp_path / "own.non"
    write_file(small_library.get(tee), path)
    assert window.files.open_file(path, ask=False)  # a file of one's own: no row is it
    assert view.selected_ids() == []


def test_a_result_coming_late_leaves_the_row_the_person_selected(
    qtbot: QtBot, window: MainWindow, small_library: Library
) -> None:
    """The verdict and grade of the puzzle on screen come seconds after it is opened (Forever's
    grade: 3.8 s); storing them selected its row again, undoing End or a click made since."""
    view = window.library_view
    qtbot.waitUntil(lambda: view.table.model().rowCount() == 3, timeout=5000)
    tee = _double_click_row(qtbot, window, "Tee")
    verdict = solve(small_library.get(tee))  # (as the Check panel finds it)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_End)  # the person moves on: the last row
    (chosen,) = view.selected_ids()
    assert chosen != tee
    window.library_commands.cache_verdict(verdict)  # the result lands now (as a grade
    # does, by the same way: LibraryCommands._cache)
    assert view.selected_ids() == [chosen]
    assert window.document.library_id == tee  # (still the puzzle on screen)
    # a result for a puzzle the listing does not show reads the listing: the selection kept
    view.model.remove_ids([tee])
    window.library_commands.cache_verdict(verdict)
    assert view.model.row_of(tee) >= 0  # listed again
    assert view.selected_ids() == [chosen]
    assert view.model.row_of(chosen) == view.proxy.mapToSource(view.table.currentIndex()).row()
