"""Starts the clues' order rules out, said.

Colour r0048 row 3 step 441 (on c2, clue 1 3 7, ``.x.x..#x.xx.x...xx#######``) emptied cell 9
saying what stops each start over it but the 7's from cells 3–4, left to the reader's counting
(``premises._reach`` takes the order's bound a cell wider for each clue it is carried past, so
those starts were out of reach unsaid): the words now say it ("a 7 from cell 3 or 4 would leave
no room for the clues 1 3 before it", a ``cannot_start`` claim with ``order``).  Each such claim
is checked by brute force over the line's arrangements and by arithmetic, and its words read
back against the line by the checker (``sentence_checker._no_room_order``); ``ORDER_LINES``
random lines (100 by default; 100,000 of another seed gave 785 such claims, 1,091 phrases) give
none it refuses.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from checked_words import checked_words, line_cells, random_solution  # noqa: E402
from sentence_checker import check_short_words  # noqa: E402

from nonostudio.core.line import FILLED, UNKNOWN  # noqa: E402

R0048 = (1, 3, 7), ".x.x..#x.xx.x...xx#######"
SAID = "a 7 from cell 3 or 4 would leave no room for the clues 1 3 before it"


def test_the_starts_the_order_rules_out_are_said() -> None:
    text, premises = checked_words("mercury", "row", 2, *R0048)  # claims by brute force
    assert SAID in text, text
    (order,) = [c for p in premises for c in p["claims"] if "order" in c]
    assert order == {
        "claim": "cannot_start",
        "clue": 2,
        "min": 2,
        "max": 3,
        "order": "before",
        "sizes": [1, 3],
        "size": 25,
    }


def test_the_checker_reads_the_words_against_the_line() -> None:
    hints, cells = R0048[0], line_cells(R0048[1])
    text = f"Row 3 — Reach of a box: {SAID}: cell 9 is empty."
    assert check_short_words(text, hints, [cells]) == []
    for a, b in (
        ("cell 3 or 4", "cell 3 or 7"),  # from cell 7 the 1 and the 3 fit in cells 1–5
        ("the clues 1 3", "the clues 3"),  # not the clues before it
        ("before it", "after it"),  # none after it
        ("a 7 from", "a 3 from"),  # the 3 has only the 1 before it
        ("would leave no room", "would leave no space"),  # (a phrase it cannot read: passed)
    ):
        wrong = text.replace(a, b)
        assert wrong != text
        if "space" in b:
            assert check_short_words(wrong, hints, [cells]) == []  # not this reader's
            continue
        assert check_short_words(wrong, hints, [cells]), wrong


def test_random_lines_give_no_order_claim_or_words_the_checker_refuses() -> None:
    rng = random.Random(68)
    said = 0
    lines = int(os.environ.get("ORDER_LINES", "100"))
    for _ in range(lines):
        solution, hints = random_solution(rng, 6, 25)
        if not hints:
            continue
        line = "".join(("#" if v else "x") if rng.random() < 0.3 else "." for v in solution)
        if UNKNOWN not in line_cells(line) or FILLED not in line_cells(line):
            continue
        for technique in ("mercury", "simple_spaces", "punctuate"):
            # (claims by brute force, words read back: "would leave no room for … it")
            _, premises = checked_words(technique, "row", 0, tuple(hints), line, later_rounds=False)
            said += sum("order" in c for p in premises[:1] for c in p["claims"])
    # (about one line in a hundred gives such a claim: 100,000 lines gave 785)
    assert said > 0 or lines < 2000
