"""Counts in words: singular for one (the tutor said "1 puzzle(s) one step up", the designer
"1 cell(s) undecided")."""

from nonostudio.core.counts import count


def test_one_is_singular_and_others_plural() -> None:
    assert count(1, "puzzle") == "1 puzzle"
    assert count(0, "puzzle") == "0 puzzles"
    assert count(2, "technique") == "2 techniques"
    assert count(3, "child", "children") == "3 children"
