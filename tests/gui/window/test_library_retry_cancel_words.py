"""What the in-memory library bar says after Cancel on its Retry: what holds now (the recovery
stopped, the file left as it was, the session's puzzles in memory, Retry again), not the
start-up's reason the file could not be opened, which moves to the tooltip.  The file's opening
is stood in for by one that reports a recovery's progress until it is told to stop, or that
finished its recovery just before Cancel."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot
from studio_window import discard_on_question, end_background, show_window

from nonostudio.core.library import Library, LibraryError
from nonostudio.core.library.store import Reopened
from nonostudio.gui.window.library_fallback import show_memory_fallback

REASON = "SQLite reports that the library file is damaged (database disk image is malformed)."


def start_then_cancel(
    qtbot: QtBot,
    tmp_path: Path,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
    opened: Any,
) -> tuple[str, str, bool]:
    """Retry, Cancel once the recovery reports progress; the bar's text, its tooltip, and
    whether Retry is offered again.  ``opened(path)``: what the stand-in opening gives once it
    is told to stop (raises or returns)."""
    discard_on_question(monkeypatch)
    db = tmp_path / "library.sqlite3"

    def open_recovering(path: Path, *, progress: Any, should_stop: Any, **_kw: Any) -> Reopened:
        progress(0.1, "Recovering the puzzles: 100 of 1,000")
        stopped = threading.Event()
        while not should_stop():
            stopped.wait(0.01)
        return opened(path)  # type: ignore[no-any-return]

    monkeypatch.setattr(Library, "open_recovering", staticmethod(open_recovering))
    window = show_window(qtbot, Library(":memory:"), settings)
    try:
        bar = show_memory_fallback(window, db, [REASON])
        assert REASON in bar.message.text()
        with qtbot.waitSignal(bar.finished, timeout=10000) as finished:
            qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(lambda: "Recovering the puzzles" in bar.message.text(), timeout=5000)
            qtbot.mouseClick(bar.cancel_button, Qt.MouseButton.LeftButton)
        assert finished.args == [False] and window.library.in_memory
        return bar.message.text(), bar.message.toolTip(), bar.retry_button.isVisible()
    finally:
        end_background(window, 20000)


def test_cancel_says_the_recovery_stopped_and_the_file_was_left_as_it_was(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(path: Path) -> Reopened:
        raise LibraryError(f"The recovery of {path} was stopped; the file is unchanged.")

    text, tip, retry = start_then_cancel(qtbot, tmp_path, settings, monkeypatch, stopped)
    db = tmp_path / "library.sqlite3"
    first, second = text.split("\n")
    assert first.startswith("Cancelled at ")
    assert first.endswith(
        f": The recovery of the damaged library {db} was stopped and the file was left as it was."
    )
    assert second == (
        "This session still runs on a library kept in memory only: the puzzles you added are "
        "still here, but they are lost when nonostudio closes unless the library can be opened. "
        "Retry tries again."
    )
    assert REASON not in text  # no longer what holds: the start-up's reason is in the tooltip
    assert tip == f"Why the library could not be opened at start-up: {REASON}"
    assert retry


def test_cancel_after_the_recovery_finished_says_it_finished(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Cancel pressed as the recovery ended: the file was recovered (kept aside), so the bar
    must not say it was left as it was."""
    recovery = LibraryError(
        "The library was recovered: 900 of 1,000 puzzles; the damaged file "
        "was kept unchanged as library.sqlite3.unusable-1."
    )

    def finished(path: Path) -> Reopened:
        return Reopened(Library(path), recovery, [])

    text, _tip, retry = start_then_cancel(qtbot, tmp_path, settings, monkeypatch, finished)
    assert text.startswith("Cancelled at ") and str(recovery) in text
    assert "after the recovery of the library" in text and "had finished" in text
    assert "left as it was" not in text and "opens the recovered library" in text
    assert retry


def test_a_retry_with_no_puzzle_added_does_not_count_none_copied(
    qtbot: QtBot, tmp_path: Path, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    discard_on_question(monkeypatch)
    db = tmp_path / "library.sqlite3"
    Library(db).close()
    window = show_window(qtbot, Library(":memory:"), settings)
    try:
        bar = show_memory_fallback(window, db, [REASON])
        with qtbot.waitSignal(bar.finished, timeout=10000) as finished:
            qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
        assert finished.args == [True] and not window.library.in_memory
        status = window.statusBar().currentMessage()
        assert status.startswith(
            f"The puzzle library {db} is open (no puzzle was added in this session)."
        ), status
        assert "the 0 puzzles" not in status
    finally:
        end_background(window, 20000)
