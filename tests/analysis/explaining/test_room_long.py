"""No room on one side for a clue more, and the block too long for those there.

jwilk data107 row 7 (clue 1 2 2 1 12, ``x...x##x..x##x....##########..``, step 100) said "the
block at cells 6–7 can only be the second clue, 2, and the block at cells 12–13 can only be the
third clue, 2" with no reason: the crosses leave room for only one clue before cells 6–7 (cells
2–4 hold no 1 2), so its clue is the first or the second, and the first, 1, is shorter than the
block (a ``room_long_block`` claim: "the block at cells 6–7, with room for only one clue before
it, too long for the first clue, 1, can only be the second clue, 2"); the block at cells 12–13,
walled in, is then the only other 2.  Each such claim is checked by brute force over the line's
arrangements and its words read back against the line by the checker
(``sentence_checker._room_long``, with its own enumeration of the room); ``LONG_LINES`` random
lines (150 by default) give none it refuses.  A part's block whose short reason rests on the
part's other block is named after it (Janko 2129 column 19 step 271).
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from checked_words import blocks, checked_words, line_cells, random_solution  # noqa: E402
from sentence_checker import _holder, arrangements, check_claim, check_short_words  # noqa: E402

from nonostudio.analysis.explaining.move_line import cells_text  # noqa: E402
from nonostudio.analysis.explaining.premise_text import room_sides_words  # noqa: E402
from nonostudio.analysis.explaining.premises import short_reasons  # noqa: E402
from nonostudio.rules.words.phrase_words import ordinal  # noqa: E402

DATA107 = (1, 2, 2, 1, 12), "x...x##x..x##x....##########.."
SAID = (
    "the block at cells 6–7, with room for only one clue before it, too long for the first clue, "
    "1, can only be the second clue, 2, and the block at cells 12–13, walled in, can only be the "
    "third clue, 2, the only other 2"
)


def test_the_block_too_long_for_the_clues_the_room_leaves_is_the_next() -> None:
    text, premises = checked_words("punctuate", "row", 6, *DATA107)  # brute force, words read
    assert SAID in text, text
    (claim,) = [c for p in premises for c in p["claims"] if c["claim"] == "room_long_block"]
    assert (claim["side"], claim["count"], claim["sizes"]) == ("before", 1, [1])


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (SAID.replace("second clue, 2, and", "third clue, 2, and"), None),
        (SAID.replace("only one clue", "only two clues"), None),
        (SAID.replace("first clue, 1,", "first clue, 2,"), None),
        (SAID.replace("before it, too", "after it, too"), None),
        # cells 2–4 hold a 1 and a 2 when cell 5 is not crossed: there is room
        (None, "x.....##x..x##x....##########.."),
    ],
)
def test_the_checker_refuses_such_words_untrue_of_the_line(
    said: str | None, line: str | None
) -> None:
    hints, base = DATA107
    text = f"Row 7 — Finished block: {SAID}."
    assert check_short_words(text, hints, [line_cells(base)]) == []
    wrong = f"Row 7 — Finished block: {said or SAID}."
    cells = line_cells(line or base)
    if line is not None:  # (the same words on a line one cell longer, cell 5 not crossed)
        wrong = wrong.replace("cells 6–7", "cells 7–8").replace("cells 12–13", "cells 13–14")
    assert check_short_words(wrong, hints, [cells]) != [], wrong


def test_random_lines_give_no_such_claim_or_words_false() -> None:
    """``LONG_LINES`` random lines (150 by default): every ``room_long_block`` claim
    :func:`short_reasons` gives a block whose clue brute force finds one is true by brute
    force, and its words are read back without a problem."""
    rng = random.Random(107)
    claims = 0
    for _ in range(int(os.environ.get("LONG_LINES", "150"))):
        solution, clue = random_solution(rng, 8, 25)
        hints = tuple(clue)
        shown = rng.random()
        cells = [(1 if v else 0) if rng.random() < shown else -1 for v in solution]
        if not hints or 1 not in cells:
            continue
        arr = arrangements(hints, cells)
        for s, e in blocks(cells):
            held = {_holder(hints, a, s, e) for a in arr}
            if len(held) != 1 or None in held:
                continue
            (i,) = held
            for c in short_reasons(hints, cells, s, e, i):
                if c["claim"] != "room_long_block":
                    continue
                claims += 1
                assert check_claim(c, hints, cells, arr) is None, (hints, cells, c)
                text = (
                    f"Row 1 — Finished block: the block at {cells_text(range(s, e))}, "
                    f"{room_sides_words(c)}, can only be the {ordinal(i)} clue, {hints[i]}."
                )
                assert check_short_words(text, hints, [cells]) == [], text
    print(f"{claims} room_long_block claims, none false or refused")


def test_a_part_s_block_resting_on_the_other_is_said_after_it() -> None:
    """Janko 2129 column 19 step 271 (clue 2 1 1 2 2 1 3 1): the block at cells 11–12's short
    reason rests on the block at cell 5 (the second clue), which Matching's words named after
    it, so the reason was never said ("… the block at cells 11–12 can only be the fourth clue,
    2, …" with none); the block is now named after the one it rests on."""
    move = ("matching", "column", 18, (2, 1, 1, 2, 2, 1, 3, 1), "##xx#xxx.x##x............#....")
    text, _ = checked_words(*move, later_rounds=False)  # brute force, words read back
    said = (
        "so the block at cell 5 can only be the second clue, 1, and the block at cells 11–12, "
        "walled in, with no room for the fourth clue, 2, in cells 6–10 before it, can only be "
        "the fourth clue, 2, and cell 9 holds only the third clue, 1;"
    )
    assert said in text, text
