"""The settings of a new learning run (stored with the run), and the dialog that asks for them:
training set, budgets, workers, the DSL constructs synthesis may use and its cost weights
(:class:`nonostudio.learn.enumerate.SearchOptions`), with the fixed rest of the search shown
read-only (see docs/design/gui.md).
"""

from __future__ import annotations

import os
import random
from dataclasses import asdict, dataclass, field, fields
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from nonostudio.gui.dialogs.form import FormDialog, check_box
from nonostudio.learn import synth
from nonostudio.learn.enumerate import (
    CONSTRUCTS,
    EXTENSIONS,
    LITERALS,
    MAX_WEIGHT,
    OPS,
    SearchOptions,
)
from nonostudio.learn.jobs import JobStore
from nonostudio.learn.specs import Specification, all_specifications
from nonostudio.rules import cost

MAX_LINE_LENGTH = 9  # mining every state of longer lines takes minutes


@dataclass(frozen=True)
class LearnSettings:
    """One run's choices; stored with the run (``to_json``) so resuming uses the same ones."""

    max_length: int = 7
    max_patterns: int = 3
    three_first: bool = False  # of three patterns, only sets naming the first hint, block, gap
    sample: int = 0  # 0: every specification; otherwise a seeded random sample of this many
    seed: int = 0
    budget_s: float = 60.0
    jobs: int = max(1, os.cpu_count() or 1)
    mode: str = "process"
    # Specifications a run would skip (covered, or a smaller pattern set gave a rule) still get
    # a search at their constant level (first hint, first block: edge fill, mercury).
    narrow: bool = True
    # Three-pattern specifications get only that constant-level search (no lattice climb).
    three_narrow: bool = False
    # The DSL constructs left out and the cost weights changed (SearchOptions.to_json).
    search: dict[str, Any] = field(default_factory=lambda: SearchOptions().to_json())

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LearnSettings:
        """The settings stored with a run; unknown keys are ignored, missing ones take defaults."""
        known = {k: data[k] for k in cls.__dataclass_fields__ if k in data}
        return cls(**known)

    def specifications(self) -> list[Specification]:
        """The training specifications: all up to ``max_length``, or a sample in mined order."""
        specs = list(
            all_specifications(self.max_length, self.max_patterns, three_first=self.three_first)
        )
        if 0 < self.sample < len(specs):
            chosen = sorted(random.Random(self.seed).sample(range(len(specs)), self.sample))
            specs = [specs[i] for i in chosen]
        return specs

    def search_options(self) -> SearchOptions:
        """The run's search options; ValueError names a bad stored entry."""
        return SearchOptions.from_json(self.search)

    def runner_options(self) -> dict[str, Any]:
        """The :class:`~nonostudio.learn.runner.Runner` options (the narrow work is chosen by
        the caller, from :attr:`narrow`)."""
        return {
            "jobs": self.jobs,
            "budget_s": self.budget_s,
            "mode": self.mode,
            "narrow_from": 3 if self.three_narrow and self.narrow else None,
        }


def create_run(store: JobStore, settings: LearnSettings) -> int:
    """A new pending run of ``settings``'s specifications in ``store``; returns its id."""
    return store.create_run(settings.to_json(), settings.specifications())


def search_space_text() -> str:
    """What every run searches, for the read-only part of the dialog."""
    return (
        "Patterns climb the lattice singleton → constant(0) → arbitrary and constant(i) → "
        "arbitrary.\n"
        "Fills: linear forms of up to three terms over start, size, the hint geometry "
        f"functions and line size (those chosen above), plus a literal in {list(LITERALS)}; "
        "totals, when chosen, only compared with totals and line size (never in a fill or "
        "inside unique); "
        f"up to {synth.MAX_FILL_PAIRS} fill pairs per pattern set and round.\n"
        f"Conditions: up to three comparisons ({', '.join(OPS)}) plus one of maximal, minimal, "
        f"unique (those chosen above); up to {synth.MAX_COVERS} per fill.  Among rules as "
        "general as each other the cheapest by the weights above wins.\n"
        f"Candidates are checked on every line of ≤ {synth.CHECK_LENGTH} cells, then proved "
        f"sound for every line up to 30 cells (a proof not finished in "
        f"{synth.PROOF_SECONDS:.0f} s is given up).\n"
        "Each rule found is simplified: conjuncts and bindings it stays sound and as general "
        "without are dropped, each step proved."
    )


# The cost weights as the dialog names them (RULES.md §4).
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
        self, parent: QWidget | None = None, settings: LearnSettings | None = None
    ) -> None:
        super().__init__("New Learning Run", parent)
        s = settings or LearnSettings()
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

        for label, widget in (
            ("Maximum line length:", self.max_length),
            ("Patterns per specification (at most):", self.max_patterns),
            ("", self.three_first),
            ("", self.three_narrow),
            ("Training sample:", self.sample),
            ("Budget per specification:", self.budget),
            ("Workers:", self.jobs),
            ("Run workers as:", self.mode),
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
