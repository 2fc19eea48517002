"""Work restored after a crash keeps what Save needs to be safe: the file it came from was a
collection, its format, its disk stamp.  Seen under Xvfb: r-nonogram's 4,188-puzzle library
opened, a title typed, the studio killed (kill -9), the next start restored it and Ctrl+S
proposed the collection's own name (lib.non); with a record an earlier version wrote (the
format kept, no count), Ctrl+S cut the file to its first line without a question."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from nonostudio.core.formats import read_entries
from nonostudio.core.library import Library
from nonostudio.gui.window.main_window import MainWindow

#: Three puzzles in the puzzle-string format, one a line, as r-nonogram's library keeps them.
LINES = "1:0-1:0\n2:2-2:2\n1:1-1:1\n"
Button = QMessageBox.StandardButton


class SaveDialog:
    """File > Save As answered with ``chosen``; the names it proposed are kept."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, chosen: Path) -> None:
        self.proposed: list[str] = []
        self.chosen = chosen
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self._ask)

    def _ask(self, _parent: Any, _title: str, start: str, *_args: Any) -> tuple[str, str]:
        self.proposed.append(start)
        return str(self.chosen), ""


@pytest.fixture
def make_window(
    qtbot: QtBot,
    small_library: Library,
    settings: QSettings,
    data_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Callable[[], MainWindow]]:
    """Windows of one data folder; the restore question is answered Restore, others Discard."""
    monkeypatch.setattr(QMessageBox, "exec", lambda _box: Button.Open.value)
    monkeypatch.setattr(QMessageBox, "question", lambda *_a: Button.Discard)
    made: list[MainWindow] = []

    def make() -> MainWindow:
        win = MainWindow(small_library, settings)
        qtbot.addWidget(win)
        made.append(win)
        return win

    yield make
    for win in made:
        win.editor.set_modified(False)
        win.close()


def crashed_over(make_window: Callable[[], MainWindow], collection: Path) -> dict[str, Any]:
    """A studio that opened ``collection``, typed a title, autosaved and crashed; its record."""
    first = make_window()
    assert first.files.open_file(collection, ask=False)
    first.files.set_title("Mine")
    assert first.files.is_modified()
    kept = first.autosaver.save_now()
    assert kept is not None
    first.autosaver.store.abandon()  # what a crash does: the lock goes, the file stays
    record: dict[str, Any] = json.loads(kept.read_text(encoding="utf-8"))["state"]
    return record


def test_a_restored_collection_is_not_saved_over(
    make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    collection = tmp_path / "library.txt"
    collection.write_text(LINES)
    before = collection.read_bytes()
    record = crashed_over(make_window, collection)
    assert record["items"] == 3 and record["format"] is None
    second = make_window()
    said: list[str] = []
    second.files.status.connect(lambda words, _ms: said.append(words))
    assert second.offer_restore()
    assert second.document.path == collection and second.document.items == 3
    assert any("library.txt holds 3 puzzles: this is the first" in words for words in said)
    dialog = SaveDialog(monkeypatch, tmp_path / "mine.non")
    assert second.files.save()
    assert collection.read_bytes() == before
    assert len(dialog.proposed) == 1 and Path(dialog.proposed[0]).name == "Mine.non"
    assert (tmp_path / "mine.non").exists() and second.document.path == tmp_path / "mine.non"


def test_an_old_record_of_a_collection_still_asks_at_save(
    make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record without ``items`` (an earlier version's), or of a file that became a collection
    since: Save looks at the file on disk and asks for a file of the puzzle's own."""
    collection = tmp_path / "library.txt"
    collection.write_text(LINES)
    before = collection.read_bytes()
    win = make_window()
    assert win.files.open_file(collection, ask=False)
    snapshot = win.editor.snapshot()
    old = {"editor": snapshot, "path": str(collection), "format": "string", "library_id": None}
    win.restore_autosave(old)
    assert win.document.file_format == "string" and win.document.items == 1
    dialog = SaveDialog(monkeypatch, tmp_path / "mine.non")
    assert win.files.save()
    assert collection.read_bytes() == before and len(dialog.proposed) == 1
    assert len(read_entries(tmp_path / "mine.non")) == 1


def test_a_restored_file_changed_on_disk_since_is_asked_about(
    make_window: Callable[[], MainWindow], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record keeps the file's disk stamp: another program's change made after the crashed
    session read the file is asked about at Save, as it is in the session that read it."""
    single = tmp_path / "one.txt"
    single.write_text(LINES.splitlines()[1] + "\n")
    record = crashed_over(make_window, single)
    assert record["items"] == 1 and record["format"] == "string" and record["disk"]
    single.write_text(LINES.splitlines()[2] + "\n\n")  # changed by another program
    changed = single.read_bytes()
    second = make_window()
    asked: list[str] = []

    def cancel(_parent: Any, title: str, *_args: Any) -> Button:
        asked.append(title)
        return Button.Cancel

    assert second.offer_restore()
    monkeypatch.setattr(QMessageBox, "question", cancel)
    assert not second.files.save()
    assert asked == ["File Changed on Disk"] and single.read_bytes() == changed
