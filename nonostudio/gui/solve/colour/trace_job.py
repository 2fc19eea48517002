"""The colour Solve view's work, run in a worker process: the colour trace of a puzzle.  A
module-level function of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it."""

from __future__ import annotations

from nonostudio.analysis.colour.trace import ColourTrace, colour_trace
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.progress import ProgressCallback, StopCallback, per_percent


def trace_colour_puzzle(
    puzzle: ColourPuzzle,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
    memory_budget: int | None = None,
) -> ColourTrace:
    """The colour trace of ``puzzle`` within ``time_limit`` seconds (its progress told once a
    percent: the trace reports every step), the colour solver's formula within
    ``memory_budget`` bytes (None: its default; the studio passes the job's share)."""
    return colour_trace(
        puzzle,
        time_limit=time_limit,
        progress=per_percent(progress),
        should_stop=should_stop,
        memory_budget=memory_budget,
    )
