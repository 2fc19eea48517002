"""File > Open names a path that holds no regular file at once, without opening it: a FIFO
chosen in the dialog with no program writing to it held the window 3 s, then said "sent
nothing for 3 s"; a device (``/dev/null``) was read as an empty puzzle file."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QWidget
from pytestqt.qtbot import QtBot

from nonostudio.core.library import Library
from nonostudio.gui.editor.view import EditorView
from nonostudio.gui.window.file_commands import FileCommands


class Folder:
    last_folder = ""


@pytest.fixture
def files(qtbot: QtBot) -> Iterator[FileCommands]:
    parent = QWidget()
    qtbot.addWidget(parent)
    library = Library(":memory:")
    yield FileCommands(parent, EditorView(parent), library, Folder())  # type: ignore[arg-type]
    library.close()


def _opened(files: FileCommands, monkeypatch: pytest.MonkeyPatch, path: Path) -> list[str]:
    """Choose ``path`` in File > Open; the messages of the error boxes shown."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    said: list[str] = []
    files.failed.connect(lambda _title, words: said.append(words))
    files.choose_and_open()
    return said


def test_a_fifo_is_named_at_once(
    files: FileCommands, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "puzzle.non"
    os.mkfifo(fifo)
    start = time.monotonic()
    said = _opened(files, monkeypatch, fifo)
    assert time.monotonic() - start < 0.5
    assert said == [
        "puzzle.non: is a named pipe (FIFO), not a puzzle file. File > Open reads files kept on "
        "disk; nothing was read from it."
    ]
    assert files.document.path is None


def test_a_device_is_named(files: FileCommands, monkeypatch: pytest.MonkeyPatch) -> None:
    said = _opened(files, monkeypatch, Path(os.devnull))
    assert len(said) == 1 and said[0].startswith("null: is a device, not a puzzle file.")
    assert files.document.path is None
