"""Depth-1 probe trials remembered across probe steps: every answer is the trial's from scratch.

:class:`~nonostudio.analysis.tracing.trial_memory.TrialMemory` answers "does line logic refute
this assumption on this grid?" from what earlier trials found: a not-refuted trial's fixed
point, and (on a grid of any size) the assumptions once refuted, which stay refuted on the
trace's later grids.  Here it is asked about every undecided cell, both values, on each grid a
trace probed at, in the trace's order (all at once, as a probe step's candidates, then one by
one), and each answer is compared with a plain trial.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from nonostudio.analysis.tracing import trial_memory
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.analysis.tracing.trial_memory import TrialMemory
from nonostudio.core.formats import read_all
from nonostudio.core.gridstate import Contradiction, GridState
from nonostudio.core.line import CROSSED, FILLED, UNKNOWN
from nonostudio.core.puzzle import Puzzle

SAMPLES = Path(__file__).resolve().parents[3] / "resources" / "samples"


def from_scratch(puzzle: Puzzle, grid: list[list[int]], r: int, c: int, assumed: int) -> bool:
    state = GridState.from_grid(puzzle, np.asarray(grid))
    state.set_cell(r, c, assumed)
    try:
        state.propagate()
    except Contradiction:
        return True
    return False


def undecided_and_refuted(
    puzzle: Puzzle, grid: list[list[int]]
) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]]]:
    """The grid's undecided cells in reading order, and the assumptions on them (filled, then
    empty) a trial from scratch refutes."""
    undecided = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == UNKNOWN]
    expected = [
        (r, c, assumed)
        for r, c in undecided
        for assumed in (FILLED, CROSSED)
        if from_scratch(puzzle, grid, r, c, assumed)
    ]
    return undecided, expected


@pytest.mark.parametrize(
    ("sample", "memory"),
    [("webpbn-00023-edge.non", True), ("webpbn-00023-edge.non", False)]
    + [("webpbn-00027-bucks.non", True)],
)
def test_every_answer_is_the_trial_from_scratch(
    sample: str, memory: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not memory:  # as on a large grid: only the refuted assumptions are remembered
        monkeypatch.setattr(trial_memory, "MEMORY_CELLS", 0)
    ((_, puzzle),) = read_all(SAMPLES / sample)
    trace = rule_trace(puzzle, [])
    probes = [i for i, step in enumerate(trace.steps) if step.kind == "probe"]
    assert len(probes) >= 3
    trials = TrialMemory(puzzle)
    remembered = 0
    for index in probes:
        grid = [[int(v) for v in row] for row in trace.grid_after(index)]
        trials.start(trials.grid_state(grid))
        # Refutations remembered from earlier grids, their cells still undecided here.
        remembered += sum(grid[r][c] == UNKNOWN for r, c, _ in trials.refutations)
        undecided, expected = undecided_and_refuted(puzzle, grid)
        # The probe step's candidates (first_refuted: its own fast answers, else refuted),
        # then each assumption asked again alone.
        assert list(trials.first_refuted(undecided)) == expected, index
        for r, c in undecided:
            for assumed in (FILLED, CROSSED):
                got = trials.refuted(r, c, assumed)
                assert got == ((r, c, assumed) in expected), (index, r, c, assumed)
    assert remembered > 0  # some answers came from refutations remembered on earlier grids


def test_reach_is_the_count_of_line_logic_from_scratch() -> None:
    # reach (the guess's count) from remembered trials, refreshed or resumed on later grids,
    # equals the cells a trial from scratch decides; None where it refutes.
    ((_, puzzle),) = read_all(SAMPLES / "webpbn-00023-edge.non")
    trace = rule_trace(puzzle, [])
    probes = [i for i, step in enumerate(trace.steps) if step.kind == "probe"]
    trials = TrialMemory(puzzle)
    remembered = 0
    for index in probes:
        grid = [[int(v) for v in row] for row in trace.grid_after(index)]
        trials.start(trials.grid_state(grid))
        undecided = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v < 0]
        list(trials.first_refuted(undecided))  # (as a probe step: trials remembered)
        for r, c in undecided:
            for assumed in (FILLED, CROSSED):
                remembered += (r, c, assumed) in trials.memory
                state = GridState.from_grid(puzzle, np.asarray(grid))
                state.set_cell(r, c, assumed)
                try:
                    state.propagate()
                    expected: int | None = state.known
                except Contradiction:
                    expected = None
                assert trials.reach(r, c, assumed) == expected, (index, r, c, assumed)
    assert remembered > 0


@pytest.mark.parametrize("witness", ["solution", "inverted"])
def test_a_solution_and_the_trials_fixed_points_answer_only_what_they_prove(witness: str) -> None:
    # The assumptions a solution within the grid holds are not tried, nor those a not-refuted
    # trial's fixed point holds (certified); the answers are still every trial's from scratch.
    # The inverted "solution" (every cell the other value) is no solution within any probe grid:
    # taken at its word it would hide every refuted assumption, so it must be left unused.
    ((_, puzzle),) = read_all(SAMPLES / "webpbn-00027-bucks.non")
    trace = rule_trace(puzzle, [])
    solution = np.asarray(trace.grid_after(len(trace.steps)))
    assert (solution != UNKNOWN).all()
    given = solution if witness == "solution" else 1 - solution
    trials = TrialMemory(puzzle)
    trials.set_witness(given.tolist())
    probes = [i for i, step in enumerate(trace.steps) if step.kind == "probe"]
    assert len(probes) >= 3
    certified = 0
    for index in probes:
        grid = [[int(v) for v in row] for row in trace.grid_after(index)]
        trials.start(trials.grid_state(grid))
        fills, crosses = trials.certified
        used = witness == "solution"
        assert (fills != 0) == used  # (the solution's cells, or none)
        undecided, expected = undecided_and_refuted(puzzle, grid)
        assert list(trials.first_refuted(undecided)) == expected, index
        if not used:  # every certified cell came from a trial's fixed point here
            certified += (trials.certified[0] | trials.certified[1]).bit_count()
        for r, c in undecided:
            for assumed in (FILLED, CROSSED):
                got = trials.refuted(r, c, assumed)
                assert got == ((r, c, assumed) in expected), (index, r, c, assumed)
    if witness == "inverted":
        assert certified > 0


@pytest.mark.parametrize("sample", ["webpbn-00023-edge.non", "jwilk-038-bike.non"])
def test_a_trace_is_the_same_with_the_solution_the_probe_steps_look_for(
    sample: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The probe steps take a solution of the puzzle (at a trace's WITNESS_AFTER-th probe step)
    # to skip the trials of what it holds: every step is the same as without it.
    from nonostudio.analysis.tracing import trace_fallbacks

    ((_, puzzle),) = read_all(SAMPLES / sample)
    given = []
    plain_set = TrialMemory.set_witness

    def set_witness(self: TrialMemory, solution: object) -> None:
        given.append(solution)
        plain_set(self, solution)  # type: ignore[arg-type]

    monkeypatch.setattr(TrialMemory, "set_witness", set_witness)
    with_solution = rule_trace(puzzle, []).steps
    assert len(given) == 1 and given[0] is not None
    after = trace_fallbacks.WITNESS_AFTER
    monkeypatch.setattr(trace_fallbacks, "WITNESS_AFTER", 10**9)
    without = rule_trace(puzzle, []).steps
    assert len(given) == 1
    assert sum(step.kind == "probe" for step in without) >= after + 5  # (Bike: 12)
    assert with_solution == without


def test_the_solution_looked_for_inside_a_trace_stops_with_the_trace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The probe steps' solution search (up to WITNESS_SECONDS) runs inside the trace: a user who
    # cancels the trace while it runs stops it too, and the trace ends there, interrupted.
    from nonostudio.analysis.tracing import trace_fallbacks
    from nonostudio.core.solver import Verdict

    ((_, puzzle),) = read_all(SAMPLES / "jwilk-038-bike.non")
    stop = [False]
    verdicts = []
    plain_solve = trace_fallbacks.solve

    def solve(*args: object, **kwargs: object) -> object:
        stop[0] = True  # (cancelled as the search starts)
        result = plain_solve(*args, **kwargs)  # type: ignore[arg-type]
        verdicts.append(result.verdict)
        return result

    monkeypatch.setattr(trace_fallbacks, "solve", solve)
    trace = rule_trace(puzzle, [], should_stop=lambda: stop[0])
    assert verdicts == [Verdict.UNDECIDED]
    assert trace.interrupted and not trace.solved
