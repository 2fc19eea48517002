"""The generator's quick estimate against the independent ladder's walk (tests/analysis/ladder.py,
sharing no code with it): on random pictures, line logic stuck exactly when the walk leaves cells
open, and otherwise the same hardest technique; and the search grades only what it must."""

from __future__ import annotations

import numpy as np
import pytest
from independent import ladder_walk

from nonostudio.analysis.catalogue.techniques import CATALOGUE, ORDER
from nonostudio.analysis.generating import generate
from nonostudio.analysis.generating import search as search_module
from nonostudio.analysis.generating.quick import QuickGrader
from nonostudio.analysis.generating.scoring import PER_ORDER, quick_score
from nonostudio.analysis.generating.start import random_grid
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle

IDS = [t.id for t in CATALOGUE]


@pytest.mark.parametrize("seed", range(3))
def test_the_estimate_agrees_with_the_ladders_walk_on_random_pictures(seed):
    rng = np.random.default_rng(seed)
    quick = QuickGrader()
    seen = set()
    for _ in range(12):
        size = int(rng.integers(5, 10))
        picture = random_grid(rng, size, size, float(rng.uniform(0.45, 0.75)))
        puzzle = Puzzle.from_grid(picture).without_goal()
        grid, _, hardest = ladder_walk(puzzle)
        estimate = quick.grade(puzzle)
        left = {(int(r), int(c)) for r, c in np.argwhere(grid == UNKNOWN)}
        assert estimate.solved == (not left)
        if left:
            assert set(estimate.open_cells) == left and estimate.hardest is None
        else:
            assert estimate.hardest == (None if hardest is None else IDS[hardest])
            seen.add(estimate.hardest)
    assert len(seen) >= 2  # the pictures were not all alike


def test_the_quick_score_orders_pictures_by_their_distance_from_the_target():
    quick = QuickGrader()
    rng = np.random.default_rng(4)
    found = {}
    while len(found) < 3:
        puzzle = Puzzle.from_grid(random_grid(rng, 8, 8, float(rng.uniform(0.45, 0.7))))
        estimate = quick.grade(puzzle.without_goal())
        kind = "stuck" if not estimate.solved else estimate.hardest
        found.setdefault(kind if kind in ("stuck", "overlap") else "other", estimate)
    other = found["other"]
    target = other.hardest
    assert quick_score(other, target).cost == 0
    easy = quick_score(found["overlap"], target)
    assert PER_ORDER * (ORDER[target] - ORDER["overlap"]) < easy.cost
    assert easy.cost < PER_ORDER * (ORDER[target] - ORDER["overlap"] + 1)
    stuck = quick_score(found["stuck"], "overlap")
    assert set(stuck.hot) == set(found["stuck"].open_cells) and not stuck.unique
    too_hard = quick_score(other, "overlap")
    assert too_hard.hot and PER_ORDER * (ORDER[target] - ORDER["overlap"]) <= too_hard.cost


def test_only_pictures_the_estimate_matches_are_graded(monkeypatch):
    graded = []
    real = search_module.grade

    def counting(puzzle, *args, **kwargs):
        got = real(puzzle, *args, **kwargs)
        graded.append(got.hardest_technique)
        return got

    monkeypatch.setattr(search_module, "grade", counting)
    made = generate("mercury", 9, 9, 5)
    assert made.grade.hardest_technique == "mercury"
    assert made.tries > len(graded) >= 1
    assert graded[-1] == "mercury"
