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

from PySide6.QtCore import QObject, Qt

from nonostudio.analysis.catalogue.placement import UNPLACED
from nonostudio.analysis.catalogue.techniques import ALL_TECHNIQUES
from nonostudio.analysis.helping.guide import Frequency
from nonostudio.gui.common.table_model import TOOLTIP, Column, TableModel

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


class TechniquesModel(TableModel[TechniqueRow]):
    """Rows of :class:`TechniqueRow` with member-rule counts, frequencies and uses."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            (
                Column(
                    COLUMNS[TIER],
                    lambda row: "" if row.tier < 0 else str(row.tier),
                    "Difficulty tier (0 easiest)",
                    numeric=True,
                ),
                Column(COLUMNS[NAME], lambda row: row.name, "The technique"),
                Column(
                    COLUMNS[RULES],
                    self._rules_text,
                    "Rules of this rule set placed in the technique",
                    numeric=True,
                ),
                Column(
                    COLUMNS[TEST_LINES],
                    self._share_text,
                    "Test lines where it is the easiest technique that helps",
                    roles={TOOLTIP: self._share_tip},
                    numeric=True,
                ),
                Column(
                    COLUMNS[PUZZLE],
                    self._uses_text,
                    "Steps of the current puzzle's solution that use it",
                    numeric=True,
                ),
            ),
            parent,
            rows=technique_rows(),
            row_roles={Qt.ItemDataRole.UserRole: lambda row: row.id},
        )
        self._members: dict[str, list[str]] | None = None
        self._frequencies: dict[str, Frequency] | None = None
        self._test_lines = 0
        self._uses: dict[str, int] | None = None

    # --- content -----------------------------------------------------------------------------

    def set_members(self, members: Mapping[str, Sequence[str]] | None) -> None:
        """Rule names per technique id (None: not known yet); adds or drops the unplaced row."""
        self._members = None if members is None else {k: list(v) for k, v in members.items()}
        self.set_rows(technique_rows(bool(self._members and self._members.get(UNPLACED))))

    def members(self, technique: str) -> list[str] | None:
        """The rule names placed in ``technique`` (None while the placement is not known)."""
        if self._members is None:
            return None
        return list(self._members.get(technique, ()))

    def set_frequencies(self, frequencies: Mapping[str, Frequency] | None, test_lines: int) -> None:
        self._frequencies = None if frequencies is None else dict(frequencies)
        self._test_lines = test_lines
        self.column_changed(TEST_LINES)

    def frequency(self, technique: str) -> Frequency | None:
        return None if self._frequencies is None else self._frequencies.get(technique)

    def test_lines(self) -> int:
        return self._test_lines

    def set_uses(self, uses: Mapping[str, int] | None) -> None:
        """Steps per technique id in the current puzzle's trace (None: no trace)."""
        self._uses = None if uses is None else dict(uses)
        self.column_changed(PUZZLE)

    def row_of(self, technique: str) -> int:
        return self.find(lambda row: row.id == technique)

    # --- cells -------------------------------------------------------------------------------

    def _rules_text(self, row: TechniqueRow) -> str:
        members = self.members(row.id)
        return "…" if members is None else str(len(members))

    def _share_text(self, row: TechniqueRow) -> str:
        freq = self.frequency(row.id)
        if freq is None or not self._test_lines:
            return "" if self._frequencies is not None or row.id == UNPLACED else "…"
        return f"{100 * freq.first / self._test_lines:.1f} %"

    def _share_tip(self, row: TechniqueRow) -> str | None:
        freq = self.frequency(row.id)
        if freq is None or not self._test_lines:
            return None
        return (
            f"The easiest technique that helps on {freq.first:,} of the "
            f"{self._test_lines:,} test lines; its move decides a cell on {freq.fires:,}"
        )

    def _uses_text(self, row: TechniqueRow) -> str:
        if self._uses is None or row.id == UNPLACED:
            return ""
        return str(self._uses.get(row.id, 0))
