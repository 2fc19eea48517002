"""Why an exact-board rate is what it is: networks trained by one recipe on nested shares of its
boards (the learning curve), and what a network's guesses are made of — its per-cell accuracy,
how the exact-board rate follows from it (an exact board needs all ``n * n`` cells right, so a
small per-cell difference compounds), and the rate at other output thresholds than 0.5.

The shares are prefixes of the recipe's own boards (shuffled when made), so the network on all
of them is the recipe's network, and each smaller one saw a subset of what the larger saw.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from nonostudio.baselines.network import Network, best_guess
from nonostudio.baselines.nonodataset import BoardSet
from nonostudio.baselines.recipes import Recipe, recipe_boards, train_on
from nonostudio.core.progress import ProgressCallback


def prefix_networks(
    recipe: Recipe,
    counts: Sequence[int],
    hidden: Sequence[int] | None = None,
    learning_rate: float | None = None,
    progress: ProgressCallback | None = None,
    done: Callable[[int, Network], None] | None = None,
    checkpoint: Callable[[int, Network], None] | None = None,
    data: tuple[np.ndarray, np.ndarray, dict[str, Any]] | None = None,
) -> dict[int, Network]:
    """A network for each of ``counts``, trained by ``recipe`` (its epochs, seed, batch) on the
    first ``count`` of the recipe's boards, optionally with another architecture or learning
    rate; ``done(count, net)`` as each finishes, ``checkpoint(count, net)`` after each epoch but
    the last; ``data``, the recipe's boards when already made (:func:`recipe_boards`).  Needs
    scikit-learn."""
    if recipe.prefix_of:
        raise ValueError("the curve's recipe makes all its boards: prefix_of must be 0")
    if any(c <= 0 or c > recipe.boards for c in counts):
        raise ValueError(f"board counts must lie in 1..{recipe.boards}: {list(counts)}")
    inputs, boards, made = data or recipe_boards(recipe, progress)
    trained = replace(
        recipe,
        hidden=tuple(hidden or recipe.hidden),
        learning_rate=recipe.learning_rate if learning_rate is None else learning_rate,
    )
    out: dict[int, Network] = {}
    for count in sorted(counts):

        def each_epoch(net: Network, count: int = count) -> None:
            if checkpoint is not None:
                checkpoint(count, net)

        tag = dict(made, boards=count)
        if count < recipe.boards:
            tag["prefix_of"] = recipe.boards
        net = train_on(trained, inputs[:count], boards[:count], tag, progress, each_epoch)
        out[count] = net
        if done is not None:
            done(count, net)
    return out


def cell_accuracy(
    net: Network, test: BoardSet, thresholds: Sequence[float] = (0.5,)
) -> dict[str, Any]:
    """The network's plain guesses (no reflection) at each output threshold: the share of cells
    right, the share of boards with every cell right (the very board), and the share of boards
    holding every clue (any solution); with the per-board wrong-cell counts at 0.5."""
    from nonostudio.baselines.encoding import encode_clues, is_solution

    inputs = np.stack([encode_clues(rows, cols) for rows, cols in test.puzzles])
    p = net.probabilities(inputs).reshape(-1, test.n, test.n)
    rows: list[dict[str, float]] = []
    wrong_at_half: list[int] = []
    for t in thresholds:
        guess = (p >= t).astype(np.uint8)
        wrong = (guess != test.boards).reshape(len(guess), -1).sum(1)
        solves = sum(
            is_solution(g, rows_, cols_)
            for g, (rows_, cols_) in zip(guess, test.puzzles, strict=True)
        )
        rows.append(
            {
                "threshold": float(t),
                "cell_percent": 100.0 * (1.0 - wrong.sum() / guess.size),
                "same_board_percent": 100.0 * float((wrong == 0).mean()),
                "solves_percent": 100.0 * solves / len(guess),
            }
        )
        if t == 0.5:
            wrong_at_half = [int(w) for w in wrong]
    return {"boards": len(test.puzzles), "thresholds": rows, "wrong_cells": wrong_at_half}


def exact_from_cells(wrong_cells: Sequence[int], cells: int) -> dict[str, float]:
    """How the exact-board rate follows from the per-cell accuracy: the measured share of boards
    with no wrong cell, the per-cell accuracy ``q``, and ``q ** cells`` (what the rate would be
    if each cell were wrong independently: the errors cluster on some boards, so the measured
    rate is higher)."""
    w = np.asarray(wrong_cells, dtype=float)
    q = 1.0 - w.mean() / cells
    return {
        "cell_percent": 100.0 * q,
        "exact_percent": 100.0 * float((w == 0).mean()),
        "independent_percent": 100.0 * q**cells,
        "mean_wrong_cells": float(w.mean()),
    }


def paper_weibull_mean(alpha: float, beta: float, cells: int) -> dict[str, float]:
    """What the paper's discrete Weibull fit of wrong cells per board, P(F <= f) = 1 -
    exp(-((f + 1) / alpha) ** beta), says: P(F = 0), the mean wrong cells (capped at ``cells``)
    and the per-cell accuracy they imply."""
    f = np.arange(cells + 1, dtype=float)
    cdf = 1.0 - np.exp(-(((f + 1) / alpha) ** beta))
    pmf = np.diff(np.concatenate([[0.0], cdf]))
    pmf[-1] += 1.0 - cdf[-1]  # the tail beyond every cell wrong, counted as all wrong
    mean = float((pmf * f).sum())
    return {
        "exact_percent": 100.0 * float(pmf[0]),
        "mean_wrong_cells": mean,
        "cell_percent": 100.0 * (1.0 - mean / cells),
    }


def rates(net: Network, test: BoardSet) -> tuple[float, float]:
    """Percent of boards whose guess holds every clue, plain and with reflections."""
    out = []
    for refl in (False, True):
        guesses = best_guess(net, test.puzzles, refl)
        out.append(100.0 * sum(g.solves for g in guesses) / max(len(guesses), 1))
    return out[0], out[1]
