"""The SAT stage's memory guard: a formula that would not fit in the memory budget is not made
(the verdict is UNDECIDED with the reason), a MemoryError in the SAT stage ends the same way, and
the size the guard reads before encoding is that of the encoding."""

from __future__ import annotations

import numpy as np
import pytest

from nonostudio.core import satsolver
from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.order_encoding import encode, formula_size, size_bound
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve


def _random_puzzle(n: int, seed: int, density: float = 0.5) -> Puzzle:
    rng = np.random.default_rng(seed)
    picture = np.where(rng.random((n, n)) < density, FILLED, CROSSED).astype(np.int8)
    return Puzzle.from_grid(picture).without_goal()


@pytest.fixture
def no_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make any encoding by the SAT stage fail the test."""

    def encode_fails(*args: object, **kwargs: object) -> None:
        raise AssertionError("the formula was encoded")

    monkeypatch.setattr(satsolver, "encode", encode_fails)


def test_a_formula_past_the_budget_is_not_encoded(no_encoding: None) -> None:
    puzzle = _random_puzzle(20, 7)  # line logic leaves 358 of 400 cells: the SAT stage's
    state = GridState(puzzle)
    state.propagate()
    formula = encode(state)  # (not the fixture's: this module's own encode)
    assert formula is not None
    variables = formula.count
    result = solve(puzzle, memory_budget=10_000)
    assert result.verdict is Verdict.UNDECIDED
    assert not result.timed_out and not result.cancelled
    reason = result.reason
    assert reason.startswith(f"too large for the complete solver: about {variables:,} variables")
    assert "against a memory budget of 10,000 bytes" in reason
    assert reason.endswith(f"; line logic decided {state.known:,} of 400 cells")
    assert result.stats.sat_variables == 0  # no formula was made


def test_a_formula_within_the_budget_is_solved_as_before() -> None:
    puzzle = _random_puzzle(20, 7)
    assert solve(puzzle, memory_budget=10_000).verdict is Verdict.UNDECIDED
    result = solve(puzzle, memory_budget=100_000_000)
    assert result.verdict is Verdict.MULTIPLE and result.reason == ""
    assert result.stats.sat_variables > 0


def test_memory_error_in_the_sat_stage_is_undecided_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def encode_runs_out(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(satsolver, "encode", encode_runs_out)
    result = solve(_random_puzzle(20, 7))
    assert result.verdict is Verdict.UNDECIDED and not result.timed_out
    assert result.reason.startswith("out of memory in the complete solver's SAT stage")
    assert "line logic decided" in result.reason


def test_a_stop_while_sizing_is_a_stop(no_encoding: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Counting a large formula's block starts asks should_stop() (a random 1000x1000 puzzle's
    take 0.7 s): a stop there is a cancelled run, not a verdict on the size."""
    sizing = []
    bound = satsolver.size_bound

    def size_bound_then_stop(state: GridState) -> tuple[int, int]:
        sizing.append(True)  # the stop comes once the sizing has begun
        return bound(state)

    monkeypatch.setattr(satsolver, "size_bound", size_bound_then_stop)
    result = solve(_random_puzzle(20, 7), should_stop=lambda: bool(sizing), memory_budget=10_000)
    assert sizing and result.verdict is Verdict.UNDECIDED
    assert result.cancelled and result.reason == ""


@pytest.mark.parametrize("seed", range(12))
def test_the_size_read_before_encoding_is_the_encoding_s(seed: int) -> None:
    """formula_size's variables are encode's; its clauses an estimate at or above encode's
    (within 1.6x here); size_bound is above both."""
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(5, 25)), int(rng.integers(5, 25))
    picture = np.where(rng.random((n, m)) < rng.uniform(0.3, 0.8), FILLED, CROSSED)
    puzzle = Puzzle.from_grid(picture.astype(np.int8)).without_goal()
    state = GridState(puzzle)
    for r, c in zip(rng.integers(0, n, 6), rng.integers(0, m, 6), strict=True):
        state.set_cell(int(r), int(c), int(picture[r, c]))  # some cells decided, as line logic may
    formula = encode(state)
    size = formula_size(state)
    assert formula is not None and size is not None
    variables, clauses = size
    assert variables == formula.count
    assert len(formula.clauses) <= clauses <= 1.6 * len(formula.clauses) + 10
    bound_variables, bound_clauses = size_bound(state)
    assert bound_variables >= variables and bound_clauses >= clauses


def test_the_default_budget_is_a_share_of_what_is_available_with_a_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(satsolver, "_available_memory", lambda: 16 << 30)
    assert satsolver.default_memory_budget() == 8 << 30
    monkeypatch.setattr(satsolver, "_available_memory", lambda: 100 << 20)
    assert satsolver.default_memory_budget() == satsolver.MEMORY_FLOOR
    monkeypatch.undo()
    assert satsolver.default_memory_budget() >= satsolver.MEMORY_FLOOR
