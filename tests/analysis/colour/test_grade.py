"""The colour grade's definition: the tier first, then whether one colour at a time is enough,
then whether pencil marks are needed, then the effort; the score follows that order whatever
the features, and the two colour questions are answered by fixed points a test can check by
hand."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from nonostudio.analysis.colour.grade import (
    TIER_BANDS,
    ColourFeatures,
    colour_grade,
    colour_score,
    one_colour_cells,
    pencil_cells,
)
from nonostudio.analysis.grades.difficulty import TIERS
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid

RED, BLUE = Colour("red", "#ff0000", "r"), Colour("blue", "#0000ff", "b")
PALETTE = Palette((WHITE, RED, BLUE))


def _of(picture: list[list[int]]) -> ColourPuzzle:
    rows, cols = clues_of_colour_grid(picture)
    return ColourPuzzle(PALETTE, rows, cols)


def _features(rng: random.Random, one_colour: int, pencil: int) -> ColourFeatures:
    cells = rng.randint(4, 2500)
    return ColourFeatures(
        cells=cells,
        colours=rng.randint(1, 31),
        touching_pairs=rng.randint(0, 5000),
        steps=rng.randint(1, 20 * cells),
        per_colour_steps=0,
        colour_steps=0,
        search_steps=0,
        narrowing_steps=rng.randint(0, 5000),
        cells_per_colour=0,
        cells_colour=rng.randint(0, cells),
        cells_search=0,
        hardest_technique=None,
        solutions="unique",
        pencil_cells=pencil,
        one_colour_cells=one_colour,
    )


def test_the_score_follows_tier_colour_reasoning_pencil_marks_whatever_the_effort() -> None:
    """Any two feature sets: the one with the larger (tier, needs colour reasoning, needs pencil
    marks) scores at least as high, however small its effort and however large the other's."""
    rng = random.Random(44)
    for _ in range(400):
        a = (rng.randrange(TIERS), rng.choice([0, 7]), rng.choice([0, 3]))
        b = (rng.randrange(TIERS), rng.choice([0, 7]), rng.choice([0, 3]))
        fa, fb = _features(rng, *a[1:]), _features(rng, *b[1:])
        ka = (a[0], fa.needs_colour_reasoning, fa.needs_pencil_marks)
        kb = (b[0], fb.needs_colour_reasoning, fb.needs_pencil_marks)
        sa, sb = colour_score(a[0], fa), colour_score(b[0], fb)
        if ka > kb:
            assert sa > sb, (ka, kb, sa, sb)
        for tier, s in ((a[0], sa), (b[0], sb)):
            assert TIER_BANDS[tier][0] <= s < TIER_BANDS[tier][1]


def test_the_effort_orders_within_the_same_answers() -> None:
    rng = random.Random(5)
    f = _features(rng, 0, 0)
    more = replace(f, steps=f.steps * 2, narrowing_steps=f.narrowing_steps + 100)
    for tier in range(TIERS):
        assert colour_score(tier, more) > colour_score(tier, f)


def test_bands_are_consecutive() -> None:
    assert len(TIER_BANDS) == TIERS
    for (_, end), (start, _) in itertools.pairwise(TIER_BANDS):
        assert end == start


def test_one_colour_at_a_time_and_pencil_marks_by_hand() -> None:
    # Red and blue touch in every line: looking at red alone, row 1 "1 red in 2 cells" decides
    # nothing, and so for every colour and line; the colour line solver decides each line.
    crossed = _of([[1, 2], [2, 1]])
    assert one_colour_cells(crossed) == 4
    assert pencil_cells(crossed) == 0
    grade = colour_grade(crossed)
    assert grade.features.needs_colour_reasoning and not grade.features.needs_pencil_marks
    # Blocks apart: red's and blue's clues alone fill every line.
    apart = _of([[1, 0, 2], [1, 0, 2]])
    assert one_colour_cells(apart) == 0
    assert pencil_cells(apart) == 0
    solo = colour_grade(apart)
    assert not solo.features.needs_colour_reasoning
    assert grade.tier == solo.tier == 1  # overlaps at most
    assert grade.score > solo.score and grade.key > solo.key


@pytest.mark.parametrize("runs", [3])
def test_grades_are_deterministic(runs: int) -> None:
    puzzle = _of([[1, 2, 0], [2, 1, 1], [0, 1, 2]])
    graded = [colour_grade(puzzle) for _ in range(runs)]
    assert len({(g.tier, g.score, g.label, g.features) for g in graded}) == 1


def test_a_cancelled_grade_is_undecided_and_says_so() -> None:
    puzzle = _of([[1, 2, 0], [2, 1, 1], [0, 1, 2]])
    grade = colour_grade(puzzle, should_stop=lambda: True)
    assert (grade.label, grade.cancelled, grade.timed_out) == ("Undecided", True, False)
    assert grade.features.steps == 0
    assert (grade.features.one_colour_cells, grade.features.pencil_cells) == (0, 0)  # not run
    assert grade.explanation.startswith("Undecided")


def test_the_trace_reports_progress() -> None:
    from nonostudio.analysis.colour.trace import colour_trace

    calls: list[tuple[float, str]] = []
    puzzle = _of([[1, 2, 0], [2, 1, 1], [0, 1, 2]])
    trace = colour_trace(puzzle, progress=lambda f, m: calls.append((f, m)))
    assert len(calls) == len(trace.steps) and calls[-1][0] == 1.0
    assert [f for f, _ in calls] == sorted(f for f, _ in calls)
