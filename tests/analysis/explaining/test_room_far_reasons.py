"""A block's one clue by the room on one side and the blocks there, too far apart for one clue.

The lines are real ones (steps numbered as ``explain`` prints them, the line as it stood before
the step) whose words said "the box at … can only be the third clue, 6" with no reason. Two
more forms of the ``room_apart_block`` claim say why now:

* the blocks on one side set apart, from each other and from the box, by more cells than the
  longest clue (or some by crosses), so each another clue, and no room there for one clue
  more: "the box at cell 16, with room for only two clues before it and two blocks there, too
  far from each other and from it for one clue, can only be the third clue, 6";
* no room on one side for the first (last) clue at all: "the box at cells 24–25, with room for
  no clue after it, can only be the fifth clue, 6";
* as many blocks on each side as clues there, each set apart from the next by a cross or too
  far from it for one clue (a ``blocks_apart_block`` claim): "the block at cell 9, with one
  block before it and three after it, set apart by crosses or too far apart for one clue, can
  only be the second clue, 1".

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
from nonostudio.analysis.explaining.step_text import (  # noqa: E402
    BODY_WORDS,
    SHORT_SENTENCE_WORDS,
    SHORT_SLACK,
)

# (technique, axis, index, clue, line before the step), the words now said
LINES = {
    # jwilk data002.nin column 11, step 13: was "the box at cell 16 can only be the third clue,
    # 6, starting …" (cells 2–5, 8–13 and 16 span 12 and 9 cells, more than the 7; cells 1–14
    # hold no 5 7 6)
    "data002 column 11": (
        ("glue", "column", 10, (5, 7, 6, 1), ".####..######..#.###....."),
        "the box at cell 16, with room for only two clues before it and two blocks there, too "
        "far from each other and from it for one clue, can only be the third clue, 6,",
    ),
    # Janko 1939 column 18, step 255: was "the box at cells 24–25 can only be the fifth clue, 6,
    # starting …" (cells 27–29, before the cross at cell 30, hold no 6)
    "1939 column 18": (
        ("glue", "column", 17, (2, 2, 1, 3, 6), "##xx..x...........##...##..#.x"),
        "the box at cells 24–25, with room for no clue after it, can only be the fifth clue, 6,",
    ),
    # jwilk data078.nin row 13, step 153: was "the block at cell 9 can only be the second clue,
    # 1" (cells 4 to 9, 9 to 16, 16 to 19 and 19 to 24 each span more than 3 cells, the
    # longest clue; some have crosses between, cells 16 and 19 none)
    "data078 row 13": (
        ("matching", "row", 12, (1, 1, 1, 2, 3), "x.x#x..x#x.xxxx#..#.x###x"),
        "the block at cell 9, with one block before it and three after it, too far apart for one "
        "clue, can only be the second clue, 1,",
    ),
    # Janko 2129 row 20, step 438: was "the block at cells 10–11 can only be the second clue, 2"
    "2129 row 20": (
        ("matching", "row", 19, (3, 2, 1, 3, 1), ".......#x##..x..x#x###xxx#xxxx"),
        "the block at cells 10–11, with one block before it and three after it, set apart by "
        "crosses, can only be the second clue, 2,",
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_box_s_clue_is_said_with_the_blocks_and_room_on_one_side(name: str) -> None:
    move, said = LINES[name]
    text, premises = checked_words(*move, later_rounds=False)  # claims by brute force
    assert said in text
    kinds = {c["claim"] for p in premises for c in p["claims"]}
    assert kinds & {"room_apart_block", "blocks_apart_block"}


def _refused(claim: dict, hints: tuple[int, ...], line: str) -> str | None:
    cells = line_cells(line)
    return check_claim(claim, hints, cells, arrangements(hints, cells))


# the block at cell 7: the blocks at cells 1 and 5 span more than 3 cells, the one at cell 5
# is past the cross at cell 6 (but near enough for a 3), and cells 1–5 hold no 1 3 1
MIXED = ((1, 3, 1), "#...#x#x.", 6, 7, 2)


def test_blocks_set_apart_by_crosses_or_distance_are_said_so() -> None:
    hints, line, s, e, i = MIXED
    (claim,) = [
        c
        for c in short_reasons(hints, line_cells(line), s, e, i)
        if c["claim"] == "room_apart_block"
    ]
    assert claim["apart"] == "mixed"
    assert _refused(claim, hints, line) is None
    words = room_sides_words(claim)
    assert words == (
        "with room for only two clues before it and two blocks there, set apart by crosses or "
        "too far apart for one clue"
    )
    text = f"Row 1 — Finished block: the block at cell 7, {words}, can only be the third clue, 1."
    assert check_short_words(text, hints, [line_cells(line)]) == []
    # all said too far apart: the block at cell 5 and the box are not (a 3 spans cells 5–7)
    far = text.replace(
        ", set apart by crosses or too far apart for one clue",
        ", too far from each other and from it for one clue",
    )
    assert check_short_words(far, hints, [line_cells(line)])


def test_the_checker_refuses_blocks_and_room_that_are_not_so() -> None:
    move, _ = LINES["data002 column 11"]
    hints, line = move[3], move[4]
    far = {
        "claim": "room_apart_block",
        "start": 15,
        "end": 16,
        "clues": [2],
        "side": "before",
        "count": 2,
        "blocks": [[1, 5], [7, 13]],
        "apart": "far",
    }
    assert _refused(far, hints, line) is None
    assert _refused({**far, "apart": "crosses"}, hints, line)  # no cross between them
    # a 12 among the clues: one clue could hold the block at cells 8–13 and the box
    assert _refused(far, (5, 12, 6, 1), line)
    assert _refused({**far, "blocks": [[7, 13]]}, hints, line)  # not all the blocks there
    hints, line, s, e, i = MIXED
    mixed = short_reasons(hints, line_cells(line), s, e, i)[-1]
    assert mixed["apart"] == "mixed"
    assert _refused({**mixed, "apart": "far"}, hints, line)  # a 3 could span cells 5–7
    # without the cross at cell 6, one 3 could hold the block at cell 5 and the box
    assert _refused(mixed, hints, "#...#.#x.")
    move, _ = LINES["1939 column 18"]
    hints, line = move[3], move[4]
    none = {
        "claim": "room_apart_block",
        "start": 23,
        "end": 25,
        "clues": [4],
        "side": "after",
        "count": 0,
        "blocks": [],
        "apart": "crosses",
    }
    assert _refused(none, hints, line) is None
    assert _refused(none, (2, 2, 1, 3, 3), line)  # a last 3 fits in cells 27–29
    assert _refused({**none, "clues": [3]}, hints, line)  # not the last clue


def test_the_checker_reads_the_new_words_against_the_line() -> None:
    for name, moves in (
        (
            "data002 column 11",
            (
                ("only two clues before", "only three clues before"),  # not the third's count
                ("two blocks there", "three blocks there"),  # the counts differ
                ("from each other and from it", "from it"),  # said of one block only
                ("the third clue, 6", "the second clue, 7"),
                ("before it and two", "after it and two"),  # not the side counted
            ),
        ),
        (
            "1939 column 18",
            (
                ("after it, can", "before it, can"),  # room before it for the first clues
                ("the fifth clue, 6", "the fourth clue, 3"),  # not the last clue
                ("no clue after", "nothing after"),  # words it cannot read
            ),
        ),
    ):
        move, said = LINES[name]
        hints, cells = move[3], line_cells(move[4])
        text = f"Column 1 — Edges and walls: {said} so it is said."
        assert check_short_words(text, hints, [cells]) == []
        for a, b in moves:
            assert a in text, a
            wrong = text.replace(a, b)
            assert check_short_words(wrong, hints, [cells]), wrong


def test_the_checker_refuses_blocks_on_both_sides_that_are_not_so() -> None:
    move, said = LINES["data078 row 13"]
    hints, line = move[3], move[4]
    claim = {
        "claim": "blocks_apart_block",
        "start": 8,
        "end": 9,
        "clues": [1],
        "before": [[3, 4]],
        "after": [[15, 16], [18, 19], [21, 24]],
        "apart": "mixed",
    }
    assert _refused(claim, hints, line) is None
    assert _refused({**claim, "apart": "crosses"}, hints, line)  # none between cells 16 and 19
    assert _refused({**claim, "after": [[15, 16], [18, 19]]}, hints, line)  # not all of them
    # a cross at cell 17: every two set apart by crosses, and so said
    crossed = "x.x#x..x#x.xxxx#x.#.x###x"
    assert _refused({**claim, "apart": "crosses"}, hints, crossed) is None
    assert _refused({**claim, "apart": "far"}, hints, line) is None  # each two span 4 or more
    # the blocks at cells 16 and 19 as one 4: one clue could hold both
    assert _refused(claim, (1, 1, 1, 4, 3), line)
    text = f"Row 13 — Matching blocks to clues: {said} so it is said."
    cells = line_cells(line)
    assert check_short_words(text, hints, [cells]) == []
    for a, b in (
        ("one block before", "two blocks before"),  # not the second clue's count
        ("three after", "two after"),
        ("too far apart for one clue", "set apart by crosses"),  # none between cells 16, 19
        ("apart for one clue", "apart for one 3"),  # words it cannot read
        ("the second clue, 1", "the third clue, 1"),
    ):
        wrong = text.replace(a, b)
        assert check_short_words(wrong, hints, [cells]), wrong


def test_a_short_reason_is_said_where_it_takes_the_sentence_to_86_words() -> None:
    # Janko 1440 row 12, step 513: the block at cell 23 was said with no reason, its "walled
    # in, …, the only 1" taking the sentence to 86 words (SHORT_SENTENCE_WORDS was 85); 77
    # since the part's edge, said by the part, goes unsaid in the glue's words
    move = ("matching", "row", 11, (6, 2, 4, 1, 5), "######xx##xxx...#.#.xx#xx#####")
    text, _ = checked_words(*move, later_rounds=False)
    said = "the block at cell 23, walled in, can only be the fourth clue, 1, the only 1,"
    assert said in text
    assert len(text.split()) == 77 <= SHORT_SENTENCE_WORDS
    assert len(text.split(": ", 1)[1].split()) <= BODY_WORDS + SHORT_SLACK
