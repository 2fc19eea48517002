"""Shared drill lines for the tutor's tests: two small bundled samples, one player path each."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from nonostudio.analysis.tutor.lines import DrillLine, drill_lines
from nonostudio.core.samples import sample_puzzles

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SMALL = ("number-loom-too-much-weather.non", "webpbn-00006-cat.non")


@pytest.fixture(scope="session")
def small_puzzles():
    return [(name, p) for name, p in sample_puzzles() if name in SMALL]


@pytest.fixture(scope="session")
def small_lines(small_puzzles) -> dict[str, list[DrillLine]]:
    return drill_lines(small_puzzles, trace=False, player_paths=1, seed=5)
