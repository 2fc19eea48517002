"""Rule-based solving traces: hand-made rules on tiny puzzles (expected steps worked out by hand),
fallbacks, unsound rules, replay and JSON, and the 14 control rules on the paper's 17 puzzles
(every rule step re-derived with the interpreter on the line the rule saw).  The exact-step tests
use ``complete_moves=False`` (one rule fill per step, as these tests pin down the rule
mechanics); tests/analysis/explaining/test_complete_moves.py covers the default, technique steps."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.explaining.narrate import seen_line
from nonostudio.analysis.tracing import trial_memory
from nonostudio.analysis.tracing.steps import Step, Trace
from nonostudio.analysis.tracing.trace import rule_set_trace, rule_trace
from nonostudio.analysis.tracing.trace_fallbacks import CHAIN_CANDIDATES
from nonostudio.analysis.tracing.unsound import UnsoundRuleError
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.formats import read_all
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
from nonostudio.rules.language.ast import (
    Arbitrary,
    Arith,
    Binding,
    Compare,
    Constant,
    ElementType,
    Fill,
    HighestStartCell,
    LineSize,
    Lit,
    LowestEndCell,
    Rule,
    Singleton,
    Size,
    TrueCond,
)
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.ruleset import load_rule_set

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from refutations import refuted  # noqa: E402

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"
HINT = ElementType.HINT
FULL_HINT = Rule(
    "full_hint",
    (Binding("h", Singleton(HINT)),),
    Compare("=", Size("h"), LineSize()),
    Fill(True, Lit(0), LineSize()),
)
BIG_HINT = Rule(
    "big_hint",
    (Binding("h", Arbitrary(HINT)),),
    Compare(">", LowestEndCell("h"), HighestStartCell("h")),
    Fill(True, HighestStartCell("h"), LowestEndCell("h")),
)
# Unsound: the first hint need not start at cell 0.
PACK_LEFT = Rule(
    "pack_left", (Binding("h", Constant(HINT, 0)),), TrueCond(), Fill(True, Lit(0), Size("h"))
)
# Unsound: crosses the cell just past the line's end.
OVERREACH = Rule(
    "overreach",
    (Binding("h", Singleton(HINT)),),
    TrueCond(),
    Fill(False, LineSize(), Arith("+", LineSize(), Lit(1))),
)

# 5x5, unique but not line-solvable: one probe is needed (found by a random search with the
# complete solver; its verdict there was "unique, needs search").
PROBE_PUZZLE = Puzzle(
    ((2, 1), (1, 3), (1,), (3,), (1, 1)), ((2, 1), (1, 1), (1, 1), (2, 1), (2, 1))
)
TWO_SOLUTIONS = Puzzle(((1,), (1,)), ((1,), (1,)))
LINE_SOLVABLE = Puzzle(((2,), (1, 1), (3,), (1,)), ((3,), (1, 2), (2,), ()))  # unique


def replay_checked(trace: Trace) -> np.ndarray:
    """The final grid, asserting that every step decides only cells still unknown."""
    grid = np.full((trace.puzzle.height, trace.puzzle.width), UNKNOWN, dtype=np.int8)
    for number, step in enumerate(trace.steps):
        assert step.cells, f"step {number} decides nothing"
        for r, c, v in step.cells:
            assert grid[r, c] == UNKNOWN, f"step {number} decides ({r}, {c}) again"
            assert v in (FILLED, CROSSED)
            grid[r, c] = v
    return grid


def test_full_rows_take_one_rule_step_each() -> None:
    puzzle = Puzzle(((3,), (3,), (3,)), ((3,), (3,), (3,)))
    trace = rule_trace(puzzle, [FULL_HINT], rule_set="hand", complete_moves=False)
    assert trace.solved and not trace.interrupted
    assert trace.steps == [
        Step(
            "rule",
            "row",
            r,
            "full_hint",
            False,
            {"h": ("hint", 0, 0, 3)},
            ((r, 0, FILLED), (r, 1, FILLED), (r, 2, FILLED)),
            None,
        )
        for r in range(3)
    ]
    assert trace.first_fallback() is None
    assert trace.rule_set == "hand"


def test_rules_reach_sub_lines_then_the_line_solver_finishes() -> None:
    # (2 1) in 4 cells has one solution OOxO: cell 2 separates the hints, so the oracle splits
    # the row into (2) on cells 0-1 and (1) on cell 3, where "full hint" applies.  Cell 2 is
    # crossed by no rule (column 2 has an empty clue): the line solver takes it, on row 0
    # (row and column gain one cell each; rows come first).
    puzzle = Puzzle(((2, 1),), ((1,), (1,), (), (1,)))
    trace = rule_trace(puzzle, [FULL_HINT], complete_moves=False)
    assert trace.steps == [
        Step(
            "rule",
            "row",
            0,
            "full_hint",
            False,
            {"h": ("hint", 0, 0, 2)},
            ((0, 0, FILLED), (0, 1, FILLED)),
            (0, 2),
        ),
        Step(
            "rule",
            "row",
            0,
            "full_hint",
            False,
            {"h": ("hint", 0, 0, 1)},
            ((0, 3, FILLED),),
            (3, 4),
        ),
        Step("line", "row", 0, None, False, {}, ((0, 2, CROSSED),), None, trace.steps[2].note),
    ]
    assert trace.solved
    assert trace.first_fallback() == 2
    summary = trace.summary()
    assert (summary.steps, summary.rule_steps) == (3, 2)
    assert summary.fallback_steps == {"line": 1, "probe": 0, "search": 0}
    assert summary.uses == {"full_hint": 2}
    assert (summary.rule_cells, summary.fallback_cells) == (3, 1)


def test_a_flipped_match_is_recorded_as_flipped() -> None:
    # Big hint for the first hint only: on (1 3) in 5 cells it places the 1 at cell 0 reading
    # left to right, and — the first hint read right to left being the 3 — cells 2-4 flipped.
    first_big = Rule(
        "first_big", (Binding("h", Constant(HINT, 0)),), BIG_HINT.condition, BIG_HINT.action
    )
    puzzle = Puzzle(((1, 3),), ((1,), (), (1,), (1,), (1,)))
    trace = rule_trace(puzzle, [first_big], fallback=False, complete_moves=False)
    assert trace.steps == [
        Step(
            "rule", "row", 0, "first_big", False, {"h": ("hint", 0, 0, 1)}, ((0, 0, FILLED),), None
        ),
        Step(
            "rule",
            "row",
            0,
            "first_big",
            True,
            {"h": ("hint", 0, 0, 3)},
            ((0, 2, FILLED), (0, 3, FILLED), (0, 4, FILLED)),
            None,
        ),
    ]
    assert not trace.solved  # cell 1 needs a rule that crosses


def test_without_rules_the_line_solver_solves_and_matches_the_complete_solver() -> None:
    puzzle = LINE_SOLVABLE
    solution = solve(puzzle).solution
    trace = rule_trace(puzzle, [], complete_moves=False)
    assert trace.solved
    assert {step.kind for step in trace.steps} == {"line"}
    assert trace.first_fallback() == 0
    assert np.array_equal(replay_checked(trace), solution)
    assert np.array_equal(trace.grid_after(len(trace.steps)), solution)


def test_without_fallback_the_trace_stops_where_the_rules_do() -> None:
    puzzle = LINE_SOLVABLE
    trace = rule_trace(puzzle, [], fallback=False, complete_moves=False)
    assert trace.steps == [] and not trace.solved and not trace.interrupted
    assert (trace.grid_after(0) == UNKNOWN).all()
    # With complete moves only the empty column is crossed out (no rule can say "the clue is 0").
    moves = rule_trace(puzzle, [], fallback=False)
    assert [(s.kind, s.technique, s.axis, s.index) for s in moves.steps] == [
        ("rule", "empty_line", "column", 3)
    ]
    assert not moves.solved


def test_a_probe_decides_a_cell_line_logic_cannot() -> None:
    solution = solve(PROBE_PUZZLE).solution
    trace = rule_trace(PROBE_PUZZLE, [])
    probes = [s for s in trace.steps if s.kind == "probe"]
    assert probes, "this puzzle is not line-solvable: some probe step is needed"
    for step in probes:
        ((r, c, v),) = step.cells
        assert v == solution[r, c]
        assert f"row {r + 1}, column {c + 1}" in step.note
        assert "could not match its clue" in step.note
        # Before the probe, line logic alone was stuck: the cell was undecidable by it.
        assert trace.grid_after(trace.steps.index(step))[r, c] == UNKNOWN
    assert trace.solved
    assert np.array_equal(replay_checked(trace), solution)
    assert all(s.kind != "search" for s in trace.steps)


@pytest.mark.parametrize(
    ("sample", "rules", "memory"),
    [
        ("webpbn-00023-edge.non", "learned", True),
        ("webpbn-00027-bucks.non", "learned", True),
        ("webpbn-00023-edge.non", None, True),
        ("webpbn-00023-edge.non", None, False),
    ],
)
def test_every_probe_step_is_one_of_the_first_refuted_cells_from_scratch(
    sample: str, rules: str | None, memory: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The tracer reuses its depth-1 trials from one probe step to the next (on grids up to a
    # size; memory=False sets that size to 0, as on a large grid); each probe must still be one
    # of the first refuted assumptions trying every cell from scratch finds, nearest the first
    # one in reading order (the one of those with the shortest chain), and the chain's length is
    # in its note.
    if not memory:
        monkeypatch.setattr(trial_memory, "MEMORY_CELLS", 0)
    ((_, puzzle),) = read_all(SAMPLES / sample)
    rule_list = [] if rules is None else list(load_rule_set(rules).rules)
    trace = rule_trace(puzzle, rule_list)
    probes = [i for i, step in enumerate(trace.steps) if step.kind == "probe"]
    assert len(probes) >= 2, "the sample needs several probe steps for this test"
    for index in probes:
        step = trace.steps[index]
        found = refuted(puzzle, trace.grid_after(index))
        assert found, "no cell is refuted: the trace should not have probed here"
        r0, c0, _ = found[0]
        found.sort(key=lambda a, r0=r0, c0=c0: abs(a[0] - r0) + abs(a[1] - c0))
        found = found[:CHAIN_CANDIDATES]
        ((r, c, value),) = step.cells
        assert (r, c, CROSSED if value == FILLED else FILLED) in found
        links = sum(p["say"] in ("forced", "dead") for p in step.premises)
        assert f"in {links} line step" in step.note
    assert trace.solved


def test_search_guesses_a_cell_of_a_puzzle_with_several_solutions() -> None:
    trace = rule_trace(TWO_SOLUTIONS, [FULL_HINT, BIG_HINT])
    assert trace.steps[0].kind == "search" and len(trace.steps[0].cells) == 1
    assert "several solutions" in trace.steps[0].note
    assert all(s.kind != "search" for s in trace.steps[1:])  # line logic does the rest
    assert trace.solved and TWO_SOLUTIONS.is_solution(trace.grid_after(len(trace.steps)))


def test_an_unsound_rule_is_named_with_the_line() -> None:
    # Two solutions: line logic is stuck at once, and every line's first rule fill is checked
    # there; row 1 is "(1) --": cell 1 is not forced.
    puzzle = Puzzle(((1,), (1,)), ((1,), (1,)))
    with pytest.raises(UnsoundRuleError) as info:
        rule_trace(puzzle, [PACK_LEFT])
    message = str(info.value)
    assert "pack_left" in message and "row 1" in message
    assert info.value.rule == "pack_left" and (info.value.axis, info.value.index) == ("row", 0)


def test_a_fill_outside_the_line_is_unsound() -> None:
    puzzle = Puzzle(((1,), ()), ((1,), ()))
    with pytest.raises(UnsoundRuleError, match="overreach.*outside"):
        rule_trace(puzzle, [OVERREACH])


def test_a_puzzle_without_solution_is_reported_as_bad_input() -> None:
    # Row 1 must fill all three cells but column 3's clue is empty.
    puzzle = Puzzle(((3,), (), ()), ((1,), (2,), ()))
    with pytest.raises(InconsistentPuzzleError, match="no solution"):
        rule_trace(puzzle, [FULL_HINT])


def test_stop_and_progress() -> None:
    puzzle = Puzzle(((3,), (3,), (3,)), ((3,), (3,), (3,)))
    stopped = rule_trace(puzzle, [FULL_HINT], should_stop=lambda: True)
    assert stopped.steps == [] and stopped.interrupted and not stopped.solved
    calls = iter([False, True])
    one = rule_trace(puzzle, [FULL_HINT], should_stop=lambda: next(calls, True))
    assert len(one.steps) == 1 and one.interrupted
    seen: list[float] = []
    rule_trace(puzzle, [FULL_HINT], progress=lambda fraction, message: seen.append(fraction))
    assert seen == pytest.approx([1 / 3, 2 / 3, 1.0])


def test_json_round_trip_and_bad_json() -> None:
    trace = rule_trace(PROBE_PUZZLE, [FULL_HINT, BIG_HINT], rule_set="hand")
    data = trace.to_json()
    back = Trace.from_json(data, PROBE_PUZZLE)
    assert back.steps == trace.steps
    assert (back.solved, back.rule_set, back.interrupted) == (True, "hand", False)
    with pytest.raises(ValueError, match="5x5"):
        Trace.from_json(data, TWO_SOLUTIONS)
    twice = dict(data, steps=data["steps"] + data["steps"][:1])
    with pytest.raises(ValueError, match="second time"):
        Trace.from_json(twice, PROBE_PUZZLE)
    with pytest.raises(IndexError):
        trace.grid_after(len(trace.steps) + 1)


@pytest.fixture(scope="module")
def paper_puzzles(anchors) -> list[tuple[str, Puzzle]]:
    return read_all(anchors / "butler" / "test-set-extended.json")


@pytest.mark.slow
def test_control_rules_on_the_paper_puzzles(paper_puzzles) -> None:
    control = load_rule_set("control")
    rules = {rule.name: rule for rule in control.rules}
    assert len(paper_puzzles) == 17
    for ident, puzzle in paper_puzzles:
        trace = rule_trace(puzzle, control.rules, rule_set="control", complete_moves=False)
        assert trace.solved, ident
        # The paper's puzzles are line-solvable: no probe or search is ever needed.
        assert {s.kind for s in trace.steps} <= {"rule", "line"}, ident
        assert trace.summary().rule_steps > len(trace.steps) / 2, ident
        assert trace.seconds < 3.0, f"{ident}: {trace.seconds:.2f} s (goal: 1 s)"
        assert puzzle.is_solution(replay_checked(trace)), ident
        if len(puzzle.rows) * len(puzzle.cols) > 225:
            continue
        # Every rule step is one of the interpreter's fills on the line the rule saw (checked on
        # the puzzles up to 15x15, to keep the test fast).
        grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
        for step in trace.steps:
            if step.kind == "rule":
                offset = 0 if step.subline is None else step.subline[0]
                seen = seen_line(puzzle, grid, step)
                along = [c if step.axis == "row" else r for r, c, _ in step.cells]
                value = step.cells[0][2]
                matches = [
                    f
                    for f in apply_rule(rules[step.rule], seen)
                    if f.flipped == step.flipped
                    and f.value == value
                    and {n: (e.type.value, e.index, e.start, e.size) for n, e in f.env.items()}
                    == step.env
                    and all(f.start + offset <= p < f.end + offset for p in along)
                ]
                assert matches, f"{ident}: step {step} is not a fill of its rule"
            for r, c, v in step.cells:
                grid[r, c] = v


def test_traces_are_deterministic(paper_puzzles) -> None:
    control = load_rule_set("control")
    ident, puzzle = paper_puzzles[1]
    first = rule_trace(puzzle, control.rules)
    second = rule_trace(puzzle, control.rules)
    assert first.steps == second.steps, ident


def test_a_trace_can_continue_from_a_grid_and_stop_after_some_steps() -> None:
    puzzle = Puzzle(((3,), (3,), (3,)), ((3,), (3,), (3,)))
    start = np.full((3, 3), UNKNOWN, dtype=np.int8)
    start[0] = FILLED
    start[1, 0] = FILLED
    trace = rule_trace(puzzle, [FULL_HINT], start_grid=start)
    # Row 1 is done; row 2's rule step decides only its two open cells.
    assert [(s.axis, s.index, s.cells) for s in trace.steps] == [
        ("row", 1, ((1, 1, FILLED), (1, 2, FILLED))),
        ("row", 2, ((2, 0, FILLED), (2, 1, FILLED), (2, 2, FILLED))),
    ]
    assert trace.solved
    one = rule_trace(puzzle, [FULL_HINT], max_steps=1)
    assert len(one.steps) == 1 and one.interrupted and not one.solved


def test_a_trace_hands_its_memory_budget_to_the_complete_solver() -> None:
    """``memory_budget`` reaches the search step's solver (the studio's Solve job passes its
    share of the budget): one byte, and the formula of a puzzle that needs the SAT stage is
    refused with the solver's reason, ending the trace.  (rule_trace took no budget.)"""
    ones = ((1,),) * 14  # every permutation matrix fits: no line logic, no probe, SAT stage
    trace = rule_set_trace(Puzzle(ones, ones), load_rule_set("control"), memory_budget=1)
    assert trace.interrupted and not trace.solved and not trace.steps
    assert trace.stop_reason.startswith("too large for the complete solver")
    assert "against a memory budget of 1 b" in trace.stop_reason  # (its own, not the default)
