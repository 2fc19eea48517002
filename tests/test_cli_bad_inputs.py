"""Bad inputs to the subcommands, each said with the right exit code (found by running every
subcommand on empty files, folders, binary files, 1x1 and 0-row puzzles, huge numbers, --jobs 0
and non-UTF-8 names): an empty file of any format is said to be empty; an option or argument a
command does not use is refused rather than passed over; advice names a command that works."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from nonostudio.cli import main


@pytest.mark.parametrize("ext", ["non", "nin", "cwd", "mk", "g", "xml", "toml"])
def test_an_empty_file_is_said_to_be_empty_whatever_its_extension(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], ext: str
) -> None:
    # it was each reader's first complaint: "no 'rows' section found", "the file ends where
    # 'width height' was expected", "not well-formed XML: no element found", ...
    path = tmp_path / f"blank.{ext}"
    path.write_bytes(b"\xef\xbb\xbf \n\n")
    assert main(["solve", str(path)]) == 2
    assert f"blank.{ext}: the file is empty (no puzzle in it)" in capsys.readouterr().err


def test_learn_report_of_a_file_without_rules_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it printed the coverage of "each of the 0 learned rules" and exited 0
    empty = tmp_path / "none.rules"
    empty.write_text("# rules to come\n", encoding="utf-8")
    assert main(["learn", "report", str(empty), "--json"]) == 2
    assert "no rules to compare" in json.loads(capsys.readouterr().out)["error"]


@pytest.mark.parametrize("action", ["create", "show", "list"])
def test_profile_refuses_a_file_or_name_its_action_does_not_take(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: str
) -> None:
    # 'profile create anna' made the profile 'default' and said "made profile 'default'"
    library = tmp_path / "lib.db"
    assert main(["profile", action, "anna", "--library", str(library)]) == 2
    assert f"profile {action} takes no FILE ('anna')" in capsys.readouterr().err
    assert main(["profile", action, "--as", "anna", "--library", str(library)]) == 2
    assert not library.exists()  # refused before the library is opened


def test_baselines_predict_advises_no_size_train_refuses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it said "train one with 'nonostudio-cli baselines train --size 3 ...'", which argparse
    # refuses (sizes 5, 10, 15)
    puzzle = tmp_path / "three.non"
    puzzle.write_text("width 3\nheight 3\nrows\n1\n1\n1\ncolumns\n1\n1\n1\n", encoding="utf-8")
    assert main(["baselines", "predict", str(puzzle)]) == 2
    err = capsys.readouterr().err
    assert "--size 3" not in err and "the networks are 5x5, 10x10, 15x15" in err


def test_baselines_train_5x5_refuses_icons_it_would_not_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 5x5 boards are noise alone: --icons was passed over unsaid and the training ran
    from nonostudio.baselines import recipes

    def trained(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the recipe was run")

    monkeypatch.setattr(recipes, "run_recipe", trained)
    out = tmp_path / "m.npz"
    code = main(["baselines", "train", "--size", "5", "--out", str(out), "--icons", str(tmp_path)])
    assert code == 2 and not out.exists()
    assert "--icons: 5x5 training boards are uniform noise" in capsys.readouterr().err


def test_samples_into_a_file_says_it_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it said "cannot create the folder: File exists"
    target = tmp_path / "puzzle.non"
    target.write_text("width 1\n", encoding="utf-8")
    assert main(["samples", str(target)]) == 3
    assert "puzzle.non: is a file, not a folder to copy into" in capsys.readouterr().err


def test_explain_of_a_one_colour_puzzle_says_one_colour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # it said "explaining 1x1 colour puzzle (1 colours)"
    path = tmp_path / "red.non"
    path.write_text("width 1\nheight 1\ncolor a #ff0000\nrows\n1a\ncolumns\n1a\n", encoding="utf-8")
    assert main(["explain", str(path)]) == 0
    assert "explaining 1x1 colour puzzle (1 colour)\n" in capsys.readouterr().err


def test_no_more_workers_than_puzzles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the pool forks all its workers at once: 'check --jobs 60' of two files forked 60
    from nonostudio.cli import batch

    pools: list[int] = []

    def pool(rows: object, jobs: int) -> None:
        pools.append(jobs)
        batch._run_here(rows)  # type: ignore[arg-type]

    monkeypatch.setattr(batch, "_run_pool", pool)
    files = []
    for k in range(2):
        path = tmp_path / f"p{k}.non"
        path.write_text("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n", encoding="utf-8")
        files.append(str(path))
    assert main(["check", "--jobs", "60", *files]) == 0
    assert main(["check", "--jobs", "60", files[0]]) == 0
    assert pools == [2]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "show"], "the following arguments are required: FILE"),
        (["practice", "--count", "x"], "argument --count: not a whole number: 'x'"),
        (["grade", "x.non", "--rules"], "argument --rules: expected one argument"),
        (["solve", "x.non", "--bogus"], "unrecognized arguments: --bogus"),
    ],
)
def test_a_usage_error_with_json_is_one_json_document(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    # argparse printed its usage on stderr and nothing on stdout: 'nonostudio-cli rules show
    # --json | python -m json.tool' said "Expecting value", every other error gives its document
    assert main([*args, "--json"]) == 2
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert message in data["error"] and data["exit_code"] == 2
    assert data["usage"].startswith("nonostudio-cli") and "\n" not in data["usage"]
    assert message in out.err and out.err.startswith("usage: nonostudio-cli")
    assert main(args) == 2  # without --json: argparse's words on stderr only, as before
    out = capsys.readouterr()
    assert out.out == "" and message in out.err and out.err.startswith("usage: ")


class _FullDisk:
    """A stdout every write to which fails as /dev/full's does."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize("as_json", [False, True])
def test_a_stdout_that_cannot_be_written_is_a_file_error_naming_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    # '> /dev/full' said "No space left on device" alone; with --json the error's own document
    # failed to write too, and the OSError ended the program with a traceback and exit 1
    monkeypatch.setattr("sys.stdout", _FullDisk())
    assert main(["formats", *(["--json"] if as_json else [])]) == 3
    assert "nonostudio-cli: standard output: No space left on device" in capsys.readouterr().err


class _FillingDisk(io.RawIOBase):
    """A file on a disk with ``room`` bytes free: a write takes what fits, the next one fails
    with ENOSPC (as a file on a full disk, or a pipe whose reader has gone: EPIPE)."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.kept = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:  # type: ignore[override]
        if not self.room:
            raise OSError(28, "No space left on device")
        taken = bytes(data[: self.room])
        self.kept += taken
        self.room -= len(taken)
        return len(taken)


@pytest.mark.parametrize("as_json", [False, True])
def test_output_cut_short_by_a_full_disk_is_a_file_error_not_a_success(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    # 'explain --json > out.json' on a disk with 256 KB free left 256 KB of the 1.8 MB document
    # and exit 0 under PYTHONUNBUFFERED (python -u): stdout is then a text stream right on the
    # raw file, whose write took 256 KB and returned that count, which the text stream ignores
    disk = _FillingDisk(room=1000)
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(disk, "utf-8", write_through=True))
    assert main(["rules", "families", *(["--json"] if as_json else [])]) == 3
    assert len(disk.kept) == 1000
    assert "nonostudio-cli: standard output: No space left on device" in capsys.readouterr().err


class _WouldBlock(_FillingDisk):
    """A non-blocking pipe that takes ``room`` bytes, then would block: its write returns None
    (as a raw file's does), which the CLI counted as all written."""

    def write(self, data) -> int | None:  # type: ignore[override]
        if not self.room:
            return None
        return super().write(data)


def test_output_a_non_blocking_pipe_would_not_take_is_an_error_not_a_success(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = _WouldBlock(room=1000)
    monkeypatch.setattr("sys.stdout", io.TextIOWrapper(pipe, "utf-8", write_through=True))
    assert main(["rules", "families", "--json"]) == 3
    assert len(pipe.kept) == 1000
    assert "nonostudio-cli: standard output: output not written" in capsys.readouterr().err


def test_a_closed_stdout_is_a_file_error_not_a_bug(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # '>&-' left sys.stdout None: "internal error (AttributeError: 'NoneType' object has no
    # attribute 'write'); this is a bug in nonostudio", exit 4
    monkeypatch.setattr("sys.stdout", None)
    assert main(["formats"]) == 3
    assert "standard output is closed" in capsys.readouterr().err


def test_an_output_on_a_read_only_file_system_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """grade --csv (profile export, generate -o, learn export) into a folder on a file system
    mounted read-only said "Permission denied" (os.access says no there too); the file system is
    made to look read-only here as a read-only mount does to os.access and os.statvfs."""
    import os
    import types

    real = os.statvfs
    monkeypatch.setattr(os, "access", lambda path, mode: False)
    monkeypatch.setattr(
        os, "statvfs", lambda path: types.SimpleNamespace(f_flag=real(path).f_flag | os.ST_RDONLY)
    )
    assert main(["grade", "1:1-1:1", "--csv", str(tmp_path / "g.csv")]) == 3
    assert f"{tmp_path / 'g.csv'}: Read-only file system" in capsys.readouterr().err
