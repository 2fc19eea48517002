"""The hint ladder: five rungs (where, technique, premise, cells, apply) from the step's premises,
for the next step from a player's grid in the trace's order, and applying it; a contradiction's
chain read from its premises; plus the strategy guide's pieces (line pictures, frequencies)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.helping.guide import line_picture, technique_frequencies
from nonostudio.analysis.helping.hints import (
    RUNGS,
    apply_step,
    hint_ladder,
    next_hint,
    step_chain,
    trace_hint,
)
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.core.formats import read_all
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve
from nonostudio.rules.measuring.coverage import Transition
from nonostudio.rules.ruleset import load_rule_set

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"
LEARNED = load_rule_set("learned")
PROBE_PUZZLE = Puzzle(
    ((2, 1), (1, 3), (1,), (3,), (1, 1)), ((2, 1), (1, 1), (1, 1), (2, 1), (2, 1))
)


def _reason_of(text: str) -> str:
    """The premise rung's text without ``On row 3, `` and the full stop."""
    return HINT_PREFIX.sub("", text).rstrip(".")


HINT_PREFIX = re.compile(r"^On (row|column) \d+, ")


def test_the_ladder_climbs_from_where_to_apply_on_a_real_puzzle() -> None:
    _, puzzle = read_all(SAMPLES / "webpbn-00006-cat.non")[0]
    solution = solve(puzzle).solution
    grid = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    for _ in range(8):
        hint = next_hint(puzzle, grid, LEARNED.rules)
        assert hint is not None
        step = hint.step
        name = BY_ID[step.technique].name
        line = f"{step.axis} {step.index + 1}"
        # Rung 1 names only the line; rung 2 only the technique; rung 3 the first premise's
        # reason, not what it decides; rung 4 the whole step; rung 5 what applying does.
        assert hint.rung(0) == f"Look at {line}." and name not in hint.rung(0)
        assert hint.rung(1).startswith(f"Use {name} (tier {BY_ID[step.technique].tier}): ")
        assert hint.rung(2).startswith(f"On {line}, ")
        reason = _reason_of(hint.rung(2))
        assert reason and reason in step.text and len(reason) < len(step.text)
        assert ", so " not in reason[-30:] and hint.shown_premises == step.premises[:1]
        assert hint.rung(3) == step.text and "cell" in hint.rung(3)
        assert hint.rung(4).startswith(f"On {line}, fill ") or hint.rung(4).startswith(
            f"On {line}, cross out "
        )
        assert [hint.rung(i) for i in range(len(RUNGS))] == list(hint.texts())
        assert hint.premises_at(1) == () and hint.premises_at(3) == step.premises
        grid = apply_step(grid, step)
        assert all(grid[r, c] == solution[r, c] == v for r, c, v in step.cells)
    with pytest.raises(IndexError):
        hint.rung(5)


def test_the_premise_rung_states_the_first_reason_of_every_kind_of_step() -> None:
    """On every line step of the samples the premise rung is the first premise's reason (after
    the part of the line it holds on): words of the step's own sentence, cut before what they
    decide, and never the whole sentence."""
    seen: set[str] = set()
    for path in sorted(SAMPLES.glob("*.non"))[:10]:
        _, puzzle = read_all(path)[0]
        trace = rule_trace(puzzle, LEARNED.rules)
        for i, step in enumerate(trace.steps):
            if step.kind == "probe" or step.kind == "search":
                continue
            hint = trace_hint(trace, i)
            assert hint is not None
            reason = _reason_of(hint.premise)
            assert reason in step.text and reason != step.text.rstrip(".")
            first = next(p for p in step.premises if p["say"] != "part")
            assert hint.shown_premises[-1] == first
            seen.add(first["say"])
    assert {"overlap", "line_complete", "punctuate", "small_gap", "glue", "mercury"} <= seen


def test_a_contradiction_hint_supposes_the_cell_then_follows_its_chain() -> None:
    _, puzzle = read_all(SAMPLES / "webpbn-06574-forever.non")[0]
    trace = rule_trace(puzzle, LEARNED.rules)
    index = next(i for i, s in enumerate(trace.steps) if s.technique == "contradiction")
    step = trace.steps[index]
    hint = trace_hint(trace, index)
    assert hint is not None
    chain = step_chain(step.premises)
    assert chain is not None
    ((r, c, v),) = step.cells
    assert (chain.row, chain.column) == (r, c) and chain.assumed == 1 - v
    assert hint.where.startswith(f"Look at row {r + 1}, column {c + 1}")
    assert hint.technique.startswith("Use Contradiction (tier 6)")
    was = "filled" if chain.assumed == FILLED else "empty"
    assert hint.premise.startswith(f"Suppose row {r + 1}, column {c + 1} were {was} → ")
    first, second = chain.lines[:2]
    assert f"→ {first.name}: cell" in hint.premise and f"→ {second.name}: cell" in hint.premise
    assert "no room" in hint.premise and chain.dead_line().name not in hint.premise.split("…")[0]
    assert hint.shown_premises == step.premises[:3]
    assert hint.cells == step.text
    # the chain, read from the premises: numbered in order, the dead line last, its cells placed
    assert [line.number for line in chain.lines] == list(range(1, len(chain.lines) + 1))
    assert [line.dead for line in chain.lines] == [False] * (len(chain.lines) - 1) + [True]
    for line, premise in zip(chain.lines, step.premises[1:], strict=True):
        assert premise["claims"][0]["axis"] == line.axis
        along = [(cc if line.axis == "row" else rr, vv) for rr, cc, vv in line.cells]
        assert along == [tuple(cell) for cell in premise["cells"]]
        assert all((rr if line.axis == "row" else cc) == line.index for rr, cc, _ in line.cells)
    # a link whose line decides more cells than the chain uses says its cells are some of them
    # (Petroglyph step 57's first link, in the survey: "row 25: cells 13, 20, 28, 31 empty")
    used = [dict(p) for p in step.premises]
    used[1] = {**used[1], "claims": [{**used[1]["claims"][0], "used": True}]}
    marked = hint_ladder(replace(step, premises=used), puzzle).premise
    assert marked.split(" → ")[1].endswith(", among others") and "among" not in hint.premise
    assert marked.count("among others") == 1
    partial = step_chain(hint.shown_premises)
    assert partial is not None and [x.name for x in partial.lines] == [first.name, second.name]
    assert step_chain(trace.steps[0].premises) is None


def test_the_ladder_follows_the_traces_order_from_any_grid_on_the_way() -> None:
    """A tutor's pace: the hint from the grid after k steps of a trace is the trace's step k+1
    (the easiest step anywhere), contradictions included."""
    _, puzzle = read_all(SAMPLES / "webpbn-00023-edge.non")[0]
    trace = rule_trace(puzzle, LEARNED.rules)
    kinds = set()
    for k, step in enumerate(trace.steps):
        hint = next_hint(puzzle, trace.grid_after(k), LEARNED.rules)
        assert hint is not None
        got = hint.step
        assert (got.technique, got.axis, got.index, got.cells) == (
            step.technique,
            step.axis,
            step.index,
            step.cells,
        ), k
        assert hint.texts() == trace_hint(trace, k).texts()
        kinds.add(step.technique)
    assert "contradiction" in kinds and len(kinds) >= 4


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
    hint = hint_ladder(first, puzzle)
    assert "None of your rules covers this step." in hint.technique
    full = np.full((3, 3), FILLED, dtype=np.int8)
    assert next_hint(puzzle, full, LEARNED.rules) is None


def test_a_replayed_trace_hints_at_the_step_after_the_position() -> None:
    trace = rule_trace(PROBE_PUZZLE, LEARNED.rules)
    steps = len(trace.steps)
    for position in (0, steps // 2, steps - 1):
        hint = trace_hint(trace, position)
        assert hint is not None and hint.step == trace.steps[position]
        assert hint.texts() == hint_ladder(trace.steps[position], PROBE_PUZZLE).texts()
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
