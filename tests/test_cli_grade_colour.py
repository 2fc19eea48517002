"""``grade --csv`` with colour puzzles: the black-and-white columns, then the colour columns
(colours, cells one colour at a time leaves, touching pairs, narrowing steps, pencil-mark
cells) filled from each colour grade; a table without colour keeps the columns it always had."""

from __future__ import annotations

import csv
from pathlib import Path

from nonostudio.analysis.colour.grade import colour_grade
from nonostudio.analysis.grades.grading import COLOUR_COLUMNS, COLUMNS
from nonostudio.cli import main
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import write_file
from nonostudio.core.puzzle import Puzzle

PALETTE = Palette((WHITE, Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")))
GRID = ((1, 2, 0), (2, 1, 1), (0, 2, 0))


def read_csv(path: Path) -> tuple[tuple[str, ...], dict[str, dict[str, str]]]:
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        rows = {Path(row["file"]).name: row for row in reader}
        return tuple(reader.fieldnames or ()), rows


def test_csv_of_colour_and_bw_puzzles_has_the_colour_columns(tmp_path: Path, capsys) -> None:
    rows, cols = clues_of_colour_grid(GRID)
    puzzle = ColourPuzzle(PALETTE, rows, cols, title="c")
    write_file(puzzle, tmp_path / "c.xml")
    write_file(Puzzle.from_grid([[1, 0], [1, 1]], title="bw"), tmp_path / "bw.non")
    out = tmp_path / "grades.csv"
    assert (
        main(["grade", str(tmp_path / "c.xml"), str(tmp_path / "bw.non"), "--csv", str(out)]) == 0
    )
    # the rule set grades the black-and-white puzzle only: the colour one is not said to use it
    # (it said "grading 2 puzzles with the 'learned' rules (94)")
    err = capsys.readouterr().err
    assert "grading 2 puzzles: black and white with the 'learned' rules (" in err
    assert "), colour by colour line logic" in err
    fields, by_file = read_csv(out)
    assert fields == COLUMNS + COLOUR_COLUMNS
    expected = colour_grade(puzzle).features
    row = by_file["c.xml"]
    assert row["colours"] == "2"
    assert row["one_colour_cells"] == str(expected.one_colour_cells)
    assert row["touching_pairs"] == str(expected.touching_pairs)
    assert row["narrowing_steps"] == str(expected.narrowing_steps)
    assert row["pencil_cells"] == str(expected.pencil_cells)
    assert row["solutions"] == expected.solutions
    assert all(by_file["bw.non"][name] == "" for name in COLOUR_COLUMNS)


def test_csv_without_colour_keeps_the_black_and_white_columns(tmp_path: Path, capsys) -> None:
    write_file(Puzzle.from_grid([[1, 0], [1, 1]], title="bw"), tmp_path / "bw.non")
    out = tmp_path / "grades.csv"
    assert main(["grade", str(tmp_path / "bw.non"), "--csv", str(out)]) == 0
    capsys.readouterr()
    assert read_csv(out)[0] == COLUMNS
