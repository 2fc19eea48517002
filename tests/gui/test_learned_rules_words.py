"""The Jobs tab's save summary counts in words: one rule kept to recover a documented strategy
is 'the only one' (it said '1 kept as the only ones recovering a documented strategy', seen
under Xvfb after Save Rules... of a small run)."""

from __future__ import annotations

from nonostudio.gui.learned_rules import kept_for_note


def test_the_rules_kept_for_a_strategy_are_counted_in_words() -> None:
    assert kept_for_note(0) == ""
    assert kept_for_note(1) == ", 1 kept as the only one recovering a documented strategy"
    assert kept_for_note(3) == ", 3 rules kept as the only ones recovering a documented strategy"
