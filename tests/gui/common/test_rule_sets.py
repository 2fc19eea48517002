"""The rule-set chooser (``gui/common/rule_sets.py``): filled with the available sets, the one
preferred is chosen and said once to whoever follows the combo."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from nonostudio.gui.common.rule_sets import offer_rule_sets
from nonostudio.rules.ruleset import available_rule_sets


def chosen(qtbot: QtBot, *preferred: str) -> tuple[str, list[str]]:
    combo = QComboBox()
    qtbot.addWidget(combo)
    heard: list[str] = []
    combo.currentTextChanged.connect(heard.append)
    offer_rule_sets(combo, *preferred)
    assert [combo.itemText(i) for i in range(combo.count())] == available_rule_sets()
    return combo.currentText(), heard


def test_the_preferred_set_is_chosen_and_said_once(qtbot: QtBot) -> None:
    names = available_rule_sets()
    assert len(names) >= 2 and "learned" in names and names[0] != "learned"
    # Not first the list's first set: each screen loaded and showed it for nothing.
    assert chosen(qtbot, "no such set", "learned", names[0]) == ("learned", ["learned"])


def test_without_a_preferred_set_the_first_is_chosen_and_said_once(qtbot: QtBot) -> None:
    first = available_rule_sets()[0]
    assert chosen(qtbot) == (first, [first])
    assert chosen(qtbot, "no such set") == (first, [first])
