"""A block's one clue by the next block beside it, too near past a cross for another clue.

The lines are real ones (steps numbered as ``explain`` prints them, the line as it stood before
the step) whose words said "the box at cell 14 can only be the third clue, 12" with no reason.
Of the box and the next block beside it, the one past a cross (only undecided cells between)
has no room between the cross and the other for any clue that could lie there alone (every
clue but the last, the other block after it; but the first, before it), so one clue holds
both, and every other clue is shorter than the two together: a ``near_block`` claim, "the box
at cell 14, past the cross at cell 12 too near the block at cells 16–24 for another clue,
together too long for every other clue, can only be the third clue, 12".

Every claim is checked by brute force over the line's arrangements and each inference by the
checker (:func:`checked_words`), and the words are read back from the text against the line
(:func:`check_short_words`); the checker is shown to refuse such claims or words that are not
true, and random lines give none it refuses or brute force finds false.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells  # noqa: E402
from sentence_checker import _holder, arrangements, check_claim, check_short_words  # noqa: E402

from nonostudio.analysis.explaining.premise_text import room_sides_words  # noqa: E402
from nonostudio.analysis.explaining.premises import _near_block, short_reasons  # noqa: E402
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN  # noqa: E402
from nonostudio.rules.words.phrase_words import ordinal  # noqa: E402

# (technique, axis, index, clue, line before the step), the words now said
LINES = {
    # Janko 2139 row 3, step 75: was "the box at cell 14 can only be the third clue, 12, …"
    # (past the cross at cell 12, cells 13–14 hold none of 3 3 12 alone; the 2 is the last)
    "2139 row 3": (
        ("glue", "row", 2, (3, 3, 12, 2), "........##.x.#.#########......"),
        "the box at cell 14, past the cross at cell 12 too near the block at cells 16–24 for "
        "another clue, together too long for every other clue, can only be the third clue, 12,",
    ),
    # jwilk data002 column 15, step 116: was "the block at cells 17–18 can only be the first
    # clue, 6, …" (the box at cells 14–15, past the cross at cell 13, is no 2 alone: the last)
    "data002 column 15": (
        ("matching", "column", 14, (6, 2), "xxxxxx......x##.##......."),
        "the block at cells 17–18, with the block at cells 14–15 too near past the cross at cell "
        "13 for another clue, together too long for every other clue, can only be the first "
        "clue, 6,",
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_a_block_too_near_the_next_past_a_cross_names_the_clue(name: str) -> None:
    move, said = LINES[name]
    text, premises = checked_words(*move, later_rounds=False)  # claims by brute force
    assert said in text
    # once (a room reason: the second look replaces it, not doubles it)
    assert [c["claim"] for p in premises for c in p["claims"]].count("near_block") == 1


def _refused(claim: dict, hints: tuple[int, ...], line: str) -> str | None:
    cells = line_cells(line)
    return check_claim(claim, hints, cells, arrangements(hints, cells))


def test_the_checker_refuses_a_near_block_that_is_not_so() -> None:
    move, _ = LINES["2139 row 3"]
    hints, line = move[3], move[4]
    (claim,) = [
        c for c in short_reasons(hints, line_cells(line), 13, 14, 2) if c["claim"] == "near_block"
    ]
    assert (claim["other"], claim["wall"], claim["span"]) == ([15, 24], 11, [13, 24])
    assert _refused(claim, hints, line) is None
    assert _refused({**claim, "wall": 10}, hints, line)  # no cross at cell 11
    assert _refused({**claim, "clues": [1]}, hints, line)
    # a first clue of 2 fits in cells 13–14 alone
    assert _refused(claim, (2, 3, 12, 2), line)
    # the cross at cell 11: cells 12–14 hold a 3 alone
    assert _refused({**claim, "wall": 10}, hints, "........##x..#.#########......")
    # a 12 and an 11: another clue as long as cells 14–24
    assert _refused(claim, (3, 11, 12, 2), line)


def test_the_checker_reads_the_new_words_against_the_line() -> None:
    for name, moves in (
        (
            "2139 row 3",
            (
                ("cross at cell 12", "cross at cell 11"),  # no cross there
                ("the third clue, 12", "the second clue, 3"),
                ("cells 16–24", "cells 17–24"),  # cell 16 is filled: not the block's start
                ("cell 14, past", "cell 10, past"),  # cells 9–10 and 14 are no next blocks
            ),
        ),
        (
            "data002 column 15",
            (
                ("cross at cell 13", "cross at cell 6"),  # cells between decided
                ("the first clue, 6", "the second clue, 2"),
                # the cross is beyond the other block, not the boxes
                (
                    "with the block at cells 14–15 too near past the cross at cell 13",
                    "past the cross at cell 13 too near the block at cells 14–15",
                ),
            ),
        ),
    ):
        move, said = LINES[name]
        hints, cells = move[3], line_cells(move[4])
        text = f"Line — Edges and walls: {said} so it is said."
        assert check_short_words(text, hints, [cells]) == []
        for a, b in moves:
            wrong = text.replace(a, b)
            assert wrong != text
            assert check_short_words(wrong, hints, [cells]), wrong


def test_random_lines_give_no_near_block_claim_or_words_the_checker_refuses() -> None:
    rng = random.Random(66)
    claims = 0
    for _ in range(2000):
        n, k = rng.randint(6, 16), rng.randint(2, 4)
        hints = tuple(rng.randint(1, 6) for _ in range(k))
        free = n - (sum(hints) + k - 1)
        if free < 0:
            continue
        cuts = sorted(rng.randint(0, free) for _ in range(k))
        solution, p = [CROSSED] * n, 0
        for j, h in enumerate(hints):
            p += (cuts[j] - cuts[j - 1] + 1) if j else cuts[0]
            solution[p : p + h] = [FILLED] * h
            p += h
        keep = rng.random()
        cells = [v if rng.random() < keep else UNKNOWN for v in solution]
        arr = arrangements(hints, cells)
        for s in range(n):
            if cells[s] != FILLED or (s and cells[s - 1] == FILLED):
                continue
            e = s
            while e < n and cells[e] == FILLED:
                e += 1
            for i in range(k):
                for c in _near_block(hints, cells, s, e, i):  # (found where no other reason is)
                    claims += 1
                    assert check_claim(c, hints, cells, arr) is None, (hints, cells, c)
                    assert all(_holder(hints, a, s, e) == i for a in arr)
                    at = f"cell {s + 1}" if e - s == 1 else f"cells {s + 1}–{e}"
                    text = (
                        f"Line — Edges and walls: the block at {at}, {room_sides_words(c)}, can "
                        f"only be the {ordinal(i)} clue, {hints[i]}, so it is said."
                    )
                    assert check_short_words(text, hints, [cells]) == [], text
    assert claims > 20
