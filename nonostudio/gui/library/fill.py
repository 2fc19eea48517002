"""Fill the library's Verdict and Difficulty columns in the background, one puzzle at a time.

Every library puzzle without a cached verdict or difficulty is checked (the complete solver, with
a time limit) and graded (the default rule set; a colour puzzle by the colour solver and the
colour grade) in a worker process of its own (:mod:`nonostudio.gui.common.process_pool`; the
thread pool of one thread when worker processes are turned off), so the editor's own checks are
never queued behind it and its Python never competes with the GUI thread for the interpreter's
lock: on a thread, the first start's fill of the samples (37 s of checks and grades, Forever's
among them) left the GUI thread waiting up to 0.16 s at a time (tests/benchmarks/
bench_thread_stalls.py).  The process ends when the queue has been empty for :data:`IDLE_S`.
The puzzle is read on the GUI thread (the library's SQLite connection belongs to it), computed
in the worker (:mod:`.fill_job`), and the result written back and shown on the GUI thread, one
puzzle per transaction, so a fill stopped halfway leaves every puzzle either done or untouched.
Progress uses the one protocol: the share of puzzles done, and within the puzzle being worked on
the share its check and then its grade have decided (so the bar moves through a slow colour or
black-and-white puzzle alike); ``cancel()`` stops at once (the running job's process is ended
and its result dropped), e.g. when the window closes.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.counts import number
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryEntry, LibraryError
from nonostudio.core.progress import report_count
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.process_pool import SHARED_NICE, ProcessPool
from nonostudio.gui.common.workers import Worker, run_in_background
from nonostudio.gui.library.fill_job import Filled, check_and_grade, fill_one

__all__ = ["Filled", "LibraryFiller", "check_and_grade"]

log = logging.getLogger(__name__)

PAUSE_MS = 30  # between puzzles, so the GUI thread gets its turn
IDLE_S = 60  # the worker process ends when no puzzle needed it for this long
# What the worker process imports as it starts, before its first puzzle.
WARM = (
    "nonostudio.analysis.grades.difficulty",
    "nonostudio.core.solver",
    "nonostudio.gui.library.fill_job",
)


Clues = tuple[object, ...]


def _clues(puzzle: Puzzle | ColourPuzzle) -> Clues:
    """What a verdict and a difficulty depend on: the kind of puzzle, its clues and colours."""
    if isinstance(puzzle, ColourPuzzle):
        return ("colour", puzzle.palette, puzzle.rows, puzzle.cols)
    return ("black and white", puzzle.rows, puzzle.cols)


class LibraryFiller(QObject):
    """Works through the library's puzzles that lack a verdict or a difficulty."""

    filled = Signal(object)  # Filled, after it was stored
    progress = Signal(float, str)  # the one progress protocol: fraction, message
    finished = Signal()  # the queue is empty (or the filler was cancelled)
    storeFailed = Signal(object)  # the LibraryError a result met (the filler stopped)

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
        self._clues: Clues | None = None  # the clues of the puzzle being checked
        self._puzzle_done = 0.0  # the share of the current puzzle's work reported so far
        self._skip: set[int] = set()  # puzzles that failed once: not tried again this session
        self.pool = QThreadPool(self)  # the jobs' thread when worker processes are turned off
        self.pool.setMaxThreadCount(1)
        self._processes: ProcessPool | None = None
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(IDLE_S * 1000)
        self._idle.timeout.connect(self._end_process)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(PAUSE_MS)
        self._timer.timeout.connect(self._next)

    def is_running(self) -> bool:
        return self._running

    def remaining(self) -> int:
        return len(self._queue) + (1 if self._worker is not None else 0)

    def start(self, entries: Sequence[LibraryEntry] | None = None) -> int:
        """(Re)read which puzzles need work and start; returns how many are queued.
        ``entries``: the library's listing just read (by the library view), not read again."""
        if self._library.read_only:
            return 0
        if entries is None:
            try:
                entries = self._library.entries()
            except LibraryError as exc:
                log.info("the library listing cannot be read for background checks: %s", exc)
                return 0
        busy = None if self._worker is None else self._current
        # The smallest first (then in the order stored): the first many puzzles checked give
        # answers at once, and a puzzle no check decides in its time limit (its verdict is not
        # stored, so every session meets it again) is met once the quick ones are done.  In
        # the order stored, an import of the anchors put Faase (80x95), Knotty and Light first:
        # each session began with a minute of checks that decided nothing.
        needed = [
            e
            for e in entries
            if (not e.verdict or not e.difficulty) and e.id not in self._skip and e.id != busy
        ]
        needed.sort(key=lambda e: e.width * e.height)
        self._queue = [(e.id, e.verdict, e.difficulty) for e in needed]
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
        self._end_process()
        if self._running:
            self._running = False
            self.finished.emit()

    def wait(self, msecs: int = 30000) -> bool:
        """Wait for a cancelled job's thread to end (tests and shutdown; a job in a process
        was ended with it)."""
        return self.pool.waitForDone(msecs)

    def process_ids(self) -> list[int]:
        """The worker process working for the filler (none when idle for long, or on threads)."""
        return [] if self._processes is None else self._processes.pids()

    def _end_process(self) -> None:
        """End the worker process (cancelled, or idle for :data:`IDLE_S`): a job it runs is
        dropped."""
        self._idle.stop()
        processes, self._processes = self._processes, None
        if processes is not None:
            processes.shutdown(0.5)
            processes.deleteLater()

    def _report(self) -> None:
        report_count(
            lambda f, m: self.progress.emit(f, m),
            self._done,
            self._total,
            f"Checking library puzzles: {number(self._done)} of {number(self._total)}",
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
        self._idle.start()
        self.finished.emit()

    def _start_job(
        self, id: int, puzzle: Puzzle | ColourPuzzle, verdict: str, difficulty: str
    ) -> None:
        self._current = id
        self._clues = _clues(puzzle)
        self._puzzle_done = 0.0
        self._idle.stop()
        job = ProcessJob(
            fill_one, (id, puzzle, verdict, difficulty, self._rule_set, self._time_limit)
        )
        self._worker = run_in_background(
            job,
            on_result=self._on_result,
            on_error=self._on_error,
            on_progress=self._on_puzzle_progress,
            pool=self.pool,
            processes=self._process_pool,
        )

    def _process_pool(self) -> ProcessPool:
        """The filler's own worker process, started with its first job since it last ended."""
        if self._processes is None:
            self._processes = ProcessPool(1, warm=WARM, nice=SHARED_NICE, parent=self)
        return self._processes

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
            f"Checking library puzzles: {number(self._done)} of {number(self._total)} "
            f"(this one {round(100 * fraction)} %)",
        )

    def _on_result(self, found: Filled) -> None:
        if not self._is_current():
            return
        self._worker = None
        if not self._still_checked(found.id):
            return
        try:
            if found.verdict:
                self._library.set_verdict(found.id, found.verdict)
            if found.difficulty:
                self._library.set_difficulty(found.id, found.difficulty)
        except LibraryError as exc:  # read-only or full now: stop, and say why
            log.info("background check results cannot be stored: %s", exc)
            self._skip.add(found.id)
            self.cancel()
            self.storeFailed.emit(exc)
            return
        self._done += 1
        if not (found.verdict and found.difficulty):
            self._skip.add(found.id)  # undecided in the time limit: not retried this session
        self.filled.emit(found)
        self._report()
        self._timer.start()

    def _still_checked(self, id: int) -> bool:
        """Whether library puzzle ``id`` still has the clues its check was given.  Deleted or
        unreadable since, it is counted done; saved with other clues (the verdict found is not
        theirs), it goes back in the queue."""
        try:
            now = _clues(self._library.get_any(id))
        except (PuzzleError, LibraryError) as exc:
            log.info("library puzzle %s is gone or cannot be read since its check: %s", id, exc)
            self._skip.add(id)
            self._done += 1
        else:
            if now == self._clues:
                return True
            log.info("library puzzle %s was changed while it was checked: checked again", id)
            self.start()  # reads the queue again: the puzzle is in it (its cache was cleared)
        self._report()
        self._timer.start()
        return False

    def _on_error(self, message: str) -> None:
        if not self._is_current():
            return
        log.info("background check of library puzzle %s failed: %s", self._current, message)
        self._worker = None
        self._skip.add(self._current)
        self._done += 1
        self._report()
        self._timer.start()
