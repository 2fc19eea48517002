"""Fixtures for the window and library tests: a small library of known puzzles in a temp folder."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nonostudio.core.library import Library
from nonostudio.core.puzzle import Puzzle

# The offscreen platform cannot honour size hints of top-level windows and says so as a warning on
# every show(); that is a limit of the test platform, not a problem in our widgets.
OFFSCREEN_NOISE = r"This plugin does not support propagateSizeHints\(\)"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.qt_log_ignore(OFFSCREEN_NOISE))


def picture(*rows: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in rows], dtype=np.int8)


@pytest.fixture
def small_library(tmp_path: Path) -> Library:
    """Three puzzles: Tee 5x3 (MIT), Block 2x2 (CC0), zebra 4x1 (no licence, multiple words)."""
    lib = Library(tmp_path / "lib.sqlite3")
    lib.add(Puzzle.from_grid(picture("#####", "..#..", "..#.."), title="Tee", author="Ann",
                             licence="MIT"), source="tee.non")
    lib.add(Puzzle.from_grid(picture("##", "##"), title="Block", author="Bob", licence="CC0-1.0"))
    lib.add(Puzzle.from_grid(picture("#.#."), title="zebra crossing", author="Ann"))
    yield lib
    lib.close()
