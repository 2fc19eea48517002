"""``explain`` and ``grade`` on colour files through main(): the colour trace's sentences and
summary, ``--json`` in the black-and-white shapes plus colour fields, grade rows with colour
features, and black-and-white puzzles still explained and graded as before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nonostudio.cli import main
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file

PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
UNIQUE = ((1, 2, 0), (2, 1, 1), (0, 2, 0))  # line-solvable, different colours touching
MULTIPLE = ((1, 0, 2), (0, 1, 2), (0, 0, 0))  # the reds of the first two rows may swap


def _file(tmp_path: Path, grid: tuple[tuple[int, ...], ...], name: str) -> Path:
    rows, cols = clues_of_colour_grid(grid)
    path = tmp_path / name
    write_file(ColourPuzzle(PALETTE, rows, cols, title=path.stem), path)
    return path


def test_explain_colour_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, UNIQUE, "u.xml")
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].lstrip().startswith("1. Row ") and lines[-2] == ""
    found = re.fullmatch(
        r"Solved in (\d+) steps: (\d+) cells decided one colour at a time, (\d+) by colour "
        r"techniques, (\d+) by search\.",
        lines[-1],
    )
    assert found is not None
    steps, *cells = map(int, found.groups())
    assert steps == len(lines) - 2 and sum(cells) == 9 and cells[2] == 0
    assert "looking only at the" in out


def test_explain_of_several_pictures_says_this_is_one_of_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Solved in N steps ... by search. The puzzle has several solutions.' did not say the
    picture the steps reach is only one of them, as black and white's explain does."""
    assert main(["explain", str(_file(tmp_path, MULTIPLE, "m.xml"))]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.startswith("Solved in ") and " by search. " in last
    assert last.endswith(
        "The puzzle has several solutions: this is one of them ('nonostudio-cli solve' shows two)."
    )


def test_explain_colour_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, MULTIPLE, "m.g")
    assert main(["explain", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("verdict", "solved", "first_fallback", "summary", "text", "steps", "trace"):
        assert key in data  # the black-and-white shape
    assert data["colours"] == 2 and data["palette"][1]["name"] == "red"
    assert data["verdict"] == "solved" and data["first_fallback"] == "search"
    assert data["summary"]["solutions"] == "multiple" and data["several_solutions"] is True
    step = data["steps"][0]
    assert set(step) >= {"technique", "technique_name", "kind", "line", "cells", "text", "premises"}
    assert step["text"] == data["text"][0]
    r, c, names = step["cells"][0]
    assert isinstance(r, int) and isinstance(c, int) and set(names) <= {"white", "red", "blue"}
    s = data["summary"]
    assert s["cells_per_colour"] + s["cells_colour"] + s["cells_search"] == 9


def test_explain_colour_json_says_a_unique_puzzle_has_one_solution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """several_solutions, which explain --help promises, was missing from a colour puzzle's
    JSON; and the black-and-white JSON names its file as the colour one does."""
    path = _file(tmp_path, UNIQUE, "u.xml")
    assert main(["explain", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["several_solutions"] is False and data["file"] == str(path)
    bw = tmp_path / "bw.non"
    bw.write_text("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n")
    assert main(["explain", str(bw), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["file"] == str(bw)


def test_grade_colour_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unique = _file(tmp_path, UNIQUE, "u.xml")
    several = _file(tmp_path, MULTIPLE, "m.non")
    assert main(["grade", str(unique), str(several), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["label"] for r in rows][1] == "Not unique"
    assert rows[1]["tier"] is None and rows[1]["score"] is None  # (no tier: several pictures)
    assert rows[0]["tier"] < 8 and rows[0]["error"] is None
    assert rows[0]["features"]["colours"] == 2 and rows[0]["colours"] == 2
    assert rows[0]["features"]["touching_pairs"] >= 1
    assert rows[0]["palette"][2]["name"] == "blue"
    for row in rows:  # the first two parts of the colour grade's order, beside the features
        assert row["needs_colour_reasoning"] == (row["features"]["one_colour_cells"] > 0)
        assert row["needs_pencil_marks"] == (row["features"]["pencil_cells"] > 0)
    assert rows[1]["needs_colour_reasoning"]  # several solutions: one colour cannot finish


def test_grade_csv_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unique = _file(tmp_path, UNIQUE, "u.xml")
    out = tmp_path / "g.csv"
    assert main(["grade", str(unique), "--csv", str(out)]) == 0
    text = capsys.readouterr().out
    assert "u.xml" in text and re.search(
        r"the trace \(the easiest step it finds each time\) decided \d+ one colour at a time", text
    )
    assert out.read_text(encoding="utf-8").count("\n") == 2


def test_black_and_white_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "1:1-1:1"]) == 0
    out = capsys.readouterr().out
    assert "looking only" not in out and "colour" not in out
    assert main(["grade", "1:1-1:1", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert "colours" not in row and "palette" not in row


def test_explain_stopped_shows_pencil_marks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, UNIQUE, "u.xml")
    assert main(["explain", str(path), "--time-limit", "1e-9", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["verdict"] == "undecided" and not data["solved"]
    assert data["grid"] == ["???"] * 3
    assert data["pencil_marks"][0] == [0, 0, ["white", "red", "blue"]]
    assert len(data["pencil_marks"]) == 9
    assert main(["explain", str(path), "--time-limit", "1e-9"]) == 1
    out = capsys.readouterr().out
    assert out.rstrip().endswith(
        "???\n???\n???\ncolours: . white, r red (#ff0000), b blue (#0000ff), ? undecided"
    )


@pytest.mark.parametrize("command", ["check", "grade"])
def test_colour_work_in_a_worker_honours_ctrl_c(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a worker process of ``check`` or ``grade --jobs N``, Ctrl-C reaches the colour solver
    (and the colour grade) through the stop event, as it reaches the black-and-white solver: the
    work ends ``undecided`` instead of running to its time limit."""
    import threading

    from nonostudio.cli import batch, check, grade

    rows, cols = clues_of_colour_grid(UNIQUE)
    puzzle = ColourPuzzle(PALETTE, rows, cols)
    stop = threading.Event()
    monkeypatch.setattr(batch, "_STOP", stop)
    if command == "check":
        assert check.verdict(puzzle, 10.0)["verdict"] == "unique_line"
        stop.set()
        assert check.verdict(puzzle, 10.0)["verdict"] == "undecided"
    else:
        assert grade.grade_named(puzzle, "default", 10.0)["label"] != "Undecided"
        stop.set()
        assert grade.grade_named(puzzle, "default", 10.0)["label"] == "Undecided"


def _loose_colour_file(tmp_path: Path) -> Path:
    """A loose 60x60 picture in two colours: line logic leaves most cells open, and neither the
    search nor SAT decides it within 30 s."""
    import random

    rng = random.Random(4)
    grid = []
    for _ in range(60):
        row: list[int] = []
        while len(row) < 60:
            row += [0 if rng.random() < 0.7 else rng.randint(1, 2)] * rng.randint(1, 4)
        grid.append(tuple(row[:60]))
    return _file(tmp_path, tuple(grid), "loose.xml")


def _ctrl_c_after(argv: list[str], delay: float) -> tuple[int, str, float]:
    """Run the command line in a process group of its own, Ctrl-C it after ``delay`` seconds:
    its exit code, stderr, and the seconds from the Ctrl-C to its end."""
    import os
    import signal
    import subprocess
    import sys
    import time

    from tests.ctrl_c import sigint_at_default

    repo = Path(__file__).resolve().parents[3]
    proc = subprocess.Popen(
        [sys.executable, "-m", "nonostudio", *argv],
        cwd=repo,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=sigint_at_default,
    )
    try:
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
        sent = time.monotonic()
        err = proc.communicate(timeout=20)[1]
        return proc.returncode, err, time.monotonic() - sent
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


def test_ctrl_c_ends_a_colour_solve(tmp_path: Path) -> None:
    path = _loose_colour_file(tmp_path)
    code, err, seconds = _ctrl_c_after(["solve", "--time-limit", "60", str(path)], 2.0)
    assert code == 130, err
    assert err.endswith("nonostudio-cli: interrupted\n") and "Traceback" not in err
    assert seconds < 5


@pytest.mark.slow
def test_ctrl_c_ends_colour_checks_in_workers(tmp_path: Path) -> None:
    path = _loose_colour_file(tmp_path)
    argv = ["check", "--jobs", "2", "--time-limit", "60", str(path), str(path)]
    code, err, seconds = _ctrl_c_after(argv, 2.5)
    assert code == 130, err
    assert "interrupted" in err and "Traceback" not in err
    assert seconds < 5
