"""core.file_kind names the kinds of file the rule and library messages say a path holds."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

from nonostudio.core.file_kind import file_kind


def test_each_kind_is_named(tmp_path: Path) -> None:
    regular = tmp_path / "a.rules"
    regular.write_text("")
    fifo = tmp_path / "p"
    os.mkfifo(fifo)
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(tmp_path / "s"))
    try:
        kinds = {
            path.name: file_kind(path.stat().st_mode)
            for path in (regular, fifo, tmp_path / "s", tmp_path)
        }
    finally:
        sock.close()
    assert kinds == {
        "a.rules": "a regular file",
        "p": "a named pipe (FIFO)",
        "s": "a socket",
        tmp_path.name: "a folder",
    }
    assert file_kind(os.stat("/dev/null").st_mode) == "a device"
    assert file_kind(stat.S_IFBLK) == "a block device (a disk)"
