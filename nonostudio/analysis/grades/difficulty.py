"""Difficulty of a puzzle for a player using a rule set: tier, features, score, label, explanation.

:func:`grade` reads the rule-based trace (:func:`nonostudio.analysis.tracing.trace.rule_trace`); the
**tier is the tier of the hardest technique the puzzle needs** (:data:`TIER_TEXT`), the score adds
the weighted features (:mod:`nonostudio.analysis.grades.grade_features`) to the tier's base
(:class:`DifficultyWeights`), and blank margins never change a grade.  A puzzle over
:data:`MAX_CELLS` cells is refused (:class:`PuzzleTooLargeError`) and ``time_limit`` bounds the
time spent.  The tiers, the reasoning
and the calibration are in docs/design/analysis.md, "Grading".
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES, BY_ID
from nonostudio.analysis.catalogue.techniques import SEARCH as SEARCH_TECHNIQUE
from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades import probing
from nonostudio.analysis.grades.grade_features import (
    MULTIPLE,
    NO_SOLUTION,
    UNDECIDED,
    UNIQUE,
    Features,
    features_of,
)
from nonostudio.analysis.grades.grade_text import explain
from nonostudio.analysis.grades.margins import without_margins
from nonostudio.analysis.tracing.steps import SEARCH, Trace
from nonostudio.analysis.tracing.trace import rule_set_trace
from nonostudio.analysis.tracing.trace_fallbacks import budget_of
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.progress import ProgressCallback, StopCallback, TimeLimit
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.rules.ruleset import RuleSet

__all__ = [
    "DEFAULT_WEIGHTS",
    "LABELS",
    "MAX_CELLS",
    "DifficultyWeights",
    "Grade",
    "GradeSettings",
    "PuzzleTooLargeError",
    "check_size",
    "grade",
    "score_of",
    "label_of",
]


LABELS = ("Beginner", "Easy", "Medium", "Hard", "Expert")
TIERS = 9
TIER_NAMES: tuple[str, ...] = tuple(
    " / ".join(t.name for t in ALL_TECHNIQUES if t.tier == tier) for tier in range(TIERS)
)
"""The techniques of each tier, e.g. ``TIER_NAMES[1]`` = ``"Overlap / Gap too small / Out of
reach"``."""
TIER_TEXT: tuple[str, ...] = (
    "empty and complete lines only",
    "counting: overlaps, small gaps, cells out of reach",
    "boxes: finished blocks, edges and walls",
    "several boxes: joining and splitting, the reach of a box",
    "leftmost and rightmost arrangements",
    "exact line logic: all arrangements agree",
    "a contradiction on one cell",
    "chained contradictions",
    "search, or the puzzle is not unique",
)
"""What each tier needs, in words (tier = the hardest technique's tier)."""

MAX_CELLS = 1024 * 1024
"""The most cells a puzzle traced step by step (graded, explained) may have.  A trace keeps
every step's cells and sentence, about 300 bytes a cell on a blank grid, and each step looks at
the whole grid: 1024x1024 stays far below 1 GiB, where a blank 4096x4096 (which the readers
accept) passed 7 GB.  The largest real puzzles are far smaller (Cauldron, 512x512)."""


class PuzzleTooLargeError(PuzzleError):
    """A puzzle over :data:`MAX_CELLS` cells, refused before any work."""


def check_size(puzzle: Puzzle, what: str = "grading") -> None:
    """Raise :class:`PuzzleTooLargeError` when ``puzzle`` has more than :data:`MAX_CELLS` cells;
    ``what`` names the work refused in the message (``"explain"``, ``"grade"``, ``"grading"``)."""
    cells = puzzle.width * puzzle.height
    if cells > MAX_CELLS:
        raise PuzzleTooLargeError(
            f"the {puzzle.size_text} puzzle has {cells:,} cells; {what} handles at most "
            f"{MAX_CELLS:,} (1024x1024)"
        )


@dataclass(frozen=True)
class DifficultyWeights:
    """The difficulty score's weights and the label thresholds — the one place to tune grading.

    ``score = tier_base[tier] + Σ weight × feature`` (one base per tier, 0–8), the features
    being:

    * ``rule_cost_per_cell`` — summed cost (docs/rule-language.md §4) of every rule step, per cell;
    * ``hardest_rule_cost`` — the cost of the costliest rule used;
    * ``steps_per_cell`` — trace steps of any kind, per cell;
    * ``visits_per_line`` — visits (runs of consecutive steps on one line) per row and column;
    * ``narrowness`` — ``1 / (1 + mean productive lines)``: high when few lines offered progress;
    * ``line_cell_share`` — the share of cells decided by the exact line solver beyond the rules;
    * ``probes1`` / ``probes2`` — ``log2(1 + number of depth-1 / depth-2 probes)``;
    * ``size`` — ``log2(cells / 100)``, at least 0: bigger grids take longer.

    A unique puzzle's label is the last of :data:`LABELS` whose threshold its score reaches
    (``thresholds[i]`` is where ``LABELS[i + 1]`` starts); tier 8 puzzles with one solution are
    at least ``Expert``.  Defaults were set on the paper's 17 puzzles and the anchor corpora
    (tests/benchmarks/bench_grade.py); a tier-0 puzzle (empty and complete lines only: reading
    the clues decides every line) is ``Beginner`` whatever its size.  Since the tier follows the
    hardest technique, the rule costs weigh less than they did (a costly rule is a way of
    writing a technique down, not a harder deduction).
    """

    tier_base: tuple[float, ...] = (0.0, 0.0, 3.0, 7.0, 12.0, 16.0, 35.0, 55.0, 75.0)
    rule_cost_per_cell: float = 0.05
    hardest_rule_cost: float = 0.03
    steps_per_cell: float = 4.0
    visits_per_line: float = 0.8
    narrowness: float = 12.0
    line_cell_share: float = 25.0
    probes1: float = 3.0
    probes2: float = 5.0
    size: float = 2.0
    thresholds: tuple[float, float, float, float] = (8.0, 18.0, 35.0, 55.0)

    def label(self, score: float) -> str:
        """The label of a unique puzzle's score."""
        out = LABELS[0]
        for name, threshold in zip(LABELS[1:], self.thresholds, strict=True):
            if score >= threshold:
                out = name
        return out


DEFAULT_WEIGHTS = DifficultyWeights()


@dataclass(frozen=True)
class GradeSettings:
    """How hard grading tries: the depth-2 probing budget (trials) and the complete solver's time
    limit (seconds) used to tell apart the solutions of a puzzle that needs search (tier 8)."""

    probe_budget: int = probing.DEFAULT_BUDGET
    solve_time_limit: float = 10.0


@dataclass(frozen=True)
class Grade:
    """A puzzle's difficulty for a rule set."""

    tier: int
    score: float
    label: str
    features: Features
    explanation: str
    rule_set: str
    seconds: float
    trace: Trace | None = field(default=None, compare=False, repr=False)
    """The trace graded: of the puzzle without its blank margins (``features.margins``)."""
    timed_out: bool = False
    """Grading stopped at its time limit (the label is then ``Undecided``)."""
    reason: str = ""
    """Why the complete solver gave up on its own when that left the grade ``Undecided`` (e.g.
    a formula too large for the memory budget: ``SolveResult.reason``, or the trace's
    ``stop_reason``); empty otherwise."""

    @property
    def hardest_technique(self) -> str | None:
        """The id of the hardest technique the puzzle needs (its tier is the grade's tier)."""
        return self.features.hardest_technique

    @property
    def listed_label(self) -> str:
        """The difficulty a puzzle library lists for this grade: the label of a grade with the
        default rule set (:data:`~nonostudio.analysis.defaults.DEFAULT_RULE_SET`) that ran to its
        end, '' for any other (one stopped at the time limit, or left undecided by a solver that
        gave up, e.g. refusing a formula too large for the memory share: :attr:`reason`; either
        says what the machine had then, not what the puzzle is).  A library has one Difficulty
        column, the same for every player; a grade with another set (a user's own) is shown
        where it was asked for, never stored over it."""
        stopped = self.timed_out or bool(self.reason)  # a verdict of the time or memory share
        return self.label if self.rule_set == DEFAULT_RULE_SET and not stopped else ""

    def to_json(self) -> dict[str, Any]:
        return {
            "tier": self.tier,
            "score": self.score,
            "label": self.label,
            "hardest_technique": self.features.hardest_technique,
            "explanation": self.explanation,
            "rule_set": self.rule_set,
            "seconds": round(self.seconds, 6),
            "features": self.features.to_json(),
        }


def _tier(f: Features) -> int:
    """The tier of the hardest technique needed (0 when nothing was to be decided)."""
    if f.searched or f.solutions != UNIQUE:
        return BY_ID[SEARCH_TECHNIQUE].tier
    return BY_ID[f.hardest_technique].tier if f.hardest_technique else 0


def score_of(tier: int, f: Features, w: DifficultyWeights = DEFAULT_WEIGHTS) -> float:
    """The weighted sum of :class:`DifficultyWeights`, rounded to 0.01."""
    total = (
        w.tier_base[tier]
        + w.rule_cost_per_cell * f.rule_cost_per_cell
        + w.hardest_rule_cost * f.hardest_rule_cost
        + w.steps_per_cell * f.steps_per_cell
        + w.visits_per_line * f.visits_per_line
        + w.narrowness / (1.0 + f.bottleneck_mean)
        + w.line_cell_share * f.line_cells / f.cells
        + w.probes1 * math.log2(1 + f.probes_depth1)
        + w.probes2 * math.log2(1 + f.probes_depth2)
        + w.size * max(0.0, math.log2(f.cells / 100))
    )
    return round(total, 2)


def label_of(tier: int, score: float, f: Features, w: DifficultyWeights = DEFAULT_WEIGHTS) -> str:
    """The label: ``Not unique`` / ``No solution`` / ``Undecided`` when that is what is known,
    otherwise from the score (tier 0 ``Beginner``, tier 8 at least ``Expert``)."""
    if f.solutions == MULTIPLE:
        return "Not unique"
    if f.solutions == NO_SOLUTION:
        return "No solution"
    if f.solutions == UNDECIDED:
        return "Undecided"
    if tier == 0:  # reading the clues decides every line, however many there are
        return LABELS[0]
    return LABELS[-1] if tier == TIERS - 1 else w.label(score)


def _beyond_depth1(
    puzzle: Puzzle,
    trace: Trace,
    settings: GradeSettings,
    progress: ProgressCallback | None,
    should_stop: StopCallback | None,
    memory_budget: int | None = None,
) -> tuple[str, list[probing.Probe], bool, str]:
    """For a trace that needed the complete solver: what is known of the solutions, the
    depth-2 probes that take over from the search step, whether search is still needed and why
    the solver gave up when it left the solutions undecided (``SolveResult.reason``)."""
    if progress is not None:
        progress(0.0, "depth-1 probing is stuck; checking uniqueness")
    result = trace.search  # the trace's search step asked the complete solver already
    if (
        result is None
        or result.verdict is Verdict.UNDECIDED
        or result.seconds > settings.solve_time_limit / 2
    ):
        result = solve(
            puzzle,
            time_limit=settings.solve_time_limit,
            should_stop=should_stop,
            **budget_of(memory_budget),
        )
    stopped = should_stop is not None and should_stop()
    if stopped and result.verdict is not Verdict.MULTIPLE:  # too late to tell depth 2 from search
        return UNDECIDED, [], True, ""
    solutions = {
        Verdict.MULTIPLE: MULTIPLE,
        Verdict.NO_SOLUTION: NO_SOLUTION,
        Verdict.UNDECIDED: UNDECIDED,
    }.get(result.verdict, UNIQUE)
    if solutions != UNIQUE:
        return solutions, [], True, result.reason if solutions == UNDECIDED else ""
    first = next(i for i, step in enumerate(trace.steps) if step.kind == SEARCH)
    start = trace.grid_after(first)  # where line logic and depth-1 probes were stuck
    if progress is not None:
        progress(0.0, "depth-2 probing")
    deep = probing.probe_solve(
        puzzle, start, max_depth=2, budget=settings.probe_budget, should_stop=should_stop
    )
    if not deep.solved and should_stop is not None and should_stop():
        # stopped, not stuck: depth 2 might have done it
        return UNDECIDED, deep.probes, True, ""
    return solutions, deep.probes, not deep.solved, ""


def grade(
    puzzle: Puzzle,
    rule_set: RuleSet,
    *,
    weights: DifficultyWeights = DEFAULT_WEIGHTS,
    settings: GradeSettings = GradeSettings(),
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    time_limit: float | None = None,
    memory_budget: int | None = None,
) -> Grade:
    """Grade ``puzzle`` for a player using ``rule_set``.

    Raises :class:`PuzzleTooLargeError` for a puzzle over :data:`MAX_CELLS` cells and
    :class:`nonostudio.analysis.tracing.unsound.UnsoundRuleError` for an unsound rule;
    ``should_stop()`` returning True, or ``time_limit`` seconds passing, makes the grade describe
    only the work done (``Undecided`` when that was not enough to tell; ``timed_out`` says the
    time limit ended it).  ``memory_budget`` is the bytes the complete solver's formula may take
    (None: the solver's default): a puzzle whose formula is over it is graded ``Undecided``, its
    ``reason`` saying why (the trace's ``stop_reason``, or the solver's reason when the whole
    solve that tells the solutions apart was refused).
    """
    started = time.perf_counter()
    check_size(puzzle)
    limit = TimeLimit(time_limit, should_stop)
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    puzzle, margins = without_margins(puzzle)
    try:
        trace = rule_set_trace(
            puzzle, rule_set, progress=progress, should_stop=limit, memory_budget=memory_budget
        )
        solutions = UNDECIDED if trace.interrupted else UNIQUE
    except InconsistentPuzzleError:
        trace = Trace(puzzle, rule_set.name, [], False, time.perf_counter() - started)
        solutions = NO_SOLUTION
    probes: list[probing.Probe] = []
    searched = False
    reason = trace.stop_reason
    if solutions == UNIQUE and any(step.kind == SEARCH for step in trace.steps):
        solutions, probes, searched, reason = _beyond_depth1(
            puzzle, trace, settings, progress, limit, memory_budget
        )
    features = features_of(trace, rule_set, probes, searched, solutions, margins)
    tier = _tier(features)
    score = score_of(tier, features, weights)
    label = label_of(tier, score, features, weights)
    timed_out = solutions == UNDECIDED and limit.reached
    explanation = explain(label, features, titles)
    if timed_out:
        explanation = (
            f"{label}: grading stopped at the time limit ({time_limit:g} s) before it could tell "
            "whether the puzzle has one solution"
        )
    return Grade(
        tier,
        score,
        label,
        features,
        explanation,
        rule_set.name,
        time.perf_counter() - started,
        trace,
        timed_out,
        reason if solutions == UNDECIDED and not timed_out else "",
    )
