"""The hint ladder: four rungs (where, technique, cells, apply) for the next step from a player's
grid, and applying it; plus the strategy guide's pieces (line pictures, frequencies)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.guide import line_picture, technique_frequencies
from nonostudio.analysis.hints import RUNGS, apply_step, hint_ladder, next_hint, trace_hint
from nonostudio.analysis.techniques import BY_ID
from nonostudio.analysis.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
from nonostudio.rules.coverage import Transition
from nonostudio.rules.ruleset import load_rule_set

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"
LEARNED = load_rule_set("learned")
PROBE_PUZZLE = Puzzle(
    ((2, 1), (1, 3), (1,), (3,), (1, 1)), ((2, 1), (1, 1), (1, 1), (2, 1), (2, 1))
)


def test_the_ladder_climbs_from_where_to_apply_on_a_real_puzzle() -> None:
    _, puzzle = read_all(SAMPLES / "webpbn-00006-cat.non")[0]
    solution = solve(puzzle).solution
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    for _ in range(5):
        hint = next_hint(puzzle, grid, LEARNED.rules)
        assert hint is not None
        step = hint.step
        name = BY_ID[step.technique].name
        line = f"{step.axis} {step.index + 1}"
        # Rung 1 names only the line; rung 2 only the technique; rung 3 the instance and cells.
        assert hint.rung(0) == f"Look at {line}." and name not in hint.rung(0)
        assert hint.rung(1).startswith(f"Use {name} (tier {BY_ID[step.technique].tier}): ")
        assert hint.rung(2) == step.text and "cell" in hint.rung(2)
        assert hint.rung(3).startswith(f"On {line}, fill ") or hint.rung(3).startswith(
            f"On {line}, cross out "
        )
        assert [hint.rung(i) for i in range(len(RUNGS))] == list(hint.texts())
        grid = apply_step(grid, step)
        assert all(grid[r, c] == solution[r, c] == v for r, c, v in step.cells)
    with pytest.raises(IndexError):
        hint.rung(4)


def test_a_probe_hint_points_at_the_cell() -> None:
    trace = rule_trace(PROBE_PUZZLE, LEARNED.rules)
    index = next(i for i, s in enumerate(trace.steps) if s.kind == "probe")
    hint = next_hint(PROBE_PUZZLE, trace.grid_after(index), LEARNED.rules)
    assert hint is not None and hint.step == trace.steps[index]
    ((r, c, v),) = hint.step.cells
    assert hint.where.startswith(f"Look at row {r + 1}, column {c + 1}")
    assert hint.technique.startswith("Use Contradiction (tier 6)")
    assert (
        hint.apply == f"{'Fill' if v == FILLED else 'Cross out'} the cell at row {r + 1}, "
        f"column {c + 1}."
    )


def test_a_step_beyond_the_rules_says_so_and_a_full_grid_has_no_hint() -> None:
    puzzle = Puzzle(((3,), (3,), (3,)), ((3,), (3,), (3,)))
    (first, *_) = rule_trace(puzzle, []).steps
    hint = hint_ladder(first)
    assert "None of your rules covers this step." in hint.technique
    full = np.full((3, 3), FILLED, dtype=np.int8)
    assert next_hint(puzzle, full, LEARNED.rules) is None


def test_a_replayed_trace_hints_at_the_step_after_the_position() -> None:
    trace = rule_trace(PROBE_PUZZLE, LEARNED.rules)
    steps = len(trace.steps)
    for position in (0, steps // 2, steps - 1):
        hint = trace_hint(trace, position)
        assert hint is not None and hint.step == trace.steps[position]
        assert hint.texts() == hint_ladder(trace.steps[position]).texts()
    assert trace_hint(trace, steps) is None  # at the last step: nothing more to find
    assert trace_hint(trace, -1) is None


def test_line_pictures_and_frequencies() -> None:
    page = line_picture((2, 1), (UNKNOWN, FILLED, CROSSED), (False, True, False))
    assert page.count("<td") == 4 and '<td class="f new">' in page and "2 1" in page
    freq = technique_frequencies(
        [
            Transition((8,), "-" * 10, "--OOOOOO--"),
            Transition((), "-----", "xxxxx"),
            Transition((1,), "O--", "Oxx"),
        ]
    )
    assert (freq["overlap"].first, freq["overlap"].fires) == (1, 1)
    assert (freq["empty_line"].first, freq["line_complete"].first) == (1, 1)
    assert freq["simple_spaces"].fires >= 1 and freq["simple_spaces"].first == 0
