"""What a set of test boards is made of, to tell why a network's exact-board rate on it differs
from the paper's: the density of each board, its blocks (clue numbers) per board, how many
boards repeat another board of the set exactly or are its complement (the paper made four
boards of each picture, two of them Otsu's threshold and its inverse, so complements come in
pairs), and what that means for the paper's own training set, which was the other 80 % of the
same picture boards, split at random.

If a board's sibling (a copy, or its complement) lies somewhere in the whole picture set, it lands
in the test 20 % with probability 0.2 and in the training 80 % with probability 0.8; so for
every test board seen with its sibling in the test set, about four have it in the training set.
:func:`leak_estimate` gives that figure, a measurement of how many test boards the paper's
network may have seen in training, which a network trained on boards made elsewhere cannot have.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from nonostudio.baselines.network import Network, best_guess
from nonostudio.baselines.nonodataset import BoardSet


def blocks_per_board(boards: np.ndarray) -> np.ndarray:
    """The number of blocks (clue numbers other than a lone 0) in all rows and columns of each
    board, ``(count,)``."""
    b = np.asarray(boards, dtype=np.int8)
    starts_rows = (b[:, :, 0] == 1).sum(1) + ((b[:, :, 1:] == 1) & (b[:, :, :-1] == 0)).sum((1, 2))
    starts_cols = (b[:, 0, :] == 1).sum(1) + ((b[:, 1:, :] == 1) & (b[:, :-1, :] == 0)).sum((1, 2))
    return np.asarray(starts_rows + starts_cols)


def siblings(boards: np.ndarray) -> dict[str, int]:
    """How many boards have an exact copy elsewhere in the set, and how many have their
    complement in the set (an all-empty or all-filled board counts only as a copy)."""
    flat = np.asarray(boards, dtype=np.uint8).reshape(len(boards), -1)
    keys = Counter(row.tobytes() for row in flat)
    copied = sum(1 for row in flat if keys[row.tobytes()] > 1)
    complemented = sum(
        1 for row in flat if 0 < row.sum() < len(row) and (1 - row).tobytes() in keys
    )
    return {
        "boards": len(flat),
        "distinct": len(keys),
        "copied": copied,
        "complemented": complemented,
    }


def leak_estimate(test_share: float, boards: np.ndarray) -> dict[str, float]:
    """The percent of test boards whose copy or complement is expected in the training part of
    a random split that put ``test_share`` of the picture boards in the test set: the percent
    seen with it in the test set times ``(1 - test_share) / test_share``, capped at 100."""
    s = siblings(boards)
    factor = (1 - test_share) / test_share
    copy = 100.0 * s["copied"] / s["boards"]
    comp = 100.0 * s["complemented"] / s["boards"]
    return {
        "copy_in_test_percent": copy,
        "complement_in_test_percent": comp,
        "copy_in_training_percent": min(100.0, copy * factor),
        "complement_in_training_percent": min(100.0, comp * factor),
    }


def sibling_groups(boards: np.ndarray) -> np.ndarray:
    """A group number per board: boards that are copies of each other, or complements, share
    one (the boards one picture gave through Otsu and inverted Otsu land in one group)."""
    flat = np.asarray(boards, dtype=np.uint8).reshape(len(boards), -1)
    group: dict[bytes, int] = {}
    out = np.empty(len(flat), dtype=np.int64)
    for i, row in enumerate(flat):
        key = row.tobytes()
        if key not in group:
            other = (1 - row).tobytes()
            group[key] = group.get(other, len(group))
        out[i] = group[key]
    return out


def split(
    boards: np.ndarray, test_share: float, seed: int, by_sibling: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Indices ``(train, test)`` of a random split putting about ``test_share`` of the boards in
    the test part: board by board, as the paper split its picture boards (a board's copy or
    complement may land on the other side), or, ``by_sibling``, group by group
    (:func:`sibling_groups`), so that no test board has a copy or complement in the training
    part."""
    rng = np.random.default_rng(seed)
    count = len(boards)
    if by_sibling:
        groups = sibling_groups(boards)
        in_test = rng.random(int(groups.max()) + 1 if count else 0) < test_share
        test = in_test[groups]
    else:
        test = rng.random(count) < test_share
    return np.flatnonzero(~test), np.flatnonzero(test)


def density_profile(boards: np.ndarray) -> dict[str, Any]:
    """Quantiles (10, 25, 50, 75, 90 %) of the filled share and of the blocks per board."""
    b = np.asarray(boards)
    density = b.reshape(len(b), -1).mean(1)
    qs = (0.1, 0.25, 0.5, 0.75, 0.9)
    return {
        "density": [float(v) for v in np.quantile(density, qs)],
        "blocks": [float(v) for v in np.quantile(blocks_per_board(b), qs)],
        "empty_or_full": int(((density == 0) | (density == 1)).sum()),
    }


def rate_by_density(
    net: Network, test: BoardSet, reflections: bool, edges: tuple[float, ...] = (0.2, 0.4, 0.6)
) -> list[dict[str, Any]]:
    """The network's exact-board rate in each band of board density (bands cut at ``edges``)."""
    density = test.boards.reshape(len(test.boards), -1).mean(1)
    solved = np.array([g.solves for g in best_guess(net, test.puzzles, reflections)])
    cuts = (-np.inf, *edges, np.inf)
    out = []
    for lo, hi in zip(cuts[:-1], cuts[1:], strict=True):
        inside = (density >= lo) & (density < hi)
        count = int(inside.sum())
        out.append(
            {
                "from": float(max(lo, 0.0)),
                "to": float(min(hi, 1.0)),
                "boards": count,
                "solved_percent": 100.0 * float(solved[inside].mean()) if count else 0.0,
            }
        )
    return out


def rate_by_uniqueness(
    net: Network, test: BoardSet, reflections: bool, time_limit: float = 10.0
) -> dict[str, Any]:
    """The network's exact-board rate on the boards whose clues have one solution and on those
    with several (nonostudio's complete solver tells them apart).  A network guesses each cell
    on its own, so on a puzzle with two solutions the cells where they differ are a coin toss:
    the share of unique boards is about the most such a network can get right."""
    from nonostudio.core.puzzle import Puzzle
    from nonostudio.core.solver import solve

    solved = [g.solves for g in best_guess(net, test.puzzles, reflections)]
    counts = {"unique": 0, "several": 0, "undecided": 0}
    right = {"unique": 0, "several": 0, "undecided": 0}
    for (rows, cols), ok in zip(test.puzzles, solved, strict=True):
        verdict = solve(Puzzle(rows, cols), time_limit=time_limit).verdict
        kind = (
            "unique"
            if verdict.is_unique
            else ("several" if verdict.label == "multiple solutions" else "undecided")
        )
        counts[kind] += 1
        right[kind] += ok
    total = max(len(solved), 1)
    return {
        "boards": len(solved),
        "unique_percent": 100.0 * counts["unique"] / total,
        "undecided": counts["undecided"],
        "rate_unique_percent": 100.0 * right["unique"] / max(counts["unique"], 1),
        "rate_several_percent": 100.0 * right["several"] / max(counts["several"], 1),
    }
