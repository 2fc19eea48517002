"""A block said to be one clue gets its reason where one is found, even when the words are long.

The lines are real ones (the teaching benchmark's jwilk and Janko puzzles, ``--jwilk 40 --janko
20``, steps numbered as ``explain`` prints them, the line as it stood before the step) whose
words said "the block at cell 15 can only be the fourth clue, 1" with no reason although one was
found:

* the only short reason found rested on a block the words name later, and the boxes each other
  clue would leave unheld were offered only where no short reason was found (data013 row 19);
* a reason left out of the first premise for want of room was put back only within
  ``REASON_SLACK`` of the budget, not where a short reason would have been (data089 column 16);
* the step's later premises took the room the reason needed (data042 row 12, data060 column 5,
  Janko 1095 row 9): the step now stops before them (their cells are the next step's), so that
  what it says, it says with its reason.

Where no reason within ``SOLE_WEIGHT`` (about three bounds) was found, or only the boxes each other
clue would leave unheld in many more words, a Finished block's reason may take one bound more
(``LAST_WEIGHT``), unless a short reason is there to be said (``LONGER``).

Every claim is checked by brute force over the line's arrangements, each inference by the
checker, and the short reasons' words read back against the line (:func:`checked_words`).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words  # noqa: E402

# (technique, axis, index, clue, line before the step), the reason now said, the cells decided
LINES = {
    # jwilk data013 row 19, step 22: was "the block at cells 13–15 can only be the second clue,
    # 3. The first clue, 3, …"
    "data013 row 19": (
        ("punctuate", "row", 18, (3, 3, 1, 1, 3), "....#...x..x###x..xx.........."),
        "if the boxes at cells 13–15 were the first or fifth clue, the clues before them could "
        "not hold the box at cell 5, so they can only be the second clue, 3.",
        [7, 9, 10],
    ),
    # jwilk data089 column 16, step 24: was "the block at cell 8 can only be the second clue,
    # 1, so it is finished"
    "data089 column 16": (
        ("punctuate", "column", 15, (6, 1, 6, 5), "....##.#..##.##.....#...."),
        "The second clue, 1, ends by cell 8, before the clues 6 5 (from cells 10–12 it would run "
        "into the boxes at cells 11–12; from cell 9 into the box at cell 8), so the block at "
        "cell 8 can only be the second clue, 1, and is finished",
        [6, 8],
    ),
    # jwilk data042 row 12, step 106: was "the block at cell 15 can only be the fourth clue, 1,
    # so it is finished: cell 16 is empty. The third clue, 2, ends by cell 11, …: cell 13 is
    # empty" (cell 13 is now the next step's)
    "data042 row 12": (
        ("punctuate", "row", 11, (2, 3, 2, 1, 2, 1), ".....#.....x.x#.#..."),
        "A 2 over cell 15 would cover the cross at cell 14 or run into the box at cell 17, so "
        "the block at cell 15 can only be the fourth clue, 1, and is finished: cell 16 is empty.",
        [15],
    ),
    # jwilk data060 column 5, step 65: was "The block at cell 12 can only be the third clue, 1,
    # so it is finished: cell 11 is empty. The first clue, 2, starts at cell 4 or later: cells
    # 1–2 are empty" (cells 1–2 are now the next step's)
    "data060 column 5": (
        ("punctuate", "column", 4, (2, 3, 1, 2, 3, 4), "..x##.##...#x...##......."),
        "If the box at cell 12 were the first or second clue, the clues before it could not hold "
        "the boxes at cells 4–5, 7–8, nor if it were the fourth, fifth or sixth, those at cells "
        "7–8, so it can only be the third clue, 1, and is finished: cell 11 is empty.",
        [5, 10],
    ),
    # Janko 1095 (25x25) row 9, step 36: was "the block at cell 8 can only be the third clue, 1,
    # so it is finished: cells 7, 9 are empty. The block at cell 18 can only be the sixth clue,
    # 1, …" (the block at cell 18 is now the next step's)
    "1095 row 9": (
        ("punctuate", "row", 8, (1, 2, 1, 3, 3, 1, 2, 1), "....#..#.........#..#...."),
        "if the box at cell 8 were the first, fourth, fifth, sixth, seventh or eighth clue, the "
        "clues before it could not hold the box at cell 5, nor if it were the second could the "
        "clues after it hold the box at cell 21, so it can only be the third clue, 1, and is "
        "finished: cells 7, 9 are empty.",
        [6, 8],
    ),
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_the_block_s_one_clue_is_said_with_its_reason(name: str) -> None:
    move, said, decided = LINES[name]
    text, premises = checked_words(*move)  # claims by brute force, inferences, words read
    assert said in text, text
    assert sorted(p for premise in premises for p, _ in premise["cells"]) == decided, text


# the words that said the block's clue with no reason
BARE = {
    "data013 row 19": "the block at cells 13–15 can only be",
    "data089 column 16": ": the block at cell 8 can only be",
    "data042 row 12": ": the block at cell 15 can only be",
    "data060 column 5": "The block at cell 12 can only be",
    "1095 row 9": "The block at cell 18 can only be",
}


@pytest.mark.parametrize("name", sorted(LINES))
def test_no_block_is_said_to_be_one_clue_with_no_reason(name: str) -> None:
    move, _, _ = LINES[name]
    text, _ = checked_words(*move)
    assert BARE[name] not in text, text
    assert text.count("can only be") == 1 + ("the first block, at cells 4–5" in text), text


# (technique, axis, index, clue, line before the step), the reason now said
LONGER = {
    # Janko 1095 row 9, step 39 (after step 36 above): was "the block at cell 18 can only be the
    # sixth clue, 1, so it is finished" (the boxes left unheld took 90 words: no room)
    "1095 row 9 (39)": (
        ("punctuate", "row", 8, (1, 2, 1, 3, 3, 1, 2, 1), "....#.x#x..#...#.#..#...."),
        "the seventh clue, 2, holds the box at cell 21, so it ends by cell 22, so the sixth ends "
        "by cell 18 (from cell 19 it would run into the box at cell 18); so the block at cell 18 "
        "can only be the sixth clue, 1, and is finished",
    ),
    # Janko 2039 row 18, the step after step 316: was "The block at cells 21–22 can only be the
    # third clue, 2, so it is finished" (no reason found)
    "2039 row 18": (
        ("punctuate", "row", 17, (11, 1, 2, 3), "xxx###########x#x...##x......."),
        "the third clue, 2, starts at cell 18 or later, after the second clue, 1, so the fourth "
        "starts at cell 24 or later (cell 23 is crossed); so the block at cells 21–22 can only "
        "be the third clue, 2, and is finished",
    ),
}


@pytest.mark.parametrize("name", sorted(LONGER))
def test_a_bound_more_where_no_shorter_reason_is_found(name: str) -> None:
    move, said = LONGER[name]
    text, _ = checked_words(*move)
    assert said in text, text
    assert text.count("can only be") == 1, text
