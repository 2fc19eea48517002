"""The library view's first listing read on a worker thread (LibraryView.load_in_background, as
the studio's start does): the status line says it is being read, the rows come when it is read,
a listing read again meanwhile (a puzzle added) wins over it, and the background checks start
from the rows once they are shown."""

from __future__ import annotations

import numpy as np
import pytest
import shiboken6
from PySide6.QtCore import QEvent, QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from studio_window import end_background

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.library.view import LibraryView
from nonostudio.gui.window.main_window import MainWindow


def test_the_listing_read_in_the_background_is_shown_when_read(
    qtbot: QtBot, small_library: Library
) -> None:
    view = LibraryView(small_library, load=False)
    qtbot.addWidget(view)
    view.load_in_background()
    assert view.model.reading() and not view.model.loaded()
    assert view.status_label.text() == "Reading the library's puzzles…"
    qtbot.waitUntil(lambda: view.model.loaded(), timeout=5000)
    assert not view.model.reading() and view.status_label.text() == ""
    assert sorted(view.model.rows(), key=lambda e: e.id) == small_library.entries()
    assert view.proxy.index(0, 0).data() == "Block"  # sorted by title


def test_a_listing_read_meanwhile_wins(qtbot: QtBot, small_library: Library) -> None:
    view = LibraryView(small_library, load=False)
    qtbot.addWidget(view)
    view.load_in_background()
    worker = view.model._reading
    assert worker is not None
    new = small_library.add(Puzzle.from_grid(np.ones((2, 2), np.int8), title="Added"))
    view.refresh()  # as adding a puzzle does
    assert not view.model.reading() and view.model.row_of(new) >= 0
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    QApplication.processEvents()
    assert view.model.rowCount() == 4 and view.model.row_of(new) >= 0


def test_a_view_closed_while_its_listing_is_read_hears_nothing(
    qtbot: QtBot, small_library: Library
) -> None:
    view = LibraryView(small_library, load=False)
    view.load_in_background()
    worker = view.model._reading
    assert worker is not None
    view.deleteLater()
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(view)  # (a slot of its model would raise now)
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    QApplication.processEvents()


def test_the_background_checks_start_once_the_listing_is_shown(
    qtbot: QtBot, small_library: Library, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Asked while the listing is read (the window ready first), the checks do not read it on
    the GUI thread: they start from the rows once shown."""
    window = MainWindow(small_library, settings, defer_panels=True)
    qtbot.addWidget(window)
    reads = []
    entries = small_library.entries
    monkeypatch.setattr(small_library, "entries", lambda: reads.append(1) or entries())
    window.library_view.load_in_background()
    filler = window.library_commands.start_background_checks()
    assert reads == [] and not filler.is_running()
    qtbot.waitUntil(lambda: filler.is_running(), timeout=5000)
    assert reads == [] and window.library_view.model.loaded()
    end_background(window, 20000)
