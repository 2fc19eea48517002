"""The rule browser organised by technique: the families players learn, in difficulty order.

The table (:mod:`nonostudio.gui.rules.techniques_model`) lists the techniques; the pane beside it
(:mod:`nonostudio.gui.rules.technique_details`) explains the selected one with its examples and the
rules of the rule set placed in it.  The browser works out in the background, once per rule set,
where the rules belong and how often each technique is needed, and finds worked examples in
real puzzles; *Export strategy guide…* writes the guide as an HTML page or a PDF
(:mod:`nonostudio.gui.rules.guide_export`).  See docs/design/gui.md.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.catalogue.placement import Placement, by_technique
from nonostudio.analysis.helping.guide import Examples, guide_html
from nonostudio.analysis.helping.technique_examples import example_puzzles
from nonostudio.analysis.tracing.steps import Trace
from nonostudio.core.library import Library
from nonostudio.core.paths import paper_testing_set
from nonostudio.gui.common.process_child import ProcessJob, shared
from nonostudio.gui.common.progress_bars import show_progress
from nonostudio.gui.common.table_model import busy_bar, row_table, select_row
from nonostudio.gui.common.workers import CurrentWorker
from nonostudio.gui.rules.guide_export import write_guide
from nonostudio.gui.rules.rules_jobs import Analysis, technique_analysis, technique_examples
from nonostudio.gui.rules.technique_details import TechniqueDetails, TechniqueFacts
from nonostudio.gui.rules.techniques_model import NAME, TechniquesModel
from nonostudio.rules.ruleset import RuleSet

_RULES_KEYS: dict[int, tuple[RuleSet, int]] = {}  # id of a rule set: (it, its rules' hash)


def rules_key(rule_set: RuleSet) -> int:
    """The hash of ``rule_set``'s rules, worked out once per rule set: the caches are keyed by
    it (hashing the ~100 rules of a set again each time took tens of milliseconds of the GUI
    thread when the Rules tab was first shown)."""
    kept = _RULES_KEYS.get(id(rule_set))
    if kept is None or kept[0] is not rule_set:
        kept = _RULES_KEYS[id(rule_set)] = (rule_set, hash(tuple(rule_set.rules)))
        while len(_RULES_KEYS) > 16:
            del _RULES_KEYS[next(iter(_RULES_KEYS))]
    return kept[1]


class TechniqueBrowser(QWidget):
    """The techniques in difficulty order with their explanation, examples and member rules."""

    ruleRequested = Signal(str, bool)  # a member rule's name; True: open it in the editor
    analysisReady = Signal()  # placement and frequencies of the current rule set arrived
    examplesReady = Signal()  # real examples arrived

    _analysis_cache: ClassVar[dict[tuple, Analysis]] = {}
    _examples_cache: ClassVar[dict[tuple, Examples]] = {}

    def __init__(self, parent: QWidget | None = None, *, test_set: Path | None = None) -> None:
        super().__init__(parent)
        self._test_set = paper_testing_set() if test_set is None else test_set
        self._rule_set: RuleSet | None = None
        self._library: Library | None = None
        self._analysis: Analysis | None = None
        self._examples: Examples | None = None
        self._sources: list[str] = []
        self._analysing = CurrentWorker(
            self,
            on_result=self._on_analysis,
            on_error=self._analysis_failed,
            on_progress=self._on_progress,
        )
        self._finding = CurrentWorker(
            self, on_result=self._on_examples, on_error=self._examples_failed
        )
        self._pending: set[str] = set()  # work for the rule set, started when first shown
        self._starter = QTimer(self, singleShot=True, interval=0)  # (_start_pending)
        self._starter.timeout.connect(self._start_now)
        self._analysis_key: tuple = ()  # the cache key of the analysis running
        self._examples_key: tuple = ()  # ... of the examples being found, and their sources:
        self._attributions: dict[str, str] = {}
        self.model = TechniquesModel(self)
        self._build()
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.details.ruleRequested.connect(self.ruleRequested)
        self.export_button.clicked.connect(self.choose_export)
        self.select_technique(self.model.row_at(0).id)

    def _build(self) -> None:
        self.table = row_table(self.model, "Techniques")
        # The names take what the counts leave, so the table fits its pane without scrolling.
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.busy = busy_bar()
        self.export_button = QPushButton("E&xport strategy guide…")
        self.export_button.setToolTip(
            "Write the techniques in order, with pictures and worked "
            "examples, as an HTML page or a PDF to print"
        )
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setAccessibleName("Technique status")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(QLabel("Easiest first:"))
        top.addStretch(1)
        top.addWidget(self.export_button)
        left_layout.addLayout(top)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.busy)
        left_layout.addWidget(self.status_label)

        self.details = TechniqueDetails()
        scroll = QScrollArea(widgetResizable=True)
        scroll.setWidget(self.details)
        splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(scroll)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([520, 480])  # the table's five columns fit beside the details
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

    # --- inputs ------------------------------------------------------------------------------

    def set_rule_set(self, rule_set: RuleSet | None, *, measure: bool = True) -> None:
        """Place ``rule_set``'s rules in the techniques and find real examples with them
        (``measure`` off: a set still growing, shown as it is without placement)."""
        self.cancel()
        selected = self.selected_technique() or self.model.row_at(0).id
        self._rule_set = rule_set
        self._analysis = None
        self._examples = None
        self.model.set_members(None)  # (a reset: the selection is put back below)
        self.model.set_frequencies(None, 0)
        self._pending = {"analysis", "examples"} if rule_set is not None and measure else set()
        self._start_pending()
        self.select_technique(
            selected if self.model.row_of(selected) >= 0 else self.model.row_at(0).id
        )

    def set_library(self, library: Library | None) -> None:
        """Take real examples from the puzzles of ``library`` (None: the bundled samples)."""
        if library is self._library:
            return
        self._library = library
        if self._rule_set is not None and (
            self._examples is not None or self._finding.is_running()
        ):
            self._pending.add("examples")
            self._start_pending()

    def _start_pending(self) -> None:
        """Start the background work waiting for a rule set, once the browser is on screen
        (a studio whose Rules tab is never opened does not spend the seconds), an event-loop
        turn later: the tab is laid out and painted first (at the first show, reading the
        example puzzles and sending the work to worker processes made one 0.1-0.2 s stall
        with the rest under X11)."""
        if not self.isVisible() or self._rule_set is None or not self._pending:
            return
        self._starter.start()

    def _start_now(self) -> None:
        if not self.isVisible() or self._rule_set is None:
            return
        pending, self._pending = self._pending, set()
        if "analysis" in pending:
            self._start_analysis()
        if "examples" in pending:
            self._start_examples()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._start_pending()

    def set_trace(self, trace: Trace | None) -> None:
        """Count each technique's steps in the current puzzle's solution."""
        self.model.set_uses(None if trace is None else trace.summary().techniques)

    def rule_set(self) -> RuleSet | None:
        return self._rule_set

    def placements(self) -> list[Placement] | None:
        return None if self._analysis is None else list(self._analysis[2])

    def examples(self) -> Examples | None:
        return None if self._examples is None else dict(self._examples)

    def is_busy(self) -> bool:
        """Whether work for the rule set is under way (or starts at the next turn)."""
        started = self._starter.isActive()
        return started or self._analysing.is_running() or self._finding.is_running()

    def cancel(self) -> None:
        """Stop the background work (placement, frequencies and real examples)."""
        self._starter.stop()
        self._analysing.cancel()
        self._finding.cancel()
        self.busy.hide()

    # --- background work -----------------------------------------------------------------------

    def _start_analysis(self) -> None:
        rule_set, path = self._rule_set, self._test_set
        assert rule_set is not None
        key = (rule_set.name, rules_key(rule_set), str(path))
        cached = self._analysis_cache.get(key)
        if cached is not None:
            self._analysed(cached, key)
            return
        if path is None or not path.is_file():
            self.status_label.setText(
                f"The rules are not placed in techniques: the test set ({path}) is not there."
            )
            return
        self.busy.setRange(0, 0)
        self.busy.show()
        self.status_label.setText(
            f"Placing the {len(rule_set.rules)} rules of “{rule_set.name}” in techniques…"
        )
        # in a worker process (seconds of Python: on a thread it held up the GUI thread)
        self._analysis_key = key
        self._analysing.start(ProcessJob(technique_analysis, (shared(rule_set), path)))

    def _on_progress(self, fraction: float, message: str) -> None:
        show_progress(self.busy, fraction)
        self.busy.setToolTip(message)

    def _update_busy(self) -> None:
        self.busy.setVisible(self.is_busy())

    def _on_analysis(self, analysis: Analysis) -> None:
        self._update_busy()
        key = self._analysis_key
        self._analysis_cache[key] = analysis
        self._analysed(analysis, key)

    def _analysed(self, analysis: Analysis, key: tuple) -> None:
        rule_set = self._rule_set
        if rule_set is None or key[:2] != (rule_set.name, rules_key(rule_set)):
            return
        self._analysis = analysis
        frequencies, lines, placed = analysis
        selected = self.selected_technique()
        self.model.set_members(by_technique(placed))
        self.model.set_frequencies(frequencies, lines)
        unplaced = sum(1 for p in placed if not p.placed)
        self.status_label.setText(
            f"{len(placed) - unplaced} of {len(placed)} rules of “{rule_set.name}” placed in a "
            f"technique"
            + (f"; {unplaced} fit none" if unplaced else "")
            + f" (on {lines:,} test lines)."
        )
        self.select_technique(selected or self.model.row_at(0).id)
        self.analysisReady.emit()

    def _analysis_failed(self, message: str) -> None:
        self._update_busy()
        self.status_label.setText(f"The rules could not be placed in techniques: {message}")

    def _start_examples(self) -> None:
        self._finding.cancel()
        rule_set = self._rule_set
        assert rule_set is not None
        puzzles = example_puzzles(self._library)  # read here: the library is this thread's
        key = (rules_key(rule_set), tuple((s, p.rows, p.cols) for s, p, _a in puzzles))
        attributions = {s: a for s, _p, a in puzzles}
        cached = self._examples_cache.get(key)
        if cached is not None:
            self._set_examples(cached, attributions)
            return
        self._examples = None
        pairs = [(s, p) for s, p, _a in puzzles]
        self._examples_key, self._attributions = key, attributions
        self.busy.show()
        # in a worker process, as the analysis
        self._finding.start(ProcessJob(technique_examples, (pairs, shared(rule_set))))
        self._show_selected()

    def _on_examples(self, found: Examples) -> None:
        self._update_busy()
        self._examples_cache[self._examples_key] = found
        self._set_examples(found, self._attributions)

    def _examples_failed(self, message: str) -> None:
        self._update_busy()
        self.details.real_heading.setText(f"No real examples: {html.escape(message)}")

    def _set_examples(self, found: Examples, attributions: dict[str, str]) -> None:
        self._examples = dict(found)
        self._sources = [
            attributions[s]
            for s in dict.fromkeys(e.source for shown in found.values() for e in shown)
            if s in attributions
        ]
        self._show_selected()
        self.examplesReady.emit()

    # --- selection and details -------------------------------------------------------------------

    def select_technique(self, technique: str) -> None:
        row = self.model.row_of(technique)
        if row < 0:
            return
        select_row(self.table, self.model.index(row, 0))
        self._show_selected()

    def selected_technique(self) -> str | None:
        index = self.table.selectionModel().currentIndex()
        return self.model.row_at(index.row()).id if index.isValid() else None

    def _show_selected(self) -> None:
        technique = self.selected_technique()
        if technique is None:
            return
        self.details.show_technique(
            TechniqueFacts(
                technique,
                self.model.frequency(technique),
                self.model.test_lines(),
                counting=self._analysing.is_running(),
                examples=self._examples,
                finding_examples=self._finding.is_running(),
                from_library=self._library is not None,
                rule_set=self._rule_set,
                members=self.model.members(technique),
                placing=self._analysing.is_running() or "analysis" in self._pending,
                placements={p.rule: p for p in (self._analysis[2] if self._analysis else [])},
            )
        )

    # --- the strategy guide --------------------------------------------------------------------

    def guide_page(self) -> str:
        """The strategy guide as HTML, with the real examples and frequencies found so far."""
        frequencies, lines = (None, 0) if self._analysis is None else self._analysis[:2]
        name = self._rule_set.name if self._rule_set is not None else ""
        return guide_html(
            self._examples or {}, frequencies, lines, rule_set=name, sources=self._sources
        )

    def export_guide(self, path: Path | str) -> Path:
        """Write the strategy guide to ``path``: a PDF for ``.pdf``, else an HTML page.
        Raises OSError naming the file when it cannot be written."""
        return write_guide(self.guide_page(), path)

    def choose_export(self) -> Path | None:
        """Ask where to write the guide (HTML or PDF) and write it; the path written, or None."""
        name, chosen = QFileDialog.getSaveFileName(
            self,
            "Export Strategy Guide",
            "strategy-guide.html",
            "HTML page (*.html);;PDF document (*.pdf)",
        )
        if not name:
            return None
        path = Path(name)
        if not path.suffix:
            path = path.with_suffix(".pdf" if "pdf" in chosen.lower() else ".html")
        try:
            written = self.export_guide(path)
        except OSError as exc:
            self.status_label.setText(f"The guide was not written: {exc}")
            return None
        pending = [] if self._analysis is not None else ["frequencies"]
        if self._examples is None:
            pending.append("real examples")
        note = f" (without {' and '.join(pending)}: still being worked out)" if pending else ""
        self.status_label.setText(f"Strategy guide written to {written}{note}.")
        return written
