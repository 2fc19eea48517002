"""A rule set saved while the studio runs, as the Rules tab's editor or the Jobs tab saves one:
the first rules of the shipped control set written to the user's rules folder, then the signal
that says it was saved."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from nonostudio.core.paths import rules_dir, user_rules_dir
from nonostudio.gui.window.main_window import MainWindow


def control_rules(count: int) -> str:
    """The first ``count`` rules of the shipped control set, as a rule file."""
    text = (rules_dir() / "control.rules").read_text(encoding="utf-8")
    rules = [block for block in text.split("\n\n") if "def " in block]
    return "\n\n".join(rules[:count]) + "\n"


def write_rule_set(name: str, count: int) -> None:
    """``name``.rules in the user's rules folder: the first ``count`` control rules (nothing is
    told it was saved)."""
    (user_rules_dir() / f"{name}.rules").write_text(control_rules(count), encoding="utf-8")


def editor_saves(window: MainWindow, name: str, count: int, kind: str) -> None:
    """The Rules tab's editor saves a ``kind`` rule to ``name`` (``count`` rules then)."""
    write_rule_set(name, count)
    window.rule_browser.editor.ruleSaved.emit(name, kind)


def offered_once_saved(window: MainWindow, combo: QComboBox, name: str, count: int) -> None:
    """``name`` (``count`` rules), written but not yet said to be saved, is not in ``combo``; once
    the Rules tab's editor says it saved it, it is."""
    write_rule_set(name, count)
    assert combo.findText(name) < 0
    window.rule_browser.editor.ruleSaved.emit(name, "full_hint")  # the editor saved it
    assert combo.findText(name) >= 0
