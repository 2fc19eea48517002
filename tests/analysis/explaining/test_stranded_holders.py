"""Edges and walls offers no clue unable to hold a box as its holder.

The lines are real ones (jwilk-nonogram, steps numbered as ``explain`` prints them) where the
words offered such a clue: the ranges and the short reasons left it, though holding the box
would leave other boxes no clue on that side could hold.  Now such a clue is dropped with a
``stranded`` reason ("if the box at cell 11 were the third clue, 2, the clue after it, 4, could
not hold the boxes at cells 21–22") or, left with one holder, a shorter one.  Every claim is
checked by brute force (every arrangement of the line), every inference by the checker's
arithmetic, and the checker is shown to refuse a ``stranded`` claim that is not true.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from nonostudio.analysis.explaining.step_text import explain_move

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import line_cells  # noqa: E402
from sentence_checker import _holder, arrangements, check_claim, check_inference  # noqa: E402

# (technique, axis, index, clue, line before the step): the three an independent reader flagged
LINES = {
    # data022.nin column 9, step 141: offered the second clue, 2, for the box at cell 11
    "data022 column 9": ("glue", "column", 8, (1, 2, 5), "......x##.#........x"),
    # data051.nin row 18, step 102: offered the second and third clues for the box at cell 9
    "data051 row 18 (102)": ("glue", "row", 17, (2, 2, 2, 4), "........#.#........x##x......."),
    # data051.nin row 18, step 105: offered the third clue for the box at cell 11
    "data051 row 18 (105)": ("glue", "row", 17, (2, 2, 2, 4), "......x##x#........x##x......."),
}


def _premises(name: str) -> tuple[str, list[dict[str, Any]], tuple[int, ...], list[int]]:
    technique, axis, index, hints, line = LINES[name]
    cells = line_cells(line)
    explanation, premises = explain_move(technique, axis, index, hints, cells)
    return explanation.text, premises, hints, cells


@pytest.mark.parametrize("name", sorted(LINES))
def test_every_holder_offered_can_hold_the_box(name: str) -> None:
    text, premises, hints, cells = _premises(name)
    arr = arrangements(hints, cells)
    first = [p for p in premises if not p.get("round", 0)]
    assert first
    for premise in first:
        for claim in premise["claims"]:
            assert check_claim(claim, hints, cells, arr) is None, claim
        assert check_inference(premise, hints, len(cells)) is None, premise
        for c in premise["claims"]:
            if c["claim"] == "holders":
                able = {_holder(hints, a, c["start"], c["end"]) for a in arr}
                assert set(c["clues"]) <= able, (text, c)


def test_a_clue_that_would_strand_boxes_is_dropped_with_that_reason() -> None:
    text, premises, hints, cells = _premises("data051 row 18 (105)")
    assert (
        "if the box at cell 11 were the third clue, 2, the clue after it, 4, could not hold the "
        "boxes at cells 21–22; so the box at cell 11 can only be the second clue, 2" in text
    )
    (stranded,) = [
        r
        for p in premises
        for c in p["claims"]
        if c["claim"] == "kept_off"
        for r in c["because"]
        if r["claim"] == "stranded"
    ]
    assert stranded == {
        "claim": "stranded",
        "start": 10,
        "end": 11,
        "clue": 2,
        "side": "after",
        "boxes": [[20, 22]],
    }


def test_one_holder_left_at_the_edge_is_said_by_the_clues_order() -> None:
    text, _, _, _ = _premises("data022 column 9")
    assert "the last box, at cell 11, can only be the third clue, 5," in text
    assert "the second, 2" not in text
    text, _, _, _ = _premises("data051 row 18 (102)")
    assert "the first box, at cell 9, can only be the first clue, 2," in text


def test_the_checker_refuses_a_stranded_claim_that_is_not_true() -> None:
    hints = (2, 2, 2, 4)
    cells = line_cells("......x##x#........x##x.......")
    arr = arrangements(hints, cells)
    good = {"claim": "stranded", "start": 10, "end": 11, "clue": 2, "side": "after"}
    assert check_claim({**good, "boxes": [[20, 22]]}, hints, cells, arr) is None
    # the second clue on the box leaves the third for cells 21-22: not stranded
    assert check_claim({**good, "clue": 1, "boxes": [[20, 22]]}, hints, cells, arr)
    # cells 20-22 are not all filled; cells 8-9 are not after the box
    assert check_claim({**good, "boxes": [[19, 22]]}, hints, cells, arr)
    assert check_claim({**good, "boxes": [[7, 9]]}, hints, cells, arr)
    # the clue before it, 2 2, could hold cells 8-9
    assert check_claim({**good, "side": "before", "boxes": [[7, 9]]}, hints, cells, arr)
