"""The library's background check of one puzzle, run in a worker process: its verdict and
difficulty, computing only what is missing (:func:`check_and_grade`).  :func:`fill_one` is the
:class:`~nonostudio.gui.common.process_child.ProcessJob` function, module-level and of picklable
arguments; no Qt here, so a worker process never loads it."""

from __future__ import annotations

from dataclasses import dataclass

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.progress import ProgressCallback, StopCallback, per_percent, sub_range
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import TIME_LIMIT_S

ShouldStop = StopCallback


@dataclass(frozen=True)
class Filled:
    """What the background work found for one library puzzle ('' = not decided / not graded)."""

    id: int
    verdict: str
    difficulty: str


def check_and_grade(
    puzzle: Puzzle | ColourPuzzle,
    verdict: str,
    difficulty: str,
    rule_set_name: str,
    should_stop: ShouldStop,
    time_limit: float = TIME_LIMIT_S,
    progress: ProgressCallback | None = None,
) -> tuple[str, str]:
    """The verdict label and difficulty label of ``puzzle``, computing only what is missing, each
    within ``time_limit`` seconds (an undecided verdict, or a grade stopped at the limit or
    refused by the complete solver, stays ''); a colour puzzle is decided by the colour solver
    and graded by its colour trace.  ``progress`` hears the check over the first half of [0, 1]
    and the grade over the second (the share of cells each has decided), whichever kind the
    puzzle is."""
    from nonostudio.core.solver import Verdict, solve

    checking, grading = _stages(progress, verdict, difficulty)
    if isinstance(puzzle, ColourPuzzle):
        return _check_and_grade_colour(
            puzzle, verdict, difficulty, should_stop, time_limit, (checking, grading)
        )
    if not verdict:
        result = solve(puzzle, time_limit=time_limit, should_stop=should_stop, progress=checking)
        verdict = "" if result.verdict is Verdict.UNDECIDED else result.verdict.label
    if not difficulty and not should_stop():
        from nonostudio.analysis.grades.difficulty import grade
        from nonostudio.rules.ruleset import load_rule_set

        graded = grade(
            puzzle,
            load_rule_set(rule_set_name),
            should_stop=should_stop,
            time_limit=time_limit,
            progress=grading,
        )
        # a grade stopped by the time limit or by a solver that gave up (a formula over the
        # memory budget: Grade.reason) says what the machine had, not what the puzzle is
        difficulty = "" if graded.timed_out or graded.reason else graded.label
    return verdict, difficulty


def _stages(
    progress: ProgressCallback | None, verdict: str, difficulty: str
) -> tuple[ProgressCallback | None, ProgressCallback | None]:
    """The check's and the grade's parts of ``progress``: half each, or all of it for the one
    that is missing."""
    if verdict or difficulty:
        return (progress, None) if not verdict else (None, progress)
    return sub_range(progress, 0.0, 0.5), sub_range(progress, 0.5, 1.0)


def _check_and_grade_colour(
    puzzle: ColourPuzzle,
    verdict: str,
    difficulty: str,
    should_stop: ShouldStop,
    time_limit: float,
    stages: tuple[ProgressCallback | None, ProgressCallback | None],
) -> tuple[str, str]:
    """:func:`check_and_grade` of a colour puzzle, by the colour solver and grade."""
    from nonostudio.core.colour.solver import solve_colour
    from nonostudio.core.solver import Verdict

    checking, grading = stages
    if not verdict:
        clues = puzzle.rows, puzzle.cols, puzzle.ncolours
        found = solve_colour(
            *clues, time_limit=time_limit, should_stop=should_stop, progress=checking
        )
        verdict = "" if found.verdict is Verdict.UNDECIDED else found.verdict.label
    if not difficulty and not should_stop():
        from nonostudio.analysis.colour.grade import colour_grade

        graded = colour_grade(
            puzzle, time_limit=time_limit, should_stop=should_stop, progress=grading
        )
        difficulty = "" if graded.timed_out or graded.label == "Undecided" else graded.label
    return verdict, difficulty


def fill_one(
    id: int,
    puzzle: Puzzle | ColourPuzzle,
    verdict: str,
    difficulty: str,
    rule_set_name: str,
    time_limit: float,
    progress: ProgressCallback,
    should_stop: StopCallback,
) -> Filled:
    """What library puzzle ``id`` lacks, found (:func:`check_and_grade`; progress told once a
    percent)."""
    found = check_and_grade(
        puzzle, verdict, difficulty, rule_set_name, should_stop, time_limit, per_percent(progress)
    )
    return Filled(id, *found)
