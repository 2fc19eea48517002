"""Difficulty grading: tiers of hand-made puzzles (argued in comments), determinism, weights,
the explanation, the bottleneck feature worked out by hand, and probing depths."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.difficulty import (
    DEFAULT_WEIGHTS,
    MULTIPLE,
    NO_SOLUTION,
    UNIQUE,
    DifficultyWeights,
    GradeSettings,
    grade,
)
from nonostudio.analysis.difficulty import explain as explain_grade
from nonostudio.analysis.probing import probe_solve
from nonostudio.core.formats import read_entries
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.rules.cost import cost
from nonostudio.rules.ruleset import RuleSet, load_rule_set

CONTROL = load_rule_set("control")
NO_RULES = RuleSet("none", ())
FULL = Puzzle(((3,), (3,), (3,)), ((3,), (3,), (3,)))
# Unique but not line-solvable: the complete solver says "needs search", and one depth-1 probe
# (see tests/analysis/test_trace.py) finishes it.
PROBE_PUZZLE = Puzzle(((2, 1), (1, 3), (1,), (3,), (1, 1)),
                      ((2, 1), (1, 1), (1, 1), (2, 1), (2, 1)))
LINE_SOLVABLE = Puzzle(((2,), (1, 1), (3,), (1,)), ((3,), (1, 2), (2,), ()))
SWITCH = Puzzle(((1,), (1,)), ((1,), (1,)))  # the 2x2 diagonal: two solutions
# Row 1 needs two adjacent cells, but column 2 is empty and columns 1 and 3 need one each.
IMPOSSIBLE = Puzzle(((2,), (), ()), ((1,), (), (1,)))


def domino(anchors: Path, name: str) -> Puzzle:
    path = anchors / "puzzles" / "picross-solver" / "domino_logic.txt"
    return dict(read_entries(path))[name]()


def test_the_rules_alone_give_tier_0() -> None:
    # Every line of the full 3x3 is "full hint" (the clue is the whole line).
    g = grade(FULL, CONTROL)
    assert g.tier == 0
    assert g.features.line_steps == 0 and g.features.probes_depth1 == 0
    assert g.label == "Beginner"
    assert g.features.solutions == UNIQUE


def test_line_logic_beyond_the_rules_gives_tier_1() -> None:
    # With no rules at all, every step is beyond the rules; line logic alone solves the puzzle.
    assert solve(LINE_SOLVABLE).verdict is Verdict.UNIQUE_LINE
    g = grade(LINE_SOLVABLE, NO_RULES)
    assert g.tier == 1
    assert g.features.rule_steps == 0 and g.features.hardest_rule is None
    assert g.features.line_cells == 16


def test_depth_1_probing_gives_tier_2() -> None:
    assert solve(PROBE_PUZZLE).verdict is Verdict.UNIQUE_SEARCH  # line logic gets stuck
    assert probe_solve(PROBE_PUZZLE, max_depth=1).solved
    for rules in (CONTROL, NO_RULES):
        g = grade(PROBE_PUZZLE, rules)
        assert g.tier == 2
        assert g.features.probes_depth1 >= 1 and g.features.probes_depth2 == 0
        assert "depth-1 probe" in g.explanation


def test_edge_needs_depth_1_probes(anchors: Path) -> None:
    edge = anchors / "puzzles" / "picross-solver" / "webpbn" / "webpbn-00023-edge.non"
    puzzle = read_entries(edge)[0][1]()
    assert solve(puzzle).verdict is Verdict.UNIQUE_SEARCH
    assert grade(puzzle, CONTROL).tier == 2


def test_depth_2_probing_gives_tier_3_and_a_small_budget_tier_4(anchors: Path) -> None:
    # 5-Dom: depth-1 probing is stuck from the start; depth 2 solves it.
    puzzle = domino(anchors, "5-Dom")
    assert not probe_solve(puzzle, max_depth=1).solved
    deep = probe_solve(puzzle, max_depth=2)
    assert deep.solved and any(p.depth == 2 for p in deep.probes)
    g = grade(puzzle, CONTROL)
    assert g.tier == 3 and g.features.probes_depth2 >= 1
    assert "depth-2 probe" in g.explanation
    starved = grade(puzzle, CONTROL, settings=GradeSettings(probe_budget=50))
    assert starved.tier == 4 and starved.features.searched
    assert starved.label == "Expert" and starved.features.solutions == UNIQUE


def test_depth_2_probes_are_sound(anchors: Path) -> None:
    puzzle = domino(anchors, "5-Dom")
    solution = solve(puzzle).solution
    for p in probe_solve(puzzle, max_depth=2).probes:
        assert solution[p.row, p.col] == p.value


def test_two_solutions_give_tier_4_not_unique() -> None:
    g = grade(SWITCH, CONTROL)
    assert (g.tier, g.label, g.features.solutions) == (4, "Not unique", MULTIPLE)
    assert "several" in g.explanation


def test_no_solution_gives_tier_4() -> None:
    g = grade(IMPOSSIBLE, CONTROL)
    assert (g.tier, g.label, g.features.solutions) == (4, "No solution", NO_SOLUTION)
    result = probe_solve(IMPOSSIBLE)
    assert result.contradiction and not result.solved


def test_probing_never_completes_a_puzzle_with_two_solutions() -> None:
    result = probe_solve(SWITCH)
    assert not result.solved and not result.contradiction
    assert (result.grid == UNKNOWN).all()


def test_grading_is_deterministic() -> None:
    first = grade(PROBE_PUZZLE, CONTROL)
    second = grade(PROBE_PUZZLE, CONTROL)
    assert (first.tier, first.score, first.label, first.explanation) == \
        (second.tier, second.score, second.label, second.explanation)
    assert first.features == second.features


def test_weights_change_the_score_and_the_label() -> None:
    base = grade(PROBE_PUZZLE, CONTROL)
    no_probes = grade(PROBE_PUZZLE, CONTROL, weights=replace(DEFAULT_WEIGHTS, probes1=0.0))
    assert no_probes.score == pytest.approx(base.score - DEFAULT_WEIGHTS.probes1 * 1.0, abs=0.02)
    assert no_probes.tier == base.tier
    easy = DifficultyWeights(thresholds=(1000.0, 2000.0, 3000.0, 4000.0))
    assert grade(PROBE_PUZZLE, CONTROL, weights=easy).label == "Beginner"


def test_labels_follow_the_thresholds() -> None:
    w = DifficultyWeights(thresholds=(10.0, 20.0, 30.0, 40.0))
    assert [w.label(s) for s in (0, 9.9, 10, 25, 30, 45)] == \
        ["Beginner", "Beginner", "Easy", "Medium", "Hard", "Expert"]


def test_the_explanation_names_the_hardest_rule_by_title() -> None:
    g = grade(PROBE_PUZZLE, CONTROL)
    uses = g.features.uses
    costs = {rule.name: cost(rule) for rule in CONTROL.rules}
    hardest = max(uses, key=lambda name: costs[name])
    assert g.features.hardest_rule_cost == costs[hardest]
    title = CONTROL.entry(hardest).title
    count = uses[hardest]
    assert g.explanation.startswith(f"{g.label}: needs {title} ")
    if count == 1:
        assert f"{title} once" in g.explanation


def test_features_of_the_full_grid_by_hand() -> None:
    # Full hint fills rows 1, 2, 3 (rows come first): three steps on three lines.  Before step 1
    # all six lines can progress; before step 2 rows 2-3 and the three columns; before step 3
    # row 3 and the columns: bottlenecks min 4, mean 5.
    f = grade(FULL, CONTROL).features
    assert f.steps == 3 and f.rule_steps == 3 and f.uses == {"full_hint": 3}
    assert (f.bottleneck_min, f.bottleneck_mean) == (4, 5.0)
    assert f.steps_per_cell == pytest.approx(3 / 9)
    assert f.visits_per_line == pytest.approx(3 / 6)
    assert f.rule_cost_per_cell == pytest.approx(3 * cost(CONTROL.entry("full_hint").rule) / 9)


def test_grade_json_is_serialisable() -> None:
    data = json.loads(json.dumps(grade(PROBE_PUZZLE, CONTROL).to_json()))
    assert data["tier"] == 2 and data["features"]["probes_depth1"] >= 1
    assert all(len(cell) == 3 for cell in data["features"]["probe_cells"])


def test_probing_from_a_start_grid_keeps_its_cells() -> None:
    solution = solve(PROBE_PUZZLE).solution
    start = np.full(solution.shape, UNKNOWN, dtype=np.int8)
    start[0, :] = solution[0, :]
    result = probe_solve(PROBE_PUZZLE, start)
    assert result.solved and (result.grid == solution).all()
    with pytest.raises(ValueError, match="depth"):
        probe_solve(PROBE_PUZZLE, max_depth=3)


def test_a_title_with_commas_is_listed_with_semicolons() -> None:
    # "needs learned rule 7, covers cross small gap (singleton), cross small gap (min) twice,
    # five exact line-solver steps …" did not say where the rule's title ends.
    g = grade(PROBE_PUZZLE, CONTROL)
    assert g.features.line_steps or g.features.probe_cells  # more than the rule to list
    titles = {name: f"learned rule 7, covers {name}" for name in g.features.uses}
    text = explain_grade(g.label, g.features, titles)
    title = titles[g.features.hardest_rule]
    assert text.startswith(f"{g.label}: needs {title} ") and "; and " in text, text
    assert text.count(", ") == 1, text  # only the one inside the title
