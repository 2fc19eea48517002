"""How the command line reads its input: FIFOs and pipes (read once, never waited on for good),
read errors (exit 3), ``--format`` to force a reader, and JSON that stays valid UTF-8 whatever the
file names."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from nonostudio.console import main
from nonostudio.core.formats import _files

REPO = Path(__file__).resolve().parent.parent
NON = b"width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n"
SPOJ = b"1\n1 2\n2 0\n1 0\n1 0\n"


@pytest.fixture(autouse=True)
def short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_files, "IDLE_SECONDS", 0.3)


def test_check_of_a_fifo_without_writer_exits_3_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "p.non"
    os.mkfifo(fifo)
    start = time.monotonic()
    assert main(["check", str(fifo)]) == 3
    assert time.monotonic() - start < 2
    assert "p.non: cannot read the file: sent nothing for 0.3 s" in capsys.readouterr().out
    assert main(["solve", str(fifo)]) == 3
    assert "p.non: cannot read the file" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["solve", "check", "convert"])
def test_a_pipe_is_read_once(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``solve <(cat f)``, ``cat f | solve /dev/stdin``: the pipe is read only once."""
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, NON)
        os.close(write_end)
        args = [command, f"/dev/fd/{read_end}"] + (["-"] if command == "convert" else [])
        assert main(args) == 0, capsys.readouterr().err
    finally:
        os.close(read_end)
    out = capsys.readouterr().out
    assert {"solve": "#", "check": "2x1", "convert": "width 2"}[command] in out


@pytest.mark.parametrize(
    "command",
    [["solve"], ["check"], ["grade"], ["explain"], ["convert", "-"], ["solve", "--format", "non"]],
)
def test_a_puzzle_file_is_opened_once(
    command: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each command opens its puzzle file once: one read gives the bytes, and the format is
    detected from those bytes (a file is not opened first to see whether it can be)."""
    import builtins
    import io

    path = tmp_path / "p.non"
    path.write_bytes(NON)
    opened: list[str] = []

    def counting(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def open_(file: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, str | os.PathLike) and Path(file) == path:
                opened.append(name)
            return real(file, *args, **kwargs)

        return open_

    monkeypatch.setattr(os, "open", counting("os.open", os.open))
    monkeypatch.setattr(builtins, "open", counting("open", builtins.open))
    monkeypatch.setattr(io, "open", counting("io.open", io.open))
    assert main([command[0], str(path), *command[1:]]) == 0, capsys.readouterr().err
    assert opened == ["os.open"]


@pytest.mark.parametrize("command", ["solve", "check", "convert"])
def test_a_file_without_read_permission_exits_3_naming_it(
    command: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The message of the open that is not tried (``chmod 000``; the tests may run as root,
    who may read anything, so the permission is taken away where it is asked for)."""
    path = tmp_path / "locked.non"
    path.write_bytes(NON)
    monkeypatch.setattr(os, "access", lambda p, mode: Path(p) != path)
    args = [command, str(path)] + (["-"] if command == "convert" else [])
    assert main(args) == 3
    out, err = capsys.readouterr()
    assert f"{path}: Permission denied" in err or f"{path}: cannot open: Permission denied" in out


def test_a_read_error_after_the_open_exits_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "disk.non"
    path.write_bytes(NON)

    def broken_read(fd: int, size: int) -> bytes:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(_files.os, "read", broken_read)
    for command in ("solve", "check", "convert"):
        args = [command, str(path)] + (["-"] if command == "convert" else [])
        assert main(args) == 3, command
        assert "disk.non: cannot read the file: Input/output error" in capsys.readouterr().err


def test_format_forces_a_reader(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "puzzle.data"
    path.write_bytes(SPOJ)
    assert main(["solve", "--format", "spoj", str(path)]) == 0
    assert main(["check", "--format", "spoj-jcross", str(path)]) == 0  # an alias
    assert main(["convert", "--input-format", "spoj", str(path), "-"]) == 0
    assert "width 2" in capsys.readouterr().out
    assert main(["check", "--format", "nin", str(path)]) == 2  # read as .nin, it is bad input
    assert "puzzle.data, line 1" in capsys.readouterr().out
    assert main(["solve", "--format", "nope", str(path)]) == 2
    err = capsys.readouterr().err
    assert "unknown format 'nope'" in err and "spoj" in err and "janko" in err
    # explain and grade read with a forced reader too
    assert main(["explain", "--format", "spoj", str(path)]) == 0
    assert "Solved in" in capsys.readouterr().out
    assert main(["grade", "--format", "spoj", str(path)]) == 0
    assert "puzzle.data" in capsys.readouterr().out
    assert main(["explain", "--format", "nin", str(path)]) == 2


def test_json_is_utf8_whatever_the_file_names(tmp_path: Path) -> None:
    """A name that is not UTF-8 (byte 0xff) is shown with a backslash escape in the JSON."""
    folder = os.fsencode(tmp_path)
    (Path(os.fsdecode(folder + b"/\xffgood.non"))).write_bytes(NON)
    (Path(os.fsdecode(folder + b"/\xfebad.non"))).write_bytes(b"junk")
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONIOENCODING="")
    for args, code in (
        ([b"check", b"\xffgood.non", b"\xfebad.non"], 2),
        ([b"solve", b"\xfebad.non"], 2),
    ):
        done = subprocess.run(
            [os.fsencode(sys.executable), b"-m", b"nonostudio", *args, b"--json"],
            cwd=folder,
            env=env,
            capture_output=True,
            timeout=60,
        )
        assert done.returncode == code, done.stderr
        data = json.loads(done.stdout.decode("utf-8"))  # strict: valid UTF-8
        text = json.dumps(data)
        assert "\\\\xfebad.non" in text and "\\udc" not in text


@pytest.mark.parametrize("arg", ["", "  ", "-"])
def test_an_empty_argument_or_a_dash_says_what_to_give(capsys, arg):
    """'' said '<text>: the file is empty' (no file was named); '-' was read as a puzzle string
    ('no row clues before -').  In check, a row with the error; the other puzzles still run."""
    assert main(["solve", "--json", arg]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert "name a puzzle file, or type a puzzle string" in error and "file is empty" not in error
    assert main(["check", "--json", arg, "1:1-1:1"]) == 2
    rows = json.loads(capsys.readouterr().out)
    assert "name a puzzle file" in rows[0]["error"] and rows[1]["verdict"] == "multiple"


def test_a_fifo_named_without_a_slash_is_read_as_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``mkfifo p; solve p`` read 'p' as a puzzle string ('unknown puzzle format', exit 2)."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo("p")
    assert main(["solve", "p"]) == 3
    assert "p: cannot read the file: sent nothing for 0.3 s" in capsys.readouterr().err
