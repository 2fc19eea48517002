"""The paper's genetic algorithm: a population started from the network's guess, each new
individual one roulette-wheel pick mutated 0 to 4 times, the whole population replaced by the
new one each iteration, stopping when an individual solves the puzzle.

A mutation fills a random empty cell when the board has fewer filled cells than the clues ask,
empties a random filled one when it has more, and otherwise moves a filled cell to a random
empty one.  Fitness = correct columns + correct rows + n·n · marked / to be marked, as the paper
writes it.  The paper's parameters: a population of 1000, 100 iterations.  The population is
one numpy array, so a generation costs a few array operations.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from nonostudio.baselines.heuristic import line_combinations
from nonostudio.core.puzzle import Clues

POPULATION = 1000
ITERATIONS = 100


@dataclass(frozen=True)
class GeneticRun:
    solved: bool
    board: np.ndarray | None
    seconds: float
    iterations: int
    best_fitness: float


def _clue_ids(n: int) -> tuple[np.ndarray, dict[tuple[int, ...], int]]:
    table = line_combinations(n)
    index = {clue: i for i, clue in enumerate(table)}
    lut = np.zeros(1 << n, dtype=np.int32)
    for clue, masks in table.items():
        lut[list(masks)] = index[clue]
    return lut, index


def _mutate(pop: np.ndarray, target: int, rng: np.random.Generator) -> np.ndarray:
    """Each row of ``pop`` (boolean boards, flattened) mutated 0 to 4 times."""
    pop = pop.copy()
    count, cells = pop.shape
    times = rng.integers(0, 5, size=count)
    rows = np.arange(count)
    for step in range(4):
        live = times > step
        filled = pop.sum(axis=1)
        noise = rng.random((count, cells))
        empty_pick = np.where(pop, -1.0, noise).argmax(axis=1)
        filled_pick = np.where(pop, noise, -1.0).argmax(axis=1)
        has_empty = ~pop.all(axis=1)
        has_filled = pop.any(axis=1)
        fill = live & (filled < target) & has_empty
        empty = live & (filled > target) & has_filled
        move = live & (filled == target) & has_empty & has_filled
        pop[rows[fill | move], empty_pick[fill | move]] = True
        pop[rows[empty | move], filled_pick[empty | move]] = False
    return pop


def solve_genetic(
    rows: Clues,
    cols: Clues,
    start: np.ndarray,
    *,
    population: int = POPULATION,
    iterations: int = ITERATIONS,
    seed: int = 0,
    time_limit: float | None = None,
) -> GeneticRun:
    """Run the GA on a square puzzle from the board ``start`` (the network's guess)."""
    started = time.perf_counter()
    n = len(rows)
    lut, index = _clue_ids(n)
    try:
        want_rows = np.array([index[tuple(r)] for r in rows])
        want_cols = np.array([index[tuple(c)] for c in cols])
    except KeyError as exc:
        raise ValueError(f"clue {exc.args[0]} cannot fit a line of {n} cells") from exc
    target = sum(map(sum, rows))
    bits = 1 << np.arange(n)
    rng = np.random.default_rng(seed)

    def fitness(pop: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        boards = pop.reshape(-1, n, n).astype(np.int64)
        good_rows = (lut[boards @ bits] == want_rows).sum(axis=1)
        good_cols = (lut[boards.transpose(0, 2, 1) @ bits] == want_cols).sum(axis=1)
        marked = pop.sum(axis=1)
        score = good_cols + good_rows + n * n * marked / max(target, 1)
        return score.astype(float), (good_rows == n) & (good_cols == n)

    pop = _mutate(np.repeat(start.reshape(1, -1).astype(bool), population, axis=0), target, rng)
    best = 0.0
    for it in range(1, iterations + 1):
        score, solved = fitness(pop)
        best = max(best, float(score.max()))
        if solved.any():
            board = pop[int(np.argmax(solved))].reshape(n, n).astype(np.uint8)
            return GeneticRun(True, board, time.perf_counter() - started, it - 1, best)
        if time_limit is not None and time.perf_counter() - started > time_limit:
            return GeneticRun(False, None, time.perf_counter() - started, it - 1, best)
        weights = score + 1e-9  # an all-zero population still has a wheel
        picks = rng.choice(population, size=population, p=weights / weights.sum())
        pop = _mutate(pop[picks], target, rng)
    score, solved = fitness(pop)
    if solved.any():
        board = pop[int(np.argmax(solved))].reshape(n, n).astype(np.uint8)
        return GeneticRun(True, board, time.perf_counter() - started, iterations, best)
    return GeneticRun(False, None, time.perf_counter() - started, iterations, best)
