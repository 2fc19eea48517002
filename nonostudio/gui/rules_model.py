"""The rule browser's table: one row per rule of a rule set, with its measures and proof status.

Columns: title, name, cost, coverage on the paper's test set, uses in the current puzzle's trace,
proof status.  Measures arrive later (from background jobs) and fill in their columns; sorting
uses ``UserRole`` (numbers sort as numbers), filtering goes through :class:`RulesFilterModel`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import QComboBox

from nonostudio.rules.ruleset import available_rule_sets

COLUMNS = ("Title", "Name", "Cost", "Coverage", "Uses", "Proof")
TITLE, NAME, COST, COVERAGE, USES, PROOF = range(len(COLUMNS))
NUMERIC = (COST, COVERAGE, USES)
NOT_PROVED = "not proved"


@dataclass(frozen=True)
class RuleRow:
    """The fixed facts of one rule: its names and cost."""

    name: str
    title: str
    cost: int


class RulesModel(QAbstractTableModel):
    """Rows of :class:`RuleRow`; coverage, uses and proof status are set as they become known."""

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)
        self._rows: list[RuleRow] = []
        self._coverage: dict[str, int] = {}
        self._uses: dict[str, int] = {}
        self._proofs: dict[str, str] = {}
        self._uses_known = False

    # --- content -----------------------------------------------------------------------------

    def set_rules(self, rows: Sequence[RuleRow]) -> None:
        """Show these rules; measures of the previous rules are forgotten."""
        self.beginResetModel()
        self._rows = list(rows)
        self._coverage, self._uses, self._proofs = {}, {}, {}
        self._uses_known = False
        self.endResetModel()

    def rule_at(self, row: int) -> RuleRow:
        return self._rows[row]

    def row_of(self, name: str) -> int:
        """The row of the rule called ``name``; -1 when there is none."""
        return next((i for i, r in enumerate(self._rows) if r.name == name), -1)

    def set_coverage(self, coverage: Mapping[str, int] | None) -> None:
        """Cells each rule fills on the test set (None: not known)."""
        self._coverage = dict(coverage or {})
        self._column_changed(COVERAGE)

    def set_uses(self, uses: Mapping[str, int] | None) -> None:
        """Steps of the current puzzle's trace that used each rule (None: no trace)."""
        self._uses = dict(uses) if uses is not None else {}
        self._uses_known = uses is not None
        self._column_changed(USES)

    def set_proof(self, name: str, status: str) -> None:
        self._proofs[name] = status
        row = self.row_of(name)
        if row >= 0:
            index = self.index(row, PROOF)
            self.dataChanged.emit(index, index)

    def proof(self, name: str) -> str:
        return self._proofs.get(name, NOT_PROVED)

    def coverage(self, name: str) -> int | None:
        return self._coverage.get(name)

    def uses(self, name: str) -> int | None:
        if not self._uses_known:
            return None
        return self._uses.get(name, 0)

    def _column_changed(self, column: int) -> None:
        if self._rows:
            self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))

    # --- Qt model ----------------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                "The rule's title",
                "The rule's name in the rule file",
                "Conciseness: the size of the rule (lower is simpler)",
                "Cells the rule fills on the paper's 2805 test lines",
                "Steps of the current puzzle's solution that use the rule",
                "Whether the rule is proved sound for lines up to 30 cells",
            )[section]
        return None

    def _value(self, row: RuleRow, column: int) -> str | int | None:
        if column == TITLE:
            return row.title
        if column == NAME:
            return row.name
        if column == COST:
            return row.cost
        if column == COVERAGE:
            return self._coverage.get(row.name)
        if column == USES:
            return self.uses(row.name)
        return self.proof(row.name)

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        value = self._value(row, column)
        if role == Qt.ItemDataRole.DisplayRole:
            return "…" if value is None else str(value)
        if role == Qt.ItemDataRole.UserRole:
            if column in NUMERIC:
                return -1 if value is None else int(value)
            return str(value).casefold()
        if role == Qt.ItemDataRole.TextAlignmentRole and column in NUMERIC:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class RulesFilterModel(QSortFilterProxyModel):
    """Sorts by ``UserRole`` and keeps the rules whose title or name contain the filter text."""

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(Qt.ItemDataRole.UserRole)
        self.setDynamicSortFilter(True)
        self._needle = ""

    def set_filter_text(self, text: str) -> None:
        """Keep the rules whose title or name contain ``text`` (any case; empty keeps all)."""
        self.beginFilterChange()
        self._needle = text.strip().casefold()
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:
        needle = self._needle
        if not needle:
            return True
        model = self.sourceModel()
        haystack = " ".join(
            str(model.data(model.index(source_row, column, source_parent)))
            for column in (TITLE, NAME)
        )
        return needle in haystack.casefold()


def offer_rule_sets(combo: QComboBox, *preferred: str) -> None:
    """Fill ``combo`` with the available rule sets and select the first of ``preferred`` that is
    among them (the combo's own first entry when none is)."""
    names = available_rule_sets()
    combo.addItems(names)
    default = next((n for n in preferred if n in names), None)
    if default is not None:
        combo.setCurrentText(default)
