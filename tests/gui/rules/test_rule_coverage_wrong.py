"""A rule whose fills contradict the test lines is shown as wrong in the rule list, never with
a count of cells covered (such fills are a bug, reported, not counted); the
list says its rules in words."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt

from nonostudio.gui.rules.browser import RuleBrowser
from nonostudio.gui.rules.model import COVERAGE, SORT_ROLE, RuleRow, RulesModel
from nonostudio.gui.rules.rules_jobs import rule_set_coverage
from nonostudio.rules.language.parser import parse_rules
from nonostudio.rules.ruleset import RuleSet

RULES = """def too_eager:
  with h = constant(hint, 0):
  if true:
  then fill(true, 0, size(h))

def big_hint:
  with h = arbitrary(hint):
  if lowest_end_cell(h) > highest_start_cell(h):
  then fill(true, highest_start_cell(h), lowest_end_cell(h))
"""
# (4) on 6 cells: the two middle cells are filled in every solution, the others are not known.
# too_eager's one fill, cells 0-3, claims cells 0 and 1 as well; big_hint fills [2, 4), rightly.
TEST_SET = {"items": [{"hints": [4], "before": "------", "after": "--OO--"}]}


def test_a_rule_whose_fills_contradict_the_test_lines_is_counted_wrong(tmp_path: Path) -> None:
    path = tmp_path / "test.json"
    path.write_text(json.dumps(TEST_SET))
    rule_set = RuleSet("mine", tuple(parse_rules(RULES, "mine.rules")))
    name, per_rule, wrong = rule_set_coverage(rule_set, path, lambda f, m: None, lambda: False)
    assert name == "mine"
    assert per_rule["big_hint"] == 2
    assert wrong == {"too_eager": 1}  # (the old job gave no word of it: 2 values)


def test_the_list_shows_a_wrong_rule_as_wrong_with_why(qtmodeltester) -> None:
    model = RulesModel()
    model.set_rules([RuleRow("a", "Alpha", 12), RuleRow("b", "Beta", 7)])
    model.set_coverage({"a": 30, "b": 91}, {"b": 2425})
    qtmodeltester.check(model)
    assert model.index(0, COVERAGE).data() == "30"
    assert model.index(1, COVERAGE).data() == "wrong"  # it said 91, counted
    tip = model.index(1, COVERAGE).data(Qt.ItemDataRole.ToolTipRole)
    assert "2,425 fills of this rule on the test lines contradict" in tip
    assert "unsound" in tip
    assert model.index(1, COVERAGE).data(SORT_ROLE) < model.index(0, COVERAGE).data(SORT_ROLE)
    assert not model.index(0, COVERAGE).data(Qt.ItemDataRole.ToolTipRole)
    model.set_coverage({"a": 30, "b": 91}, {})
    assert model.index(1, COVERAGE).data() == "91"
    header = model.headerData(COVERAGE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "paper's 2805" not in header  # the test set is the bundled one unless one is named


def test_a_set_of_one_rule_says_one_rule(qtbot) -> None:
    browser = RuleBrowser(test_set=None)
    qtbot.addWidget(browser)
    rule_set = RuleSet("mine", tuple(parse_rules(RULES, "mine.rules"))[1:])
    browser.show_rule_set(rule_set, measure=False)
    assert browser.status_label.text() == "1 rule in “mine”."  # it said "1 rules"
