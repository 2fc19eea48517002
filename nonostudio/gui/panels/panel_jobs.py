"""The Check and Difficulty panels' work, run in a worker process: the verdict and the grade of
the puzzle being edited.  Module-level functions of picklable arguments ending in ``progress``
and ``should_stop`` (:class:`~nonostudio.gui.common.process_child.ProcessJob`); no Qt here, so a
worker process never loads it."""

from __future__ import annotations

from nonostudio.analysis.grades.difficulty import Grade, grade
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.colour.solver import ColourSolveResult, solve_colour
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, solve
from nonostudio.rules.ruleset import RuleSet


def check_puzzle(
    puzzle: Puzzle | ColourPuzzle,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
    memory_budget: int | None = None,
) -> SolveResult | ColourSolveResult:
    """The Check panel's verdict: the complete solver (the colour solver for a colour puzzle),
    its formula within ``memory_budget`` bytes (None: the solver's default; the studio passes
    the job's share of it, :class:`~nonostudio.gui.common.process_child.MemoryShares`)."""
    if isinstance(puzzle, ColourPuzzle):
        return solve_colour(
            puzzle.rows,
            puzzle.cols,
            puzzle.ncolours,
            time_limit=time_limit,
            should_stop=should_stop,
            memory_budget=memory_budget,
        )
    return solve(
        puzzle,
        time_limit=time_limit,
        progress=progress,
        should_stop=should_stop,
        memory_budget=memory_budget,
    )


def grade_puzzle(
    puzzle: Puzzle,
    rule_set: RuleSet,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
    memory_budget: int | None = None,
) -> Grade:
    """The Difficulty panel's grade of ``puzzle`` for a player who knows ``rule_set``, the
    complete solver's formula within ``memory_budget`` bytes (None: the solver's default; the
    studio passes the job's share, as for :func:`check_puzzle`)."""
    return grade(
        puzzle,
        rule_set,
        should_stop=should_stop,
        time_limit=time_limit,
        memory_budget=memory_budget,
    )
