"""How far a graded picture is from the puzzle asked for: a cost (0: it is the one) and the cells
whose flip is most likely to bring it closer.

The cost orders, first, not unique (by the cells left open where the trace had to guess), then the
distance in the difficulty order between the grade's hardest technique and the target (by the
steps harder than the target when it is too hard), then the target's missing uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nonostudio.analysis.catalogue.techniques import CONTRADICTION, ORDER
from nonostudio.analysis.grades.difficulty import Grade
from nonostudio.analysis.grades.grade_features import UNIQUE
from nonostudio.analysis.tracing.steps import SEARCH
from nonostudio.core.line import UNKNOWN

NOT_UNIQUE = 10_000.0
"""The cost of any picture whose puzzle is not known to be unique, before its open cells."""
PER_ORDER = 100.0
"""The cost of each place in the difficulty order between the hardest technique and the target."""

BOTTLENECK_WEIGHT = 1.0
"""The cost of each line, on average along the trace, where line logic could decide a cell, when
the puzzle is too easy."""


@dataclass(frozen=True)
class Score:
    """A graded picture's cost and the cells (row, column) a move should flip first."""

    cost: float
    hot: tuple[tuple[int, int], ...]
    unique: bool
    uses: int
    """Steps of the target technique."""


def uses_of(grade: Grade, target: str) -> int:
    """How many steps of the graded trace use ``target``."""
    return grade.features.techniques.get(target, 0)


def not_unique(solution: np.ndarray | None, alternate: np.ndarray | None) -> Score:
    """The cost of a picture whose puzzle the complete solver found not unique: the cells where
    its two solutions differ are the ones to flip (none known: the whole grid is open)."""
    if solution is None or alternate is None:
        return Score(NOT_UNIQUE * 2, (), False, 0)
    hot = tuple((int(r), int(c)) for r, c in np.argwhere(solution != alternate))
    return Score(NOT_UNIQUE + len(hot), hot, False, 0)


def beyond_line_logic(line_grid: np.ndarray, target: str) -> Score:
    """The cost of a unique picture whose puzzle line logic leaves open (``line_grid``: the
    cells the exact line solver decides), for a line technique ``target``: its hardest technique
    is a contradiction at least, so it is too hard without grading it; the open cells are the
    ones to flip."""
    hot = tuple((int(r), int(c)) for r, c in np.argwhere(line_grid == UNKNOWN))
    return Score(PER_ORDER * (ORDER[CONTRADICTION] - ORDER[target]) + len(hot), hot, True, 0)


def score(grade: Grade, target: str, min_uses: int) -> Score:
    """The cost of a picture whose puzzle graded ``grade`` against the request (``target``
    hardest, used at least ``min_uses`` times), with the cells worth flipping."""
    f = grade.features
    top, _, left, _ = f.margins
    trace = grade.trace
    uses = uses_of(grade, target)
    if f.solutions != UNIQUE:
        hot: list[tuple[int, int]] = []
        if trace is not None:
            first = next((i for i, s in enumerate(trace.steps) if s.kind == SEARCH), None)
            if first is not None:
                grid = trace.grid_after(first)
                hot = [(int(r) + top, int(c) + left) for r, c in np.argwhere(grid == UNKNOWN)]
        return Score(NOT_UNIQUE + len(hot), tuple(hot), False, uses)
    goal = ORDER[target]
    hardest = ORDER[f.hardest_technique] if f.hardest_technique else -1
    if hardest > goal:
        steps = [] if trace is None else [s for s in trace.steps if _harder(s.technique, goal)]
        cells = [(r + top, c + left) for s in steps for r, c, _ in s.cells]
        cells += [(r, c) for r, c, depth in f.probe_cells if depth == 2]
        return Score(PER_ORDER * (hardest - goal) + len(steps), _unique_cells(cells), True, uses)
    if hardest < goal:  # narrower is nearer: fewer lines to go on makes harder steps likelier
        narrow = BOTTLENECK_WEIGHT * min(f.bottleneck_mean, PER_ORDER / 2)
        return Score(PER_ORDER * (goal - hardest) + narrow, (), True, uses)
    return Score(float(max(0, min_uses - uses)), (), True, uses)


def _harder(technique: str | None, goal: int) -> bool:
    return technique is not None and ORDER[technique] > goal


def _unique_cells(cells: Sequence[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple(dict.fromkeys(cells))
