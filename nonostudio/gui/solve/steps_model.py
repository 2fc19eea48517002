"""The solving view's step list: a table model over the steps of a rule-based solving trace.

Columns: step number, kind, the technique (or, for a step without one, the rule's title), the
line ("Row 3 →", "Column 5 ↑") and the step in English.  Steps beyond the rules (line logic the
rules lack, probe, search) are marked as fallbacks in colour and text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.tracing.steps import RULE, Trace
from nonostudio.gui.common.step_labels import line_label
from nonostudio.gui.common.table_model import TOOLTIP, Column, TableModel

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

    ``explanations`` holds a sentence per step (e.g. from ``analysis.explaining.narrate``); without
    them each step is described by :func:`plain_description`.
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


def _kind_text(row: StepRow) -> str:
    label = KIND_LABELS.get(row.kind, row.kind)
    return f"{label} (fallback)" if row.fallback else label


def _kind_font(row: StepRow) -> QFont | None:
    """A fallback's kind is in bold."""
    if not row.fallback:
        return None
    font = QFont()
    font.setBold(True)
    return font


STEP_COLUMNS: tuple[Column[StepRow], ...] = (
    Column(COLUMNS[NUMBER], lambda row: str(row.number), numeric=True),
    Column(COLUMNS[KIND], _kind_text, roles={Qt.ItemDataRole.FontRole: _kind_font}),
    Column(COLUMNS[RULE_COLUMN], lambda row: row.rule_title),
    Column(COLUMNS[LINE_COLUMN], lambda row: row.line),
    Column(COLUMNS[EXPLANATION], lambda row: row.explanation),
)


class StepsModel(TableModel[StepRow]):
    """Rows of :class:`StepRow`; the step number is also available as ``UserRole`` for sorting."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(
            STEP_COLUMNS,
            parent,
            row_roles={
                TOOLTIP: lambda row: row.explanation,
                Qt.ItemDataRole.UserRole: lambda row: row.number,
                FALLBACK_ROLE: lambda row: row.fallback,
                Qt.ItemDataRole.BackgroundRole: lambda row: (
                    QBrush(FALLBACK_TINT) if row.fallback else None
                ),
            },
        )
