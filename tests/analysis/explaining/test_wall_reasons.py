"""Reasons a block is one clue, or a box is not a far clue's, given where they were missing.

The lines are real ones from the teaching benchmark's traces (jwilk-nonogram, steps numbered as
``explain`` prints them) whose sentences said "can only be" without a reason, or offered a
clue unable to hold a box:

* the walls around a block: every start of every other clue as long over it would cover a
  cross or run into other boxes ("a 3 or a 4 over cell 10 would cover the cross at cell 9 or
  run into the boxes at cells 12–14") — a ``sole_holder`` claim with an ``over`` reason;
* two blocks of a part whose reasons differ in kind, each said with its own ("the last block,
  at cells 18–19, can only be the fourth clue, 2, so the block at cells 15–16 can only be the
  third clue, 4");
* Edges and walls keeps off a box the far clue the ranges the other boxes narrow cannot bring
  there, with a longer reason, rather than offer it as a holder.

Every claim is checked by brute force (every arrangement of the line) and every inference by
the independent checker's arithmetic; the checker is shown to refuse the reasons tampered with.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells  # noqa: E402
from sentence_checker import _holder, arrangements, check_inference  # noqa: E402

# the premises of the first round are checked (on the line as given)
_explained = partial(checked_words, later_rounds=False)


def _sole(premises: list[dict[str, Any]]) -> dict[str, Any]:
    (sole,) = [c for p in premises for c in p["claims"] if c["claim"] == "sole_holder"]
    return sole


# jwilk data027.nin, row 5 (step 62): "the block at cell 10 can only be the second clue, 1"
DATA027_ROW5 = ((4, 1, 3, 3), "........x#.###x###xx")


def test_the_walls_around_a_block_keep_the_longer_clues_off_it() -> None:
    hints, line = DATA027_ROW5
    text, premises = _explained("punctuate", "row", 4, hints, line)
    assert text == (
        "Row 5 — Finished block: a 3 or a 4 over cell 10 would cover the cross at cell 9 or run "
        "into the boxes at cells 12–14, so the block at cell 10 can only be the second clue, 1, "
        "and is finished: cell 11 is empty."
    )
    sole = _sole(premises)
    assert sole["over"] == [3, 4]
    assert {c["claim"] for c in sole["because"]} == {"cannot_start"}


def test_the_checker_refuses_walls_that_leave_a_clue_room() -> None:
    """The ``over`` reason without one of its ruled-out starts, naming a length no other clue
    has, or leaving out a length it rules out, is refused."""
    hints, line = DATA027_ROW5
    cells = line_cells(line)
    _, premises = _explained("punctuate", "row", 4, hints, line)
    (premise,) = [p for p in premises if any(c["claim"] == "sole_holder" for c in p["claims"])]
    sole = _sole(premises)

    def with_sole(changed: dict[str, Any]) -> dict[str, Any]:
        claims = [changed if c is sole else c for c in premise["claims"]]
        return {**premise, "claims": claims}

    assert check_inference(with_sole(sole), hints, len(cells)) is None
    short = sole["because"][:-1]
    fewer = {**sole, "because": short, "walls": len(short)}
    assert check_inference(with_sole(fewer), hints, len(cells)) is not None
    assert check_inference(with_sole({**sole, "over": [3]}), hints, len(cells)) is not None
    assert check_inference(with_sole({**sole, "over": [1, 3, 4]}), hints, len(cells)) is not None


def test_a_part_s_two_blocks_each_say_their_own_reason() -> None:
    """jwilk data040.nin, row 2 (step 132): "the blocks at cells 15–16 and cells 18–19 can only
    be the third and fourth clues" gave no reason; the last block is the fourth clue's by the
    clues' order, and that keeps the second, 2, off the block before it."""
    text, premises = _explained("matching", "row", 1, (1, 2, 4, 2), "..............##x##x")
    assert text.startswith(
        "Row 2 — Matching blocks to clues: the last block, at cells 18–19, can only be the "
        "fourth clue, 2, so the block at cells 15–16 can only be the third clue, 4, and cells "
        "13–16 hold only the third clue, 4;"
    )
    part = premises[0]
    assert [c["claim"] for c in part["claims"]] == [
        "sole_holder",
        "holders",
        "edge_block",
        "holders",
        "part",
    ]


def _holders(premises: list[dict[str, Any]]) -> list[int]:
    (glue,) = [p for p in premises if p["say"] == "glue"]
    (b,) = [c for c in glue["claims"] if c["claim"] == "block"]
    (held,) = [
        c
        for c in glue["claims"]
        if c["claim"] == "holders" and (c["start"], c["end"]) == (b["start"], b["end"])
    ]
    return list(held["clues"])


def _able(hints: tuple[int, ...], line: str, start: int, end: int) -> set[int | None]:
    return {_holder(hints, a, start, end) for a in arrangements(hints, line_cells(line))}


def test_edges_and_walls_does_not_offer_a_clue_the_narrowed_ranges_keep_off() -> None:
    """jwilk data046.nin, row 19 (step 53): "the box at cell 12 is the second, 2, … or the
    third, 2" offered the second, which cannot hold it (the 4 must hold the boxes at cells
    16–18, leaving the third no room after it)."""
    hints, line = (2, 2, 2, 4, 2), "........#.x#...###............"
    text, premises = _explained("glue", "row", 18, hints, line)
    assert _holders(premises) == [2] and _able(hints, line, 11, 12) == {2}
    assert "can only be the third clue, 2" in text and "the second, 2" not in text
    (kept,) = [c for p in premises for c in p["claims"] if c["claim"] == "kept_off"]
    assert kept["clues"] == [1]


def test_edges_and_walls_drops_the_far_clue_of_three() -> None:
    """jwilk data046.nin, row 12 (step 243): the box at cell 20 was offered to the third, the
    fourth or the fifth clue; the fifth, 3, holds the last box (cell 23) and the cross at cell
    21 keeps it after that, so only the third and fourth are offered."""
    hints, line = (2, 4, 2, 2, 3), "xx##xx..##.........#x.#......."
    text, premises = _explained("glue", "row", 11, hints, line)
    assert _holders(premises) == [2, 3] and _able(hints, line, 19, 20) == {2, 3}
    assert "the fifth, 3," not in text
