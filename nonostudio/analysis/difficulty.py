"""Difficulty of a puzzle for a player using a rule set: tier, features, score, label, explanation.

The grade is read off the rule-based trace (:func:`nonostudio.analysis.trace.rule_trace`), whose
steps are complete moves of the techniques of :mod:`nonostudio.analysis.techniques`: the rules
first, then line logic beyond the rules, then depth-1 probes; where the trace needs the complete
solver, :mod:`nonostudio.analysis.probing` tries depth 2 and the complete solver says whether the
puzzle is unique.  As Sudoku graders do, the **tier is the tier of the hardest technique the
puzzle needs** (see :data:`TIER_NAMES`):

* 0 — empty lines and complete lines; 1 — overlap, small gaps, cells out of reach;
* 2 — finished blocks, edges and walls; 3 — joining and splitting, the reach of a box;
* 4 — leftmost and rightmost arrangements; 5 — all arrangements agree (exact line logic);
* 6 — a contradiction on one cell (depth-1 probing); 7 — chained contradictions (depth 2);
* 8 — search, or the puzzle is not unique (several solutions or none).

The score adds the existing features to the tier's base; every weight and label threshold lives
in :class:`DifficultyWeights`.  **Blank margins never change a grade**: the rows and columns with
an empty clue around the picture are left out before grading (they only hold empty cells), so a
picture with a blank border gets exactly the grade of the picture alone.  Everything is
deterministic for a puzzle, rule set and settings (the probing budget counts trials, not
seconds).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from nonostudio.analysis import probing
from nonostudio.analysis.naming import line_name
from nonostudio.analysis.steps import LINE, PROBE, RULE, SEARCH, Trace
from nonostudio.analysis.techniques import (
    ALL_TECHNIQUES,
    BY_ID,
    DEEP_CONTRADICTION,
    ORDER,
)
from nonostudio.analysis.techniques import SEARCH as SEARCH_TECHNIQUE
from nonostudio.analysis.trace import rule_trace
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.line import FILLED
from nonostudio.core.linesolver import solve_masks
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.rules.cost import cost
from nonostudio.rules.phrases import join_and
from nonostudio.rules.ruleset import RuleSet

__all__ = ["DEFAULT_WEIGHTS", "LABELS", "DifficultyWeights", "Features", "Grade", "GradeSettings",
           "grade", "UNIQUE", "MULTIPLE", "NO_SOLUTION", "UNDECIDED"]


# What is known about the puzzle's solutions.
UNIQUE = "unique"
MULTIPLE = "multiple"
NO_SOLUTION = "no solution"
UNDECIDED = "undecided"

LABELS = ("Beginner", "Easy", "Medium", "Hard", "Expert")
TIERS = 9
TIER_NAMES: tuple[str, ...] = tuple(
    " / ".join(t.name for t in ALL_TECHNIQUES if t.tier == tier) for tier in range(TIERS))
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


@dataclass(frozen=True)
class DifficultyWeights:
    """The difficulty score's weights and the label thresholds — the one place to tune grading.

    ``score = tier_base[tier] + Σ weight × feature`` (one base per tier, 0–8), the features
    being:

    * ``rule_cost_per_cell`` — summed cost (RULES.md §4) of every rule step, per cell;
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
    (tests/benchmarks/bench_grade.py); since the tier follows the hardest technique, the rule
    costs weigh less than they did (a costly rule is a way of writing a technique down, not a
    harder deduction).
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
    limit (seconds) used to tell a tier-4 puzzle's solutions apart."""

    probe_budget: int = probing.DEFAULT_BUDGET
    solve_time_limit: float = 10.0


@dataclass(frozen=True)
class Features:
    """What the grade is computed from (see :class:`DifficultyWeights` for the scored ones)."""

    cells: int
    lines: int
    steps: int
    rule_steps: int
    uses: dict[str, int]
    hardest_rule: str | None
    hardest_rule_cost: int
    rule_cost_per_cell: float
    steps_per_cell: float
    visits_per_line: float
    bottleneck_min: int  # fewest lines where line logic could decide a cell, before any step
    bottleneck_mean: float
    line_steps: int
    line_cells: int
    probes_depth1: int
    probes_depth2: int
    probe_cells: tuple[tuple[int, int, int], ...]  # (row, column, depth), in the order found
    searched: bool  # probing to depth 2 did not finish the puzzle
    solutions: str  # UNIQUE, MULTIPLE, NO_SOLUTION or UNDECIDED
    techniques: dict[str, int] = field(default_factory=dict)  # steps per technique id
    hardest_technique: str | None = None
    margins: tuple[int, int, int, int] = (0, 0, 0, 0)  # blank rows/columns left out: top,
    # bottom, left, right

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["probe_cells"] = [list(p) for p in self.probe_cells]
        data["margins"] = list(self.margins)
        return data


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

    @property
    def hardest_technique(self) -> str | None:
        """The id of the hardest technique the puzzle needs (its tier is the grade's tier)."""
        return self.features.hardest_technique

    def to_json(self) -> dict[str, Any]:
        return {"tier": self.tier, "score": self.score, "label": self.label,
                "hardest_technique": self.features.hardest_technique,
                "explanation": self.explanation, "rule_set": self.rule_set,
                "seconds": round(self.seconds, 6), "features": self.features.to_json()}


def _bottlenecks(trace: Trace) -> tuple[int, float]:
    """Fewest and mean number of lines where the exact line solver decides a new cell, sampled
    before each step that leaves cells undecided.  Only the lines a step touched are re-solved."""
    puzzle = trace.puzzle
    # Each line as (filled, crossed) bit masks, bit i = cell i of the line.
    masks = {("row", r): [0, 0] for r in range(puzzle.height)}
    masks.update({("column", c): [0, 0] for c in range(puzzle.width)})
    clue = {("row", r): (puzzle.rows[r], puzzle.width) for r in range(puzzle.height)}
    clue.update({("column", c): (puzzle.cols[c], puzzle.height) for c in range(puzzle.width)})
    cache: dict[tuple[tuple[int, ...], int, int, int], bool] = {}

    def productive(key: tuple[str, int]) -> bool:
        hints, n = clue[key]
        filled, crossed = masks[key]
        if (filled | crossed).bit_count() == n:
            return False  # a complete line has nothing left to decide
        state = (hints, n, filled, crossed)
        found = cache.get(state)
        if found is None:
            out = solve_masks(hints, n, filled, crossed)
            found = cache[state] = out is not None and (out[0] | out[1]) != (filled | crossed)
        return found

    open_lines = {("row", r) for r in range(puzzle.height) if productive(("row", r))}
    open_lines |= {("column", c) for c in range(puzzle.width) if productive(("column", c))}
    samples = []
    for step in trace.steps:
        samples.append(len(open_lines))
        touched: set[tuple[str, int]] = set()
        for r, c, v in step.cells:
            side = 0 if v == FILLED else 1
            masks[("row", r)][side] |= 1 << c
            masks[("column", c)][side] |= 1 << r
            touched.update((("row", r), ("column", c)))
        for key in touched:
            if productive(key):
                open_lines.add(key)
            else:
                open_lines.discard(key)
    if not samples:
        return 0, 0.0
    return min(samples), sum(samples) / len(samples)


def _visits(trace: Trace) -> int:
    visits = 0
    last = None
    for step in trace.steps:
        here = (step.axis, step.index) if step.kind in (RULE, LINE) else None
        if here is not None and here != last:
            visits += 1
        last = here
    return visits


def _hardest(trace: Trace, probes: list[probing.Probe], searched: bool, solutions: str
             ) -> str | None:
    """The hardest technique needed: of the trace's steps (a search step only counts when
    depth-2 probing did not finish the puzzle instead), depth-2 probes, search."""
    if searched or solutions != UNIQUE:
        return SEARCH_TECHNIQUE
    if any(p.depth == 2 for p in probes):
        return DEEP_CONTRADICTION
    used = {s.technique for s in trace.steps if s.technique and s.technique != SEARCH_TECHNIQUE}
    return max(used, key=ORDER.__getitem__, default=None)


def _features(trace: Trace, rule_set: RuleSet, probes: list[probing.Probe], searched: bool,
              solutions: str, margins: tuple[int, int, int, int] = (0, 0, 0, 0)) -> Features:
    puzzle = trace.puzzle
    cells = puzzle.width * puzzle.height
    lines = puzzle.width + puzzle.height
    costs = {rule.name: cost(rule) for rule in rule_set.rules}
    uses: Counter[str] = Counter()
    rule_cost = 0
    line_steps = line_cells = 0
    for step in trace.steps:
        if step.kind == RULE and step.rule is not None:
            uses[step.rule] += 1
            rule_cost += costs.get(step.rule, 0)
        elif step.kind == LINE:
            line_steps += 1
            line_cells += len(step.cells)
    hardest = max(uses, key=lambda name: (costs.get(name, 0), uses[name], name), default=None)
    low, mean = _bottlenecks(trace)
    top, _, left, _ = margins
    trace_probes = [(r + top, c + left, 1) for step in trace.steps if step.kind == PROBE
                    for r, c, _ in step.cells]
    probe_cells = tuple(trace_probes + [(p.row + top, p.col + left, p.depth) for p in probes])
    return Features(
        cells=cells, lines=lines, steps=len(trace.steps), rule_steps=sum(uses.values()),
        uses=dict(uses), hardest_rule=hardest,
        hardest_rule_cost=0 if hardest is None else costs.get(hardest, 0),
        rule_cost_per_cell=rule_cost / cells, steps_per_cell=len(trace.steps) / cells,
        visits_per_line=_visits(trace) / lines, bottleneck_min=low, bottleneck_mean=mean,
        line_steps=line_steps, line_cells=line_cells,
        probes_depth1=sum(1 for p in probe_cells if p[2] == 1),
        probes_depth2=sum(1 for p in probe_cells if p[2] == 2),
        probe_cells=probe_cells, searched=searched, solutions=solutions,
        techniques=trace.summary().techniques,
        hardest_technique=_hardest(trace, probes, searched, solutions), margins=margins)


def _tier(f: Features) -> int:
    """The tier of the hardest technique needed (0 when nothing was to be decided)."""
    if f.searched or f.solutions != UNIQUE:
        return BY_ID[SEARCH_TECHNIQUE].tier
    return BY_ID[f.hardest_technique].tier if f.hardest_technique else 0


def score_of(tier: int, f: Features, w: DifficultyWeights = DEFAULT_WEIGHTS) -> float:
    """The weighted sum of :class:`DifficultyWeights`, rounded to 0.01."""
    total = (w.tier_base[tier]
             + w.rule_cost_per_cell * f.rule_cost_per_cell
             + w.hardest_rule_cost * f.hardest_rule_cost
             + w.steps_per_cell * f.steps_per_cell
             + w.visits_per_line * f.visits_per_line
             + w.narrowness / (1.0 + f.bottleneck_mean)
             + w.line_cell_share * f.line_cells / f.cells
             + w.probes1 * math.log2(1 + f.probes_depth1)
             + w.probes2 * math.log2(1 + f.probes_depth2)
             + w.size * max(0.0, math.log2(f.cells / 100)))
    return round(total, 2)


def label_of(tier: int, score: float, f: Features, w: DifficultyWeights = DEFAULT_WEIGHTS) -> str:
    """The label: ``Not unique`` / ``No solution`` / ``Undecided`` when that is what is known,
    otherwise from the score (tier 8 at least ``Expert``)."""
    if f.solutions == MULTIPLE:
        return "Not unique"
    if f.solutions == NO_SOLUTION:
        return "No solution"
    if f.solutions == UNDECIDED:
        return "Undecided"
    return LABELS[-1] if tier == TIERS - 1 else w.label(score)


_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def count_text(n: int, noun: str) -> str:
    """``one probe``, ``three probes``, ``12 probes``."""
    word = _NUMBERS[n] if n < len(_NUMBERS) else str(n)
    return f"{word} {noun}{'' if n == 1 else 's'}"


def times_text(n: int) -> str:
    """``once``, ``twice``, ``three times``, ``14 times``."""
    if n <= 2:
        return ("never", "once", "twice")[n]
    return f"{_NUMBERS[n] if n < len(_NUMBERS) else n} times"


def _and(parts: list[str]) -> str:
    """"a, b and c"; "a; b; and c" when a part holds a comma (a learned rule's title does)."""
    if len(parts) > 1 and any("," in p for p in parts):
        return "; ".join(parts[:-1]) + "; and " + parts[-1]
    return join_and(parts)


def _around(cells: list[tuple[int, int]]) -> str:
    """``around row 7`` (the row most probes are on; the first such row on a tie)."""
    rows = Counter(r for r, _ in cells)
    best = max(rows.values())
    row = next(r for r, _ in cells if rows[r] == best)
    return f"around {line_name('row', row).lower()}"


def explain(label: str, f: Features, titles: dict[str, str]) -> str:
    """The grade in words, built from the features."""
    if f.solutions == MULTIPLE:
        return f"{label}: the clues allow several pictures, so no reasoning can finish it"
    if f.solutions == NO_SOLUTION:
        return f"{label}: no picture fits the clues"
    if f.solutions == UNDECIDED:
        return (f"{label}: grading stopped before it could tell whether the puzzle has one "
                "solution")
    parts = []
    if f.line_steps:
        parts.append(count_text(f.line_steps, "step") + " beyond the rules")
    for depth in (1, 2):
        cells = [(r, c) for r, c, d in f.probe_cells if d == depth]
        if cells:
            parts.append(f"{count_text(len(cells), f'depth-{depth} probe')} {_around(cells)}")
    if f.searched:
        parts.append("search deeper than depth-2 probing")
    if f.hardest_technique is None:
        return f"{label}: nothing to decide"
    hardest = BY_ID[f.hardest_technique]
    text = f"{label}: the hardest technique it needs is {hardest.name} (tier {hardest.tier})"
    used = f.techniques.get(f.hardest_technique, 0)
    if used:
        text += f", {times_text(used)}"
    if parts:
        text += f"; it also takes {_and(parts)}"
    else:
        text += " (the rules alone solve it)"
    if f.bottleneck_min == 1:
        text += "; at its narrowest only one line offers progress"
    return text


def blank_margins(puzzle: Puzzle) -> tuple[int, int, int, int]:
    """How many rows at the top and bottom and columns at the left and right have an empty clue
    (all zero when every row is empty: a blank grid is graded whole)."""
    def run(clues: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
        first = next((i for i, c in enumerate(clues) if c), None)
        if first is None:
            return 0, 0
        last = next(i for i in range(len(clues) - 1, -1, -1) if clues[i])
        return first, len(clues) - 1 - last

    top, bottom = run(puzzle.rows)
    left, right = run(puzzle.cols)
    if (top, bottom) == (0, 0) and not any(puzzle.rows):
        return 0, 0, 0, 0
    return top, bottom, left, right


def without_margins(puzzle: Puzzle) -> tuple[Puzzle, tuple[int, int, int, int]]:
    """The puzzle without its blank margins (:func:`blank_margins`) and the margins."""
    margins = blank_margins(puzzle)
    top, bottom, left, right = margins
    if margins == (0, 0, 0, 0):
        return puzzle, margins
    rows = puzzle.rows[top:puzzle.height - bottom]
    cols = puzzle.cols[left:puzzle.width - right]
    return Puzzle(rows, cols, title=puzzle.title), margins


def grade(
    puzzle: Puzzle,
    rule_set: RuleSet,
    *,
    weights: DifficultyWeights = DEFAULT_WEIGHTS,
    settings: GradeSettings = GradeSettings(),
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
) -> Grade:
    """Grade ``puzzle`` for a player using ``rule_set``.

    Raises :class:`nonostudio.analysis.unsound.UnsoundRuleError` for an unsound rule;
    ``should_stop()`` returning True makes the grade describe only the work done (``Undecided``
    when that was not enough to tell).
    """
    started = time.perf_counter()
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    puzzle, margins = without_margins(puzzle)
    try:
        trace = rule_trace(puzzle, rule_set.rules, rule_set=rule_set.name, progress=progress,
                           should_stop=should_stop)
        solutions = UNDECIDED if trace.interrupted else UNIQUE
    except InconsistentPuzzleError:
        trace = Trace(puzzle, rule_set.name, [], False, time.perf_counter() - started)
        solutions = NO_SOLUTION
    probes: list[probing.Probe] = []
    searched = False
    if solutions == UNIQUE and any(step.kind == SEARCH for step in trace.steps):
        if progress is not None:
            progress(0.0, "depth-1 probing is stuck; checking uniqueness")
        result = trace.search  # the trace's search step asked the complete solver already
        if (result is None or result.verdict is Verdict.UNDECIDED
                or result.seconds > settings.solve_time_limit / 2):
            result = solve(puzzle, time_limit=settings.solve_time_limit, should_stop=should_stop)
        solutions = {Verdict.MULTIPLE: MULTIPLE, Verdict.NO_SOLUTION: NO_SOLUTION,
                     Verdict.UNDECIDED: UNDECIDED}.get(result.verdict, UNIQUE)
        searched = True
        if solutions == UNIQUE:
            start = trace.grid_after(len(trace.steps) - 1)
            if progress is not None:
                progress(0.0, "depth-2 probing")
            deep = probing.probe_solve(puzzle, start, max_depth=2, budget=settings.probe_budget,
                                       should_stop=should_stop)
            probes = deep.probes
            searched = not deep.solved
    features = _features(trace, rule_set, probes, searched, solutions, margins)
    tier = _tier(features)
    score = score_of(tier, features, weights)
    label = label_of(tier, score, features, weights)
    return Grade(tier, score, label, features, explain(label, features, titles), rule_set.name,
                 time.perf_counter() - started, trace)
