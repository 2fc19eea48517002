"""Refuted assumptions worked out from scratch, as a reference for the tracer's probe steps and
the contradiction chains: each undecided cell assumed filled, then empty, one line-logic
propagation from a fresh solver state each."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle


def refuted(
    puzzle: Puzzle, grid: Sequence[Sequence[int]] | np.ndarray, most: int | None = None
) -> list[tuple[int, int, int]]:
    """Every assumption line logic refutes on ``grid``, in reading order, filled first; with
    ``most``, up to the cell at which ``most`` are found."""
    cells = np.asarray(grid)
    state = GridState.from_grid(puzzle, cells)
    found = []
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            if cells[r, c] != UNKNOWN:
                continue
            for assumed in (FILLED, CROSSED):
                trial = state.copy()
                trial.set_cell(r, c, assumed)
                try:
                    trial.propagate(rows={r}, cols={c})
                except Contradiction:
                    found.append((r, c, assumed))
            if most is not None and len(found) >= most:
                return found
    return found
