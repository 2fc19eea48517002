"""The Solve view's work, run in a worker process: the trace of a puzzle solved with a rule set
and a sentence per step, and a hint from the player's grid (:func:`find_hint`).  Module-level
functions of picklable arguments ending in ``progress`` and ``should_stop``
(:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a worker process never
loads it."""

from __future__ import annotations

import numpy as np

from nonostudio.analysis.explaining.narrate import narrate
from nonostudio.analysis.helping.hints import HintLadder, next_hint
from nonostudio.analysis.tracing.steps import Trace
from nonostudio.analysis.tracing.trace import rule_set_trace
from nonostudio.analysis.typos import broken_line
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.line import UNKNOWN
from nonostudio.core.progress import ProgressCallback, StopCallback, TimeLimit
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.solve.replay import NoSolution, grid_contradiction, no_solution
from nonostudio.rules.ruleset import RuleSet


def trace_puzzle(
    puzzle: Puzzle,
    rule_set: RuleSet,
    titles: dict[str, str],
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
    memory_budget: int | None = None,
) -> tuple[Trace, list[str]] | NoSolution:
    """The trace and a sentence per step within ``time_limit`` seconds, or, for a puzzle with no
    solution, what is wrong in words (never an error with a traceback); the complete solver's
    formula within ``memory_budget`` bytes (None: its default; the studio passes the job's
    share, :class:`~nonostudio.gui.common.process_child.MemoryShares`)."""
    stop = TimeLimit(time_limit, should_stop)
    try:
        trace = rule_set_trace(
            puzzle, rule_set, progress=progress, should_stop=stop, memory_budget=memory_budget
        )
    except InconsistentPuzzleError as exc:
        return no_solution(puzzle, exc)
    return trace, list(narrate(trace, rule_set.rules, titles))


Found = HintLadder | NoSolution | str | None
"""What a hint search finds: a hint; that the puzzle has no solution; why no step was found in
words (the player's grid breaks a line, the time ran out); or None, every cell being decided."""


def find_hint(
    puzzle: Puzzle,
    grid: np.ndarray,
    rule_set: RuleSet,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> Found:
    """The next step from the player's ``grid`` with ``rule_set`` within ``time_limit`` seconds
    (in a worker process: on a thread of the studio's, the search held the GUI thread up to
    0.35 s on an 80x80 puzzle and 0.75 s on a 1000x1000, and searched on with no end)."""
    stop = TimeLimit(time_limit, should_stop)
    try:
        ladder = next_hint(puzzle, grid, rule_set.rules, rule_set=rule_set.name, should_stop=stop)
    except InconsistentPuzzleError as exc:  # said in words, not failed with a traceback
        if (grid == UNKNOWN).all() or broken_line(puzzle) is not None:
            return no_solution(puzzle, exc)  # the puzzle's own contradiction
        return grid_contradiction(puzzle, exc)  # the player's cells break a line
    if ladder is None and stop.reached:
        return f"none was found within the time limit of {time_limit:g} s from this grid."
    return ladder
