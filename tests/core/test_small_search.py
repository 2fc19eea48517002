"""The small search (``solver._small_search``): a state line logic leaves with few undecided cells
is decided by depth-first search with line logic, without loading the SAT solver, and its
verdicts are CaDiCaL's: the same count of solutions (none, one, two or more), the same solution
when unique, two different checked ones when not."""

from __future__ import annotations

import csv
import random
import time

import numpy as np
import pytest
from test_solver import _domino

from nonostudio.core import solver
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.satsolver import sat_states
from nonostudio.core.solver import Verdict, solve

# Edge (webpbn #23, Jan Wolter's survey): line logic decides none of its 110 cells.
EDGE = Puzzle(
    ((1,), (3,), (1,), (2,), (1,), (3,), (3,), (1,), (2,), (2,), (4,)),
    ((1,), (3,), (1,), (2, 2), (2,), (4,), (1,), (3,), (3,), (1,)),
)


def _grid_clues(rng: random.Random, h: int, w: int) -> tuple[list[tuple[int, ...]], list]:
    density = rng.uniform(0.35, 0.65)
    grid = np.array(
        [[FILLED if rng.random() < density else CROSSED for _ in range(w)] for _ in range(h)],
        dtype=np.int8,
    )
    puzzle = Puzzle.from_grid(grid)
    return list(puzzle.rows), list(puzzle.cols)


def _random_puzzles(seed: int, count: int) -> list[Puzzle]:
    """Puzzles made from random pictures, some with two row clues and two column clues swapped
    (those often have no solution at all, or other ones)."""
    rng = random.Random(seed)
    puzzles = []
    for _ in range(count):
        rows, cols = _grid_clues(rng, rng.randint(5, 11), rng.randint(5, 11))
        if rng.random() < 0.4:
            i, j = rng.sample(range(len(rows)), 2)
            rows[i], rows[j] = rows[j], rows[i]
            i, j = rng.sample(range(len(cols)), 2)
            cols[i], cols[j] = cols[j], cols[i]
        puzzles.append(Puzzle(tuple(rows), tuple(cols)))
    return puzzles


def _stuck(puzzle: Puzzle) -> GridState | None:
    """Line logic's fixed point, when it leaves cells undecided (None otherwise)."""
    state = GridState(puzzle)
    try:
        state.propagate()
    except Contradiction:
        return None
    return None if state.is_solved() else state


def _assert_same_as_cadical(puzzle: Puzzle, state: GridState) -> int:
    """The small search (no budget) and CaDiCaL find as many solutions, each a solution of
    every clue, the same one when there is one; the count."""
    found, nodes, _solves = solver._small_search(state, solver._Halt(None, None), 10**9)
    cadical = sat_states(state, limit=2, backend="cadical")
    assert len(found) == len(cadical), (puzzle.rows, puzzle.cols)
    grids = [g.to_grid() for g in found]
    assert all(puzzle.is_solution(g) for g in grids)
    if len(found) == 1:
        assert np.array_equal(grids[0], cadical[0].to_grid())
    if len(found) == 2:
        assert not np.array_equal(grids[0], grids[1])
    assert 0 < nodes
    return len(found)


def test_the_small_search_counts_as_cadical_on_random_puzzles():
    counts = {0: 0, 1: 0, 2: 0}
    for puzzle in _random_puzzles(3, 160):
        state = _stuck(puzzle)
        if state is not None:
            counts[_assert_same_as_cadical(puzzle, state)] += 1
    assert all(counts.values()), counts  # every verdict was met: none, unique, several


def test_the_small_search_counts_as_cadical_with_lines_of_64_cells_or_more():
    """Lines that long are checked against their clue only where their cells differ from the
    line's last result, kept across the search's branches (``GridState.row_seen``)."""
    rng = random.Random(1)
    counts = {0: 0, 1: 0, 2: 0}
    for _ in range(320):
        h, w = rng.randint(3, 6), rng.randint(64, 90)
        rows, cols = _grid_clues(rng, h, w)
        if rng.random() < 0.4:
            i, j = rng.sample(range(w), 2)
            cols[i], cols[j] = cols[j], cols[i]
            i, j = rng.sample(range(h), 2)
            rows[i], rows[j] = rows[j], rows[i]
        puzzle = Puzzle(tuple(rows), tuple(cols))
        state = _stuck(puzzle)
        if state is not None and state.total - state.known <= solver.SMALL_CELLS:
            counts[_assert_same_as_cadical(puzzle, state)] += 1
    assert counts[1] and counts[2], counts


def test_solve_gives_the_verdict_it_gave_through_cadical(monkeypatch):
    puzzles = [p for p in _random_puzzles(8, 80) if _stuck(p) is not None]
    small = [solve(p) for p in puzzles]
    assert any(res.stats.sat_backend == "search" for res in small)
    monkeypatch.setattr(solver, "SMALL_CELLS", 0)  # every search to CaDiCaL
    for puzzle, res in zip(puzzles, small, strict=True):
        sat = solve(puzzle)
        assert sat.stats.sat_backend == "cadical" and res.verdict is sat.verdict
        if res.verdict is Verdict.MULTIPLE:
            assert res.alternate is not None and puzzle.is_solution(res.alternate)
        if res.solution is not None:
            assert puzzle.is_solution(res.solution)


def test_edge_is_decided_by_the_small_search():
    res = solve(EDGE)
    assert res.verdict is Verdict.UNIQUE_SEARCH and res.stats.sat_backend == "search"
    assert res.solution is not None and EDGE.is_solution(res.solution)
    assert res.stats.sat_calls == 1 and 0 < res.stats.search_nodes <= solver.SMALL_NODES


def test_past_its_budget_the_small_search_leaves_the_puzzle_to_cadical(monkeypatch):
    puzzle = _domino(5)  # line logic is stuck; the search needs more than a few propagations
    monkeypatch.setattr(solver, "SMALL_NODES", 4)
    res = solve(puzzle)
    assert res.stats.search_nodes == 5 and res.stats.sat_backend == "cadical"
    assert res.verdict is Verdict.UNIQUE_SEARCH and puzzle.is_solution(res.solution)


def test_above_its_size_the_small_search_is_not_tried(monkeypatch):
    monkeypatch.setattr(solver, "SMALL_CELLS", 50)  # Edge leaves 110 cells undecided
    res = solve(EDGE)
    assert res.stats.search_nodes == 0 and res.stats.sat_backend == "cadical"
    assert res.verdict is Verdict.UNIQUE_SEARCH


def test_a_stopped_small_search_is_undecided_and_cancelled():
    heard: list[str] = []  # stopped once line logic is stuck: the search has begun

    res = solve(
        EDGE, progress=lambda _share, text: heard.append(text), should_stop=lambda: bool(heard)
    )
    assert res.verdict is Verdict.UNDECIDED and res.cancelled
    assert res.stats.sat_backend == ""  # neither the search nor a SAT solver finished
    assert res.stats.search_nodes == 1  # the search stopped at its first propagation


def test_a_small_search_past_its_deadline_is_undecided_and_timed_out():
    def late(_share: float, _text: str) -> None:  # line logic is stuck: the deadline passes
        time.sleep(0.3)

    res = solve(EDGE, time_limit=0.2, progress=late)
    assert res.verdict is Verdict.UNDECIDED and res.timed_out and not res.cancelled
    assert res.stats.search_nodes == 1 and res.stats.sat_backend == ""


@pytest.mark.slow
def test_the_small_search_counts_as_cadical_on_many_random_puzzles():
    for seed in range(4):
        for puzzle in _random_puzzles(100 + seed, 400):
            state = _stuck(puzzle)
            if state is not None:
                _assert_same_as_cadical(puzzle, state)


@pytest.mark.slow
def test_the_small_search_counts_as_cadical_on_index_puzzles():
    """Every INDEX.csv puzzle (a sample of 400, seeded) that line logic leaves with at most
    :data:`solver.SMALL_CELLS` undecided cells: the small search's count is CaDiCaL's and
    pbnsolve's."""
    from pathlib import Path

    from nonostudio.core.errors import PuzzleError
    from nonostudio.core.formats import read_entries

    puzzles = Path(__file__).resolve().parents[3] / "shared" / "anchors" / "puzzles"
    if not (puzzles / "INDEX.csv").is_file():
        pytest.skip(f"anchor data not found at {puzzles}")
    with (puzzles / "INDEX.csv").open(newline="") as handle:
        rows = [
            row
            for row in csv.DictReader(handle)
            if row["pbnsolve_u_b"] in ("unique", "multiple", "contradiction")
        ]
    random.Random(5).shuffle(rows)
    expected = {"unique": 1, "multiple": 2, "contradiction": 0}
    files: dict[str, dict] = {}
    checked = 0
    for row in rows:
        spec = f"{row['file']}#{row['item']}"
        try:
            if row["file"] not in files:
                files[row["file"]] = dict(read_entries(puzzles / row["file"]))
            puzzle = files[row["file"]][row["item"]]()
        except PuzzleError:  # colour, or clues the reader refuses: counted elsewhere
            continue
        state = _stuck(puzzle)
        if state is None or state.total - state.known > solver.SMALL_CELLS:
            continue
        assert _assert_same_as_cadical(puzzle, state) == expected[row["pbnsolve_u_b"]], spec
        checked += 1
        if checked == 400:
            break
    assert checked == 400
