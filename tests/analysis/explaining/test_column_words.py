"""A column's clues are pushed up and down: the words of its steps and hints never say left or
right (a player on column 7 was told to push the clues "as far left ... then as far right")."""

from __future__ import annotations

import re

import numpy as np

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.premise_text import Naming, along, arrangement
from nonostudio.analysis.helping.hints import next_hint
from nonostudio.core.line import FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import load_rule_set

SIDEWAYS = re.compile(r"\b(left|right|leftmost|rightmost)\b", re.IGNORECASE)


def test_every_technique_idea_said_of_a_column_says_up_and_down() -> None:
    for technique in BY_ID.values():
        on_column = technique.idea_on("column")
        assert not SIDEWAYS.search(on_column), (technique.id, on_column)
        assert technique.idea_on("row") == technique.idea
    overlap = BY_ID["overlap"].idea_on("column")
    assert "as far up" in overlap and "then as far down" in overlap


def test_the_technique_rung_of_a_column_hint_pushes_up_and_down() -> None:
    # No row has anything to overlap; column 1's clue 4 of 5 cells overlaps in cells 2-4, so
    # the first hint on the empty grid is Overlap on a column.
    picture = ["#....", "#.#..", "#...#", "#..#.", ".#..."]
    puzzle = Puzzle.from_grid(
        np.array([[FILLED if ch == "#" else 0 for ch in row] for row in picture])
    )
    grid = np.full((5, 5), UNKNOWN, dtype=np.int8)
    hint = next_hint(puzzle, grid, load_rule_set("learned").rules)
    assert hint is not None and hint.step.axis == "column" and hint.step.technique == "overlap"
    assert "as far up" in hint.rung(1) and not SIDEWAYS.search(hint.rung(1))


def test_the_arrangement_sentence_of_a_column_pushes_up_and_down() -> None:
    claims = [{"claim": "extremes", "left": [0, 3], "right": [1, 4]}]
    cells = [[2, 1]]
    row = arrangement(Naming("row", (2, 1), 6), claims, cells)
    column = arrangement(Naming("column", (2, 1), 6), claims, cells)
    assert row.startswith("pushed left, the clues start at cells 1, 4; pushed right, at 2, 5")
    assert column == row.replace("pushed left", "pushed up").replace("pushed right", "pushed down")
    many = [{"claim": "extremes", "left": list(range(0, 12, 2)), "right": list(range(1, 13, 2))}]
    long_column = arrangement(Naming("column", (1,) * 6, 13), many, cells)
    assert long_column.startswith("slid as far up and then as far down as the line allows")


def test_along_leaves_rows_and_other_words_alone() -> None:
    text = "Push the clues as far left as they go, then as far right; the left edge stays."
    assert along(text, "row") == text
    assert along(text, "column") == (
        "Push the clues as far up as they go, then as far down; the left edge stays."
    )
