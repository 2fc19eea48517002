"""The Solve view's work, run in a worker process: the trace of a puzzle solved with a rule set
and a sentence per step.  A module-level function of picklable arguments ending in ``progress``
and ``should_stop`` (:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a
worker process never loads it."""

from __future__ import annotations

from nonostudio.analysis.explaining.narrate import narrate
from nonostudio.analysis.tracing.steps import Trace
from nonostudio.analysis.tracing.trace import rule_set_trace
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.progress import ProgressCallback, StopCallback, TimeLimit
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.solve.replay import NoSolution, no_solution
from nonostudio.rules.ruleset import RuleSet


def trace_puzzle(
    puzzle: Puzzle,
    rule_set: RuleSet,
    titles: dict[str, str],
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> tuple[Trace, list[str]] | NoSolution:
    """The trace and a sentence per step within ``time_limit`` seconds, or, for a puzzle with no
    solution, what is wrong in words (never an error with a traceback)."""
    stop = TimeLimit(time_limit, should_stop)
    try:
        trace = rule_set_trace(puzzle, rule_set, progress=progress, should_stop=stop)
    except InconsistentPuzzleError as exc:
        return no_solution(puzzle, exc)
    return trace, list(narrate(trace, rule_set.rules, titles))
