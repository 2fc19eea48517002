"""The session's kept rule cells (``tests/cells_once.py``) are the real function's result for an
equal input, and another input is measured afresh."""

from __future__ import annotations

import cells_once

from nonostudio.learn.choosing.optimize import rule_cells
from nonostudio.learn.mining.specs import mine_transitions
from nonostudio.rules.ruleset import load_rule_set


def test_an_equal_input_gets_the_first_calls_result_without_measuring_again() -> None:
    rules = load_rule_set("control").rules
    transitions = mine_transitions(4)
    expected = rule_cells(rules[0], transitions)
    assert expected  # the rule fills cells there: the comparison below is not of nothing
    runs = len(cells_once.calls_run)
    assert cells_once.rule_cells_once(rules[0], transitions) == expected
    assert len(cells_once.calls_run) == runs + 1
    # An equal rule read again and equal transitions mined again: kept, not measured again.
    again = cells_once.rule_cells_once(load_rule_set("control").rules[0], mine_transitions(4))
    assert again == expected and len(cells_once.calls_run) == runs + 1
    # Another rule, or other transitions: measured.
    other = next(r for r in rules if rule_cells(r, transitions) != expected)
    assert cells_once.rule_cells_once(other, transitions) == rule_cells(other, transitions)
    assert len(cells_once.calls_run) == runs + 2
    shorter = mine_transitions(3)
    assert cells_once.rule_cells_once(rules[0], shorter) == rule_cells(rules[0], shorter)
    assert len(cells_once.calls_run) == runs + 3
