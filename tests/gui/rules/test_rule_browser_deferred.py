"""The Rules tab built at the studio's start shows its rule set only once it is first shown (or
asked for a set): reading the set, listing its rules and sending their coverage to a worker
process took ~50 ms of the GUI thread at every start, for a tab not in sight.  Shown, it reads
the set an event-loop turn later, once the tab is painted (test_rules_tab_stall.py times it).
Building it loads no z3 either (the first proof does)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.qtbot import QtBot
from studio_window import OpenWindow

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.gui.rules import browser
from nonostudio.gui.rules.browser import RuleBrowser
from nonostudio.gui.window.start import RULES_TAB


@pytest.fixture
def rules(qtbot: QtBot) -> Iterator[RuleBrowser]:
    """A browser built as the window builds it, on its list of all rules (the techniques tab,
    never shown, starts none of its work); its background work ended after the test."""
    widget = RuleBrowser(load=False, test_set=None)
    qtbot.addWidget(widget)
    widget.views.setCurrentWidget(widget.all_rules)
    yield widget
    widget.cancel()
    assert QThreadPool.globalInstance().waitForDone(20000)


def test_a_browser_built_not_loading_reads_its_set_when_first_shown(
    qtbot: QtBot, rules: RuleBrowser, monkeypatch: pytest.MonkeyPatch
) -> None:
    read: list[str] = []
    real = browser.read_rule_set
    monkeypatch.setattr(browser, "read_rule_set", lambda name: read.append(name) or real(name))
    assert read == [] and rules.rule_set() is None and rules.model.rowCount() == 0
    assert rules.rule_set_combo.currentText() == DEFAULT_RULE_SET  # chosen, not shown yet
    rules.show()
    assert read == [] and rules.is_busy()  # read at the next turn, after the first paint
    qtbot.waitUntil(lambda: read == [DEFAULT_RULE_SET], timeout=5000)
    rule_set = rules.rule_set()
    assert rule_set is not None and rule_set.name == DEFAULT_RULE_SET
    assert rules.model.rowCount() == len(rule_set.entries) > 0
    assert rules.selected_entry() == rule_set.entries[0]  # its first rule shown
    rules.hide()
    rules.show()  # shown again: not read again
    qtbot.wait(20)
    assert read == [DEFAULT_RULE_SET]


def test_a_set_asked_for_before_the_browser_is_shown_is_shown_at_once(
    qtbot: QtBot, rules: RuleBrowser
) -> None:
    rules.set_rule_set("control")  # (as the Jobs tab's running set or a saved set asks)
    rule_set = rules.rule_set()
    assert rule_set is not None and rule_set.name == "control"
    rules.show()
    qtbot.waitExposed(rules)
    assert rules.rule_set() is rule_set  # not replaced by the set chosen at the start


def test_the_window_shows_the_rules_tab_s_set_once_the_tab_is_chosen(
    qtbot: QtBot, data_dir: Path, open_window: OpenWindow
) -> None:
    window = open_window()
    assert window.rule_browser.rule_set() is None  # the start did not read it
    assert not window.rule_browser.is_busy()  # nor measure its coverage
    window.tabs.setCurrentIndex(RULES_TAB)
    qtbot.waitUntil(lambda: window.rule_browser.rule_set() is not None, timeout=5000)
    rule_set = window.rule_browser.rule_set()
    assert rule_set is not None and rule_set.name == DEFAULT_RULE_SET
    assert window.rule_browser.model.rowCount() == len(rule_set.entries)


def test_the_rules_tab_loads_no_z3() -> None:
    code = (
        "import sys; import nonostudio.gui.rules.browser; "
        "print('z3' in sys.modules, 'nonostudio.rules.proving.prover' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["False", "False"], out.stderr[-2000:]
