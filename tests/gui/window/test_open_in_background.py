"""File > Open reads a big file in the background: a random 1000x1000 puzzle's 1 MB held the
GUI thread 0.4 s while it was parsed and its clues checked.  The window shows it when read,
unless another puzzle was shown meanwhile; a file that does not read is opened as before (its
error, or the typo fixes offered)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from pictures import HOUSE
from PySide6.QtWidgets import QFileDialog

from nonostudio.core.formats import write_text
from nonostudio.gui.window import file_commands
from nonostudio.gui.window.main_window import MainWindow
from nonostudio.gui.window.open_typo import OpenTypoDialog


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every file counts as big; the names of the threads that read a file."""
    monkeypatch.setattr(file_commands, "READ_AHEAD_BYTES", 0)
    threads: list[str] = []
    read = file_commands.read_document

    def reading(path: Path):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        return read(path)

    monkeypatch.setattr(file_commands, "read_document", reading)
    return threads


def _choose(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))


def test_a_big_file_is_read_off_the_gui_thread_and_shown(
    qtbot, window: MainWindow, tmp_path: Path, reads: list[str], monkeypatch
) -> None:
    path = tmp_path / "house.non"
    path.write_text(write_text(HOUSE, "non"))
    _choose(monkeypatch, path)
    window.files.choose_and_open()
    # while it is read, the status bar says so (before: nothing showed the file was opening)
    assert window.statusBar().currentMessage().startswith("Opening house.non (0.0 MB)")
    qtbot.waitUntil(lambda: not window.files.is_reading(), timeout=10000)
    assert window.statusBar().currentMessage() == ""
    assert reads and threading.main_thread().name not in reads
    puzzle = window.editor.puzzle()
    assert puzzle is not None and (puzzle.rows, puzzle.cols) == (HOUSE.rows, HOUSE.cols)
    assert window.files.document.path == path and not window.files.is_modified()


def test_a_puzzle_shown_meanwhile_wins_and_a_file_that_does_not_read_opens_as_before(
    qtbot, window: MainWindow, tmp_path: Path, reads: list[str], monkeypatch
) -> None:
    path = tmp_path / "house.non"
    path.write_text(write_text(HOUSE, "non"))
    window.files.open_chosen(path)
    window.files.new_puzzle()  # shown before the file is read
    qtbot.waitUntil(lambda: not window.files.is_reading(), timeout=10000)
    assert window.files.document.path is None  # the new puzzle stays
    tee = tmp_path / "tee.non"  # clues that make no picture: the typos are offered
    tee.write_text("width 4\nheight 3\nrows\n4\n3\n1\ncolumns\n1\n3\n2\n1\n")
    offered: list[Path] = []
    monkeypatch.setattr(OpenTypoDialog, "exec", lambda dialog: offered.append(dialog.path) or 0)
    window.files.open_chosen(tee)
    qtbot.waitUntil(lambda: not window.files.is_reading(), timeout=10000)
    assert offered == [tee]
