"""The rule-set chooser every screen with a "Rules" combo box fills the same way, and keeps up to
date when a rule set is saved while the studio runs."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSignalBlocker
from PySide6.QtWidgets import QComboBox

from nonostudio.rules.ruleset import RuleSet, available_rule_sets


def offer_rule_sets(combo: QComboBox, *preferred: str) -> None:
    """Fill ``combo`` with the available rule sets and select the first of ``preferred`` that is
    among them (the combo's own first entry when none is).  The combo's ``currentTextChanged``
    says the set chosen once, not first the list's first set (which each screen then loaded and
    showed for nothing: the Rules tab a whole table, on every start)."""
    names = available_rule_sets()
    before = combo.currentText()
    with QSignalBlocker(combo):
        combo.addItems(names)
        default = next((n for n in preferred if n in names), None)
        if default is not None:
            combo.setCurrentText(default)
    if combo.currentText() != before:
        combo.currentTextChanged.emit(combo.currentText())


def take_saved_rule_set(
    combo: QComboBox, name: str, in_use: RuleSet | None, read_again: Callable[[str], None]
) -> None:
    """The rule set ``name`` was just saved (a learned set from the Jobs tab, a rule added in the
    Rules tab's editor): offer it in ``combo`` if it is new there, and when it is the set in use
    call ``read_again(name)`` (its rules as first loaded are out of date)."""
    if combo.findText(name) < 0:
        combo.addItem(name)
    if in_use is not None and in_use.name == name:
        read_again(name)
