"""Solve-by-hand into the active profile: the Solve view's strokes, hint rungs and Check
mistakes, each attributed by the tutor core
(:class:`nonostudio.analysis.tutor.solving.SolveRecorder`) to the technique of the easiest step
available at that moment, in a worker process, and recorded as ``ProfileEvent(source="solve")``.

* a stroke that decides or changes a cell is a move, timed from the previous event of the puzzle
  (a gap over :data:`IDLE_S` is not timed: the player was away), scoring 0 when it set a cell
  against the solution; a stroke that only clears cells (an eraser, an undo) is no move;
* a hint is one event at the deepest rung the player asked for on the same grid (recorded when
  the player moves on, checks, or changes puzzle);
* a Check that shows mistakes is one mistake event.

An event is filed under the profile it was made in; when that profile is renamed before the
event is recorded (:meth:`HandSolveLog.renamed`: the rename carries the history), it is
recorded under the new name.  One whose profile is gone by then is not recorded, and
``failed`` says so (it was dropped silently).

Closing attributes nothing on the GUI thread: what is left (the hint under way, the queue, the
batch the worker process was attributing) is written to the library's spool folder
(``<library>.solve-events/``, :func:`spool_folder`) and attributed and recorded in a worker
process by the next log opened on that library.  Attributing at close took 24.5 s of the GUI
thread for 5 moves on a 1000x1000 puzzle (the studio's window frozen while it closed).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QObject, Signal

from nonostudio.core.counts import count
from nonostudio.core.library.profiles import ProfileError, ProfileEvent, ProfileStore
from nonostudio.core.line import UNKNOWN
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.workers import CurrentWorker
from nonostudio.gui.tutor.tutor_jobs import (
    PendingEvent,
    attribute_events,
    attribute_spooled,
    spool_folder,
    write_spool,
)

IDLE_S = 300.0
"""A gap between moves longer than this is not timed."""
_Pending = PendingEvent  # (the name this module's code knows it by)


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` runs (on a system where that cannot be asked without harm,
    always: a claim whose owner cannot be known gone is never taken)."""
    if os.name != "posix" or pid <= 0:
        return True
    try:
        os.kill(pid, 0)  # (signal 0: asks, sends nothing)
    except ProcessLookupError:
        return False
    except OSError:  # (another user's process: it runs)
        return True
    return True


def stale_claims(folder: Path) -> list[tuple[Path, int]]:
    """The spool files of ``folder`` claimed by a log whose process is gone (killed while it
    held them: ``<file>.npz.<pid>.taking``), with that pid, oldest name first.  Their events
    were not recorded: a log removes a file it claimed before it records the file's events, so
    taking one again records its events once.  A claim of a process that runs (this one's too)
    is never stale."""
    out = []
    for path in sorted(folder.glob("*.npz.*.taking")):
        pid = path.name.split(".")[-2]
        if pid.isdigit() and not pid_alive(int(pid)):
            out.append((path, int(pid)))
    return out


class HandSolveLog(QObject):
    """Listens to a Solve view and records its player's events into ``profile()`` of the
    profiles at ``library_path``; ``eventsRecorded`` once a batch of them is recorded."""

    eventsRecorded = Signal()

    def __init__(
        self,
        library_path: str | Path,
        profile: Callable[[], str | None],
        parent: QObject | None = None,
        *,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(parent)
        self.store = ProfileStore(library_path)
        self.profile = profile
        self.clock = clock
        self._view: Any = None
        self._queue: list[_Pending] = []
        self._inflight: list[_Pending] = []  # attributed in the pool now
        self._hint: _Pending | None = None
        self._inflight_renames: dict[str, str] = {}  # old -> new, for the batch in the pool
        self._puzzle: Puzzle | None = None
        self._last: float | None = None  # the previous event's time (None: not known)
        self.recorded = 0
        self.failed = ""
        self._worker = CurrentWorker(self, on_result=self._done, on_error=self._error)
        # spool files claimed (their name now, their name in the folder): to attribute, and
        # those being attributed
        self._spooled: list[tuple[Path, Path]] = []
        self._spool_inflight: list[tuple[Path, Path]] = []
        self._take_spooled()

    def _take_spooled(self) -> None:
        """Attribute (in the worker process, which reads them) the events an earlier log left
        in the spool folder at its close.  Each file is claimed by a rename first: another
        studio on the same library takes it or not, whole; the files are removed once their
        events are recorded, and given back to the folder when this log closes first.  A file
        claimed by a studio killed while it held it (:func:`stale_claims`) is taken too: left
        claimed, no later start took it."""
        folder = spool_folder(self.store.path)
        if folder is None or self.store.read_only or not folder.is_dir():
            return
        files = [(path, path) for path in sorted(folder.glob("*.npz"))]
        files += [
            (path, Path(str(path)[: -len(f".{pid}.taking")])) for path, pid in stale_claims(folder)
        ]
        for path, name in files:
            claimed = name.with_name(f"{name.name}.{os.getpid()}.taking")
            try:
                os.replace(path, claimed)
            except OSError:
                continue  # taken by another studio, or not ours to take
            self._spooled.append((claimed, name))
        self._pump()

    def attach(self, view: Any) -> None:
        """Listen to ``view`` (a SolveView)."""
        self._view = view
        view.handMoved.connect(self.on_move)
        view.handHinted.connect(self.on_hint)
        view.handChecked.connect(self.on_check)
        view.ui.hand_action.toggled.connect(self.on_hand_mode)

    def on_hand_mode(self, on: bool) -> None:
        """Solving by hand starts (the first move is timed from here) or stops."""
        self.flush_hint()
        if on and self._view is not None:
            self._puzzle, self._last = self._view.puzzle(), self.clock()

    def _pending(
        self, kind: str, grid: np.ndarray, seconds: float | None = None, rung: int = -1
    ) -> _Pending | None:
        view, name = self._view, self.profile()
        puzzle = None if view is None else view.puzzle()
        if puzzle is None or not name:
            return None
        if self._puzzle is None or (puzzle.rows, puzzle.cols) != (
            self._puzzle.rows,
            self._puzzle.cols,
        ):
            self.flush_hint()
            self._puzzle, self._last = puzzle, None
        solution = view.solution()
        return _Pending(
            kind, puzzle, solution, np.array(grid, copy=True), seconds, rung, name, self.clock()
        )

    def on_move(self, before: np.ndarray, after: np.ndarray) -> None:
        if before.shape != after.shape or not ((after != UNKNOWN) & (after != before)).any():
            return  # only cleared cells: no move
        now = self.clock()
        pending = self._pending("move", before)
        if pending is None:
            return
        self.flush_hint()
        gap = None if self._last is None else now - self._last
        self._last = now
        seconds = gap if gap is not None and 0 <= gap <= IDLE_S else None
        self._push(replace(pending, seconds=seconds, after=np.array(after, copy=True)))

    def on_hint(self, grid: np.ndarray, rung: int) -> None:
        pending = self._pending("hint", grid, rung=rung)
        if pending is None:
            return
        if self._hint is not None and np.array_equal(self._hint.grid, pending.grid):
            if rung > self._hint.rung:
                self._hint = replace(self._hint, rung=rung)
            return
        self.flush_hint()
        self._hint = pending
        self._last = self.clock()

    def on_check(self, grid: np.ndarray, wrong: int) -> None:
        self.flush_hint()
        if wrong > 0 and (pending := self._pending("mistake", grid)) is not None:
            self._push(pending)

    def flush_hint(self) -> None:
        """Record the hint under way (at the deepest rung asked)."""
        hint, self._hint = self._hint, None
        if hint is not None:
            self._push(hint)

    def _push(self, item: _Pending) -> None:
        self._queue.append(item)
        self._pump()

    def _pump(self) -> None:
        if self._worker.is_running():
            return
        if self._spooled:
            self._spool_inflight, self._spooled = self._spooled, []
            paths = [str(claimed) for claimed, _path in self._spool_inflight]
            self._worker.start(ProcessJob(attribute_spooled, (paths,)))
            return
        if not self._queue:
            return
        items, self._queue = self._queue, []
        self._inflight = items

        # in a worker process (tutor_jobs.py): its Python never holds up the GUI thread
        self._worker.start(ProcessJob(attribute_events, (items,)))

    def is_busy(self) -> bool:
        return self._worker.is_running() or bool(self._queue or self._spooled)

    def renamed(self, old: str, new: str) -> None:
        """Profile ``old`` is now called ``new`` (its history copied over): what was made under
        ``old`` and is not recorded yet is recorded under ``new``."""
        if old == new:
            return

        def moved(p: _Pending) -> _Pending:
            return replace(p, profile=new) if p.profile == old else p

        self._queue = [moved(p) for p in self._queue]
        if self._hint is not None:
            self._hint = moved(self._hint)
        if self._inflight or self._spool_inflight:
            for k, v in list(self._inflight_renames.items()):
                if v == old:
                    self._inflight_renames[k] = new
            if self._spool_inflight or any(p.profile == old for p in self._inflight):
                self._inflight_renames.setdefault(old, new)

    def _done(self, events: list[tuple[str, ProfileEvent]]) -> None:
        renames, self._inflight_renames = self._inflight_renames, {}
        self._inflight = []
        spooled, self._spool_inflight = self._spool_inflight, []
        for claimed, _path in spooled:  # (recorded below: the file's work is done)
            with contextlib.suppress(OSError):
                claimed.unlink()
        lost: dict[str, int] = {}
        before = self.recorded
        try:
            known = set(self.store.names())  # recording adds no profile
            for made_in, event in events:
                name = renames.get(made_in, made_in)
                if name in known:
                    self.recorded += self.store.record(name, [event])
                else:
                    lost[name] = lost.get(name, 0) + 1
        except ProfileError as exc:
            self.failed = str(exc)
        if lost:
            self.failed = "; ".join(
                f"{count(n, 'event')} of profile {name!r} not recorded: it no longer exists"
                for name, n in lost.items()
            )
        if self.recorded > before:
            self.eventsRecorded.emit()
        self._pump()

    def _error(self, message: str) -> None:
        self.failed = message
        spooled, self._spool_inflight = self._spool_inflight, []
        for claimed, path in spooled:  # kept aside, not taken again at every start
            with contextlib.suppress(OSError):
                os.replace(claimed, path.with_name(path.name + ".bad"))
        self._pump()

    def close(self) -> None:
        """Keep what is left (the hint under way, the queue, the batch being attributed) in the
        spool folder for the next log on this library, then close: nothing is attributed on the
        GUI thread.  With no spool folder (a library in memory, or one that cannot be written:
        its profiles are a copy in memory that closes here) nothing would keep them."""
        self.flush_hint()
        running = self._worker.is_running()
        self._worker.cancel()
        # spool files not recorded yet go back to the folder, for the next log
        for claimed, path in self._spool_inflight + self._spooled:
            with contextlib.suppress(OSError):
                os.replace(claimed, path)
        self._spool_inflight, self._spooled = [], []
        renames, self._inflight_renames = self._inflight_renames, {}
        inflight = [
            replace(p, profile=renames.get(p.profile, p.profile))
            for p in (self._inflight if running else [])
        ]
        items = inflight + self._queue
        self._queue, self._inflight = [], []
        folder = spool_folder(self.store.path)
        if items and folder is not None and not self.store.read_only:
            try:
                write_spool(folder, items)
            except OSError as exc:
                self.failed = f"{count(len(items), 'solve-by-hand event')} not kept: {exc}"
        self.store.close()
