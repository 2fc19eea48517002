"""A tutor's pace and one grade per puzzle (issue 41).

Each line step takes the easiest technique that decides a cell anywhere in the grid (on a line
or on an oracle's part of one), whatever the rule set; so the tier, the hardest technique needed
when always taking the easiest step, is the same under every shipped rule set.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.difficulty import grade
from nonostudio.analysis.steps import LINE, RULE
from nonostudio.analysis.techniques import CATALOGUE
from nonostudio.analysis.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import UNKNOWN, Line
from nonostudio.rules.oracle import decompose
from nonostudio.rules.ruleset import load_rule_set

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
NAMES = sorted(p.name for p in SAMPLES.glob("*.non"))


def _easiest(puzzle, grid: np.ndarray) -> int | None:
    """The catalogue order of the easiest technique deciding a cell on some line or part."""
    lines = [Line(puzzle.rows[r], tuple(int(v) for v in grid[r])) for r in range(puzzle.height)]
    lines += [Line(puzzle.cols[c], tuple(int(v) for v in grid[:, c])) for c in range(puzzle.width)]
    lines = [line for line in lines if UNKNOWN in line.cells]
    lines += [part.line for line in lines for part in decompose(line)]
    found = [
        k
        for k, t in enumerate(CATALOGUE)
        if any(t.apply(line.hints, line.cells) != line.cells for line in lines)
    ]
    return min(found) if found else None


@pytest.mark.parametrize("name", ["webpbn-00006-cat.non", "jwilk-150-buffalo.non"])
@pytest.mark.parametrize("rule_set", ["learned", "control"])
def test_each_step_takes_the_easiest_technique_anywhere(name: str, rule_set: str) -> None:
    puzzle = read_all(SAMPLES / name)[0][1]
    trace = rule_trace(puzzle, load_rule_set(rule_set).rules)
    order = [t.id for t in CATALOGUE]
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    for step in trace.steps:
        if step.kind in (RULE, LINE):
            assert order.index(step.technique) == _easiest(puzzle, grid), step.text
        else:  # a contradiction or search only when line logic is stuck everywhere
            assert _easiest(puzzle, grid) is None, step.text
        for r, c, v in step.cells:
            grid[r, c] = v
    assert trace.solved


@pytest.mark.parametrize("name", NAMES)
def test_the_tier_is_the_same_under_every_shipped_rule_set(name: str) -> None:
    puzzle = read_all(SAMPLES / name)[0][1]
    grades = {rs: grade(puzzle, load_rule_set(rs)) for rs in ("learned", "control", "concise")}
    tiers = {rs: g.tier for rs, g in grades.items()}
    hardest = {rs: g.hardest_technique for rs, g in grades.items()}
    assert len(set(tiers.values())) == 1, tiers
    assert len(set(hardest.values())) == 1, hardest
