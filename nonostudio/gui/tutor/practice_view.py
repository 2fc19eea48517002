"""The Practice tab: the profile chooser, a technique to practise (or "what I need"), the drill
(a real line of a real puzzle, marked with real clicks, or a "which technique?" / "is this move
sound?" question), the feedback with the step's true explanation and its premise drawn, and the
mastery chart of the profile.

The drill pool (lines of the bundled samples) is found in a worker process with progress and
cancel; the drills, the checking, the spaced-repetition schedule and the mastery all come from
:mod:`nonostudio.analysis.tutor`, the profiles from :mod:`nonostudio.core.library.profiles`.
The first answer to a drill is recorded in the profile and scheduled; after a wrong one the
player may correct the line and check again (told right or wrong, not recorded again).  Next
drill on a drill not answered skips it: nothing recorded, another drill shown when there is one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.explaining.move_line import cell_ranges_text
from nonostudio.analysis.tutor.checking import AnswerError, Feedback
from nonostudio.analysis.tutor.drills import KINDS, MARK, SOUND, WHICH, Drill
from nonostudio.analysis.tutor.lines import LINE_TECHNIQUES, DrillLine
from nonostudio.analysis.tutor.mastery import (
    Mastery,
    mastered_text,
    mastery,
    outcomes_of,
    step_text,
    step_tier,
)
from nonostudio.analysis.tutor.practice import PER_TECHNIQUE, Practice, check_answer
from nonostudio.core.clue_text import clue_to_text
from nonostudio.core.counts import count
from nonostudio.core.file_kind import file_kind, special_file_mode
from nonostudio.core.library.profiles import ProfileError, ProfileStore, profile_file_bytes
from nonostudio.core.line import cells_to_text
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.flow_layout import FlowLayout
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.workers import CurrentWorker
from nonostudio.gui.tutor.line_widget import ContextGrid, DrillLineWidget
from nonostudio.gui.tutor.mastery_chart import ROW, MasteryChart
from nonostudio.gui.tutor.tutor_jobs import find_drill_lines, library_source, sample_source

NEED = "need"
"""The technique box's first entry: the techniques of the player's next step."""
DEFAULT_PROFILE = "Player"


class WrappedLabel(QLabel):
    """A word-wrapped label that asks for the height its words take at its width: inside the
    Drill box's nested layouts a plain one was given one line's height for two or three (at
    1024x600 the feedback lost its last line, the prompt its last words, under a Mastery box
    that had room to spare)."""

    def __init__(self, text: str = "") -> None:
        super().__init__(text)
        self.setWordWrap(True)

    def sizeHint(self) -> QSize:
        return self._words_high(super().sizeHint())

    def _words_high(self, hint: QSize) -> QSize:
        if self.text() and self.width() > 0:
            hint.setHeight(max(hint.height(), self.heightForWidth(self.width())))
        return hint

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the words' height at the new width


def needed_techniques(levels: dict[str, Mastery]) -> list[str]:
    """The drillable techniques of the player's step tier not yet mastered, after those of the
    tiers below it never asked (the step, judged on whole tiers, took them as known on their
    tier's other answers, and says so: asking them tests that); all drillable techniques not
    mastered when there are none such; all of them when every one is."""
    tier = step_tier(levels)
    open_ = [t for t in LINE_TECHNIQUES if t not in levels or not levels[t].mastered]
    unasked = [
        t for t in open_ if BY_ID[t].tier < tier and (t not in levels or not levels[t].events)
    ]
    at_step = [t for t in open_ if BY_ID[t].tier == tier]
    return unasked + at_step or open_ or list(LINE_TECHNIQUES)


class PracticeView(QWidget):
    """Practice by technique for the profile chosen.  ``library_path``: the library database
    the profiles live in; ``clock``: seconds since the epoch (tests pass a fake);
    ``puzzles``: where drill lines come from (the bundled samples by default); ``profile``:
    the profile chosen first (the first one when it does not exist)."""

    drillShown = Signal()
    answered = Signal(bool)
    profileChanged = Signal(str)
    profileRenamed = Signal(str, str)  # old, new: its history went with it

    def __init__(
        self,
        library_path: str | Path,
        parent: QWidget | None = None,
        *,
        clock: Callable[[], float] = time.time,
        puzzles: Callable[[], Sequence[tuple[str, Puzzle]]] = sample_source,
        seed: int = 0,
        profile: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.store = ProfileStore(library_path)
        self.clock = clock
        self._puzzles = puzzles
        self.seed = seed
        self.practice: Practice | None = None
        self.drill: Drill | None = None
        self.feedback: Feedback | None = None
        self._shown_at = 0.0
        self._first_answer = True
        self._retried = False
        self._loader = CurrentWorker(
            self,
            on_result=self._lines_found,
            on_error=self._load_failed,
            on_progress=self._load_progress,
            on_finished=self._load_done,
        )
        self._build()
        self._fill_profiles(profile)

    # -- building --------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Profile:"))
        self.profile_box = QComboBox()
        self.profile_box.setMinimumWidth(140)
        self.profile_box.currentTextChanged.connect(self._profile_chosen)
        row.addWidget(self.profile_box)
        self.new_button = self._button(row, "New…", self.new_profile)
        self.rename_button = self._button(row, "Rename…", self.rename_profile)
        self.delete_button = self._button(row, "Delete", self.delete_profile)
        self.export_button = self._button(row, "Export…", self.export_profile)
        self.import_button = self._button(row, "Import…", self.import_profile)
        row.addStretch(1)
        outer.addLayout(row)

        row = QHBoxLayout()
        row.addWidget(QLabel("Practise:"))
        self.technique_box = QComboBox()
        self.technique_box.addItem("What I need (my next step)", NEED)
        for tid in LINE_TECHNIQUES:
            t = BY_ID[tid]
            self.technique_box.addItem(f"{t.name} (tier {t.tier})", tid)
        row.addWidget(self.technique_box)
        row.addWidget(QLabel("from"))
        self.source_box = QComboBox()
        self.source_box.addItem("the bundled samples", "samples")
        self.source_box.addItem("my library", "library")
        row.addWidget(self.source_box)
        self.start_button = self._button(row, "Start practice", self.start)
        row.addStretch(1)
        outer.addLayout(row)

        row = QHBoxLayout()  # the search's progress and Cancel beside the status line
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setMaximumWidth(120)
        self.progress.setTextVisible(False)
        self.progress.hide()
        row.addWidget(self.progress)
        self.cancel_button = self._button(row, "Cancel", self.cancel)
        self.cancel_button.hide()
        self.status = WrappedLabel("")
        row.addWidget(self.status, 1)
        if self.store.read_only:
            self._say(self.store.read_only, error=True)
        outer.addLayout(row)

        box = QGroupBox("Drill")
        beside = QHBoxLayout(box)
        drill = QVBoxLayout()
        beside.addLayout(drill, 1)
        self.context = ContextGrid()
        self.context.setToolTip("The puzzle at this moment; the drill's line is shaded")
        self.context.hide()
        beside.addWidget(self.context, 0, Qt.AlignmentFlag.AlignTop)
        self.prompt = WrappedLabel("Choose a technique and start practice.")
        self.prompt.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        drill.addWidget(self.prompt)
        self.where = WrappedLabel("")
        drill.addWidget(self.where)
        self.line = DrillLineWidget()
        self.line.submitted.connect(self.check_marks)
        drill.addWidget(self.line)
        self.candidate_label = QLabel("The move proposed:")
        drill.addWidget(self.candidate_label)
        self.candidate = DrillLineWidget()
        drill.addWidget(self.candidate)
        # the choices wrap: four on one row (Finished block, Joining and splitting, Matching
        # blocks to clues, Out of reach) widened the window to 1032 px at 1024x600
        self.choice_row = FlowLayout()
        drill.addLayout(self.choice_row)
        self.choice_buttons: list[QPushButton] = []
        answer_row = QHBoxLayout()
        self.check_button = self._button(answer_row, "Check my marks", self.check_marks)
        self.yes_button = self._button(answer_row, "Sound", lambda: self.answer_text("y"))
        self.no_button = self._button(answer_row, "Unsound", lambda: self.answer_text("n"))
        self.next_button = self._button(answer_row, "Next drill", self.next_drill)
        self.next_button.setToolTip(
            "Go on to another drill. One not answered is skipped: not recorded, and not asked "
            "again for a minute unless every other drill was skipped too"
        )
        answer_row.addStretch(1)
        drill.addLayout(answer_row)
        self.result = WrappedLabel("")
        self.result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        drill.addWidget(self.result)
        outer.addWidget(box)

        chart_box = QGroupBox("Mastery")
        chart_layout = QVBoxLayout(chart_box)
        self.mastery_label = WrappedLabel("")
        self.chart = MasteryChart()
        # the words and the chart scroll together: they take the room the Drill box's words
        # leave (at 1024x600 not all of both fit)
        mastery_page = QWidget()
        page_layout = QVBoxLayout(mastery_page)
        page_layout.setContentsMargins(0, 0, 0, 0)
        page_layout.addWidget(self.mastery_label)
        page_layout.addWidget(self.chart, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(mastery_page)
        scroll.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        scroll.setMinimumHeight(3 * ROW)
        chart_layout.addWidget(scroll)
        outer.addWidget(chart_box, 1)
        # wrapped text must not widen the window (a QLabel's own minimum is its longest words'
        # line): the labels take the width the tab has
        for label in (self.status, self.prompt, self.where, self.result, self.mastery_label):
            label.setMinimumWidth(120)
        self._show_drill_widgets(None)

    def _button(self, layout: QHBoxLayout, text: str, slot: Callable[[], Any]) -> QPushButton:
        button = QPushButton(text)
        button.clicked.connect(lambda _checked=False: slot())
        layout.addWidget(button)
        return button

    # -- profiles --------------------------------------------------------------------------
    @property
    def profile(self) -> str:
        return self.profile_box.currentText()

    def _fill_profiles(self, choose: str | None = None) -> None:
        names = self.store.names()
        if not names:
            self.store.ensure(DEFAULT_PROFILE)
            names = self.store.names()
        self.profile_box.blockSignals(True)
        self.profile_box.clear()
        self.profile_box.addItems(names)
        if choose is not None and choose in names:
            self.profile_box.setCurrentText(choose)
        self.profile_box.blockSignals(False)
        self._profile_chosen(self.profile)

    def _profile_chosen(self, name: str) -> None:
        if not name:
            return
        self.refresh_mastery()
        self.profileChanged.emit(name)

    def levels(self) -> dict[str, Mastery]:
        """The chosen profile's mastery of every technique."""
        return mastery(outcomes_of(self.store.events(self.profile)))

    def refresh_mastery(self) -> None:
        """The profile's standing over the chart, in the words of ``nonostudio-cli profile
        show`` (the same core functions): the techniques mastered, how near the answered ones
        are, and the next step with what it rests on (a bare "next step: tier 1" after one
        right answer read as "tier 0 is done")."""
        levels = self.levels()
        events = sum(m.events for m in levels.values())
        self.mastery_label.setText(
            f"{self.profile}: {count(events, 'event')}; "
            f"{mastered_text(levels, list(LINE_TECHNIQUES))}\n{step_text(levels)}"
        )
        self.chart.set_levels(levels, list(LINE_TECHNIQUES))

    def _say(self, text: str, error: bool = False) -> None:
        self.status.setStyleSheet("color: #c0392b;" if error else "")
        self.status.setText(text)

    def ask_text(self, title: str, label: str, text: str = "") -> str | None:
        value, ok = QInputDialog.getText(self, title, label, text=text)
        return value if ok else None

    def ask_save_path(self, suggested: str) -> str | None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Export profile", suggested, "Profile (*.json);;All files (*)"
        )
        return path or None

    def ask_open_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Import profile", "", "Profile (*.json);;All files (*)"
        )
        return path or None

    def confirm(self, question: str) -> bool:
        answer = QMessageBox.question(self, "Delete profile", question)
        return answer == QMessageBox.StandardButton.Yes

    def new_profile(self) -> None:
        name = self.ask_text("New profile", "Name of the new profile:")
        if name is None:
            return
        try:
            self.store.create(name)
        except ProfileError as exc:
            self._say(str(exc), error=True)
            return
        self._fill_profiles(name.strip())
        self._say(f"Profile {name.strip()!r} created.")

    def rename_profile(self) -> None:
        old = self.profile
        name = self.ask_text("Rename profile", f"New name for {old!r}:", old)
        if name is None or name.strip() == old:
            return
        try:  # made under the new name first: the old one goes only once its events are copied
            self.store.create(name)
            self.store.record(name.strip(), self.store.events(old))
            self.store.delete(old)
        except ProfileError as exc:
            self._say(str(exc), error=True)
            return
        self.profileRenamed.emit(old, name.strip())
        self._fill_profiles(name.strip())
        self._say(f"Profile {old!r} renamed {name.strip()!r}.")

    def delete_profile(self) -> None:
        name = self.profile
        events = count(len(self.store.events(name)), "event")
        if not self.confirm(f"Delete profile {name!r} and its {events}?"):
            return
        try:
            self.store.delete(name)
        except ProfileError as exc:
            self._say(str(exc), error=True)
            return
        self._fill_profiles()
        self._say(f"Profile {name!r} deleted.")

    def export_profile(self) -> None:
        path = self.ask_save_path(f"{self.profile}.json")
        if path is None:
            return
        if (mode := special_file_mode(path)) is not None:  # (refused unopened: a FIFO no
            # program reads held the window for good)
            self._say(
                f"Could not export: {path}: is {file_kind(mode)}, not a file to write in",
                error=True,
            )
            return
        try:
            events = self.store.export_file(self.profile, path)
        except (ProfileError, OSError) as exc:
            self._say(f"Could not export: {exc}", error=True)
            return
        self._say(f"Profile {self.profile!r} exported to {path} ({count(events, 'event')}).")

    def import_profile(self) -> None:
        path = self.ask_open_path()
        if path is None:
            return
        try:
            name, events = self.store.import_file(path, data=profile_file_bytes(path))
        except (ProfileError, OSError) as exc:
            self._say(f"Could not import: {exc}", error=True)
            return
        self._fill_profiles(name)
        self._say(f"Profile {name!r} imported from {path} ({count(events, 'event')}).")

    # -- the drill pool --------------------------------------------------------------------
    def chosen_techniques(self) -> list[str]:
        tid = self.technique_box.currentData()
        return needed_techniques(self.levels()) if tid == NEED else [str(tid)]

    def start(self) -> None:
        """Find drill lines for the chosen techniques in a worker process."""
        techniques = self.chosen_techniques()
        from_library = self.source_box.currentData() == "library"
        source = partial(library_source, self.store.path) if from_library else self._puzzles
        # in a worker process (tutor_jobs.py): its Python never holds up the GUI thread
        job = ProcessJob(find_drill_lines, (techniques, self.seed, source, PER_TECHNIQUE))
        self.practice = None
        self.drill = None
        self._show_drill_widgets(None)
        self.where.clear()  # the last drill's line and answer are not this search's
        self.result.clear()
        names = ", ".join(BY_ID[t].name for t in techniques)
        self.prompt.setText(f"Finding drill lines for {names}…")
        show_progress(self.progress, 0.0)
        self.progress.show()
        self.cancel_button.show()
        self.start_button.setEnabled(False)
        self._loader.start(job)

    def cancel(self) -> None:
        """Stop the search; the progress line is cleared and the drill text says what to do."""
        self._loader.cancel()
        self._load_done()
        self._say("")
        self.prompt.setText("Cancelled. Choose a technique and press Start practice.")

    def is_loading(self) -> bool:
        return self._loader.is_running()

    def _load_progress(self, fraction: float, message: str) -> None:
        show_progress(self.progress, fraction)
        self._say(f"Finding drill lines: {round(100 * fraction)} % ({message})")

    def _load_done(self) -> None:
        self.progress.hide()
        self.cancel_button.hide()
        self.start_button.setEnabled(True)

    def _load_failed(self, message: str) -> None:
        # one state: the progress line goes, the drill text says what happened and what to do
        self._say("")
        self.prompt.setText(
            f"Could not find drill lines: {message.rstrip('.')}. Press Start practice to try again."
        )

    def _lines_found(self, value: tuple[list[str], dict[str, list[DrillLine]]]) -> None:
        techniques, lines = value
        past = self.store.events(self.profile)
        practice = Practice(lines, techniques, KINDS, self.seed, history=outcomes_of(past))
        if not practice.drills:
            names = ", ".join(BY_ID[t].name for t in techniques)
            where = self.source_box.currentText()
            self._say("")
            self.prompt.setText(f"No drill line for {names} in {where}.")
            return
        for e in past:  # the schedule goes on from past sessions
            if e.source == "drill" and e.item in practice.drills:
                practice.schedule.review(e.item, e.score >= 1.0, e.at)
        self.practice = practice
        drills, on = count(len(practice.drills), "drill"), count(len(techniques), "technique")
        self._say(f"{drills} on {on}.")
        self.next_drill()

    # -- drills ----------------------------------------------------------------------------
    def _show_drill_widgets(self, kind: str | None) -> None:
        self.line.setVisible(kind is not None)
        if kind is None:
            self.context.hide()
        self.candidate.setVisible(kind == SOUND)
        self.candidate_label.setVisible(kind == SOUND)
        self.check_button.setVisible(kind == MARK)
        self.yes_button.setVisible(kind == SOUND)
        self.no_button.setVisible(kind == SOUND)
        self.next_button.setVisible(kind is not None)
        for b in self.choice_buttons:
            b.setVisible(kind == WHICH)

    def next_drill(self) -> None:
        """Show the drill the schedule picks now; the one shown and not answered is skipped
        (not recorded, held back a minute), so another comes when there is one."""
        if self.practice is None:
            return
        if self.drill is not None and self._first_answer:
            self.practice.skip(self.drill, self.clock())
        drill = self.practice.next(self.clock())
        self.drill, self.feedback = drill, None
        self.result.setText("")
        if drill is None:
            self.prompt.setText("No drill for these techniques.")
            self._show_drill_widgets(None)
            return
        line = drill.line
        name = BY_ID[drill.technique].name
        self.where.setText(
            f"{line.axis.capitalize()} {line.index + 1} of {line.source}, "
            f"clue {clue_to_text(line.clues)}"
        )
        self.line.set_line(line.clues, line.cells, editable=drill.kind == MARK)
        self.context.set_grid(line.grid, line.axis, line.index)
        for b in self.choice_buttons:
            self.choice_row.removeWidget(b)
            b.deleteLater()
        self.choice_buttons = []
        if drill.kind == MARK:
            self.prompt.setText(
                f"Mark every cell {name} decides on this line: left click fills, right click "
                "crosses, click again to clear (or the arrow keys, Space to fill, X to cross). "
                "Then Check my marks (Enter)."
            )
        elif drill.kind == WHICH:
            self.prompt.setText("Which technique is the easiest that decides a cell here?")
            for k, tid in enumerate(drill.choices):
                button = QPushButton(BY_ID[tid].name)
                button.clicked.connect(lambda _c=False, n=k + 1: self.answer_text(str(n)))
                self.choice_row.add(button)
                self.choice_buttons.append(button)
        else:
            assert drill.candidate is not None
            self.prompt.setText("Is this move sound? Every cell it decides must be forced.")
            self.candidate.set_line(line.clues, drill.candidate, editable=False)
        self._show_drill_widgets(drill.kind)
        self._answer_takes_keys(drill.kind)
        self._shown_at = time.monotonic()
        self._first_answer = True
        self._retried = False
        self.drillShown.emit()

    def _answer_takes_keys(self, kind: str) -> None:
        """The keys go to a new line to mark when they were in this tab: after Next drill
        (Space) the focus stayed on that button, so the player's next Space, meant to fill a
        cell, skipped the drill, and X did nothing.  A choice or Sound button is not given the
        keys: a second Space there would answer, and the first answer is the one recorded."""
        focus = QApplication.focusWidget()
        if kind != MARK or not self.isVisible():
            return
        if focus is None or self.isAncestorOf(focus):
            self.line.setFocus(Qt.FocusReason.OtherFocusReason)

    def check_marks(self) -> None:
        if self.drill is not None and self.drill.kind == MARK:
            self.answer_text(cells_to_text(self.line.cells()))

    def answer_text(self, text: str) -> Feedback | None:
        """Check ``text`` on the drill shown; the first answer goes into the profile."""
        drill, practice = self.drill, self.practice
        if drill is None or practice is None:
            return None
        try:
            if self._first_answer:
                feedback, event = practice.answer(
                    drill, text, time.monotonic() - self._shown_at, self.clock()
                )
                self.store.record(self.profile, [event])
                self._first_answer = False
                self.refresh_mastery()
            else:
                feedback = check_answer(drill, text)
                self._retried = True
        except (AnswerError, ProfileError) as exc:
            self._say(str(exc), error=True)
            return None
        self.feedback = feedback
        self._show_feedback(drill, feedback)
        self.answered.emit(feedback.correct)
        return feedback

    def _show_feedback(self, drill: Drill, feedback: Feedback) -> None:
        premise = sorted({int(c[0]) for p in feedback.premises for c in p.get("cells", ())})
        if feedback.correct:
            self.line.show_marks(premise=())
            self.result.setStyleSheet("color: #2e7d32;")
            extra = f" {feedback.explanation}" if feedback.explanation else ""
            again = " (The first answer is the one recorded: this drill comes back soon.)"
            self.result.setText(f"Right.{extra}{again if self._retried else ''}")
            return
        self.result.setStyleSheet("color: #c0392b;")
        parts = ["Not quite."]
        if feedback.wrong and drill.kind == MARK:
            parts.append(f"Wrong: {_cells(feedback.wrong)}.")
        if feedback.missing:
            parts.append(f"Missing: {_cells(feedback.missing)}.")
        if drill.kind == WHICH:
            parts.append(f"It is {BY_ID[feedback.expected].name}.")
        parts.append(feedback.explanation)
        if drill.kind == MARK:
            parts.append("Correct the line and check again, or go on to the next drill.")
        self.result.setText(" ".join(parts))
        self.line.show_marks(feedback.wrong, feedback.missing, premise)
        if feedback.counterexample is not None:
            self.candidate.set_line(drill.line.clues, drill.candidate or (), editable=False)
            self.candidate.show_marks(wrong=feedback.wrong)
            self.line.set_cells(feedback.counterexample)
            self.where.setText(
                f"{self.where.text()}. Above: an arrangement of the clue that fits the line and "
                "refutes the move"
            )

    def showEvent(self, event: QShowEvent) -> None:
        """Shown again (after solving by hand, say): the chart takes up the new events."""
        super().showEvent(event)
        if self.profile:
            self.refresh_mastery()

    def shutdown(self) -> None:
        """Stop the search for drill lines and close the profile store."""
        self._loader.cancel()
        self.store.close()


def _cells(cells: Sequence[int]) -> str:
    """``[0, 1, 2, 5]`` (0-based) → ``"cells 1–3, 6"``; one cell → ``"cell 4"``; every range
    said."""
    word = "cell" if len(cells) == 1 else "cells"
    return f"{word} {cell_ranges_text(cells, limit=len(cells))}"
