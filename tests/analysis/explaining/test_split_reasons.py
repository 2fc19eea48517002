"""Why no clue can cover the block a split cell would make: the clues that long, and why each not.

A split said "filling cell 3 would make cells 3–4 one block, and no clue can cover all of it
there, so it is empty", true but hard to follow when some clue is that long (Forever column 2,
Mum column 16 step 97, the "Air wettener" sample's row 9).  Now, where the crosses alone say why
for every clue that long, the words say it (``cannot_cover`` claims): the clue there would leave
the clues before (after) it no room, or does not fit in the cells between crosses holding the
block.  Every claim is checked by brute force over the line's arrangements and the inference
(every clue that long named) by the checker (:func:`checked_words`); the words are read back
from the text against the line (:func:`check_short_words`), and the checker is shown to refuse
claims and words that are not true.  ``SPLIT_LINES`` random lines (300 by default; 100,000 run by
hand) give no such claim or words false.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells, random_solution  # noqa: E402
from sentence_checker import (  # noqa: E402
    arrangements,
    check_claim,
    check_inference,
    check_short_words,
)

from nonostudio.analysis.explaining import premise_text  # noqa: E402
from nonostudio.analysis.explaining.premises import WitnessLine, joining_splitting  # noqa: E402

# (axis, index, clue, line before the step): the reason now said
LINES = {
    # Forever (webpbn 6574) column 2, step 251: a 2 over cells 23–24 ends at cell 24 or 25,
    # leaving no cell after a gap for the last clue, 1 (the line is 25 long); every 2 has the 1
    # (and maybe more 2s) after it
    "forever column 2": (
        ("column", 1, (1, 1, 2, 2, 2, 2, 2, 1), ".x#x..................#.."),
        "(the third to seventh clues, 2 2 2 2 2, there would each leave the clues after it no "
        "room)",
    ),
    # the "Air wettener" sample's row 9 (as the player saw it): the 2 over cells 3–4 starts at
    # cell 3, its gap at cell 2, cell 1 crossed: no room for the 1
    "air wettener row 9": (
        ("row", 8, (1, 2), "x..#..........."),
        "(the second clue, 2, there would leave the first clue, 1, no room before it)",
    ),
    # jwilk data006 column 16, step 12: a 2 over cells 9–10 starts at cell 9, leaving cells
    # 1–7 for the clues before the fourth 2 (3 2 1 need 8); the 3 or the first 2 there ends at
    # cell 10 or later, leaving at most cells 12–20 (9) for those after it (1 2 2 2 need 10)
    "data006 column 16": (
        ("column", 15, (3, 2, 1, 2, 2, 2), "........#......#...."),
        "(the fourth to sixth clues, 2 2 2, there would each leave the clues before it no room; "
        "the first and second clues, 3 and 2, there would each leave the clues after it no room)",
    ),
    # the 5 does not fit in the four cells before the cross at cell 5; the 2 over cells 2–3
    # leaves cells 5–10 past its gap (the cross at cell 5: five free) for the 1 and 5 (need 7)
    "fit": (
        ("row", 0, (2, 1, 5), ".#..x....."),
        "(the third clue, 5, does not fit in cells 1–4; the first clue, 2, there would leave the "
        "clues after it no room)",
    ),
}

# where the crosses alone give no reason for some clue that long, the boxes it cannot reach
# (out of reach at each of its starts covering the block, none beside it) do: the clues on one
# side of it could not hold them (each said "no clue can cover all of it there" with no reason)
BOX_LINES = {
    # jwilk data040 row 4, step 40: the 5 over cells 13–14 starts at cell 10 at the latest
    # (later, it would touch the boxes at cells 16–18), leaving them to no clue
    "data040 row 4": (
        ("row", 3, (1, 1, 5), ".............#.###.."),
        "(the third clue, 5, there would leave no clue after it for the boxes at cells 16–18)",
    ),
    # jwilk data020 column 4, step 292: the 5 over cells 7–8 starts at cell 4 (later, it would
    # touch the boxes at cells 10–12), leaving the last clue, 4, the boxes at cells 10–12 and
    # 22–25; the 4 leaves the 1 and the 5 six cells before it
    "data020 column 4": (
        ("column", 3, (1, 5, 4), ".......#.###..xxxxxxx####"),
        "(the third clue, 4, there would leave the clues before it no room; the second clue, 5, "
        "there would leave the last clue, 4, unable to hold the boxes at cells 10–12, 22–25)",
    ),
    # jwilk data078 column 23, step 171: the third 2 over cells 9–10 leaves the last 2 both
    # blocks of 2 after it; the last 2, none to hold them
    "data078 column 23": (
        ("column", 22, (2, 1, 2, 2), "........#..x##x##xxx"),
        "(the first clue, 2, there would leave the clues after it no room; the third clue, 2, "
        "there would leave the last clue, 2, unable to hold the boxes at cells 13–14, 16–17; "
        "the fourth clue, 2, there would leave no clue after it for the boxes at cells 13–14)",
    ),
    # Janko 2129 column 17, step 124: the first 2 over cells 10–11 leaves the box at cell 5 to
    # no clue; the second, the boxes at cells 2 and 5 to the first 2 alone
    "2129 column 17": (
        ("column", 16, (2, 2, 1, 1, 3, 2, 3), ".#..#..x..#..................."),
        "(the first clue, 2, there would leave no clue before it for the box at cell 5; the "
        "second clue, 2, there would leave the first clue, 2, unable to hold the boxes at cells "
        "2, 5; the fifth to seventh clues, 3 2 3, there would each leave the clues before it no "
        "room)",
    ),
}
LINES.update(BOX_LINES)

# where some of a clue's starts over the block would run into a box (a filled cell just
# before or after it), those starts are said so, and the crosses alone rule out the others
TOUCH_LINES = {
    # Mum (webpbn 65) row 33, step 94: the first 5 over cells 5–6 from cell 2 or 4 leaves the
    # 1 1 one or three cells; from cell 3 or 5 it would run into the box at cell 8 or 10
    "mum row 33": (
        ("row", 32, (1, 1, 5, 5, 1, 1), ".....#.#.#..............#.#.#....."),
        "(the third clue, 5, there would leave the clues before it no room, or from cell 3 run "
        "into the box at cell 8, from cell 5 into the box at cell 10; the fourth clue, 5, there "
        "would leave the clues before it no room)",
    ),
    # Mum column 21, step 288: the 7 over cells 3–4 from cell 1 leaves the 1 no cell; from
    # cell 2 or 3 it would run into the boxes at cells 9–10
    "mum column 21": (
        ("column", 20, (1, 7, 2, 16, 1, 1), "...#....##.........###########.........."),
        "(the second clue, 7, there would leave the first clue, 1, no room before it, or from "
        "cell 2 run into the boxes at cells 9–10, from cell 3 into the box at cell 10; the third "
        "and fourth clues, 2 and 16, there would each leave the clues before it no room)",
    ),
    # jwilk data083 row 8, step 159: the 3 over cells 20–21 from cell 20 leaves the last 1
    # cells 24–25, both crossed; from cell 19 it would run into the box at cell 18
    "data083 row 8": (
        ("row", 7, (1, 1, 1, 3, 1), "xxxxxx.x.........#.#...xx"),
        "(the fourth clue, 3, there would leave the last clue, 1, no room after it, or from cell "
        "19 run into the box at cell 18)",
    ),
}
LINES.update(TOUCH_LINES)


@pytest.mark.parametrize("name", sorted(LINES))
def test_a_split_says_why_each_clue_that_long_cannot_cover_the_block(name: str) -> None:
    (axis, index, hints, line), said = LINES[name]
    text, premises = checked_words("joining_splitting", axis, index, hints, line)
    assert said in text, text
    assert any(c["claim"] == "cannot_cover" for p in premises for c in p["claims"])


def test_no_reason_is_said_when_neither_the_crosses_nor_the_boxes_out_of_reach_give_one() -> None:
    # the 4 over cells 6–7 has no start there at all (from cell 4 it would touch the box at
    # cell 3, from cell 5 or 6 it would cover the cross at cell 8): no side to speak of, the
    # words stay as they were
    text, premises = checked_words("joining_splitting", "row", 0, (4, 1, 2), "..#..#.x.....")
    assert "no clue can cover all of it there, so it is empty" in text
    assert not any(c["claim"] == "cannot_cover" for p in premises for c in p["claims"])


def test_the_checker_reads_the_new_words_against_the_line() -> None:
    for name, moves in (
        (
            "air wettener row 9",
            (
                ("the second clue, 2,", "the second clue, 3,"),  # not its size
                ("the second clue, 2,", "the first clue, 2,"),  # not that clue
                ("the first clue, 1, no room before", "the last clue, 1, no room after"),
                ("no room before it)", "no room after it)"),  # not that side
                ("filling cell 3", "filling cell 2"),  # not the joined block's cell
            ),
        ),
        (
            "forever column 2",
            (
                ("the third to seventh clues, 2 2 2 2 2,", "the fourth to seventh clues, 2 2 2 2,"),
                ("the clues after it", "the clues before it"),
                ("would each leave", "would leave"),  # of several clues
            ),
        ),
        (
            "fit",
            (
                ("cells 1–4", "cells 1–5"),  # across the cross at cell 5
                ("cells 1–4", "cells 2–4"),  # not the stretch between crosses
                ("the third clue, 5, does", "the third clue, 4, does"),
                ("does not fit", "do not fit"),
            ),
        ),
        (
            "data078 column 23",
            (
                ("cells 13–14, 16–17;", "cells 13–14;"),  # the 2 after it holds one
                ("cells 13–14, 16–17;", "cells 16–17, 19;"),  # cell 19 crossed
                ("for the boxes at cells 13–14)", "for the box at cell 9)"),  # within its reach
                ("leave no clue after it for", "leave the clues after it unable to hold"),
            ),
        ),
        (
            "2129 column 17",
            (
                (
                    "no clue before it for the box at cell 5",
                    "no clue after it for the box at cell 5",
                ),
                (
                    "there would leave the first clue, 2, unable to hold the boxes at cells 2, 5",
                    "there would leave no clue before it for the boxes at cells 2, 5",
                ),  # the first 2 is before it
                ("at cells 2, 5;", "at cell 5;"),  # the first 2 holds it
            ),
        ),
        (
            "mum row 33",
            (
                (", from cell 5 into the box at cell 10;", ";"),  # from cell 5: room for 1 1
                (
                    "from cell 3 run into the box at cell 8",
                    "from cell 4 run into the box at cell 8",
                ),
                ("from cell 5 into the box at cell 10", "from cell 5 into the box at cell 11"),
            ),
        ),
        (
            "data083 row 8",
            # from cell 19 it leaves cell 23 for the 1
            (
                (
                    "no room after it, or from cell 19 run into the box at cell 18)",
                    "no room after it)",
                ),
            ),
        ),
        (
            "data020 column 4",
            # the boxes at cells 22–25 alone: from cell 4 the 5 leaves the last 4 room for them
            (("cells 10–12, 22–25)", "cells 22–25)"),),
        ),
    ):
        (axis, index, hints, line), said = LINES[name]
        text, _ = checked_words("joining_splitting", axis, index, hints, line)
        cells = line_cells(line)
        assert check_short_words(text, hints, [cells]) == []
        for a, b in moves:
            assert a in text, a
            wrong = text.replace(a, b)
            assert check_short_words(wrong, hints, [cells]), wrong


def test_the_checker_refuses_claims_that_are_not_so() -> None:
    hints, cells = (1, 2), line_cells("...#...........")  # the 1 fits in cells 1–1 now
    arr = arrangements(hints, cells)
    claim = {"claim": "cannot_cover", "clue": 1, "start": 2, "end": 4}
    assert check_claim({**claim, "why": "before", "within": [0, 1]}, hints, cells, arr)
    assert check_claim({**claim, "why": "after", "within": [5, 15]}, hints, cells, arr)
    assert check_claim({**claim, "why": "fit", "within": [0, 15]}, hints, cells, arr)
    # the box at cell 4 is within the 2's reach, and the 1 before it could hold it anyway
    boxed = {**claim, "why": "before", "within": [0, 1], "boxes": [[3, 4]]}
    assert check_claim(boxed, hints, cells, arr)
    hints, cells = (1, 1, 5), line_cells(".............#.###..")
    arr = arrangements(hints, cells)
    claim = {"claim": "cannot_cover", "clue": 2, "start": 12, "end": 14, "why": "after"}
    assert (
        check_claim({**claim, "within": [15, 20], "boxes": [[15, 18]]}, hints, cells, arr) is None
    )
    assert check_claim({**claim, "within": [15, 20], "boxes": [[13, 14]]}, hints, cells, arr)
    # every clue that long must be named: data006's first clue, 3, left out
    (axis, index, hints2, line2), _ = LINES["data006 column 16"]
    _, premises = checked_words("joining_splitting", axis, index, hints2, line2)
    (split,) = [p for p in premises if p["say"] == "split"]
    assert check_inference(split, hints2, len(line2)) is None
    fewer = {**split, "claims": [c for c in split["claims"] if c.get("clue") != 0]}
    assert check_inference(fewer, hints2, len(line2))


def _random_line(rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
    """A random line's clue and cells: a random solution, each cell shown (filled or crossed)
    with a random chance, else undecided."""
    solution, hints = random_solution(rng, 4, 20)
    shown = rng.random() * 0.6
    cells = [(1 if v else 0) if rng.random() < shown else -1 for v in solution]
    return tuple(hints), cells


def test_random_lines_give_no_such_claim_or_words_false() -> None:
    """``SPLIT_LINES`` random lines: every split's ``cannot_cover`` claims are true by brute
    force, name every clue that long (the inference), and their words are read back from the
    text without a problem."""
    rng = random.Random(6574)
    lines = said = claims = boxed = 0
    for _ in range(int(os.environ.get("SPLIT_LINES", "300"))):
        hints, cells = _random_line(rng)
        if not hints:
            continue
        arr = arrangements(hints, cells)
        if not arr:
            continue
        lines += 1
        nm = premise_text.Naming("row", hints, len(cells))
        for w in joining_splitting(WitnessLine(hints, cells, 0, 0, sub=False)):
            if w.say != "split" or not any(c["claim"] == "cannot_cover" for c in w.claims):
                continue
            said += 1
            premise = {"say": w.say, "claims": w.claims, "cells": sorted(w.cells.items())}
            for c in w.claims:
                assert check_claim(c, hints, cells, arr) is None, (hints, cells, c)
                claims += c["claim"] == "cannot_cover"
                boxed += bool(c.get("boxes"))
            assert check_inference(premise, hints, len(cells)) is None, (hints, cells)
            text = premise_text.split(nm, w.claims, premise["cells"])
            assert check_short_words(text, hints, [cells]) == [], (hints, cells, text)
    print(
        f"{lines} lines, {said} splits with reasons, {claims} cannot_cover claims ({boxed} of "
        f"boxes out of reach), none false"
    )
