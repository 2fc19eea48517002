"""The grade of a colour puzzle, on the black-and-white tiers.

:func:`colour_grade` reads the colour trace (:func:`nonostudio.analysis.colour.trace.colour_trace`):
the **tier is the tier of the hardest move the trace needs** (a per-colour step has its
black-and-white technique's tier, a colour technique its own, a search step tier 8, and a puzzle
with several solutions or none is tier 8), as for black and white
(:data:`nonostudio.analysis.grades.difficulty.TIER_TEXT`).  The score adds to the tier's base
(:class:`~nonostudio.analysis.grades.difficulty.DifficultyWeights`) the steps per cell, the share
of cells the colour techniques decide, the colour features — colours, touching pairs (consecutive
clue items of different colours, which need no space between them), narrowing steps (steps
that decide no cell but pencil out colours), whether one colour at a time is not enough (a
colour technique is needed) and whether the puzzle needs pencil marks (lines passing each other
only decided cells get stuck, :func:`pencil_cells`) — and the size; the label follows the
black-and-white thresholds.  Everything is deterministic for a puzzle (the time limit aside).
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from nonostudio.analysis.colour.trace import COLOUR, GUESS, PER_COLOUR, ColourTrace, colour_trace
from nonostudio.analysis.grades.difficulty import DEFAULT_WEIGHTS, LABELS, TIER_TEXT, TIERS
from nonostudio.core.colour.linesolver import solve_colour_line
from nonostudio.core.colour.model import ColourPuzzle


@dataclass(frozen=True)
class ColourWeights:
    """The colour score's weights beyond the tier's base (one place to tune them)."""

    steps_per_cell: float = 4.0
    colour_cell_share: float = 25.0
    narrowing_steps: float = 0.5  # × log2(1 + narrowing steps)
    touching_pairs: float = 0.25  # × log2(1 + touching pairs)
    colours: float = 1.0  # × (colours − 1)
    needs_colour: float = 3.0  # when one colour at a time is not enough (a colour technique)
    needs_pencil_marks: float = 12.0  # when lines passing only decided cells get stuck
    size: float = 2.0  # × log2(cells / 100), at least 0


COLOUR_WEIGHTS = ColourWeights()


@dataclass(frozen=True)
class ColourFeatures:
    """What a colour grade is computed from."""

    cells: int
    colours: int
    touching_pairs: int
    steps: int
    per_colour_steps: int
    colour_steps: int
    search_steps: int
    narrowing_steps: int
    cells_per_colour: int
    """Cells decided by per-colour steps (a b&w technique on one colour)."""
    cells_colour: int
    """Cells decided by colour techniques."""
    cells_search: int
    """Cells decided by search steps (guesses)."""
    hardest_technique: str | None
    solutions: str
    pencil_cells: int = 0
    """Cells line logic leaves undecided when lines pass each other only decided cells (not
    the sets of colours still possible): more than 0 when the puzzle needs pencil marks."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ColourGrade:
    """A colour puzzle's difficulty."""

    tier: int
    score: float
    label: str
    features: ColourFeatures
    explanation: str
    seconds: float
    timed_out: bool = False

    @property
    def hardest_technique(self) -> str | None:
        return self.features.hardest_technique

    def to_json(self) -> dict[str, Any]:
        return {
            "tier": self.tier,
            "score": self.score,
            "label": self.label,
            "hardest_technique": self.features.hardest_technique,
            "explanation": self.explanation,
            "seconds": round(self.seconds, 6),
            "features": self.features.to_json(),
        }


def touching_pairs(puzzle: ColourPuzzle) -> int:
    """Consecutive clue items of different colours, over every row and column."""
    return sum(
        1
        for clue in (*puzzle.rows, *puzzle.cols)
        for a, b in zip(clue, clue[1:], strict=False)
        if a[1] != b[1]
    )


def pencil_cells(puzzle: ColourPuzzle) -> int:
    """Cells the exact colour line solver, run to a fixed point, leaves undecided when each line
    is given only the decided cells of the grid (every other cell unknown), as a player who
    writes down no pencil marks sees it."""
    ncolours = len(puzzle.palette)
    full = puzzle.palette.all_mask
    grid = [[full] * len(puzzle.cols) for _ in puzzle.rows]

    def decided(x: int) -> int:
        return x if x and not x & (x - 1) else full

    changed = True
    while changed:
        changed = False
        for rows, clues in ((True, puzzle.rows), (False, puzzle.cols)):
            for i, clue in enumerate(clues):
                line = grid[i] if rows else [row[i] for row in grid]
                out = solve_colour_line(clue, tuple(decided(x) for x in line), ncolours)
                if out is None:
                    return sum(1 for row in grid for x in row if x & (x - 1))
                for j, x in enumerate(out):
                    r, c = (i, j) if rows else (j, i)
                    if x and not x & (x - 1) and grid[r][c] != x:
                        grid[r][c] = x
                        changed = True
    return sum(1 for row in grid for x in row if x & (x - 1))


def features_of(trace: ColourTrace) -> ColourFeatures:
    """The features of a colour trace."""
    puzzle = trace.puzzle
    decided = trace.cells_by_kind()
    hardest = max(trace.steps, key=lambda s: s.tier, default=None)
    return ColourFeatures(
        cells=len(puzzle.rows) * len(puzzle.cols),
        colours=len(puzzle.palette) - 1,
        touching_pairs=touching_pairs(puzzle),
        steps=len(trace.steps),
        per_colour_steps=sum(1 for s in trace.steps if s.kind == PER_COLOUR),
        colour_steps=sum(1 for s in trace.steps if s.kind == COLOUR),
        search_steps=sum(1 for s in trace.steps if s.kind == GUESS),
        narrowing_steps=sum(1 for s in trace.steps if all(a & (a - 1) for *_, a in s.cells)),
        cells_per_colour=decided[PER_COLOUR],
        cells_colour=decided[COLOUR],
        cells_search=decided[GUESS],
        hardest_technique=None if hardest is None else hardest.technique,
        solutions=trace.solutions if trace.verdict != "undecided" else "undecided",
        pencil_cells=pencil_cells(puzzle),
    )


def tier_of(trace: ColourTrace) -> int:
    """The tier of the hardest step (tier 8 when the puzzle has several solutions or none)."""
    if trace.solutions in ("multiple", "none") or trace.verdict == "no solution":
        return TIERS - 1
    return max((s.tier for s in trace.steps), default=0)


def colour_score(tier: int, f: ColourFeatures, w: ColourWeights = COLOUR_WEIGHTS) -> float:
    """The tier's base plus the weighted features, rounded to 0.01."""
    total = (
        DEFAULT_WEIGHTS.tier_base[tier]
        + w.steps_per_cell * f.steps / f.cells
        + w.colour_cell_share * f.cells_colour / f.cells
        + w.narrowing_steps * math.log2(1 + f.narrowing_steps)
        + w.touching_pairs * math.log2(1 + f.touching_pairs)
        + w.colours * max(0, f.colours - 1)
        + (w.needs_colour if f.colour_steps else 0.0)
        + (w.needs_pencil_marks if f.pencil_cells and not f.search_steps else 0.0)
        + w.size * max(0.0, math.log2(f.cells / 100))
    )
    return round(total, 2)


def colour_label(tier: int, score: float, f: ColourFeatures) -> str:
    """As for black and white: ``Not unique`` / ``No solution`` / ``Undecided`` when that is what
    is known, ``Beginner`` at tier 0, at least ``Expert`` at tier 8, else by the score."""
    if f.solutions == "multiple":
        return "Not unique"
    if f.solutions == "none":
        return "No solution"
    if f.solutions == "undecided":
        return "Undecided"
    if tier == 0:
        return LABELS[0]
    return LABELS[-1] if tier == TIERS - 1 else DEFAULT_WEIGHTS.label(score)


def _explanation(tier: int, f: ColourFeatures, names: dict[str, str]) -> str:
    if f.solutions == "undecided":
        return f"Undecided: grading stopped at the time limit after {f.steps} steps."
    if f.solutions == "none":
        return "No solution: no picture fits every clue."
    hardest = names.get(f.hardest_technique or "", "nothing")
    several = "Not unique: the puzzle has several solutions. " if f.solutions == "multiple" else ""
    return several + (
        f"Tier {tier} ({TIER_TEXT[tier]}): the hardest step is {hardest}. "
        f"{f.colours} colour{'s' if f.colours != 1 else ''}, {f.touching_pairs} touching pair"
        f"{'s' if f.touching_pairs != 1 else ''} of clues, {f.narrowing_steps} narrowing "
        f"step{'s' if f.narrowing_steps != 1 else ''}; of {f.cells} cells, {f.cells_per_colour} "
        f"decided one colour at a time, {f.cells_colour} by colour techniques, {f.cells_search} "
        "by search."
    )


def colour_grade(puzzle: ColourPuzzle, *, time_limit: float | None = None) -> ColourGrade:
    """Grade a colour puzzle (see the module docstring) within ``time_limit`` seconds."""
    trace = colour_trace(puzzle, time_limit=time_limit)
    f = features_of(trace)
    tier = tier_of(trace)
    score = colour_score(tier, f)
    names = {s.technique: s.technique_name for s in trace.steps}
    return ColourGrade(
        tier,
        score,
        colour_label(tier, score, f),
        f,
        _explanation(tier, f, names),
        trace.seconds,
        timed_out=trace.verdict == "undecided",
    )
