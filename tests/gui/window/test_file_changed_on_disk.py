"""Save asks before replacing a file changed on disk since this window read or wrote it (by
another program, or another studio window saving the same file): it replaced it silently, the
other window's work lost.  Checked on the window's file commands alone (no window: 0.1 s)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from nonostudio.core.formats import read_file, write_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.window.file_commands import FileCommands

STEPS = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Steps")


def answer(monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton) -> list[str]:
    asked: list[str] = []

    def question(parent, title, text, *args):
        asked.append(text)
        return button

    monkeypatch.setattr(QMessageBox, "question", question)
    return asked


def test_save_over_a_file_changed_since_asks_first(
    files: FileCommands, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "steps.non"
    write_file(STEPS, path)
    files.load_file(path)
    files.set_title("Mine")
    theirs = STEPS.with_meta(title="Theirs")
    write_file(theirs, path)  # another window saves the same file
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    asked = answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    assert not files.save()
    assert len(asked) == 1 and "changed on disk" in asked[0]
    assert read_file(path).title == "Theirs" and files.is_modified()
    asked = answer(monkeypatch, QMessageBox.StandardButton.Save)
    assert files.save()
    assert read_file(path).title == "Mine" and not files.is_modified()


def test_a_file_unchanged_since_it_was_read_or_written_saves_unasked(
    files: FileCommands, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "steps.non"
    write_file(STEPS, path)
    files.load_file(path)
    asked = answer(monkeypatch, QMessageBox.StandardButton.Cancel)
    for title in ("Once", "Twice"):  # (the second save is over this window's own file)
        files.set_title(title)
        assert files.save()
        assert read_file(path).title == title
    assert asked == []
