"""Finished block says why a block can only be one clue when only the boxes left unheld say it.

The lines are real ones (jwilk-nonogram, steps numbered as ``explain`` prints them, the line as
it stood before the step) where the words said "the block at cell 10 can only be the second
clue, 1" with no reason: no bound, count or wall short enough kept the other clues off it.  Now
each other clue as long is kept off by the boxes it would leave on one side that the clues on
that side cannot hold (``stranded`` claims, the clues naming the same boxes said at once), when
the step's words have room.  Every claim is checked by brute force (every arrangement of the
line), the inference by the checker, and the checker is shown to refuse such a reason that
leaves a clue out or is not true.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from nonostudio.analysis.explaining.step_text import explain_move

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import line_cells  # noqa: E402
from sentence_checker import arrangements, check_claim, check_inference  # noqa: E402

# (axis, index, clue, line before the step, the reason the words now give)
LINES = {
    # data079.nin column 17, step 118
    "data079 column 17": (
        "column",
        16,
        (2, 1, 7),
        ".........#.xx#######",
        "if the box at cell 10 were the first or third clue, the clues after it could not hold "
        "the boxes at cells 14–20, so it can only be the second clue, 1,",
    ),
    # data095.nin column 18, step 206
    "data095 column 18": (
        "column",
        17,
        (2, 1, 3, 1),
        "xxx.....#..##....x..",
        "if the box at cell 9 were the first, third or fourth clue, the clues after it could "
        "not hold the boxes at cells 12–13, so it can only be the second clue, 1,",
    ),
}


def _premises(name: str) -> tuple[str, list[dict[str, Any]], tuple[int, ...], list[int]]:
    axis, index, hints, line, _ = LINES[name]
    cells = line_cells(line)
    explanation, premises = explain_move("punctuate", axis, index, hints, cells)
    return explanation.text, premises, hints, cells


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_block_s_one_clue_is_said_with_its_reason(name: str) -> None:
    text, premises, hints, cells = _premises(name)
    assert LINES[name][4] in text, text
    arr = arrangements(hints, cells)
    (first, *_) = premises
    (sole,) = [c for c in first["claims"] if c["claim"] == "sole_holder"]
    assert sole["because"] and all(c["claim"] == "stranded" for c in sole["because"])
    for premise in premises:
        for claim in premise["claims"]:
            assert check_claim(claim, hints, cells, arr) is None, claim
        assert check_inference(premise, hints, len(cells)) is None, premise


def test_the_checker_refuses_a_stranded_reason_left_short_or_untrue() -> None:
    _, premises, hints, cells = _premises("data095 column 18")
    arr = arrangements(hints, cells)
    premise = premises[0]
    (sole,) = [c for c in premise["claims"] if c["claim"] == "sole_holder"]

    def with_because(because: list[dict[str, Any]]) -> dict[str, Any]:
        claims = [{**sole, "because": because} if c is sole else c for c in premise["claims"]]
        return {**premise, "claims": claims}

    # a clue as long left out (the fourth, 1): the other clues are not all kept off
    short = [c for c in sole["because"] if c["clue"] != 3]
    assert check_inference(with_because(short), hints, len(cells))
    # the second clue (the holder) said to leave the boxes at cells 12-13 unheld: untrue
    untrue = {**sole["because"][0], "clue": 1}
    assert check_claim(untrue, hints, cells, arr)
    # the boxes at cells 12-13 said to be before the box: untrue
    before = {**sole["because"][0], "side": "before"}
    assert check_claim(before, hints, cells, arr)
