"""A rule's details say 'No examples.' only when they show none: a rule written in the editor
has no recorded example, but a searched one is drawn, and the words under it said there was
none."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from nonostudio.gui.rules.details import RuleDetails
from nonostudio.gui.rules.line_picture import LinePicture
from nonostudio.rules.language.parser import parse_rules

BIG_HINT = """def big_hint:
  with h = arbitrary(hint):
  if lowest_end_cell(h) > highest_start_cell(h):
  then fill(true, highest_start_cell(h), lowest_end_cell(h))
"""
NEVER = """def never:
  with h = arbitrary(hint):
  if size(h) > line_size:
  then fill(true, 0, 1)
"""


def shown(details: RuleDetails) -> tuple[int, list[str]]:
    widgets = [
        details.examples_layout.itemAt(i).widget() for i in range(details.examples_layout.count())
    ]
    pictures = sum(isinstance(w, LinePicture) for w in widgets)
    return pictures, [w.text() for w in widgets if isinstance(w, QLabel)]


def test_no_examples_is_said_only_when_none_is_shown(qtbot) -> None:
    details = RuleDetails()
    qtbot.addWidget(details)
    entry = parse_rules(BIG_HINT, "mine.rules")[0]
    assert entry.examples == ()
    details.show_rule(entry)
    pictures, words = shown(details)
    assert pictures >= 1
    assert "No examples." not in words  # it was said under the example drawn
    details.show_rule(parse_rules(NEVER, "mine.rules")[0])  # fires on no line: nothing drawn
    assert shown(details) == (0, ["No examples."])
