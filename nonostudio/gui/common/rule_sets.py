"""The rule-set chooser every screen with a "Rules" combo box fills the same way."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from nonostudio.rules.ruleset import available_rule_sets


def offer_rule_sets(combo: QComboBox, *preferred: str) -> None:
    """Fill ``combo`` with the available rule sets and select the first of ``preferred`` that is
    among them (the combo's own first entry when none is)."""
    names = available_rule_sets()
    combo.addItems(names)
    default = next((n for n in preferred if n in names), None)
    if default is not None:
        combo.setCurrentText(default)
