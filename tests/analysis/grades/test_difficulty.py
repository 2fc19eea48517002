"""Difficulty grading: tiers of hand-made puzzles (argued in comments), determinism, weights,
the explanation, the bottleneck feature worked out by hand, and probing depths.  The tier is the
tier of the hardest technique needed (0–8, analysis.catalogue.techniques)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.grades.difficulty import (
    DEFAULT_WEIGHTS,
    DifficultyWeights,
    GradeSettings,
    grade,
)
from nonostudio.analysis.grades.grade_features import MULTIPLE, NO_SOLUTION, UNIQUE, _bottlenecks
from nonostudio.analysis.grades.probing import probe_solve
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_entries, read_file
from nonostudio.core.line import UNKNOWN
from nonostudio.core.linesolver import solve_cells
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve
from nonostudio.rules.language.cost import cost
from nonostudio.rules.ruleset import RuleSet, load_rule_set

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"
CONTROL = load_rule_set("control")
NO_RULES = RuleSet("none", ())
FULL = Puzzle(((3,), (3,), (3,)), ((3,), (3,), (3,)))
# Unique but not line-solvable: the complete solver says "needs search", and one depth-1 probe
# (see tests/analysis/tracing/test_trace.py) finishes it.
PROBE_PUZZLE = Puzzle(
    ((2, 1), (1, 3), (1,), (3,), (1, 1)), ((2, 1), (1, 1), (1, 1), (2, 1), (2, 1))
)
LINE_SOLVABLE = Puzzle(((2,), (1, 1), (3,), (1,)), ((3,), (1, 2), (2,), ()))
SWITCH = Puzzle(((1,), (1,)), ((1,), (1,)))  # the 2x2 diagonal: two solutions
# Row 1 needs two adjacent cells, but column 2 is empty and columns 1 and 3 need one each.
IMPOSSIBLE = Puzzle(((2,), (), ()), ((1,), (), (1,)))


def domino(anchors: Path, name: str) -> Puzzle:
    path = anchors / "puzzles" / "picross-solver" / "domino_logic.txt"
    return dict(read_entries(path))[name]()


def test_a_full_grid_needs_only_overlap() -> None:
    # Every line of the full 3x3 is "full hint" (the clue is the whole line): an overlap move.
    g = grade(FULL, CONTROL)
    assert g.tier == 1 and g.hardest_technique == "overlap"
    assert g.features.line_steps == 0 and g.features.probes_depth1 == 0
    assert g.label == "Beginner"
    assert g.features.solutions == UNIQUE
    assert "(the rules alone solve it)" in g.explanation


def test_a_blank_grid_needs_only_the_empty_line_technique() -> None:
    g = grade(Puzzle(((),) * 15, ((),) * 15), CONTROL)
    assert (g.tier, g.label, g.hardest_technique) == (0, "Beginner", "empty_line")
    assert g.features.techniques == {"empty_line": 15}


def test_line_logic_beyond_the_rules_is_graded_by_its_techniques() -> None:
    # With no rules at all, every step but the empty column's is beyond the rules; line logic
    # alone solves the puzzle, and the grade is the hardest technique it took.
    assert solve(LINE_SOLVABLE).verdict is Verdict.UNIQUE_LINE
    g = grade(LINE_SOLVABLE, NO_RULES)
    assert g.features.rule_steps == 0 and g.features.hardest_rule is None
    assert g.features.line_cells == 12  # the empty column's 4 cells: the empty line technique
    assert g.hardest_technique is not None
    assert g.tier == BY_ID[g.hardest_technique].tier <= 5
    assert "beyond the rules" in g.explanation
    assert g.tier == grade(LINE_SOLVABLE, CONTROL).tier  # the rules change steps, not the tier


def test_steps_beyond_the_rules_say_in_which_order_they_were_taken() -> None:
    # Up to TUTOR_MAX_CELLS the trace takes the easiest step first, and a step is beyond the
    # rules when the rules' first move on its line is not part of it: the rules in their own
    # order may still decide every cell (Designer Checks say so).  Larger puzzles go rules
    # first, line logic only where they are stuck (rule_trace).
    from dataclasses import replace

    from nonostudio.analysis.grades.grade_text import explain
    from nonostudio.analysis.tracing.trace import TUTOR_MAX_CELLS

    g = grade(LINE_SOLVABLE, NO_RULES)
    assert g.features.cells <= TUTOR_MAX_CELLS
    assert "steps beyond the rules in easiest-first order" in g.explanation
    large = replace(g.features, cells=TUTOR_MAX_CELLS + 1)
    assert "steps beyond the rules where they get stuck" in explain(g.label, large, {})


def test_depth_1_probing_gives_tier_2() -> None:
    assert solve(PROBE_PUZZLE).verdict is Verdict.UNIQUE_SEARCH  # line logic gets stuck
    assert probe_solve(PROBE_PUZZLE, max_depth=1).solved
    for rules in (CONTROL, NO_RULES):
        g = grade(PROBE_PUZZLE, rules)
        assert g.tier == 6 and g.hardest_technique == "contradiction"
        assert g.features.probes_depth1 >= 1 and g.features.probes_depth2 == 0
        assert "depth-1 probe" in g.explanation


def test_edge_needs_depth_1_probes(anchors: Path) -> None:
    edge = anchors / "puzzles" / "picross-solver" / "webpbn" / "webpbn-00023-edge.non"
    puzzle = read_entries(edge)[0][1]()
    assert solve(puzzle).verdict is Verdict.UNIQUE_SEARCH
    assert grade(puzzle, CONTROL).tier == 6


def test_depth_2_probing_gives_tier_7_and_a_small_budget_tier_8(anchors: Path) -> None:
    # 5-Dom: depth-1 probing is stuck from the start; depth 2 solves it.
    puzzle = domino(anchors, "5-Dom")
    assert not probe_solve(puzzle, max_depth=1).solved
    deep = probe_solve(puzzle, max_depth=2)
    assert deep.solved and any(p.depth == 2 for p in deep.probes)
    g = grade(puzzle, CONTROL)
    assert g.tier == 7 and g.features.probes_depth2 >= 1
    assert g.hardest_technique == "deep_contradiction"
    assert "depth-2 probe" in g.explanation
    starved = grade(puzzle, CONTROL, settings=GradeSettings(probe_budget=50))
    assert starved.tier == 8 and starved.features.searched
    assert starved.label == "Expert" and starved.features.solutions == UNIQUE


def test_depth_2_probes_are_sound(anchors: Path) -> None:
    puzzle = domino(anchors, "5-Dom")
    solution = solve(puzzle).solution
    for p in probe_solve(puzzle, max_depth=2).probes:
        assert solution[p.row, p.col] == p.value


def test_two_solutions_give_tier_8_not_unique() -> None:
    g = grade(SWITCH, CONTROL)
    assert (g.tier, g.label, g.features.solutions) == (8, "Not unique", MULTIPLE)
    assert "several" in g.explanation


def test_no_solution_gives_tier_8() -> None:
    g = grade(IMPOSSIBLE, CONTROL)
    assert (g.tier, g.label, g.features.solutions) == (8, "No solution", NO_SOLUTION)
    result = probe_solve(IMPOSSIBLE)
    assert result.contradiction and not result.solved


def test_probing_never_completes_a_puzzle_with_two_solutions() -> None:
    result = probe_solve(SWITCH)
    assert not result.solved and not result.contradiction
    assert (result.grid == UNKNOWN).all()


def test_grading_is_deterministic() -> None:
    first = grade(PROBE_PUZZLE, CONTROL)
    second = grade(PROBE_PUZZLE, CONTROL)
    assert (first.tier, first.score, first.label, first.explanation) == (
        second.tier,
        second.score,
        second.label,
        second.explanation,
    )
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
    assert [w.label(s) for s in (0, 9.9, 10, 25, 30, 45)] == [
        "Beginner",
        "Beginner",
        "Easy",
        "Medium",
        "Hard",
        "Expert",
    ]


def test_the_explanation_names_the_hardest_technique() -> None:
    g = grade(PROBE_PUZZLE, CONTROL)
    uses = g.features.uses
    costs = {rule.name: cost(rule) for rule in CONTROL.rules}
    hardest = max(uses, key=lambda name: (costs[name], uses[name], name))
    assert g.features.hardest_rule == hardest and g.features.hardest_rule_cost == costs[hardest]
    name = BY_ID[g.hardest_technique].name
    assert g.explanation.startswith(
        f"{g.label}: the hardest technique it needs is {name} (tier {g.tier})"
    )
    assert "depth-1 probe" in g.explanation


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


@pytest.mark.parametrize("sample", ["webpbn-00023-edge.non", "webpbn-00021-skid.non"])
def test_bottlenecks_match_every_line_solved_before_every_step(sample: str) -> None:
    # The feature re-solves only the lines a step touched, and those only when a new cell is
    # not in the line's last result: the same counts as solving every line before every step.
    puzzle = read_file(str(SAMPLES / sample))
    trace = rule_trace(puzzle, [])
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    samples = []
    for step in trace.steps:
        lines = [(h, tuple(int(v) for v in grid[i])) for i, h in enumerate(puzzle.rows)]
        lines += [(h, tuple(int(v) for v in grid[:, j])) for j, h in enumerate(puzzle.cols)]
        samples.append(sum(solve_cells(h, cells) != cells for h, cells in lines))
        for r, c, v in step.cells:
            grid[r, c] = v
    assert len(samples) > 50
    assert _bottlenecks(trace) == (min(samples), sum(samples) / len(samples))


def test_grade_json_is_serialisable() -> None:
    data = json.loads(json.dumps(grade(PROBE_PUZZLE, CONTROL).to_json()))
    assert data["tier"] == 6 and data["features"]["probes_depth1"] >= 1
    assert data["hardest_technique"] == "contradiction"
    assert all(len(cell) == 3 for cell in data["features"]["probe_cells"])


def test_probing_from_a_start_grid_keeps_its_cells() -> None:
    solution = solve(PROBE_PUZZLE).solution
    start = np.full(solution.shape, UNKNOWN, dtype=np.int8)
    start[0, :] = solution[0, :]
    result = probe_solve(PROBE_PUZZLE, start)
    assert result.solved and (result.grid == solution).all()
    with pytest.raises(ValueError, match="depth"):
        probe_solve(PROBE_PUZZLE, max_depth=3)


def _reference_probe_solve(
    puzzle: Puzzle, budget: int, start: np.ndarray | None = None
) -> tuple[np.ndarray, list, int, bool]:
    """probing.probe_solve written out plainly (every trial run): grid, probes, trials, and
    whether the budget ran out."""
    from nonostudio.analysis.grades.probing import Probe
    from nonostudio.core.gridstate import Contradiction, GridState
    from nonostudio.core.line import CROSSED, FILLED

    spent = [0]

    class OutOfWork(Exception):
        pass

    def assume(state, r, c, value):
        spent[0] += 1
        if spent[0] > budget:
            raise OutOfWork
        trial = state.copy()
        trial.set_cell(r, c, value)
        try:
            trial.propagate(rows={r}, cols={c})
        except Contradiction:
            return None
        return trial

    def unknown(state):
        return [(int(r), int(c)) for r, c in np.argwhere(state.to_grid() == UNKNOWN)]

    def closure(state, found):
        changed = True
        while changed and not state.is_solved():
            changed = False
            for r, c in unknown(state):
                if state.get(r, c) != UNKNOWN:
                    continue
                for value in (FILLED, CROSSED):
                    if assume(state, r, c, value) is not None:
                        continue
                    other = CROSSED if value == FILLED else FILLED
                    after = assume(state, r, c, other)
                    if after is None:
                        return None
                    state, changed = after, True
                    if found is not None:
                        found.append(Probe(r, c, other, 1))
                    break
        return state

    state = GridState(puzzle) if start is None else GridState.from_grid(puzzle, start)
    probes: list = []
    exhausted = False
    try:
        state.propagate()
        cursor = 0
        while not state.is_solved():
            state = closure(state, probes)
            if state.is_solved():
                break
            cells = unknown(state)
            hit = None
            for i in range(len(cells)):
                index = (cursor % len(cells) + i) % len(cells)
                r, c = cells[index]
                for value in (FILLED, CROSSED):
                    trial = assume(state, r, c, value)
                    if trial is not None and closure(trial, None) is not None:
                        continue
                    other = CROSSED if value == FILLED else FILLED
                    hit = (
                        assume(state, r, c, other),
                        Probe(r, c, other, 1 if trial is None else 2),
                        index,
                    )
                    break
                if hit is not None:
                    break
            if hit is None:
                break
            state, probe, cursor = hit
            probes.append(probe)
    except OutOfWork:
        exhausted = True
    return state.to_grid(), probes, spent[0], exhausted


@pytest.mark.parametrize("budget", [40, 400, 3000, 60_000])
def test_probing_skips_only_trials_whose_outcome_it_knows(anchors: Path, budget: int) -> None:
    # probe_solve counts a trial it can skip (an assumption an earlier trial's outcome already
    # holds is not refuted) without running it: grid, probes, trial count and whether the budget
    # ran out are those of running every trial, at every budget.
    puzzle = domino(anchors, "5-Dom")
    grid, probes, trials, exhausted = _reference_probe_solve(puzzle, budget)
    result = probe_solve(puzzle, max_depth=2, budget=budget)
    assert np.array_equal(result.grid, grid)
    assert result.probes == probes
    assert (result.trials, result.exhausted) == (trials, exhausted)


def test_depth_2_trials_whose_outcome_the_pass_knows_are_counted_not_run(anchors: Path) -> None:
    # Forever (webpbn 6574) from where depth 1 is stuck (440 cells undecided): its depth-2 pass
    # counts many trials without running them (an assumption whose lines line logic from the
    # pass's grid touches none of the lines the trial's grid decided beyond it; the same set of
    # assumptions in another order), and gets what running every trial gets at these budgets.
    from nonostudio.analysis.grades import probing

    webpbn = anchors / "puzzles" / "picross-solver" / "webpbn"
    puzzle = read_file(webpbn / "webpbn-06574-forever.non")
    start = probe_solve(puzzle, max_depth=1).grid
    assert (start == UNKNOWN).sum() == 440
    runs = [0]
    assume = probing.assume

    def counted(*args: object) -> object:
        runs[0] += 1
        return assume(*args)  # type: ignore[arg-type]

    for budget in (4000,):
        grid, probes, trials, exhausted = _reference_probe_solve(puzzle, budget, start)
        runs[0] = 0
        probing.assume = counted  # type: ignore[assignment]
        try:
            result = probe_solve(puzzle, start, max_depth=2, budget=budget)
        finally:
            probing.assume = assume
        assert np.array_equal(result.grid, grid)
        assert result.probes == probes
        assert (result.trials, result.exhausted) == (trials, exhausted) == (budget + 1, True)
        assert runs[0] < 0.5 * budget  # many trials counted, not run (without the pass: 0.62)


def test_grade_hands_its_memory_budget_to_the_complete_solver() -> None:
    """``memory_budget`` reaches the solver of the grade's trace (the studio's Difficulty job
    passes its share of the budget): one byte, and a puzzle that needs the SAT stage is
    ``Undecided``, the solver's reason in its trace; without it, the default budget tells that
    the puzzle has several solutions.  (grade took no budget.)"""
    ones = ((1,),) * 14  # every permutation matrix fits: no line logic, no probe, SAT stage
    puzzle = Puzzle(ones, ones)
    refused = grade(puzzle, CONTROL, memory_budget=1)
    assert refused.label == "Undecided" and refused.features.solutions == "undecided"
    assert refused.trace is not None
    assert refused.trace.stop_reason.startswith("too large for the complete solver")
    assert "against a memory budget of 1 b" in refused.trace.stop_reason
    assert grade(puzzle, CONTROL).features.solutions == MULTIPLE


def _whole_solve_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """The grade's second uniqueness check (``_beyond_depth1``'s whole solve) refused as too
    large for a 1-byte budget, the trace's search having run: as when that search took over half
    the solve limit (``GradeSettings(solve_time_limit=0.0)``, so the whole solve is asked again)
    and the second solve was refused; its time limit is dropped so that only the budget ends it."""
    from nonostudio.analysis.grades import difficulty

    def refused(puzzle: Puzzle, **kwargs: object) -> object:
        return solve(puzzle, should_stop=kwargs.get("should_stop"), memory_budget=1)  # type: ignore[arg-type]

    monkeypatch.setattr(difficulty, "solve", refused)


def test_a_grade_whose_whole_solve_was_refused_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    """The trace's own search decided (14x14 of 1s: several solutions), the second uniqueness
    check was refused as too large: the grade is Undecided and keeps the solver's reason (it was
    lost: the trace, run to its end, has no stop_reason, and the Difficulty panel said only
    'Grading stopped before it could tell...'); the time limit did not end it."""
    _whole_solve_refused(monkeypatch)
    ones = ((1,),) * 14
    g = grade(Puzzle(ones, ones), CONTROL, settings=GradeSettings(solve_time_limit=0.0))
    assert g.trace is not None and g.trace.stop_reason == "" and not g.trace.interrupted
    assert g.label == "Undecided" and not g.timed_out
    assert g.reason.startswith("too large for the complete solver"), g.reason
    assert "against a memory budget of 1 b" in g.reason
    assert g.listed_label == ""  # a verdict of the memory share, not of the puzzle


def test_a_grade_refused_for_memory_is_not_listed() -> None:
    """A default-rule-set grade left Undecided because the solver refused its formula (1-byte
    budget, the trace's search) says why and has no listed label, as one stopped at the time
    limit: the library stored 'Undecided', which depends on the memory share at the time."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET

    ones = ((1,),) * 14
    refused = grade(Puzzle(ones, ones), load_rule_set(DEFAULT_RULE_SET), memory_budget=1)
    assert refused.label == "Undecided" and not refused.timed_out
    assert refused.reason.startswith("too large for the complete solver"), refused.reason
    assert refused.reason == refused.trace.stop_reason  # type: ignore[union-attr]
    assert refused.listed_label == ""
    assert replace(refused, reason="").listed_label == "Undecided"  # the reason is what counts
