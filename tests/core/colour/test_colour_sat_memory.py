"""The colour SAT stage and the memory budget: a formula too large for it is not made, and the
verdict is undecided with the reason in the black-and-white solver's words; the size estimate
against the formula the encoding makes."""

from __future__ import annotations

import random

import pytest

from nonostudio.core.colour import sat
from nonostudio.core.colour.solver import _Solver, clues_of_grid, solve_colour
from nonostudio.core.satsolver import SatTooLarge
from nonostudio.core.solver import Verdict


def picture(n: int, seed: int) -> list[list[int]]:
    """A random half-filled red picture with a blue cell and a green one in opposite corners: line
    logic leaves most of its cells (of 30x30, seed 0: 595 of 900) to the later stages."""
    rng = random.Random(seed)
    grid = [[0 if rng.random() < 0.5 else 1 for _ in range(n)] for _ in range(n)]
    grid[0][0], grid[n - 1][n - 1] = 2, 3
    return grid


def undecided_after_line_logic(rows: list, cols: list, ncolours: int) -> tuple[list[int], int]:
    """The cell sets line logic reaches and how many of them hold one colour."""
    solver = _Solver(rows, cols, ncolours, None)
    grid = [(1 << ncolours) - 1] * (len(rows) * len(cols))
    assert solver.propagate(grid, range(len(rows) + len(cols))) is not None
    return grid, sum(1 for cell in grid if not cell & (cell - 1))


@pytest.fixture
def no_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Encoding the formula fails the test."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the formula was encoded")

    monkeypatch.setattr(sat, "encode_colour", refuse)


def test_a_formula_over_the_budget_is_not_made(no_encoding: None) -> None:
    rows, cols = clues_of_grid(picture(30, 0))
    _, known = undecided_after_line_logic(rows, cols, 4)
    assert known < 900
    result = solve_colour(rows, cols, 4, time_limit=None, search_budget=0, memory_budget=1000)
    assert result.verdict is Verdict.UNDECIDED and result.sat
    assert not result.timed_out and not result.cancelled
    assert result.reason.startswith("too large for the complete solver: about ")
    assert " clauses, ~" in result.reason
    assert "against a memory budget of 1,000 bytes" in result.reason
    assert result.reason.endswith(f"; line logic decided {known:,} of 900 cells")
    assert sum(1 for row in result.grid for cell in row if not cell & (cell - 1)) == known


def test_the_reason_gives_the_formulas_size() -> None:
    rows, cols = clues_of_grid(picture(30, 0))
    grid, _ = undecided_after_line_logic(rows, cols, 4)
    lines = sat.line_starts(grid, rows, cols, 4)
    assert lines is not None
    variables, clauses = sat.colour_formula_size(grid, lines)
    fits = clauses * sat.BYTES_PER_CLAUSE
    with pytest.raises(SatTooLarge) as raised:
        sat.sat_colour_solutions(grid, rows, cols, 4, memory_budget=fits - 1)
    assert (raised.value.variables, raised.value.clauses) == (variables, clauses)
    assert raised.value.needed == clauses * sat.BYTES_PER_CLAUSE
    # At the budget the formula fits: two solutions.
    assert len(sat.sat_colour_solutions(grid, rows, cols, 4, memory_budget=fits)) == 2


@pytest.mark.parametrize(("n", "seed", "ncolours"), [(30, 0, 4), (40, 2, 4), (30, 0, 6)])
def test_the_estimate_against_the_formula_made(n: int, seed: int, ncolours: int) -> None:
    rows, cols = clues_of_grid(picture(n, seed))
    grid, _ = undecided_after_line_logic(rows, cols, ncolours)
    lines = sat.line_starts(grid, rows, cols, ncolours)
    assert lines is not None
    variables, clauses = sat.colour_formula_size(grid, lines)
    encoded = sat.encode_colour(grid, rows, cols, ncolours)
    assert encoded is not None
    formula, _ = encoded
    assert variables == formula.count
    # (3-4 % above on random 300x300 to 500x500 pictures; more on small ones, 13 % here)
    assert len(formula.clauses) <= clauses <= 1.2 * len(formula.clauses)


def test_running_out_of_memory_in_the_sat_stage_is_undecided_with_the_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def out_of_memory(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(sat, "encode_colour", out_of_memory)
    rows, cols = clues_of_grid(picture(30, 0))
    _, known = undecided_after_line_logic(rows, cols, 4)
    result = solve_colour(rows, cols, 4, time_limit=None, search_budget=0)
    assert result.verdict is Verdict.UNDECIDED and not result.timed_out
    assert result.reason == (
        f"out of memory in the complete solver's SAT stage; line logic decided {known:,} of 900 "
        "cells"
    )


def test_a_puzzle_that_fits_has_no_reason() -> None:
    rows, cols = clues_of_grid(picture(30, 0))
    result = solve_colour(rows, cols, 4, time_limit=None, search_budget=0)
    assert result.verdict is Verdict.MULTIPLE and result.sat and result.reason == ""
