"""Rule-based solving traces: solve a puzzle step by step as a player using a rule set would.

:func:`rule_trace` works the lines through a queue with the rules, then falls back on line
logic beyond the rules, a depth-1 probe and the complete solver; by default every step is a
technique's complete move with its explanation (:func:`rule_set_trace` traces with a rule
set's rules).  The state and the rule steps are in :mod:`nonostudio.analysis.tracing.tracer`, the
fallbacks in :mod:`nonostudio.analysis.tracing.trace_fallbacks`; how a trace proceeds is described
in docs/design/analysis.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tracing.steps import RULE, Step, Trace
from nonostudio.analysis.tracing.trace_fallbacks import (
    deep_probe_step,
    line_step,
    probe_step,
    search_step,
)
from nonostudio.analysis.tracing.tracer import Tracer
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.language.ast import Rule

if TYPE_CHECKING:
    from nonostudio.rules.ruleset import RuleSet

__all__ = ["rule_trace", "rule_set_trace"]


def rule_trace(
    puzzle: Puzzle,
    rules: Sequence[Rule],
    *,
    rule_set: str = "",
    fallback: bool = True,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    start_grid: np.ndarray | None = None,
    max_steps: int | None = None,
    complete_moves: bool = True,
    memory_budget: int | None = None,
) -> Trace:
    """Solve ``puzzle`` with ``rules`` step by step and record every step.

    Deterministic: lines are looked at rows first, then columns, then in the order cells were
    decided; on a line, rules in the given order, forward before flipped, bindings in the
    interpreter's order.  Without ``fallback`` the trace stops where the rules get stuck.
    ``progress(fraction decided, message)`` is called after each step; ``should_stop()``
    returning True ends the trace early (``interrupted``), as does reaching ``max_steps``.
    With complete moves and fallbacks, each step is the easiest technique deciding a cell
    anywhere in the grid (a tutor's pace; puzzles up to :data:`TUTOR_MAX_CELLS` cells).
    ``start_grid`` (cells already decided, e.g. by a player asking for a hint) makes the steps
    continue from that grid; ``grid_after`` replays from an empty grid, so use it only for
    traces without one.  ``complete_moves`` (default) makes every step a technique's complete
    move with its explanation (see docs/design/analysis.md); False gives one rule fill per step.
    ``memory_budget`` is the bytes the complete solver's formula may take when a fallback asks
    it (None: the solver's default); a formula over it ends the trace, ``stop_reason`` saying so.
    Raises :class:`~nonostudio.analysis.tracing.unsound.UnsoundRuleError` when a rule's fill
    contradicts the line solver and InconsistentPuzzleError when the puzzle has no solution.
    """
    started = time.perf_counter()
    tracer = Tracer(puzzle, rules, start_grid, complete_moves)
    total = puzzle.width * puzzle.height
    interrupted = False

    def stopped() -> bool:
        if max_steps is not None and len(tracer.steps) >= max_steps:
            return True
        return should_stop is not None and should_stop()

    def report(step: Step) -> None:
        if progress is not None:
            what = (
                BY_ID[step.technique].name
                if step.technique
                else step.rule
                if step.kind == RULE
                else step.kind
            )
            progress(1 - tracer.unknown / total, f"step {len(tracer.steps)}: {what}")

    tutor = complete_moves and fallback and puzzle.width * puzzle.height <= TUTOR_MAX_CELLS
    while tracer.unknown:
        if tutor:
            interrupted = _tutor_steps(tracer, stopped, report) or stopped()
        else:
            interrupted = _rule_steps(tracer, stopped, report) or stopped()
        if interrupted or not tracer.unknown or not fallback:
            break
        step = (None if tutor else line_step(tracer)) or probe_step(
            tracer, should_stop, memory_budget
        )
        if step is None and not stopped():
            step = deep_probe_step(tracer, should_stop)
        if step is None and not stopped():
            step = search_step(tracer, should_stop, memory_budget)
        if step is None:
            interrupted = True
            break
        tracer.record(step)
        report(step)
    if tracer.unknown == 0:
        tracer.check_complete()
    return Trace(
        puzzle,
        rule_set,
        tracer.steps,
        tracer.unknown == 0,
        time.perf_counter() - started,
        interrupted,
        tracer.search,
    )


def rule_set_trace(
    puzzle: Puzzle,
    rule_set: RuleSet,
    *,
    progress: ProgressCallback | None = None,
    should_stop: StopCallback | None = None,
    memory_budget: int | None = None,
) -> Trace:
    """:func:`rule_trace` of ``puzzle`` with the rules of ``rule_set``, the trace named after
    the set (``memory_budget``: the complete solver's, None its default)."""
    return rule_trace(
        puzzle,
        rule_set.rules,
        rule_set=rule_set.name,
        progress=progress,
        should_stop=should_stop,
        memory_budget=memory_budget,
    )


TUTOR_MAX_CELLS = 160 * 160
"""Puzzles up to this many cells are traced at a tutor's pace (the easiest step anywhere, every
changed line looked at again after each step); larger ones, far beyond what a player studies
step by step (Cauldron is 512x512), line by line from a queue with the rules first (a
technique's move on the line a rule fires on), which is many times faster there."""


def _tutor_steps(
    tracer: Tracer, stopped: Callable[[], bool], report: Callable[[Step], None]
) -> bool:
    """Take a tutor's steps (:meth:`Tracer.easiest_step`) until line logic is stuck or the grid
    is full; True when ``stopped()`` ended it first."""
    if not tracer.steps:
        tracer.audit_all()  # the rules on every line as it starts
    while tracer.unknown:
        if stopped():
            return True
        step = tracer.easiest_step()
        if step is None:
            return False
        tracer.record(step)
        report(step)
    return False


def _rule_steps(
    tracer: Tracer, stopped: Callable[[], bool], report: Callable[[Step], None]
) -> bool:
    """Work the queue of lines with the rules until it is empty or the grid is full; True when
    ``stopped()`` ended it first."""
    while tracer.queue and tracer.unknown:
        if stopped():
            return True
        key = tracer.queue[0]
        step = tracer.rule_step(*key)
        if step is None:
            tracer.queue.popleft()
            tracer.queued.discard(key)
            continue
        tracer.record(step)
        report(step)
    return False
