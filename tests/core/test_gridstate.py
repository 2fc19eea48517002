"""GridState propagation against brute force over whole small puzzles, and on real puzzles."""

from __future__ import annotations

import itertools
import json
import random

import numpy as np
import pytest
from z3_line import brute_masks, brute_solutions

from nonostudio.core import gridstate
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle, clues_of_grid


def random_picture(rng: random.Random, height: int, width: int) -> np.ndarray:
    density = rng.uniform(0.3, 0.7)
    return np.array(
        [
            [FILLED if rng.random() < density else CROSSED for _ in range(width)]
            for _ in range(height)
        ],
        dtype=np.int8,
    )


def all_solutions(puzzle: Puzzle) -> list[np.ndarray]:
    """Every picture satisfying the clues: row fillings by brute force, columns checked."""
    w = puzzle.width
    row_options = [brute_solutions(clue, w, 0, 0) for clue in puzzle.rows]
    out = []
    for rows in itertools.product(*row_options):
        grid = np.array([[(m >> c) & 1 for c in range(w)] for m in rows], dtype=np.int8)
        if clues_of_grid(grid)[1] == puzzle.cols:
            out.append(grid)
    return out


def line_fixpoint(puzzle: Puzzle) -> np.ndarray | None:
    """Brute-force line deduction on every row and column until nothing changes; None on a
    contradiction.  Line deduction is monotone, so the fixpoint does not depend on the order."""
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    changed = True
    while changed:
        changed = False
        for lines, clues in ((grid, puzzle.rows), (grid.T, puzzle.cols)):
            for line, clue in zip(lines, clues, strict=True):
                n = len(line)
                filled = sum(1 << i for i in range(n) if line[i] == FILLED)
                crossed = sum(1 << i for i in range(n) if line[i] == CROSSED)
                out = brute_masks(clue, n, filled, crossed)
                if out is None:
                    return None
                for i in range(n):
                    new = FILLED if (out[0] >> i) & 1 else CROSSED if (out[1] >> i) & 1 else UNKNOWN
                    if new != line[i]:
                        line[i] = new
                        changed = True
    return grid


def check_masks_in_step(state: GridState) -> None:
    grid = state.to_grid()
    for r in range(state.height):
        for c in range(state.width):
            assert state.get(r, c) == grid[r, c]
            assert (state.row_f[r] >> c) & 1 == (state.col_f[c] >> r) & 1 == (grid[r, c] == FILLED)
            assert (state.row_x[r] >> c) & 1 == (state.col_x[c] >> r) & 1 == (grid[r, c] == CROSSED)
    assert state.known == int((grid != UNKNOWN).sum())


@pytest.fixture(params=["one by one", "transposed"])
def crossing(request, monkeypatch):
    """Both ways new cells reach the crossing lines: one by one, or (normally only for many
    cells in a sweep) through a bit-matrix transpose."""
    if request.param == "transposed":
        monkeypatch.setattr(gridstate, "_TRANSPOSE_FROM", 0)
    else:
        monkeypatch.setattr(gridstate, "_TRANSPOSE_FROM", 10**9)
    return request.param


@pytest.mark.slow
def test_propagation_reaches_the_line_fixpoint_and_agrees_with_every_solution(crossing):
    rng = random.Random(7)
    fully_solved = partly_solved = 0
    for _ in range(400):
        height, width = rng.randint(1, 5), rng.randint(1, 5)
        puzzle = Puzzle.from_grid(random_picture(rng, height, width))
        state = GridState(puzzle)
        state.propagate()
        grid = state.to_grid()
        fixpoint = line_fixpoint(puzzle)
        assert fixpoint is not None and np.array_equal(grid, fixpoint)
        check_masks_in_step(state)
        solutions = all_solutions(puzzle)
        assert solutions
        for solution in solutions:
            decided = grid != UNKNOWN
            assert np.array_equal(grid[decided], solution[decided])
        if state.is_solved():
            fully_solved += 1
            assert len(solutions) == 1
        else:
            partly_solved += 1
    assert fully_solved > 50 and partly_solved > 20


def test_contradictory_puzzles_raise_exactly_when_line_logic_fails(crossing):
    """Rows of one picture with the columns of a shuffle of it: the totals agree, the clues
    usually do not."""
    rng = random.Random(11)
    raised = survived = 0
    for _ in range(400):
        height, width = rng.randint(2, 5), rng.randint(2, 5)
        picture = random_picture(rng, height, width)
        order = list(range(height * width))
        rng.shuffle(order)
        shuffled = picture.flatten()[order]
        rows = clues_of_grid(picture)[0]
        cols = clues_of_grid(shuffled.reshape(height, width))[1]
        puzzle = Puzzle(rows, cols)
        expected = line_fixpoint(puzzle)
        state = GridState(puzzle)
        if expected is None:
            with pytest.raises(Contradiction):
                state.propagate()
            assert all_solutions(puzzle) == []
            raised += 1
        else:
            state.propagate()
            assert np.array_equal(state.to_grid(), expected)
            check_masks_in_step(state)
            survived += 1
    assert raised > 50 and survived > 20


def test_small_contradiction():
    puzzle = Puzzle(((2,), ()), ((2,), ()))
    with pytest.raises(Contradiction):
        GridState(puzzle).propagate()


def test_a_wrong_given_cell_is_a_contradiction_and_the_right_one_is_not():
    # A 3x3 ring: a filled centre breaks the middle row (1 1); a crossed one is the solution's.
    goal = np.array([[1, 1, 1], [1, 0, 1], [1, 1, 1]], dtype=np.int8)
    puzzle = Puzzle.from_grid(goal)
    start = np.full((3, 3), UNKNOWN, dtype=np.int8)
    start[1, 1] = FILLED
    with pytest.raises(Contradiction):
        GridState.from_grid(puzzle, start).propagate()
    start[1, 1] = CROSSED
    state = GridState.from_grid(puzzle, start)
    state.propagate()
    assert state.is_solved() and np.array_equal(state.to_grid(), goal)


def test_propagating_a_copy_leaves_the_original_alone_and_shares_the_cache():
    goal = np.array([[1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 0, 0], [1, 1, 1, 1]], dtype=np.int8)
    puzzle = Puzzle.from_grid(goal)
    state = GridState(puzzle)
    copy = state.copy()
    solves = copy.propagate()
    assert solves >= puzzle.height + puzzle.width
    assert state.known == 0
    assert (state.to_grid() == UNKNOWN).all()
    fixpoint = line_fixpoint(puzzle)
    assert fixpoint is not None and np.array_equal(copy.to_grid(), fixpoint)
    # Every line state the copy met is cached: the same run again costs no line solve.
    again = GridState(puzzle, cache=copy.cache)
    assert again.propagate() == 0
    assert np.array_equal(again.to_grid(), copy.to_grid())


def test_propagation_starts_from_the_given_lines_and_can_be_stopped():
    puzzle = Puzzle(((3,), (), ()), ((1,), (1,), (1,)))
    state = GridState(puzzle)
    assert state.propagate(should_stop=lambda: True) == 0
    assert state.known == 0
    # Only row 0 is looked at first; filling it wakes the columns, which cross the other rows.
    state.propagate(rows={0})
    assert state.is_solved()
    assert np.array_equal(state.to_grid(), [[1, 1, 1], [0, 0, 0], [0, 0, 0]])
    lonely = GridState(puzzle)
    assert lonely.propagate(cols={0}) == 1 and lonely.known == 0


def test_butler_puzzles_are_solved_by_line_logic(anchors, crossing):
    """The 17 puzzles of Butler et al.'s test set are solvable by line deduction alone (their
    testing-set lines come from such rollouts)."""
    entries = json.loads((anchors / "butler" / "test-set-extended.json").read_text())
    assert len(entries) == 17
    for entry in entries:
        puzzle = Puzzle(entry["hints"]["rows"], entry["hints"]["cols"])
        state = GridState(puzzle)
        state.propagate()
        assert state.is_solved(), entry["name"]
        assert clues_of_grid(state.to_grid()) == (puzzle.rows, puzzle.cols), entry["name"]
        check_masks_in_step(state)


def test_grids_round_trip_through_states_of_every_width():
    """to_grid gives back the cells a state was built from, at widths around byte boundaries."""
    rng = random.Random(3)
    for width in (1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 130):
        height = rng.randint(1, 12)
        picture = random_picture(rng, height, width)
        puzzle = Puzzle.from_grid(picture)
        shown = np.array([[rng.random() < 0.6 for _ in range(width)] for _ in range(height)])
        grid = np.where(shown, picture, UNKNOWN).astype(np.int8)
        state = GridState.from_grid(puzzle, grid)
        out = state.to_grid()
        assert out.shape == (height, width) and out.dtype == np.int8
        assert np.array_equal(out, grid), width
        check_masks_in_step(state)


def test_both_ways_to_the_crossing_lines_agree_on_large_puzzles(monkeypatch):
    """Random pictures up to 70 cells a side (not whole bytes), some cells given: propagation
    ends in the same state whichever way new cells reach the crossing lines."""
    rng = random.Random(5)
    for _ in range(12):
        height, width = rng.randint(20, 70), rng.randint(20, 70)
        picture = random_picture(rng, height, width)
        puzzle = Puzzle.from_grid(picture)
        given = np.where(
            np.array(rng.choices([True, False], k=height * width)).reshape(height, width)
            & (rng.random() < 0.5),
            picture,
            UNKNOWN,
        ).astype(np.int8)
        grids = []
        for threshold in (0, 10**9):
            monkeypatch.setattr(gridstate, "_TRANSPOSE_FROM", threshold)
            state = GridState.from_grid(puzzle, given)
            state.propagate()
            check_masks_in_step(state)
            grids.append(state.to_grid())
        assert np.array_equal(grids[0], grids[1])
        decided = grids[0] != UNKNOWN
        assert np.array_equal(grids[0][decided], picture[decided])


def test_many_new_cells_reach_each_crossing_line_cell_by_cell() -> None:
    """The transposed way new cells reach the crossing lines (8x8 blocks transposed in place,
    each crossing line's bytes read with a stride) against setting each new cell by hand, on
    sizes that are and are not multiples of 8, more lines than cells and fewer, up to 512."""
    rng = random.Random(5)
    sizes = [(1, 1), (8, 8), (7, 9), (9, 7), (64, 3), (3, 64), (100, 37), (512, 512)]
    sizes += [(rng.randint(1, 80), rng.randint(1, 80)) for _ in range(40)]
    for lines, n in sizes:
        changes = []
        for i in sorted(rng.sample(range(lines), rng.randint(0, lines))):
            new_f = rng.getrandbits(n)
            changes.append((i, new_f, rng.getrandbits(n) & ~new_f))
        other_f = [rng.getrandbits(lines) for _ in range(n)]
        other_x = [rng.getrandbits(lines) & ~f for f in other_f]
        want_f, want_x, want_dirty = other_f[:], other_x[:], set()
        for i, new_f, new_x in changes:
            for j in range(n):
                if (new_f >> j) & 1:
                    want_f[j] |= 1 << i
                    want_dirty.add(j)
                if (new_x >> j) & 1:
                    want_x[j] |= 1 << i
                    want_dirty.add(j)
        dirty: set[int] = set()
        gridstate._cross_many(changes, lines, n, other_f, other_x, dirty)
        assert (other_f, other_x, dirty) == (want_f, want_x, want_dirty), (lines, n)


def test_set_bits_are_listed_lowest_first_whether_few_or_many() -> None:
    """The crossing lines a transposed sweep touches: few bits one at a time, many through the
    mask's binary text; both the set bits exactly, at every position of a 512-bit mask."""
    rng = random.Random(49)
    for count in (0, 1, 2, 15, 16, 17, 100, 511, 512):
        for _ in range(5):
            bits = sorted(rng.sample(range(512), count))
            assert gridstate.bit_indices(sum(1 << b for b in bits)) == bits


def test_a_state_s_own_cache_is_filled_only_once_a_copy_shares_it(monkeypatch) -> None:
    """A state's own line cache stays empty until the state is copied (its lines only gain
    cells, so it never meets a line state again), and probing from it solves no more lines for
    that; a cache the caller gives is filled from the start."""
    from nonostudio.core.probing import probe

    rng = random.Random(12)
    calls = 0
    solve = gridstate.solve_masks

    def counted(*args):
        nonlocal calls
        calls += 1
        return solve(*args)

    monkeypatch.setattr(gridstate, "solve_masks", counted)
    probed = tries = 0
    while probed < 4:  # pictures line logic leaves unsolved, which probing works on
        tries += 1
        assert tries < 200
        puzzle = Puzzle.from_grid(random_picture(rng, 12, 14))
        counts = []
        for remember in (False, True):
            state = GridState(puzzle)
            state.remember = remember or state.remember
            state.propagate()
            assert bool(state.cache) == remember
            calls = 0
            probe(state)
            counts.append(calls)
        assert counts[0] == counts[1]
        probed += counts[0] > 0
        given: dict = {}
        state = GridState(puzzle, given)
        solves = state.propagate()
        assert len(given) == solves > 0
        assert GridState(puzzle, given).propagate() == 0
        copy = GridState(puzzle).copy()
        copy.propagate()
        assert copy.cache


def test_a_state_made_from_masks_is_the_state_made_cell_by_cell() -> None:
    # grid_masks and GridState.from_masks (a probe step's state, built whole) against
    # set_cell on each decided cell, on grids of random shapes, densities and decided shares.
    rng = random.Random(11)
    for _ in range(60):
        h, w = rng.randint(1, 40), rng.randint(1, 40)
        known = rng.random()
        grid = [
            [rng.choice((FILLED, CROSSED)) if rng.random() < known else UNKNOWN for _ in range(w)]
            for _ in range(h)
        ]
        puzzle = Puzzle.from_grid(random_picture(rng, h, w))  # (only its size is read)
        cache: gridstate.LineCache = {}
        by_cell = GridState(puzzle, cache)
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                if v != UNKNOWN:
                    by_cell.set_cell(r, c, v)
        whole = GridState.from_masks(puzzle, gridstate.grid_masks(grid), cache)
        for name in ("row_f", "row_x", "col_f", "col_x", "known", "remember"):
            assert getattr(whole, name) == getattr(by_cell, name), name
        assert whole.cache is cache
