"""No room between a block and one said before for the clues up to one together.

Janko 2139 row 28 (clue 10 1 1 2 1, ``##########xxx#x..x#x.........x``, step 440) said "the
block at cell 19 can only be the third clue, 1" with no reason: the block at cell 14 is the
second clue, and cells 16–17 between it and cell 19 hold the third clue, 1, or the fourth, 2,
but not both, so the block at cell 19 is the third or the fourth, and walled in, one cell long,
the third (a ``no_room`` claim with ``together``: "the block at cell 19, walled in, with no
room for the third and fourth clues, 1 and 2, in cells 15–18 before it, can only be the third
clue, 1").  Each such claim is checked by brute force over the line's arrangements and its
words read back against the line by the checker (``sentence_checker._no_room``, with its own
enumeration of the clues' places in the cells between); ``TOGETHER_LINES`` random lines (150
by default) give none it refuses.
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
from nonostudio.analysis.explaining.premise_text import _room_words  # noqa: E402
from nonostudio.analysis.explaining.premises import short_reasons  # noqa: E402
from nonostudio.rules.words.phrase_words import ordinal  # noqa: E402

JANKO_2139 = (10, 1, 1, 2, 1), "##########xxx#x..x#x.........x"
SAID = (
    "the block at cell 19, walled in, with no room for the third and fourth clues, 1 and 2, in "
    "cells 15–18 before it, can only be the third clue, 1"
)


@pytest.mark.parametrize("technique", ["punctuate", "matching"])
def test_no_room_for_the_clues_together_is_the_blocks_reason(technique: str) -> None:
    hints, line = JANKO_2139
    text, premises = checked_words(technique, "row", 27, hints, line)  # brute force, words read
    assert SAID in text, text
    (claim,) = [c for p in premises for c in p["claims"] if c["claim"] == "no_room"]
    assert claim["together"] and claim["room_for"] == 3 and claim["clues"] == [2]


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (SAID.replace("third and fourth clues, 1 and 2", "third and fifth clues, 1 and 1"), None),
        (SAID.replace("third and fourth clues, 1 and 2", "fourth and fifth clues, 2 and 1"), None),
        (SAID.replace("1 and 2, in", "1 and 1, in"), None),
        (SAID.replace("the third clue, 1", "the fifth clue, 1"), None),
        (SAID.replace("walled in, ", ""), None),
        # cells 16–19 hold a 1 and a 2 (cells 16 and 18–19): there is room
        (
            SAID.replace("cell 19", "cell 21").replace("15–18", "15–20"),
            "##########xxx#x....x#x.......x",
        ),
    ],
)
def test_the_checker_refuses_such_words_untrue_of_the_line(said: str, line: str | None) -> None:
    hints, base = JANKO_2139
    cells = line_cells(line or base)
    before = "the block at cell 14 can only be the second clue, 1, and "
    assert check_short_words(before + SAID, hints, [line_cells(base)]) == []
    assert check_short_words(before + said, hints, [cells]) != []


def _random_line(rng: random.Random) -> tuple[tuple[int, ...], list[int]]:
    """A random line's clue and cells: a random solution, each cell shown (filled or crossed)
    with a random chance, else undecided."""
    solution, hints = random_solution(rng, 8, 25)
    shown = rng.random()
    cells = [(1 if v else 0) if rng.random() < shown else -1 for v in solution]
    return tuple(hints), cells


def test_random_lines_give_no_such_claim_or_words_false() -> None:
    """``TOGETHER_LINES`` random lines (150 by default): each block whose clue brute force
    finds one is taken as said; every ``no_room`` claim with ``together`` that
    :func:`short_reasons` then gives another block is true by brute force, and its words
    (:func:`_room_words`, after the held block's) are read back without a problem."""
    rng = random.Random(2139)
    claims = lines = 0
    for _ in range(int(os.environ.get("TOGETHER_LINES", "150"))):
        hints, cells = _random_line(rng)
        if not hints or 1 not in cells:
            continue
        arr = arrangements(hints, cells)
        if not arr:
            continue
        lines += 1
        holders = {b: {_holder(hints, a, *b) for a in arr} for b in blocks(cells)}
        held = [(*b, next(iter(h))) for b, h in holders.items() if len(h) == 1 and None not in h]
        for (s, e), h in holders.items():
            if len(h) != 1 or None in h:
                continue
            (i,) = h
            others = [b for b in held if b[:2] != (s, e)]
            for c in short_reasons(hints, cells, s, e, i, held=others):
                if c["claim"] != "no_room" or not c.get("together"):
                    continue
                claims += 1
                assert check_claim(c, hints, cells, arr) is None, (hints, cells, c)
                bs, be, k = c["by"]
                text = (
                    f"the block at {cells_text(range(bs, be))} can only be the {ordinal(k)} "
                    f"clue, {hints[k]}, and the block at {cells_text(range(s, e))},"
                    f"{_room_words(c)} can only be the {ordinal(i)} clue, {hints[i]}"
                )
                assert check_short_words(text, hints, [cells]) == [], text
    print(f"{lines} lines, {claims} no_room claims with together, none false or refused")
