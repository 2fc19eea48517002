"""The learning curve's measurements: networks on nested prefixes of a recipe's boards (the one on
all of them is the recipe's own network), per-cell accuracy and exact boards at each output
threshold, how the exact-board rate follows from the per-cell accuracy, and what the paper's
Weibull fit says of its own per-cell accuracy."""

from __future__ import annotations

import math
from dataclasses import fields, replace

import numpy as np
import pytest

from nonostudio.baselines import curve
from nonostudio.baselines.encoding import board_clues
from nonostudio.baselines.network import Network
from nonostudio.baselines.nonodataset import BoardSet
from nonostudio.baselines.recipes import Recipe, run_recipe


def _constant_network(n: int, probabilities: np.ndarray) -> Network:
    """A network whose output ignores its input: cell ``i`` is filled with ``probabilities[i]``."""
    from nonostudio.baselines.encoding import input_size

    p = np.asarray(probabilities, dtype=np.float64).reshape(-1)
    bias = np.log(p / (1 - p)).astype(np.float32)
    return Network(n, [np.zeros((input_size(n), n * n), np.float32)], [bias])


def _board_set(boards: list[np.ndarray]) -> BoardSet:
    b = np.stack(boards).astype(np.uint8)
    return BoardSet(len(b[0]), [board_clues(x) for x in b], b, "test")


def test_cell_accuracy_counts_cells_boards_and_solutions_at_each_threshold() -> None:
    n = 2
    # cells 0 and 1 at 0.8, cells 2 and 3 at 0.4: at 0.5 the guess is the top row filled
    net = _constant_network(n, np.array([0.8, 0.8, 0.4, 0.4]))
    top = np.array([[1, 1], [0, 0]])
    bottom = np.array([[0, 0], [1, 1]])
    full = np.ones((2, 2))
    got = curve.cell_accuracy(net, _board_set([top, bottom, full]), (0.3, 0.5, 0.9))
    by_t = {r["threshold"]: r for r in got["thresholds"]}
    # 0.5: guess = top; right cells 4 + 0 + 2 of 12; one board exact, the same one solves
    assert by_t[0.5]["cell_percent"] == pytest.approx(100 * 6 / 12)
    assert by_t[0.5]["same_board_percent"] == pytest.approx(100 / 3)
    assert by_t[0.5]["solves_percent"] == pytest.approx(100 / 3)
    assert got["wrong_cells"] == [0, 4, 2]
    # 0.3: every cell filled: the full board only
    assert by_t[0.3]["cell_percent"] == pytest.approx(100 * (2 + 2 + 4) / 12)
    assert by_t[0.3]["same_board_percent"] == pytest.approx(100 / 3)
    # 0.9: every cell empty: no board of the three
    assert by_t[0.9]["same_board_percent"] == 0.0
    assert by_t[0.9]["cell_percent"] == pytest.approx(100 * 4 / 12)


def test_a_board_other_than_the_target_that_holds_every_clue_counts_as_solved_not_same() -> None:
    # the two diagonals have the same clues (1 / 1 both ways): a guess of one solves the other
    net = _constant_network(2, np.array([0.9, 0.1, 0.1, 0.9]))
    anti = np.array([[0, 1], [1, 0]])
    got = curve.cell_accuracy(net, _board_set([anti]))["thresholds"][0]
    assert got["same_board_percent"] == 0.0 and got["solves_percent"] == 100.0


def test_exact_from_cells_compares_the_measured_rate_with_independent_cells() -> None:
    e = curve.exact_from_cells([0, 0, 1, 3], cells=100)
    assert e["exact_percent"] == 50.0
    assert e["mean_wrong_cells"] == 1.0
    assert e["cell_percent"] == pytest.approx(99.0)
    assert e["independent_percent"] == pytest.approx(100 * 0.99**100)


def test_the_papers_weibull_fit_gives_its_zero_error_share_and_a_mean() -> None:
    alpha, beta = 3.401227, 0.420651
    got = curve.paper_weibull_mean(alpha, beta, 100)
    # P(F <= 0) straight from the paper's equation (2)
    assert got["exact_percent"] == pytest.approx(100 * (1 - math.exp(-((1 / alpha) ** beta))))
    # a steep law (tiny scale) puts almost every board at zero wrong cells
    sharp = curve.paper_weibull_mean(0.01, 1.0, 100)
    assert sharp["exact_percent"] > 99.9 and sharp["cell_percent"] > 99.99
    assert 0 < got["mean_wrong_cells"] < 100
    assert got["cell_percent"] == pytest.approx(100 - got["mean_wrong_cells"])


def test_prefix_networks_train_on_prefixes_and_the_whole_is_the_recipes_network() -> None:
    pytest.importorskip("sklearn", reason="training needs the baselines extra (scikit-learn)")
    # 10x10 (a 5x5 recipe's noise boards are a prefix of more noise boards anyway); no pictures
    recipe = Recipe(10, 300, (16,), learning_rate=3e-3, epochs=2, seed=7, picture_share=0.0)
    seen: list[tuple[int, int]] = []
    nets = curve.prefix_networks(
        recipe, [100, 300], checkpoint=lambda c, n: seen.append((c, n.recipe["epochs"]))
    )
    whole = run_recipe(recipe)
    assert all(np.array_equal(a, b) for a, b in zip(nets[300].weights, whole.weights, strict=True))
    assert nets[100].recipe["boards"] == 100 and nets[100].recipe["prefix_of"] == 300
    assert nets[100].recipe["training_boards"] == 100
    assert nets[300].recipe["prefix_of"] == 0
    # a prefix network is reproducible by a recipe of its own: its record is that recipe
    own = Recipe(**{f.name: nets[100].recipe[f.name] for f in fields(Recipe)})
    own = replace(own, hidden=tuple(own.hidden))
    assert own == replace(recipe, boards=100, prefix_of=300) != replace(recipe, boards=100)
    again = run_recipe(own)
    assert all(np.array_equal(a, b) for a, b in zip(nets[100].weights, again.weights, strict=True))
    fresh = run_recipe(replace(recipe, boards=100))  # 100 boards made, not the first of 300
    assert not np.array_equal(fresh.weights[0], again.weights[0])
    with pytest.raises(ValueError, match="100 of 50"):
        run_recipe(replace(recipe, boards=100, prefix_of=50))
    assert seen == [(100, 1), (300, 1)]
    other = curve.prefix_networks(recipe, [100], hidden=(8,), learning_rate=1e-2)[100]
    assert other.weights[0].shape[1] == 8 and other.recipe["learning_rate"] == 1e-2
    with pytest.raises(ValueError, match="1..300"):
        curve.prefix_networks(replace(recipe), [301])
