"""Line-selection strategies (Dandurand, Cousineau and Shultz, "Solving nonogram puzzles by
reinforcement learning", CogSci 2012): the line game, each strategy's rule, BFS optimality."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from nonostudio.analysis.line_selection.line_game import Board, LineGame, Move
from nonostudio.analysis.line_selection.lines_experiment import random_puzzles
from nonostudio.analysis.line_selection.strategies import (
    STRATEGIES,
    GreedyStrategy,
    HeuristicStrategy,
    RandomStrategy,
    StateLimit,
    heuristic_order,
    make_strategy,
    next_line,
    optimal_plan,
    optimal_steps,
    run_episode,
)
from nonostudio.core.gridstate import Contradiction
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.linesolver import solve_cells
from nonostudio.core.puzzle import Puzzle, new_grid

# Figure 1 of Dandurand, Cousineau & Shultz (2012).
FIGURE_1 = Puzzle(((2, 2), (1, 2), (2,), (2, 1), ()), ((1, 1), (2, 1), (), (4,), (3,)))


def small_puzzles(size: int, count: int, seed: int = 7) -> list[Puzzle]:
    return random_puzzles(np.random.default_rng(seed), count, size=size)


def test_play_is_the_line_solver_on_that_line() -> None:
    game = LineGame(FIGURE_1)
    rng = np.random.default_rng(1)
    for _ in range(30):
        grid = figure_1_solution().copy()
        grid[rng.random(grid.shape) < 0.6] = UNKNOWN
        board = game.board_from_grid(grid)
        for action in range(game.actions):
            axis, index = game.refs[action]
            before = grid[index] if axis == "row" else grid[:, index]
            expected = solve_cells(game.hints[action], before)
            move = game.play(board, action)
            after = game.grid_of(move.board)
            got = after[index] if axis == "row" else after[:, index]
            assert tuple(got) == expected
            assert move.gained == sum(1 for a, b in zip(before, expected, strict=True) if a != b)
            assert move.unknown_before == int((before == UNKNOWN).sum())
            others = np.ones(grid.shape, dtype=bool)
            if axis == "row":
                others[index] = False
            else:
                others[:, index] = False
            assert (after[others] == grid[others]).all()


def figure_1_solution() -> np.ndarray:
    grid = np.array(
        [[1, 1, 0, 1, 1], [0, 1, 0, 1, 1], [0, 0, 0, 1, 1], [1, 1, 0, 1, 0], [0, 0, 0, 0, 0]],
        dtype=np.int8,
    )
    assert FIGURE_1.is_solution(grid)
    return grid


def test_reward_is_fraction_of_the_line_unknowns() -> None:
    # The paper's example: [U F U U E] -> [U F F U E] decides 1 of 3 unknowns.
    assert Move(Board((0,), (0,)), 1, 3).reward == pytest.approx(1 / 3)
    game = LineGame(FIGURE_1)
    row1 = game.play(game.blank(), 0)  # clue 2 2 fills the whole row
    assert (row1.gained, row1.unknown_before, row1.reward) == (5, 5, 1.0)
    col4 = game.play(game.blank(), game.action_of(("column", 3)))  # clue 4: middle three
    assert (col4.gained, col4.reward) == (3, pytest.approx(0.6))
    again = game.play(col4.board, game.action_of(("column", 3)))
    assert (again.gained, again.reward, again.board) == (0, 0.0, col4.board)


def test_grid_round_trip_and_errors() -> None:
    game = LineGame(FIGURE_1)
    rng = np.random.default_rng(3)
    for _ in range(20):
        grid = rng.integers(-1, 2, size=(5, 5)).astype(np.int8)
        assert (game.grid_of(game.board_from_grid(grid)) == grid).all()
    with pytest.raises(ValueError, match="4x5"):
        game.board_from_grid(new_grid(5, 4))
    with pytest.raises(ValueError, match="row 6"):
        game.action_of(("row", 5))
    wrong = new_grid(5, 5)
    wrong[4, 0] = FILLED  # row 5 has clue 0
    with pytest.raises(Contradiction):
        game.play(game.board_from_grid(wrong), 4)


def test_heuristic_order_on_figure_1() -> None:
    # Worked by hand from the paper: row 1 (2 2 fills it), row 5 and column 3 (no block) first,
    # then column 4 (4), column 5 (3), the 2s in puzzle order (rows 2-4, column 2), column 1 (1 1).
    assert heuristic_order(LineGame(FIGURE_1)) == [0, 4, 7, 8, 9, 1, 2, 3, 6, 5]


def test_heuristic_visits_in_rounds_without_replacement() -> None:
    for puzzle in small_puzzles(5, 4):
        game = LineGame(puzzle)
        order = heuristic_order(game)
        episode = run_episode(game, HeuristicStrategy())
        board = game.blank()
        pending: list[int] = []
        for action in episode.actions:
            if not pending:
                pending = list(order)
            # Skip lines that are complete now; the next one of this round is the choice.
            while not game.is_open(board, pending[0]):
                pending.pop(0)
                if not pending:
                    pending = list(order)
            assert action == pending.pop(0)
            board = game.play(board, action).board
        assert episode.solved


def test_random_chooses_open_lines_with_replacement_and_is_seeded() -> None:
    game = LineGame(small_puzzles(5, 1)[0])
    runs = [run_episode(game, RandomStrategy(), np.random.default_rng(s)) for s in range(8)]
    assert run_episode(game, RandomStrategy(), np.random.default_rng(3)).actions == runs[3].actions
    assert len({tuple(r.actions) for r in runs}) > 1
    repeated = False
    for run in runs:
        board = game.blank()
        for previous, action in zip([None] + run.actions, run.actions, strict=False):
            assert game.is_open(board, action)
            repeated |= previous == action
            board = game.play(board, action).board
    assert repeated  # with replacement: some run takes the same line twice in a row


def test_greedy_takes_a_line_deciding_the_most_cells() -> None:
    for puzzle in small_puzzles(5, 4):
        game = LineGame(puzzle)
        episode = run_episode(game, GreedyStrategy())
        board = game.blank()
        for action in episode.actions:
            best = max(game.play(board, a).gained for a in game.open_actions(board))
            move = game.play(board, action)
            assert move.gained == best
            board = move.board
        assert episode.solved


def brute_force_fewest_steps(game: LineGame, limit: int) -> int | None:
    """Try every sequence of lines (including useless ones) of length 1, 2, ... up to limit."""
    for length in range(limit + 1):
        for seq in itertools.product(range(game.actions), repeat=length):
            board = game.blank()
            for action in seq:
                board = game.play(board, action).board
            if game.is_solved(board):
                return length
    return None


@pytest.mark.parametrize("size", [2, 3])
def test_bfs_optimum_equals_brute_force(size: int) -> None:
    for puzzle in small_puzzles(size, 4, seed=size):
        game = LineGame(puzzle)
        plan = optimal_plan(game)
        assert plan is not None
        assert brute_force_fewest_steps(game, len(plan)) == len(plan)
        board = game.blank()
        for action in plan:
            board = game.play(board, action).board
        assert game.is_solved(board)


@pytest.mark.slow
def test_bfs_optimum_not_beaten_on_a_4x4() -> None:
    game = LineGame(small_puzzles(4, 1, seed=11)[0])
    steps = optimal_steps(game)
    assert steps is not None
    assert brute_force_fewest_steps(game, steps) == steps


@pytest.mark.slow
def test_optimal_is_no_worse_than_any_strategy() -> None:
    # BFS gives the fewest steps, so every other strategy's solved episode is at least as long.
    for i, puzzle in enumerate(small_puzzles(5, 6, seed=2)):
        game = LineGame(puzzle)
        best = optimal_steps(game)
        optimal_run = run_episode(game, make_strategy("optimal"))
        assert optimal_run.solved and optimal_run.steps == best
        for name in STRATEGIES:
            run = run_episode(game, make_strategy(name), np.random.default_rng(i))
            assert run.steps >= best


def test_not_line_solvable_and_state_cap() -> None:
    two_ways = Puzzle(((1,), (1,)), ((1,), (1,)))
    game = LineGame(two_ways)
    assert optimal_plan(game) is None
    episode = run_episode(game, make_strategy("optimal"), ceiling=5)
    assert (episode.solved, episode.steps) == (False, 5)
    with pytest.raises(StateLimit):
        optimal_plan(LineGame(FIGURE_1), max_states=3)
    with pytest.raises(ValueError, match="unknown strategy 'clever'"):
        make_strategy("clever")


def test_next_line_starts_a_shortest_solution() -> None:
    game = LineGame(FIGURE_1)
    grid = new_grid(5, 5)
    best = optimal_steps(game)
    for remaining in range(best, 0, -1):
        ref = next_line(FIGURE_1, grid)
        assert ref is not None
        board = game.play(game.board_from_grid(grid), game.action_of(ref)).board
        assert optimal_steps_from(game, board) == remaining - 1
        grid = game.grid_of(board)
    assert next_line(FIGURE_1, grid) is None  # solved


def optimal_steps_from(game: LineGame, board: Board) -> int:
    plan = optimal_plan(game, board)
    assert plan is not None
    return len(plan)


def test_next_line_other_strategies_and_dead_ends() -> None:
    blank = new_grid(5, 5)
    assert next_line(FIGURE_1, blank, "heuristic") == ("row", 0)
    greedy = next_line(FIGURE_1, blank, "greedy")
    game = LineGame(FIGURE_1)
    assert game.play(game.blank(), game.action_of(greedy)).gained == 5
    # Stuck for line logic: two solutions.
    assert next_line(Puzzle(((1,), (1,)), ((1,), (1,))), new_grid(2, 2)) is None
    # Row 5 contradicts its clue (never suggested); column 2 can still decide its last cell.
    grid = figure_1_solution().copy()
    grid[4, 0] = FILLED
    grid[4, 1] = UNKNOWN
    assert next_line(FIGURE_1, grid) == ("column", 1)
    grid[4, 1] = CROSSED
    assert next_line(FIGURE_1, grid) is None
    with pytest.raises(ValueError, match="unknown strategy"):
        next_line(FIGURE_1, blank, "psychic")


def test_next_line_on_a_large_puzzle_is_greedy() -> None:
    rng = np.random.default_rng(5)
    picture = (rng.random((15, 15)) < 0.6).astype(np.int8)
    puzzle = Puzzle.from_grid(picture)
    game = LineGame(puzzle)
    ref = next_line(puzzle, new_grid(15, 15))
    assert ref is not None
    gains = [game.gain(game.blank(), a) for a in range(game.actions)]
    assert gains[game.action_of(ref)] == max(gains) > 0
