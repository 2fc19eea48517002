"""How far a picture is from the puzzle asked for: a cost (0: it is the one) and the cells whose
flip is most likely to bring it closer, from its quick estimate (:func:`quick_score`) or from
its grade (:func:`score`, :func:`not_unique`).

The cost orders, first, not unique (by the cells left open), then the distance in the difficulty
order between the hardest technique and the target (by the cells where harder steps were needed
when it is too hard), then the target's missing uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from nonostudio.analysis.catalogue.techniques import CONTRADICTION, ORDER
from nonostudio.analysis.generating.quick import QuickGrade
from nonostudio.analysis.grades.difficulty import Grade
from nonostudio.analysis.grades.grade_features import UNIQUE
from nonostudio.analysis.tracing.steps import SEARCH
from nonostudio.core.line import UNKNOWN

NOT_UNIQUE = 10_000.0
"""The cost of any picture whose puzzle is not known to be unique, before its open cells."""
PER_ORDER = 100.0
"""The cost of each place in the difficulty order between the hardest technique and the target."""

EASY_SPREAD = 50.0
"""How much a too-easy picture's cost falls as its walk gets stuck more often (below
``PER_ORDER``, so it never outweighs a place in the difficulty order)."""

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


def quick_score(estimate: QuickGrade, target: str) -> Score:
    """The cost of a picture from its quick estimate (:mod:`.quick`) against a line technique
    ``target`` (or a grid one, when line logic solves the puzzle: too easy then); 0 when the
    estimate says the walk's hardest technique is the target (only those pictures are graded).

    Line logic stuck (not unique, or a contradiction needed at least): ``PER_ORDER`` × places
    from *contradiction* down to the target + the open cells, which are the next flips.  Too
    hard: ``PER_ORDER`` × places above + the cells decided where the walk first needed a harder
    technique, the next flips.  Too easy: ``PER_ORDER`` × places below + ``EASY_SPREAD`` / (1 +
    the times the walk was stuck below its hardest technique): a puzzle stuck more often is
    nearer to needing a harder step."""
    goal = ORDER[target]
    if not estimate.solved:
        hot = estimate.open_cells
        return Score(PER_ORDER * max(ORDER[CONTRADICTION] - goal, 1) + len(hot), hot, False, 0)
    hardest = ORDER[estimate.hardest] if estimate.hardest is not None else -1
    if hardest > goal:
        hot = estimate.cells_above(target)
        return Score(PER_ORDER * (hardest - goal) + len(hot), hot, True, 0)
    if hardest < goal:
        easy = EASY_SPREAD / (1 + estimate.uses)
        return Score(PER_ORDER * (goal - hardest) + easy, (), True, 0)
    return Score(0.0, (), True, estimate.uses)


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
