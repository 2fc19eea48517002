"""``check`` on a puzzle with several pictures says where two of them differ (the table said
only "multiple solutions"; ``solve`` prints the two grids for the eye to compare)."""

from __future__ import annotations

import json

import pytest

from nonostudio.console import main

DIAGONAL = "1:1-1:1"  # either diagonal of a 2x2: the two pictures differ in every cell
DUCK = "3:2,1:3,2:2,2:6:1,5:6:1:2-1,2:3,1:1,5:7,1:5:3:4:3"  # unique
# Two rows of seven 1s over fourteen columns of one 1: each row alternates, the second the first
# shifted, so the only two pictures (starting filled or empty) differ in all 28 cells.
STRIPES = ",".join(["1"] * 7) + ":" + ",".join(["1"] * 7) + "-" + ":".join(["1"] * 14)


def test_the_cells_two_pictures_differ_in_are_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--no-typos", DIAGONAL]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == (
        f"{DIAGONAL}: two pictures fit and differ in 4 cells: row 1, columns 1 and 2; "
        "row 2, columns 1 and 2."
    )
    assert main(["check", "--json", DIAGONAL, DUCK]) == 0
    diagonal, duck = json.loads(capsys.readouterr().out)
    assert diagonal["differing"] == [[1, 1], [1, 2], [2, 1], [2, 2]]
    assert "differing" not in duck


def test_many_cells_are_counted_past_the_first_twelve(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--no-typos", STRIPES]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.endswith(
        "two pictures fit and differ in 28 cells: row 1, columns 1, 2, 3, 4, 5, 6, 7, 8, 9, "
        "10, 11 and 12; and 16 more cells."
    )
