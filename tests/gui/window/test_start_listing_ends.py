"""The studio's start waits for the library's first listing (read on a worker thread) without
looking again and again whether it is over: the library model says when its read ends, shown or
not read, and the window is ready then.  A listing that cannot be read there is said in the
library view with a Retry; it is never read on the GUI thread instead (a big or slow library
would hold the window)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from pictures import picture
from PySide6.QtCore import QSettings, Qt, QTimer
from pytestqt.qtbot import QtBot
from studio_window import end_background

from nonostudio.core.library import Library
from nonostudio.core.library.store import ListingRead
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.window import start
from nonostudio.gui.window.main_window import MainWindow

HELD_MS = 300  # how long the test holds the listing's read on its worker thread


def before_each_read(
    monkeypatch: pytest.MonkeyPatch, library: Library, before: Callable[[], None]
) -> None:
    """Make ``library``'s background listing call ``before`` (on the thread that reads it)
    first."""
    make = library.listing_reader

    def reader() -> Callable[[], ListingRead] | None:
        read = make()
        assert read is not None

        def wrapped() -> ListingRead:
            before()
            return read()

        return wrapped

    monkeypatch.setattr(library, "listing_reader", reader)


def held_reader(
    monkeypatch: pytest.MonkeyPatch, library: Library, release: threading.Event
) -> list[str]:
    """Make ``library``'s background listing wait for ``release``; the threads that read it."""
    readers: list[str] = []

    def hold() -> None:
        readers.append(threading.current_thread().name)
        release.wait(10)

    before_each_read(monkeypatch, library, hold)
    return readers


def test_the_start_waits_for_the_listing_without_polling(
    qtbot: QtBot, small_library: Library, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    release = threading.Event()
    readers = held_reader(monkeypatch, small_library, release)
    timers: list[int] = []  # the delays of the start's timers, from when the listing is held

    class CountingTimer(QTimer):
        @staticmethod
        def singleShot(msec: int, *args: Any) -> None:
            timers.append(msec)
            QTimer.singleShot(msec, *args)

    monkeypatch.setattr(start, "QTimer", CountingTimer)
    window = MainWindow(small_library, settings, defer_panels=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.finish_start()
    # every piece but the last is built while the listing is held...
    qtbot.waitUntil(lambda: readers != [] and len(window._starter._steps) == 1, timeout=10000)
    before = len(timers)
    qtbot.wait(HELD_MS)
    assert not window.is_ready() and window.library_view.model.reading()
    # ... and the start does nothing meanwhile (it looked every 10 ms: ~30 timers)
    assert timers[before:] == []
    with qtbot.waitSignal(window.ready, timeout=10000):
        release.set()
    assert window.library_view.model.rowCount() == 3
    assert threading.main_thread().name not in readers
    end_background(window, 20000)


def test_a_listing_that_cannot_be_read_in_the_background_is_said_with_a_retry(
    qtbot: QtBot, small_library: Library, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    failing = [True]

    def maybe_fail() -> None:
        if failing[0]:
            raise OSError("the disk went away")

    before_each_read(monkeypatch, small_library, maybe_fail)
    gui_reads: list[str] = []
    entries = small_library.entries

    def entries_here() -> Any:
        gui_reads.append(threading.current_thread().name)
        return entries()

    monkeypatch.setattr(small_library, "entries", entries_here)
    window = MainWindow(small_library, settings, defer_panels=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    with qtbot.waitSignal(window.ready, timeout=10000):  # ready all the same
        window.finish_start()
    window.library_commands.start_background_checks()  # as the studio does once ready
    qtbot.wait(100)
    view = window.library_view
    assert gui_reads == []  # not read on the GUI thread instead (nor by the checks)
    assert view.model.rowCount() == 0 and not view.model.reading()
    status = view.status_label.text()
    assert status.startswith("The library's puzzles could not be listed. ")
    assert "An unexpected error: OSError: the disk went away. " in status
    assert status.endswith("Retry lists them again.")
    assert view.status_label.isVisibleTo(window) and view.retry_button.isVisibleTo(window)
    failing[0] = False
    qtbot.mouseClick(view.retry_button, Qt.MouseButton.LeftButton)
    assert view.model.reading() and view.status_label.text() == "Reading the library's puzzles…"
    assert not view.retry_button.isVisibleTo(window)
    qtbot.waitUntil(lambda: view.model.rowCount() == 3, timeout=10000)
    assert view.status_label.text() == "" and not view.retry_button.isVisibleTo(window)
    assert gui_reads == []
    qtbot.waitUntil(lambda: window.library_commands.filler is not None, timeout=1000)
    end_background(window, 20000)


def test_a_listing_whose_file_cannot_be_read_names_it(
    qtbot: QtBot, small_library: Library, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader's own failure (the file gone from under it): the library's sentence, naming
    the file."""
    path = small_library.path
    moved = path.with_name("elsewhere.sqlite3")
    view_window = MainWindow(small_library, settings, defer_panels=True)
    qtbot.addWidget(view_window)
    path.rename(moved)  # (the open connection keeps reading it; a new one cannot)
    try:
        view = view_window.library_view
        with qtbot.waitSignal(view.model.readEnded, timeout=10000):
            view.load_in_background()
        assert view.model.rowCount() == 0
        assert str(path) in view.status_label.text(), view.status_label.text()
        assert view.retry_button.isVisibleTo(view_window)
    finally:
        moved.rename(path)
        end_background(view_window, 20000)


def test_a_listing_read_before_a_write_is_read_again_in_the_background(
    qtbot: QtBot, small_library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The library changed while its listing was read (a write of this window): the listing is
    read again on the worker thread, not on the GUI thread, and shows the puzzle written."""
    release = threading.Event()
    readers = held_reader(monkeypatch, small_library, release)
    gui_reads: list[int] = []
    entries = small_library.entries
    monkeypatch.setattr(small_library, "entries", lambda: gui_reads.append(1) or entries())
    view = LibraryView(small_library, load=False)
    qtbot.addWidget(view)
    view.load_in_background()
    qtbot.waitUntil(lambda: readers != [], timeout=5000)
    new = small_library.add(Puzzle.from_grid(picture("#.", "##"), title="Written meanwhile"))
    with qtbot.waitSignal(view.model.readEnded, timeout=10000):
        release.set()
    assert gui_reads == [] and len(readers) == 2
    assert view.model.rowCount() == 4 and view.model.row_of(new) >= 0
    assert view.status_label.text() == ""
