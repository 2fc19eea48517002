"""The difficulty report of the puzzle being edited: label, tier (the hardest technique's),
score, explanation and two charts (techniques used, cells decided per step).

Grading (:func:`nonostudio.analysis.grades.difficulty.grade`) runs in a worker process after a short
pause in editing, within the check panel's time limit; a newer puzzle or rule set cancels a grade
still running, and a stale result is dropped.  A puzzle too large to grade is refused at once;
one with no solution is not graded (the panel says so and points to the Check panel).  The
library lists the grade with the default rule set only; a grade with another set is shown here
and says so (:attr:`~nonostudio.analysis.grades.difficulty.Grade.listed_label`).
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES, BY_ID
from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.difficulty import (
    MULTIPLE,
    NO_SOLUTION,
    TIER_TEXT,
    UNDECIDED,
    Grade,
    PuzzleTooLargeError,
    check_size,
)
from nonostudio.analysis.grades.grade_text import before_search, not_unique_text
from nonostudio.analysis.tracing.steps import Trace
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.common.grade_words import (
    NO_SOLUTION_TEXT,
    NO_SOLUTION_TITLE,
    unknown_grade_text,
)
from nonostudio.gui.common.limits import TIME_LIMIT_S
from nonostudio.gui.common.process_child import ProcessJob, shared
from nonostudio.gui.common.rule_sets import offer_rule_sets, read_rule_set, take_saved_rule_set
from nonostudio.gui.panels.difficulty_charts import RuleUsageChart, StepsChart, steps_caption
from nonostudio.gui.panels.grading import GradeKind, GradingPanel
from nonostudio.gui.panels.panel_jobs import grade_puzzle
from nonostudio.rules.language.parser import RuleSyntaxError
from nonostudio.rules.ruleset import RuleSet

DEBOUNCE_MS = 400
TECHNIQUE_NAMES = {t.id: t.name for t in ALL_TECHNIQUES}
USED = "Techniques used"
USED_BEFORE_STOP = "Techniques used before reasoning stops"
STEPS = "Cells decided per step"


def _heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)  # a narrow dock wraps it rather than widen the window
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def _listed_note(result: Grade) -> str:
    """Says, under a grade with a rule set other than the default, that the library lists the
    default set's grade (this one is not stored)."""
    if result.rule_set == DEFAULT_RULE_SET:
        return ""
    return (
        f" Graded with \u201c{result.rule_set}\u201d: the library lists the grade with the "
        f"default rules, \u201c{DEFAULT_RULE_SET}\u201d."
    )


def _timed_out(result: Grade) -> bool:
    """Whether the grade stopped at its time limit (a longer one may tell more)."""
    return result.timed_out


class DifficultyPanel(GradingPanel):
    """How hard the current puzzle is for a player who knows the chosen rule set."""

    gradeReady = Signal(object)  # Grade
    ruleSetChanged = Signal(str)

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        delay_ms: int = DEBOUNCE_MS,
        time_limit: float = TIME_LIMIT_S,
    ) -> None:
        kind = GradeKind(job=self._grade_job, show=self._show_grade, timed_out=_timed_out)
        super().__init__(parent, kind=kind, delay_ms=delay_ms, time_limit=time_limit)
        self._puzzle: Puzzle | None = None
        self._rule_set: RuleSet | None = None
        self._titles: dict[str, str] = {}
        self._grade: Grade | None = None
        self._build()
        self.rule_set_combo.currentTextChanged.connect(self.set_rule_set)
        offer_rule_sets(self.rule_set_combo, DEFAULT_RULE_SET)

    def _build(self) -> None:
        self.rule_set_combo = QComboBox()
        self.rule_set_combo.setAccessibleName("Rule set for grading")
        self.usage_chart = RuleUsageChart()
        self.steps_chart = StepsChart()
        self.steps_note = QLabel()  # what the chart's two colours of bar are
        self.steps_note.setWordWrap(True)
        self.steps_note.setAccessibleName("Steps chart legend")

        top = QHBoxLayout()
        top.addWidget(QLabel("Rules:"))
        top.addWidget(self.rule_set_combo, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.label)
        layout.addWidget(self.busy)
        layout.addWidget(self.tier_label)
        layout.addWidget(self.explanation_label)
        longer_row = QHBoxLayout()  # (a row of its own: the button never widens the dock)
        longer_row.addWidget(self.longer_button)
        longer_row.addStretch(1)
        layout.addLayout(longer_row)
        self.usage_heading = _heading(USED)
        layout.addWidget(self.usage_heading)
        layout.addWidget(self.usage_chart)
        layout.addWidget(_heading(STEPS))
        layout.addWidget(self.steps_chart)
        layout.addWidget(self.steps_note)
        layout.addStretch(1)

    # --- public API ----------------------------------------------------------------------------

    def set_puzzle(self, puzzle: Puzzle | None) -> None:
        """Grade ``puzzle`` after a short pause (None: nothing to grade while clues are invalid)."""
        if puzzle is not None and (puzzle.rows, puzzle.cols) == self._graded:
            self._puzzle = puzzle
            return  # metadata changes do not change the grade
        self._puzzle = puzzle
        self._schedule()

    def set_unavailable(self, reason: str) -> None:
        """Grade nothing and say why (e.g. a colour puzzle is open)."""
        self.set_puzzle(None)
        self._show_message("Not graded", reason)

    def set_rule_set(self, name: str) -> None:
        """Grade for the shipped rule set called ``name``."""
        if not name or (self._rule_set is not None and self._rule_set.name == name):
            return
        try:
            rule_set = read_rule_set(name)  # (read once for every panel, ahead at the start)
        except (RuleSyntaxError, OSError, ValueError) as exc:
            self.cancel()
            self._rule_set = None
            self._show_message("Cannot grade", f"Cannot load the rule set “{name}”: {exc}")
            return
        self._rule_set = rule_set
        self._titles = {e.rule.name: e.title for e in rule_set.entries}
        if self.rule_set_combo.currentText() != name:
            self.rule_set_combo.setCurrentText(name)
        self._schedule()
        self.ruleSetChanged.emit(name)

    def rule_set_saved(self, name: str) -> None:
        """The rule set ``name`` was just saved: offered in the list, and graded with afresh if it
        is the one in use."""
        take_saved_rule_set(self.rule_set_combo, name, self._rule_set, self._read_rule_set_again)

    def _read_rule_set_again(self, name: str) -> None:
        self._rule_set = None
        self.set_rule_set(name)

    def rule_set(self) -> RuleSet | None:
        return self._rule_set

    def result(self) -> Grade | None:
        """The grade on show (None while grading or when there is nothing to grade)."""
        return self._grade

    # --- running -------------------------------------------------------------------------------

    def _schedule(self) -> None:
        self.cancel()
        self._grade = None
        self.usage_heading.setText(USED)
        self.usage_chart.set_usage({}, {})
        self._set_steps(None)
        puzzle = self._puzzle
        if puzzle is None:
            self._show_message("No puzzle to grade", "Fix the clues to grade the puzzle.")
            return
        if self._rule_set is None:
            return
        try:
            check_size(puzzle)
        except PuzzleTooLargeError as exc:
            self._show_message("Too large to grade", f"Cannot grade: {exc}.")
            return
        self._graded = (puzzle.rows, puzzle.cols)
        self._show_message("Grading\u2026", "")
        self.busy.show()
        self._timer.start()

    def _grade_job(self) -> ProcessJob | None:
        puzzle, rule_set, limit = self._puzzle, self._rule_set, self._run_limit
        if puzzle is None or rule_set is None:
            return None
        return ProcessJob(grade_puzzle, (puzzle, shared(rule_set), limit))  # in a worker process

    def _show_grade(self, result: Grade) -> None:
        self._grade = result
        if result.features.solutions == NO_SOLUTION:
            # No picture to reach: a tier and a score would describe nothing.
            self._show_message(NO_SOLUTION_TITLE, NO_SOLUTION_TEXT)
            self.gradeReady.emit(result)
            return
        self.label.setText(result.label)
        if result.features.solutions == MULTIPLE and result.trace is not None:
            self._show_not_unique(result)
            return
        self.usage_heading.setText(USED)
        hardest = result.hardest_technique
        needs = f" Hardest technique: {BY_ID[hardest].name}." if hardest else ""
        if result.timed_out:
            self.tier_label.setText(f"Stopped at the time limit of {self.limit_words()}.")
        elif result.features.solutions == UNDECIDED:
            # the solver's reason (the grade's, or the trace's when it stopped it); the
            # explanation below says the grade stopped before it could tell
            reason = result.reason or (result.trace.stop_reason if result.trace else "")
            self.tier_label.setText(unknown_grade_text(reason, result.explanation, result.seconds))
        else:
            self.tier_label.setText(
                f"Tier {result.tier}: {TIER_TEXT[result.tier]}.{needs} Score "
                f"{result.score:.1f}; graded in {result.seconds:.2f} s.{_listed_note(result)}"
            )
        self.explanation_label.setText(result.explanation)
        self.usage_chart.set_usage(result.features.techniques, TECHNIQUE_NAMES)
        self._set_steps(result.trace)
        self.gradeReady.emit(result)

    def _show_not_unique(self, result: Grade) -> None:
        """Several pictures fit: no tier, score or hardest technique (the grade's search only
        picked one picture); what reasoning decides before it stops, and its techniques."""
        assert result.trace is not None
        reasoning = before_search(result.trace)
        self.tier_label.setText(
            "No tier or score: the clues do not fix one picture (the Check panel can show "
            f"another). Checked in {result.seconds:.2f} s.{_listed_note(result)}"
        )
        self.explanation_label.setText(not_unique_text(result.trace, result.features.margins))
        self.usage_heading.setText(USED_BEFORE_STOP)
        self.usage_chart.set_usage(reasoning.summary().techniques, TECHNIQUE_NAMES)
        self._set_steps(reasoning)
        self.gradeReady.emit(result)

    def _set_steps(self, trace: Trace | None) -> None:
        self.steps_chart.set_trace(trace)
        self.steps_note.setText(steps_caption(self.steps_chart.steps()))
