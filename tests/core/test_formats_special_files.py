"""Readers on files that are not regular files: a FIFO with or without a writer, a folder, a
socket and endless or empty devices are read without blocking for good and with bounded bytes."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest

from nonostudio.core.errors import PuzzleError, PuzzleFileError
from nonostudio.core.formats import _files, read_file, read_file_and_format

NON = b"width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"


@pytest.fixture(autouse=True)
def short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_files, "IDLE_SECONDS", 0.3)
    monkeypatch.setattr(_files, "TOTAL_SECONDS", 2.0)


def _writer(path: Path, chunks: list[bytes], pause: float = 0.0) -> threading.Thread:
    """A thread that opens the FIFO for writing (waiting for the reader) and writes ``chunks``."""

    def write() -> None:
        with open(path, "wb", buffering=0) as handle:
            for chunk in chunks:
                time.sleep(pause)
                try:
                    handle.write(chunk)
                except BrokenPipeError:  # the reader gave up
                    return

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_fifo_without_writer_is_refused_quickly_naming_it(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzle.non"
    os.mkfifo(fifo)
    start = time.monotonic()
    with pytest.raises(PuzzleFileError) as info:
        read_file(fifo)
    assert time.monotonic() - start < 1.5
    assert info.value.source == "puzzle.non" and "sent nothing for 0.3 s" in str(info.value)


def test_a_fifo_is_read_once_whole(tmp_path: Path) -> None:
    fifo = tmp_path / "puzzle.non"
    os.mkfifo(fifo)
    thread = _writer(fifo, [NON[:10], NON[10:]], pause=0.1)
    puzzle, fmt = read_file_and_format(fifo)
    thread.join(2)
    assert fmt == "non" and puzzle.rows == ((2,),) and puzzle.cols == ((1,), (1,))


def test_a_fifo_without_extension_is_read_once_and_its_format_told_by_its_bytes(
    tmp_path: Path,
) -> None:
    """No name to go by: the content decides, from the bytes read (a second read of the FIFO
    would find nothing, or wait for a writer that is gone)."""
    fifo = tmp_path / "puzzle"
    os.mkfifo(fifo)
    thread = _writer(fifo, [NON[:10], NON[10:]], pause=0.1)
    puzzle, fmt = read_file_and_format(fifo)
    thread.join(2)
    assert fmt == "non" and puzzle.cols == ((1,), (1,))


def test_a_writer_that_never_ends_is_cut_at_the_time_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_files, "IDLE_SECONDS", 1.5)  # never reached: a byte every 0.1 s
    fifo = tmp_path / "drip.non"
    os.mkfifo(fifo)
    thread = _writer(fifo, [b"#"] * 40, pause=0.1)  # 4 s of bytes, never silent for 0.3 s
    start = time.monotonic()
    with pytest.raises(PuzzleFileError, match="still sending after 2 s"):
        read_file(fifo)
    assert time.monotonic() - start < 3
    thread.join(2)


def test_a_fifo_writer_that_stalls_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "stall.non"
    os.mkfifo(fifo)
    release = threading.Event()

    def write() -> None:
        with open(fifo, "wb", buffering=0) as handle:
            handle.write(b"width 2\n")
            release.wait(5)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    with pytest.raises(PuzzleFileError, match=r"nothing more for 0.3 s \(8 bytes so far\)"):
        read_file(fifo)
    release.set()
    thread.join(2)


def test_a_folder_and_a_socket_are_refused(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFileError, match="is a folder"):
        read_file(tmp_path)
    sock_path = tmp_path / "s.non"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(sock_path))
        with pytest.raises(PuzzleFileError, match="s.non: cannot read the file: is a socket"):
            read_file(sock_path)
    finally:
        server.close()


def test_devices_are_read_bounded() -> None:
    start = time.monotonic()
    with pytest.raises(PuzzleError, match="holds more than 64 MB; puzzle files are read up to"):
        read_file("/dev/zero")
    with pytest.raises(PuzzleError, match="null: the file is empty"):
        read_file("/dev/null")
    assert time.monotonic() - start < 3


def test_a_pipe_is_read(tmp_path: Path) -> None:
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, NON)
        os.close(write_end)
        assert read_file(f"/dev/fd/{read_end}", fmt="non").rows == ((2,),)
    finally:
        os.close(read_end)
