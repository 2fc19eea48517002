"""A block a premise names as one clue's is one the cells rest on.

jwilk-nonogram data077.nin, column 15 (clue 2 3 3, step 59): "the first block, at cells 3–4, can
only be the first clue, 2. A 3 from cell 12 would run into the box at cell 11; …: cell 14 is
empty" opened with a clause the cell does not rest on.  The placed 2 was named to keep it off
cell 14, which the two 3s after it leave it no room to reach anyway; a placed clue's starts
beyond its packing against the edges need no words.  Over many lines, a placed block a
premise names (its holder, its reason, the bounds said from it) is one the cells rest on, or
at least one named for a start of its clue over them that the clues beyond it leave room for.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.step_text import explain_move

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import line_cells  # noqa: E402
from sentence_checker import check_inference  # noqa: E402

_REACH = ("punctuate_reach", "punctuate_reach_misfit")


def _without(premise: dict, block: dict) -> dict:
    """``premise`` without the placed ``block`` (a one-clue ``holders`` claim): its holder, the
    reason given for it and the bounds said from it."""
    span, (clue,) = (block["start"], block["end"]), block["clues"]

    def kept(c: dict) -> bool:
        if "start" in c and (c["start"], c["end"]) == span and c["claim"] != "block":
            return False
        return not (c["claim"] == "starts" and c.get("from") == "block" and c["clue"] == clue)

    return {**premise, "claims": [c for c in premise["claims"] if kept(c)]}


def _placed(premise: dict) -> list[dict]:
    boxed = {c["clue"] for c in premise["claims"] if c.get("from") == "box"}
    return [
        c
        for c in premise["claims"]
        if c["claim"] == "holders" and len(c["clues"]) == 1 and c["clues"][0] not in boxed
    ]


def test_data077_column_15_does_not_name_the_first_block() -> None:
    line = line_cells("xx##x.....#...xxx...")
    explanation, premises = explain_move("punctuate", "column", 14, (2, 3, 3), line)
    assert explanation.text == (
        "Column 15 — Finished block: a 3 from cell 12 would run into the box at cell 11; a 3 "
        "from cell 13 or 14 would cover a cross at cells 15–17: cell 14 is empty."
    )
    assert not any(_placed(p) for p in premises)


def test_each_placed_block_a_premise_names_is_needed() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_premises import random_line

    rng = random.Random(77)
    seen = 0
    for _ in range(1500):
        hints, cells = random_line(rng, rng.randint(8, 20))
        for w in BY_ID["punctuate"].witnesses(hints, cells):
            if w.say not in _REACH or w.part:
                continue
            premise = {"say": w.say, "claims": w.claims, "cells": list(w.cells.items())}
            assert check_inference(premise, hints, len(cells)) is None
            for block in _placed(premise):
                seen += 1
                if check_inference(_without(premise, block), hints, len(cells)) is not None:
                    continue  # needed
                # the cells do not rest on it by the clues' order and the edges: the words
                # must at least use it, for a neighbour's bound said from it ("…, after the
                # first clue, 1") or a start of its clue over them that the clues beyond it
                # leave room for (a reader counts clues carried past, not always their gaps)
                (i,) = block["clues"]
                k, h, n = len(hints), hints[i], len(cells)
                lo, hi = sum(hints[:i]) + i, n - sum(hints[i:]) - (k - 1 - i)
                over = {s for p, _ in w.cells.items() for s in range(p - h + 1, p + 1)}
                said_from = any(
                    c["claim"] == "starts"
                    and c.get("from") == "clue"
                    and c["clue"] == (i + 1 if c["min"] is not None else i - 1)
                    for c in premise["claims"]
                )
                assert said_from or any(lo <= s <= hi for s in over), (hints, cells, w)
    assert seen > 100


def test_two_blocks_of_one_clue_are_named_once() -> None:
    """Forever's column 17 (clue 1 6 3 1), step 59 with cell 19 filled: the two blocks between
    the crosses at cells 16 and 20 are both the third clue.  The words said "can only be the
    third and third clues, 3 and 3"; they say "can only both be the third clue, 3"."""
    hints, line = (1, 6, 3, 1), ".......#.......x#.#x....."
    explanation, premises = explain_move("matching", "column", 16, hints, line_cells(line))
    for premise in premises:
        assert check_inference(premise, hints, len(line)) is None
    assert "the blocks at cell 17 and cell 19 can only both be the third clue, 3, so" in (
        explanation.text
    )
    assert "third and third" not in explanation.text
