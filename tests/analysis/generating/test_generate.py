"""The generator: puzzles unique (counted apart from the solver) whose hardest technique, found
by the independent ladder's walk, is the one requested; deterministic seeds; a start picture
kept when it already fits; bad requests named; progress and cancel."""

from __future__ import annotations

import numpy as np
import pytest
from independent import count_solutions, ladder_walk

from nonostudio.analysis.catalogue.techniques import CATALOGUE, ORDER
from nonostudio.analysis.generating import (
    GENERATABLE,
    GenerationError,
    GenerationStopped,
    NoPuzzleFound,
    generate,
)
from nonostudio.analysis.generating.scoring import NOT_UNIQUE, not_unique
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle, clues_of_grid
from nonostudio.core.solver import solve

IDS = [t.id for t in CATALOGUE]


@pytest.mark.parametrize(
    ("technique", "size", "seed"),
    [("overlap", (8, 8), 1), ("punctuate", (8, 8), 2), ("glue", (8, 7), 3), ("mercury", (9, 9), 5)],
)
def test_the_generated_puzzle_is_unique_and_needs_the_technique(technique, size, seed):
    width, height = size
    made = generate(technique, width, height, seed, min_uses=1)
    puzzle = made.puzzle
    assert (puzzle.width, puzzle.height) == (width, height)
    assert (tuple(puzzle.rows), tuple(puzzle.cols)) == clues_of_grid(puzzle.goal)
    assert count_solutions(puzzle.without_goal()) == 1
    grid, counts, hardest = ladder_walk(puzzle.without_goal())
    assert (grid == puzzle.goal).all()  # line techniques alone solve it
    assert hardest is not None and IDS[hardest] == technique
    assert counts[technique] >= 1
    assert made.grade.hardest_technique == technique


def test_uses_asks_for_more_steps_of_the_technique():
    made = generate("punctuate", 8, 8, 5, min_uses=4)
    assert made.uses >= 4 and made.grade.features.techniques["punctuate"] == made.uses
    _, counts, hardest = ladder_walk(made.puzzle.without_goal())
    assert IDS[hardest] == "punctuate" and counts["punctuate"] >= 1


def test_a_seed_gives_the_same_puzzle_and_another_seed_another():
    one = generate("punctuate", 8, 8, 11)
    again = generate("punctuate", 8, 8, 11)
    other = generate("punctuate", 8, 8, 12)
    assert (one.puzzle.goal == again.puzzle.goal).all()
    assert not (one.puzzle.goal == other.puzzle.goal).all()


def test_a_start_picture_that_already_fits_is_kept_as_it_is():
    picture = np.full((6, 6), FILLED, dtype=np.int8)
    picture[2, 1:5] = CROSSED  # rows 1 1 and columns 2 2: overlap and complete lines
    made = generate("overlap", 6, 6, 0, picture=picture)
    assert (made.puzzle.goal == picture).all() and made.tries == 1


def test_a_start_picture_of_another_size_is_fitted():
    picture = np.full((12, 12), FILLED, dtype=np.int8)
    picture[4:6, 2:10] = CROSSED  # a band of two rows becomes one row of the 6x6 puzzle
    made = generate("overlap", 6, 6, 0, picture=picture, tries=1)
    expected = np.full((6, 6), FILLED, dtype=np.int8)
    expected[2, 1:5] = CROSSED
    assert (made.puzzle.goal == expected).all()


def test_no_puzzle_in_the_tries_says_so_and_hands_back_the_closest_unique_one():
    picture = np.full((5, 5), FILLED, dtype=np.int8)  # every line full: tier 1 at most
    with pytest.raises(NoPuzzleFound, match="line_solver") as caught:
        generate("line_solver", 5, 5, 0, picture=picture, tries=1)
    best = caught.value.best
    assert best is not None and (best.puzzle.goal == picture).all()
    _, _, hardest = ladder_walk(best.puzzle.without_goal())
    assert best.grade.hardest_technique == IDS[hardest] != "line_solver"
    assert count_solutions(best.puzzle.without_goal()) == 1


def test_the_closest_puzzle_is_said_with_the_uses_of_the_technique_asked_for():
    """The count is of the technique asked for, not the hardest: 'the closest has hardest
    technique overlap used 0 times' was said of a full 5x5 (overlap ten times, contradiction
    never) for contradiction, and 'small_gap used 8 times' where overlap was used 8 times."""
    # every line full: an overlap on each row decides every cell (five), the columns are then
    # complete; one try ('found in 1 tries' said)
    picture = np.full((5, 5), FILLED, dtype=np.int8)
    with pytest.raises(NoPuzzleFound) as caught:
        generate("contradiction", 5, 5, 0, picture=picture, tries=1)
    assert str(caught.value).endswith(
        "found in 1 try (seed 0); "
        "the closest's hardest technique is overlap, and it does not use contradiction"
    )
    with pytest.raises(NoPuzzleFound) as caught:
        generate("overlap", 5, 5, 0, picture=picture, tries=1, min_uses=20)
    assert str(caught.value).endswith("the closest uses overlap 5 times")


def test_bad_requests_are_named():
    with pytest.raises(GenerationError, match="unknown technique 'nope'; known: .*overlap"):
        generate("nope", 8, 8)
    with pytest.raises(GenerationError, match="search"):
        generate("search", 8, 8)  # a puzzle needing search is no puzzle to teach
    assert "search" not in GENERATABLE
    with pytest.raises(GenerationError, match="cannot generate a 0x8 puzzle"):
        generate("overlap", 0, 8)
    with pytest.raises(GenerationError, match="density"):
        generate("overlap", 8, 8, density=1.5)
    with pytest.raises(GenerationError, match="uses"):
        generate("overlap", 8, 8, min_uses=0)


def test_progress_is_reported_and_should_stop_ends_the_search():
    seen: list[float] = []
    with pytest.raises(GenerationStopped):
        generate(
            "line_solver",
            10,
            10,
            0,
            tries=500,
            progress=lambda f, m: seen.append(f),
            should_stop=lambda: len(seen) >= 3,
        )
    assert len(seen) == 3 and seen == sorted(seen) and 0.0 < seen[0] <= seen[-1] < 0.1


def test_a_picture_with_two_solutions_points_at_the_cells_they_differ_in():
    a = np.array([[1, 0], [0, 1]], dtype=np.int8)
    b = np.array([[0, 1], [1, 0]], dtype=np.int8)
    assert solve(Puzzle.from_grid(a).without_goal()).verdict.is_unique is False
    s = not_unique(a, b)
    assert not s.unique and set(s.hot) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert s.cost == NOT_UNIQUE + 4
    assert ORDER["overlap"] < ORDER["line_solver"]


def test_a_puzzle_too_hard_points_at_the_cells_of_its_harder_steps():
    from nonostudio.analysis.generating.scoring import PER_ORDER, score
    from nonostudio.analysis.grades.difficulty import grade
    from nonostudio.rules.ruleset import load_rule_set

    made = generate("glue", 8, 7, 3)
    graded = grade(made.puzzle.without_goal(), load_rule_set("learned"))
    s = score(graded, "overlap", 1)
    harder = [
        st for st in graded.trace.steps if st.technique and ORDER[st.technique] > ORDER["overlap"]
    ]
    top, _, left, _ = graded.features.margins
    assert harder and s.unique
    assert set(s.hot) == {(r + top, c + left) for st in harder for r, c, _ in st.cells}
    assert s.cost == PER_ORDER * (ORDER["glue"] - ORDER["overlap"]) + len(harder)
    assert score(graded, "glue", 1).cost == 0
    assert score(graded, "glue", made.uses + 2).cost == 2


def test_a_unique_puzzle_line_logic_leaves_open_is_too_hard_for_a_line_technique():
    from nonostudio.analysis.generating.quick import QuickGrader
    from nonostudio.analysis.generating.scoring import PER_ORDER, quick_score
    from nonostudio.analysis.grades.difficulty import grade
    from nonostudio.rules.ruleset import load_rule_set

    made = generate("contradiction", 8, 8, 0)
    puzzle = made.puzzle.without_goal()
    assert count_solutions(puzzle) == 1
    grid, _, _ = ladder_walk(puzzle)  # every line technique, to the end: cells stay open
    open_cells = {(int(r), int(c)) for r, c in np.argwhere(grid == -1)}
    assert open_cells
    s = quick_score(QuickGrader().grade(puzzle), "arrangement")
    assert set(s.hot) == open_cells
    assert s.cost == PER_ORDER * (ORDER["contradiction"] - ORDER["arrangement"]) + len(open_cells)
    graded = grade(puzzle, load_rule_set("learned"))
    assert ORDER[graded.hardest_technique] >= ORDER["contradiction"]
