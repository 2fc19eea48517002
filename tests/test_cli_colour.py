"""The command line on colour puzzles: check, solve and convert through main(), their --json
colour fields (palette, clues as [length, colour name], grids in colour characters)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from nonostudio.cli import main
from nonostudio.core.colour.model import (
    WHITE,
    Colour,
    ColourPuzzle,
    Palette,
    clues_of_colour_grid,
)
from nonostudio.core.formats import read_any, write_file

ANCHORS = Path(__file__).resolve().parents[2] / "shared" / "anchors" / "puzzles"
PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
# unique and line-solvable: different colours touch
UNIQUE = ((1, 2, 0), (2, 1, 1), (0, 2, 0))
# two solutions: the reds of the first two rows may swap columns
MULTIPLE = ((1, 0, 2), (0, 1, 2), (0, 0, 0))


def _file(tmp_path: Path, grid: tuple[tuple[int, ...], ...], name: str) -> Path:
    rows, cols = clues_of_colour_grid(grid)
    path = tmp_path / name
    write_file(ColourPuzzle(PALETTE, rows, cols, title=path.stem), path)
    return path


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, object]:
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _grid(rows: list[str]) -> tuple[tuple[int, ...], ...]:
    index = {".": 0, "r": 1, "b": 2}
    return tuple(tuple(index[ch] for ch in row) for row in rows)


def test_check_colour_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    unique = _file(tmp_path, UNIQUE, "unique.xml")
    several = _file(tmp_path, MULTIPLE, "several.g")
    code, rows = _json(capsys, "check", str(unique), str(several))
    assert code == 0 and isinstance(rows, list)
    assert [(r["verdict"], r["size"], r["colours"]) for r in rows] == [
        ("unique_line", "3x3", 2),
        ("multiple", "3x3", 2),
    ]
    assert rows[0]["palette"][1] == {"name": "red", "rgb": "#ff0000", "char": "r"}
    assert main(["check", str(unique)]) == 0
    assert "unique, line-solvable" in capsys.readouterr().out


def test_solve_colour_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _file(tmp_path, UNIQUE, "unique.non")
    code, data = _json(capsys, "solve", str(path))
    assert code == 0 and isinstance(data, dict)
    assert data["verdict"] == "unique_line" and data["unique"] is True
    assert data["solution"] == ["rb.", "brr", ".b."] == data["line_logic"]
    assert data["alternate"] is None and data["colours"] == 2
    assert [c["name"] for c in data["palette"]] == ["white", "red", "blue"]
    assert data["clues"]["rows"][1] == [[1, "blue"], [2, "red"]]
    assert data["clues"]["columns"][0] == [[1, "red"], [1, "blue"]]


def test_solve_colour_text_and_two_solutions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(_file(tmp_path, UNIQUE, "u.xml"))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("rb.\nbrr\n.b.\n")
    assert "colours: . white, r red (#ff0000), b blue (#0000ff)" in out
    path = _file(tmp_path, MULTIPLE, "m.xml")
    code, data = _json(capsys, "solve", str(path))
    assert code == 1 and isinstance(data, dict) and data["verdict"] == "multiple"
    puzzle = read_any(path)[0][1]
    assert isinstance(puzzle, ColourPuzzle)
    first, second = _grid(data["solution"]), _grid(data["alternate"])
    assert first != second and puzzle.is_solution(first) and puzzle.is_solution(second)
    assert main(["solve", str(path)]) == 1
    assert "solution 2:" in capsys.readouterr().out


def test_convert_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _file(tmp_path, UNIQUE, "u.xml")
    original = read_any(source)[0][1]
    previous = source
    for name in ("u.g", "u.non", "again.xml"):
        code, data = _json(capsys, "convert", str(previous), str(tmp_path / name))
        assert code == 0 and isinstance(data, dict) and data["colours"] == 2
        previous = tmp_path / name
    again = read_any(previous)[0][1]
    assert isinstance(again, ColourPuzzle) and isinstance(original, ColourPuzzle)
    assert (again.rows, again.cols, again.palette) == (
        original.rows,
        original.cols,
        original.palette,
    )
    assert main(["convert", str(source), "-", "--format", "g"]) == 0
    assert ": rows\n1r 1b\n1b 2r\n1b\n" in capsys.readouterr().out
    assert main(["convert", str(source), str(tmp_path / "u.txt")]) == 2
    assert "the Puzzle string format has no colours" in capsys.readouterr().err
    # pictures are drawn by the studio's renderer, which main() is not given here (the console
    # entry point gives it: tests/gui/common/test_render_colour.py)
    assert main(["convert", str(source), str(tmp_path / "u.png")]) == 2
    assert "started without a picture writer" in capsys.readouterr().err
    assert not (tmp_path / "u.txt").exists() and not (tmp_path / "u.png").exists()


def test_grade_grades_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # grade refused colour files until the colour trace (tests/analysis/colour/test_cli.py)
    path = _file(tmp_path, UNIQUE, "u.xml")
    assert main(["grade", str(path)]) == 0
    assert "only black-and-white" not in capsys.readouterr().out


@pytest.mark.skipif(not ANCHORS.is_dir(), reason=f"the anchor puzzles are not at {ANCHORS}")
def test_check_public_colour_files(capsys: pytest.CaptureFixture[str]) -> None:
    files = [
        *(ANCHORS / "pbnsolve-examples" / f"{n}.g" for n in ("acorn", "alladin", "rose")),
        ANCHORS / "number-loom" / "look_sharp.xml",
        ANCHORS / "pynogram" / "uk.txt",
    ]
    code, rows = _json(capsys, "check", *map(str, files))
    assert code == 0 and isinstance(rows, list)
    assert {r["verdict"] for r in rows} == {"unique_line"}
    assert [r["colours"] for r in rows] == [4, 7, 7, 2, 2]


def test_text_grids_of_cell_sets() -> None:
    from nonostudio.cli.colour import cell_set_rows, grid_text_rows, legend

    # red or blue is undecided, as is a cell with no colour left; '.' is the background
    assert cell_set_rows(((0b001, 0b010, 0b110), (0b100, 0, 0b111)), PALETTE) == [".r?", "b??"]
    clash = Palette((Colour("paper", "#ffffff", " "), Colour("ink", "#000000", ".")))
    assert grid_text_rows(((0, 1),), clash) == [".a"]  # '.' would read as the background
    assert legend(clash) == "colours: . paper, a ink (#000000)"


def test_formats_say_which_take_colour(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`formats` listed .g as read only and said nothing of colour, while a colour puzzle is
    written as .g (and not as a puzzle string): each format now says what it does with colour,
    checked against what convert does."""
    code, rows = _json(capsys, "formats")
    assert code == 0 and isinstance(rows, list)
    by_name = {row["name"]: row for row in rows}
    source = _file(tmp_path, UNIQUE, "flag.xml")
    for name in ("g", "non", "xml", "string"):
        written = main(["convert", str(source), str(tmp_path / f"out.{name}"), "--format", name])
        capsys.readouterr()
        assert by_name[name]["colour_write"] == (written == 0), name
    assert by_name["g"]["colour_read"] and not by_name["nin"]["colour_read"]
    assert by_name["toml"]["colour_read"] and not by_name["toml"]["colour_write"]
    assert main(["formats"]) == 0
    g_line = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("g "))
    assert g_line.split()[1:3] == ["read", "read/write"], g_line


def test_check_and_solve_say_why_a_colour_puzzle_too_large_is_undecided(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A machine whose memory budget is 1,000 bytes: the SAT stage's formula of a puzzle the
    search leaves to it is not made, and check and solve say why it is undecided."""
    from nonostudio.core import satsolver

    monkeypatch.setattr(satsolver, "default_memory_budget", lambda: 1000)
    rng = random.Random(0)  # line logic leaves most of its cells; the search gets stuck
    grid = [[0 if rng.random() < 0.5 else 1 for _ in range(30)] for _ in range(30)]
    grid[0][0] = grid[29][29] = 2
    path = _file(tmp_path, tuple(map(tuple, grid)), "loose.xml")
    assert main(["solve", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "decided by line logic ('?' = undecided):"
    known = sum(len(row) - row.count("?") for row in lines[1:31])
    assert known < 900
    reason = "too large for the complete solver: about "
    tail = f"against a memory budget of 1,000 bytes; line logic decided {known} of 900 cells"
    assert lines[-2].startswith(reason) and lines[-2].endswith(tail)
    assert lines[-1].startswith("loose 30x30: undecided in ") and "time limit" not in lines[-1]
    assert main(["check", str(path), "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert row["verdict"] == "undecided" and row["reason"] == lines[-2]
