"""The rule browser's table: one row per rule of a rule set, with its measures and proof status.

Columns: title, name, cost, coverage on the test set, uses in the current puzzle's trace,
proof status.  Measures arrive later (from background jobs) and fill in their columns; sorting
uses ``UserRole`` (numbers sort as numbers), filtering goes through :class:`RulesFilterModel`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt

from nonostudio.gui.common.table_model import TOOLTIP, Column, TableModel

COLUMNS = ("Title", "Name", "Cost", "Coverage", "Uses", "Proof")
TITLE, NAME, COST, COVERAGE, USES, PROOF = range(len(COLUMNS))
NUMERIC = (COST, COVERAGE, USES)
NOT_PROVED = "not proved"
SORT_ROLE = Qt.ItemDataRole.UserRole


@dataclass(frozen=True)
class RuleRow:
    """The fixed facts of one rule: its names and cost; ``listed``: its title as the list shows
    it (empty: the title)."""

    name: str
    title: str
    cost: int
    listed: str = ""


def listed_title(title: str, set_name: str) -> str:
    """``title`` as the list of a set's rules shows it: without the set's name in front, which
    the list says above it ("learned rule 12, covers big hint" -> "Rule 12, covers big hint"),
    so that a narrow list shows what tells its rules apart, not "learne…" on every row."""
    prefix = f"{set_name} "
    if set_name and title.casefold().startswith(prefix.casefold()) and len(title) > len(prefix):
        rest = title[len(prefix) :]
        return rest[:1].upper() + rest[1:]
    return title


def _measure(
    column: int,
    tooltip: str,
    value: Callable[[RuleRow], int | str | None],
    *,
    whole_in_tooltip: bool = False,
    whole: Callable[[RuleRow], str] | None = None,
) -> Column[RuleRow]:
    """A column whose value may not be known yet ("…"); numbers sort as numbers (unknown first),
    text in any case; ``whole_in_tooltip``: a cell's tooltip is its text (the list elides long
    texts); ``whole``: a cell's tooltip is this whole text instead."""
    numeric = column in NUMERIC

    def sort_key(row: RuleRow) -> object:
        v = value(row)
        if numeric:
            return int(v) if isinstance(v, int) else -1  # unknown, or words (a wrong rule)
        return str(v).casefold()

    def text(row: RuleRow) -> str:
        return "…" if (v := value(row)) is None else str(v)

    roles: dict[int, Callable[[RuleRow], object]] = {SORT_ROLE: sort_key}
    if whole is not None:
        roles[TOOLTIP] = whole
    elif whole_in_tooltip:
        roles[TOOLTIP] = text
    return Column(COLUMNS[column], text, tooltip, roles=roles, numeric=numeric)


class RulesModel(TableModel[RuleRow]):
    """Rows of :class:`RuleRow`; coverage, uses and proof status are set as they become known."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            (
                _measure(
                    TITLE,
                    "The rule's title",
                    lambda row: row.listed or row.title,
                    whole=lambda row: row.title,
                ),
                _measure(
                    NAME,
                    "The rule's name in the rule file",
                    lambda row: row.name,
                    whole_in_tooltip=True,
                ),
                _measure(
                    COST,
                    "Conciseness: the size of the rule (lower is simpler)",
                    lambda row: row.cost,
                ),
                _measure(
                    COVERAGE,
                    "Cells the rule fills on the test set's lines ('wrong': some of its fills "
                    "there contradict what the line allows, so none is counted)",
                    lambda row: self.coverage(row.name),
                    whole=lambda row: self.coverage_tip(row.name),
                ),
                _measure(
                    USES,
                    "Steps of the current puzzle's solution that use the rule",
                    lambda row: self.uses(row.name),
                ),
                _measure(
                    PROOF,
                    "Whether the rule is proved sound for lines up to 30 cells",
                    lambda row: self.proof(row.name),
                    whole_in_tooltip=True,
                ),
            ),
            parent,
        )
        self._coverage: dict[str, int] = {}
        self._wrong: dict[str, int] = {}
        self._uses: dict[str, int] = {}
        self._proofs: dict[str, str] = {}
        self._uses_known = False

    def set_rules(self, rows: Sequence[RuleRow]) -> None:
        """Show these rules; measures of the previous rules are forgotten."""
        self._coverage, self._uses, self._proofs = {}, {}, {}
        self._wrong = {}
        self._uses_known = False
        self.set_rows(rows)

    def rule_at(self, row: int) -> RuleRow:
        return self.row_at(row)

    def row_of(self, name: str) -> int:
        """The row of the rule called ``name``; -1 when there is none."""
        return self.find(lambda row: row.name == name)

    def set_coverage(
        self, coverage: Mapping[str, int] | None, wrong: Mapping[str, int] | None = None
    ) -> None:
        """Cells each rule fills on the test set (None: not known); ``wrong``: how many fills
        of each rule that made some contradict a test line's deduction (such a rule is
        unsound: its cells are not shown as covered; such fills are a bug, reported)."""
        self._coverage = dict(coverage or {})
        self._wrong = {name: n for name, n in (wrong or {}).items() if n > 0}
        self.column_changed(COVERAGE)

    def set_uses(self, uses: Mapping[str, int] | None) -> None:
        """Steps of the current puzzle's trace that used each rule (None: no trace)."""
        self._uses = dict(uses) if uses is not None else {}
        self._uses_known = uses is not None
        self.column_changed(USES)

    def set_proof(self, name: str, status: str) -> None:
        self._proofs[name] = status
        row = self.row_of(name)
        if row >= 0:
            self.cells_changed(row, PROOF, PROOF)

    def proof(self, name: str) -> str:
        return self._proofs.get(name, NOT_PROVED)

    def coverage(self, name: str) -> int | str | None:
        """The rule's cells on the test set, 'wrong' when some of its fills there contradict
        the deduction, None when not measured."""
        if name in self._wrong:
            return "wrong"
        return self._coverage.get(name)

    def coverage_tip(self, name: str) -> str:
        """Why a rule's coverage reads 'wrong' (empty for the others)."""
        wrong = self._wrong.get(name)
        if wrong is None:
            return ""
        fills = "fill" if wrong == 1 else "fills"
        contradict = "contradicts" if wrong == 1 else "contradict"
        return (
            f"{wrong:,} {fills} of this rule on the test lines {contradict} what the line "
            "allows: the rule is unsound, so its cells are not counted. Prove it (Edit & "
            "prove) to see a line it gets wrong."
        )

    def uses(self, name: str) -> int | None:
        if not self._uses_known:
            return None
        return self._uses.get(name, 0)


class RulesFilterModel(QSortFilterProxyModel):
    """Sorts by ``UserRole`` and keeps the rules whose title or name contain the filter text."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setSortRole(SORT_ROLE)
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
