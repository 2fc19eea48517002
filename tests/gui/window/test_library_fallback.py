"""A studio that had to start on an in-memory library says so in a bar that stays, naming the
library file and the reason, and its Retry button moves the session's puzzles into the file once
it can be opened (the real start-up, ``app.main``, with a folder where the library file goes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot
from studio_window import start_as_nonostudio

from nonostudio.core.library import Library
from nonostudio.core.line import FILLED
from nonostudio.core.paths import library_db_path, samples_dir
from nonostudio.gui.window.library_fallback import MemoryLibraryBar
from nonostudio.gui.window.main_window import MainWindow


def add_a_puzzle(window: MainWindow, title: str) -> int:
    """Draw a small puzzle in the editor and add it to the library, as the user would."""
    window.editor.new_puzzle(3, 2)
    window.editor.ui.meta_edits["title"].setText(title)
    cells = window.editor.grid.cells()
    cells[0, :] = 1
    window.editor.grid.set_cells(cells)
    added = window.library_commands.add_to_library()
    assert added is not None
    return added


def bar_of(window: MainWindow) -> MemoryLibraryBar | None:
    bars = [b for b in window.findChildren(MemoryLibraryBar) if b.isVisible()]
    assert len(bars) <= 1
    return bars[0] if bars else None


def test_a_studio_on_an_in_memory_library_says_so_until_retry_opens_the_file(
    qapp: QApplication, qtbot: QtBot, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = library_db_path()
    db.mkdir(parents=True)  # a folder where the library file goes: it cannot be opened
    boxes: list[str] = []
    seen: dict[str, object] = {}

    def record_box(_parent: object, _title: str, text: str, *args: object) -> int:
        boxes.append(text)
        return QMessageBox.StandardButton.Ok.value

    def in_event_loop(window: MainWindow) -> None:
        qtbot.waitUntil(window.is_ready, timeout=20000)
        assert window.library.in_memory
        bar = bar_of(window)
        assert bar is not None, "no bar says the library is in memory"
        seen["first"] = bar.message.text()
        id = add_a_puzzle(window, "made while in memory")
        assert window.document.library_id == id

        with qtbot.waitSignal(bar.finished, timeout=10000) as tried:  # the folder is still there
            qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
        assert tried.args == [False]
        assert bar_of(window) is bar and window.library.in_memory
        seen["again"] = bar.message.text()

        # the player starts on it by hand (their grid is not saved yet when Retry is pressed)
        assert window.files.open_library_puzzle(id)
        view = window.solve_view
        view.ui.hand_action.trigger()
        played = view.hand_cells()
        played[0, 0] = FILLED
        view.grid.set_cells(played)
        assert window.library.hand_progress(id) is None

        shutil.rmtree(db)  # the user moved the folder away
        with qtbot.waitSignal(bar.moved, timeout=10000) as moved:
            qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
        seen["moved"] = moved.args[0] if moved.args else None
        assert bar_of(window) is None
        library = window.library
        seen["library"] = (library.in_memory, library.path, window.document.library_id)
        seen["rows"] = window.library_view.proxy.rowCount()
        seen["status"] = window.statusBar().currentMessage()
        seen["list status"] = window.library_view.status_label.text()
        seen["more"] = add_a_puzzle(window, "made after retry")
        window.cancel_background()

    monkeypatch.setattr(QMessageBox, "warning", record_box)
    assert start_as_nonostudio(monkeypatch, in_event_loop) == 0

    # at start-up: a box, then the bar, both naming the path and what is there
    assert any(f"{db} is a folder, not a library file" in box for box in boxes), boxes
    assert not any("read-only" in box for box in boxes)
    first = str(seen["first"])
    assert f"{db} is a folder, not a library file" in first and "in memory only" in first
    # a retry that cannot open it says so, and the bar stays
    again = str(seen["again"])
    assert again.startswith(first) and "Tried again at" in again and "is a folder" in again
    # a retry that can: the window carries on with the file, the puzzle copied in
    in_memory, path, library_id = seen["library"]  # type: ignore[misc]
    assert in_memory is False and path == db
    moved = seen["moved"]
    assert isinstance(moved, dict) and list(moved.values()) == [library_id]
    samples = len(list(samples_dir().glob("*.non")))
    assert seen["rows"] == samples + 1
    assert "1 puzzle added in this session was copied into it" in str(seen["status"])
    assert "memory" not in str(seen["list status"])
    with Library(db) as kept:
        titles = [e.title for e in kept.entries()]
        assert titles.count("made while in memory") == 1 and "made after retry" in titles
        assert len(titles) == samples + 2
        assert kept.get(library_id).rows == ((3,), ())
        progress = kept.hand_progress(library_id)
        assert progress is not None and progress.cells[0, 0] == FILLED
        assert kept.get(library_id).cols == ((1,), (1,), (1,))


def test_a_retry_under_way_stops_with_the_window(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Closing the window (its background work stopped) cancels the bar's Retry: the bar hears
    the window's ``stopping``; the window does not look for bars of its own."""
    from nonostudio.gui.window.library_fallback import show_memory_fallback

    stopped: list[MemoryLibraryBar] = []
    monkeypatch.setattr(MemoryLibraryBar, "cancel", lambda self: stopped.append(self))
    bar = show_memory_fallback(window, tmp_path / "gone.db", ["the disk was unplugged"])
    assert not stopped
    window.cancel_background()
    assert stopped == [bar]
