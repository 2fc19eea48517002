"""The paper's three experiments on a set of square test boards, with nonostudio's complete
solver on the same boards: the network's exact guesses with and without reflections and the
Weibull fit of its wrong cells per board; the heuristic variants' solved share, time and
iteration percentiles and the paired Wilcoxon tests of the paper's Table 6; the GA on a sample.
Each function returns plain data (dicts, lists, floats) ready for JSON.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

from nonostudio.baselines.genetic import solve_genetic
from nonostudio.baselines.heuristic import run_variant
from nonostudio.baselines.network import Guess, Network, best_guess
from nonostudio.baselines.nonodataset import BoardSet
from nonostudio.core.progress import ProgressCallback, report_count
from nonostudio.core.puzzle import Clues

# The paper's figures, to print beside ours.
PAPER_EXACT = {5: 77.06, 10: 27.25, 15: 5.87}
PAPER_EXACT_REFLECTED = {10: 39.26}
PAPER_WEIBULL = {5: (0.1102024, 0.5091745), 10: (3.401227, 0.420651), 15: (18.54031, 0.6219632)}
PAPER_MEDIAN_SECONDS_10 = {
    "H": 0.2042,
    "NeHI": 0.1526,
    "Ne8HI": 0.1003,
    "NeHPF": 0.0858,
    "Ne8HPF": 0.0520,
    "NeHPFI": 0.0904,
    "Ne8HPFI": 0.0519,
}
WILCOXON_PAIRS = (
    ("H", "NeHPFI"),
    ("NeHPFI", "NeHPF"),
    ("Ne8HI", "NeHI"),
    ("Ne8HPFI", "NeHPFI"),
    ("Ne8HPF", "NeHPF"),
    ("Ne8HPFI", "Ne8HPF"),
)
PERCENTILES = tuple(round(0.1 * k, 1) for k in range(11))


def weibull_fit(errors: Sequence[int]) -> tuple[float, float] | None:
    """Scale and shape ``(alpha, beta)`` of the discrete Weibull law the paper fits to wrong cells
    per board, P(F <= f) = 1 - exp(-((f + 1) / alpha) ** beta), by maximum likelihood (a grid
    over log alpha and log beta, narrowed around the best point ten times).  None when every
    count is the same (no spread to fit)."""
    values = np.asarray(errors, dtype=np.int64)
    if values.size == 0 or values.min() == values.max():
        return None
    fs, counts = np.unique(values, return_counts=True)
    lo, hi = fs.astype(float), fs + 1.0

    def loglik(log_alpha: np.ndarray, log_beta: np.ndarray) -> np.ndarray:
        a = np.exp(log_alpha)[..., None]
        b = np.exp(log_beta)[..., None]
        p = np.exp(-((lo / a) ** b)) - np.exp(-((hi / a) ** b))
        return (counts * np.log(np.maximum(p, 1e-300))).sum(axis=-1)

    centre = np.array([math.log(float(values.mean()) + 1.0), 0.0])
    span = np.array([6.0, 3.0])
    for _ in range(10):
        la = np.linspace(centre[0] - span[0], centre[0] + span[0], 41)
        lb = np.linspace(centre[1] - span[1], centre[1] + span[1], 41)
        grid_a, grid_b = np.meshgrid(la, lb, indexing="ij")
        ll = loglik(grid_a, grid_b)
        i, j = np.unravel_index(int(np.argmax(ll)), ll.shape)
        centre = np.array([la[i], lb[j]])
        span = span / 4
    return float(math.exp(centre[0])), float(math.exp(centre[1]))


def prediction(net: Network, test: BoardSet, reflections: bool) -> dict[str, Any]:
    """Exact guesses (a board that holds every clue, and the very board the puzzle was made
    from), wrong cells per board against that board, and their Weibull fit."""
    started = time.perf_counter()
    guesses = best_guess(net, test.puzzles, reflections)
    seconds = time.perf_counter() - started
    wrong = [int((g.board != b).sum()) for g, b in zip(guesses, test.boards, strict=True)]
    solves = sum(g.solves for g in guesses)
    fit = weibull_fit(wrong)
    return {
        "boards": len(guesses),
        "reflections": reflections,
        "solves_percent": 100.0 * solves / max(len(guesses), 1),
        "same_board_percent": 100.0 * sum(w == 0 for w in wrong) / max(len(guesses), 1),
        "mean_wrong_cells": float(np.mean(wrong)) if wrong else 0.0,
        "weibull_scale": None if fit is None else fit[0],
        "weibull_shape": None if fit is None else fit[1],
        "seconds": seconds,
    }


def summary(values: Sequence[float]) -> dict[str, Any]:
    a = np.asarray(values, dtype=float)
    if a.size == 0:
        return {"mean": None, "std": None, "median": None, "percentiles": {}}
    return {
        "mean": float(a.mean()),
        "std": float(a.std(ddof=1)) if a.size > 1 else 0.0,
        "median": float(np.median(a)),
        "percentiles": {str(p): float(np.quantile(a, p)) for p in PERCENTILES},
    }


def wilcoxon(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Paired Wilcoxon signed-rank test of ``a - b`` (zero differences dropped, tied ranks
    averaged): ``W`` = the smaller rank sum, a two-sided p-value from the normal approximation
    with the tie correction, and which side is faster (smaller)."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    d = d[d != 0]
    m = d.size
    if m == 0:
        return {"pairs": 0, "W": 0.0, "p_value": 1.0, "smaller": None}
    mags = np.abs(d)
    order = np.argsort(mags, kind="mergesort")
    ranks = np.empty(m)
    ranks[order] = np.arange(1, m + 1)
    _, inverse, counts = np.unique(mags, return_inverse=True, return_counts=True)
    sums = np.bincount(inverse, weights=ranks)
    ranks = sums[inverse] / counts[inverse]  # average rank of each tie group
    w_plus = float(ranks[d > 0].sum())
    w_minus = float(ranks[d < 0].sum())
    mean = m * (m + 1) / 4
    var = m * (m + 1) * (2 * m + 1) / 24 - float((counts**3 - counts).sum()) / 48
    z = (min(w_plus, w_minus) - mean) / math.sqrt(var) if var > 0 else 0.0
    p = math.erfc(abs(z) / math.sqrt(2))
    return {
        "pairs": m,
        "W": min(w_plus, w_minus),
        "p_value": p,
        "smaller": "first" if w_minus > w_plus else "second",
    }


def heuristics(
    test: BoardSet,
    net: Network | None,
    variants: Sequence[str],
    *,
    time_limit: float,
    seed: int = 0,
    progress: ProgressCallback | None = None,
) -> dict[str, Any]:
    """Every variant on every board: solved share, time and iteration summaries, and the paper's
    Wilcoxon pairs among the variants run.  The network's guess is made per board inside each
    run, so its time counts as in the paper."""
    runs: dict[str, list[Any]] = {v: [] for v in variants}
    total = len(test.puzzles) * len(variants)
    done = 0
    for i, (rows, cols) in enumerate(test.puzzles):
        for v in variants:
            reflect = v.startswith("Ne8")

            def guess(reflect: bool = reflect, rows: Clues = rows, cols: Clues = cols) -> Guess:
                assert net is not None
                return best_guess(net, [(rows, cols)], reflect)[0]

            runs[v].append(
                run_variant(v, rows, cols, net, time_limit=time_limit, seed=seed + i, guess=guess)
            )
            done += 1
            report_count(progress, done, total, f"{v}: board {i + 1} of {len(test.puzzles)}")
    table = {}
    for v, rs in runs.items():
        table[v] = {
            "solved_percent": 100.0 * sum(r.solved for r in rs) / max(len(rs), 1),
            "timed_out": sum(r.timed_out for r in rs),
            "stages": {s: sum(r.stage == s for r in rs) for s in sorted({r.stage for r in rs})},
            "seconds": summary([r.seconds for r in rs]),
            "iterations": summary([r.iterations for r in rs]),
        }
    tests = []
    for first, second in WILCOXON_PAIRS:
        if first in runs and second in runs:
            result = wilcoxon([r.seconds for r in runs[first]], [r.seconds for r in runs[second]])
            tests.append({"first": first, "second": second, **result})
    return {
        "boards": len(test.puzzles),
        "time_limit": time_limit,
        "variants": table,
        "wilcoxon": tests,
    }


def genetic(
    test: BoardSet,
    net: Network,
    *,
    sample: int,
    time_limit: float,
    seed: int = 0,
    population: int = 1000,
    iterations: int = 100,
    progress: ProgressCallback | None = None,
) -> dict[str, Any]:
    """The GA on the first ``sample`` boards the network does not guess (as the paper counts)."""
    guesses = best_guess(net, test.puzzles, False)
    chosen = [i for i, g in enumerate(guesses) if not g.solves][:sample]
    solved, seconds = 0, []
    for k, i in enumerate(chosen):
        rows, cols = test.puzzles[i]
        run = solve_genetic(
            rows,
            cols,
            guesses[i].board,
            population=population,
            iterations=iterations,
            seed=seed + i,
            time_limit=time_limit,
        )
        solved += run.solved
        seconds.append(run.seconds)
        report_count(progress, k + 1, len(chosen), f"GA: board {k + 1} of {len(chosen)}")
    return {
        "boards": len(chosen),
        "population": population,
        "iterations": iterations,
        "time_limit": time_limit,
        "solved_percent": 100.0 * solved / max(len(chosen), 1),
        "seconds": summary(seconds),
    }


def our_solver(
    test: BoardSet, *, time_limit: float, progress: ProgressCallback | None = None
) -> dict[str, Any]:
    """nonostudio's complete solver on the same boards: share with a solution found, times,
    verdicts."""
    from nonostudio.core.puzzle import Puzzle
    from nonostudio.core.solver import solve

    seconds: list[float] = []
    verdicts: dict[str, int] = {}
    solved = 0
    for k, (rows, cols) in enumerate(test.puzzles):
        started = time.perf_counter()
        result = solve(Puzzle(rows, cols), time_limit=time_limit)
        seconds.append(time.perf_counter() - started)
        verdicts[result.verdict.label] = verdicts.get(result.verdict.label, 0) + 1
        solved += result.solution is not None
        report_count(
            progress, k + 1, len(test.puzzles), f"nonostudio: board {k + 1} of {len(test.puzzles)}"
        )
    return {
        "boards": len(test.puzzles),
        "solved_percent": 100.0 * solved / max(len(test.puzzles), 1),
        "verdicts": verdicts,
        "seconds": summary(seconds),
    }
