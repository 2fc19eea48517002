"""The one progress protocol of nonostudio: ``progress(fraction, message)`` and ``should_stop()``.

Every long computation (solver, prover, optimiser, coverage, learning runner, CLI and GUI
workers) reports through a :data:`ProgressCallback`: ``fraction`` is the share done, from 0.0 to
1.0, and ``message`` says in words what is being done ("line 12 of 30", "proving for 17 cells").
Counting code turns its counts into that shape with :func:`report_count`, so shapes cannot drift.
"""

from __future__ import annotations

import time
from collections.abc import Callable

ProgressCallback = Callable[[float, str], None]
"""``progress(fraction, message)``: ``fraction`` in [0, 1], ``message`` a short phrase."""

StopCallback = Callable[[], bool]
"""``should_stop()``: true when the caller wants the computation to end early."""


def fraction_of(done: int, total: int) -> float:
    """``done / total`` clamped to [0, 1]; 1.0 for an empty total."""
    if total <= 0:
        return 1.0
    return min(1.0, max(0.0, done / total))


def report_count(progress: ProgressCallback | None, done: int, total: int, message: str) -> None:
    """Report ``done`` of ``total`` steps with ``message`` (nothing when ``progress`` is None)."""
    if progress is not None:
        progress(fraction_of(done, total), message)


def per_percent(progress: ProgressCallback) -> ProgressCallback:
    """``progress`` told only when the whole percent changes: a computation that reports every
    step (a colour trace: thousands) sends a GUI at most about a hundred messages."""
    last = -1

    def report(fraction: float, message: str) -> None:
        nonlocal last
        percent = int(100 * fraction)
        if percent != last:
            last = percent
            progress(fraction, message)

    return report


def sub_range(
    progress: ProgressCallback | None, start: float, end: float
) -> ProgressCallback | None:
    """A callback that reports its own [0, 1] as ``progress``'s [``start``, ``end``].

    For one stage of a longer computation: the stage counts from 0 to 1 and the whole moves from
    ``start`` to ``end``.  None when ``progress`` is None, so a stage can skip its reporting.
    """
    if progress is None:
        return None
    span = end - start

    def stage(fraction: float, message: str) -> None:
        progress(start + span * min(1.0, max(0.0, fraction)), message)

    return stage


class TimeLimit:
    """A ``should_stop()`` that turns true once ``seconds`` have passed since it was made (never,
    for None), or as soon as ``should_stop`` does; :attr:`reached` tells the two apart."""

    def __init__(self, seconds: float | None, should_stop: StopCallback | None = None) -> None:
        self.seconds = seconds
        self._should_stop = should_stop
        self._end = None if seconds is None else time.monotonic() + seconds

    @property
    def reached(self) -> bool:
        """True once the time is up (whatever ``should_stop`` says)."""
        return self._end is not None and time.monotonic() >= self._end

    def remaining(self) -> float | None:
        """Seconds left (at least 0), None without a limit."""
        return None if self._end is None else max(0.0, self._end - time.monotonic())

    def __call__(self) -> bool:
        return self.reached or (self._should_stop is not None and self._should_stop())
