"""A block's one clue by the room the crosses leave on its sides.

The lines are real ones (steps numbered as ``explain`` prints them, the line as it stood before
the step) whose words said "the block at … can only be the third clue, 1" with no reason: the
reasons the code found (bounds with their chains) were too long for the step's word budget.
Two short ones, each a fact of the crosses and the blocks, are said now:

* the crosses leave no room before the block for one clue more than those before its clue, nor
  after it (a ``room_block`` claim): "the block at cell 16, with room for only two clues
  before it and only three after it, can only be the third clue, 1";
* no room on one side for one clue more than the blocks there, each set apart from the next
  by crosses and so another clue (a ``room_apart_block`` claim): "the block at cells 19–20,
  with room for only two clues after it and two blocks there set apart by crosses, can only
  be the fourth clue, 2".

Every claim is checked by brute force over the line's arrangements and each inference by the
checker (:func:`checked_words`), whose own enumeration checks the room, and the words are read
back from the text against the line (:func:`check_short_words`); the checker is shown to refuse
such a claim or such words that are not true.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells  # noqa: E402
from sentence_checker import arrangements, check_claim, check_short_words  # noqa: E402

from nonostudio.analysis.explaining.premise_text import room_sides_words  # noqa: E402
from nonostudio.analysis.explaining.premises import short_reasons  # noqa: E402
from nonostudio.analysis.explaining.step_text import (  # noqa: E402
    BODY_WORDS,
    SHORT_SENTENCE_WORDS,
    SHORT_SLACK,
)

# (technique, axis, index, clue, line before the step), the words now said
LINES = {
    # jwilk data067.nin column 16, step 84: was "the block at cell 16 can only be the third
    # clue, 1, so it is finished" (cells 2–13 hold no 1 9 1, 13 cells; cells 18–25, crosses at
    # 21 and 23, hold no 1 2 1 2)
    "data067 column 16": (
        ("punctuate", "column", 15, (1, 9, 1, 2, 1, 2), "x...########.x.#....x#x##"),
        "the block at cell 16, with room for only two clues before it and only three after it, "
        "can only be the third clue, 1, so it is finished",
    ),
    # Janko 2139 row 4, step 81 (Edges and walls): was "the box at cells 18–19 can only be the
    # third clue, 4, starting …" (cells 1–16 hold no 4 9 4, 19 cells; cells 21–30 no 4 8)
    "2139 row 4": (
        ("glue", "row", 3, (4, 9, 4, 8), "..##...########..##...######.."),
        "the box at cells 18–19, with room for only two clues before it and only one after it, "
        "can only be the third clue, 4, starting",
    ),
    # Janko 1377 column 15, step 265: was "the block at cells 19–20 can only be the fourth
    # clue, 2" (after it, cells 22–25 hold no 2 2 1, and the blocks at cells 23 and 25 are two)
    "1377 column 15": (
        ("matching", "column", 14, (1, 5, 2, 2, 2, 1), "#xx#####x........x##x.#x#"),
        "the block at cells 19–20, with room for only two clues after it and two blocks there "
        "set apart by crosses, can only be the fourth clue, 2,",
    ),
    # Janko 2139 row 24, step 460: was "the block at cell 24 can only be the sixth clue, 1"
    # (before it, five blocks each past a cross, and no room in cells 1–22 for six clues)
    "2139 row 24": (
        ("matching", "row", 23, (3, 3, 2, 2, 3, 1, 1), "###xxx###x##xx##x.##xx.#.....x"),
        "the block at cell 24, with room for only five clues before it and five blocks there "
        "set apart by crosses, can only be the sixth clue, 1,",
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_block_s_clue_is_said_with_the_room_on_its_sides(name: str) -> None:
    move, said = LINES[name]
    text, premises = checked_words(*move, later_rounds=False)  # claims by brute force
    assert said in text
    kinds = {c["claim"] for p in premises for c in p["claims"]}
    assert kinds & {"room_block", "room_apart_block"}
    assert len(text.split(": ", 1)[1].split()) <= BODY_WORDS + SHORT_SLACK
    assert len(text.split()) <= SHORT_SENTENCE_WORDS


def _refused(claim: dict, hints: tuple[int, ...], line: str) -> str | None:
    cells = line_cells(line)
    return check_claim(claim, hints, cells, arrangements(hints, cells))


def test_the_checker_refuses_room_that_is_not_so() -> None:
    hints, line = (1, 9, 1, 2, 1, 2), "x...########.x.#....x#x##"
    good = {
        "claim": "room_block",
        "start": 15,
        "end": 16,
        "clues": [2],
        "room_before": 2,
        "room_after": 3,
    }
    assert _refused(good, hints, line) is None
    assert _refused({**good, "room_before": 3, "room_after": 2}, hints, line)  # not the third's
    assert _refused({**good, "clues": [3], "room_before": 3, "room_after": 2}, hints, line)
    # without the cross at cell 14, cells 2–14 have room for 1 9 1 before it
    assert _refused(good, hints, "x...########...#....x#x##")
    apart = {
        "claim": "room_apart_block",
        "start": 18,
        "end": 20,
        "clues": [3],
        "side": "after",
        "count": 2,
        "blocks": [[22, 23], [24, 25]],
    }
    hints, line = (1, 5, 2, 2, 2, 1), "#xx#####x........x##x.#x#"
    assert _refused(apart, hints, line) is None
    assert _refused({**apart, "blocks": [[22, 23]]}, hints, line)  # not all the blocks there
    assert _refused({**apart, "count": 1, "clues": [4]}, hints, line)
    # no cross between the blocks at cells 23 and 25: one clue could hold both
    assert _refused(apart, hints, "#xx#####x........x##x.#.#")
    # no cross after cell 20: room there for a third clue
    assert _refused(apart, hints, "#xx#####x........x##..#x#")


def test_the_checker_reads_the_room_words_against_the_line() -> None:
    for name in ("data067 column 16", "1377 column 15"):
        move, said = LINES[name]
        hints, cells = move[3], line_cells(move[4])
        text = f"Column 16 — Finished block: {said}."
        assert check_short_words(text, hints, [cells]) == []
        for a, b in (
            ("only two clues before", "only three clues before"),  # the count is the clue's
            ("only three after", "only two after"),
            ("the third clue, 1", "the fourth clue, 2"),
            ("with room for only two", "with room for about two"),  # words it cannot read
            ("two blocks there", "one block there"),  # the counts differ
            ("the fourth clue, 2,", "the third clue, 2,"),
            ("after it and two", "before it and two"),  # not the side counted
        ):
            if a in text:
                wrong = text.replace(a, b)
                assert check_short_words(wrong, hints, [cells]), wrong
    # the cross at cell 14 taken away: room before cell 15 for three clues
    move, said = LINES["data067 column 16"]
    text = f"Column 16 — Finished block: {said}."
    assert check_short_words(text, move[3], [line_cells("x...########...#....x#x##")])


def test_no_room_for_a_clue_on_one_side_is_said_so() -> None:
    # the block at cell 3: cell 1 has no room for the 2, and cells 5–8 (a cross at cell 7) room
    # for one 2 only
    hints, line = (2, 2), "x.#.x.#x"
    (claim,) = [
        c for c in short_reasons(hints, line_cells(line), 2, 3, 0) if c["claim"] == "room_block"
    ]
    words = room_sides_words(claim)
    assert words == "with room for no clue before it and only one after it"
    text = f"Row 1 — Finished block: the block at cell 3, {words}, can only be the first clue, 2."
    assert check_short_words(text, hints, [line_cells(line)]) == []
    assert check_short_words(text.replace("no clue", "only one clue"), hints, [line_cells(line)])
