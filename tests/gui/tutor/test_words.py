"""The tutor's counts in words: singular for one (it said "1 puzzle(s) one step up")."""

from nonostudio.gui.tutor.words import count


def test_one_is_singular_and_others_plural() -> None:
    assert count(1, "puzzle") == "1 puzzle"
    assert count(0, "puzzle") == "0 puzzles"
    assert count(2, "technique") == "2 techniques"
    assert count(3, "child", "children") == "3 children"
