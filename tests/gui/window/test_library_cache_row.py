"""The verdict and difficulty found for the library puzzle on screen are stored and shown in its
row without reading the library's listing again: each puzzle opened from a library of 10,000
puzzles read it twice on the GUI thread (the verdict, then the grade), ~50-100 ms each."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot
from studio_window import OpenWindow

from nonostudio.core.library import Library
from nonostudio.gui.library.model import DIFFICULTY, VERDICT


def test_a_result_for_the_puzzle_on_screen_updates_its_row_only(
    qtbot: QtBot,
    data_dir: Path,
    open_window: OpenWindow,
    small_library: Library,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = open_window()
    view = window.library_view
    tee = next(e for e in small_library.entries() if e.title == "Tee")
    assert (tee.verdict, tee.difficulty) == ("", "")
    reads: list[int] = []
    entries = small_library.entries
    monkeypatch.setattr(small_library, "entries", lambda: reads.append(1) or entries())
    with (
        qtbot.waitSignal(window.check_panel.verdictReady, timeout=20000),
        qtbot.waitSignal(window.difficulty_panel.gradeReady, timeout=20000),
    ):
        assert window.files.open_library_puzzle(tee.id)
    qtbot.wait(10)  # (both results delivered and stored)
    stored = next(e for e in entries() if e.id == tee.id)
    assert stored.verdict and stored.difficulty  # kept in the library...
    row = view.model.row_of(tee.id)
    assert view.model.index(row, VERDICT).data() == stored.verdict  # ... and shown in its row
    assert view.model.index(row, DIFFICULTY).data() == stored.difficulty
    assert view.selected_ids() == [tee.id]
    assert reads == []  # without reading the listing again
