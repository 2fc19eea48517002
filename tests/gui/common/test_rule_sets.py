"""The rule-set chooser (``gui/common/rule_sets.py``): filled with the available sets, the one
preferred is chosen and said once to whoever follows the combo; a rule set is read once for the
panels that show it (again when its file changed), and read ahead off the GUI thread."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot
from saved_rule_sets import write_rule_set

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.core.paths import user_rules_dir
from nonostudio.gui.common import rule_sets
from nonostudio.gui.common.rule_sets import offer_rule_sets, read_ahead, read_rule_set
from nonostudio.gui.panels.difficulty import DifficultyPanel
from nonostudio.rules.language.tokens import RuleSyntaxError
from nonostudio.rules.ruleset import available_rule_sets, load_rule_set


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


def test_a_rule_set_is_read_once_until_its_file_changes(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parsed: list[str] = []
    parse = rule_sets.parse_rule_set
    monkeypatch.setattr(rule_sets, "parse_rule_set", lambda *a: parsed.append(a[1]) or parse(*a))
    monkeypatch.setattr(rule_sets, "_read", {})
    write_rule_set("mine", 2)
    first = read_rule_set("mine")
    assert read_rule_set("mine") is first and parsed == ["mine"]
    assert first == load_rule_set("mine")  # what the panels read before
    write_rule_set("mine", 3)  # saved again (the Rules tab's editor, a learning run)
    again = read_rule_set("mine")
    assert len(again.entries) == 3 and parsed == ["mine", "mine"]
    (user_rules_dir() / "bad.rules").write_bytes(b"def broken(\n")
    with pytest.raises(RuleSyntaxError):
        read_rule_set("bad")
    with pytest.raises(FileNotFoundError):
        read_rule_set("no such set")


def test_the_set_read_ahead_is_not_parsed_again_on_the_gui_thread(
    qtbot: QtBot, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Difficulty panel built at the start takes the set read ahead on a worker thread (it
    parsed it on the GUI thread: ~16 ms)."""
    threads: list[str] = []
    parse = rule_sets.parse_rule_set
    monkeypatch.setattr(
        rule_sets,
        "parse_rule_set",
        lambda *a: threads.append(threading.current_thread().name) or parse(*a),
    )
    monkeypatch.setattr(rule_sets, "_read", {})  # (nothing read by earlier tests)
    worker = read_ahead([DEFAULT_RULE_SET, "no such set"])
    qtbot.waitUntil(worker.is_delivered, timeout=5000)
    assert len(threads) == 1 and threads[0] != threading.main_thread().name
    panel = DifficultyPanel()
    qtbot.addWidget(panel)
    rule_set = panel.rule_set()
    assert rule_set is not None and rule_set.name == DEFAULT_RULE_SET
    assert len(threads) == 1  # not parsed again
