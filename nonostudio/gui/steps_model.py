"""The solving view's step list: a table model over the steps of a rule-based solving trace.

Columns: step number, kind, the technique (or, for a step without one, the rule's title), the
line ("Row 3 →", "Column 5 ↑") and the step in English.  Steps beyond the rules (line logic the
rules lack, probe, search) are marked as fallbacks in colour and text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from nonostudio.analysis.steps import RULE, Step, Trace
from nonostudio.analysis.techniques import BY_ID

COLUMNS = ("#", "Kind", "Technique", "Line", "Explanation")
NUMBER, KIND, RULE_COLUMN, LINE_COLUMN, EXPLANATION = range(len(COLUMNS))
KIND_LABELS = {
    "rule": "rule",
    "line": "beyond the rules",
    "probe": "probe",
    "search": "search",
}
# Fallback rows are tinted with the same warm warning hue as the grid overlay, faintly, so the
# text stays readable on light and dark bases.
FALLBACK_TINT = QColor(230, 90, 30, 60)
FALLBACK_ROLE = Qt.ItemDataRole.UserRole + 1


def line_label(step: Step) -> str:
    """``"Row 3 →"`` / ``"Column 5 ↑"``: 1-based, with the direction the line is read in (a
    technique step reads as the grid shows it: left to right, top to bottom; a rule fill of a
    ``complete_moves=False`` trace in the direction the rule read it)."""
    backwards = step.flipped and not step.technique
    if step.axis == "row":
        return f"Row {step.index + 1} {'←' if backwards else '→'}"
    if step.axis == "column":
        return f"Column {step.index + 1} {'↑' if backwards else '↓'}"
    return "whole grid"


def plain_description(trace: Trace, i: int) -> str:
    """What a step did, in words, from the step alone (the note, or the count of cells)."""
    step = trace.steps[i]
    filled = sum(1 for _r, _c, v in step.cells if v == 1)
    crossed = len(step.cells) - filled
    parts = []
    if filled:
        parts.append(f"fills {filled} cell{'s' if filled != 1 else ''}")
    if crossed:
        parts.append(f"crosses out {crossed} cell{'s' if crossed != 1 else ''}")
    done = " and ".join(parts) or "decides nothing"
    if step.note:
        return f"{step.note} ({done})"
    reasons = {
        "line": "No rule applies; the exact line solver",
        "probe": "No rule or line logic applies; probing",
        "search": "Line logic is stuck; the complete solver",
    }
    return f"{reasons.get(step.kind, 'The rule')} {done}."


@dataclass(frozen=True)
class StepRow:
    """What the table shows for one step."""

    number: int  # 1-based
    kind: str
    rule_title: str
    line: str
    explanation: str
    fallback: bool


def step_rows(
    trace: Trace, titles: Mapping[str, str], explanations: Sequence[str] | None = None
) -> list[StepRow]:
    """One row per step of ``trace``; ``titles`` maps rule names to the titles players read.

    ``explanations`` holds a sentence per step (e.g. from ``analysis.narrate``); without them
    each step is described by :func:`plain_description`.
    """
    if explanations is None:
        explanations = [plain_description(trace, i) for i in range(len(trace.steps))]
    if len(explanations) != len(trace.steps):
        raise ValueError(f"{len(explanations)} explanations for {len(trace.steps)} steps")
    rows = []
    for i, step in enumerate(trace.steps):
        rule = step.rule or ""
        if step.technique in BY_ID:
            title = BY_ID[step.technique].name
        else:
            title = titles.get(rule, rule) if step.kind == RULE else ""
        rows.append(
            StepRow(
                number=i + 1,
                kind=step.kind,
                rule_title=title,
                line=line_label(step),
                explanation=explanations[i],
                fallback=step.kind != RULE,
            )
        )
    return rows


class StepsModel(QAbstractTableModel):
    """Rows of :class:`StepRow`; the step number is also available as ``UserRole`` for sorting."""

    def __init__(self, parent: object | None = None) -> None:
        super().__init__(parent)
        self._rows: list[StepRow] = []

    def set_rows(self, rows: Sequence[StepRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_at(self, row: int) -> StepRow:
        return self._rows[row]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex | None = None) -> int:
        return 0 if parent is not None and parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(COLUMNS)
        ):
            return COLUMNS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == NUMBER:
                return str(row.number)
            if column == KIND:
                label = KIND_LABELS.get(row.kind, row.kind)
                return f"{label} (fallback)" if row.fallback else label
            return (None, None, row.rule_title, row.line, row.explanation)[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return row.explanation
        if role == Qt.ItemDataRole.UserRole:
            return row.number
        if role == FALLBACK_ROLE:
            return row.fallback
        if role == Qt.ItemDataRole.BackgroundRole and row.fallback:
            return QBrush(FALLBACK_TINT)
        if role == Qt.ItemDataRole.FontRole and row.fallback and column == KIND:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == NUMBER:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
