"""A block's one clue by the boxes each other clue as long would leave unheld, as a short reason.

The lines are real ones (jwilk-nonogram, steps numbered as ``explain`` prints them, the line as
it stood before the step) whose words said "the block at cell 19 can only be the second clue, 1"
with no reason: the room reasons count the crosses alone, and here the boxes beside the block
decide (data079 row 6, clue 4 1 3: the 3 holding cell 19 starts by cell 17, the cross at cell
20 after it, and the 4 and 1 before it cannot then hold cells 14–15).  Where no other short
reason is found, :func:`stranded_short` gives the ``sole_holder`` claim whose reasons are
``stranded`` claims ("if the box at cell 19 were the first or third clue, the clues before it
could not hold the boxes at cells 14–15, so the block at cell 19 can only be the second clue,
1").

Every claim is checked by brute force over the line's arrangements and each inference by the
checker (:func:`checked_words`), and the words are read back from the text against the line
(:func:`check_short_words`, ``_stranded_words``); the checker is shown to refuse such words
that are not true, and random lines give none it refuses or brute force finds false
(``STRANDED_LINES=120000`` runs that many).
"""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells  # noqa: E402
from sentence_checker import _holder, arrangements, check_claim, check_short_words  # noqa: E402

from nonostudio.analysis.explaining.move_line import cells_text  # noqa: E402
from nonostudio.analysis.explaining.premise_text import Naming, _sole_subject, sole_words  # noqa: E402
from nonostudio.analysis.explaining.premises import short_reasons, stranded_short  # noqa: E402
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN  # noqa: E402
from nonostudio.rules.words.phrase_words import ordinal  # noqa: E402

# (technique, axis, index, clue, line before the step), the words now said
LINES = {
    # data079 row 6, step 139: was "the block at cell 19 can only be the second clue, 1, …"
    "data079 row 6": (
        ("matching", "row", 5, (4, 1, 3), "xx...........##...#x....."),
        "if the box at cell 19 were the first or third clue, the clues before it could not hold "
        "the boxes at cells 14–15, so it can only be the second clue, 1,",
    ),
    # data067 column 6, step 171: was "The block at cell 16 can only be the second clue, 1, …"
    "data067 column 6": (
        ("punctuate", "column", 5, (8, 1, 2, 1), "xx.....#####...#x....#..."),
        "if the box at cell 16 were the first, third or fourth clue, the clues before it could "
        "not hold the boxes at cells 8–12, so it can only be the second clue, 1, and is finished",
    ),
    # data067 column 7, step 173: was "the block at cell 16 can only be the third clue, 1, …"
    "data067 column 7": (
        ("punctuate", "column", 6, (3, 6, 1, 2, 1, 1), "xx..#..#####...#x.#.x#x.."),
        "if the box at cell 16 were the first, second, fourth, fifth or sixth clue, the clues "
        "before it could not hold the boxes at cells 8–12, so it can only be the third clue, 1, "
        "and is finished",
    ),
    # data015 column 8, step 74: was "the box at cell 12 can only be the third clue, 4, …"
    "data015 column 8": (
        ("glue", "column", 7, (5, 3, 4, 2), ".......###x#..#..x......."),
        "if the box at cell 12 were the first clue, no clue before it could hold the boxes "
        "at cells 8–10, nor if it were the second or fourth could the clues after it hold the "
        "box at cell 15, so the box at cell 12 can only be the third clue, 4,",
    ),
    # data015 column 8, step 75: was "the block at cells 8–10 can only be the second clue, 3, …"
    "data015 column 8 (75)": (
        ("punctuate", "column", 7, (5, 3, 4, 2), ".......###x####..x......."),
        "if the boxes at cells 8–10 were the first or third clue, the clues after them could not "
        "hold the boxes at cells 12–15, so they can only be the second clue, 3,",
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_boxes_each_other_clue_would_leave_unheld_are_the_reason(name: str) -> None:
    move, said = LINES[name]
    text, _ = checked_words(*move, later_rounds=False)  # claims by brute force, words read
    assert said in text, text


def test_the_checker_reads_the_stranded_words_against_the_line() -> None:
    for name, moves in (
        (
            "data079 row 6",
            (
                ("first or third clue", "third clue"),  # the first, as long, not kept off
                ("first or third clue", "first, second or third clue"),  # its own clue
                ("clues before it", "clues after it"),  # the 1 3 after it hold nothing named
                ("cells 14–15", "cells 13–15"),  # cell 13 is not filled
                ("second clue, 1", "third clue, 1"),  # the third is 3
                ("the box at cell 19 were", "the boxes at cell 19 were"),
                ("could not hold the boxes at", "could not hold the box at"),
            ),
        ),
        (
            "data015 column 8",
            (
                ("nor if it were the second or fourth", "nor if it were the fourth"),
                ("could the clues after it hold", "could the clues before it hold"),
                ("hold the box at cell 15", "hold the box at cell 16"),  # not filled
            ),
        ),
        (
            "data015 column 8 (75)",
            (("clues after them", "clues after it"),),  # 'it' of three cells
        ),
    ):
        move, said = LINES[name]
        hints, cells = move[3], line_cells(move[4])
        text = f"Line — Finished block: {said} so it is said."
        assert check_short_words(text, hints, [cells]) == [], text
        for a, b in moves:
            wrong = text.replace(a, b)
            assert wrong != text
            assert check_short_words(wrong, hints, [cells]), wrong


def _random_lines(count: int, seed: int) -> tuple[int, int]:
    """``(lines, stranded claims)`` over ``count`` random lines: each block a clue alone holds
    in every arrangement and no other short reason says so gets :func:`stranded_short`'s claim,
    checked by brute force (:func:`check_claim`, the holder in every arrangement) and its words
    read back by :func:`check_short_words`."""
    rng = random.Random(seed)
    claims = lines = 0
    for _ in range(count):
        k = rng.randint(2, 5)
        hints = tuple(rng.randint(1, 5) for _ in range(k))
        free = rng.randint(0, 8)  # the line 6-27 cells
        n = max(6, sum(hints) + k - 1 + free)
        free = n - (sum(hints) + k - 1)
        cuts = sorted(rng.randint(0, free) for _ in range(k))
        solution, p = [CROSSED] * n, 0
        for j, h in enumerate(hints):
            p += (cuts[j] - cuts[j - 1] + 1) if j else cuts[0]
            solution[p : p + h] = [FILLED] * h
            p += h
        keep = rng.random()
        cells = [v if rng.random() < keep else UNKNOWN for v in solution]
        arr = arrangements(hints, cells)
        lines += 1
        nm = Naming("row", list(hints), n)
        for s in range(n):
            if cells[s] != FILLED or (s and cells[s - 1] == FILLED):
                continue
            e = s
            while e < n and cells[e] == FILLED:
                e += 1
            held = {_holder(hints, a, s, e) for a in arr}
            if len(held) != 1:
                continue
            (i,) = held
            if short_reasons(hints, cells, s, e, i):
                continue
            for c in stranded_short(hints, cells, s, e, i):
                claims += 1
                assert check_claim(c, hints, cells, arr) is None, (hints, cells, c)
                what = "box" if e - s == 1 else "boxes"
                for block in (f"the block at {cells_text(range(s, e))}", _sole_subject(c, "")):
                    text = (
                        f"Row 1 — Finished block: {sole_words(nm, c)}, so {block} can only be "
                        f"the {ordinal(i)} clue, {hints[i]}, so it is said."
                    )
                    assert text.count(f"the {what} at {cells_text(range(s, e))} were") == 1, text
                    assert check_short_words(text, hints, [cells]) == [], text
    return lines, claims


def test_random_lines_give_no_stranded_claim_or_words_the_checker_refuses() -> None:
    lines, claims = _random_lines(int(os.environ.get("STRANDED_LINES", "800")), 67)
    assert claims > 20, (lines, claims)


# (technique, axis, index, clue, line before the step), the boxes each side names once
GROUPED = {
    # data061 column 7, step 178: said "…, nor if it were the sixth, the boxes at cells 8–9"
    "data061 column 7": (
        ("punctuate", "column", 6, (1, 1, 2, 2, 4, 2), "....x#.##x##x####x##"),
        "if the box at cell 6 were the first, third, fourth or sixth clue, the clues after it "
        "could not hold the boxes at cells 8–9, nor if it were the fifth could the clue after it "
        "hold the boxes at cells 14–17, so it can only be the second clue, 1,",
    ),
    # data061 column 5, step 82: said "…, nor if it were the fourth, fifth or sixth could the
    # clues before it hold the boxes at cells 2–4", after the first and the second
    "data061 column 5": (
        ("punctuate", "column", 4, (3, 1, 1, 1, 3, 3), "x###x..#....##...#.."),
        "if the box at cell 8 were the first, fourth, fifth or sixth clue, the clues before it "
        "could not hold the boxes at cells 2–4, nor if it were the second could the clues after "
        "it hold the boxes at cells 13–14, so it can only be the third clue, 1,",
    ),
}


@pytest.mark.parametrize("name", sorted(GROUPED))
def test_the_clues_leaving_the_same_boxes_on_the_same_side_are_named_at_once(name: str) -> None:
    move, said = GROUPED[name]
    text, _ = checked_words(*move)  # claims by brute force, words read back
    assert said in text, text


# (technique, axis, index, clue, line before the step), the words now said: the boxes named in
# the reason are 'they' after it, and the boxes named just before are 'those'
SHORTER = {
    # data108 column 16, step 46: "so the block at cells 12–13 can only be …" was 93 words, past
    # SHORT_SENTENCE_WORDS (90), so said with no reason
    "data108 column 16": (
        ("punctuate", "column", 15, (1, 5, 2, 7), "......##...##....#####..x"),
        "if the boxes at cells 12–13 were the second clue, the clue before them could not hold "
        "the boxes at cells 7–8, nor if they were the fourth, the last, could the boxes at cells "
        "18–22 be held, so they can only be the third clue, 2, and are finished",
    ),
}


def test_the_boxes_named_in_the_reason_are_they_after_it() -> None:
    move, said = SHORTER["data108 column 16"]
    text, _ = checked_words(*move)  # claims by brute force, words read back
    assert said in text, text


def test_the_checker_reads_it_and_those_against_the_line() -> None:
    hints, line = (2, 1, 5), line_cells("..........#.##.##...")  # jwilk data040 column 12
    said = (
        "if the box at cell 11 were the first clue, the clues after it could not hold the boxes "
        "at cells 13–14, nor if it were the third, the last, could the boxes at cells 16–17 be "
        "held, so it can only be the second clue, 1,"
    )
    text = f"Line — Finished block: {said} so it is said."
    assert check_short_words(text, hints, [line]) == [], text
    for a, b in (
        ("so it can", "so they can"),  # 'they' of one cell
        ("boxes at cells 16–17", "boxes at cells 15–17"),  # cell 15 is not filled
        # 'those' goes on with 'the clues after it', of the third clue, which has none after it
        (", the last, could the boxes at cells 16–17 be held", ", those at cells 16–17"),
        (", the last, could the boxes", " could the boxes"),  # 'the first': before it, none
        ("the last, could the boxes at cells 16–17 be held", "the last, those at cells 16–17"),
        ("could the boxes at cells 16–17 be held", "could the boxes at cells 15–17 be held"),
        ("could the boxes at cells 16–17 be held", "could the box at cell 20 be held"),  # held
        ("the clues after it could not", "the clue after it could not"),  # two after the first
        ("second clue, 1", "first clue, 2"),  # kept off by the words themselves
    ):
        wrong = text.replace(a, b)
        assert wrong != text
        assert check_short_words(wrong, hints, [line]), wrong
    hints, line = SHORTER["data108 column 16"][0][3], line_cells(SHORTER["data108 column 16"][0][4])
    text = f"Line — Finished block: {SHORTER['data108 column 16'][1]}: cells 11, 14 are empty."
    assert check_short_words(text, hints, [line]) == [], text
    wrong = text.replace("so they can", "so it can")  # 'it' of two cells
    assert check_short_words(wrong, hints, [line]), wrong


def test_a_side_with_no_clue_or_one_is_said_so() -> None:
    """The first clue has no clue before it and the last none after: "the clues before it, ,"
    (a side with no clue, through a kept-off claim's words) and "the first clue, the clues
    before it could not hold" said there were some; one clue there is "the clue"."""
    from nonostudio.analysis.explaining.premise_text import stranded_group_words, stranded_words
    from nonostudio.analysis.explaining.premises import WitnessLine, _stranded

    hints, line = (1, 1, 3), line_cells("..#..#.....")
    claim = _stranded(WitnessLine(hints, line, 0, 0, False), 0, 5, 6)
    assert claim is not None and claim["side"] == "before"  # (the box at cell 3 left unheld)
    nm = Naming("row", hints, len(line))
    said = stranded_words(nm, claim)
    assert said == (
        "if the box at cell 6 were the first clue, 1, no clue before it could hold the box at "
        "cell 3"
    ), said
    assert "no clue before it could hold" in stranded_group_words(nm, [claim])
    second = dict(claim, clue=1)
    assert "the clue before it could not hold" in stranded_group_words(nm, [second])


def test_the_checker_reads_a_kept_off_clues_stranded_words() -> None:
    """The words a kept-off clue's stranded claim is said in ("if the box at cell 11 were the
    third clue, 2, the clue after it, 4, could not hold the boxes at cells 21–22", 11 steps of
    trace_dump's puzzles) are read back against the line: every claim found on random lines
    passes, and each wrong number, side or count is refused."""
    from nonostudio.analysis.catalogue.technique_moves import runs
    from nonostudio.analysis.explaining.premise_text import stranded_words
    from nonostudio.analysis.explaining.premises import WitnessLine, _stranded

    rng = random.Random(5)
    read = refused = 0
    for _ in range(400):
        hints = tuple(rng.randint(1, 4) for _ in range(rng.randint(2, 4)))
        n = sum(hints) + len(hints) - 1 + rng.randint(0, 6)
        cells = [rng.choice((UNKNOWN, UNKNOWN, FILLED, CROSSED)) for _ in range(n)]
        nm = Naming("row", hints, n)
        x = WitnessLine(hints, cells, 0, 0, False)
        for bs, be in runs(cells, FILLED):
            for i in range(len(hints)):
                claim = _stranded(x, i, bs, be)
                if claim is None:
                    continue
                said = stranded_words(nm, claim)
                text = f"Line — Edges and walls: {said}; so it is said."
                assert check_short_words(text, hints, [cells]) == [], text
                read += 1
                number = f"clue, {hints[i]},"
                for wrong in (
                    text.replace(number, f"clue, {hints[i] + 1},"),
                    text.replace("the clues ", "the clue ", 1),
                    text.replace("the clue ", "the clues ", 1),
                    re.sub(
                        r"no clue (\w+) (\w+) could hold",
                        r"the clue \1 \2, 1, could not hold",
                        text,
                    ),
                    text.replace("could not hold", "could hold"),
                    text.replace(" before ", " after ", 1)
                    if " before " in text
                    else text.replace(" after ", " before ", 1),
                ):
                    if wrong != text:
                        refused += 1
                        assert check_short_words(wrong, hints, [cells]), wrong
    assert read > 30 and refused > 60, (read, refused)


def test_a_stranded_reason_of_one_of_two_blocks_ends_with_its_own_conclusion() -> None:
    """Matching's two blocks of a part, one kept by a stranded reason: the reason stood as a
    sentence of its own with no conclusion ("…, the clues after it could not hold the boxes at
    cells 14–15. Cell 9, past a cross: …, so the blocks at cell 9 and cells 14–15 can only be
    the second and third clues"), which the checker could not read; now each block has its
    reason and conclusion, read back against the line."""
    move = ("matching", "row", 0, (2, 1, 5, 1, 1), "..x.....#x...##x...#")
    text, _ = checked_words(*move)  # claims by brute force, words read back
    assert (
        "the clues after it could not hold the boxes at cells 14–15, so it can only be the "
        "second clue, 1. Cell 9, past a cross: an earlier clue, so the block at cells 14–15 can "
        "only be the third clue, 5, and cells 11–15 hold only the third clue, 5"
    ) in text, text
