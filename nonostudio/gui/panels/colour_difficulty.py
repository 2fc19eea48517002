"""The difficulty of the colour puzzle being edited: label, whether it needs colour reasoning
(the first part of the colour grade's order, before the tier), tier (the hardest step's),
score, explanation and the colour features the grade is made of — colours, touching pairs of
clues, narrowing steps, cells that need pencil marks, and the cells decided one colour at a time,
by colour techniques and by search.  A puzzle with several solutions shows no tier or score
(the trace's search only picks one picture), and its trace rows count the steps before the
first search step, under a heading saying so.

Grading (:func:`nonostudio.analysis.colour.grade.colour_grade`) runs in a worker process after a
short pause in editing, within the solver time limit; a newer puzzle cancels a grade still
running (its result is dropped), and the same clues again are not graded again.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.colour.grade import ColourGrade, reasoning_words
from nonostudio.analysis.grades.difficulty import TIER_TEXT
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.gui.common.grade_words import (
    NO_SOLUTION_TEXT,
    NO_SOLUTION_TITLE,
    unknown_grade_text,
)
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.process_child import ProcessJob
from nonostudio.gui.panels.colour_jobs import grade_colour_puzzle
from nonostudio.gui.panels.grading import GradeKind, GradingPanel

DEBOUNCE_MS = 400
#: Above the features of a puzzle that is not unique: the trace's counts are of its steps before
#: the first search step (the search only picks one of the pictures).
BEFORE_STOP = "Steps and cells decided: counted before reasoning stops (several pictures fit)."
#: The rows counted from the trace's steps (the others are of the puzzle itself).
TRACE_ROWS = ("narrowing_steps", "steps", "cells_per_colour", "cells_colour", "cells_search")

#: The features shown, in order: (label, what of the grade's features it shows).
FEATURE_ROWS: tuple[tuple[str, str], ...] = (
    ("Colour reasoning", "one_colour_cells"),
    ("Colours", "colours"),
    ("Touching pairs", "touching_pairs"),
    ("Narrowing steps", "narrowing_steps"),
    ("Pencil-mark cells", "pencil_cells"),
    ("Steps", "steps"),
    ("Decided one colour at a time", "cells_per_colour"),
    ("Decided by colour techniques", "cells_colour"),
    ("Decided by search", "cells_search"),
)
FEATURE_TIPS = {
    "one_colour_cells": "Cells left undecided by looking at one colour at a time (each colour's "
    "clues as black and white): more than 0 ranks the puzzle above every puzzle solvable one "
    "colour at a time, whatever the tiers; it then needs colour reasoning, or search when the "
    "colour techniques find nothing more",
    "touching_pairs": "Neighbouring clue items of different colours: their blocks may touch",
    "narrowing_steps": "Steps that decide no cell but pencil out colours",
    "pencil_cells": "Cells line logic leaves undecided when only decided cells are passed "
    "between lines: more than 0 means the puzzle needs pencil marks",
    "cells_per_colour": "Cells decided by black-and-white techniques on one colour at a time",
    "cells_colour": "Cells decided by the colour techniques",
    "cells_search": "Cells taken from the solution when line logic is stuck",
}


class WordsLabel(QLabel):
    """A word-wrapped label never narrower than its longest word: Qt's minimum width for a
    wrapped label is less, and the dock, as narrow as the panel's minimum allows, cut the
    Colour reasoning row's "not needed" to "not / neede" at 1024x600."""

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        metrics = self.fontMetrics()
        widest = max((metrics.horizontalAdvance(w) for w in self.text().split()), default=0)
        margins = self.contentsMargins()
        width = widest + margins.left() + margins.right() + 2 * self.margin()
        return QSize(max(hint.width(), width), hint.height())


def _timed_out(result: ColourGrade) -> bool:
    """Whether the grade stopped at its time limit (not a solver giving up on its own, which
    sets ``timed_out`` too and says why: a longer limit would not help)."""
    return result.timed_out and not result.reason and not result.cancelled


class ColourDifficultyPanel(GradingPanel):
    """How hard the current colour puzzle is, from its colour trace."""

    gradeReady = Signal(object)  # ColourGrade

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        delay_ms: int = DEBOUNCE_MS,
        time_limit: float = TIME_LIMIT_S,
    ) -> None:
        kind = GradeKind(job=self._grade_job, show=self._show_grade, timed_out=_timed_out)
        super().__init__(parent, kind=kind, delay_ms=delay_ms, time_limit=time_limit)
        self._puzzle: ColourPuzzle | None = None
        self._grade: ColourGrade | None = None
        self._build()

    def _build(self) -> None:
        self.features = QFormLayout()
        self.feature_labels: dict[str, QLabel] = {}
        for title, key in FEATURE_ROWS:
            value = WordsLabel("–")
            value.setWordWrap(True)  # a long value wraps rather than widen the dock
            value.setAccessibleName(title)
            value.setToolTip(FEATURE_TIPS.get(key, ""))
            name = WordsLabel(title)
            name.setWordWrap(True)  # (as the value: a narrow dock keeps the window narrow)
            name.setToolTip(FEATURE_TIPS.get(key, ""))
            self.features.addRow(name, value)
            self.feature_labels[key] = value
        layout = QVBoxLayout(self)
        heading = QLabel("Colour puzzle: graded by its colour solving steps")
        heading.setWordWrap(True)  # a narrow dock wraps it rather than widen the window
        layout.addWidget(heading)
        layout.addWidget(self.label)
        layout.addWidget(self.busy)
        layout.addWidget(self.tier_label)
        layout.addWidget(self.explanation_label)
        longer_row = QHBoxLayout()  # (a row of its own: the button never widens the dock)
        longer_row.addWidget(self.longer_button)
        longer_row.addStretch(1)
        layout.addLayout(longer_row)
        self.features_heading = QLabel(BEFORE_STOP)
        self.features_heading.setWordWrap(True)
        self.features_heading.hide()  # only on a puzzle that is not unique
        layout.addWidget(self.features_heading)
        layout.addLayout(self.features)
        layout.addStretch(1)

    def minimumSizeHint(self) -> QSize:
        """At least as wide as the features' rows: the form gives its names the width they ask
        (not their wrapped minimum) and each value its longest word; the dock is never narrower
        than this, so no value goes under its scroll bar."""
        hint = super().minimumSizeHint()
        values = list(getattr(self, "feature_labels", {}).values())
        if not values:  # (asked while being built)
            return hint
        names = [self.features.labelForField(v) for v in values]
        spacing = self.features.horizontalSpacing()
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else self.contentsMargins()
        need = (
            max(n.sizeHint().width() for n in names if n is not None)
            + max(spacing, 6)
            + max(v.minimumSizeHint().width() for v in values)
            + margins.left()
            + margins.right()
        )
        return QSize(max(hint.width(), need), hint.height())

    # --- public API ----------------------------------------------------------------------------

    def set_puzzle(self, puzzle: ColourPuzzle | None) -> None:
        """Grade ``puzzle`` after a short pause (None: nothing to grade while clues are invalid);
        the same palette and clues again (a title edited) are not graded again."""
        key = None if puzzle is None else (puzzle.palette, puzzle.rows, puzzle.cols)
        self._puzzle = puzzle
        if key is not None and key == self._graded:
            return
        self.cancel()
        self._grade = None
        self._show_features(None)
        if puzzle is None:
            self._show_message("No puzzle to grade", "Fix the clues to grade the puzzle.")
            return
        self._graded = key
        self._show_message("Grading\u2026", "")
        self.busy.show()
        self._timer.start()

    def result(self) -> ColourGrade | None:
        """The grade on show (None while grading or when there is nothing to grade)."""
        return self._grade

    # --- running -------------------------------------------------------------------------------

    def _show_features(self, grade: ColourGrade | None) -> None:
        # clues no picture fits: the trace's counts are of steps towards a contradiction
        data: dict[str, object] = (
            {} if grade is None or grade.features.solutions == "none" else grade.features.to_json()
        )
        part = None if grade is None else grade.features.before_search
        self.features_heading.setVisible(part is not None)
        if part is not None:  # several pictures fit: the reasoning before the search
            data.update({key: value for key, value in part.to_json().items() if key in TRACE_ROWS})
        for key, label in self.feature_labels.items():
            label.setText(str(data[key]) if key in data else "–")
        if grade is not None and not grade.cancelled:
            # (stopped at the time limit too: the bare count read as what colour reasoning
            # leaves, "Colour reasoning 6400" on an 80x80 that one colour at a time cannot start)
            self.feature_labels["one_colour_cells"].setText(reasoning_words(grade.features)[1])
        # a longer word may need a wider panel: the dock's scroll area asks again
        # (DockScroll's minimum is the panel's, which it does not hear of by itself)
        area = self.parentWidget()
        while area is not None and not isinstance(area, QScrollArea):
            area = area.parentWidget()
        if area is not None:
            area.updateGeometry()

    def _grade_job(self) -> ProcessJob | None:
        """The colour grade, in a worker process; it reports the share of cells its trace has
        decided, shown on the busy bar."""
        puzzle, limit = self._puzzle, self._run_limit
        if puzzle is None:
            return None
        return ProcessJob(grade_colour_puzzle, (puzzle, limit))

    def _show_grade(self, result: ColourGrade) -> None:
        self._grade = result
        if result.features.solutions == "none":
            # No picture to reach: a tier and a score would describe nothing, as in black and
            # white (it said "Tier 8: search, or the puzzle is not unique. ... Score 91.0").
            self._show_message(NO_SOLUTION_TITLE, NO_SOLUTION_TEXT)
            self._show_features(result)
            self.gradeReady.emit(result)
            return
        self.label.setText(result.label)
        if result.features.before_search is not None:
            # several pictures fit: no tier or score (tier 8 is the search's, which only picked
            # one picture)
            self.tier_label.setText(
                "No tier or score: the clues do not fix one picture (the Check panel can show "
                "another). "
                f"{reasoning_words(result.features)[0]} Checked in {result.seconds:.2f} s."
            )
            self.explanation_label.setText(result.explanation)
            self._show_features(result)
            self.gradeReady.emit(result)
            return
        reason = result.reason  # the colour solver gave up on its own (timed_out is set too)
        if reason:
            self.tier_label.setText(unknown_grade_text(reason, result.explanation, result.seconds))
        elif result.timed_out:
            self.tier_label.setText(f"Stopped at the time limit of {self.limit_words()}.")
        else:
            self.tier_label.setText(
                f"Tier {result.tier}: {TIER_TEXT[result.tier]}. "
                f"{reasoning_words(result.features)[0]} Score {result.score:.1f}; "
                f"graded in {result.seconds:.2f} s."
            )
        self.explanation_label.setText(result.explanation)
        self._show_features(result)
        self.gradeReady.emit(result)
