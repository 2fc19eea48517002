"""The easiest technique that decides a cell anywhere on a grid, as a tutor looks for it.

A technique decides a cell on a whole line; the techniques after *matching blocks to clues* in
difficulty order may also decide one on a part matching cuts a line into (the easier ones are
matching's own move there).  Tests and the teaching benchmark compare each step of a trace with
this, worked out afresh for the grid before the step.
"""

from __future__ import annotations

import numpy as np

from nonostudio.analysis.catalogue.technique_moves import player_parts
from nonostudio.analysis.catalogue.techniques import CATALOGUE
from nonostudio.core.line import UNKNOWN, Line
from nonostudio.core.puzzle import Puzzle

MATCHING = [t.id for t in CATALOGUE].index("matching")


def easiest_order(puzzle: Puzzle, grid: np.ndarray) -> int | None:
    """Catalogue order of the easiest technique deciding a cell of ``grid`` (None: none does)."""
    lines = [Line(puzzle.rows[r], tuple(int(v) for v in grid[r])) for r in range(puzzle.height)]
    lines += [Line(puzzle.cols[c], tuple(int(v) for v in grid[:, c])) for c in range(puzzle.width)]
    lines = [line for line in lines if UNKNOWN in line.cells]
    parts = [part.line for line in lines for part in player_parts(line.hints, line.cells)]
    for k, t in enumerate(CATALOGUE):
        here = lines + parts if k > MATCHING else lines
        if any(t.apply(line.hints, line.cells) != line.cells for line in here):
            return k
    return None
