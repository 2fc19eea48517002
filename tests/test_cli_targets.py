"""Where the command line writes its files: an output that is a FIFO or device, or a link, is
written, not replaced."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from nonostudio.cli import main

DANCER = "2:2,1:1,1:3:1,1:1,1:2:1,1:1,2:2-2,1:2,1,3:7:1,3:2,1"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_convert_writes_into_a_fifo_instead_of_replacing_it(tmp_path: Path) -> None:
    fifo = tmp_path / "out.non"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so the writer may open it
    try:
        assert main(["convert", DANCER, str(fifo)]) == 0
        assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # was a regular file put in its place
        assert os.read(reader, 65536).decode().startswith("width 5\nheight 10\n")
    finally:
        os.close(reader)


def test_convert_through_a_link_writes_the_file_it_names(tmp_path: Path) -> None:
    real = tmp_path / "real.non"
    real.write_text("old\n")
    link = tmp_path / "link.non"
    link.symlink_to(real.name)
    assert main(["convert", DANCER, str(link)]) == 0
    assert link.is_symlink()
    assert real.read_text().startswith("width 5\nheight 10\n")
