"""The rule browser's detail pane: one rule's title, highlighted text, English explanation,
pictures of its example fills, and the steps of the current puzzle's solution where it fires."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.tracing.steps import RULE, Trace
from nonostudio.core.line import cells_from_text, cells_to_text
from nonostudio.gui.common.step_labels import line_label
from nonostudio.gui.rules.highlighter import RuleHighlighter
from nonostudio.gui.rules.line_picture import LinePicture, PictureRow
from nonostudio.rules.language.examples import Example, telling_examples
from nonostudio.rules.language.parser import RuleEntry
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.words.explain import explain
from nonostudio.rules.words.subtitles import plain_source


def example_rows(example: Example) -> list[PictureRow]:
    """An example fill as two rows: the line before, and after the rule's fill (marked)."""
    cells = list(cells_from_text(example.cells))
    for i in range(max(0, example.start), min(len(cells), example.end)):
        cells[i] = 1 if example.value else 0
    return [
        PictureRow("before", example.cells),
        PictureRow("after", cells_to_text(cells), (example.start, example.end)),
    ]


class RuleDetails(QWidget):
    """What one rule says and does; a step it fires in is asked for by double click."""

    stepRequested = Signal(int)  # a trace step (1-based) the user wants to see in the solving view

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title_label = QLabel()
        self.title_label.setAccessibleName("Rule title")
        self.title_label.setWordWrap(True)
        self.text_view = QPlainTextEdit(readOnly=True)
        self.text_view.setAccessibleName("Rule text")
        self.text_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text_view.setMaximumHeight(120)
        self.highlighter = RuleHighlighter(self.text_view.document(), self.palette())
        self.explanation_label = QLabel()
        self.explanation_label.setAccessibleName("Explanation")
        self.explanation_label.setWordWrap(True)
        self.examples_box = QWidget()
        self.examples_layout = QVBoxLayout(self.examples_box)
        self.examples_layout.setContentsMargins(0, 0, 0, 0)
        self.fires_heading = QLabel("<b>Where it fires in this puzzle</b>")
        self.fires_heading.setWordWrap(True)  # (with "(no trace yet)": wider than the pane)
        self.fires_list = QListWidget()
        self.fires_list.setAccessibleName("Where the rule fires")
        layout = QVBoxLayout(self)
        for widget in (
            self.title_label,
            self.text_view,
            self.explanation_label,
            QLabel("<b>Examples</b>"),
            self.examples_box,
            self.fires_heading,
        ):
            layout.addWidget(widget)
        layout.addWidget(self.fires_list, 1)
        self.fires_list.itemActivated.connect(
            lambda item: self.stepRequested.emit(int(item.data(Qt.ItemDataRole.UserRole)))
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange:  # the colour scheme changed
            self.highlighter.set_palette(self.palette())
        super().changeEvent(event)

    def show_rule(self, entry: RuleEntry | None) -> str:
        """Show ``entry`` (None: no rule); returns its text as shown ('' for none)."""
        while self.examples_layout.count():
            item = self.examples_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.setParent(None)
                widget.deleteLater()
        if entry is None:
            self.title_label.setText("")
            self.text_view.setPlainText("")
            self.explanation_label.setText("")
            return ""
        source = f"<br><i>{plain_source(entry.source)}</i>" if entry.source else ""
        self.title_label.setText(f"<b>{entry.title or entry.rule.name}</b>{source}")
        text = format_rule(entry.rule)
        self.text_view.setPlainText(text)
        self.explanation_label.setText(explain(entry.rule))
        shown = telling_examples(entry.rule, entry.examples)
        for example in shown:
            picture = LinePicture(cell=16, shrink=True)
            picture.set_line(example.hints, example_rows(example))
            self.examples_layout.addWidget(picture)
        if not shown:  # (a rule of no recorded example may still get a searched one)
            self.examples_layout.addWidget(QLabel("No examples."))
        return text

    def show_fires(self, rule: str | None, trace: Trace | None) -> None:
        """List the steps of ``trace`` that used the rule called ``rule`` (None for either: no
        trace to show, or no rule)."""
        self.fires_list.clear()
        if rule is None or trace is None:
            self.fires_heading.setText("<b>Where it fires in this puzzle</b> (no trace yet)")
            return
        count = 0
        for i, step in enumerate(trace.steps):
            if step.kind == RULE and step.rule == rule:
                count += 1
                cells = len(step.cells)
                item = QListWidgetItem(
                    f"Step {i + 1}: {line_label(step)} — {cells} cell{'s' if cells != 1 else ''}"
                )
                item.setData(Qt.ItemDataRole.UserRole, i + 1)
                self.fires_list.addItem(item)
        self.fires_heading.setText(
            f"<b>Where it fires in this puzzle</b>: {count} step{'s' if count != 1 else ''}"
        )
