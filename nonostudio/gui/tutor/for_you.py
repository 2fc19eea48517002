"""The library "for you": the black-and-white puzzles of the library whose hardest technique is
the player's next step or the tier before it (:func:`nonostudio.analysis.tutor.recommend.for_you`),
in that order -- or, with nothing at either, the nearest tier above the step that has
puzzles -- with the time this player is predicted to take (the personal time model fitted from
the active profile's timed moves, calibrated on the library puzzles they solved) beside the
generic grade, and "Suggest my next puzzle", which opens the first the player has not solved by
hand (those solved are listed last, marked so).  The chosen row is also said
in words under the table, wrapped: a narrow dock cuts the table's columns off.

The puzzles are graded in a worker process (:mod:`~nonostudio.gui.tutor.tutor_jobs`, with progress
and cancel) and kept per library id and modification time, so a refresh only grades what
changed.  The panel computes nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.tutor.mastery import mastery, outcomes_of, step_tier
from nonostudio.analysis.tutor.recommend import (
    Candidate,
    PersonalTimeModel,
    Session,
    Suggestion,
    for_you,
)
from nonostudio.analysis.tutor.step_words import step_words
from nonostudio.core.counts import count
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.library.profiles import ProfileEvent, ProfileStore
from nonostudio.gui.common.flow_layout import FlowLayout
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.table_model import leave_on_tab, select_row
from nonostudio.gui.common.workers import CurrentWorker
from nonostudio.gui.tutor.tutor_jobs import grade_library, read_puzzles

#: What a cell of the table shows for a time or grade not known yet.
NOT_KNOWN = "\u2014"


def clock_text(seconds: float) -> str:
    """``0:44``, ``12:30``, ``1:02:03`` (as the Solve view's timer shows a time)."""
    s = max(0, round(seconds))
    hours, rest = divmod(s, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


class ForYouPanel(QWidget):
    """The "for you" list and the "Suggest my next puzzle" button."""

    openRequested = Signal(int)  # library id

    def __init__(
        self,
        library: Library,
        store_path: str | Path,
        profile: Callable[[], str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.library = library
        self.store = ProfileStore(store_path)
        self.profile = profile
        self._graded: dict[tuple[int, str], Candidate | None] = {}
        self.suggestions: list[Suggestion] = []
        self._solved: set[int] = set()  # the library ids of the suggestions solved by hand
        self._open_when_ready = False
        self._current: dict[int, Any] = {}  # library id -> entry, of the last refresh
        self._grading = ""  # what the running grading is, in words
        self._listed = False  # listed once (a Refresh, a Suggest): the list is to be kept true
        self._stale = False  # the profile moved on while the panel was hidden
        self._worker = CurrentWorker(
            self,
            on_result=self._graded_now,
            on_error=lambda m: self._say(f"Could not grade the library: {m}"),
            on_progress=self._progress,
            on_finished=self._finished,
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        row = FlowLayout()  # wraps in a narrow dock: the window fits a small screen
        self.suggest_button = QPushButton("Suggest my next puzzle")
        self.suggest_button.clicked.connect(lambda _c=False: self.suggest())
        row.add(self.suggest_button)
        self.refresh_button = QPushButton("Refresh")
        self.refresh_button.clicked.connect(lambda _c=False: self.refresh())
        row.add(self.refresh_button)
        layout.addLayout(row)
        self.bar = QProgressBar()
        self.bar.setRange(0, 100)
        self.bar.hide()
        layout.addWidget(self.bar)
        self.label = QLabel("Press Refresh to find the puzzles at your step.")
        self.label.setWordWrap(True)
        layout.addWidget(self.label)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Puzzle", "Why", "Your time", "Grade"])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        leave_on_tab(self.table)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.cellActivated.connect(lambda r, _c: self._open_row(r))
        self.table.cellDoubleClicked.connect(lambda r, _c: self._open_row(r))
        self.table.currentCellChanged.connect(lambda r, _c, _r, _c2: self._show_detail(r))
        layout.addWidget(self.table, 1)
        # The chosen row in words, wrapped: a narrow dock (163 px at 1024x600) cuts the table's
        # Why off after a few words and leaves Your time and Grade behind a sideways scroll.
        self.detail = QLabel()
        self.detail.setWordWrap(True)
        self.detail.setAccessibleName("Chosen suggestion")
        self.detail.hide()
        layout.addWidget(self.detail)

    def _say(self, text: str) -> None:
        self.label.setText(text)

    def _progress(self, fraction: float, message: str) -> None:
        """The bar at the fraction; which puzzle in the words under it, which wrap (on the bar,
        "87% grading Forever" was cut at the dock's 163 px at 1024x600)."""
        show_progress(self.bar, fraction)
        self._say(f"{self._grading} ({message})" if message else self._grading)

    def _finished(self) -> None:
        self.bar.hide()

    def is_busy(self) -> bool:
        return self._worker.is_running()

    def cancel(self) -> None:
        self._worker.cancel()
        self.bar.hide()

    def refresh(self) -> None:
        """Grade what is not graded yet (read and graded in a worker process), then list the
        suggestions."""
        entries = [e for e in self.library.entries() if not e.is_colour]
        self._current = {e.id: e for e in entries}
        keys = {e.id: e.modified for e in entries if (e.id, e.modified) not in self._graded}
        if not keys:
            self._list()
            return
        # a file library is read in the worker process with a connection of its own; one in
        # memory (the studio's fallback) has only the GUI thread's connection, so it is read here
        early = read_puzzles(self.library, list(keys)) if self.library.in_memory else None
        # in a worker process (tutor_jobs.py): its Python never holds up the GUI thread
        job = ProcessJob(grade_library, (self.library.path, early, keys))
        self._grading = f"Grading {count(len(keys), 'puzzle')} to find the ones at your step…"
        self._say(self._grading)
        show_progress(self.bar, 0.0)
        self.bar.show()
        self._worker.start(job)

    def _graded_now(self, value: Any) -> None:
        keys, found = value
        for id, candidate in found.items():
            self._graded[(id, keys[id])] = candidate
        self._list()

    def profile_moved(self) -> None:
        """The active profile, or its history, changed (another profile chosen or renamed, a
        drill answered, moves by hand recorded): list again what was graded, no grading, so the
        step, the suggestions and the times are the profile's as it is now.  The list stayed
        as it was: after one right drill answer the Practice tab said "next step: tier 1" beside
        "Nothing in the library at your step (tier 0: …)", and another profile chosen was still
        told the first one's.  Nothing before the first Refresh; while hidden, when shown."""
        if not self._listed or self.is_busy():  # (a grading under way lists at its end)
            return
        if self.isVisible():
            self._list()
        else:
            self._stale = True

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale and not self.is_busy():
            self._list()

    def _model(
        self, candidates: dict[int, Candidate], events: list[ProfileEvent]
    ) -> PersonalTimeModel | None:
        """The player's time model from their timed moves (``events``, read once by the
        listing) and the library puzzles they solved; None before any timed move."""
        moves: dict[str, list[float]] = {}
        for e in events:
            if e.source == "solve" and e.kind == "move" and e.seconds is not None:
                moves.setdefault(e.technique, []).append(e.seconds)
        if not moves:
            return None
        sessions = []
        for id, c in candidates.items():
            kept = self.library.hand_progress(id)
            if kept is not None and kept.solved and kept.seconds > 0:
                sessions.append(Session(c, kept.seconds))
        return PersonalTimeModel.fit(moves, sessions)

    def _list(self) -> None:
        self._listed, self._stale = True, False
        name = self.profile()
        events = self.store.events(name) if name and name in self.store.names() else []
        levels = mastery(outcomes_of(events))
        candidates = {
            e.id: c
            for e in self._current.values()
            if (c := self._graded.get((e.id, e.modified))) is not None
        }
        # the puzzles the player solved by hand after the others: still listed (to play again),
        # not the next puzzle Suggest opens
        solved = {id for id in candidates if self._solved_by_hand(id)}
        suggested = for_you(list(candidates.values()), levels)
        self.suggestions = sorted(suggested, key=lambda s: int(s.candidate.key) in solved)
        self._solved = solved
        model = self._model(candidates, events)
        self.table.setRowCount(len(self.suggestions))
        for row, s in enumerate(self.suggestions):
            entry = self._current[int(s.candidate.key)]
            time_text = NOT_KNOWN if model is None else clock_text(model.predict(s.candidate))
            why = f"{s.why} (solved)" if entry.id in solved else s.why
            cells = (entry.title or f"#{entry.id}", why, time_text, entry.difficulty or NOT_KNOWN)
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, entry.id)
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        self._show_detail(self.table.currentRow())
        step = step_tier(levels)
        what = step_words(levels)  # "tier 2: Edges and walls, …": what the tier is, said there
        timing = "" if model is not None else " Your time appears once you have solved by hand."
        # There is no tier before tier 0 (it said "or -1", "or the one before").
        before = f" or tier {step - 1}" if step > 0 else ""
        ahead = [s for s in self.suggestions if s.ahead]
        if ahead:
            tier = ahead[0].candidate.tier
            where = (
                f"one step up, at tier {tier}"
                if tier == step + 1
                else f"from tier {tier}, the nearest tier above it with puzzles"
            )
            before = " or the one before" if step > 0 else ""
            self._say(
                f"Nothing in the library at your step ({what}){before}, so "
                f"{count(len(ahead), 'puzzle')} {where}. Practise What I need in the Practice "
                f"tab to move your step on.{timing}"
            )
        elif self.suggestions:
            self._say(
                f"{count(len(self.suggestions), 'puzzle')} for {name or 'you'} at your next "
                f"step ({what}){before}.{timing}"
            )
        else:
            before = ", nor at the tier before" if step > 0 else ""
            self._say(
                f"Nothing in the library at or above your step ({what}){before}: "
                "practise What I need in the Practice tab to move your step on, add puzzles, or "
                "generate one with `nonostudio-cli generate --technique …`."
            )
        if self._open_when_ready:
            self._open_when_ready = False
            self._open_first()

    def suggest(self) -> None:
        """Open the first suggestion (grading the library first when needed)."""
        self._open_when_ready = True
        self.refresh()

    def _solved_by_hand(self, id: int) -> bool:
        """Whether the player's kept game of library puzzle ``id`` is solved (a damaged record
        is not)."""
        try:
            kept = self.library.hand_progress(id)
        except LibraryError:
            return False
        return kept is not None and kept.solved

    def _open_first(self) -> None:
        """Open the first suggestion the player has not solved by hand yet.  It opened the
        first whatever it was: Soup's on!, solved a moment before, was opened again as "my next
        puzzle" (seen under Xvfb at 1024x600)."""
        row = next(
            (r for r, s in enumerate(self.suggestions) if int(s.candidate.key) not in self._solved),
            None,
        )
        if row is None:
            if self.suggestions:
                self._say(
                    f"{self.label.text()} You have solved every one of them by hand: double-click "
                    "one to play it again."
                )
            return
        select_row(self.table, self.table.model().index(row, 0))
        self.openRequested.emit(int(self.suggestions[row].candidate.key))

    def _show_detail(self, row: int) -> None:
        """Say under the table what row ``row`` holds (the first row when none is chosen), in
        words that wrap to the dock's width."""
        if not 0 <= row < self.table.rowCount():
            row = 0
        cells = [self.table.item(row, col) for col in range(self.table.columnCount())]
        if not self.table.rowCount() or any(c is None for c in cells):
            self.detail.clear()
            self.detail.hide()
            return
        title, why, time_text, grade = (c.text() for c in cells if c is not None)
        said = [f"{title} \u2014 {why}."]
        if time_text != NOT_KNOWN:
            said.append(f"Predicted time for you: {time_text}.")
        if grade != NOT_KNOWN:
            said.append(f"Grade: {grade}.")
        self.detail.setText(" ".join(said))
        self.detail.show()

    def _open_row(self, row: int) -> None:
        item = self.table.item(row, 0)
        if item is not None:
            self.openRequested.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def shutdown(self) -> None:
        self.cancel()
        self.store.close()
