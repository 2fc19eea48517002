"""A bound a sentence states comes with its reason, and the checker checks the reason.

"The first clue, 2, starts at cell 2 or later" is true of Bike's column 15 (step 45), but a
player cannot see why; the premise now carries the cause (the box at cell 3 a 2 from cell 1
would run into) and the sentence says it.  The checker verifies the cause as a fact of the line,
that it rules out the starts it is said to, and that the bound follows from what the premise
states before it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.premise_text import Naming
from nonostudio.analysis.explaining.step_text import explain_move, premise_sentence, step_sentence
from nonostudio.core.line import CROSSED, FILLED

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import line_cells  # noqa: E402
from sentence_checker import arrangements, check_claim, check_inference, check_pushed  # noqa: E402


def _reach(clues: tuple[int, ...], text: str) -> tuple[str, dict]:
    """The Finished block step on a line: its sentence and its punctuate_reach premise."""
    explanation, premises = explain_move("punctuate", "column", 14, clues, line_cells(text))
    (reach,) = [p for p in premises if p["say"] == "punctuate_reach"]
    return explanation.text, reach


def test_bike_column_15_says_why_the_first_clue_starts_late() -> None:
    """Bike, column 15, step 45: cell 1 is empty because a 2 there would run into the box at
    cell 3 (the old sentence: "the first clue, 2, starts at cell 2 or later: cell 1 is
    empty", no reason)."""
    text, reach = _reach((2, 3, 1, 2), "..#.x###............")
    assert reach["cells"] == [[0, CROSSED]]
    causes = [c for c in reach["claims"] if c["claim"] == "cannot_start"]
    assert causes == [{"claim": "cannot_start", "clue": 0, "min": 0, "max": 0, "boxes": [2, 3]}]
    assert (
        "The first clue, 2, starts at cell 2 or later (from cell 1 it would make the block at "
        "cell 3 longer than 2): cell 1 is empty" in text
    )


def test_air_wettener_row_13_says_why_the_first_clue_starts_late() -> None:
    """Air wettener, row 13, step 32: a 3 from cell 1 or 2 would run into the boxes at 4–5."""
    text, reach = _reach((3, 3, 1), "...##.........#")
    causes = [c for c in reach["claims"] if c["claim"] == "cannot_start"]
    assert causes == [{"claim": "cannot_start", "clue": 0, "min": 0, "max": 1, "boxes": [3, 5]}]
    assert "from cell 1 or 2 it would make the block at cells 4–5 longer than 3" in text
    # the block at cell 15 plays no part in this bound: it is not stated as its reason
    assert not [c for c in reach["claims"] if c["claim"] == "holders"]


def test_a_bound_from_a_placed_block_walks_the_clues_between() -> None:
    """Bike, row 2: the third clue is placed at cells 9–11, so the second clue, 1, ends by
    cell 7 and the first, 3, by cell 5; crosses at cells 1–2 push the first clue to cell 3, so
    the second starts at cell 7 or later: cell 6 is empty.  Every link is stated."""
    text, reach = _reach((3, 1, 3, 2), "xx..#..x###x.......x")
    bounds = [(c["clue"], c["min"], c["max"]) for c in reach["claims"] if c["claim"] == "starts"]
    assert bounds == [(1, None, 6), (0, None, 2), (0, 2, None), (1, 6, None)]
    assert (
        "so the second and first end by cells 7 and 5. The first clue, 3, starts at cell 3 or "
        "later (cells 1–2 are crossed), so the second starts at cell 7 or later: cell 6 is "
        "empty" in text
    )


def test_the_checker_refuses_a_bound_without_its_reason() -> None:
    hints = (2, 3, 1, 2)
    cells = line_cells("..#.x###............")
    _, reach = _reach(hints, "..#.x###............")
    arr = arrangements(hints, cells)
    assert all(check_claim(c, hints, cells, arr) is None for c in reach["claims"])
    assert check_inference(reach, hints, len(cells)) is None
    # the old premise: the bound alone
    bare = {**reach, "claims": [c for c in reach["claims"] if c["claim"] != "cannot_start"]}
    assert "not derived" in (check_inference(bare, hints, len(cells)) or "")
    # a cause that is no fact of the line: cell 2 is not filled
    wrong = {"claim": "cannot_start", "clue": 0, "min": 0, "max": 0, "boxes": [1, 2]}
    assert check_claim(wrong, hints, cells, arr) is not None
    # a true fact that does not rule the start out: a cross the 2 from cell 1 does not cover
    far = {"claim": "cannot_start", "clue": 0, "min": 0, "max": 0, "cross": [4, 5]}
    assert check_claim(far, hints, cells, arr) is None  # cell 5 is crossed, and no 2 starts at 1
    claims = [far if c["claim"] == "cannot_start" else c for c in reach["claims"]]
    assert check_inference({**reach, "claims": claims}, hints, len(cells)) is not None


def test_every_reach_bound_on_random_lines_is_derived_from_stated_reasons() -> None:
    """On random lines (and on the parts matching cuts them into), each Finished block reach
    premise passes the checker's chain check, and each bound it crosses cells by has a reason
    stated before it: a placed block, the edge's packing, or a ruled-out start."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_premises import random_line

    rng = random.Random(45)
    seen = 0
    for _ in range(1500):
        hints, cells = random_line(rng, rng.randint(4, 16))
        for technique in ("punctuate", "matching"):
            for w in BY_ID[technique].witnesses(hints, cells):
                if w.say != "punctuate_reach":
                    continue
                premise = {"say": w.say, "claims": w.claims, "cells": list(w.cells.items())}
                premise["cells"] = [[p, v] for p, v in premise["cells"]]
                assert check_inference(premise, hints, len(cells)) is None, (hints, cells, w)
                arr = arrangements(hints, cells)
                for claim in w.claims:
                    assert check_claim(claim, hints, cells, arr) is None, (hints, cells, claim)
                seen += 1
    assert seen > 50


def test_a_cell_no_clue_fits_over_says_what_stops_each_clue() -> None:
    """Bike, column 8, step 51: cell 5 lies inside the second clue's range; the old sentence
    said no clue fits over it "between the crosses", but the cell is open on both sides: a 1
    there would run into the box at cell 6.  Every start over the cell is ruled out by a stated
    bound or cause, which the checker now demands."""
    hints = (1, 1, 2, 3)
    line = "#xx..#.............."
    explanation, premises = explain_move("punctuate", "column", 7, hints, line_cells(line))
    (misfit,) = [p for p in premises if p["say"] == "punctuate_reach_misfit"]
    assert misfit["cells"] == [[4, CROSSED]]
    assert "between the crosses" not in explanation.text
    assert "A 1 from cell 5 would run into the box at cell 6: cell 5 is empty" in explanation.text
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert all(check_claim(c, hints, cells, arr) is None for c in misfit["claims"])
    assert check_inference(misfit, hints, len(cells)) is None
    # the old premise: the placed block and the second clue's range, no cause
    old = {
        **misfit,
        "claims": [
            {"claim": "holders", "start": 0, "end": 1, "clues": [0]},
            {"claim": "starts", "clue": 1, "min": 3, "max": 12},
        ],
    }
    assert check_inference(old, hints, len(cells)) is not None
    # the new premise without the cause that stops a 1 at cell 5
    bare = [c for c in misfit["claims"] if c.get("boxes") != [5, 6]]
    assert len(bare) < len(misfit["claims"])
    wrong = check_inference({**misfit, "claims": bare}, hints, len(cells))
    assert "may start at 4: nothing stated stops it" in (wrong or "")


def test_a_gap_too_small_says_why_the_short_clues_lie_elsewhere() -> None:
    """Bike, row 8: the gap at cell 11 is too small for all but the 1s; the old sentence said
    "the fourth clue, 1, starts at cell 16 or later" with no reason.  Now the packing that sets
    it is stated, with the crosses that push the 2 past the gap, and the short clues are named;
    the 1s come after the 2 from cell 13, so the link to the fourth clue is not needed (it was
    said: "so the second, third and fourth start at cells 6, 13 and 16 or later")."""
    hints = (3, 3, 2, 1, 1)
    line = "x###x###xx.x..#....."
    explanation, premises = explain_move("small_gap", "row", 7, hints, line_cells(line))
    (gap,) = premises
    text = explanation.text
    assert (
        "the clues short enough to fit, the fourth and fifth, 1 and 1, lie elsewhere: the first "
        "clue, 3, starts at cell 2 or later (cell 1 is crossed), so the second and third start at "
        "cells 6 and 13 or later (cells 9–10, 12 are crossed); so it is empty" in text
    )
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert all(check_claim(c, hints, cells, arr) is None for c in gap["claims"])
    assert check_inference(gap, hints, len(cells)) is None
    old = [gap["claims"][0], {"claim": "starts", "clue": 3, "min": 15, "max": None}]
    assert "not derived" in (check_inference({**gap, "claims": old}, hints, len(cells)) or "")


def test_out_of_reach_says_how_the_clues_are_packed() -> None:
    """Bike, row 13: "the fourth clue, 4, ends by cell 14 and the fifth clue, 3, starts at
    cell 16 or later" had no reason; the packing and the cross at cell 10 are now stated."""
    hints = (1, 1, 1, 4, 3, 1)
    line = "#x......#x####.###x#"
    explanation, premises = explain_move("simple_spaces", "row", 12, hints, line_cells(line))
    (spaces,) = premises
    # (the fourth clue's two bounds one after the other: it is named once)
    assert (
        "the fourth clue, 4, ends by cell 14, before the clues 3 1, and starts at cell 11 or "
        "later, after the clues 1 1 1 (cell 10 is crossed), so the fifth starts at cell 16 or "
        "later: cell 15 is empty" in explanation.text
    )
    cells = line_cells(line)
    assert check_inference(spaces, hints, len(cells)) is None
    old = [
        {"claim": "starts", "clue": 3, "min": None, "max": 10, "from": "edge"},
        {"claim": "starts", "clue": 4, "min": 15, "max": None, "from": "clue"},
    ]
    assert "not derived" in (check_inference({**spaces, "claims": old}, hints, len(cells)) or "")


def test_a_bound_said_again_names_its_clue_when_two_boxes_were_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Soup's on, row 7 (2 2), as the trace tells it: the first premise names both clues'
    boxes; the next two said "and it starts at cell 5 or later …; and it ends by cell 16", the
    first "it" the first clue, the second the second.  Each is named now; after one clue's box,
    "it" stays."""
    monkeypatch.setattr("nonostudio.analysis.explaining.step_text.BODY_WORDS", 10**6)
    hints = (2, 2)
    _, premises = explain_move("mercury", "row", 6, hints, line_cells(".....#........#..xx......"))
    first, both, last = premises
    assert len([c for c in both["claims"] if c["claim"] == "holders"]) == 2
    told = step_sentence("mercury", "row", 6, hints, 25, [both, first, last]).text
    assert "and it " not in told
    assert ". The first clue, 2, starts at cell 5 or later: cells 1–4 are empty" in told
    assert ". The second clue, 2, ends by cell 16: cells 17, 20–25 are empty" in told
    alone = step_sentence("mercury", "row", 6, hints, 25, [first, both]).text
    assert (
        "cells 1–4 are empty. It ends by cell 7. The second clue, 2, holds the last box, at "
        "cell 15, so it starts at cell 14 or later: cells 8–13 are empty" in alone
    )


def test_edges_and_walls_says_why_a_holder_cannot_start_nearer() -> None:
    """Air wettener, row 8 (2 2): "the box at cell 4 can only be the first clue, 2, starting at
    cell 3 to hold it" did not say why the 2 cannot start at cell 4: it would run into the box
    at cell 6.  The checker now wants a reason for every start nearer the gap's walls that a
    holder is said not to take."""
    hints = (2, 2)
    line = "...#.#........."
    explanation, premises = explain_move("glue", "row", 7, hints, line_cells(line))
    first = premises[0]
    assert first["cells"] == [[2, FILLED]]
    assert (
        "the first box, at cell 4, can only be the first clue, 2, starting at cell 3 to hold it "
        "(from cell 4 it would run into the box at cell 6), so cell 3 is filled" in explanation.text
    )
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert all(check_claim(c, hints, cells, arr) is None for c in first["claims"])
    assert check_inference(first, hints, len(cells)) is None
    bare = [c for c in first["claims"] if c["claim"] != "cannot_start"]
    wrong = check_inference({**first, "claims": bare}, hints, len(cells))
    assert "may start at 3: nothing stated stops it" in (wrong or "")


def test_the_box_a_clue_would_run_into_is_pointed_at() -> None:
    """The Solve view outlines what a step's words name: the box at cell 3 of Bike's column 15
    is the reason cell 1 is empty, so it is outlined with the block the step finishes."""
    explanation, _ = explain_move(
        "punctuate", "column", 14, (2, 3, 1, 2), line_cells("..#.x###............")
    )
    assert ("block", 2, 3) in explanation.spans
    assert ("block", 5, 8) in explanation.spans


def test_reach_of_a_box_says_what_stops_a_clue_inside_its_range() -> None:
    """A cell inside the third clue's range that it cannot cover: the old words said no clue
    fits over it "between the crosses", but cell 10 is open on both sides; a 1 there would run
    into the box at cell 11, and the premise now says so (checked as a fact of the line)."""
    hints = (3, 2, 1, 1, 1)
    line = ".##.x#....#..x.."
    (misfit,) = [  # (a step's words have room for the first of this round's premises only)
        {"say": w.say, "claims": w.claims, "cells": [[p, v] for p, v in w.cells.items()]}
        for w in BY_ID["mercury"].witnesses(hints, line_cells(line))
        if list(w.cells.items()) == [(9, CROSSED)]
    ]
    assert misfit["say"] == "mercury_misfit"
    text = premise_sentence(Naming("row", hints, len(line)), misfit)
    assert "between the crosses" not in text
    assert "A 1 from cell 10 would run into the box at cell 11: cell 10 is empty" in text
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert all(check_claim(c, hints, cells, arr) is None for c in misfit["claims"])


def test_a_chain_link_follows_what_sets_it() -> None:
    """Owl, column 11: the third and second clues' latest ends follow from the fourth clue's
    (the crosses at cells 24–25), which the sentence must say first; it said "the block at cells
    3–4 can only be the first clue, 2, so the third and second end by …", a "so" the first clue
    does not give, and left out the fourth clue's bound."""
    hints = (2, 3, 2, 5)
    explanation, premises = explain_move(
        "punctuate", "column", 10, hints, line_cells("xx##xxxx##..##....##...xx")
    )
    assert (
        "the fourth clue, 5, ends by cell 23 (cells 24–25 are crossed), so the third and second "
        "end by cells 17 and 14" in explanation.text
    )
    assert "first clue, 2, so" not in explanation.text


def test_it_is_the_placed_clue_only_right_after_its_block() -> None:
    """Vulture, column 12: "the block at cell 21 can only be the fifth clue, 1, so the fourth
    ends by cell 17 (…); it starts at cell 21 or later" — "it" read as the fourth clue."""
    hints = (2, 2, 2, 4, 1, 3)
    line = line_cells("....#............x.x#x###")
    explanation, _ = explain_move("punctuate", "column", 11, hints, line)
    text = explanation.text
    assert "so the fourth ends by cell 17 (cell 18 is crossed). The fifth clue, 1, starts" in text
    assert ". It starts" not in text


def test_a_placed_clue_said_again_keeps_its_block_as_its_bound() -> None:
    """jwilk-nonogram data012.nin, column 23, step 54 (8 1 2): after "the block at cells 19–20
    can only be the third clue, 2, …", the cell-16 premise said "and the third clue, 2, starts
    at cell 19 or later, after the clues 8 1", a packing the 8 and the 1 do not give (they put
    it at cell 12 or later): its block sets that bound, and was just named."""
    hints = (8, 1, 2)
    explanation, premises = explain_move(
        "punctuate", "column", 22, hints, line_cells(".....###.....x#...##")
    )
    assert [p["say"] for p in premises] == ["punctuate", "punctuate_reach_misfit"]
    assert "after the clues 8 1" not in explanation.text
    # the 8 from cell 9 or 10 is kept back only by the 1 between it and the third clue, a cell
    # short: its cause is said
    assert (
        "so it is finished: cell 18 is empty. An 8 from cell 9 or 10 would cover the cross "
        "at cell 14; a 1 from cell 16 would run into the box at cell 15: cell 16 is empty"
        in explanation.text
    )


def test_it_is_not_said_after_another_clue_is_named() -> None:
    """jwilk-nonogram data073.nin, row 15, step 43 (3 8 3): "… the third clue, 3, holds the box
    at cell 22, so it ends by cell 24: cell 25 is empty; and the second clue, 8, holds the box
    at cells 9–12, so it ends by cell 16 and it starts at cell 20 or later" — the last "it" is
    the 3, but reads as the 8 just named."""
    hints = (3, 8, 3)
    _, premises = explain_move("mercury", "row", 14, hints, line_cells("........####....x....#..."))
    both, last = premises
    told = step_sentence("mercury", "row", 14, hints, 25, [last, both]).text
    assert "and it starts" not in told
    assert (
        ". The second clue, 8, holds the boxes at cells 9–12, so it ends by cell 16. The "
        "third clue, 3, starts at cell 20 or later: cells 18–19 are empty" in told
    )


def test_the_checker_refuses_a_misfit_cause_that_does_not_stop_the_start() -> None:
    """Reach of a box, a cell inside a clue's range: each start over it is ruled out by a cause
    the checker now verifies rules it out (the box at cell 6 is filled, and no 1 starts at cell
    10, but a 1 there does not run into it), and a start left without a cause fails."""
    hints = (3, 2, 1, 1, 1)
    line = ".##.x#....#..x.."
    (misfit, _) = [  # (a step's words have room for the first of this round's premises only)
        {"say": w.say, "claims": w.claims, "cells": [[p, v] for p, v in w.cells.items()]}
        for w in BY_ID["mercury"].witnesses(hints, line_cells(line))
        if w.say == "mercury_misfit"
    ]
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert check_inference(misfit, hints, len(cells)) is None
    far = [{**c, "boxes": [5, 6]} if c["claim"] == "cannot_start" else c for c in misfit["claims"]]
    assert all(check_claim(c, hints, cells, arr) is None for c in far)  # true facts of the line
    wrong = check_inference({**misfit, "claims": far}, hints, len(cells))
    assert "does not run into the boxes [5, 6)" in (wrong or "")
    bare = [c for c in misfit["claims"] if c["claim"] != "cannot_start"]
    wrong = check_inference({**misfit, "claims": bare}, hints, len(cells))
    assert "may start at 9: nothing stated stops it" in (wrong or "")


def _checked(technique: str, hints: tuple[int, ...], line: str, say: str) -> tuple[str, dict]:
    """A row's step by ``technique``: its sentence and its premise of ``say``, which the
    checker passes (each claim a fact of the line, each bound derived, each start stopped)."""
    explanation, premises = explain_move(technique, "row", 0, hints, line_cells(line))
    (premise,) = [p for p in premises if p["say"] == say]
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert all(check_claim(c, hints, cells, arr) is None for c in premise["claims"])
    assert check_inference(premise, hints, len(cells)) is None
    return explanation.text, premise


def test_a_misfit_states_only_the_links_its_cell_needs() -> None:
    """jwilk-nonogram data012.nin, row 17: cell 20 is kept from the sixth clue by its bound
    (cell 19 would run into the box at cell 18); the clues before it end far earlier by their
    order alone.  The chain went on over the whole line: "so the fifth ends by cell 16, so the
    fourth ends by cell 12 (…), so the third, second and first end by cells 10, 8 and 6"."""
    hints = (3, 1, 1, 1, 2, 1, 2, 1)
    text, misfit = _checked(
        "punctuate", hints, "...........#.....#...#xx#", "punctuate_reach_misfit"
    )
    assert (
        "the last block, at cell 25, can only be the eighth clue, 1, so the seventh and sixth "
        "end by cells 22 and 18 (cells 23–24 are crossed; a 1 from cell 19 would run into the "
        "box at cell 18). A 2 from cell 19 would run into the box at cell 18; a 2 from cell 20 "
        "would run into the box at cell 22: cell 20 is empty" in text
    )
    bounds = [c["clue"] for c in misfit["claims"] if c["claim"] == "starts"]
    assert bounds == [6, 5, 7]  # the seventh's, the sixth's and the eighth's (its block's)


def test_a_placed_block_bounds_a_clue_instead_of_each_start_ruled_out() -> None:
    """Ellis 1440 (Janko), row 20: the 5's starts over cell 20 were each ruled out ("a 5 from
    cell 16 would cover the cross at cell 16; a 5 from cell 17 would run into the box at cell
    22; a 5 from cell 18 or 19 …; a 5 from cell 20 …"), and the first clue's block and the
    second clue's chain were stated though the clues' order keeps them off the cell; the 5's
    own block at cells 26–30 keeps it off in fewer words."""
    text, _ = _checked(
        "punctuate", (4, 3, 2, 5), "xx####xxxx.....x##...#.xx#####", "punctuate_reach_misfit"
    )
    assert "a 5 from" not in text
    assert "the block at cells 3–6" not in text
    assert text.endswith(
        "the block at cells 26–30 can only be the fourth clue, 5, the only clue that long, so "
        "the third ends by cell 23 (cells 24–25 are crossed). A 3 from cell 18 or 19, or a 2 "
        "from cell 19, would run into the boxes at cells 17–18; a 2 from cell 20 would run into "
        "the box at cell 22: cell 20 is empty."
    )


def test_a_holder_start_ruled_out_where_it_is_needs_no_chain() -> None:
    """jwilk-nonogram data033.nin, column 12 (5 8): the 5 holding the box at cell 10 cannot
    start at cell 10, as it would run into the box at cell 15; the sentence said so through
    the first clue's latest start ("the first clue, 5, ends by cell 13, before the second
    clue, 8 (cell 16 is crossed; from cell 11 …; from cell 10 …)").  The wall the 8 cannot
    cross is said with the 8, not in a second aside after the options.  The 5 cannot hold the
    box at all (the 8 holds the box at cell 12, so it ends by cell 15 and the 5 before it): it
    is no longer offered, with that reason (a ``kept_off`` claim)."""
    text, glue = _checked("glue", (5, 8), "..###....#.#..#x.........", "glue")
    assert "the first clue, 5, ends by" not in text
    assert ") (" not in text
    assert (
        "The second clue, 8, holds the box at cell 12, so it ends by cell 15 (cell 16 is "
        "crossed); so the box at cell 10 can only be the second clue, 8, starting at cell 8 to "
        "hold it (it cannot cross the cross at cell 16)" in text
    )
    (kept,) = [c for c in glue["claims"] if c["claim"] == "kept_off"]
    assert kept["clues"] == [0]


def test_a_start_ruled_out_in_words_said_anyway_needs_no_bound() -> None:
    """jwilk-nonogram data116.nin, row 25 (3 3 3): the third 3's starts over cell 14 are ruled
    out by the same words as the second's ("a 3 from cell 12 or 13 would run into …"), so its
    block at cells 19–21 need not be named for them (the fewest new words said it was)."""
    text, _ = _checked(
        "punctuate", (3, 3, 3), "............#.##.x###xxxx", "punctuate_reach_misfit"
    )
    assert "cells 19–21" not in text
    assert text.endswith(
        "a 3 from cell 12 or 13 would run into the boxes at cells 15–16; a 3 from cell 14 would "
        "run into the box at cell 13: cell 14 is empty."
    )


def test_a_gap_too_small_names_the_short_clue_the_clues_order_keeps_away() -> None:
    """Janko 786, row 9 (4 2 3): only the 2 fits the gap at cells 2–3, and the 4 before it keeps
    it away; the 2's bound by the 4 packed before it is stated (the clues' order alone would
    leave the words with no reason: "no clue can be there"; it said "the first clue, 4, starts
    at cell 5 or later (cell 4 is crossed), so the second starts at cell 10 or later"), and the
    sentence names the 2 (it said "the clues short enough to fit lie elsewhere", naming none).
    """
    text, _ = _checked("small_gap", (4, 2, 3), "x..x...#.#....#.....", "small_gap")
    assert (
        "the gap at cells 2–3 holds 2 cells, and the only clue short enough to fit, the second "
        "clue, 2, lies elsewhere: the second clue, 2, starts at cell 6 or later, after the first "
        "clue, 4; so it is empty" in text
    )


def test_a_gap_too_small_does_not_walk_the_line_for_a_clue_kept_away_by_its_order() -> None:
    """jwilk-nonogram data067.nin, row 18 (1 3 2 2 2 2 1): the last 1 cannot reach the gap at
    cell 9 whatever the crosses; it was said through every clue from the first ("the third
    clue, 2, starts at cell 13 or later, after the clues 1 3 (…), so the fourth, fifth, sixth
    and seventh start at cells 18, 21, 24 and 28 or later (…)")."""
    text, _ = _checked(
        "small_gap", (1, 3, 2, 2, 2, 2, 1), ".x#.#..x.xxx....x##x##x##xx#xx", "small_gap"
    )
    assert "The seventh clue, 1, starts at cell 19 or later, after the clues 1 3 2 2 2 2" in text
    assert "the third clue, 2, starts" not in text


def _checked_premises(technique: str, says: tuple[str, ...], seed: int, lines: int) -> int:
    """Run ``technique``'s witnesses on random lines; each premise whose say is one of ``says``
    passes the checker (its claims facts of the line, its bounds derived from what it states
    before them, every start over its emptied cells stopped); how many were checked."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_premises import random_line

    rng = random.Random(seed)
    seen = 0
    for _ in range(lines):
        hints, cells = random_line(rng, rng.randint(4, 16))
        for w in BY_ID[technique].witnesses(hints, cells):
            if w.say not in says:
                continue
            claims = [*w.part, *w.claims]
            cells_of = [[p, v] for p, v in w.cells.items()]
            premise = {"say": w.say, "claims": claims, "cells": cells_of}
            assert check_inference(premise, hints, len(cells)) is None, (hints, cells, w)
            arr = arrangements(hints, cells)
            for claim in claims:
                assert check_claim(claim, hints, cells, arr) is None, (hints, cells, claim)
            seen += 1
    return seen


def test_every_reach_of_a_box_bound_on_random_lines_comes_with_its_reason() -> None:
    """Reach of a box: each start range it empties cells by comes with its reason (a chain from
    the edge, a box only that clue can hold, the first or last box), checked.  Before, its
    bounds were true but bare ("the second clue, 2, cannot start before cell 4 or after cell
    11"), which the checker now refuses."""
    assert _checked_premises("mercury", ("mercury", "mercury_misfit"), 46, 1500) > 100


def test_reach_of_a_box_says_the_first_and_last_box_bound_the_outer_clues() -> None:
    """1 2 1 on ".x#..x#..x.": cell 5 is empty because the 2 cannot cover it from cell 4 or 5,
    and the 1s around it cannot either, by the first and last boxes: before, the words said
    the clues' ranges bare ("the first clue, 1, cannot start before cell 1 or after cell 3"),
    true but with no reason."""
    hints = (1, 2, 1)
    line = ".x#..x#..x."
    text, misfit = _checked("mercury", hints, line, "mercury_misfit")
    assert (
        "the first box is at cell 3, so the first clue, 1, ends by cell 3. The last box is at "
        "cell 7, so the third clue, 1, starts at cell 7 or later. A 2 from cell 4 would run into "
        "the box at cell 3; a 2 from cell 5 would cover the cross at cell 6: cell 5 is empty"
        in text
    )
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    first = next(c for c in misfit["claims"] if c["claim"] == "edge_box")
    assert first == {
        "claim": "edge_box",
        "side": "first",
        "start": 2,
        "end": 3,
        "clue": 0,
        "within": [0, 11],
    }

    def refused(claims: list[dict]) -> str:
        return check_inference({**misfit, "claims": claims}, hints, len(cells)) or ""

    # without the boxes, the bounds are not derived
    bare = [c for c in misfit["claims"] if c["claim"] != "edge_box"]
    assert "not derived" in refused(bare)
    # a box that is not the first: no fact of the line
    later = {**first, "start": 6, "end": 7}
    assert check_claim(later, hints, cells, arr) is not None
    # the first box said to bound a clue that is not the first
    second = [{**c, "clue": 1} if c == first else c for c in misfit["claims"]]
    assert "not the first clue" in refused(second)


def test_an_overlap_range_is_its_push_left_and_push_right_packing() -> None:
    """Overlap states a clue's range with no chain ("the 5 cannot start before cell 3 or after
    cell 5"): the checker finds that range is exactly the clues pushed left and pushed right
    with the crosses as walls (computed on its own), so the sentence's argument is its whole
    reason.  A range anything else narrows (the box at cell 9 here, true of the line) is
    refused: it would need a reason of its own."""
    hints = (5,)
    line = "xx......#"
    cells = line_cells(line)
    (w,) = BY_ID["overlap"].witnesses(hints, cells)
    premise = {"say": w.say, "claims": w.claims, "cells": [[p, v] for p, v in w.cells.items()]}
    assert w.claims == [{"claim": "starts", "clue": 0, "min": 2, "max": 4}]
    assert check_pushed(premise, hints, cells) is None
    narrowed = {**premise, "claims": [{"claim": "starts", "clue": 0, "min": 4, "max": 4}]}
    assert check_claim(narrowed["claims"][0], hints, cells, arrangements(hints, cells)) is None
    assert "is not the packings'" in (check_pushed(narrowed, hints, cells) or "")


def test_every_overlap_range_on_random_lines_and_parts_is_the_packings() -> None:
    """On random lines and on the parts matching cuts them into, each Overlap premise's range
    is the packings' (of the part, on a part): Overlap never relies on an unstated bound."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_premises import random_line

    rng = random.Random(47)
    seen = on_parts = 0
    for _ in range(1500):
        hints, cells = random_line(rng, rng.randint(4, 16))
        for technique in ("overlap", "matching"):
            for w in BY_ID[technique].witnesses(hints, cells):
                if w.say != "overlap":
                    continue
                part = next((c for c in w.part if c["claim"] == "part"), None)
                premise = {"say": w.say, "claims": w.claims, "cells": []}
                assert check_pushed(premise, hints, cells, part) is None, (hints, cells, w)
                seen += 1
                on_parts += part is not None
    assert seen > 200 and on_parts > 20


def test_a_block_only_one_clue_is_long_enough_for_says_so() -> None:
    """Finished block: "the block at cells 7–11 can only be the second clue, 5" came with no
    reason; when no other clue is as long as the block, that is the reason, said and checked by
    arithmetic (a claim naming a clue that is not the only one that long is refused)."""
    hints = (1, 5, 2)
    line = "......#####......."
    text, premise = _checked("punctuate", hints, line, "punctuate")
    assert "the block at cells 7–11 can only be the second clue, 5, the only clue that long" in text
    (why,) = [c for c in premise["claims"] if c["claim"] == "only_long"]
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert check_claim({**why, "clues": [2]}, hints, cells, arr) is not None
    assert check_claim(why, (5, 5, 2), cells, arr) is not None  # another clue as long
    # a block another clue is as long as: the reason is not given (it comes from matching)
    text, premise = _checked("punctuate", (5, 5), "#####......", "punctuate")
    assert "the only clue that long" not in text
    assert not [c for c in premise["claims"] if c["claim"] == "only_long"]


def test_matching_says_a_block_is_the_only_clue_that_long() -> None:
    """Matching blocks to clues cuts the line at a block only one clue can be; when no other
    clue is as long, the words say so, and the claim is checked by arithmetic."""
    hints = (2, 5, 1)
    line = ".........#####.........#.."
    explanation, premises = explain_move("matching", "row", 0, hints, line_cells(line))
    assert (
        "the block at cells 10–14 can only be the second clue, 5, the only clue that long, so "
        "cells 16–26 hold only the third clue, 1" in explanation.text
    )
    (part,) = [p for p in premises if p["say"] == "part"]
    (why,) = [c for c in part["claims"] if c["claim"] == "only_long"]
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert all(check_claim(c, hints, cells, arr) is None for c in part["claims"])
    assert check_claim(why, (2, 5, 5), cells, arr) is not None


def _sentences(text: str) -> list[str]:
    """A step's sentences (a full stop ends one outside brackets), the line and technique
    name cut off the first."""
    body = text.split(": ", 1)[1]
    out, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and body.startswith(". ", i):
            out.append(body[start:i])
            start = i + 2
    return [*out, body[start:].removesuffix(".")]


def test_a_long_step_says_each_chain_of_bounds_in_a_sentence_of_its_own() -> None:
    """jwilk-nonogram data056.nin, row 8 (step 165, 115 words): the placed block, the chain
    from the right, the chain from the left and the starts ruled out over cell 15 were one
    sentence joined by semicolons.  Each is a sentence now, the cell's conclusion after the
    starts that stop at it; no word is dropped."""
    hints = (2, 3, 1, 2, 3)
    text, _ = _checked(
        "punctuate", hints, "x##x.#......##.........xxxxxxx", "punctuate_reach_misfit"
    )
    assert _sentences(text) == [
        "the first block, at cells 2–3, can only be the first clue, 2",
        "The fifth clue, 3, ends by cell 23 (cells 24–30 are crossed), so the fourth, third and "
        "second end by cells 19, 16 and 14",
        "The second clue, 3, starts at cell 5 or later, after the first clue, 2, so the third, "
        "fourth and fifth start at cells 9, 13 and 16 or later (a 2 from cell 11 or 12 would "
        "run into the boxes at cells 13–14)",
        "A 1 from cell 15, or a 2 from cell 14 or 15, would run into the boxes at cells 13–14: "
        "cell 15 is empty",
    ]


def test_edges_and_walls_says_its_chain_before_the_box_it_places() -> None:
    """jwilk-nonogram data141.nin, row 4 (step 101, 109 words): the bounds that keep the
    first and second clues where they are come as their own sentences, then the box and its
    holders; the semicolon before "either way" stays (the holders are its reason).  The clues
    as long that cannot reach the box (the third and later) are said to be out, before it."""
    hints = (4, 3, 2, 2, 6, 1)
    explanation, _ = explain_move(
        "glue", "row", 3, hints, line_cells("......#..#......x.#.###....x..")
    )
    said = _sentences(explanation.text)
    assert said[1] == "The second clue, 3, starts at cell 6 or later, after the first clue, 4"
    assert said[2].startswith(
        "The third clue, 2, starts at cell 10 or later, after the clues 4 3, so the box at cell "
        "7 is the first, 4, starting between cells 4"
    )
    assert said[2].endswith("; either way cell 6 is filled")
    assert max(len(s.split()) for s in said) < 60  # (57: the far clues' reason joins the box)


def test_the_first_block_can_only_be_the_first_clue_and_says_so() -> None:
    """2 2 on ".##.......": the block at cells 2–3 is finished because only the first clue can
    be it, and the reason is the clues' order (the second clue is as long, so "the only clue
    that long" is not it).  The sentence said "the block at cells 2–3 can only be the first
    clue, 2" with no reason; it names the block as the row's first now, an ``edge_block``
    claim the checker verifies."""
    text, premise = _checked("punctuate", (2, 2), ".##.......", "punctuate")
    assert "the first block, at cells 2–3, can only be the first clue, 2, so it is finished" in text
    assert {"claim": "edge_block", "side": "first", "start": 1, "end": 3, "clues": [0]} in (
        premise["claims"]
    )


def test_the_blocks_at_a_parts_ends_say_they_are_the_first_and_last() -> None:
    """jwilk-nonogram 1377, column 5 (step 116): the blocks that cut off the part are the
    column's first and last, so the first and third clues'."""
    hints = (3, 6, 3)
    line = "###xxxxxx###.........x###"
    explanation, premises = explain_move("matching", "column", 4, hints, line_cells(line))
    assert explanation.text.startswith(
        "Column 5 — Matching blocks to clues: the first and last blocks, at cells 1–3 and cells "
        "23–25, can only be the first and third clues, 3 and 3, so cells 10–15 hold only the "
        "second clue, 6"
    )
    (part,) = [p for p in premises if p["say"] == "part"]
    cells = line_cells(line)
    arr = arrangements(hints, cells)
    assert [c["side"] for c in part["claims"] if c["claim"] == "edge_block"] == ["first", "last"]
    assert all(check_claim(c, hints, cells, arr) is None for c in part["claims"])
    assert check_inference(part, hints, len(cells)) is None


def test_the_checker_refuses_a_first_block_that_is_not_the_first() -> None:
    hints, cells = (1, 2), line_cells("#...##..")
    arr = arrangements(hints, cells)
    first = {"claim": "edge_block", "side": "first", "start": 4, "end": 6, "clues": [0]}
    assert check_claim(first, hints, cells, arr) is not None  # a box before it
    last = {"claim": "edge_block", "side": "last", "start": 4, "end": 6, "clues": [0]}
    assert check_claim(last, hints, cells, arr) is not None  # the last block, not the first clue
    assert check_claim({**last, "clues": [1]}, hints, cells, arr) is None
    # a reason given for no block's holder in the premise
    premise = {"say": "punctuate", "claims": [first], "cells": []}
    assert check_inference(premise, hints, len(cells)) is not None


def test_a_block_placed_before_a_reach_keeps_its_reason() -> None:
    """jwilk-nonogram data012.nin, row 3 (step 118): the block at cells 20–25 that bounds the
    second clue was "the only clue that long" in the step that finished it (116) and no
    reason at all when it placed the clue for the reach; it keeps its reason now."""
    text, premise = _checked("punctuate", (5, 6), "..........#.....xxx######", "punctuate_reach")
    assert text.startswith(
        "Row 1 — Finished block: the block at cells 20–25 can only be the second clue, 6, the "
        "only clue that long. The first clue, 5, holds the first box, at cell 11, so it ends by "
        "cell 15."
    )
    assert {"claim": "only_long", "start": 19, "end": 25, "clues": [1]} in premise["claims"]


def test_a_wall_both_holders_meet_is_said_of_both() -> None:
    """jwilk-nonogram data046.nin, column 22 (step 184): both clues that can hold the box at
    cell 8 are kept short of cell 10 by its cross, but the words said "… or the second, 3,
    starting between cells 6 and 7 (it cannot cross the cross at cell 10)", as if of the
    second alone."""
    text, _ = _checked("glue", (4, 3, 1, 1, 1), ".......#.x..........x#xx#", "glue")
    assert text.endswith(
        "the box at cell 8 is the first, 4, starting between cells 5 and 6 or the second, 3, "
        "starting between cells 6 and 7 (neither can cross the cross at cell 10); either way "
        "cell 7 is filled."
    )


def test_a_clue_holding_the_first_boxes_says_they_are_the_first() -> None:
    """jwilk-nonogram data046.nin, column 10 (step 188): "the first clue, 4, holds the boxes at
    cells 10–12" gave no reason why the first clue; they are the column's first boxes."""
    text, premise = _checked("mercury", (4, 2, 5), "......xx.###.xxxx##x#####", "mercury")
    assert text.endswith(
        "the first clue, 4, holds the first boxes, at cells 10–12, so it starts at cell 9 or "
        "later: cells 1–6 are empty."
    )
    assert {"claim": "edge_block", "side": "first", "start": 9, "end": 12, "clues": [0]} in (
        premise["claims"]
    )


def test_a_start_ruled_out_by_boxes_says_the_block_would_be_too_long() -> None:
    """Forever, column 11, step 8 (a reviewer's finding): "the second clue, 3, starts at cell 6
    or later, after the first clue, 1 (from cells 3–5 it would run into the boxes at cells
    6–8)" left the reader to work out why running into them rules the starts out; the words
    now say the link: the block there would be longer than the clue."""
    text, reach = _checked("punctuate", (1, 3, 5, 2, 1), "....." + "###" + "." * 17, "punctuate")
    assert reach["cells"] == [[4, CROSSED], [8, CROSSED]]
    assert (
        "the second clue, 3, starts at cell 6 or later, after the first clue, 1 (from cells 3–5 "
        "it would make the block at cells 6–8 longer than 3)" in text
    )
    # the checker: the boxes a start runs into are said to be a block, and so must be one
    hints, cells = (1, 3, 5, 2, 1), line_cells("....." + "###" + "." * 17)
    arr = arrangements(hints, cells)
    part = {"claim": "cannot_start", "clue": 1, "min": 2, "max": 2, "boxes": [5, 7]}
    assert check_claim(part, hints, cells, arr) == "cells [5, 7] are not a whole block"
    whole = {**part, "boxes": [5, 8]}
    assert check_claim(whole, hints, cells, arr) is None
