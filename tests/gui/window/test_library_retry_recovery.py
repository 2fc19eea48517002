"""Retry in the in-memory bar on a damaged library file: the recovery runs on a worker thread, its
progress in the bar with a Cancel, while the window goes on; the end is the one a recovery at
start-up gives (the same puzzles, the damaged file kept aside byte for byte, the same sentence
with its counts) plus this session's puzzles.  Run on the GUI thread, recovering 10,000 puzzles
held the window about 1.3 s."""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from heartbeat import Heartbeat
from library_pages import page_holding, wipe_page, write_puzzles
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, end_background, show_window

from nonostudio.core.library import Library, LibraryError
from nonostudio.gui.window.library_fallback import MemoryLibraryBar, show_memory_fallback
from nonostudio.gui.window.main_window import MainWindow

# A library of 10,000 puzzles is written for the module (~2-6 s) and each test recovers it.
pytestmark = pytest.mark.slow

PUZZLES = 10_000
# The studio's goal: the GUI thread is never held over 0.2 s.  What the GUI thread itself works
# between two beats of the heartbeat (its CPU time) is held to it; the wall-clock gap, the import
# test's measure, is printed too: on a loaded test machine (a load average of 6-8 on two cores)
# it includes the time the thread waited for a core or for the interpreter lock (measured up to
# 0.6 s), so it is held only to 1 s.  Before, the recovery, the listing and the column sizing
# ran on the GUI thread: over 1.3 s of its own work.
GOAL_S = 0.2
WALL_S = 1.0


@pytest.fixture(scope="module")
def damaged_library(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A library of 10,000 puzzles (seeded: the samples are not added again) with one page of
    puzzles wiped; written once for the module, copied by each test."""
    folder = tmp_path_factory.mktemp("big")
    db = folder / "library.sqlite3"
    write_puzzles(db, PUZZLES, size=10, kinds=50, seed=3, seeded=True)
    data = bytearray(db.read_bytes())
    wipe_page(data, page_holding(data, "puzzle 5000"))
    return folder, bytes(data)


def draw_and_add(window: MainWindow, title: str) -> int | None:
    """Draw a small puzzle in the editor and add it to the library, as the user would."""
    window.editor.new_puzzle(3, 2)
    window.editor.ui.meta_edits["title"].setText(title)
    cells = window.editor.grid.cells()
    cells[0, :] = 1
    window.editor.grid.set_cells(cells)
    return window.library_commands.add_to_library()


@pytest.fixture
def in_memory(
    qtbot: QtBot,
    tmp_path: Path,
    settings: QSettings,
    damaged_library: tuple[Path, bytes],
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[MainWindow, MemoryLibraryBar, Path]]:
    """A window on an in-memory library with the bar over it, one puzzle added in the session,
    and the damaged library at the bar's path (put there after the start, as a user would put
    back a file)."""
    discard_on_question(monkeypatch)
    window = show_window(qtbot, Library(":memory:"), settings)
    window.library_commands.start_background_checks()  # as the studio does once it is ready
    db = tmp_path / "data" / "library.sqlite3"
    bar = show_memory_fallback(window, db, [f"The puzzle library {db} could not be opened."])
    first = draw_and_add(window, "made while in memory")
    assert first is not None and window.files.open_library_puzzle(first)
    qtbot.wait(300)  # the panels' first check of it (and the modules they load) are over
    db.parent.mkdir()
    shutil.copyfile(damaged_library[0] / "library.sqlite3", db)
    db.write_bytes(damaged_library[1])
    yield window, bar, db
    window.editor.set_modified(False)
    end_background(window, 20000)


def recovered_at_once(damaged: bytes, folder: Path) -> tuple[Library, LibraryError]:
    """The same damaged file recovered as the start-up recovers it (``Library(path)``, on this
    thread), and its report."""
    folder.mkdir()
    db = folder / "library.sqlite3"
    db.write_bytes(damaged)
    with pytest.raises(LibraryError) as info:
        Library(db)
    return Library(db), info.value


def test_retry_recovers_a_damaged_library_in_the_background(
    qtbot: QtBot, tmp_path: Path, in_memory: tuple[MainWindow, MemoryLibraryBar, Path]
) -> None:
    window, bar, db = in_memory
    damaged = db.read_bytes()
    heart = Heartbeat()
    started = time.monotonic()
    with qtbot.waitSignal(bar.finished, timeout=30000) as finished:
        qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
        busy = bar.cancel_button.isVisible() and not bar.retry_button.isVisible()
        qtbot.waitUntil(lambda: "Recovering the puzzles" in bar.message.text(), timeout=20000)
        told = bar.message.text()
        shown = bar.progress.isVisible() and 0 <= bar.progress.value() < 1000
    qtbot.wait(50)  # (a beat after the last step)
    heart.timer.stop()
    took = time.monotonic() - started
    print(
        f"Retry on a damaged library of {PUZZLES:,} puzzles: {took:.2f} s in all, the GUI "
        f"thread's longest wait {heart.longest * 1000:.0f} ms, its most work between two "
        f"beats {heart.busiest * 1000:.0f} ms (load average {os.getloadavg()[0]:.2f})"
    )
    assert finished.args == [True] and busy and shown
    done, total = re.findall(r"Recovering the puzzles: ([\d,]+) of ([\d,]+)$", told)[0]
    assert int(done.replace(",", "")) < int(total.replace(",", "")) <= PUZZLES, told
    assert heart.busiest < GOAL_S, f"the GUI thread worked {heart.busiest:.2f} s at a stretch"
    assert heart.longest < WALL_S, f"the GUI thread was held {heart.longest:.2f} s"

    library = window.library
    assert not library.in_memory and library.path == db
    assert not [b for b in window.findChildren(MemoryLibraryBar) if b.isVisible()]
    expected, report = recovered_at_once(damaged, tmp_path / "at once")
    try:
        want = expected.entries()
        assert report.recovered == len(want) and 9_900 < len(want) < PUZZLES
        got = library.entries()
        assert got[:-1] == want
        assert (got[-1].title, got[-1].id) == ("made while in memory", want[-1].id + 1)
        assert window.document.library_id == got[-1].id  # the open puzzle followed its copy
        for entry in want[:: len(want) // 20]:
            assert library.get(entry.id) == expected.get(entry.id)
    finally:
        expected.close()
    # the listing shown is the library's, sorted by title
    shown_titles = [window.library_view.proxy.index(row, 0).data() for row in range(3)]
    assert len(window.library_view.selected_ids()) == 1
    assert window.library_view.proxy.rowCount() == len(got)
    assert shown_titles == sorted(e.title for e in got)[:3]
    (aside,) = [p for p in db.parent.iterdir() if ".unusable-" in p.name]
    assert aside.read_bytes() == damaged  # byte for byte
    status = window.statusBar().currentMessage()
    assert "the 1 puzzle added in this session was copied into it" in status
    said = str(report).replace(str(tmp_path / "at once"), str(db.parent))
    assert said.split(" The damaged file was kept unchanged as ")[0] in status
    assert f"The damaged file was kept unchanged as {aside}." in status

    # the status line cuts a long sentence off: the recovery is said in a box too, not blocking
    def boxes() -> list[QMessageBox]:
        return [b for b in window.findChildren(QMessageBox, "recoveryNotice") if b.isVisible()]

    qtbot.waitUntil(lambda: bool(boxes()), timeout=5000)
    (box,) = boxes()
    assert box.text() == status.split("copied into it. ", 1)[1]
    assert box.windowModality() == Qt.WindowModality.NonModal


def test_cancel_leaves_the_damaged_file_as_it_was_and_the_session_in_memory(
    qtbot: QtBot, in_memory: tuple[MainWindow, MemoryLibraryBar, Path]
) -> None:
    window, bar, db = in_memory
    damaged = db.read_bytes()
    with qtbot.waitSignal(bar.finished, timeout=30000) as finished:
        qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "Recovering the puzzles" in bar.message.text(), timeout=20000)
        # the window goes on meanwhile: a second puzzle is added to the session's library
        assert draw_and_add(window, "added during the recovery") is not None
        qtbot.mouseClick(bar.cancel_button, Qt.MouseButton.LeftButton)
    assert finished.args == [False]
    said = bar.message.text()
    assert said.startswith("Cancelled at ") and "could not be opened" not in said, said
    assert f"The recovery of the damaged library {db} was stopped" in said
    assert "left as it was" in said and "kept in memory only" in said
    assert bar.retry_button.isVisible() and not bar.cancel_button.isVisible()
    assert not bar.progress.isVisible()
    in_session = ["made while in memory", "added during the recovery"]
    assert window.library.in_memory
    assert [e.title for e in window.library.entries()] == in_session
    assert sorted(p.name for p in db.parent.iterdir()) == [db.name]  # nothing aside, no copy
    assert db.read_bytes() == damaged
    with qtbot.waitSignal(bar.moved, timeout=30000):  # Retry again: it is recovered now
        qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
    assert not window.library.in_memory
    assert [e.title for e in window.library.entries()[-2:]] == in_session
    assert window.library.entries()[-1].id == window.document.library_id
