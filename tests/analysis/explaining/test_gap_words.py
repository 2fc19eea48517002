"""A gap said to be too small names the cells it is counted in when a part's end, not a cross
or the line's edge, cuts it: in jwilk Owl's row 7 (step 83) "the gap at cell 9 holds 1 cell"
was true only of cells 9-25 (the second clue's part), while cells 7-9 were all undecided, so a
reader took the gap for 3 cells (an independent brute-force reader flagged it)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from checked_words import checked_words  # noqa: E402


def _explained(technique: str, hints: tuple[int, ...], line: str) -> tuple[str, list]:
    return checked_words(technique, "row", 6, hints, line)


def test_a_gap_cut_by_a_part_s_end_is_said_within_the_part() -> None:
    text, premises = _explained("matching", (2, 2), ".....#...x....#.xxx......")
    assert "so cells 9–25 hold only the second clue, 2" in text
    assert "in cells 9–25 the gap at cell 9 holds 1 cell, fewer than the shortest clue" in text
    (gap,) = [c for p in premises for c in p["claims"] if c["claim"] == "gap"]
    assert (gap["start"], gap["end"], gap["within"]) == (8, 9, [8, 25])


def test_a_gap_between_crosses_is_said_as_before() -> None:
    text, _ = _explained("small_gap", (2, 2), "##x.x..........##")
    assert "the gap at cell 4 holds 1 cell" in text and "in cells" not in text


def test_the_first_clue_kept_off_a_gap_is_said_to_hold_the_first_box() -> None:
    # jwilk data054 row 10, step 139: "the first clue, 1, lies elsewhere: the fourth clue, 2,
    # ends by cell 23 (cells 24–25 are crossed)", true but left the reader to pack the 3 3
    # between; the plain reason is that the first clue holds the box at cell 1
    text, premises = checked_words("small_gap", "row", 9, (1, 3, 3, 2), "#x###x..#xxx..x.x...x##xx")
    assert (
        "the only clue short enough to fit, the first clue, 1, lies elsewhere: the first box is "
        "at cell 1, so the first clue, 1, ends by cell 1; so it is empty" in text
    )
    assert any(c["claim"] == "edge_box" for p in premises for c in p["claims"])
    # the line the other way round: the last clue, after the gap, holds the last box
    text, _ = checked_words("small_gap", "row", 9, (2, 3, 3, 1), "xx##x...x.x..xxx#..x###x#")
    assert "the last box is at cell 25, so the fourth clue, 1, starts at cell 25 or later" in text
