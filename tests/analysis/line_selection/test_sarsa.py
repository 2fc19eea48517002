"""SARSA line selection and the paper's experiment: encoding, update rule, learning, determinism."""

from __future__ import annotations

import numpy as np
import pytest

from nonostudio.analysis.line_selection.line_game import LineGame
from nonostudio.analysis.line_selection.lines_experiment import (
    LOOKUP,
    NETWORK,
    ROWS,
    random_puzzles,
    run_experiment,
    training_schedule,
)
from nonostudio.analysis.line_selection.sarsa import (
    SCORE_THRESHOLD,
    LookupTable,
    NetworkQ,
    SarsaAgent,
    Shape,
    encode,
)
from nonostudio.analysis.line_selection.strategies import (
    CEILING,
    make_strategy,
    optimal_plan,
    optimal_steps,
    run_episode,
)
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle, new_grid

FIGURE_1 = Puzzle(((2, 2), (1, 2), (2,), (2, 1), ()), ((1, 1), (2, 1), (), (4,), (3,)))


def test_encoding_is_the_papers_example() -> None:
    # Figure 2: column 1 is [1, 1, 0, F, U, U, U, E]; the paper's vector is the block values, then
    # F=10 U=00 E=01 per cell, then the one-hot action (5 rows then 5 columns).
    game = LineGame(FIGURE_1)
    grid = new_grid(5, 5)
    grid[0, 0] = FILLED
    grid[4, 0] = CROSSED
    x = encode(game, game.board_from_grid(grid), game.action_of(("column", 0)), Shape(5, 5))
    blocks = [1 / 5, 1 / 5, 0]  # block values divided by the line length
    cells = [1, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    action = [0, 0, 0, 0, 0, 1, 0, 0, 0, 0]
    assert x.tolist() == pytest.approx(blocks + cells + action)
    with pytest.raises(ValueError, match="plays 4x4 puzzles"):
        encode(game, game.blank(), 0, Shape(4, 4))


def test_one_step_update_follows_the_sarsa_rule() -> None:
    # A 1x1 puzzle: either line solves it with reward 1, the episode ends, so
    # Q <- 0.05 + 0.9 * (1 - 0.05) = 0.905.
    game = LineGame(Puzzle(((1,),), ((1,),)))
    table = LookupTable()
    agent = SarsaAgent(table, np.random.default_rng(0))
    episode = agent.learn_episode(game)
    assert episode.solved and episode.steps == 1
    action = episode.actions[0]
    assert table.values(game, game.blank(), [action])[0] == pytest.approx(0.905)
    assert table.values(game, game.blank(), [1 - action])[0] == pytest.approx(0.05)


def test_two_step_update_bootstraps_on_the_next_choice() -> None:
    # Column clue 1 of 2 cells decides nothing; then the rows decide everything.  Record the
    # first step's target by hand from the paper's rule with the next action's value.
    game = LineGame(Puzzle(((1,), ()), ((1,), ())))
    table = LookupTable()
    agent = SarsaAgent(table, np.random.default_rng(0))
    for _ in range(5):
        before = dict(table.table)
        board = game.blank()
        episode = agent.learn_episode(game)
        first = episode.actions[0]
        move = game.play(board, first)
        key = (game.hints[first], game.line_masks(board, first), first)
        # No single line solves this puzzle (one filled cell of four), so every episode has a
        # second step, whose chosen action's value the first update bootstraps on.
        assert not game.is_solved(move.board) and episode.steps > 1
        second = episode.actions[1]
        key2 = (game.hints[second], game.line_masks(move.board, second), second)
        q_next = before.get(key2, 0.05) if key2 != key else before.get(key, 0.05)
        q_sa = before.get(key, 0.05)
        expected = q_sa + 0.9 * (move.reward + 0.9 * q_next - q_sa)
        assert table.table[key] == pytest.approx(expected)
        # ... and that bootstrap is what the update used: without it the value would differ.
        assert table.table[key] != pytest.approx(q_sa + 0.9 * (move.reward - q_sa))


def test_hardmax_repeats_a_useless_line_until_the_ceiling() -> None:
    # Untrained, every Q is 0.05: hardmax takes the first open line, and once that line decides
    # nothing it repeats it until the ceiling (the paper's failure).
    game = LineGame(FIGURE_1)
    agent = SarsaAgent(LookupTable(), np.random.default_rng(0))
    episode = run_episode(game, agent)
    assert not episode.solved and episode.steps == CEILING
    stuck = episode.actions[-1]
    assert set(episode.actions[episode.actions.index(stuck) :]) == {stuck}
    board = game.blank()
    for action in episode.actions:
        board = game.play(board, action).board
    assert game.gain(board, stuck) == 0


@pytest.mark.parametrize("kind", ["lookup", "network"])
def test_learns_a_single_puzzle_near_the_optimum(kind: str) -> None:
    game = LineGame(FIGURE_1)
    best = optimal_steps(game)
    assert best is not None  # a 5x5 puzzle is well within the search's states
    heuristic = run_episode(game, make_strategy("heuristic")).steps
    rng = np.random.default_rng(4)
    q = LookupTable() if kind == "lookup" else NetworkQ(Shape(5, 5), rng)
    agent = SarsaAgent(q, rng)
    assert not run_episode(game, agent).solved
    for _ in range(60):
        agent.learn_episode(game)
    learned = run_episode(game, agent)
    assert learned.solved
    assert best <= learned.steps <= min(best + 3, heuristic)


def test_network_fits_its_cache_within_the_score_threshold() -> None:
    game = LineGame(FIGURE_1)
    rng = np.random.default_rng(1)
    net = NetworkQ(Shape(5, 5), rng, train_every=1000, epochs=3000)
    targets = {a: float(v) for a, v in zip(range(game.actions), rng.uniform(0, 1, 10), strict=True)}
    for action, target in targets.items():
        net.update(game, game.blank(), action, target)
    net.train()
    got = net.values(game, game.blank(), list(targets))
    assert np.abs(got - np.array(list(targets.values()))).max() < SCORE_THRESHOLD


def test_same_seed_same_learning() -> None:
    game = LineGame(FIGURE_1)

    def learn(seed: int) -> tuple[list[list[int]], np.ndarray]:
        rng = np.random.default_rng(seed)
        agent = SarsaAgent(NetworkQ(Shape(5, 5), rng), rng)
        episodes = [agent.learn_episode(game).actions for _ in range(5)]
        return episodes, agent.q.w1.copy()  # type: ignore[attr-defined]

    a, b, c = learn(2), learn(2), learn(3)
    assert a[0] == b[0] and np.array_equal(a[1], b[1])
    assert a[0] != c[0]


def test_training_schedule_is_incremental_and_interleaved() -> None:
    schedule = training_schedule(120, 3)
    assert len(schedule) == 120
    assert schedule[:40] == [0] * 40
    assert schedule[40:44] == [0, 1, 0, 1] and set(schedule[40:80]) == {0, 1}
    assert schedule[80:86] == [0, 1, 2, 0, 1, 2] and schedule.count(2) == 13


def test_random_puzzles_are_distinct_and_line_solvable() -> None:
    puzzles = random_puzzles(np.random.default_rng(0), 6)
    assert len({(p.rows, p.cols) for p in puzzles}) == 6
    for p in puzzles:
        assert (p.width, p.height) == (5, 5)
        assert optimal_plan(LineGame(p)) is not None


@pytest.mark.slow
def test_tiny_experiment_is_reproducible_and_reports_every_strategy() -> None:
    fractions: list[float] = []
    first = run_experiment(2, seed=1, progress=lambda f, _m: fractions.append(f), episodes=9)
    again = run_experiment(2, seed=1, episodes=9)
    assert fractions == [0.5, 1.0]
    assert first.table() == again.table()
    assert first.simulations[0] != run_experiment(1, seed=2, episodes=9).simulations[0]
    for sim in first.simulations:
        for row in ROWS:
            assert min(sim.training[row]) >= min(sim.training["optimal"]) or row == "optimal"
            assert sim.test[row] >= sim.test["optimal"]
    table = first.table()
    for row in ROWS:
        assert row in table
    assert "7.6" in table and "8.5" in table and "7/20" in table


@pytest.mark.slow
def test_experiment_stops_when_asked() -> None:
    calls = iter(range(10_000))
    result = run_experiment(3, seed=0, should_stop=lambda: next(calls) > 20, episodes=9)
    assert result.stopped and len(result.simulations) == 1
    assert "stopped early" in result.table()
    assert run_experiment(2, should_stop=lambda: True).table() == "no simulation finished"
    assert LOOKUP in ROWS and NETWORK in ROWS
