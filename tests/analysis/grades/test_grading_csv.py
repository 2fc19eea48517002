"""write_csv (the ``grade --csv`` table and the studio's Grade a Folder export) replaces its
file atomically: a write that fails keeps the old file whole."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from nonostudio.analysis.grades import grading
from nonostudio.core import atomic


class _Unprintable:
    def __str__(self) -> str:
        raise ValueError("cannot print this cell")


def _old(tmp_path: Path) -> Path:
    path = tmp_path / "grades.csv"
    path.write_text("old,table\n1,2\n", encoding="utf-8")
    return path


def test_a_row_that_fails_keeps_the_old_file(tmp_path: Path) -> None:
    path = _old(tmp_path)
    with pytest.raises(ValueError):
        grading.write_csv(str(path), [{"file": "a.non", "width": _Unprintable()}])
    assert path.read_text(encoding="utf-8") == "old,table\n1,2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grades.csv"]


def test_a_full_disk_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _old(tmp_path)

    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic.os, "fsync", full)
    with pytest.raises(OSError):
        grading.write_csv(str(path), [{"file": "a.non", "width": 5}])
    assert path.read_text(encoding="utf-8") == "old,table\n1,2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grades.csv"]


def test_the_table_is_written_with_its_header(tmp_path: Path) -> None:
    path = _old(tmp_path)
    grading.write_csv(str(path), [{"file": "a.non", "width": 5}])
    lines = path.read_bytes().split(b"\r\n")
    assert lines[0].decode().split(",") == list(grading.COLUMNS)
    assert lines[1].startswith(b"a.non,,5,")
