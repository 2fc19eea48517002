"""``learn status|export|extend --store``: a store named by mistake (an empty file, a folder, a
file of another kind) is said so once, and a command that only reads leaves the file as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from nonostudio.cli import main


def test_learn_status_leaves_an_empty_file_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "notes.txt"
    empty.touch()
    assert main(["learn", "status", "--store", str(empty)]) == 2
    assert "an empty file, not a job store" in capsys.readouterr().err
    assert empty.stat().st_size == 0  # was made a 24 KB SQLite store


def test_learn_store_errors_name_the_file_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"\x7fELF" + bytes(200))
    assert main(["learn", "status", "--store", str(junk)]) == 2
    err = capsys.readouterr().err
    assert "not a nonostudio job store" in err and err.count("junk.db") == 1
    assert main(["learn", "status", "--store", str(tmp_path)]) == 2
    assert "is a folder, not a job store" in capsys.readouterr().err


def test_learn_run_resume_makes_no_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing, empty = tmp_path / "typo.db", tmp_path / "empty.db"
    empty.touch()
    assert main(["learn", "run", "--resume", "1", "--store", str(missing)]) == 2
    assert "no job store there" in capsys.readouterr().err
    assert not missing.exists()  # a new empty store was made there ('holds no run')
    assert main(["learn", "run", "--resume", "1", "--store", str(empty)]) == 2
    assert empty.stat().st_size == 0
