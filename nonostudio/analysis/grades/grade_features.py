"""What a grade is computed from: the features of a rule-based trace and its probes.

:func:`features_of` reads a trace (and the depth-2 probes found after it) into
:class:`Features`: steps and rule costs per cell, visits per line, the bottleneck of lines where
line logic could decide a cell, line steps, probes, the hardest technique, what is known of the
solutions (:data:`UNIQUE` …).  :mod:`nonostudio.analysis.grades.difficulty` scores and labels them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

from nonostudio.analysis.catalogue.techniques import DEEP_CONTRADICTION, ORDER
from nonostudio.analysis.catalogue.techniques import SEARCH as SEARCH_TECHNIQUE
from nonostudio.analysis.grades import probing
from nonostudio.analysis.tracing.steps import LINE, PROBE, RULE, Trace
from nonostudio.core.line import FILLED
from nonostudio.core.linesolver import solve_masks
from nonostudio.rules.language.cost import cost
from nonostudio.rules.ruleset import RuleSet

# What is known about the puzzle's solutions.
UNIQUE = "unique"
MULTIPLE = "multiple"
NO_SOLUTION = "no solution"
UNDECIDED = "undecided"


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


_UNSOLVED = (-1, -1)  # (a line state not in the cache yet)


def _bottlenecks(trace: Trace) -> tuple[int, float]:
    """Fewest and mean number of lines where the exact line solver decides a new cell, sampled
    before each step that leaves cells undecided.  Only the lines a step touched are re-solved,
    and only when a new cell differs from the line's last result: a line's cells only grow in a
    trace, and deciding cells its last result holds (cells every arrangement then fitting it
    agrees on) leaves the same arrangements, so the same result."""
    puzzle = trace.puzzle
    # Each line as (filled, crossed) bit masks, bit i = cell i of the line.
    masks = {("row", r): [0, 0] for r in range(puzzle.height)}
    masks.update({("column", c): [0, 0] for c in range(puzzle.width)})
    clue = {("row", r): (puzzle.rows[r], puzzle.width) for r in range(puzzle.height)}
    clue.update({("column", c): (puzzle.cols[c], puzzle.height) for c in range(puzzle.width)})
    cache: dict[tuple[tuple[int, ...], int, int, int], tuple[int, int] | None] = {}
    last: dict[tuple[str, int], tuple[int, int]] = {}  # each line's last result

    def productive(key: tuple[str, int]) -> bool:
        hints, n = clue[key]
        filled, crossed = masks[key]
        if (filled | crossed).bit_count() == n:
            return False  # a complete line has nothing left to decide
        out = last.get(key)
        if out is None or filled & ~out[0] or crossed & ~out[1]:
            state = (hints, n, filled, crossed)
            out = cache.get(state, _UNSOLVED)
            if out is _UNSOLVED:
                out = cache[state] = solve_masks(hints, n, filled, crossed)
            if out is None:
                return False
            last[key] = out
        return (out[0] | out[1]) != (filled | crossed)

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


def _hardest(
    trace: Trace, probes: list[probing.Probe], searched: bool, solutions: str
) -> str | None:
    """The hardest technique needed: of the trace's steps (a search step only counts when
    depth-2 probing did not finish the puzzle instead), depth-2 probes, search."""
    if searched or solutions != UNIQUE:
        return SEARCH_TECHNIQUE
    if any(p.depth == 2 for p in probes):
        return DEEP_CONTRADICTION
    used = {s.technique for s in trace.steps if s.technique and s.technique != SEARCH_TECHNIQUE}
    return max(used, key=ORDER.__getitem__, default=None)


def features_of(
    trace: Trace,
    rule_set: RuleSet,
    probes: list[probing.Probe],
    searched: bool,
    solutions: str,
    margins: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> Features:
    """The features of a graded trace: its steps, rule costs, bottlenecks and probes (depth-2
    ``probes`` found after it; probe cells placed back on the grid with its blank ``margins``)."""
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
    trace_probes = [
        (r + top, c + left, 1)
        for step in trace.steps
        if step.kind == PROBE
        for r, c, _ in step.cells
    ]
    probe_cells = tuple(trace_probes + [(p.row + top, p.col + left, p.depth) for p in probes])
    return Features(
        cells=cells,
        lines=lines,
        steps=len(trace.steps),
        rule_steps=sum(uses.values()),
        uses=dict(uses),
        hardest_rule=hardest,
        hardest_rule_cost=0 if hardest is None else costs.get(hardest, 0),
        rule_cost_per_cell=rule_cost / cells,
        steps_per_cell=len(trace.steps) / cells,
        visits_per_line=_visits(trace) / lines,
        bottleneck_min=low,
        bottleneck_mean=mean,
        line_steps=line_steps,
        line_cells=line_cells,
        probes_depth1=sum(1 for p in probe_cells if p[2] == 1),
        probes_depth2=sum(1 for p in probe_cells if p[2] == 2),
        probe_cells=probe_cells,
        searched=searched,
        solutions=solutions,
        techniques=trace.summary().techniques,
        hardest_technique=_hardest(trace, probes, searched, solutions),
        margins=margins,
    )
