"""A Finished block premise does not say again a block's clue and reason said just before.

The steps are real ones (jwilk-nonogram, numbered as ``explain`` prints them, the line as it
stood before the step, the premises as the trace gave them): a first premise says the block's
clue with its reason and bounds the clue ("the block at cells 14–19 can only be the first clue,
6, the only clue that long. It starts at cell 14 or later: …"), then the Finished block premise
said the same clause again ("The block at cells 14–19 can only be the first clue, 6, the only
clue that long, so it is finished: …").  It now says "So the block at cells 14–19 is finished:
…" when its clue and every reason it gives were said by an earlier premise of the step, and in
full otherwise.  Every claim is checked by brute force over the line's arrangements.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import line_cells  # noqa: E402
from sentence_checker import arrangements, check_claim, check_inference  # noqa: E402

from nonostudio.analysis.explaining.step_text import step_sentence  # noqa: E402


def _long(s: int, e: int, clue: int) -> list[dict[str, Any]]:
    return [
        {"claim": "only_long", "start": s, "end": e, "clues": [clue]},
        {"claim": "holders", "start": s, "end": e, "clues": [clue]},
    ]


# (axis, index, clue, line before the step, premises), the clause said once, the words now
STEPS = {
    # data002.nin column 15, step 117
    "data002 column 15": (
        (
            "column",
            14,
            (6, 2),
            "xxxxxx......x######......",
            [
                {
                    "say": "punctuate_reach",
                    "claims": [
                        *_long(13, 19, 0),
                        {"claim": "starts", "clue": 0, "min": 13, "max": None, "from": "block"},
                    ],
                    "cells": [[p, 0] for p in range(6, 12)],
                    "round": 0,
                },
                {
                    "say": "punctuate",
                    "claims": [{"claim": "block", "start": 13, "end": 19}, *_long(13, 19, 0)],
                    "cells": [[19, 0]],
                    "round": 0,
                },
            ],
        ),
        "the block at cells 14–19 can only be the first clue, 6",
        "Column 15 — Finished block: the block at cells 14–19 can only be the first clue, 6, the "
        "only clue that long. It starts at cell 14 or later: cells 7–12 are empty. So the block "
        "at cells 14–19 is finished: cell 20 is empty.",
    ),
    # data061.nin row 20, step 133
    "data061 row 20": (
        (
            "row",
            19,
            (3, 7),
            "xxxx.###x......xx.######.",
            [
                {
                    "say": "punctuate_reach",
                    "claims": [
                        {
                            "claim": "edge_block",
                            "side": "first",
                            "start": 5,
                            "end": 8,
                            "clues": [0],
                        },
                        {"claim": "holders", "start": 5, "end": 8, "clues": [0]},
                        {"claim": "starts", "clue": 0, "min": None, "max": 5, "from": "block"},
                        {
                            "claim": "cannot_start",
                            "clue": 1,
                            "min": 9,
                            "max": 16,
                            "cross": [15, 17],
                        },
                        {"claim": "starts", "clue": 1, "min": 17, "max": None, "from": "clue"},
                    ],
                    "cells": [[p, 0] for p in range(9, 15)],
                    "round": 0,
                },
                {
                    "say": "punctuate",
                    "claims": [
                        {"claim": "block", "start": 5, "end": 8},
                        {
                            "claim": "edge_block",
                            "side": "first",
                            "start": 5,
                            "end": 8,
                            "clues": [0],
                        },
                        {"claim": "holders", "start": 5, "end": 8, "clues": [0]},
                    ],
                    "cells": [[4, 0]],
                    "round": 0,
                },
            ],
        ),
        "the first block, at cells 6–8, can only be the first clue, 3",
        "Row 20 — Finished block: the first block, at cells 6–8, can only be the first clue, 3, so "
        "the second starts at cell 18 or later (cells 16–17 are crossed): cells 10–15 are empty. "
        "So the first block, at cells 6–8, is finished: cell 5 is empty.",
    ),
}


def _sentence(step: tuple[Any, ...]) -> str:
    axis, index, hints, line, premises = step
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    for premise in premises:  # the claims true of every arrangement
        for claim in premise["claims"]:
            assert check_claim(claim, hints, cells, arr) is None, claim
        assert check_inference(premise, hints, len(cells)) is None, premise
    return step_sentence("punctuate", axis, index, hints, len(cells), premises).text


@pytest.mark.parametrize("name", sorted(STEPS))
def test_a_block_s_clue_and_reason_said_just_before_are_not_said_again(name: str) -> None:
    step, clause, words = STEPS[name]
    text = _sentence(step)
    assert len(re.findall(re.escape(clause), text, flags=re.IGNORECASE)) == 1, text
    assert text == words


def test_a_reason_not_said_before_is_still_said() -> None:
    step, _, _ = STEPS["data002 column 15"]
    axis, index, hints, line, (reach, punctuate) = step
    # the first premise places the block without its reason: the second says it in full
    bare = {**reach, "claims": [c for c in reach["claims"] if c["claim"] != "only_long"]}
    text = _sentence((axis, index, hints, line, [bare, punctuate]))
    assert text.endswith(
        "The block at cells 14–19 can only be the first clue, 6, the only clue that long, so it "
        "is finished: cell 20 is empty."
    ), text
