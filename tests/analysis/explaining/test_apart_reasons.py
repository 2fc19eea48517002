"""A block said to be one clue, by counting: blocks set apart by crosses are other clues.

When the bounds give no short reason a block is one clue's, the blocks before and after it
that crosses set apart (each a clue of its own, so as many clues before and after its holder)
and, when needed, the cells between the crosses around it (too few for the clues as long left
between) are the reason: an ``apart`` claim, the ``because`` of a ``sole_holder`` claim, said
"crosses set apart one block before cell 10 and two after it, so the block at cell 10 can only
be the second clue, 1".  The checker verifies the claim by brute force (the blocks, the crosses
between them, the cells around the block, the holder's place among the clues in every
arrangement) and the arithmetic that leaves only the one clue; the lines are real ones (jwilk
data027, data015) whose sentences gave no reason before.
"""

from __future__ import annotations

import sys
from pathlib import Path

from nonostudio.analysis.explaining.premise_text import Naming, sole_words
from nonostudio.analysis.explaining.premises import WitnessLine, apart_claim, apart_holder
from nonostudio.analysis.explaining.step_text import REASON_SLACK, SHORT_SENTENCE_WORDS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells  # noqa: E402
from sentence_checker import (  # noqa: E402
    arrangements,
    check_claim,
    check_sole_holder,
)


def _checked(technique: str, axis: str, hints: tuple[int, ...], line: str) -> tuple[str, dict]:
    """The step's sentence and its premise with a ``sole_holder`` claim whose reason is an
    ``apart`` claim; the checker passes every premise's claims and inferences."""
    text, premises = checked_words(technique, axis, 4, hints, line)
    (premise,) = [
        p
        for p in premises
        if any(
            c["claim"] == "sole_holder" and c["because"][0]["claim"] == "apart" for c in p["claims"]
        )
    ]
    return text, premise


def test_finished_block_counts_the_blocks_crosses_set_apart() -> None:
    """jwilk data027, row 5 (clue 4 1 3 3), step 164: "the block at cell 10 can only be the
    second clue, 1" gave no reason (the bounds' reason passed the budget).  One block before it
    and two after it, each past a cross, are three other clues: only the second is left."""
    hints, cells = (4, 1, 3, 3), line_cells("..##....x#x###x###xx")
    sole = apart_holder(WitnessLine(hints, cells, 0, 0, False), 1, 9, 10)
    assert sole is not None and sole["because"] == [
        {"claim": "apart", "start": 9, "end": 10, "before": [[2, 4]], "after": [[11, 14], [15, 18]]}
    ]
    assert check_claim(sole, hints, cells, arrangements(hints, cells)) is None
    assert check_sole_holder(sole, hints, len(cells)) is None
    # three blocks: naming them would take more words than the count (and change where the
    # word budget splits the steps), so they are counted
    assert sole_words(Naming("row", hints, len(cells)), sole) == (
        "crosses set apart one block before cell 10 and two after it"
    )


def test_the_clues_left_too_long_for_the_cells_between_the_crosses() -> None:
    """jwilk data002, row 23 (clue 1 3 1 1 3), step 168: counting leaves the second and third
    clues for the block at cell 9; the 3 does not fit between the crosses at cells 8 and 10."""
    hints, cells = (1, 3, 1, 1, 3), line_cells("...x###x#x.x#xx..#..")
    claim = apart_claim(hints, cells, 2, 8, 9, [0, 1, 3, 4])
    assert claim == {
        "claim": "apart",
        "start": 8,
        "end": 9,
        "before": [[4, 7]],
        "after": [[12, 13], [17, 18]],
        "gap": [8, 9],
        "long": [1],
    }
    sole = apart_holder(WitnessLine(hints, cells, 0, 0, False), 2, 8, 9)
    assert sole is not None and sole["because"] == [claim]
    assert check_claim(sole, hints, cells, arrangements(hints, cells)) is None
    assert check_sole_holder(sole, hints, len(cells)) is None


def test_counting_says_in_fewer_words_what_the_bounds_said() -> None:
    """jwilk data015, column 8 (clue 5 3 4 2), step 75: the block at cells 12-15 is the third
    clue, 4: the 5, the only other clue as long, is the block past the cross before it, or
    before that.  Counting says so in fewer words than the bound the step gave (61 words, then
    53; 77 since the block at cells 8–10 is said with its own reason, the boxes each other clue
    would leave unheld, within SHORT_SENTENCE_WORDS; 73 since its boxes are 'they' after it)."""
    text, _ = _checked("punctuate", "column", (5, 3, 4, 2), ".......###x####..x.......")
    assert (
        "Cells 8–10, past a cross: an earlier clue, so the block at cells 12–15 can only be the "
        "third clue, 4, and is finished: cell 16 is empty" in text
    )
    # the counting part's words, after the first block's: 28 of the 53 before too
    counting = text.split(". ", 1)[1]
    assert len(counting.split()) == 28, counting
    assert "hold the boxes at cells 12–15, so they can only be the second clue, 3," in text
    assert len(text.split()) <= SHORT_SENTENCE_WORDS


def test_a_first_premise_keeps_its_reason_within_the_slack() -> None:
    """jwilk data015, row 3 (clue 1 4 2), step 90: the first premise's reason (the 4 starts at
    cell 5 or later) was left out, passing the 62-word budget by a few words; it is said when
    the body passes the budget by no more than REASON_SLACK words (the cells are the same)."""
    hints, line = (1, 4, 2), "......##.x.x............."
    text, premises = checked_words("glue", "row", 2, hints, line)
    assert (
        "the second clue, 4, starts at cell 5 or later, after the first clue, 1 (from cell 3 "
        "or 4 it would make the block at cells 7–8 longer than 4), so the box at cells 7–8 can "
        "only be the second clue, 4" in text
    )
    body = len(text.split(": ", 1)[1].split())
    assert 62 < body <= 62 + REASON_SLACK
    assert [p for q in premises for p, _ in q["cells"]] == [5]


def test_the_checker_refuses_a_false_count() -> None:
    hints, cells = (1, 3, 1, 1, 3), line_cells("...x###x#x.x#xx..#..")
    arr = arrangements(hints, cells)
    good = {"claim": "apart", "start": 8, "end": 9, "before": [[4, 7]], "after": [[12, 13]]}
    assert check_claim(good, hints, cells, arr) is None
    # no cross between the block at cell 13 and the one at cell 18
    two = {**good, "after": [[12, 13], [17, 18]]}
    assert check_claim(two, hints, cells, arr) is None
    near = {**good, "after": [[12, 13], [14, 15]]}  # not filled
    assert check_claim(near, hints, cells, arr) is not None
    hints2, cells2 = (1, 3, 1, 1, 3), line_cells("...x###x#.#x#xx..#..")  # cells 9 and 11 joined
    arr2 = arrangements(hints2, cells2)
    joined = {**good, "after": [[10, 11], [12, 13]]}
    assert check_claim(joined, hints2, cells2, arr2) == "no cross between cells 8 and 10"
    # a gap that is not walled by crosses
    assert check_claim({**good, "gap": [8, 10]}, hints, cells, arr) is not None
    # the count leaves the 3 (the second clue) able to hold the block: no gap stated
    sole = {"claim": "sole_holder", "start": 8, "end": 9, "clues": [2], "because": [good]}
    assert check_sole_holder(sole, hints, len(cells)) == (
        "counting leaves clues [1, 3] able to hold [8, 9)"
    )
    # with the gap, the 3 is too long for cell 9, but the fourth clue is left by one block after
    gap = {**good, "gap": [8, 9], "long": [1]}
    assert "able to hold" in check_sole_holder({**sole, "because": [gap]}, hints, len(cells))
    full = {**two, "gap": [8, 9], "long": [1]}
    assert check_sole_holder({**sole, "because": [full]}, hints, len(cells)) is None
    # the clues named too long must be those left
    assert (
        check_sole_holder({**sole, "because": [{**full, "long": [1, 3]}]}, hints, len(cells))
        is not None
    )


def test_edges_and_walls_drops_the_holders_counting_keeps_off() -> None:
    """Janko 1440 (30x30), row 16 (clue 2 2 2 6 3), step 171: "the box at cell 8 is the second,
    2, … or the third, 2, …" offered the second, which the two blocks before it, each past a
    cross, keep off (brute force: only the third holds it).  Counting drops it, with that
    reason (a ``kept_off`` claim whose reason is an ``apart`` claim)."""
    hints, line = (2, 2, 2, 6, 3), "##xx##x#...................##."
    text, premises = checked_words("glue", "row", 15, hints, line)
    cells = line_cells(line)
    assert text == (
        "Row 16 — Edges and walls: cells 1–2, 5–6, past crosses: two earlier clues, so the box "
        "at cell 8 can only be the third clue, 2, starting at cell 8 to hold it (it cannot cross "
        "the cross at cell 7), so cell 9 is filled."
    )
    (kept,) = [c for p in premises for c in p["claims"] if c["claim"] == "kept_off"]
    assert kept["clues"] == [0, 1] and kept["because"][0]["before"] == [[0, 2], [4, 6]]
    # the checker refuses the second clue kept off by one block only, or the third kept off
    one = {**kept, "because": [{**kept["because"][0], "before": [[4, 6]]}]}
    assert (
        check_sole_holder(one, hints, len(cells)) == "counting leaves clues [1] able to hold [7, 8)"
    )
    third = {**kept, "clues": [2]}
    assert check_sole_holder(third, hints, len(cells)) is not None


def test_edges_and_walls_counts_every_clue_off_when_it_can() -> None:
    """Counting that keeps every other clue off the box is the reason given when the line has it,
    not only the count that keeps the other possible holders off: "two blocks before cell 8"
    alone left the fourth clue, 6, able to hold the box by counting (a reviewer's "why not the
    fourth?"); the two blocks after it rule out the fourth and fifth too.  Janko 1440's row 16
    with its right end filled in."""
    hints, line = (2, 2, 2, 6, 3), "##xx##x#...........x######x.##"
    text, premises = checked_words("glue", "row", 15, hints, line)
    assert (
        "crosses set apart two blocks before cell 8 and two after it, so the box at cell 8 can "
        "only be the third clue, 2" in text
    )
    (kept,) = [c for p in premises for c in p["claims"] if c["claim"] == "kept_off"]
    assert kept["clues"] == [0, 1, 3, 4]


def test_edges_and_walls_counts_off_what_the_bounds_leave() -> None:
    """jwilk data011, column 4 (clue 2 4 2), step 166: the bounds keep the second clue off the
    box at cell 15, and the words offered "the first, 2, … or the third, 2, …", but the block
    after the cross at cell 21 keeps the third off it (brute force: only the first holds it).
    Counting now drops the third too, and the box is said to be the first clue's alone."""
    hints, line = (2, 4, 2), "..............#.#.##x##xx"
    text, premises = checked_words("glue", "column", 3, hints, line)
    (held,) = [c for p in premises for c in p["claims"] if c["claim"] == "holders"]
    assert held["clues"] == [0]
    assert "can only be the first clue, 2" in text
    assert "the third" not in text


def test_edges_and_walls_says_the_bounds_and_the_count_together() -> None:
    """When the bounds keep the first clue off the box and counting keeps the third off, the
    sentence gives both reasons, in that order, before "can only be" (clue 3 3 2: brute force
    leaves only the second clue to hold the box at cell 10)."""
    hints, line = (3, 3, 2), "..#......#x.#......"
    text, premises = checked_words("glue", "row", 0, hints, line)
    kept = [c for p in premises for c in p["claims"] if c["claim"] == "kept_off"]
    assert [k["because"][0]["claim"] for k in kept][1:] == ["apart"] and len(kept) == 2
    assert (
        "the first clue, 3, holds the box at cell 3, so it ends by cell 5, and cell 13, past a "
        "cross: a later clue; so the box at cell 10 can only be the second clue, 3" in text
    )
