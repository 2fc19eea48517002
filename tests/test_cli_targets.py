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


@pytest.mark.parametrize(
    "argv",
    [
        ["grade", DANCER, "--csv", "-"],  # wrote a file called '-'
        ["grade", DANCER, "--csv", ""],  # graded and wrote nothing, exit 0
        ["generate", "--technique", "overlap", "--size", "5x5", "-o", ""],  # the same
        ["learn", "export", "-", "--store", "{tmp}/jobs.db"],  # wrote a file called '-'
    ],
)
def test_an_output_named_dash_or_nothing_is_bad_input(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([a.replace("{tmp}", str(tmp_path)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert "to write" in err and ("an empty name" in err or "'-' (standard output" in err)
    assert list(tmp_path.iterdir()) == []


def test_convert_into_a_folder_says_it_is_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["convert", DANCER, str(tmp_path)]) == 3  # "cannot tell the format", exit 2
    err = capsys.readouterr().err
    assert f"{tmp_path}: is a folder, not a file to write; name the file, as in " in err
    assert err.rstrip().endswith(str(tmp_path / "puzzle.non"))
    assert list(tmp_path.iterdir()) == []
