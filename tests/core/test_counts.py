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


def test_the_library_s_recovery_words_group_their_counts() -> None:
    from pathlib import Path

    from nonostudio.core.library.faults import recovered_error
    from nonostudio.core.library.recovered import Recovery

    said = Recovery(Path("/x/lib.damaged"), None, 4188, 1200, False).sentence(Path("/x/lib"))
    assert "4,188 puzzles could still be read and were recovered" in said
    assert "(1,200 could not be read:" in said
    one = Recovery(Path("/x/lib.damaged"), None, 1, 0, False).sentence(Path("/x/lib"))
    assert "1 puzzle could still be read and was recovered" in one
    error = recovered_error(Path("/x/lib"), "damaged", Path("/x/d"), 4188, 1200, False)
    assert "4,188 puzzles could still be read" in str(error) and "1,200 could not" in str(error)
