"""What reading twenty steps of two puzzles as a newcomer found, each fixed.

Forever (webpbn 6574), steps 20–39, and jwilk-nonogram data084.nin, steps 14–33 (a run of
contradictions):

* Forever row 16 (clue 1 1 5 1), step 22: "the box at cells 12–15 can only be the third clue,
  5" gave no reason, though the 5 is the only clue that long.
* Forever column 15 (clue 1 3 9 1), step 34: "…, so the block at cells 6–8 can only be the
  second clue, 3, so the third starts …" — two "so" in a row.
* data084 column 7 (clue 2 3 3 6 1), step 14: "pushed up, …; pushed down, …; both agree that
  cell 18 is filled" — "agree" reads as "filled in both", which is not the rule (the same clue
  must cover it both ways); the words now say which clue.
"""

from __future__ import annotations

import sys
from pathlib import Path

from nonostudio.core.line import CROSSED, FILLED

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words  # noqa: E402
from sentence_checker import check_inference  # noqa: E402


def _checked(technique: str, axis: str, index: int, hints: tuple[int, ...], line: str) -> str:
    return checked_words(technique, axis, index, hints, line)[0]


def test_a_box_only_one_clue_is_long_enough_for_says_so() -> None:
    text = _checked("glue", "row", 15, (1, 1, 5, 1), "..........x####..........")
    assert text == (
        "Row 16 — Edges and walls: the box at cells 12–15 can only be the third clue, 5, the "
        "only clue that long, starting at cell 12 to hold it (it cannot cross the cross at cell "
        "11), so cell 16 is filled."
    )


def test_a_reason_then_a_chain_is_not_so_so() -> None:
    text = _checked("punctuate", "column", 14, (1, 3, 9, 1), "....x###x.....#####......")
    assert "can only be the second clue, 3, and so the third starts at cell 11 or later" in text
    assert ", so " not in text.split("can only be")[1].split(":")[0]


def test_leftmost_and_rightmost_says_the_same_clue_covers_the_cell() -> None:
    text = _checked("arrangement", "column", 6, (2, 3, 3, 6, 1), "..........#....#.........")
    assert text == (
        "Column 7 — Leftmost and rightmost: pushed up, the clues start at cells 1, 4, 9, 13, "
        "20; pushed down, at 7, 10, 14, 18, 25: the fourth clue, 6, covers cell 18 both ways, "
        "so cell 18 is filled."
    )
    text = _checked("arrangement", "row", 0, (2, 2), ".#.....#..")
    assert "cells 4–6 lie between the first and second clues both ways" in text


def test_the_checker_refuses_a_cell_filled_in_both_arrangements_by_different_clues() -> None:
    """1 1 on "....": pushed left 1 and 3, pushed right 2 and 4; cell 3 is the second clue's
    pushed left, the first clue's pushed right — not decided (and not filled)."""
    extremes = {"claim": "extremes", "clues": [0, 1], "left": [0, 2], "right": [1, 3]}
    premise = {"say": "arrangement", "claims": [extremes], "cells": [[2, FILLED]]}
    assert check_inference(premise, (1, 1), 4) is not None
    premise = {"say": "arrangement", "claims": [extremes], "cells": [[1, CROSSED]]}
    assert check_inference(premise, (1, 1), 4) is not None
