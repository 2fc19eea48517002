"""``explain`` and ``grade`` are bounded: ``--time-limit`` (check's default and wording), a puzzle
over :data:`~nonostudio.analysis.grades.difficulty.MAX_CELLS` cells refused at once naming the
limit, and a puzzle with no solution given a verdict naming its file."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from nonostudio.analysis.grades import difficulty
from nonostudio.analysis.grades.difficulty import MAX_CELLS
from nonostudio.cli import build_parser, main
from nonostudio.cli.check import DEFAULT_TIME_LIMIT

# Row 1 needs two adjacent cells, but column 2 is empty: well formed, no picture fits.
NO_SOLUTION = "width 3\nheight 3\nrows\n2\n0\n0\ncolumns\n1\n0\n1\n"


def faase(anchors: Path) -> Path:
    """Frans Faase's 80x95: neither explain nor grade finishes it in minutes."""
    return anchors / "puzzles" / "emacs-nonogram" / "33-faase.non"


def blank(path: Path, width: int, height: int) -> Path:
    """A blank puzzle (every clue 0) in a .non file."""
    lines = [f"width {width}", f"height {height}", "rows", *["0"] * height, "columns"]
    path.write_text("\n".join([*lines, *["0"] * width]) + "\n")
    return path


@pytest.mark.parametrize("command", ["explain", "grade"])
def test_the_time_limit_defaults_to_checks(command: str) -> None:
    args = build_parser(command).parse_args([command, "x.non"])
    assert args.time_limit == DEFAULT_TIME_LIMIT


def test_explain_stops_at_the_time_limit_undecided(anchors: Path, capsys) -> None:
    started = time.monotonic()
    code = main(["explain", str(faase(anchors)), "--time-limit", "0.5", "--json"])
    assert time.monotonic() - started < 5
    data = json.loads(capsys.readouterr().out)
    assert code == 1  # as solve: undecided within the time limit
    assert data["verdict"] == "undecided" and not data["solved"]
    code = main(["explain", str(faase(anchors)), "--time-limit", "0.5"])
    assert code == 1
    assert "undecided: stopped at the time limit (0.5 s)" in capsys.readouterr().out


def test_explain_says_why_the_complete_solver_stopped_not_the_time_limit(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """A puzzle whose SAT formula would not fit in memory ends the trace at once with the
    solver's reason; explain said 'stopped at the time limit (10 s)', false there."""
    from functools import partial

    from nonostudio.analysis.tracing import trace_fallbacks
    from nonostudio.core.solver import solve

    monkeypatch.setattr(trace_fallbacks, "solve", partial(solve, memory_budget=1))
    ones = ":".join(["1"] * 14)  # every permutation matrix fits: 196 cells to search
    assert main(["explain", f"{ones}-{ones}"]) == 1
    out = capsys.readouterr().out
    assert "undecided: the complete solver stopped: too large for the complete solver" in out
    assert "time limit" not in out
    assert main(["explain", f"{ones}-{ones}", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "undecided" and data["reason"].startswith("too large for the")


def test_grade_stops_at_the_time_limit_undecided(anchors: Path, capsys) -> None:
    started = time.monotonic()
    code = main(["grade", str(faase(anchors)), "--time-limit", "0.5", "--json"])
    assert time.monotonic() - started < 5
    (row,) = json.loads(capsys.readouterr().out)
    assert code == 0  # as check: a verdict, whatever it is
    assert row["label"] == "Undecided"
    assert "stopped at the time limit (0.5 s)" in row["explanation"]
    assert row["seconds"] < 4


@pytest.mark.parametrize("command", ["explain", "grade"])
def test_a_puzzle_over_the_size_limit_is_refused_naming_it(
    command: str, tmp_path: Path, capsys
) -> None:
    # One column more than 1024x1024: refused before any tracing, in well under a second.
    path = blank(tmp_path / "huge.non", 1025, 1024)
    started = time.monotonic()
    code = main([command, str(path)])
    assert time.monotonic() - started < 2
    assert code == 2
    out = capsys.readouterr()
    message = out.err if command == "explain" else out.out
    assert "1025x1024 puzzle has 1,049,600 cells" in message
    assert f"handles at most {MAX_CELLS:,}" in message
    assert "huge.non" in message


@pytest.mark.parametrize("command", ["explain", "grade"])
def test_the_size_limit_is_the_one_grading_checks(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.setattr(difficulty, "MAX_CELLS", 99)
    assert main([command, str(blank(tmp_path / "ten.non", 10, 10))]) == 2
    assert "10x10 puzzle has 100 cells" in capsys.readouterr().err  # the message, or the row


def test_explain_of_a_puzzle_with_no_solution_is_a_verdict_naming_the_file(
    tmp_path: Path, capsys
) -> None:
    path = tmp_path / "nosol.non"
    path.write_text(NO_SOLUTION)
    assert main(["check", str(path)]) == 0
    assert "no solution" in capsys.readouterr().out
    assert main(["explain", str(path)]) == 1  # as solve gives it
    out = capsys.readouterr()
    assert out.out.startswith(f"{path}: no solution: row 1 (2)")
    assert main(["explain", str(path), "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["file"], data["verdict"], data["solved"]) == (str(path), "no solution", False)
    assert data["steps"] == []
