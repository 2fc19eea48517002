"""The colour SAT stage asks ``should_stop`` (and so the deadline, asked with it) while it makes
the formula and hands it to CaDiCaL, not only between the search's slices: a stop that turns
true part way ends the run at the next poll, UNDECIDED and cancelled.  Polls are counted, not
timed."""

from __future__ import annotations

import random

import pytest

from nonostudio.core.colour import sat
from nonostudio.core.colour.solver import clues_of_grid, solve_colour
from nonostudio.core.solver import Verdict


def picture() -> tuple[list, list]:
    """The clues of a random half-filled red 30x30 picture with a blue and a green corner: line
    logic leaves 595 of its 900 cells to the SAT stage (forced with ``search_budget=0``)."""
    rng = random.Random(0)
    grid = [[0 if rng.random() < 0.5 else 1 for _ in range(30)] for _ in range(30)]
    grid[0][0], grid[29][29] = 2, 3
    return clues_of_grid(grid)


class Stop:
    """A ``should_stop`` that turns true once ``start()`` is called, counting the polls after."""

    def __init__(self) -> None:
        self.started = False
        self.polls_after = 0

    def start(self) -> None:
        self.started = True

    def __call__(self) -> bool:
        if self.started:
            self.polls_after += 1
        return self.started


def test_a_stop_while_the_lines_are_encoded_ends_at_the_next_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stop = Stop()
    encoded = []
    encode_line = sat._encode_line

    def first_line_starts_the_stop(*args: object) -> bool:
        encoded.append(1)
        stop.start()
        return encode_line(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(sat, "_encode_line", first_line_starts_the_stop)
    rows, cols = picture()
    result = solve_colour(rows, cols, 4, time_limit=None, search_budget=0, should_stop=stop)
    assert result.verdict is Verdict.UNDECIDED and result.sat
    assert result.cancelled and not result.timed_out
    # One line encoded of the 60 (the old code encoded all of them, then stopped at the first
    # slice of the search), the stop seen at the first poll after it.
    assert len(encoded) == 1 and stop.polls_after == 1


def test_a_stop_while_the_clauses_are_handed_to_cadical_ends_at_the_next_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pysat import solvers

    stop = Stop()
    handed: list[int] = []

    class Counting(solvers.Solver):
        """CaDiCaL, counting the clauses it is given; the stop starts at the first chunk."""

        def __init__(self, *args: object, bootstrap_with: list | None = None, **kw: object):
            super().__init__(*args, bootstrap_with=bootstrap_with, **kw)
            handed.append(len(bootstrap_with or ()))

        def append_formula(self, formula: list, no_return: bool = True) -> None:
            handed.append(len(formula))
            stop.start()
            super().append_formula(formula, no_return)

    monkeypatch.setattr(solvers, "Solver", Counting)
    monkeypatch.setattr(sat, "HAND_CHUNK", 100, raising=False)  # (old code: none)
    rows, cols = picture()
    result = solve_colour(rows, cols, 4, time_limit=None, search_budget=0, should_stop=stop)
    assert result.verdict is Verdict.UNDECIDED and result.sat
    assert result.cancelled and not result.timed_out
    # One chunk of the formula's thousands of clauses handed (the old code handed them all at
    # once, before any poll), the stop seen at the poll before the next.
    assert handed == [0, 100] and stop.polls_after == 1


def test_with_no_stop_the_verdict_is_the_same() -> None:
    rows, cols = picture()
    stop = Stop()
    result = solve_colour(rows, cols, 4, time_limit=None, search_budget=0, should_stop=stop)
    assert result.verdict is Verdict.MULTIPLE and result.sat and not result.cancelled
