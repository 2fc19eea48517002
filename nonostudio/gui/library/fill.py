"""Fill the library's Verdict and Difficulty columns in the background, one puzzle at a time.

Every library puzzle without a cached verdict or difficulty is checked (the complete solver, with
a time limit) and graded (the default rule set; a colour puzzle by the colour solver and the
colour grade) on a thread pool of its own with one thread, so
the editor's own checks are never queued behind it.  The puzzle is read on the GUI thread (the
library's SQLite connection belongs to it), computed in the worker, and the result written back
and shown on the GUI thread.  Progress uses the one protocol: the share of puzzles done, and
within the puzzle being worked on the share its check and then its grade have decided (so the
bar moves through a slow colour or black-and-white puzzle alike); ``cancel()`` stops at once
(the running job is asked to stop and its result dropped), e.g. when the window closes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.progress import ProgressCallback, per_percent, report_count, sub_range
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.workers import Progress, ShouldStop, Worker, run_in_background

log = logging.getLogger(__name__)

PAUSE_MS = 30  # between puzzles, so the GUI thread gets its turn


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
    within ``time_limit`` seconds (an undecided verdict, or a grade stopped at the limit, stays
    ''); a colour puzzle is decided by the colour solver and graded by its colour trace.
    ``progress`` hears the check over the first half of [0, 1] and the grade over the second
    (the share of cells each has decided), whichever kind the puzzle is."""
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
        difficulty = "" if graded.timed_out else graded.label
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


class LibraryFiller(QObject):
    """Works through the library's puzzles that lack a verdict or a difficulty."""

    filled = Signal(object)  # Filled, after it was stored
    progress = Signal(float, str)  # the one progress protocol: fraction, message
    finished = Signal()  # the queue is empty (or the filler was cancelled)

    def __init__(
        self,
        library: Library,
        parent: QObject | None = None,
        *,
        rule_set: str | None = None,
        time_limit: float = TIME_LIMIT_S,
    ) -> None:
        super().__init__(parent)
        from nonostudio.analysis.defaults import DEFAULT_RULE_SET

        self._library = library
        self._rule_set = rule_set or DEFAULT_RULE_SET
        self._time_limit = time_limit
        self._queue: list[tuple[int, str, str]] = []
        self._done = 0
        self._total = 0
        self._worker: Worker | None = None
        self._running = False
        self._current = -1
        self._puzzle_done = 0.0  # the share of the current puzzle's work reported so far
        self._skip: set[int] = set()  # puzzles that failed once: not tried again this session
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self._next)

    def is_running(self) -> bool:
        return self._running

    def remaining(self) -> int:
        return len(self._queue) + (1 if self._worker is not None else 0)

    def start(self) -> int:
        """(Re)read which puzzles need work and start; returns how many are queued."""
        if self._library.read_only:
            return 0
        try:
            entries = self._library.entries()
        except LibraryError as exc:
            log.info("the library listing cannot be read for background checks: %s", exc)
            return 0
        busy = None if self._worker is None else self._current
        self._queue = [
            (e.id, e.verdict, e.difficulty)
            for e in entries
            if (not e.verdict or not e.difficulty) and e.id not in self._skip and e.id != busy
        ]
        if not self._running:
            self._done = 0
        self._total = self._done + len(self._queue) + (0 if busy is None else 1)
        if self._queue and not self._running:
            self._running = True
            self._report()
            self._timer.start()
        elif not self._queue and not self._running:
            self.finished.emit()
        return len(self._queue)

    def cancel(self) -> None:
        """Stop now: the queue is dropped and a running job's result is ignored."""
        self._timer.stop()
        self._queue.clear()
        if self._worker is not None:
            self._worker.cancel()
            self._worker = None
        if self._running:
            self._running = False
            self.finished.emit()

    def wait(self, msecs: int = 30000) -> bool:
        """Wait for a cancelled job's thread to end (tests and shutdown)."""
        return self.pool.waitForDone(msecs)

    def _report(self) -> None:
        report_count(
            lambda f, m: self.progress.emit(f, m),
            self._done,
            self._total,
            f"Checking library puzzles: {self._done} of {self._total}",
        )

    def _next(self) -> None:
        if not self._running:
            return
        while self._queue:
            id, verdict, difficulty = self._queue.pop(0)
            try:
                puzzle = self._library.get_any(id)
            except (PuzzleError, LibraryError) as exc:  # damaged or gone: leave it be
                log.info("library puzzle %s is not checked in the background: %s", id, exc)
                self._skip.add(id)
                self._done += 1
                continue
            self._start_job(id, puzzle, verdict, difficulty)
            return
        self._running = False
        self._report()
        self.finished.emit()

    def _start_job(
        self, id: int, puzzle: Puzzle | ColourPuzzle, verdict: str, difficulty: str
    ) -> None:
        rule_set, limit = self._rule_set, self._time_limit
        self._current = id
        self._puzzle_done = 0.0

        def job(progress: Progress, should_stop: ShouldStop) -> Filled:
            found = check_and_grade(
                puzzle, verdict, difficulty, rule_set, should_stop, limit, per_percent(progress)
            )
            return Filled(id, *found)

        worker = run_in_background(
            job,
            on_result=self._on_result,
            on_error=self._on_error,
            on_progress=self._on_puzzle_progress,
            pool=self.pool,
        )
        self._worker = worker

    def _is_current(self) -> bool:
        return self._worker is not None and self.sender() is self._worker.signals

    def _on_puzzle_progress(self, fraction: float, _message: str) -> None:
        """How far the puzzle being worked on is, as part of the whole queue (never back: a
        black-and-white grade's stages each count from 0)."""
        if not self._is_current() or not self._total:
            return
        self._puzzle_done = fraction = max(fraction, self._puzzle_done)
        self.progress.emit(
            min(1.0, (self._done + fraction) / self._total),
            f"Checking library puzzles: {self._done} of {self._total} "
            f"(this one {round(100 * fraction)} %)",
        )

    def _on_result(self, found: Filled) -> None:
        if not self._is_current():
            return
        self._worker = None
        try:
            if found.verdict:
                self._library.set_verdict(found.id, found.verdict)
            if found.difficulty:
                self._library.set_difficulty(found.id, found.difficulty)
        except LibraryError as exc:  # read-only or full now: stop quietly (the banner says why)
            log.info("background check results cannot be stored: %s", exc)
            self._skip.add(found.id)
            self.cancel()
            return
        self._done += 1
        if not (found.verdict and found.difficulty):
            self._skip.add(found.id)  # undecided in the time limit: not retried this session
        self.filled.emit(found)
        self._report()
        self._timer.start()

    def _on_error(self, message: str) -> None:
        if not self._is_current():
            return
        log.info("background check of library puzzle %s failed: %s", self._current, message)
        self._worker = None
        self._skip.add(self._current)
        self._done += 1
        self._report()
        self._timer.start()
