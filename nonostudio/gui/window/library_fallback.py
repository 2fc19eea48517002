"""The bar that stays over the tabs while the session runs on an in-memory library, because the
library file could not be opened at start-up: it names the file and the reason, and its Retry
button opens the file and moves the session's puzzles into it (:meth:`Library.move_into`).

The file is opened on a worker thread (:meth:`Library.open_recovering`): a damaged one is
recovered there, with its progress in the bar and a Cancel, while the window goes on with the
in-memory library; only the copy of this session's puzzles runs on the GUI thread."""

from __future__ import annotations

import logging
import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QStyle,
    QVBoxLayout,
)

from nonostudio.core.counts import count
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.library.store import Reopened
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.gui.common.worker_base import Worker
from nonostudio.gui.library.seed import seed_library
from nonostudio.gui.window.recovery_notice import show_notice, tell_recoveries

if TYPE_CHECKING:
    from nonostudio.gui.solve.colour.view import ColourSolveView
    from nonostudio.gui.solve.view import SolveView
    from nonostudio.gui.window.main_window import MainWindow

log = logging.getLogger(__name__)

# A strong colour of its own, readable in light and dark schemes alike: this bar must not be missed.
STYLE = (
    "#memoryLibraryBar { background: #b3261e; border: none; }"
    "#memoryLibraryBar QLabel { color: white; }"
)


class MemoryLibraryBar(QFrame):
    """Says that puzzles are not being saved, where the library is and why it could not be
    opened; *Retry* tries again and, once it opens, the window carries on with it."""

    moved = Signal(object)  # dict: each copied puzzle's old id -> its id in the library file
    finished = Signal(bool)  # a Retry is over: True when the window carries on with the file

    def __init__(self, window: MainWindow, path: Path, reasons: list[str]) -> None:
        super().__init__(window)
        self._window = window
        window.stopping.connect(self.cancel)  # a Retry under way stops with the window
        self.path = path
        self.setObjectName("memoryLibraryBar")
        self.setAccessibleName("Puzzles are not being saved")
        self.setStyleSheet(STYLE)
        icon = QLabel()
        icon.setPixmap(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(32, 32)
        )
        self.title = QLabel("Puzzles are not being saved")
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.retry_button = QPushButton("&Retry")
        self.retry_button.setToolTip(
            f"Open {path} again; the puzzles of this session are copied in"
        )
        self.retry_button.clicked.connect(self.retry)
        # While the file is opened (and a damaged one recovered) in the background:
        self.progress = QProgressBar()
        self.progress.setObjectName("retryProgress")
        self.progress.setRange(0, 0)  # busy until the recovery tells how far it is
        self.progress.setTextVisible(False)
        self.progress.hide()
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip(
            "Stop opening the library file; this session goes on in memory and nothing is lost"
        )
        self.cancel_button.clicked.connect(self.cancel)
        self.cancel_button.hide()
        self._worker: Worker | None = None
        self._carried_on = False  # the window went on with the file: the bar is done
        text = QVBoxLayout()
        text.addWidget(self.title)
        text.addWidget(self.message)
        text.addWidget(self.progress)
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 6, 8, 6)
        row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addLayout(text, 1)
        row.addWidget(self.retry_button, 0, Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignVCenter)
        reason = " ".join(reasons) or f"The puzzle library {path} could not be opened."
        self._reason = reason
        self._recovering = False  # the Retry under way reported a recovery's progress
        self._outcome: list[object] = []  # what the Retry's open gave, cancelled or not
        self._intro = (
            f"{reason}\nThis session runs on a library kept in memory only: the puzzles you add "
            f"now are lost when nonostudio closes, unless the library {path} can be opened. "
            "Retry opens it and copies them in."
        )
        self.message.setText(self._intro)

    def is_busy(self) -> bool:
        """True while a Retry is opening the file in the background."""
        return self._worker is not None

    def retry(self) -> None:
        """Open the library file again, on a worker thread: a damaged file is recovered there
        (its progress in the bar, with Cancel) while the session goes on in memory.  Once it is
        open this session's puzzles are copied in, the window switches to it and the bar goes
        away; else the bar says why and stays.  :attr:`finished` tells which."""
        if self._worker is not None:
            return
        path, wait = self.path, self._window.library.busy_timeout
        outcome: list[object] = []  # (read on this thread once the worker has finished)
        self._outcome, self._recovering = outcome, False

        def open_file(progress: ProgressCallback, should_stop: StopCallback) -> object:
            try:
                reopened = Library.open_recovering(
                    path, busy_timeout=wait, progress=progress, should_stop=should_stop
                )
            except LibraryError as exc:
                outcome.append(exc)
                return exc
            outcome.append(reopened)
            if should_stop():  # nobody takes it over: let go of the file here
                reopened.library.close()
            return reopened

        worker = Worker(open_file)  # a thread's: its library is handed to the GUI thread
        worker.progress.connect(self._show_progress)
        worker.result.connect(self._opened)
        worker.errored.connect(lambda detail: self._not_opened(f"an unexpected error: {detail}"))
        worker.aborted.connect(self._stopped)
        worker.finished.connect(self._ended)
        self._worker = worker
        self.message.setText(f"{self._intro}\nOpening {path}…")
        self.message.setToolTip("")
        self.progress.setRange(0, 0)
        self.progress.show()
        self.retry_button.hide()
        self.cancel_button.show()
        self.cancel_button.setEnabled(True)
        worker.start()

    def cancel(self) -> None:
        """Stop a Retry under way: a recovery is given up and the file left as it was; the
        session goes on in memory.  (Also when the window closes.)"""
        if self._worker is not None:
            self._worker.cancel()
            self.cancel_button.setEnabled(False)

    def _show_progress(self, fraction: float, message: str) -> None:
        self._recovering = True  # (only a recovery tells how far it is)
        self.progress.setRange(0, 1000)
        self.progress.setValue(round(fraction * 1000))
        self.message.setText(f"{self._intro}\n{message}")

    def _not_opened(self, why: object) -> None:
        log.warning("the library still cannot be opened: %s", why)
        self.message.setText(f"{self._intro}\nTried again at {time.strftime('%H:%M:%S')}: {why}")

    def _stopped(self) -> None:
        """The Retry was cancelled: the bar says what holds now, not why the file could not be
        opened at start-up (that goes to the tooltip)."""
        when, path = time.strftime("%H:%M:%S"), self.path
        opened = next(iter(self._outcome), None)
        if isinstance(opened, Reopened) and opened.recovery is not None:
            # Cancel came after the recovery had finished: the file is no longer as it was.
            now = (
                f"Cancelled at {when}, after the recovery of the library {path} had finished: "
                f"{opened.recovery}\nThis session still runs on a library kept in memory only: "
                "the puzzles you added are lost when nonostudio closes unless you press Retry, "
                "which opens the recovered library and copies them in."
            )
        else:
            what = "The recovery of the damaged library" if self._recovering else "Opening"
            now = (
                f"Cancelled at {when}: {what} {path} was stopped and the file was left as it "
                "was.\nThis session still runs on a library kept in memory only: the puzzles you "
                "added are still here, but they are lost when nonostudio closes unless the "
                "library can be opened. Retry tries again."
            )
        self.message.setText(now)
        self.message.setToolTip(f"Why the library could not be opened at start-up: {self._reason}")

    def _ended(self) -> None:
        self._worker = None
        self.progress.hide()
        self.cancel_button.hide()
        self.retry_button.show()
        if not self._carried_on:
            self.finished.emit(False)

    def _opened(self, result: object) -> None:
        """The worker's answer: the library file opened (and recovered), or why it was not."""
        if isinstance(result, LibraryError):
            self._not_opened(result)
            return
        assert isinstance(result, Reopened)
        self._move_in(result)

    def _move_in(self, reopened: Reopened) -> None:
        """Copy this session's puzzles into the library file opened in the background, switch
        the window to it and go away; if the copy fails say why, and stay."""
        w = self._window
        solve = w.solve_views() if w.is_ready() else []
        # Nothing may go on writing under the in-memory ids while they change: the background
        # checks stop, and the players' grids (black and white, colour) are kept (in memory,
        # then copied) first.
        if (filler := w.library_commands.filler) is not None:
            filler.cancel()
        for view in solve:
            view.set_library_puzzle(None, None)
        notes = [] if reopened.recovery is None else [str(reopened.recovery)]
        try:
            session = {entry.id: entry for entry in w.library.entries()}  # in memory: few
            moved = w.library.move_into(reopened.library)
        except LibraryError as exc:
            self._not_opened(" ".join([*notes, str(exc)]))
            self._carry_on(solve)
            return
        # Recovered here (said below) or by another studio before (said once, in a box)
        tell_recoveries(w, said=notes)
        if (old_id := w.document.library_id) is not None:
            w.files.set_document(replace(w.document, library_id=moved.get(old_id)))
        # The listing read in the background, with this session's puzzles as copied, unless
        # the samples are added now: a big library is not read again on the GUI thread.
        listed = reopened.entries
        if listed is not None and self._seeded(w.library):
            listed = listed + [replace(session[old], id=new) for old, new in moved.items()]
        else:
            listed = None
        notes.extend(seed_library(w.library))
        w.library_view.refresh(listed)
        if (new_id := w.document.library_id) is not None:
            w.library_view.select_id(new_id)
        # The checks start again from the listing's reset, in an event of their own (a listing
        # of 10,000 puzzles is read in ~0.1 s: twice in one event would hold the window).
        self._carry_on(solve, checks=False)
        w.update_banner()
        w.update_title()
        n = len(moved)
        if n:
            copied = (
                f"The puzzle library {self.path} is open: the {count(n, 'puzzle')} "
                f"added in this session {'were' if n != 1 else 'was'} copied into it."
            )
        else:
            copied = (
                f"The puzzle library {self.path} is open (no puzzle was added in this session)."
            )
        w.statusBar().showMessage(" ".join([copied, *notes]), 30000)
        log.info("the library %s is open after all: %d puzzles copied in", self.path, n)
        if reopened.recovery is not None:  # too long for the status line to show it all
            said = str(reopened.recovery)
            QTimer.singleShot(0, w, lambda: show_notice(w, said))  # an event of its own
        self.hide()
        self._carried_on = True
        self.moved.emit(moved)
        self.finished.emit(True)
        self.deleteLater()

    @staticmethod
    def _seeded(library: Library) -> bool:
        """Whether the library has had its samples (so seeding it adds none)."""
        try:
            return library.meta("samples_seeded") is not None
        except LibraryError:
            return False

    def _carry_on(self, solve: list[SolveView | ColourSolveView], *, checks: bool = True) -> None:
        """Take up again what :meth:`_move_in` stopped: the player's grid, in the Solve view of
        the puzzle on screen (the other keeps its game for the session), and (``checks``) the
        background checks."""
        w = self._window
        if solve:
            w.shown_solve_view().set_library_puzzle(w.library, w.kept_game_id())
        if checks and (filler := w.library_commands.filler) is not None:
            filler.start()


def show_memory_fallback(window: MainWindow, path: Path, reasons: list[str]) -> MemoryLibraryBar:
    """Put the bar over the window's tabs (above the warning banner); it stays until the
    library ``path`` is opened.  ``reasons``: the start-up's messages saying why it was not."""
    bar = MemoryLibraryBar(window, path, reasons)
    central = window.centralWidget()
    assert central is not None  # the window's tabs and banner, made with it
    layout = central.layout()
    assert isinstance(layout, QVBoxLayout)
    layout.insertWidget(0, bar)
    bar.show()
    return bar
