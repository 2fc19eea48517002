"""Words a player reads without stumbling: blocks named where they are, no clause said twice.

Real lines of jwilk's Bike (resources/samples/jwilk-038-bike.non, steps numbered as ``explain``
prints them), whose words a reader found unclear:

* step 70, column 9: "the first block, at cells 1–4, can only be the first clue, 4" was said
  twice, the second time only as the reason for the next block: a reason said just before is
  not said again ("So the block at cell 6 can only be the second clue, 1, …");
* step 76, row 2: "crosses set apart one block before cell 9" did not say which block, nor what
  it meant for the block at cells 9–11: the blocks are named where they are, and what they are
  ("cells 4–5, past a cross: an earlier clue", so the block is not the first clue), in as
  many words as before (the steps' word budget splits them as before).

Every claim is checked by brute force (every arrangement of the line), every inference by the
checker's arithmetic; the words are checked against the line's arrangements too.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

from nonostudio.analysis.explaining.premise_text import Naming, apart_words
from nonostudio.analysis.explaining.step_text import (
    _budget_sentence,
    premise_sentence,
)
from nonostudio.core.line import CROSSED

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words, line_cells  # noqa: E402
from sentence_checker import _holder, arrangements, check_claim  # noqa: E402

# the premises of the first round are checked (on the line as given)
_explained = partial(checked_words, later_rounds=False)


# Bike, column 9 before step 70 (clue 4 1 8)
BIKE_COLUMN_9 = ((4, 1, 8), "####.#......###.....")
# Bike, row 2 before step 76 (clue 3 1 3 2)
BIKE_ROW_2 = ((3, 1, 3, 2), "xx.##..x###x.......x")


def test_a_reason_said_just_before_is_not_said_again() -> None:
    hints, line = BIKE_COLUMN_9
    text, premises = _explained("punctuate", "column", 8, hints, line)
    assert text == (
        "Column 9 — Finished block: the first block, at cells 1–4, can only be the first clue, "
        "4, so it is finished: cell 5 is empty. So the block at cell 6 can only be the second "
        "clue, 1, and is finished: cell 7 is empty."
    )
    assert text.count("can only be the first clue") == 1
    # what "So" stands on is the first sentence: the second premise's whole reason is the
    # first premise's claims, and both blocks are those clues' in every arrangement
    first, second = premises
    (sole,) = [c for c in second["claims"] if c["claim"] == "sole_holder"]
    assert sole["because"] and all(c in first["claims"] for c in sole["because"])
    arr = arrangements(hints, line_cells(line))
    assert {_holder(hints, a, 0, 4) for a in arr} == {0}
    assert {_holder(hints, a, 5, 6) for a in arr} == {1}


def test_blocks_set_apart_are_named_where_they_are() -> None:
    hints, line = BIKE_ROW_2
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    claim = {"claim": "apart", "start": 8, "end": 11, "before": [[3, 5]], "after": []}
    assert check_claim(claim, hints, cells, arr) is None
    words = apart_words(Naming("row", hints, len(cells)), claim)
    assert words == "cells 4–5, past a cross: an earlier clue"
    assert len(words.split()) == len("crosses set apart one block before cell 9".split())
    # what the words say, by brute force: cells 4–5 are a block of a clue before the holder
    # of cells 9–11 in every arrangement, and a cross lies between them
    assert any(cells[p] == CROSSED for p in range(5, 8))
    for a in arr:
        assert _holder(hints, a, 3, 5) < _holder(hints, a, 8, 11)


def test_many_blocks_set_apart_are_counted() -> None:
    """Where naming the blocks takes more words than counting them, they are counted (the word
    budget splits the steps as before)."""
    hints, cells = (1, 1, 1, 1, 2), line_cells("#x#x#x#x.##")
    claim = {
        "claim": "apart",
        "start": 9,
        "end": 11,
        "before": [[0, 1], [2, 3], [4, 5], [6, 7]],
        "after": [],
    }
    assert check_claim(claim, hints, cells, arrangements(hints, cells)) is None
    words = apart_words(Naming("row", hints, len(cells)), claim)
    assert words == "crosses set apart four blocks before cell 10"
    # one block each side: as many words either way, so named
    claim = {"claim": "apart", "start": 4, "end": 5, "before": [[2, 3]], "after": [[6, 7]]}
    assert check_claim(claim, hints, cells, arrangements(hints, cells)) is None
    words = apart_words(Naming("row", hints, len(cells)), claim)
    assert words == "cells 3 and 7, past crosses: an earlier and a later clue"
    assert len(words.split()) == len(
        "crosses set apart one block before cell 5 and one after it".split()
    )
    claim = {"claim": "apart", "start": 0, "end": 1, "before": [], "after": [[2, 3]]}
    assert check_claim(claim, hints, cells, arrangements(hints, cells)) is None
    words = apart_words(Naming("row", hints, len(cells)), claim)
    assert words == "cell 3, past a cross: a later clue"


def test_the_word_budget_counts_the_reason_left_unsaid() -> None:
    """The reason left out of "So the block at cell 6 …" is still counted by the word budget, so
    the steps split where they did when it was said (jwilk data016 traced in 318 steps, not
    317, with it uncounted)."""
    hints, line = BIKE_COLUMN_9
    _, premises = _explained("punctuate", "column", 8, hints, line)
    first, second = premises
    nm = Naming("column", hints, len(line))
    said = premise_sentence(nm, second, first["claims"])
    assert said.startswith("and so the block at cell 6")
    counted = _budget_sentence(nm, second, first["claims"])
    assert counted == premise_sentence(nm, second)  # the reason said again, as before
    assert len(counted.split()) > len(said.split())
