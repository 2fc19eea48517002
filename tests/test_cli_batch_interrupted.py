"""Ctrl-C in ``check`` and ``grade`` keeps the rows finished before it: they are printed, with
how many of how many on stderr, and the exit code is 130; grade's CSV is not written from a part
of the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nonostudio.cli import check, grade, main

PUZZLES = ["1:1-1:1", "2:2-2:2", "3:1,1:3-3:1,1:3", "1:1-0:2"]


def _ctrl_c_at_call(real: Any, at: int) -> Any:
    """``real``, with the Ctrl-C arriving during its ``at``-th call (as the SIGINT handler
    raises KeyboardInterrupt in the work)."""
    calls = [0]

    def work(*args: Any) -> Any:
        calls[0] += 1
        if calls[0] == at:
            raise KeyboardInterrupt
        return real(*args)

    return work


def test_check_prints_the_rows_done_before_ctrl_c(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(check, "verdict", _ctrl_c_at_call(check.verdict, 3))
    assert main(["check", "--json", "--no-typos", *PUZZLES]) == 130
    out, err = capsys.readouterr()
    rows = json.loads(out)  # printed nothing: 'nonostudio-cli: interrupted' only
    assert [row["file"] for row in rows] == PUZZLES[:2]
    assert [row["verdict"] for row in rows] == ["multiple", "unique_line"]
    assert "interrupted: 2 of 4 done; their rows follow" in err


def test_grade_prints_the_rows_and_leaves_the_csv(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(grade, "grade_named", _ctrl_c_at_call(grade.grade_named, 2))
    csv = tmp_path / "grades.csv"
    csv.write_text("the grades of last week\n")
    assert main(["grade", "--csv", str(csv), *PUZZLES]) == 130
    out, err = capsys.readouterr()
    assert out.splitlines()[1].startswith("1:1-1:1 ")
    assert "interrupted: 1 of 4 done" in err and "grades.csv: not written" in err
    assert csv.read_text() == "the grades of last week\n"
