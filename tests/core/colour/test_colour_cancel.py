"""The colour solver's cancel, deadline and progress: the protocol of the black-and-white solver
(``should_stop()`` cancels: UNDECIDED with ``cancelled``; the time limit: ``timed_out``;
``progress(fraction, message)`` now and then), in line logic, in the probing search and between
SAT slices."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from nonostudio.core.colour.solver import clues_of_grid, solve_colour
from nonostudio.core.solver import Verdict


def _pigeonhole(size: int) -> tuple[list, list]:
    """``size`` rows of one red cell in ``size - 1`` columns of one red cell each: no solution,
    and neither search nor SAT sees it quickly."""
    return [((1, 1),)] * size, [((1, 1),)] * (size - 1)


def _after(seconds: float) -> Callable[[], bool]:
    """A ``should_stop`` that turns true ``seconds`` after it is made."""
    end = time.monotonic() + seconds
    return lambda: time.monotonic() > end


def _random_grid(rng: random.Random, height: int, width: int, ncolours: int) -> list[list[int]]:
    return [[rng.randrange(ncolours) for _ in range(width)] for _ in range(height)]


def test_cancelled_before_line_logic() -> None:
    rows, cols = clues_of_grid(_random_grid(random.Random(1), 30, 30, 5))
    result = solve_colour(rows, cols, 5, should_stop=lambda: True)
    assert result.verdict is Verdict.UNDECIDED
    assert result.cancelled and not result.timed_out
    assert result.line_solves == 0


def test_cancelled_during_search() -> None:
    rows, cols = _pigeonhole(14)
    started = time.monotonic()
    result = solve_colour(
        rows, cols, 2, time_limit=60.0, search_budget=None, should_stop=_after(0.3)
    )
    assert result.verdict is Verdict.UNDECIDED
    assert result.cancelled and not result.timed_out and not result.sat
    assert result.nodes > 10
    assert time.monotonic() - started < 2.0


def test_cancelled_during_sat() -> None:
    rows, cols = _pigeonhole(14)
    started = time.monotonic()
    result = solve_colour(rows, cols, 2, time_limit=60.0, search_budget=0, should_stop=_after(0.3))
    assert result.verdict is Verdict.UNDECIDED
    assert result.cancelled and not result.timed_out and result.sat
    assert time.monotonic() - started < 2.0


def test_the_time_limit_is_not_a_cancel() -> None:
    result = solve_colour(*_pigeonhole(14), 2, time_limit=0.2, should_stop=lambda: False)
    assert result.verdict is Verdict.UNDECIDED and result.timed_out and not result.cancelled


def test_a_stop_never_asked_changes_nothing() -> None:
    rng = random.Random(3)
    for _ in range(20):
        rows, cols = clues_of_grid(_random_grid(rng, 6, 7, 3))
        plain = solve_colour(rows, cols, 3)
        asked = solve_colour(rows, cols, 3, should_stop=lambda: False, progress=lambda f, m: None)
        assert (asked.verdict, asked.solution, asked.alternate, asked.grid) == (
            plain.verdict,
            plain.solution,
            plain.alternate,
            plain.grid,
        )
        assert not asked.cancelled


def test_progress_reports_fractions_and_words() -> None:
    calls: list[tuple[float, str]] = []
    rng = random.Random(7)
    searched = None
    while searched is None:  # a random picture whose line logic stops short
        rows, cols = clues_of_grid(_random_grid(rng, 8, 8, 3))
        calls.clear()
        result = solve_colour(rows, cols, 3, progress=lambda f, m: calls.append((f, m)))
        if result.verdict is not Verdict.UNIQUE_LINE:
            searched = result
    assert calls and all(0.0 <= f <= 1.0 and m for f, m in calls)
    assert calls[0][1].startswith("line logic:")
    assert calls[-1] == (1.0, searched.verdict.label)
