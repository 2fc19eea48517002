"""The dialog that asks for the settings of a new learning run
(:class:`nonostudio.learn.store.run_settings.LearnSettings`): training set, budgets, workers (or
the Dask cluster to run on, which is not stored with the run), the DSL constructs synthesis may
use and its cost weights (:class:`nonostudio.learn.synthesis.enumerate.SearchOptions`), with the
fixed rest of the search shown read-only (see docs/design/gui.md).  It starts on a short run
and shows how long the chosen settings would take (:mod:`nonostudio.learn.store.estimate`, worked
out off the GUI thread: mining the specifications of long lines takes seconds).
"""

from __future__ import annotations

import os
from dataclasses import fields

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from nonostudio.gui.common.workers import CurrentWorker, Progress, ShouldStop
from nonostudio.gui.dialogs.form import FormDialog, check_box
from nonostudio.learn.running.dask_engine import (
    CLUSTER_ENV,
    ClusterError,
    cluster_available,
    parse_address,
)
from nonostudio.learn.store.estimate import MeasuredRun, RunEstimate, estimate_run
from nonostudio.learn.store.jobs import JobStore
from nonostudio.learn.store.run_settings import LearnSettings, search_space_text
from nonostudio.learn.synthesis.enumerate import CONSTRUCTS, EXTENSIONS, MAX_WEIGHT, SearchOptions
from nonostudio.rules.language import cost

MAX_LINE_LENGTH = 9  # mining every state of longer lines takes minutes
# What the dialog offers first: a run of minutes (356 specifications, about 3 s each measured with
# one worker on a busy two-core machine), not the paper's days (58,332 specifications of lines up
# to 7 cells and 3 patterns); shown with its estimated duration.
SHORT_RUN = LearnSettings(max_length=4, max_patterns=2, budget_s=20.0)
ESTIMATE_DELAY_MS = 200


# The cost weights as the dialog names them (docs/rule-language.md §4).
WEIGHT_LABELS = {
    "arbitrary": "arbitrary(t)",
    "singleton": "singleton(t)",
    "constant": "constant(t, i), plus i",
    "literal": "literal",
    "line_size": "line_size",
    "element_property": "start(x), size(x)",
    "geometry": "lowest_end_cell, highest_start_cell",
    "operator": "+ − = ≥ > and",
    "maximal": "maximal(x), minimal(x)",
    "unique": "unique (plus its condition)",
    "total": "total(t)",
}


class LearnSettingsDialog(FormDialog):
    """Ask for the settings of a new learning run."""

    def __init__(
        self,
        parent: QWidget | None = None,
        settings: LearnSettings | None = None,
        *,
        store: JobStore | None = None,
    ) -> None:
        """``settings``: what to offer (a short run by default); ``store``: the job store whose
        earlier runs time the estimate."""
        super().__init__("New Learning Run", parent)
        s = settings or SHORT_RUN
        self.max_length = QSpinBox(minimum=1, maximum=MAX_LINE_LENGTH, value=s.max_length)
        self.max_patterns = QSpinBox(minimum=1, maximum=3, value=s.max_patterns)
        self.sample = QSpinBox(minimum=0, maximum=1_000_000, value=s.sample)
        self.sample.setSpecialValueText("all specifications")
        self.budget = QDoubleSpinBox(
            minimum=0.5, maximum=3600.0, value=s.budget_s, suffix=" s", decimals=1
        )
        self.jobs = QSpinBox(minimum=1, maximum=max(64, s.jobs), value=s.jobs)
        self.mode = QComboBox()
        self.mode.addItem("processes", "process")
        self.mode.addItem("threads", "thread")
        self.mode.setCurrentIndex(max(0, self.mode.findData(s.mode)))
        self.three_first = check_box(
            "Of three patterns, only the first hint, block and gap",
            s.three_first,
            "Three-pattern specifications are nine in ten of a run's work; the documented "
            "three-pattern strategies all bind the first hint, block and gap.",
        )
        self.three_narrow = check_box(
            "Of three patterns, the constant-level search only",
            s.three_narrow,
            "No climb of the pattern lattice for three-pattern specifications: on lines of 7 "
            "cells it took a third of a run's work and added no covered test cell.",
        )
        self.max_patterns.valueChanged.connect(self._patterns_changed)
        self.narrow = check_box(
            "Search skipped specifications at the constant level",
            s.narrow,
            "A specification a rule found already covers (or whose smaller pattern set gave a "
            "rule) still gets one search with its patterns read as the first hint, first block "
            "…: rules such as edge fill and mercury are found there.",
        )
        self.narrow.toggled.connect(lambda _: self._patterns_changed())
        self._patterns_changed()
        self._seed = s.seed
        self._estimate_field(store)
        self._cluster_field()

        for label, widget in (
            ("Estimated time:", self.estimate_label),
            ("Maximum line length:", self.max_length),
            ("Patterns per specification (at most):", self.max_patterns),
            ("", self.three_first),
            ("", self.three_narrow),
            ("Training sample:", self.sample),
            ("Budget per specification:", self.budget),
            ("Workers:", self.jobs),
            ("Run workers as:", self.mode),
            ("Run on:", self.cluster_edit),
            ("", self.cluster_note),
            ("", self.narrow),
        ):
            self.form.addRow(label, widget)
        try:
            options = s.search_options()
        except ValueError:  # unreadable stored options: the dialog offers the defaults
            options = SearchOptions()
        self.lay_out(self._constructs_box(options), self._weights_box(options), self._fixed_box())

    def _constructs_box(self, options: SearchOptions) -> QGroupBox:
        """The DSL constructs synthesis may use (and the extensions beyond the paper's)."""
        constructs = QGroupBox("DSL constructs synthesis may use")
        constructs_layout = QVBoxLayout(constructs)
        self.constructs: dict[str, QCheckBox] = {}
        for name, text in CONSTRUCTS.items():
            box = check_box(text, options.allows(name))
            box.setObjectName(f"construct_{name}")
            self.constructs[name] = box
            constructs_layout.addWidget(box)
        self.extensions: dict[str, QCheckBox] = {}
        for name, text in EXTENSIONS.items():
            box = check_box(f"{text} (beyond the paper's DSL; slower)", name in options.extensions)
            box.setObjectName(f"extension_{name}")
            self.extensions[name] = box
            constructs_layout.addWidget(box)
        return constructs

    def _weights_box(self, options: SearchOptions) -> QGroupBox:
        """The cost weights candidates are ranked by, with the original's as a button."""
        weights = QGroupBox("Cost weights (rank rules as general as each other)")
        grid = QGridLayout(weights)
        self.weights: dict[str, QSpinBox] = {}
        original = cost.CostWeights()
        for i, f in enumerate(fields(cost.CostWeights)):
            spin = QSpinBox(minimum=0, maximum=MAX_WEIGHT, value=getattr(options.weights, f.name))
            spin.setObjectName(f"weight_{f.name}")
            spin.setToolTip(f"the original's weight: {getattr(original, f.name)}")
            self.weights[f.name] = spin
            name_label = QLabel(WEIGHT_LABELS[f.name])
            name_label.setBuddy(spin)
            grid.addWidget(name_label, i // 2, 2 * (i % 2))
            grid.addWidget(spin, i // 2, 2 * (i % 2) + 1)
        self.original_weights = QPushButton("Original Weights")
        self.original_weights.setToolTip(
            "The weights of the original implementation (the paper's costs)"
        )
        self.original_weights.clicked.connect(self.reset_weights)
        grid.addWidget(self.original_weights, (len(self.weights) + 1) // 2, 3)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(2, 1)
        return weights

    def _fixed_box(self) -> QGroupBox:
        """The rest of the search, read-only."""
        fixed = QGroupBox("Fixed in this version")
        fixed_layout = QVBoxLayout(fixed)
        self.fixed_text = QPlainTextEdit(search_space_text(), readOnly=True)
        self.fixed_text.setAccessibleName("The fixed part of the search space")
        self.fixed_text.setMinimumHeight(7 * self.fontMetrics().lineSpacing())
        fixed_layout.addWidget(self.fixed_text)
        return fixed

    def _estimate_field(self, store: JobStore | None) -> None:
        """The estimated duration, worked out again (in the background) when a setting that
        changes it changes."""
        self._measured: list[MeasuredRun] = []
        if store is not None:
            try:
                times = store.measured_times()
                self._measured = [
                    MeasuredRun(info.settings, *times[info.id])
                    for info in store.runs()
                    if info.id in times
                ]
            except (OSError, ValueError):  # an unreadable store: no measured times
                self._measured = []
        self._estimate_worker = CurrentWorker(
            self, on_result=self._estimated, on_error=self._estimate_failed
        )
        self._estimate: RunEstimate | None = None
        self.estimate_label = QLabel()
        self.estimate_label.setWordWrap(True)
        self.estimate_label.setAccessibleName("Estimated time")
        self._estimate_timer = QTimer(self, singleShot=True, interval=ESTIMATE_DELAY_MS)
        self._estimate_timer.timeout.connect(self._start_estimate)
        for spin in (self.max_length, self.max_patterns, self.sample, self.jobs):
            spin.valueChanged.connect(self._estimate_later)
        self.budget.valueChanged.connect(self._estimate_later)
        self.three_first.toggled.connect(self._estimate_later)
        self._estimate_later()

    def _estimate_later(self) -> None:
        self._cancel_estimate()
        self._estimate = None
        self.estimate_label.setText("Estimating\u2026")
        self._estimate_timer.start()

    def _start_estimate(self) -> None:
        settings, measured = self.settings(), list(self._measured)
        cluster = self.cluster() is not None

        def job(_progress: Progress, _should_stop: ShouldStop) -> RunEstimate:
            return estimate_run(settings, measured, cluster=cluster)

        self._estimate_worker.start(job)

    def _estimated(self, estimate: RunEstimate) -> None:
        self._estimate = estimate
        self.estimate_label.setText(estimate.text())

    def _estimate_failed(self, message: str) -> None:
        self.estimate_label.setText(f"No estimate: {message}")

    def _cancel_estimate(self) -> None:
        self._estimate_timer.stop()
        self._estimate_worker.cancel()

    def estimate(self) -> RunEstimate | None:
        """The estimate on show (None while it is being worked out)."""
        return self._estimate

    def is_estimating(self) -> bool:
        return self._estimate_timer.isActive() or self._estimate_worker.is_running()

    def done(self, result: int) -> None:
        self._cancel_estimate()
        super().done(result)

    def _cluster_field(self) -> None:
        """Where the run's work runs: this machine's workers (empty) or a Dask cluster; never
        stored with the run (a run started here may be resumed on a cluster and back)."""
        self.cluster_edit = QLineEdit(os.environ.get(CLUSTER_ENV, "").strip())
        self.cluster_edit.setPlaceholderText("this machine's workers")
        self.cluster_edit.setToolTip(
            "A Dask cluster to run on instead: local:N starts one of N worker processes here, "
            "tcp://host:8786 (or tls://…) is a running scheduler's address"
        )
        self.cluster_note = QLabel()
        self.cluster_note.setWordWrap(True)
        self.cluster_edit.textChanged.connect(self._cluster_changed)
        self._cluster_changed()

    def _cluster_changed(self) -> None:
        """Check the address as it is typed; a bad one keeps the run from starting."""
        address = self.cluster_edit.text().strip()
        problem = None
        if address:
            try:
                parse_address(address)
            except ClusterError as exc:
                problem = str(exc)
            if problem is None and not cluster_available():
                problem = "the cluster engine needs Dask: pip install 'nonostudio[cluster]'"
        self.cluster_note.setText(problem or "")
        self.cluster_note.setVisible(problem is not None)
        self.accept_button().setEnabled(problem is None)
        self.jobs.setEnabled(not address)  # a cluster has its own workers
        self.mode.setEnabled(not address)
        self._estimate_later()

    def cluster(self) -> str | None:
        """The cluster to run on (None: this machine's workers)."""
        return self.cluster_edit.text().strip() or None

    def settings(self) -> LearnSettings:
        return LearnSettings(
            max_length=self.max_length.value(),
            max_patterns=self.max_patterns.value(),
            three_first=self.three_first.isChecked(),
            sample=self.sample.value(),
            seed=self._seed,
            budget_s=self.budget.value(),
            jobs=self.jobs.value(),
            mode=str(self.mode.currentData()),
            narrow=self.narrow.isChecked(),
            three_narrow=self.three_narrow.isChecked(),
            search=self.search_options().to_json(),
        )

    def search_options(self) -> SearchOptions:
        """The constructs and weights as the dialog shows them."""
        return SearchOptions(
            frozenset(name for name, box in self.constructs.items() if not box.isChecked()),
            cost.CostWeights(**{name: spin.value() for name, spin in self.weights.items()}),
            frozenset(name for name, box in self.extensions.items() if box.isChecked()),
        )

    def reset_weights(self) -> None:
        original = cost.CostWeights()
        for f in fields(cost.CostWeights):
            self.weights[f.name].setValue(getattr(original, f.name))

    def _patterns_changed(self, k: int | None = None) -> None:
        k = self.max_patterns.value() if k is None else k
        self.three_first.setEnabled(k >= 3)
        self.three_narrow.setEnabled(k >= 3 and self.narrow.isChecked())
