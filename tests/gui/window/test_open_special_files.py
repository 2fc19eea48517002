"""File > Open names a path that holds no regular file at once, without opening it: a FIFO
chosen in the dialog with no program writing to it held the window 3 s, then said "sent
nothing for 3 s"; a device (``/dev/null``) was read as an empty puzzle file.  Save As and
Export Picture refuse one too: writing a FIFO waited for good for a reader."""

from __future__ import annotations

import contextlib
import os
import threading
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from nonostudio.gui.window.file_commands import FileCommands


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


def _reader_after(fifo: Path, seconds: float, done: threading.Event) -> threading.Thread:
    """A reader that opens ``fifo`` after ``seconds`` (unless ``done`` is set first) and
    drains it: what frees a writer the code under test would otherwise keep waiting for good."""

    def read() -> None:
        if done.wait(seconds):
            return
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        try:
            time.sleep(0.2)
            with contextlib.suppress(BlockingIOError):
                os.read(fd, 1 << 20)
        finally:
            os.close(fd)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader


@pytest.mark.parametrize("how", ["save as", "export"])
def test_a_fifo_is_not_written_to(files: FileCommands, tmp_path: Path, how: str) -> None:
    """Save As or Export Picture onto a FIFO waited for good for a program to read it (the
    atomic writer writes a FIFO straight), the window frozen: now refused at once."""
    files.load_text("1:1-1:1")
    fifo = tmp_path / ("x.non" if how == "save as" else "x.png")
    os.mkfifo(fifo)
    said: list[str] = []
    files.failed.connect(lambda _title, words: said.append(words))
    done = threading.Event()
    reader = _reader_after(fifo, 1.5, done)
    start = time.monotonic()
    if how == "save as":
        assert not files.save_to(fifo)
    else:
        assert not files.export_to(fifo, with_solution=False)
    took = time.monotonic() - start
    done.set()
    reader.join(3)
    assert took < 1.0
    assert said == [
        f"{fifo}: is a named pipe (FIFO), not a file to write in. Nothing was written: choose "
        "another place to write it."
    ]
