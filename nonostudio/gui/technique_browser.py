"""The rule browser organised by technique: the families players learn, in difficulty order.

For the technique selected in the table (:mod:`nonostudio.gui.techniques_model`) the pane shows
its name, tier, other names and idea, a picture of the catalogue's worked example, a worked
example from a real puzzle of the library (the first step of that technique in the solution of
the smallest library puzzles; the bundled samples without a library), how often it is the
technique a test line needs, and the rules of the rule set placed in it
(:mod:`nonostudio.analysis.placement`) with their DSL text; a rule opens in the rule list and its
editor.  *Export strategy guide…* writes the guide (:mod:`nonostudio.analysis.guide`) as an HTML
page or a PDF.

Placement and frequencies run once per rule set in the background (cached for the session), the
real examples once per rule set and library.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from PySide6.QtCore import QItemSelectionModel, QMarginsF, Qt, Signal
from PySide6.QtGui import (
    QFontDatabase,
    QPageLayout,
    QPageSize,
    QPdfWriter,
    QShowEvent,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.guide import (
    Frequency,
    RealExample,
    guide_html,
    real_examples,
    technique_frequencies,
)
from nonostudio.analysis.placement import Placement, by_technique, place_all
from nonostudio.analysis.steps import Trace
from nonostudio.analysis.techniques import BY_ID, example_cells
from nonostudio.core.errors import PuzzleError
from nonostudio.core.library import Library, LibraryError
from nonostudio.core.line import cells_to_text
from nonostudio.core.paths import paper_testing_set, samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.gui.line_picture import LinePicture, PictureRow, marked_ranges
from nonostudio.gui.techniques_model import NAME, TechniquesModel
from nonostudio.gui.workers import Progress, ShouldStop, Worker, run_in_background
from nonostudio.rules.coverage import load_transitions
from nonostudio.rules.printer import format_rule
from nonostudio.rules.ruleset import RuleSet

MAX_EXAMPLE_PUZZLES = 60  # the smallest library puzzles searched for real examples
PLACEMENT_LINES = 800  # rules are placed on an even sample of this many test lines (speed)
MAX_EXAMPLE_SIZE = 30  # ... up to this many rows and columns
Analysis = tuple[dict[str, Frequency], int, list[Placement]]


class _Stopped(Exception):
    """A background count was cancelled (the worker reports it as aborted)."""


def example_puzzles(library: Library | None) -> list[tuple[str, Puzzle, str]]:
    """``(source, puzzle, attribution)`` of the smallest puzzles of the library (up to
    :data:`MAX_EXAMPLE_SIZE` cells a side), or of the bundled samples without a library; damaged
    records are left out."""
    out: list[tuple[str, Puzzle, str]] = []
    if library is not None:
        try:
            entries = [e for e in library.entries()
                       if e.width <= MAX_EXAMPLE_SIZE and e.height <= MAX_EXAMPLE_SIZE]
        except LibraryError:
            entries = []
        entries.sort(key=lambda e: (e.width * e.height, e.id))
        for entry in entries[:MAX_EXAMPLE_PUZZLES]:
            try:
                puzzle = library.get(entry.id)
            except (LibraryError, PuzzleError):
                continue
            who = entry.author or "author unknown"
            out.append((f"library puzzle {entry.id}", puzzle,
                        f"{entry.title or 'untitled'} (library puzzle {entry.id}): {who}"
                        + (f", {entry.licence}" if entry.licence else "")))
        if out:
            return out
    from nonostudio.core.formats import read_all  # only when there is no library to read

    for path in sorted(samples_dir().glob("*.non")):
        try:
            for _, puzzle in read_all(path):
                if puzzle.width <= MAX_EXAMPLE_SIZE and puzzle.height <= MAX_EXAMPLE_SIZE:
                    who = puzzle.copyright or puzzle.author or "author unknown"
                    out.append((path.name, puzzle, f"{puzzle.title or path.name} ({path.name}): "
                                f"{who}" + (f", {puzzle.licence}" if puzzle.licence else "")))
        except (PuzzleError, OSError):
            continue
    out.sort(key=lambda item: (item[1].width * item[1].height, item[0]))
    return out[:MAX_EXAMPLE_PUZZLES]


_CELL_TD = re.compile(r'<td class="(f|x|u)( new)?">(×?)</td>')
_PRINT_CELLS = {
    ("f", False): '<td bgcolor="#222222">&nbsp;&nbsp;&nbsp;</td>',
    ("f", True): '<td bgcolor="#dd6600">&nbsp;&nbsp;&nbsp;</td>',
    ("x", False): '<td align="center"><font color="#777777">×</font></td>',
    ("x", True): '<td align="center" bgcolor="#ffe0c0"><font color="#dd6600"><b>×</b></font></td>',
    ("u", False): "<td>&nbsp;&nbsp;&nbsp;</td>",
    ("u", True): '<td bgcolor="#ffe0c0">&nbsp;&nbsp;&nbsp;</td>',
}


def printable_html(page: str) -> str:
    """The guide's HTML in the subset Qt's rich text lays out (for the PDF): its line pictures
    draw cells by CSS sizes and outlines Qt ignores, so empty cells would collapse; here every
    cell has content, borders come from the table and colours from ``bgcolor``."""
    page = page.replace('<table class="line">',
                        '<table class="line" border="1" cellspacing="0" cellpadding="1" '
                        'style="border-color: #888888; border-style: solid;">')
    page = page.replace('<td class="clue">', '<td class="clue" style="border: none;">')
    return _CELL_TD.sub(lambda m: _PRINT_CELLS[(m.group(1), bool(m.group(2)))], page)


def move_rows(before: Sequence[int] | str, after: Sequence[int] | str) -> list[PictureRow]:
    """A move as two picture rows: the line before, and after it with the decided cells marked."""
    b = before if isinstance(before, str) else cells_to_text(list(before))
    a = after if isinstance(after, str) else cells_to_text(list(after))
    ranges = marked_ranges(b, a)
    return [PictureRow("before", b),
            PictureRow("after", a, ranges[0] if ranges else None, more_marks=ranges[1:])]


class TechniqueBrowser(QWidget):
    """The techniques in difficulty order with their explanation, examples and member rules."""

    ruleRequested = Signal(str, bool)  # a member rule's name; True: open it in the editor
    analysisReady = Signal()  # placement and frequencies of the current rule set arrived
    examplesReady = Signal()  # real examples arrived

    _analysis_cache: ClassVar[dict[tuple, Analysis]] = {}
    _examples_cache: ClassVar[dict[tuple, dict[str, RealExample]]] = {}

    def __init__(self, parent: QWidget | None = None, *,
                 test_set: Path | None = None) -> None:
        super().__init__(parent)
        self._test_set = paper_testing_set() if test_set is None else test_set
        self._rule_set: RuleSet | None = None
        self._library: Library | None = None
        self._analysis: Analysis | None = None
        self._examples: dict[str, RealExample] | None = None
        self._sources: list[str] = []
        self._analysis_worker: Worker | None = None
        self._examples_worker: Worker | None = None
        self._pending: set[str] = set()  # work for the rule set, started when first shown
        self.model = TechniquesModel(self)
        self._build()
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_selected())
        self.members_list.itemActivated.connect(
            lambda item: self.ruleRequested.emit(item.data(Qt.ItemDataRole.UserRole), False))
        self.members_list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.open_rule_button.clicked.connect(lambda: self._request_rule(False))
        self.edit_rule_button.clicked.connect(lambda: self._request_rule(True))
        self.export_button.clicked.connect(self.choose_export)
        self.select_technique(self.model.row_at(0).id)

    def _build(self) -> None:
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setAccessibleName("Techniques")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The names take what the counts leave, so the table fits its pane without scrolling.
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.busy = QProgressBar(maximumHeight=12, textVisible=False)
        self.busy.setRange(0, 0)
        self.busy.hide()
        self.export_button = QPushButton("E&xport strategy guide…")
        self.export_button.setToolTip("Write the techniques in order, with pictures and worked "
                                      "examples, as an HTML page or a PDF to print")
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

        self.heading_label = QLabel()
        self.heading_label.setAccessibleName("Technique")
        self.heading_label.setWordWrap(True)
        self.idea_label = QLabel()
        self.idea_label.setAccessibleName("Idea")
        self.idea_label.setWordWrap(True)
        self.example_heading = QLabel("<b>Worked example</b>")
        self.example_picture = LinePicture(cell=18)
        self.example_note = QLabel()
        self.example_note.setWordWrap(True)
        self.real_heading = QLabel()
        self.real_heading.setWordWrap(True)
        self.real_picture = LinePicture(cell=14)
        self.real_text = QLabel()
        self.real_text.setAccessibleName("Real example")
        self.real_text.setWordWrap(True)
        self.frequency_label = QLabel()
        self.frequency_label.setAccessibleName("How often")
        self.frequency_label.setWordWrap(True)
        self.members_heading = QLabel()
        self.members_heading.setWordWrap(True)
        self.members_list = QListWidget()
        self.members_list.setAccessibleName("Rules in this technique")
        self.members_list.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.members_list.setWordWrap(True)
        self.members_list.setMinimumHeight(160)
        self.open_rule_button = QPushButton("Show in rule &list")
        self.edit_rule_button = QPushButton("&Edit && prove…")
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_rule_button)
        buttons.addWidget(self.edit_rule_button)
        buttons.addStretch(1)

        details = QWidget()
        d = QVBoxLayout(details)
        for widget in (self.heading_label, self.idea_label, self.example_heading,
                       self.example_picture, self.example_note, self.real_heading,
                       self.real_picture, self.real_text, self.frequency_label,
                       self.members_heading):
            d.addWidget(widget)
        d.addWidget(self.members_list, 1)
        d.addLayout(buttons)
        scroll = QScrollArea(widgetResizable=True)
        scroll.setWidget(details)

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
        self._cancel_analysis()
        selected = self.selected_technique() or self.model.row_at(0).id
        self._rule_set = rule_set
        self._analysis = None
        self._examples = None
        self.model.set_members(None)  # (a reset: the selection is put back below)
        self.model.set_frequencies(None, 0)
        self._pending = {"analysis", "examples"} if rule_set is not None and measure else set()
        self._start_pending()
        self.select_technique(selected if self.model.row_of(selected) >= 0
                              else self.model.row_at(0).id)

    def set_library(self, library: Library | None) -> None:
        """Take real examples from the puzzles of ``library`` (None: the bundled samples)."""
        if library is self._library:
            return
        self._library = library
        if self._rule_set is not None and (self._examples is not None
                                           or self._examples_worker is not None):
            self._pending.add("examples")
            self._start_pending()

    def _start_pending(self) -> None:
        """Start the background work waiting for a rule set, once the browser is on screen
        (a studio whose Rules tab is never opened does not spend the seconds)."""
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

    def examples(self) -> dict[str, RealExample] | None:
        return None if self._examples is None else dict(self._examples)

    def is_busy(self) -> bool:
        return self._analysis_worker is not None or self._examples_worker is not None

    def cancel(self) -> None:
        self._cancel_analysis()

    def _cancel_analysis(self) -> None:
        for worker in (self._analysis_worker, self._examples_worker):
            if worker is not None:
                worker.cancel()
        self._analysis_worker = self._examples_worker = None
        self.busy.hide()

    # --- background work -----------------------------------------------------------------------

    def _start_analysis(self) -> None:
        rule_set, path = self._rule_set, self._test_set
        assert rule_set is not None
        key = (rule_set.name, tuple(rule_set.rules), str(path))
        cached = self._analysis_cache.get(key)
        if cached is not None:
            self._analysed(cached, key)
            return
        if path is None or not path.is_file():
            self.status_label.setText(f"The rules are not placed in techniques: the test set "
                                      f"({path}) is not there.")
            return

        def job(progress: Progress, should_stop: ShouldStop) -> tuple[Analysis, tuple]:
            def report(start: float, share: float, prefix: str = "") -> Progress:
                def call(fraction: float, message: str) -> None:
                    if should_stop():  # the counts poll no stop of their own: end them here
                        raise _Stopped
                    progress(start + share * fraction, prefix + message)
                return call

            transitions = load_transitions(path)
            frequencies = technique_frequencies(
                transitions, progress=report(0.0, 0.3, "counting techniques: "))
            step = max(1, len(transitions) // PLACEMENT_LINES)
            placed = place_all(rule_set.rules, transitions[::step], progress=report(0.3, 0.7))
            return (frequencies, len(transitions), placed), key

        self.busy.setRange(0, 0)
        self.busy.show()
        self.status_label.setText(f"Placing the {len(rule_set.rules)} rules of “{rule_set.name}” "
                                  "in techniques…")
        self._analysis_worker = run_in_background(
            job, on_result=self._on_analysis, on_error=self._analysis_failed,
            on_progress=self._on_progress)

    def _on_progress(self, fraction: float, message: str) -> None:
        if self._analysis_worker is not None and self.sender() is self._analysis_worker.signals:
            self.busy.setRange(0, 100)
            self.busy.setValue(round(100 * fraction))
            self.busy.setToolTip(message)

    def _on_analysis(self, result: tuple[Analysis, tuple]) -> None:
        worker = self._analysis_worker
        if worker is None or self.sender() is not worker.signals:
            return
        self._analysis_worker = None
        self.busy.setVisible(self._examples_worker is not None)
        analysis, key = result
        self._analysis_cache[key] = analysis
        self._analysed(analysis, key)

    def _analysed(self, analysis: Analysis, key: tuple) -> None:
        rule_set = self._rule_set
        if rule_set is None or key[:2] != (rule_set.name, tuple(rule_set.rules)):
            return
        self._analysis = analysis
        frequencies, lines, placed = analysis
        selected = self.selected_technique()
        self.model.set_members(by_technique(placed))
        self.model.set_frequencies(frequencies, lines)
        unplaced = sum(1 for p in placed if not p.placed)
        self.status_label.setText(
            f"{len(placed) - unplaced} of {len(placed)} rules of “{rule_set.name}” placed in a "
            f"technique" + (f"; {unplaced} fit none" if unplaced else "")
            + f" (on {lines:,} test lines).")
        self.select_technique(selected or self.model.row_at(0).id)
        self.analysisReady.emit()

    def _analysis_failed(self, message: str) -> None:
        worker = self._analysis_worker
        if worker is None or self.sender() is not worker.signals:
            return
        self._analysis_worker = None
        self.busy.hide()
        self.status_label.setText(f"The rules could not be placed in techniques: {message}")

    def _start_examples(self) -> None:
        if self._examples_worker is not None:
            self._examples_worker.cancel()
            self._examples_worker = None
        rule_set = self._rule_set
        assert rule_set is not None
        puzzles = example_puzzles(self._library)  # read here: the library is this thread's
        key = (tuple(rule_set.rules), tuple((s, p.rows, p.cols) for s, p, _a in puzzles))
        attributions = {s: a for s, _p, a in puzzles}
        cached = self._examples_cache.get(key)
        if cached is not None:
            self._set_examples(cached, attributions)
            return
        self._examples = None
        pairs = [(s, p) for s, p, _a in puzzles]

        def job(progress: Progress, should_stop: ShouldStop) -> tuple:
            return real_examples(pairs, rule_set.rules, should_stop=should_stop), key, attributions

        self.busy.show()
        self._examples_worker = run_in_background(job, on_result=self._on_examples,
                                                  on_error=self._examples_failed)
        self._show_selected()

    def _on_examples(self, result: tuple) -> None:
        worker = self._examples_worker
        if worker is None or self.sender() is not worker.signals:
            return
        self._examples_worker = None
        self.busy.setVisible(self._analysis_worker is not None)
        found, key, attributions = result
        self._examples_cache[key] = found
        self._set_examples(found, attributions)

    def _examples_failed(self, message: str) -> None:
        worker = self._examples_worker
        if worker is None or self.sender() is not worker.signals:
            return
        self._examples_worker = None
        self.busy.setVisible(self._analysis_worker is not None)
        self.real_heading.setText(f"No real examples: {html.escape(message)}")

    def _set_examples(self, found: dict[str, RealExample], attributions: dict[str, str]) -> None:
        self._examples = dict(found)
        self._sources = [attributions[s] for s in dict.fromkeys(e.source for e in found.values())
                         if s in attributions]
        self._show_selected()
        self.examplesReady.emit()

    # --- selection and details -------------------------------------------------------------------

    def select_technique(self, technique: str) -> None:
        row = self.model.row_of(technique)
        if row < 0:
            return
        self.table.selectionModel().setCurrentIndex(
            self.model.index(row, 0),
            QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self._show_selected()

    def selected_technique(self) -> str | None:
        index = self.table.selectionModel().currentIndex()
        return self.model.row_at(index.row()).id if index.isValid() else None

    def _show_selected(self) -> None:
        technique_id = self.selected_technique()
        if technique_id is None:
            return
        t = BY_ID.get(technique_id)
        if t is None:  # the rules no technique explains
            self.heading_label.setText("<h2>Rules not placed in a technique</h2>")
            self.idea_label.setText("Rules whose fills no catalogued technique explains on the "
                                    "test lines: only the exact line solver does.")
            for widget in (self.example_heading, self.example_picture, self.example_note,
                           self.real_heading, self.real_picture, self.real_text,
                           self.frequency_label):
                widget.hide()
            self._show_members(technique_id)
            return
        aka = f"<br><i>Also called: {html.escape(', '.join(t.also_known_as))}</i>" if (
            t.also_known_as) else ""
        self.heading_label.setText(f"<h2>{html.escape(t.name)} <small>tier {t.tier}</small></h2>"
                                   f"{aka}")
        self.idea_label.setText(t.idea)
        if t.example is not None:
            before, after = example_cells(t.example)
            self.example_picture.set_line(t.example.clues, move_rows(before, after))
            self.example_note.setText(t.example.note)
        for widget in (self.example_heading, self.example_picture, self.example_note):
            widget.setVisible(t.example is not None)
        self._show_real(technique_id, t.scope == "line")
        freq = self.model.frequency(technique_id)
        lines = self.model.test_lines()
        if freq is not None and lines:
            self.frequency_label.setText(
                f"<b>How often:</b> on the {lines:,} test lines it is the easiest technique that "
                f"helps on {freq.first:,} ({100 * freq.first / lines:.1f} %); its move decides a "
                f"cell on {freq.fires:,} ({100 * freq.fires / lines:.1f} %).")
        elif t.scope != "line":
            self.frequency_label.setText("<b>How often:</b> only when no line technique helps "
                                         "anywhere on the grid.")
        else:
            self.frequency_label.setText("<b>How often:</b> being counted on the test lines…"
                                         if self._analysis_worker is not None else "")
        self.frequency_label.setVisible(bool(self.frequency_label.text()))
        self._show_members(technique_id)

    def _show_real(self, technique_id: str, line: bool) -> None:
        example = None if self._examples is None else self._examples.get(technique_id)
        self.real_heading.show()
        if example is None:
            self.real_picture.hide()
            self.real_text.hide()
            source = "the library's puzzles" if self._library is not None else "the samples"
            if self._examples_worker is not None:
                self.real_heading.setText(f"<b>In a real puzzle:</b> looking in {source}…")
            elif self._examples is not None:
                self.real_heading.setText(f"<b>In a real puzzle:</b> none of the smallest of "
                                          f"{source} needs it.")
            else:
                self.real_heading.hide()
            return
        self.real_heading.setText(f"<b>In a real puzzle:</b> {html.escape(example.puzzle)}, "
                                  f"step {example.step}, {html.escape(example.line)}")
        self.real_picture.setVisible(line)
        if line:
            self.real_picture.set_line(example.clues, move_rows(example.before, example.after))
        self.real_text.setText(example.text)
        self.real_text.show()

    def _show_members(self, technique_id: str) -> None:
        self.members_list.clear()
        rule_set = self._rule_set
        members = self.model.members(technique_id)
        if rule_set is None:
            self.members_heading.setText("<b>Rules:</b> no rule set.")
        elif members is None:
            self.members_heading.setText(
                f"<b>Rules of “{html.escape(rule_set.name)}” in this technique:</b> "
                + ("being placed…" if self._analysis_worker is not None or "analysis" in
                   self._pending else "not placed."))
        else:
            self.members_heading.setText(
                f"<b>Rules of “{html.escape(rule_set.name)}” in this technique:</b> "
                f"{len(members) or 'none'}")
            placements = {p.rule: p for p in (self._analysis[2] if self._analysis else [])}
            for name in members:
                entry = rule_set.entry(name)
                title = entry.title or name
                p = placements.get(name)
                share = f" — explains {100 * p.share:.0f} % of its {p.firings} firings" if (
                    p is not None and p.placed) else ""
                example = f"\n  e.g. {p.unexplained or p.example}" if (
                    p is not None and not p.placed and (p.unexplained or p.example)) else ""
                item = QListWidgetItem(f"{title} ({name}){share}\n{format_rule(entry.rule)}"
                                       f"{example}")
                item.setData(Qt.ItemDataRole.UserRole, name)
                item.setToolTip("Double-click to show it in the rule list")
                self.members_list.addItem(item)
        if self.members_list.count():
            self.members_list.setCurrentRow(0)
        self._update_buttons()

    def _update_buttons(self) -> None:
        has = self.members_list.currentItem() is not None
        self.open_rule_button.setEnabled(has)
        self.edit_rule_button.setEnabled(has)

    def _request_rule(self, edit: bool) -> None:
        item = self.members_list.currentItem()
        if item is not None:
            self.ruleRequested.emit(item.data(Qt.ItemDataRole.UserRole), edit)

    # --- the strategy guide --------------------------------------------------------------------

    def guide_page(self) -> str:
        """The strategy guide as HTML, with the real examples and frequencies found so far."""
        frequencies, lines = (None, 0) if self._analysis is None else self._analysis[:2]
        name = self._rule_set.name if self._rule_set is not None else ""
        return guide_html(self._examples or {}, frequencies, lines, rule_set=name,
                          sources=self._sources)

    def export_guide(self, path: Path | str) -> Path:
        """Write the strategy guide to ``path``: a PDF for ``.pdf``, else an HTML page.
        Raises OSError naming the file when it cannot be written."""
        out = Path(path)
        page = self.guide_page()
        if out.suffix.lower() == ".pdf":
            writer = QPdfWriter(str(out))
            writer.setTitle("Nonogram strategy guide")
            writer.setCreator("nonostudio")
            writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
            writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
            document = QTextDocument()
            document.setHtml(printable_html(page))
            document.print_(writer)
            del writer  # ends the PDF
            if not out.is_file() or out.stat().st_size == 0:
                raise OSError(f"cannot write the guide to {out}")
            return out
        try:
            out.write_text(page, encoding="utf-8")
        except OSError as exc:
            raise OSError(exc.errno, f"cannot write the guide: {exc.strerror}", str(out)) from None
        return out

    def choose_export(self) -> Path | None:
        """Ask where to write the guide (HTML or PDF) and write it; the path written, or None."""
        name, chosen = QFileDialog.getSaveFileName(
            self, "Export Strategy Guide", "strategy-guide.html",
            "HTML page (*.html);;PDF document (*.pdf)")
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
