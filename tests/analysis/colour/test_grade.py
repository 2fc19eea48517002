"""The colour grade's definition: whether one colour at a time is enough first (a puzzle that
needs colour reasoning ranks above every puzzle solvable one colour at a time, whatever the
tiers), then the tier, then whether pencil marks are needed, then the effort; the score and the
label follow that order whatever the features, and the two colour questions are answered by
fixed points a test can check by hand."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from pathlib import Path

import pytest

from nonostudio.analysis.colour.grade import (
    COLOUR_REASONING_BANDS,
    COLOUR_REASONING_START,
    ONE_COLOUR_BANDS,
    ColourFeatures,
    band_of,
    colour_grade,
    colour_label,
    colour_score,
    one_colour_cells,
    pencil_cells,
    reasoning_words,
)
from nonostudio.analysis.colour.report import grade_fields
from nonostudio.analysis.grades.difficulty import LABELS, TIERS
from nonostudio.core.colour.model import WHITE, Colour, ColourPuzzle, Palette, clues_of_colour_grid
from nonostudio.core.formats import read_any

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


def test_the_score_follows_colour_reasoning_tier_pencil_marks_whatever_the_effort() -> None:
    """Any two feature sets: the one with the larger (needs colour reasoning, tier, needs pencil
    marks) scores higher, however small its effort and however large the other's, and its label
    (outside tiers 0 and 8, labelled by rule) is at least as hard; each score lies in its band,
    on its side of the colour-reasoning start."""
    rng = random.Random(44)
    rank = {label: i for i, label in enumerate(LABELS)}
    for _ in range(400):
        a = (rng.randrange(TIERS), rng.choice([0, 7]), rng.choice([0, 3]))
        b = (rng.randrange(TIERS), rng.choice([0, 7]), rng.choice([0, 3]))
        fa, fb = _features(rng, *a[1:]), _features(rng, *b[1:])
        ka = (fa.needs_colour_reasoning, a[0], fa.needs_pencil_marks)
        kb = (fb.needs_colour_reasoning, b[0], fb.needs_pencil_marks)
        sa, sb = colour_score(a[0], fa), colour_score(b[0], fb)
        if ka > kb:
            assert sa > sb, (ka, kb, sa, sb)
            if {a[0], b[0]}.isdisjoint({0, TIERS - 1}):  # Beginner and Expert by rule
                assert rank[colour_label(a[0], sa, fa)] >= rank[colour_label(b[0], sb, fb)]
        for tier, f, s in ((a[0], fa, sa), (b[0], fb, sb)):
            start, end = band_of(tier, f.needs_colour_reasoning)
            assert start <= s < end
            assert (s >= COLOUR_REASONING_START) == f.needs_colour_reasoning


def test_colour_reasoning_in_a_low_tier_ranks_above_one_colour_in_a_high_tier() -> None:
    """The pair the old order (tier first) ranked the other way: tier 1 with colour reasoning
    against tier 5 (exact line logic on one colour) without, both without pencil marks and with
    the effort at its extremes."""
    rng = random.Random(7)
    low = replace(_features(rng, 5, 0), steps=1, narrowing_steps=0, touching_pairs=0, colours=1)
    low = replace(low, cells_colour=0, cells=100)
    high = replace(_features(rng, 0, 0), steps=50 * 2500, cells=2500, narrowing_steps=5000)
    high = replace(high, touching_pairs=5000, colours=31, cells_colour=2500)
    assert colour_score(1, low) > colour_score(5, high)
    assert colour_label(5, colour_score(5, high), high) == "Medium"  # at most Medium
    assert colour_label(1, colour_score(1, low), low) == "Medium"  # at least Medium


def test_the_effort_orders_within_the_same_answers() -> None:
    rng = random.Random(5)
    f = _features(rng, 0, 0)
    more = replace(f, steps=f.steps * 2, narrowing_steps=f.narrowing_steps + 100)
    for tier in range(TIERS):
        assert colour_score(tier, more) > colour_score(tier, f)


def test_bands_are_consecutive_one_colour_below_colour_reasoning() -> None:
    bands = ONE_COLOUR_BANDS + COLOUR_REASONING_BANDS
    assert len(ONE_COLOUR_BANDS) == len(COLOUR_REASONING_BANDS) == TIERS
    assert bands[0][0] == 0.0 and bands[-1][1] == 100.0
    assert ONE_COLOUR_BANDS[-1][1] == COLOUR_REASONING_START == COLOUR_REASONING_BANDS[0][0]
    for (_, end), (start, _) in itertools.pairwise(bands):
        assert end == start
    assert all(start < end for start, end in bands)


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


def test_the_trace_progress_counts_the_decided_cells_of_each_step() -> None:
    """The share reported after each step is the share of cells decided on the grid replayed to
    that step (the count is kept step by step, not by scanning the grid)."""
    from nonostudio.analysis.colour.trace import colour_trace

    puzzle = _of([[1, 2, 0, 1], [2, 1, 1, 0], [0, 1, 2, 2], [1, 0, 2, 1]])
    calls: list[float] = []
    trace = colour_trace(puzzle, progress=lambda f, _m: calls.append(f))
    grid = [[PALETTE.all_mask] * 4 for _ in range(4)]
    expected = []
    for step in trace.steps:
        for r, c, _before, after in step.cells:
            grid[r][c] = after
        expected.append(sum(1 for row in grid for x in row if not x & (x - 1)) / 16)
    assert calls == pytest.approx(expected) and calls[-1] == 1.0


def test_a_puzzle_only_search_decides_is_not_said_to_need_colour_reasoning() -> None:
    """One colour, two pictures (a red diagonal either way): one colour at a time leaves every
    cell undecided and no colour technique finds anything (there is one colour), so the words
    say it needs search, not colour reasoning; the order still ranks it as one that one colour
    at a time cannot solve. A puzzle whose colour techniques do move keeps the old words."""
    grade = colour_grade(_of([[1, 0], [0, 1]]))
    f = grade.features
    assert f.solutions == "multiple" and f.one_colour_cells == 4
    assert f.colour_steps == 0 and f.search_steps > 0
    assert "needs colour reasoning" not in grade.explanation
    # several pictures: search does not finish it either (it only picks one picture)
    assert "needs search" not in grade.explanation
    assert "step-by-step reasoning decides none of its cells" in grade.explanation
    assert f.needs_colour_reasoning  # the ranking is unchanged
    colour = colour_grade(_of([[2, 2, 0], [1, 1, 2], [0, 1, 2]]))
    f = colour.features
    assert f.solutions == "unique" and f.one_colour_cells > 0
    assert f.colour_steps > 0 and f.search_steps == 0
    assert "it needs colour reasoning, so it ranks above" in colour.explanation


def test_a_puzzle_that_is_not_unique_has_no_tier_or_search_in_its_words() -> None:
    """A full red top row, an empty row, then rows 'red, 2 blue' and 'red, blue' whose reds sit
    on either diagonal of the bottom-left 2x2: reasoning decides the top two rows and the two
    right-hand columns (12 cells), then stops.  The words say several pictures fit and how far
    reasoning gets, not 'Tier 8', 'the hardest step is Search' or 'needs search'; the order
    keeps such a puzzle at tier 8."""
    grade = colour_grade(_of([[1, 1, 1, 1], [0, 0, 0, 0], [1, 0, 2, 2], [0, 1, 0, 2]]))
    f = grade.features
    assert grade.label == "Not unique" and grade.tier == TIERS - 1
    assert f.search_steps > 0 and f.before_search is not None
    assert f.before_search.search_steps == 0 and f.before_search.steps < f.steps
    assert f.before_search.cells_per_colour + f.before_search.cells_colour == 12
    words = grade.explanation + " " + " ".join(reasoning_words(f))
    assert "decides 12 of its 16 cells, then stops" in grade.explanation
    assert "Several pictures fit" in words
    # the count beside "Colour reasoning" says whose it is (one colour at a time's, not the
    # reasoning's: "(400 cells left)" read as colour reasoning leaving 400 where it left 4)
    assert reasoning_words(f)[1].endswith(
        f"(one colour at a time leaves {f.one_colour_cells} cells)"
    )
    for false in ("Tier", "Search", "search", "hardest step"):
        assert false not in words, false
    # a unique puzzle carries no such part
    assert colour_grade(_of([[2, 2, 0], [1, 1, 2], [0, 1, 2]])).features.before_search is None


ACORN = Path(__file__).resolve().parents[4] / "shared/anchors/puzzles/pbnsolve-examples/acorn.g"


def test_a_grade_stopped_at_its_time_limit_says_so_and_has_no_tier_or_score() -> None:
    """acorn.g graded with --time-limit 0.3 said 'tier 0, score 28.36' (the tier of empty
    lines, its hardest step before it stopped) and 'grading stopped after 77 steps (time limit
    or cancelled)', when only the time limit could have stopped it; one step was '1 steps'."""
    puzzle = read_any(ACORN)[0][1]
    assert isinstance(puzzle, ColourPuzzle)
    grade = colour_grade(puzzle, time_limit=0.001)
    assert (grade.label, grade.timed_out) == ("Undecided", True)
    steps = grade.features.steps
    said = f"{steps} step" if steps == 1 else f"{steps} steps"
    assert grade.explanation == (
        f"Undecided: grading stopped at the time limit (0.001 s) after {said}."
    )
    fields = grade_fields(puzzle, 0.001)
    assert (fields["label"], fields["tier"], fields["score"]) == ("Undecided", None, None)


def test_a_cancelled_grade_says_it_was_cancelled() -> None:
    grade = colour_grade(_of([[1, 2, 0], [2, 1, 1], [0, 1, 2]]), should_stop=lambda: True)
    assert grade.explanation == "Undecided: grading was cancelled after 0 steps."


def test_a_stopped_grade_of_a_puzzle_no_picture_fits_does_not_say_it_needs_anything() -> None:
    """Grading stopped at its time limit said "One colour at a time leaves 4 cells undecided,
    so it needs colour reasoning or search" of an 8x8 puzzle no picture fits (a reviewer's
    case), which needs neither; the words now say only what is known."""
    from nonostudio.core.puzzle import Puzzle
    from nonostudio.core.solver import solve

    rows = ((1, 1, 3), (6, 1), (1, 3), (1, 1, 4), (5, 1), (2, 1), (3, 1), (1, 6))
    cols = ((5, 2), (1, 2, 1), (2, 2, 2), (1, 3, 1), (1, 2, 1), (4, 1), (1, 1, 2), (6, 1))
    puzzle = Puzzle(rows, cols)
    assert solve(puzzle).verdict.name == "NO_SOLUTION"
    grade = colour_grade(ColourPuzzle.from_bw(puzzle), time_limit=1e-4)
    f = grade.features
    assert f.solutions == "undecided" and f.one_colour_cells > 0
    sentence, value = reasoning_words(f)
    for claim in ("needs", "needed"):
        assert claim not in sentence + value
    assert "grading stopped" in sentence and "whether any picture fits" in sentence
