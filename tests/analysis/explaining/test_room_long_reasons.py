"""A block's one clue by the room on one side and a block there too long for the clues at that end.

The lines are real ones (steps numbered as ``explain`` prints them, the line as it stood before
the step) whose words said "the block at cell 9 can only be the third clue, 1" with no reason.
The ``room_apart_block`` claim now counts a side's blocks with the clues the farthest one is too
long for ("long"): fewer blocks than clues there, the farthest longer than each of the clues at
that end that make up the difference, so it is a later (earlier) clue than those, each nearer
block another, and the crosses leave no room there for one clue more: "the block at cell 9,
with room for only two clues before it and one block there set apart by a cross, too long for
the first clue, 1, can only be the third clue, 1".  A block so reasoned is one a later reason
may rest on (the room reasons are among ``SHORT_REASONS`` now): "the block at cell 13, walled
in, with no room for the fifth clue, 3, in cells 10–12 before it, …".

Every claim is checked by brute force over the line's arrangements and each inference by the
checker (:func:`checked_words`), and the words are read back from the text against the line
(:func:`check_short_words`); the checker is shown to refuse such claims or words that are not
true.
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

# (technique, axis, index, clue, line before the step), the words now said
LINES = {
    # jwilk data002.nin row 23, step 168: was "the block at cell 9 can only be the third clue,
    # 1, and the block at cell 13 can only be the fourth clue, 1" (cells 1–7 hold no 1 3 1; the
    # block at cells 5–7, past the cross at cell 8, is no 1, so at least the second clue)
    "data002 row 23": (
        ("punctuate", "row", 22, (1, 3, 1, 1, 3), "...x###x#x.x#xx..#.."),
        (
            "the block at cell 9, with room for only two clues before it and one block there set "
            "apart by a cross, too long for the first clue, 1, can only be the third clue, 1,",
            "the block at cell 13, walled in, with no room for the fifth clue, 3, in cells 10–12 "
            "before it, can only be the fourth clue, 1,",
        ),
    ),
    # Janko 2139 row 3, step 57: was "the box at cell 10 can only be the second clue, 3,
    # starting …" (cells 13–30 hold no 3 12 2; the block at cells 16–24 is no 2)
    "2139 row 3": (
        ("glue", "row", 2, (3, 3, 12, 2), ".........#.x...#########......"),
        (
            "the box at cell 10, with room for only two clues after it and one block there set "
            "apart by a cross, too long for the last clue, 2, can only be the second clue, 3,",
        ),
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_a_block_too_long_for_the_clues_at_its_end_counts_them(name: str) -> None:
    move, said = LINES[name]
    text, premises = checked_words(*move, later_rounds=False)  # claims by brute force
    for words in said:
        assert words in text
    long = [c for p in premises for c in p["claims"] if c.get("long")]
    assert [c["claim"] for c in long] == ["room_apart_block"]


def _refused(claim: dict, hints: tuple[int, ...], line: str) -> str | None:
    cells = line_cells(line)
    return check_claim(claim, hints, cells, arrangements(hints, cells))


def test_the_checker_refuses_a_long_block_that_is_not_so() -> None:
    move, _ = LINES["data002 row 23"]
    hints, line = move[3], move[4]
    (claim,) = [
        c
        for c in short_reasons(hints, line_cells(line), 8, 9, 2)
        if c["claim"] == "room_apart_block"
    ]
    assert (claim["long"], claim["sizes"], claim["blocks"]) == (1, [1], [[4, 7]])
    assert _refused(claim, hints, line) is None
    assert _refused({**claim, "sizes": [3]}, hints, line)  # not the first clue
    assert _refused({**claim, "long": 0}, hints, line)  # one block is not two clues
    # a first clue of 3: the block at cells 5–7 could be it, and the block at cell 9 the second
    assert _refused(claim, (3, 3, 1, 1, 3), line)
    # no cross at cell 4: the first three clues fit in cells 1–7
    assert _refused(claim, hints, ".......x#x.x#xx..#..")
    # two clues too short for it, said of a line where the second is not
    assert _refused({**claim, "long": 2, "sizes": [1, 3]}, hints, line)


def test_the_checker_reads_the_new_words_against_the_line() -> None:
    for name, moves in (
        (
            "data002 row 23",
            (
                ("the first clue, 1, can", "the first clue, 3, can"),  # not the first clue
                ("only two clues before", "only three clues before"),  # not the third's count
                ("cell 9, with", "cell 13, with"),  # two blocks before cell 13
                ("the third clue, 1,", "the fourth clue, 1,"),
                ("a cross, too long", "a cross, the first too long"),  # one block, not several
                ("the first clue, 1, can", "the first two clues, 1 and 3, can"),
                ("the first clue, 1, can", "the last clue, 1, can"),  # not that side's end
            ),
        ),
        (
            "2139 row 3",
            (
                ("the last clue, 2", "the last clue, 3"),
                ("the last clue, 2", "the first clue, 3"),
                ("cell 10, with", "cell 16, with"),
                ("the second clue, 3", "the first clue, 3"),
            ),
        ),
    ):
        move, said = LINES[name]
        hints, cells = move[3], line_cells(move[4])
        text = f"Row 1 — Edges and walls: {said[0]} so it is said."
        assert check_short_words(text, hints, [cells]) == []
        for a, b in moves:
            assert a in text, a
            wrong = text.replace(a, b)
            assert check_short_words(wrong, hints, [cells]), wrong


def test_several_blocks_name_the_farthest_too_long() -> None:
    # the block at cell 9: the blocks at cells 3–4 and 7, set apart by crosses, are at least
    # the second and third clues (cells 3–4 no 1), and cells 1–7 hold no 1 2 1 1
    hints, line, s, e, i = (1, 2, 1, 1), "..##xx#x#x..", 8, 9, 3
    (claim,) = [
        c
        for c in short_reasons(hints, line_cells(line), s, e, i)
        if c["claim"] == "room_apart_block"
    ]
    assert _refused(claim, hints, line) is None
    words = room_sides_words(claim)
    assert words == (
        "with room for only three clues before it and two blocks there set apart by crosses, the "
        "first too long for the first clue, 1"
    )
    text = f"Row 1 — Finished block: the block at cell 9, {words}, can only be the fourth clue, 1."
    cells = line_cells(line)
    assert check_short_words(text, hints, [cells]) == []
    assert check_short_words(text.replace("the first too", "too"), hints, [cells])
    assert check_short_words(text.replace("the first too", "the last too"), hints, [cells])
    # a first clue of 2: the block at cells 3–4 could be it
    assert check_short_words(text.replace("clue, 1, can", "clue, 2, can"), (2, 2, 1, 1), [cells])


# The box's own stretch too short for the clues the room leaves on one side (a
# ``room_stretch_block`` claim): the crosses leave room there for only that many clues, so the
# box's clue is one of them or the next, and no cross lies near enough around the box for any
# of them.  (line, the words now said)
STRETCH = {
    # Janko 1939 column 17, step 222: was "the box at cell 24 can only be the sixth clue, 2,
    # starting …" (cells 27–30 hold no 2 3; cells 24–25, between the crosses at cells 23 and 26,
    # hold no 3)
    "1939 column 17": (
        ("glue", "column", 16, (3, 1, 1, 2, 2, 2, 3), "###x................xxx#.x...."),
        "the box at cell 24, with room for only one clue after it, walled in cells 24–25, too "
        "short for the last clue, 3, can only be the sixth clue, 2,",
    ),
    # jwilk data046 row 18, step 172: was "… and the block at cell 13 can only be the third
    # clue, 1, …" (cells 1–11 hold no 4 2 1)
    "data046 row 18": (
        ("matching", "row", 17, (4, 2, 1, 1, 2, 2), "####xxxxx..x#x#x##x..........."),
        "the block at cell 13, with room for only two clues before it, walled in, too short for "
        "the first two clues, 4 and 2, can only be the third clue, 1,",
    ),
}


@pytest.mark.parametrize("name", sorted(STRETCH))
def test_a_stretch_too_short_for_the_clues_the_room_leaves_names_the_clue(name: str) -> None:
    move, said = STRETCH[name]
    text, premises = checked_words(*move, later_rounds=False)  # claims by brute force
    assert said in text
    assert "room_stretch_block" in {c["claim"] for p in premises for c in p["claims"]}


def test_the_checker_refuses_a_stretch_that_is_not_so() -> None:
    move, said = STRETCH["1939 column 17"]
    hints, line = move[3], move[4]
    (claim,) = [
        c
        for c in short_reasons(hints, line_cells(line), 23, 24, 5)
        if c["claim"] == "room_stretch_block"
    ]
    assert (claim["within"], claim["sizes"]) == ([23, 25], [3])
    assert _refused(claim, hints, line) is None
    assert _refused({**claim, "within": [23, 24]}, hints, line)  # not all the cells there
    assert _refused(claim, (3, 1, 1, 2, 2, 2, 2), line)  # a last 2 fits in cells 24–25
    assert _refused(claim, hints, "###x................xxx#......")  # a 3 fits in cells 24–26
    assert _refused({**claim, "clues": [4]}, hints, line)
    cells = line_cells(line)
    text = f"Column 17 — Edges and walls: {said} so it is said."
    assert check_short_words(text, hints, [cells]) == []
    for a, b in (
        ("cells 24–25,", "cells 24–26,"),  # cell 26 is crossed
        ("walled in cells 24–25,", "walled in,"),  # cell 25 is no cross
        ("the last clue, 3", "the last clue, 2"),
        ("the last clue, 3", "the first clue, 3"),  # not that side's end
        ("only one clue after", "only two clues after"),
        ("the sixth clue, 2", "the fifth clue, 2"),
    ):
        wrong = text.replace(a, b)
        assert wrong != text
        assert check_short_words(wrong, hints, [cells]), wrong
