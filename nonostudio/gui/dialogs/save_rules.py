"""The dialog that asks how to save learned rules: the rule set's name, which runs of the job
store to pool, how many rules to keep, whether to widen and simplify the chosen ones and whether
to pool the rules' mirror images; and the smaller dialog that asks which of the user's rule sets a
rule written in the rule editor is saved into.  Why pooling, widening and simplifying: see
docs/design/gui.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from nonostudio.gui.dialogs.form import Button, FormDialog, check_box
from nonostudio.learn.store.jobs import RunInfo


@dataclass(frozen=True)
class SaveChoice:
    """What the user asked for: ``top_k`` None keeps every useful rule; ``max_mean_cost`` (with
    ``top_k``) bounds the chosen rules' mean cost."""

    name: str
    run_ids: tuple[int, ...]
    top_k: int | None
    simplify: bool
    widen: bool = False
    mirror: bool = False
    max_mean_cost: float | None = None

    @property
    def cost_budget(self) -> int | None:
        """The total cost the top ``top_k`` may reach (None: no bound)."""
        if self.top_k is None or self.max_mean_cost is None:
            return None
        return int(self.max_mean_cost * self.top_k + 1e-6)


def run_label(info: RunInfo, rules: int) -> str:
    """``run 6 — lines ≤ 7, ≤ 3 patterns, 4300 rules (running)`` for the list of runs."""
    s = info.settings
    state = "" if info.status == "finished" else f" ({info.status})"
    return (
        f"run {info.id} — lines ≤ {s.get('max_length', '?')}, ≤ {s.get('max_patterns', '?')} "
        f"patterns, {rules} rules{state}"
    )


class SaveRulesDialog(FormDialog):
    """Ask for a :class:`SaveChoice`; ``runs`` pairs each run with its rules found so far."""

    def __init__(
        self, runs: list[tuple[RunInfo, int]], current: int, parent: QWidget | None = None
    ) -> None:
        super().__init__("Save Learned Rules", parent, accept=Button.Save)
        self.name = QLineEdit(f"learned-run-{current}")
        self.runs = QListWidget()
        for info, rules in runs:
            item = QListWidgetItem(run_label(info, rules))
            item.setData(Qt.ItemDataRole.UserRole, info.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if info.id == current else Qt.CheckState.Unchecked
            )
            self.runs.addItem(item)
        self.runs.setToolTip(
            "The rules of every checked run are pooled (a rule two runs found is "
            "kept once) before the best are chosen."
        )
        self.top_k = QSpinBox(minimum=0, maximum=100000, value=0)
        self.top_k.setSpecialValueText("every useful rule")
        self.max_mean_cost = QDoubleSpinBox(
            minimum=0.0, maximum=999.0, decimals=1, singleStep=0.5, value=0.0
        )
        self.max_mean_cost.setSpecialValueText("no limit")
        self.max_mean_cost.setToolTip(
            "The kept rules' costs add up to at most this times the number to keep (31.7 is the "
            "mean cost of the paper's top 10 control rules): shorter rules, fewer cells.  Needs "
            "a number of rules to keep; when fewer rules add cells, fewer are kept."
        )
        self.widen = check_box(
            "Widen the chosen rules' unique conditions (each step proved; slower)",
            False,
            "Adds conjuncts inside (x is unique where …) while the rule fires on more lines up "
            "to 6 cells, then chooses again: more cells.",
        )
        self.simplify = check_box(
            "Simplify the chosen rules (each step proved; slower)",
            False,
            "Drops conjuncts and patterns a chosen rule stays sound and as general without, then "
            "chooses again: lower cost, same cells.",
        )
        self.mirror = check_box(
            "Add the rules' mirror images (the same rule read from the other end of the line; "
            "each chosen one proved)",
            False,
            "A rule about the first clue gets its twin about the last clue (constant(hint, -1)), "
            "then the choice is made again: more cells.",
        )
        self.top_k.valueChanged.connect(lambda _: self._update())
        self.runs.itemChanged.connect(lambda _: self._update())
        self.name.textChanged.connect(lambda _: self._update())
        for label, widget in (
            ("Rule set name:", self.name),
            ("Pool the rules of:", self.runs),
            ("Keep the best:", self.top_k),
            ("Their mean cost at most:", self.max_mean_cost),
            ("", self.widen),
            ("", self.simplify),
            ("", self.mirror),
        ):
            self.form.addRow(label, widget)
        self.lay_out()
        self._update()

    def checked_runs(self) -> tuple[int, ...]:
        items = (self.runs.item(i) for i in range(self.runs.count()))
        return tuple(
            int(it.data(Qt.ItemDataRole.UserRole))
            for it in items
            if it.checkState() == Qt.CheckState.Checked
        )

    def _update(self) -> None:
        ok = bool(self.name.text().strip()) and bool(self.checked_runs())
        self.max_mean_cost.setEnabled(self.top_k.value() > 0)
        self.accept_button().setEnabled(ok)

    def choice(self) -> SaveChoice:
        top_k = self.top_k.value() or None
        mean = self.max_mean_cost.value() or None
        return SaveChoice(
            self.name.text().strip(),
            self.checked_runs(),
            top_k,
            self.simplify.isChecked(),
            self.widen.isChecked(),
            self.mirror.isChecked(),
            mean if top_k is not None else None,
        )


DEFAULT_USER_SET = "my-rules"


class SaveWrittenRuleDialog(FormDialog):
    """Ask which user rule set a rule written in the editor goes into, and its title.

    The set is picked from the user's own sets or named anew (a new ``.rules`` file in the
    user's rules folder); shipped sets cannot be written to.  A bad name is explained under the
    field and Save stays disabled until it is fixed.
    """

    def __init__(
        self, rule_name: str, sets: list[str], parent: QWidget | None = None, *, title: str = ""
    ) -> None:
        super().__init__("Save Rule to a Rule Set", parent, accept=Button.Save)
        self.set_name = QComboBox()
        self.set_name.setEditable(True)
        self.set_name.setAccessibleName("Rule set")
        self.set_name.addItems(sets or [DEFAULT_USER_SET])
        self.set_name.setToolTip("One of your rule sets, or a new name for a new set")
        self.title = QLineEdit(title or rule_name)
        self.title.setAccessibleName("Rule title")
        self.problem = QLabel()
        self.problem.setAccessibleName("Problem with the name")
        self.problem.setWordWrap(True)
        self.set_name.editTextChanged.connect(lambda _: self._update())
        self.form.addRow(QLabel(f"Save the rule <b>{rule_name}</b> into one of your rule sets."))
        self.form.addRow("Rule set:", self.set_name)
        self.form.addRow("", self.problem)
        self.form.addRow("Title:", self.title)
        self.lay_out()
        self._update()

    def chosen_set(self) -> str:
        return self.set_name.currentText().strip()

    def _update(self) -> None:
        from nonostudio.gui.rule_drafts import SaveRuleError, check_set_name

        try:
            check_set_name(self.chosen_set())
            self.problem.setText("")
            ok = True
        except SaveRuleError as exc:
            self.problem.setText(str(exc))
            ok = False
        self.accept_button().setEnabled(ok)
