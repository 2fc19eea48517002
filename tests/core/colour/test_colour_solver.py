"""The complete colour solver: verdicts against brute force on tiny grids, solutions checked
against every clue, contradictions, the time limit, and the anchor colour puzzles.

Brute force: each row's colourings that give its clue, every combination of them checked against
the column clues.
"""

from __future__ import annotations

import csv
import itertools
import random
from pathlib import Path

import pytest

from nonostudio.core.colour.solver import (
    check_colour_solution,
    clues_of_grid,
    line_clue,
    solve_colour,
)
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve

PUZZLES = Path(__file__).resolve().parents[3].parent / "shared" / "anchors" / "puzzles"
GENERATED = PUZZLES / "colour-generated"


def brute_solutions(rows: list, cols: list, ncolours: int) -> list[tuple]:
    """Every grid with these clues."""
    width = len(cols)
    candidates = [
        [line for line in itertools.product(range(ncolours), repeat=width) if line_clue(line) == r]
        for r in rows
    ]
    found = []
    for grid in itertools.product(*candidates):
        if all(line_clue(col) == c for col, c in zip(zip(*grid, strict=True), cols, strict=True)):
            found.append(grid)
    return found


def random_grid(rng: random.Random, height: int, width: int, ncolours: int) -> list[list[int]]:
    return [[rng.randrange(ncolours) for _ in range(width)] for _ in range(height)]


def check_against_brute_force(
    rows: list, cols: list, ncolours: int, search_budget: int | None = None
) -> Verdict:
    """The verdict and solutions of :func:`solve_colour` against brute force; with
    ``search_budget`` 0, SAT works right after line logic."""
    result = solve_colour(rows, cols, ncolours, search_budget=search_budget)
    if search_budget is None:
        assert not result.sat
    elif result.verdict in (Verdict.UNIQUE_SEARCH, Verdict.MULTIPLE):
        assert result.sat
    found = brute_solutions(rows, cols, ncolours)
    for grid in found:  # line logic is sound: every solution lies within its cell sets
        for row, sets in zip(grid, result.grid, strict=True):
            assert all(sets[i] >> c & 1 for i, c in enumerate(row))
    if not found:
        assert result.verdict is Verdict.NO_SOLUTION
        assert result.solution is None
        return result.verdict
    assert result.solution is not None
    assert result.solution in found
    assert result.alternate is None or result.alternate in found
    assert check_colour_solution(rows, cols, result.solution)
    if len(found) == 1:
        decided = all(c & (c - 1) == 0 for row in result.grid for c in row)
        assert result.verdict is (Verdict.UNIQUE_LINE if decided else Verdict.UNIQUE_SEARCH)
        assert result.alternate is None
    else:
        assert result.verdict is Verdict.MULTIPLE
        assert result.alternate is not None and result.alternate != result.solution
        assert check_colour_solution(rows, cols, result.alternate)
    return result.verdict


@pytest.mark.parametrize("search_budget", [None, 0])
def test_grids_made_from_random_pictures_against_brute_force(search_budget: int | None) -> None:
    rng = random.Random(44)
    seen = set()
    for _ in range(300):
        height, width = rng.randint(1, 4), rng.randint(1, 4)
        ncolours = rng.randint(2, 4)
        grid = random_grid(rng, height, width, ncolours)
        rows, cols = clues_of_grid(grid)
        verdict = check_against_brute_force(rows, cols, ncolours, search_budget)
        assert verdict is not Verdict.NO_SOLUTION  # the picture is a solution
        seen.add(verdict)
    assert seen == {Verdict.UNIQUE_LINE, Verdict.UNIQUE_SEARCH, Verdict.MULTIPLE}


def test_large_palettes() -> None:
    # Up to 31 colours and the background: cell sets beyond a byte.
    rng = random.Random(31)
    for ncolours in (9, 16, 32):
        for _ in range(10):
            grid = random_grid(rng, 6, 7, ncolours)
            rows, cols = clues_of_grid(grid)
            result = solve_colour(rows, cols, ncolours)
            assert result.verdict is not Verdict.NO_SOLUTION
            assert result.solution is not None
            assert check_colour_solution(rows, cols, result.solution)


@pytest.mark.parametrize("search_budget", [None, 0])
def test_clues_of_two_pictures_against_brute_force(search_budget: int | None) -> None:
    # Rows of one picture, columns of another with the same colour totals or not: often no
    # solution, sometimes several.
    rng = random.Random(5)
    seen = set()
    for _ in range(300):
        height, width = rng.randint(2, 4), rng.randint(2, 4)
        ncolours = rng.randint(2, 3)
        one = random_grid(rng, height, width, ncolours)
        other = [list(row) for row in one]
        for _ in range(rng.randint(1, 3)):
            other[rng.randrange(height)][rng.randrange(width)] = rng.randrange(ncolours)
        rows = clues_of_grid(one)[0]
        cols = clues_of_grid(other)[1]
        seen.add(check_against_brute_force(rows, cols, ncolours, search_budget))
    assert Verdict.NO_SOLUTION in seen and Verdict.MULTIPLE in seen


def test_touching_blocks_of_different_colours() -> None:
    # A red 2 touching a blue 1 in each row: only the gap rule of equal colours differs.
    grid = [[1, 1, 2], [2, 1, 1], [0, 2, 0]]
    rows, cols = clues_of_grid(grid)
    assert rows[0] == ((2, 1), (1, 2))
    result = solve_colour(rows, cols, 3)
    assert result.verdict is Verdict.UNIQUE_LINE
    assert result.solution == tuple(map(tuple, grid))


def test_contradictory_clues() -> None:
    # Row totals of red differ from column totals: line logic finds it.
    result = solve_colour([((2, 1),), ()], [((1, 1),), ((1, 2),)], 3)
    assert result.verdict is Verdict.NO_SOLUTION
    assert result.solution is None and not result.timed_out
    # A clue longer than its line.
    assert solve_colour([((3, 1),)], [((1, 1),), ((1, 1),)], 2).verdict is Verdict.NO_SOLUTION


def test_search_finds_no_solution_line_logic_cannot_see() -> None:
    # 2x2, each row and column one red and one blue cell, but red on the diagonal in rows and
    # off it in columns: every line alone fits either way round.
    rows = [((1, 1), (1, 2)), ((1, 2), (1, 1))]
    cols = [((1, 2), (1, 1)), ((1, 1), (1, 2))]
    result = solve_colour(rows, cols, 3)
    assert brute_solutions(rows, cols, 3) == []
    assert result.verdict is Verdict.NO_SOLUTION


def test_multiple_solutions_are_two_checked_grids() -> None:
    # Two red cells on a diagonal of a 2x2: either diagonal.
    rows = [((1, 1),), ((1, 1),)]
    cols = [((1, 1),), ((1, 1),)]
    result = solve_colour(rows, cols, 2)
    assert result.verdict is Verdict.MULTIPLE
    assert {result.solution, result.alternate} == {((1, 0), (0, 1)), ((0, 1), (1, 0))}
    assert result.grid == ((3, 3), (3, 3))


def test_check_colour_solution() -> None:
    grid = [[1, 2, 0], [0, 2, 2]]
    rows, cols = clues_of_grid(grid)
    assert check_colour_solution(rows, cols, grid)
    assert not check_colour_solution(rows, cols, [[1, 2, 0], [0, 2, 1]])
    assert not check_colour_solution(rows, cols, [[1, 2, 0]])
    assert not check_colour_solution(rows, cols, [[1, 2], [0, 2]])
    # Clues as lists (as JSON gives them) compare by value.
    as_lists = [[list(item) for item in clue] for clue in rows]
    assert check_colour_solution(as_lists, cols, grid)
    assert check_colour_solution([], [], [])
    assert check_colour_solution([(), ()], [], [[], []])


def test_empty_puzzles() -> None:
    assert solve_colour([], [], 2).verdict is Verdict.UNIQUE_LINE
    result = solve_colour([(), ()], [], 3)
    assert result.verdict is Verdict.UNIQUE_LINE and result.solution == ((), ())


def test_bad_input_is_refused_with_the_line_named() -> None:
    with pytest.raises(ValueError, match="column 2: clue item \\(1, 3\\)"):
        solve_colour([((1, 1),)], [((1, 1),), ((1, 3),)], 3)
    with pytest.raises(ValueError, match="row 1: clue item \\(0, 1\\)"):
        solve_colour([((0, 1),)], [()], 3)
    with pytest.raises(ValueError, match="1 to 32 colours, not 33"):
        solve_colour([], [], 33)


def _pigeonhole(size: int) -> tuple[list, list]:
    """No solution, and no line alone shows it: ``size`` rows of one red cell each, in
    ``size - 1`` columns of one red cell each.  A search tries the (size - 1)! placements."""
    return [((1, 1),)] * size, [((1, 1),)] * (size - 1)


def test_time_limit_during_line_logic() -> None:
    rows, cols = clues_of_grid(random_grid(random.Random(1), 30, 30, 5))
    result = solve_colour(rows, cols, 5, time_limit=0.0)
    assert result.verdict is Verdict.UNDECIDED and result.timed_out
    assert result.seconds < 1.0


def test_time_limit_during_search() -> None:
    rows, cols = _pigeonhole(14)
    result = solve_colour(rows, cols, 2, time_limit=0.3, search_budget=None)
    assert result.verdict is Verdict.UNDECIDED and result.timed_out
    assert 0.3 <= result.seconds < 1.5
    assert result.solution is None and result.nodes > 100 and not result.sat
    # Line logic's cells are kept: it decided nothing here.
    assert all(c == 3 for row in result.grid for c in row)
    assert solve_colour(*_pigeonhole(4), 2).verdict is Verdict.NO_SOLUTION


def test_time_limit_during_sat() -> None:
    # Pigeonhole formulas are hard for SAT solvers too.
    result = solve_colour(*_pigeonhole(14), 2, time_limit=0.3, search_budget=0)
    assert result.verdict is Verdict.UNDECIDED and result.timed_out and result.sat
    assert 0.3 <= result.seconds < 1.5
    assert result.solution is None


_BW_VERDICTS = {Verdict.UNIQUE_LINE, Verdict.UNIQUE_SEARCH, Verdict.MULTIPLE, Verdict.NO_SOLUTION}


def test_black_and_white_puzzles_get_the_black_and_white_verdict() -> None:
    rng = random.Random(9)
    seen = set()
    for _ in range(150):
        size = rng.randint(4, 8)
        grid = [[int(rng.random() < 0.5) for _ in range(size)] for _ in range(size)]
        rows, cols = clues_of_grid(grid)
        if rng.random() < 0.3:  # columns of another picture: often no solution
            cols = clues_of_grid([[int(rng.random() < 0.5) for _ in range(size)] for _ in grid])[1]
        hints = [[h for h, _ in clue] for clue in rows], [[h for h, _ in clue] for clue in cols]
        try:
            expected = solve(Puzzle(*hints)).verdict
        except InconsistentPuzzleError:  # the totals differ
            expected = Verdict.NO_SOLUTION
        assert solve_colour(rows, cols, 2).verdict is expected
        seen.add(expected)
    assert seen == _BW_VERDICTS


@pytest.mark.skipif(not GENERATED.is_dir(), reason=f"anchor data not found at {GENERATED}")
def test_generated_colour_puzzles_get_pbnsolves_verdicts() -> None:
    from nonostudio.core.formats import read_any

    expected_of = {"unique logical": Verdict.UNIQUE_LINE, "multiple": Verdict.MULTIPLE}
    with (GENERATED / "VERDICTS.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 200
    for row in rows[::4]:  # 50 of them here; all 200 in tests/benchmarks/bench_colour.py
        puzzle = read_any(GENERATED / row["file"])[0][1]
        result = solve_colour(puzzle.rows, puzzle.cols, len(puzzle.palette.colours))
        assert result.verdict is expected_of[row["pbnsolve"]], row["file"]


PETRO = PUZZLES / "picross-solver" / "webpbn" / "webpbn-00436-petroglyph.non"


@pytest.mark.skipif(not PETRO.is_file(), reason=f"anchor puzzle not found at {PETRO}")
def test_probing_and_sat_decide_a_puzzle_that_needs_search() -> None:
    # Petroglyph (webpbn #436, 40x35) as a one-colour puzzle: unique, and line logic stops early.
    # Probing narrows it to a few branches (a plain depth-first search was undecided after
    # 10 s); SAT decides it too.
    from nonostudio.core.formats import read_file

    puzzle = read_file(PETRO)
    rows = [tuple((h, 1) for h in clue) for clue in puzzle.rows]
    cols = [tuple((h, 1) for h in clue) for clue in puzzle.cols]
    expected = solve(puzzle).solution
    assert expected is not None
    for budget in (None, 0):
        result = solve_colour(rows, cols, 2, time_limit=5.0, search_budget=budget)
        assert result.verdict is Verdict.UNIQUE_SEARCH
        assert result.sat is (budget == 0)
        assert result.nodes < 20
        assert result.solution == tuple(tuple(int(v) for v in row) for row in expected)


def test_sat_takes_over_from_a_search_that_thrashes() -> None:
    # A loose 40x40 picture: line logic leaves 1,244 cells open and the probing search alone
    # was undecided after 20 s; after its budget SAT finds two solutions.
    rng = random.Random(4)
    grid = []
    for _ in range(40):
        row: list[int] = []
        while len(row) < 40:
            row += [0 if rng.random() < 0.7 else rng.randint(1, 2)] * rng.randint(1, 4)
        grid.append(row[:40])
    rows, cols = clues_of_grid(grid)
    result = solve_colour(rows, cols, 3, time_limit=30.0)
    assert result.verdict is Verdict.MULTIPLE and result.sat
    assert sum(c & (c - 1) != 0 for row in result.grid for c in row) > 1000


def test_line_cache_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    import nonostudio.core.colour.solver as colour_solver

    monkeypatch.setattr(colour_solver, "CACHE_LINES", 50)
    rows, cols = _pigeonhole(7)
    solver = colour_solver._Solver(rows, cols, 2, None)
    grid = [3] * (7 * 6)
    assert solver.propagate(grid, range(7 + 6)) == 0
    assert solver.search(grid, 0) == []
    assert solver.line_solves > 200 and len(solver.cache) <= 50


def test_sat_stage_excludes_the_solutions_already_found() -> None:
    from nonostudio.core.colour.sat import sat_colour_solutions

    rows = [((1, 1),), ((1, 1),)]  # a red cell on either diagonal of a 2x2
    cols = [((1, 1),), ((1, 1),)]
    grid = [3, 3, 3, 3]
    both = sat_colour_solutions(grid, rows, cols, 2)
    assert sorted(both) == [[1, 2, 2, 1], [2, 1, 1, 2]]
    assert sat_colour_solutions(grid, rows, cols, 2, exclude=[both[0]]) == [both[1]]
    assert sat_colour_solutions(grid, rows, cols, 2, exclude=both) == []
    # A line no arrangement fits: no formula, no solution.
    assert sat_colour_solutions(grid, [((3, 1),), ()], cols, 2) == []
    # A decided grid whose row breaks its clue (one red cell, not two): no solution.
    assert sat_colour_solutions([2, 2], [((1, 1),)], [((1, 1),), ((1, 1),)], 2) == []
    assert sat_colour_solutions([2, 1], [((1, 1),)], [((1, 1),), ()], 2) == [[2, 1]]
