"""grade_row, the row of the command line's ``grade`` and of the studio's Grade a Folder table:
a puzzle no picture fits, or one that several fit, has no tier or score in either."""

from __future__ import annotations

import pytest

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.grading import grade_row
from nonostudio.core.formats.strings import read_string
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import load_rule_set


@pytest.fixture(scope="module")
def rules():
    return load_rule_set(DEFAULT_RULE_SET)


def test_a_puzzle_with_two_pictures_has_no_tier_or_score_in_the_row(rules) -> None:
    # The 2x2 diagonal: Grade a Folder's table showed it as tier 8, score 87.62 (the search's,
    # which picked one of the pictures), where the Difficulty panel and the CLI say none.
    row = grade_row(read_string("1:1-1:1"), rules)
    assert (row["tier"], row["score"], row["label"]) == (None, None, "Not unique")
    assert row["explanation"].startswith("not graded: no tier or score. Several pictures fit")
    assert row["solutions"] == "multiple"


def test_a_puzzle_no_picture_fits_has_no_tier_or_score_in_the_row(rules) -> None:
    row = grade_row(Puzzle([[2], [1, 1], [2], [1, 2]], [[3], [3], [1], [1, 1]]), rules)
    assert (row["tier"], row["score"], row["label"]) == (None, None, "No solution")
    assert row["explanation"].startswith("not graded: no picture fits these clues")


def test_a_unique_puzzle_keeps_its_tier_and_score(rules) -> None:
    row = grade_row(read_string("3:3:3-3:3:3"), rules)
    assert (row["tier"], row["label"]) == (1, "Beginner")
    assert row["score"] > 0


def test_a_grade_stopped_before_it_could_tell_has_no_tier_or_score(rules) -> None:
    # Forever with --time-limit 0.2 showed 'Undecided (tier 8, score 98.85)': the tier and
    # score of a trace cut short, where the Difficulty panel shows none.
    row = grade_row(read_string("1:1-1:1"), rules, should_stop=lambda: True)
    assert (row["tier"], row["score"], row["label"]) == (None, None, "Undecided")
    assert row["explanation"].startswith("Undecided: grading stopped")
