"""Counts in words: singular for one (the tutor said "1 puzzle(s) one step up", the designer
"1 cell(s) undecided")."""

from nonostudio.core.counts import count, number


def test_one_is_singular_and_others_plural() -> None:
    assert count(1, "puzzle") == "1 puzzle"
    assert count(0, "puzzle") == "0 puzzles"
    assert count(2, "technique") == "2 techniques"
    assert count(3, "child", "children") == "3 children"


def test_counts_group_their_digits_as_every_panel_does() -> None:
    # The Designer Checks said "40000 cells" beside the Check panel's "1,000,000".
    assert count(40000, "cell") == "40,000 cells"
    assert count(1_000_000, "clue") == "1,000,000 clues"
    assert count(999, "cell") == "999 cells"
    assert number(1234) == "1,234"
