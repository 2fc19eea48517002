"""The technique browser's table: one row per technique of the catalogue, in difficulty order.

Columns: tier, technique, how many rules of the rule set are placed in it, on how many test lines
it is the easiest technique that helps (and the share), and how many steps of the current
puzzle's trace use it.  A last row lists the rules no technique explains, when there are any.
The measures arrive later (background jobs) and fill in their columns; ``UserRole`` gives the
technique id (``UNPLACED`` for the last row).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from nonostudio.analysis.guide import Frequency
from nonostudio.analysis.placement import UNPLACED
from nonostudio.analysis.techniques import ALL_TECHNIQUES

COLUMNS = ("Tier", "Technique", "Rules", "Test lines", "Puzzle")
TIER, NAME, RULES, TEST_LINES, PUZZLE = range(len(COLUMNS))
UNPLACED_NAME = "(not placed)"


@dataclass(frozen=True)
class TechniqueRow:
    """One row: a technique id (or ``UNPLACED``), its name and tier (-1 for ``UNPLACED``)."""

    id: str
    name: str
    tier: int


def technique_rows(with_unplaced: bool = False) -> list[TechniqueRow]:
    """The catalogue in difficulty order (and the row of unplaced rules)."""
    rows = [TechniqueRow(t.id, t.name, t.tier) for t in ALL_TECHNIQUES]
    if with_unplaced:
        rows.append(TechniqueRow(UNPLACED, UNPLACED_NAME, -1))
    return rows


class TechniquesModel(QAbstractTableModel):
    """Rows of :class:`TechniqueRow` with member-rule counts, frequencies and uses."""

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)
        self._rows = technique_rows()
        self._members: dict[str, list[str]] | None = None
        self._frequencies: dict[str, Frequency] | None = None
        self._test_lines = 0
        self._uses: dict[str, int] | None = None

    # --- content -----------------------------------------------------------------------------

    def set_members(self, members: Mapping[str, Sequence[str]] | None) -> None:
        """Rule names per technique id (None: not known yet); adds or drops the unplaced row."""
        self.beginResetModel()
        self._members = None if members is None else {k: list(v) for k, v in members.items()}
        self._rows = technique_rows(bool(self._members and self._members.get(UNPLACED)))
        self.endResetModel()

    def members(self, technique: str) -> list[str] | None:
        """The rule names placed in ``technique`` (None while the placement is not known)."""
        if self._members is None:
            return None
        return list(self._members.get(technique, ()))

    def set_frequencies(self, frequencies: Mapping[str, Frequency] | None, test_lines: int) -> None:
        self._frequencies = None if frequencies is None else dict(frequencies)
        self._test_lines = test_lines
        self._changed(TEST_LINES)

    def frequency(self, technique: str) -> Frequency | None:
        return None if self._frequencies is None else self._frequencies.get(technique)

    def test_lines(self) -> int:
        return self._test_lines

    def set_uses(self, uses: Mapping[str, int] | None) -> None:
        """Steps per technique id in the current puzzle's trace (None: no trace)."""
        self._uses = None if uses is None else dict(uses)
        self._changed(PUZZLE)

    def _changed(self, column: int) -> None:
        if self._rows:
            self.dataChanged.emit(self.index(0, column), self.index(len(self._rows) - 1, column))

    def row_at(self, row: int) -> TechniqueRow:
        return self._rows[row]

    def row_of(self, technique: str) -> int:
        return next((i for i, r in enumerate(self._rows) if r.id == technique), -1)

    # --- Qt ----------------------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return ("Difficulty tier (0 easiest)", "The technique",
                    "Rules of this rule set placed in the technique",
                    "Test lines where it is the easiest technique that helps",
                    "Steps of the current puzzle's solution that use it")[section]
        return None

    def _text(self, row: TechniqueRow, column: int) -> str:
        if column == TIER:
            return "" if row.tier < 0 else str(row.tier)
        if column == NAME:
            return row.name
        if column == RULES:
            members = self.members(row.id)
            return "…" if members is None else str(len(members))
        if column == TEST_LINES:
            freq = self.frequency(row.id)
            if freq is None or not self._test_lines:
                return "" if self._frequencies is not None or row.id == UNPLACED else "…"
            return f"{100 * freq.first / self._test_lines:.1f} %"
        if self._uses is None or row.id == UNPLACED:
            return ""
        return str(self._uses.get(row.id, 0))

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == Qt.ItemDataRole.UserRole:
            return row.id
        if role == Qt.ItemDataRole.ToolTipRole and column == TEST_LINES:
            freq = self.frequency(row.id)
            if freq is not None and self._test_lines:
                return (f"The easiest technique that helps on {freq.first:,} of the "
                        f"{self._test_lines:,} test lines; its move decides a cell on "
                        f"{freq.fires:,}")
        if role == Qt.ItemDataRole.TextAlignmentRole and column != NAME:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
