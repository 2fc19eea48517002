"""The technique browser's detail pane: what one technique is, its examples and its rules.

For the technique selected in the browser it shows the name, tier, other names and idea, a
picture of the catalogue's worked example, up to three examples from real puzzles (each its
step's sentence under the guide's pictures: cells numbered from 1, Overlap's pushed placements,
a contradiction's chain down to the line that breaks), how often it is
the technique a test line needs, and the rules of the rule set placed in it with their rule
text; a rule is asked for in the rule list (double click, *Show in rule list*) or its editor.
The pane shows what it is given (:class:`TechniqueFacts`); it measures nothing itself.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from nonostudio.analysis.catalogue.placement import Placement
from nonostudio.analysis.catalogue.techniques import BY_ID, Technique
from nonostudio.analysis.helping.guide import Frequency, RealExample, worked_pictures
from nonostudio.analysis.helping.guide_pictures import Picture
from nonostudio.core.line import cells_to_text
from nonostudio.gui.rules.line_picture import (
    MARK_ASSUMED,
    MARK_NEW,
    MARK_PLACED,
    MARK_WRONG,
    LinePicture,
    PictureRow,
    marked_ranges,
    position_ranges,
)
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.ruleset import RuleSet


def move_rows(before: Sequence[int] | str, after: Sequence[int] | str) -> list[PictureRow]:
    """A move as two picture rows: the line before, and after it with the decided cells marked."""
    b = before if isinstance(before, str) else cells_to_text(list(before))
    a = after if isinstance(after, str) else cells_to_text(list(after))
    ranges = marked_ranges(b, a)
    return [
        PictureRow("before", b),
        PictureRow("after", a, ranges[0] if ranges else None, more_marks=ranges[1:]),
    ]


def picture_rows(picture: Picture) -> tuple[tuple[int, ...], list[PictureRow]]:
    """A guide picture (:mod:`nonostudio.analysis.helping.guide_pictures`) as the hints and rows of
    a :class:`LinePicture`: a line whose clue differs from the first line's carries its own."""
    lines = picture.lines
    hints = lines[0].clues if lines else ()
    rows = []
    for line in lines:
        marks = [
            (start, end, kind)
            for positions, kind in (
                (line.placed, MARK_PLACED),
                (line.new, MARK_NEW),
                (line.assumed, MARK_ASSUMED),
                (line.wrong, MARK_WRONG),
            )
            for start, end in position_ranges(positions)
        ]
        rows.append(
            PictureRow(
                line.label,
                cells_to_text(list(line.cells)),
                marks=tuple(marks),
                hints=None if line.clues == hints else line.clues,
            )
        )
    return hints, rows


def picture_widgets(pictures: Sequence[Picture], cell: int) -> list[QWidget]:
    """A caption label (when there is one) and a numbered :class:`LinePicture` per picture."""
    out: list[QWidget] = []
    for picture in pictures:
        if picture.caption:
            caption = QLabel(html.escape(picture.caption))
            caption.setAccessibleName("Picture caption")
            out.append(caption)
        if picture.lines:
            widget = LinePicture(cell=cell, ruler=True, shrink=True)
            widget.set_line(*picture_rows(picture))
            out.append(widget)
    return out


def _line_count(pictures: Sequence[Picture]) -> int:
    return sum(len(p.lines) for p in pictures)


@dataclass(frozen=True)
class TechniqueFacts:
    """What the browser knows about one technique now, and what it is still working out."""

    technique: str  # a technique id, or ``UNPLACED``
    frequency: Frequency | None = None
    test_lines: int = 0
    counting: bool = False  # the frequencies are being counted
    examples: Mapping[str, Sequence[RealExample]] | None = None  # None: not looked for (yet)
    finding_examples: bool = False
    from_library: bool = False  # the real examples come from the library (else the samples)
    rule_set: RuleSet | None = None
    members: Sequence[str] | None = None  # None: the rules are not placed (yet)
    placing: bool = False  # the rules are being placed (or will be, once on screen)
    placements: Mapping[str, Placement] = field(default_factory=dict)  # by rule name


class TechniqueDetails(QWidget):
    """The explanation, examples, frequency and member rules of one technique."""

    ruleRequested = Signal(str, bool)  # a member rule's name; True: open it in the editor

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.heading_label = self._label("Technique")
        self.idea_label = self._label("Idea")
        self.example_heading = QLabel("<b>Worked example</b>")
        self.example_picture = LinePicture(cell=18, ruler=True, shrink=True)
        self.example_note = self._label()
        self.real_heading = self._label()
        self.real_box = QWidget()  # the real examples: heading, pictures and sentence each
        self.real_box.setAccessibleName("Real examples")
        self._real_layout = QVBoxLayout(self.real_box)
        self._real_layout.setContentsMargins(12, 0, 0, 0)
        self.real_texts: list[QLabel] = []  # each example's sentence
        self.real_pictures: list[LinePicture] = []
        self.frequency_label = self._label("How often")
        self.members_heading = self._label()
        self.members_list = QListWidget()
        self.members_list.setAccessibleName("Rules in this technique")
        self.members_list.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.members_list.setWordWrap(True)
        self.members_list.setMinimumHeight(160)
        self.open_rule_button = QPushButton("Show in rule &list")
        self.edit_rule_button = QPushButton("&Edit && prove…")
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_rule_button)
        buttons.addWidget(self.edit_rule_button)
        buttons.addStretch(1)
        # what only a catalogued technique has: its examples and how often it helps
        self._technique_widgets: tuple[QWidget, ...] = (
            self.example_heading,
            self.example_picture,
            self.example_note,
            self.real_heading,
            self.real_box,
            self.frequency_label,
        )
        layout = QVBoxLayout(self)
        for widget in (
            self.heading_label,
            self.idea_label,
            *self._technique_widgets,
            self.members_heading,
        ):
            layout.addWidget(widget)
        layout.addWidget(self.members_list, 1)
        layout.addLayout(buttons)
        self.members_list.itemActivated.connect(
            lambda item: self.ruleRequested.emit(item.data(Qt.ItemDataRole.UserRole), False)
        )
        self.members_list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.open_rule_button.clicked.connect(lambda: self._request_rule(False))
        self.edit_rule_button.clicked.connect(lambda: self._request_rule(True))

    @staticmethod
    def _label(name: str = "") -> QLabel:
        label = QLabel()
        if name:
            label.setAccessibleName(name)
        label.setWordWrap(True)
        return label

    def show_technique(self, facts: TechniqueFacts) -> None:
        """Show the technique ``facts`` are about, as far as it is known."""
        t = BY_ID.get(facts.technique)
        if t is None:  # the rules no technique explains
            self.heading_label.setText("<h2>Rules not placed in a technique</h2>")
            self.idea_label.setText(
                "Rules whose fills no catalogued technique explains on the "
                "test lines: only the exact line solver does."
            )
            for widget in self._technique_widgets:
                widget.hide()
            self._show_members(facts)
            return
        aka = (
            f"<br><i>Also called: {html.escape(', '.join(t.also_known_as))}</i>"
            if (t.also_known_as)
            else ""
        )
        self.heading_label.setText(
            f"<h2>{html.escape(t.name)} <small>tier {t.tier}</small></h2>{aka}"
        )
        self.idea_label.setText(t.idea)
        if t.example is not None:
            (picture,) = worked_pictures(t)
            self.example_picture.set_line(*picture_rows(picture))
            self.example_note.setText(t.example.note)
        for widget in (self.example_heading, self.example_picture, self.example_note):
            widget.setVisible(t.example is not None)
        self._show_real(facts, t.scope == "line")
        self._show_frequency(facts, t)
        self._show_members(facts)

    def _show_frequency(self, facts: TechniqueFacts, t: Technique) -> None:
        freq, lines = facts.frequency, facts.test_lines
        if freq is not None and lines:
            self.frequency_label.setText(
                f"<b>How often:</b> on the {lines:,} test lines it is the easiest technique that "
                f"helps on {freq.first:,} ({100 * freq.first / lines:.1f} %); its move decides a "
                f"cell on {freq.fires:,} ({100 * freq.fires / lines:.1f} %)."
            )
        elif t.scope != "line":
            self.frequency_label.setText(
                "<b>How often:</b> only when no line technique helps anywhere on the grid."
            )
        else:
            self.frequency_label.setText(
                "<b>How often:</b> being counted on the test lines…" if facts.counting else ""
            )
        self.frequency_label.setVisible(bool(self.frequency_label.text()))

    def _show_real(self, facts: TechniqueFacts, line: bool) -> None:
        examples = () if facts.examples is None else tuple(facts.examples.get(facts.technique, ()))
        self._clear_real()
        self.real_heading.show()
        if not examples:
            self.real_box.hide()
            source = "the library's puzzles" if facts.from_library else "the samples"
            if facts.finding_examples:
                self.real_heading.setText(f"<b>In a real puzzle:</b> looking in {source}…")
            elif facts.examples is not None:
                self.real_heading.setText(
                    f"<b>In a real puzzle:</b> none of the smallest of {source} needs it."
                )
            else:
                self.real_heading.hide()
            return
        self.real_heading.setText(
            "<b>In a real puzzle:</b>" if len(examples) == 1 else "<b>In real puzzles:</b>"
        )
        for example in examples:
            heading = QLabel(
                f"<i>{html.escape(example.puzzle)}, step {example.step}, "
                f"{html.escape(example.line)}</i>"
            )
            self._real_layout.addWidget(heading)
            # a whole grid (search) is too big for the pane: its sentence says where it is
            pictures = example.pictures if _line_count(example.pictures) <= 40 else ()
            for widget in picture_widgets(pictures, 14):
                self._real_layout.addWidget(widget)
                if isinstance(widget, LinePicture):
                    self.real_pictures.append(widget)
            text = self._label("Real example")
            text.setText(example.text)
            self._real_layout.addWidget(text)
            self.real_texts.append(text)
        self.real_box.show()

    def _clear_real(self) -> None:
        while self._real_layout.count():
            item = self._real_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.real_texts = []
        self.real_pictures = []

    def _show_members(self, facts: TechniqueFacts) -> None:
        self.members_list.clear()
        rule_set, members = facts.rule_set, facts.members
        if rule_set is None:
            self.members_heading.setText("<b>Rules:</b> no rule set.")
        elif members is None:
            self.members_heading.setText(
                f"<b>Rules of “{html.escape(rule_set.name)}” in this technique:</b> "
                + ("being placed…" if facts.placing else "not placed.")
            )
        else:
            self.members_heading.setText(
                f"<b>Rules of “{html.escape(rule_set.name)}” in this technique:</b> "
                f"{len(members) or 'none'}"
            )
            for name in members:
                self.members_list.addItem(
                    self._member_item(rule_set, name, facts.placements.get(name))
                )
        if self.members_list.count():
            self.members_list.setCurrentRow(0)
        self._update_buttons()

    @staticmethod
    def _member_item(rule_set: RuleSet, name: str, p: Placement | None) -> QListWidgetItem:
        entry = rule_set.entry(name)
        title = entry.title or name
        share = (
            f" — explains {100 * p.share:.0f} % of its {p.firings} firings"
            if (p is not None and p.placed)
            else ""
        )
        example = (
            f"\n  e.g. {p.unexplained or p.example}"
            if (p is not None and not p.placed and (p.unexplained or p.example))
            else ""
        )
        item = QListWidgetItem(f"{title} ({name}){share}\n{format_rule(entry.rule)}{example}")
        item.setData(Qt.ItemDataRole.UserRole, name)
        item.setToolTip("Double-click to show it in the rule list")
        return item

    def _update_buttons(self) -> None:
        has = self.members_list.currentItem() is not None
        self.open_rule_button.setEnabled(has)
        self.edit_rule_button.setEnabled(has)

    def _request_rule(self, edit: bool) -> None:
        item = self.members_list.currentItem()
        if item is not None:
            self.ruleRequested.emit(item.data(Qt.ItemDataRole.UserRole), edit)
