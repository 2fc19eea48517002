"""A block said to be one clue says why: what keeps every other clue as long off it.

Forever (webpbn 6574), column 14, step 17: "the block at cells 5–8 can only be the second clue,
4" was true (the 11 cannot reach it) but gave no reason, as did about a third of such
statements.  When the block is not the line's first or last and another clue is as long, the
premise now carries a ``sole_holder`` claim whose ``because`` claims (bounds with their chains,
starts ruled out where they are) keep each other clue off the block, and the words give them
first ("…, so the block at cells 5–8 can only be …").  The checker verifies each of those claims
by brute force, that each bound follows from what comes before it, and that together they stop
every start of every other clue as long over the block — not just that the holder is right.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.premise_text import Naming, sole_words
from nonostudio.analysis.explaining.step_text import explain_move
from nonostudio.core.line import CROSSED, FILLED

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import line_cells  # noqa: E402
from sentence_checker import (  # noqa: E402
    arrangements,
    check_claim,
    check_inference,
    check_sole_holder,
)


def _step(technique: str, hints: tuple[int, ...], line: str) -> tuple[str, dict]:
    """A column's step: its sentence and the one premise with a ``sole_holder`` or ``kept_off``
    claim (the checker passes every premise's claims and inferences)."""
    explanation, premises = explain_move(technique, "column", 13, hints, line_cells(line))
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    for premise in premises:
        assert all(check_claim(c, hints, cells, arr) is None for c in premise["claims"])
        assert check_inference(premise, hints, len(cells)) is None
    reasons = ("sole_holder", "kept_off")
    (premise,) = [p for p in premises if any(c["claim"] in reasons for c in p["claims"])]
    return explanation.text, premise


def test_forever_column_14_says_why_the_block_is_the_second_clue() -> None:
    """Forever, column 14 (clue 1 4 11 1), step 17: the 11 does not fit before the cross at
    cell 9 (said more shortly than "the third clue, 11, starts at cell 8 or later, after the
    clues 1 4", the reason before the shortest was chosen by its words)."""
    text, premise = _step("punctuate", (1, 4, 11, 1), "....####x...########.....")
    assert text == (
        "Column 14 — Finished block: the third clue, 11, is too long for cells 1–8, so the "
        "block at cells 5–8 can only be the second clue, 4, and is finished: cell 4 is empty."
    )
    (sole,) = [c for c in premise["claims"] if c["claim"] == "sole_holder"]
    assert sole["because"] == [
        {
            "claim": "apart",
            "start": 4,
            "end": 8,
            "before": [],
            "after": [],
            "gap": [0, 8],
            "long": [2],
        }
    ]


def test_the_starts_of_a_longer_clue_over_the_block_are_ruled_out_where_they_are() -> None:
    """3 2 1 on "#.#.##x.xx#x": the 3 could reach the block at cells 5–6, but from cell 4 it
    would run into the box at cell 3 and from cell 5 it would cover the cross at cell 7."""
    text, premise = _step("punctuate", (3, 2, 1), "#.#.##x.xx#x")
    assert text == (
        "Column 14 — Finished block: a 3 over cells 5–6 would cover the cross at cell 7 or run "
        "into the box at cell 3, so the block at cells 5–6 can only be the second clue, 2, and "
        "is finished: cell 4 is empty."
    )
    (sole,) = [c for c in premise["claims"] if c["claim"] == "sole_holder"]
    assert [c["claim"] for c in sole["because"]] == ["cannot_start", "cannot_start"]


def test_the_checker_refuses_a_reason_that_does_not_prove_the_holder() -> None:
    """A ``sole_holder`` claim true of the line but whose reason leaves a start of the other
    clue over the block unstopped, rests on its own block's holder, or states a false bound."""
    hints, line = (1, 4, 11, 1), "....####x...########....."
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    holder = {"claim": "holders", "start": 4, "end": 8, "clues": [1]}
    sole = {**holder, "claim": "sole_holder"}

    def premise(*because: dict) -> dict:
        claims = [{"claim": "block", "start": 4, "end": 8}, {**sole, "because": list(because)}]
        return {"say": "punctuate", "claims": [*claims, holder], "cells": [[3, CROSSED]]}

    edge = {"claim": "starts", "clue": 2, "min": 7, "max": None, "from": "edge"}
    assert check_inference(premise(edge), hints, len(cells)) is None
    assert check_inference(premise(), hints, len(cells)) is not None  # the 11 left unstopped
    circle = {"claim": "starts", "clue": 1, "min": None, "max": 4, "from": "box"}
    assert check_inference(premise(holder, circle), hints, len(cells)) is not None
    # a bound the line does not bear out
    wrong = {**edge, "min": 12}
    assert check_claim({**sole, "because": [wrong]}, hints, cells, arr) is not None
    assert check_claim({**sole, "because": [edge]}, hints, cells, arr) is None
    # the claim itself must be true: the 1 is not the block's holder
    assert check_claim({**sole, "clues": [0], "because": []}, hints, cells, arr) is not None


def test_edges_and_walls_drops_a_holder_that_cannot_reach_the_box() -> None:
    """jwilk-nonogram data002.nin, column 8 (step 77, clue 3 5 4 3): "the box at cell 9 is the
    first, 3, starting between cells 7 and 8 or the second, 5, …" offered the 3, which holds
    the boxes at cells 2–3.  It is dropped with that reason (a ``kept_off`` claim); the move's
    cells (those every possible holder covers) still follow from the holder left.  A reason
    with a "so" of its own is followed by "; so", not a third ", so" in a row.  Both walls of
    the gap stop the 5's other starts, and both are named."""
    text, premise = _step("glue", (3, 5, 4, 3), ".##.x...#.x.####.....x...")
    assert text == (
        "Column 14 — Edges and walls: the first clue, 3, holds the boxes at cells 2–3, so it "
        "ends by cell 4; so the box at cell 9 can only be the second clue, 5, starting at cell "
        "6 to hold it (it cannot cross the cross at cell 5 or the cross at cell 11), so cell 8 is "
        "filled."
    )
    (kept,) = [c for c in premise["claims"] if c["claim"] == "kept_off"]
    assert (kept["start"], kept["end"], kept["clues"]) == (8, 9, [0])
    (held,) = [c for c in premise["claims"] if c["claim"] == "holders"]
    assert held["clues"] == [1]


def test_the_checker_refuses_a_clue_kept_off_that_can_hold_the_box() -> None:
    hints, cells = (3, 5, 4, 3), line_cells(".##.x...#.x.####.....x...")
    arr = arrangements(hints, cells)
    reason = [
        {"claim": "holders", "start": 1, "end": 3, "clues": [0]},
        {"claim": "starts", "clue": 0, "min": None, "max": 1, "from": "box"},
    ]
    kept = {"claim": "kept_off", "start": 8, "end": 9, "clues": [0], "because": reason}
    assert check_claim(kept, hints, cells, arr) is None
    assert check_claim({**kept, "clues": [1]}, hints, cells, arr) is not None  # the 5 holds it

    def glue(kept: dict, holders: list[int]) -> dict:
        claims = [
            {"claim": "block", "start": 8, "end": 9},
            {"claim": "gap", "start": 5, "end": 10},
            kept,
            {"claim": "holders", "start": 8, "end": 9, "clues": holders},
            {"claim": "holder_starts", "clue": 1, "start": 8, "end": 9, "min": 5, "max": 5},
        ]
        return {"say": "glue", "claims": claims, "cells": [[5, FILLED]]}

    assert check_inference(glue(kept, [1]), hints, len(cells)) is None
    # no reason, or one still named as a holder
    assert check_inference(glue({**kept, "because": []}, [1]), hints, len(cells)) is not None
    assert check_inference(glue(kept, [0, 1]), hints, len(cells)) is not None


def test_every_sole_holder_reason_on_random_lines_passes_the_checker() -> None:
    """On random lines, each Finished block, Edges and walls and Matching premise with a
    ``sole_holder`` or ``kept_off`` claim passes the checker, its reason included."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_premises import random_line

    rng = random.Random(58)
    seen = 0
    for _ in range(500):
        hints, cells = random_line(rng, rng.randint(6, 18))
        for technique in ("punctuate", "glue", "matching"):
            arr: list | None = None
            for w in BY_ID[technique].witnesses(hints, cells):
                part = {"say": "part", "claims": w.part, "cells": []}
                premise = {"say": w.say, "claims": w.claims, "cells": list(w.cells.items())}
                for said in (part, premise):
                    reasons = ("sole_holder", "kept_off")
                    if not any(c["claim"] in reasons for c in said["claims"]):
                        continue
                    arr = arrangements(hints, cells) if arr is None else arr
                    assert check_inference(said, hints, len(cells)) is None, (hints, cells, w)
                    for claim in said["claims"]:
                        assert check_claim(claim, hints, cells, arr) is None, (hints, cells, w)
                        if claim["claim"] in reasons:  # its own words, not a "so …"
                            words = sole_words(Naming("row", hints, len(cells)), claim)
                            assert words and not words.startswith("so "), (hints, cells, words)
                    seen += 1
    assert seen > 50


def test_a_block_beside_a_plain_block_says_so_in_few_words() -> None:
    """jwilk data002, column 9 (clue 2 1 12 4): "the block at cell 5 can only be the second
    clue, 1" gave no reason, the reason from the bounds (70 words) passing the step's budget.
    The first block is plainly the first clue's, and by the clues' order the 12 and the 4 come
    after the 1: that is the reason, said shortly."""
    text, premise = _step("punctuate", (2, 1, 12, 4), "##xx#..###########...##..")
    (sole,) = [c for c in premise["claims"] if c["claim"] == "sole_holder"]
    assert [c["claim"] for c in sole["because"]] == ["edge_block", "holders"]
    assert (
        "the first block, at cells 1–2, can only be the first clue, 2, so the block at cell 5 "
        "can only be the second clue, 1, and is finished: cell 6 is empty" in text
    )
    assert len(text.split()) <= 40


def test_the_checker_refuses_a_beside_block_reason_that_leaves_a_clue_room() -> None:
    """The first block being the first clue's does not keep that clue off a box it can still
    reach (a 5 from cell 1 covers cells 1-2 and 4): the checker says which start is left."""
    hints, cells = (5, 1), line_cells("##.#......")
    holder = {"claim": "holders", "start": 0, "end": 2, "clues": [0]}
    edge = {**holder, "claim": "edge_block", "side": "first"}
    claim = {"claim": "sole_holder", "start": 3, "end": 4, "clues": [1], "because": [edge, holder]}
    assert check_sole_holder(claim, hints, len(cells)) == (
        "sole holder: clue 0 may start at 0: nothing stated stops it"
    )
    # with the second clue beyond the box, the first's block is all the reason it needs
    assert check_sole_holder({**claim, "start": 4, "end": 5}, (2, 1), len(cells)) is None
