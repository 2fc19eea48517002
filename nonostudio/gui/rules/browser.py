"""The rule browser: the rules of a rule set by technique (:class:`TechniqueBrowser`), and in a
sortable, filterable table with a detail pane (the rule's text, explanation, example fills and
where it fires in the current puzzle) and a :class:`RuleEditor` to edit and prove it.

Coverage and proof results are cached (per rule set, per rule): see docs/design/gui.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QSignalBlocker, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSplitter,
    QTabWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.tracing.steps import Trace
from nonostudio.core.counts import count
from nonostudio.core.library import Library
from nonostudio.core.paths import paper_testing_set
from nonostudio.gui.common.dock_scroll import scrolled
from nonostudio.gui.common.process_child import ProcessJob, shared
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.rule_sets import offer_rule_sets, read_rule_set
from nonostudio.gui.common.table_model import (
    busy_bar,
    fit_columns_when_changed,
    row_table,
    select_row,
)
from nonostudio.gui.common.workers import CurrentWorker
from nonostudio.gui.rules.details import RuleDetails
from nonostudio.gui.rules.editor import RuleEditor
from nonostudio.gui.rules.model import (
    NAME,
    PROOF,
    TITLE,
    RuleRow,
    RulesFilterModel,
    RulesModel,
    listed_title,
)
from nonostudio.gui.rules.rules_jobs import Coverage, rule_set_coverage
from nonostudio.gui.rules.technique_browser import TechniqueBrowser
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.parser import RuleEntry, RuleSyntaxError
from nonostudio.rules.proving.proof_record import shipped_status
from nonostudio.rules.ruleset import RuleSet

if TYPE_CHECKING:  # (z3 is loaded by the first proof, not with the Rules tab)
    from nonostudio.rules.proving.prover import ProofResult

TESTING_SET = paper_testing_set()  # NONOSTUDIO_TEST_SET's test set, else the bundled one


def proof_status(result: ProofResult) -> str:
    if result.sound is None:
        return "interrupted"
    return f"sound ≤ {result.max_length}" if result.sound else "UNSOUND"


class RuleBrowser(QWidget):
    """Browse, inspect, edit and prove the rules of one rule set at a time."""

    stepRequested = Signal(int)  # a trace step (1-based) the user wants to see in the solving view
    coverageReady = Signal(str)  # the rule set whose coverage arrived

    # Coverage is a property of a rule set, not of a window: computed once per process.
    _coverage_cache: ClassVar[dict[str, Coverage]] = {}
    # Proofs are properties of rules: keep their status across rule sets and windows.
    _proof_cache: ClassVar[dict[Rule, str]] = {}

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        test_set: Path | None = TESTING_SET,
        load: bool = True,
    ) -> None:
        """``load=False`` shows the chosen rule set (reads it, lists its rules, measures their
        coverage) only once the browser is first shown or asked for a set: the window's start
        does not spend ~50 ms of the GUI thread on a tab not in sight."""
        super().__init__(parent)
        self._deferred = False  # the chosen set is shown when the browser is first shown
        self._loader = QTimer(self, singleShot=True, interval=0)  # (showEvent)
        self._loader.timeout.connect(self._load_deferred)
        self._details_soon = QTimer(self, singleShot=True, interval=0)  # (_show_selected)
        self._details_soon.timeout.connect(self._show_details)
        self._test_set = test_set
        self._rule_set: RuleSet | None = None
        self._trace: Trace | None = None
        self._coverage = CurrentWorker(
            self,
            on_result=self._covered,
            on_error=self._coverage_failed,
            on_progress=self._coverage_progress,
        )
        self.model = RulesModel(self)
        self.proxy = RulesFilterModel(self)
        self.proxy.setSourceModel(self.model)
        self._build()
        self.filter_edit.textChanged.connect(self.proxy.set_filter_text)
        self.rule_set_combo.currentTextChanged.connect(self.set_rule_set)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.details.stepRequested.connect(self.stepRequested)
        self.editor.proofFinished.connect(self._on_proof)
        self.editor.ruleSaved.connect(self._rule_saved)
        self.techniques.ruleRequested.connect(self.open_rule)
        self.views.currentChanged.connect(self._view_changed)
        if load:
            offer_rule_sets(self.rule_set_combo, DEFAULT_RULE_SET, "control")
        else:
            with QSignalBlocker(self.rule_set_combo):  # (chosen, not shown yet)
                offer_rule_sets(self.rule_set_combo, DEFAULT_RULE_SET, "control")
            self._deferred = True

    def showEvent(self, event: QShowEvent) -> None:
        """First shown (built not loading): the chosen set is shown an event-loop turn later,
        once the tab is laid out and painted (both in one go held the GUI thread 0.1-0.2 s
        under X11)."""
        super().showEvent(event)
        if self._deferred:
            self._loader.start()

    def _load_deferred(self) -> None:
        if self._deferred:
            self.set_rule_set(self.rule_set_combo.currentText())

    def _build(self) -> None:
        self.rule_set_combo = QComboBox()
        self.rule_set_combo.setAccessibleName("Rule set")
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter rules by title or name")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName("Filter rules")
        self.coverage_busy = busy_bar("Measuring coverage on the test set…")
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.about_button = QToolButton()
        self.about_button.setText("&About this set…")
        self.about_button.setToolTip("How this rule set was made: its file's opening notes")
        self.about_button.clicked.connect(self.show_about)
        top = QHBoxLayout()
        top.addWidget(QLabel("Rules:"))
        top.addWidget(self.rule_set_combo)
        top.addWidget(self.about_button)
        top.addWidget(self.filter_edit, 1)

        self.table = row_table(self.proxy, "Rules")
        # (sized at each layout: 0.15-0.5 s first shown); long titles, names and proofs are
        # elided so that the measures stay in sight (at 1024x600 they were past the right edge)
        # the titles, read first, take two shares of the room the numbers leave
        fit_columns_when_changed(self.table, elide=(TITLE, NAME, PROOF), weights={TITLE: 2})
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(top)
        left_layout.addWidget(self.table, 1)
        status_row = QHBoxLayout()  # the busy bar under the table: the top row stays narrow
        status_row.addWidget(self.status_label, 1)
        status_row.addWidget(self.coverage_busy)
        left_layout.addLayout(status_row)

        self.details = RuleDetails()
        # never narrower than the details: their words wrap in sight, not past the right edge
        scroll = scrolled(self.details)

        self.editor = RuleEditor()
        self.detail_tabs = QTabWidget()
        self.detail_tabs.addTab(scroll, "&Rule")
        self.detail_tabs.addTab(self.editor, "Edit && &prove")

        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.detail_tabs)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        self.techniques = TechniqueBrowser(test_set=self._test_set)
        self.views = QTabWidget()
        self.views.setDocumentMode(True)
        self.views.addTab(self.techniques, "By &technique")
        self.views.addTab(splitter, "&All rules")
        self.all_rules = splitter
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.views)

    # --- rule sets ---------------------------------------------------------------------------

    def rule_set(self) -> RuleSet | None:
        return self._rule_set

    def set_rule_set(self, name: str) -> None:
        """Show the rules of the rule set called ``name`` and measure their coverage."""
        if not name or (self._rule_set is not None and self._rule_set.name == name):
            return
        self._cancel_coverage()
        self._deferred = False
        try:
            rule_set = read_rule_set(name)
        except (RuleSyntaxError, OSError, ValueError) as exc:
            self._rule_set = None
            self.model.set_rules([])
            self.about_button.setEnabled(False)
            self.status_label.setText(f"Cannot load the rule set “{name}”: {exc}")
            return
        self.show_rule_set(rule_set)

    def show_rule_set(self, rule_set: RuleSet, *, measure: bool = True) -> None:
        """Show ``rule_set`` (also one that is not a file, e.g. a learning run's rules so far);
        ``measure`` its coverage (off for a set that is still growing)."""
        self._cancel_coverage()
        self._deferred = False
        name = rule_set.name
        self._rule_set = rule_set
        if self.rule_set_combo.currentText() != name:
            self.rule_set_combo.setCurrentText(name)
        self.model.set_rules(
            [
                RuleRow(e.rule.name, e.title, cost(e.rule), listed_title(e.title, name))
                for e in rule_set.entries
            ]
        )
        for entry in rule_set.entries:
            # A shipped rule's recorded proof to 30 cells says more than a shorter proof asked
            # for in this session (a refutation, which would contradict it, still shows).
            session = self._proof_cache.get(entry.rule)
            recorded = shipped_status(name, entry.rule)
            status = session if session == "UNSOUND" or recorded is None else recorded
            if status is not None:
                self.model.set_proof(entry.rule.name, status)
        self.status_label.setText(f"{count(len(rule_set.entries), 'rule')} in “{name}”.")
        self.about_button.setEnabled(bool(rule_set.header))
        self.set_trace(self._trace)
        self.techniques.set_rule_set(rule_set, measure=measure)
        if measure:
            self._start_coverage()
        if self.proxy.rowCount():
            first = self.proxy.mapToSource(self.proxy.index(0, 0)).row()
            self.select_rule(self.model.rule_at(first).name)

    def show_about(self) -> QDialog | None:
        """Show how the current rule set was made (its file's header) in a dialog; the dialog, or
        None when the set has no header."""
        if self._rule_set is None or not self._rule_set.header:
            return None
        dialog = QDialog(self)
        dialog.setWindowTitle(f"About the rule set “{self._rule_set.name}”")
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        text = QPlainTextEdit(self._rule_set.header, readOnly=True)
        text.setAccessibleName("How the rule set was made")
        text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        layout.addWidget(
            QLabel(
                f"{count(len(self._rule_set.entries), 'rule')}; the notes their file opens with:"
            )
        )
        layout.addWidget(text, 1)
        layout.addWidget(buttons)
        dialog.resize(900, 600)
        dialog.show()
        return dialog

    def add_rule_set(self, name: str) -> None:
        """Offer the rule set ``name`` (just saved) in the list and show it afresh."""
        self._coverage_cache.pop(name, None)
        if self.rule_set_combo.findText(name) < 0:
            self.rule_set_combo.addItem(name)
        self._rule_set = None
        self.set_rule_set(name)

    def _rule_saved(self, rule_set: str, rule: str) -> None:
        """The editor saved ``rule`` into ``rule_set``: show that set with the rule selected."""
        self.add_rule_set(rule_set)
        self.select_rule(rule)

    def set_library(self, library: Library | None) -> None:
        """Take the techniques' real examples from ``library``'s puzzles."""
        self.techniques.set_library(library)

    def open_rule(self, name: str, edit: bool = False) -> None:
        """Show rule ``name`` in the *All rules* tab (``edit``: in its editor)."""
        self.filter_edit.clear()
        self.views.setCurrentWidget(self.all_rules)
        self.select_rule(name)
        self.detail_tabs.setCurrentIndex(1 if edit else 0)

    def select_rule(self, name: str) -> None:
        row = self.model.row_of(name)
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if index.isValid():
            select_row(self.table, index)

    def selected_entry(self) -> RuleEntry | None:
        index = self.table.selectionModel().currentIndex()
        if not index.isValid() or self._rule_set is None:
            return None
        name = self.model.rule_at(self.proxy.mapToSource(index).row()).name
        return self._rule_set.entry(name)

    # --- coverage ----------------------------------------------------------------------------

    def _start_coverage(self) -> None:
        rule_set = self._rule_set
        if rule_set is None:
            return
        cached = self._coverage_cache.get(rule_set.name)
        if cached is not None:
            self.model.set_coverage(cached[1], cached[2])
            return
        path = self._test_set
        if path is None or not path.is_file():
            self.status_label.setText(
                f"{count(len(rule_set.entries), 'rule')}. Coverage is not measured: the test set "
                f"({path}) is not there."
            )
            return

        self.coverage_busy.setRange(0, 0)  # busy until the first report: reading the test set
        self.coverage_busy.setToolTip("Measuring coverage on the test set…")
        self.coverage_busy.show()
        # in a worker process: the measuring's Python never keeps the GUI thread waiting
        self._coverage.start(ProcessJob(rule_set_coverage, (shared(rule_set), path)))

    def _coverage_progress(self, fraction: float, message: str) -> None:
        """Coverage's ``(fraction, message)``: the bar at the fraction, the message as its tip."""
        show_progress(self.coverage_busy, fraction)
        self.coverage_busy.setToolTip(f"Measuring coverage on the test set: {message}")

    def _cancel_coverage(self) -> None:
        self._coverage.cancel()
        self.coverage_busy.hide()

    def cancel(self) -> None:
        """Stop background work (coverage and a running proof; a set about to be shown waits
        for the next show)."""
        self._loader.stop()
        self._cancel_coverage()
        self.techniques.cancel()
        self.editor.cancel_proof()

    def is_busy(self) -> bool:
        """Whether work is under way: the chosen set about to be shown, its coverage, a proof,
        the techniques' work."""
        loading = self._loader.isActive()
        return (
            loading
            or self._coverage.is_running()
            or self.editor.is_proving()
            or self.techniques.is_busy()
        )

    def _covered(self, result: Coverage) -> None:
        self.coverage_busy.hide()
        name = result[0]
        self._coverage_cache[name] = result
        if self._rule_set is not None and self._rule_set.name == name:
            self.model.set_coverage(result[1], result[2])
        self.coverageReady.emit(name)

    def _coverage_failed(self, message: str) -> None:
        self.coverage_busy.hide()
        self.status_label.setText(f"Coverage could not be measured: {message}")

    # --- the current puzzle's trace ------------------------------------------------------------

    def set_trace(self, trace: Trace | None) -> None:
        """Count and list each rule's steps in ``trace`` (the solving view's current trace)."""
        self._trace = trace
        self.techniques.set_trace(trace)
        matches = (
            trace is not None
            and self._rule_set is not None
            and (trace.rule_set == self._rule_set.name)
        )
        self.model.set_uses(trace.summary().uses if matches and trace is not None else None)
        self._show_fires()

    def _show_fires(self) -> None:
        entry = self.selected_entry()
        known = entry is not None and self.model.uses(entry.rule.name) is not None
        self.details.show_fires(
            entry.rule.name if entry is not None and known else None, self._trace
        )

    # --- details -----------------------------------------------------------------------------

    def _show_selected(self) -> None:
        """The selected rule's details (and its editor); behind the techniques (as the tab
        first opens) an event-loop turn later, after the tab's first paint (their example
        search and words took 20-100 ms of the GUI thread at the first show)."""
        if self.isVisible() and not self.all_rules.isVisible():
            self._details_soon.start()
            return
        self._show_details()

    def _show_details(self) -> None:
        self._details_soon.stop()
        entry = self.selected_entry()
        text = self.details.show_rule(entry)
        if entry is not None:
            self.editor.open_rule(
                self._rule_set.name if self._rule_set else "", entry.rule.name, text
            )
        self._show_fires()

    def _view_changed(self, _index: int) -> None:
        if self._details_soon.isActive() and self.all_rules.isVisible():
            self._show_details()  # (the list shown before the details' turn came)

    def _on_proof(self, result: ProofResult) -> None:
        rule = self.editor.rule()
        if rule is None or result.sound is None:
            return
        status = proof_status(result)
        self._proof_cache[rule] = status
        if self._rule_set is not None and rule in self._rule_set.rules:
            self.model.set_proof(rule.name, status)
