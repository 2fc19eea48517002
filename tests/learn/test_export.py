"""choose_rules: tidying and de-duplicating the pool, and keeping a rule that recovers a
documented strategy the greedy choice left out."""

from __future__ import annotations

from dataclasses import replace

from nonostudio.learn import export
from nonostudio.learn.export import choose_rules
from nonostudio.learn.optimize import OptimisedSet
from nonostudio.rules.coverage import load_transitions
from nonostudio.rules.parser import parse_rule
from nonostudio.rules.ruleset import load_rule_set
from nonostudio.rules.tidy import tidy

CONTROL = {r.name: r for r in load_rule_set("control").rules}
# Punctuate maximum as learning writes it before tidying (cost 36; tidy makes it 30).
LEARNED_PM = parse_rule("""
    def learned_pm:
      with h = arbitrary(hint) and b = arbitrary(block):
      if size(h) = size(b) and start(b) + size(b) > size(h) and maximal(h):
      then fill(false, start(b) + size(b) - size(h) - 1, start(b))
""", "test")


def _transitions(anchors):
    return load_transitions(anchors / "butler" / "testing-set.json")[:400]


def test_the_pool_is_tidied_and_rules_that_become_one_are_kept_once(anchors):
    twin = replace(tidy(LEARNED_PM), name="twin")  # the same rule, already tidy
    choice = choose_rules([LEARNED_PM, twin, CONTROL["big_hint"]], _transitions(anchors))
    assert [r.name for r in choice.rules] == ["learned_pm", "big_hint"]
    assert choice.rules[0] == replace(twin, name="learned_pm")
    assert {r.name for r in choice.chosen.rules} == {"learned_pm", "big_hint"}


def test_a_strategy_the_greedy_choice_left_out_gets_its_cheapest_recovering_rule(
        anchors, monkeypatch):
    transitions = _transitions(anchors)
    real = export.optimise

    def without_pm(rules, *args, **kwargs):  # a choice in which ties went against the rule
        chosen = real(rules, *args, **kwargs)
        keep = [i for i, r in enumerate(chosen.rules) if r.name != "learned_pm"]
        return OptimisedSet([chosen.rules[i] for i in keep], [chosen.gains[i] for i in keep],
                            0, 0, costs=[chosen.costs[i] for i in keep])

    monkeypatch.setattr(export, "optimise", without_pm)
    pool = [CONTROL["big_hint"], LEARNED_PM]
    recover = [CONTROL["punctuate_maximum"], CONTROL["mercury"]]
    choice = choose_rules(pool, transitions, recover=recover)
    assert choice.kept_for == {"punctuate_maximum": "learned_pm"}  # nothing recovers mercury
    assert [r.name for r in choice.chosen.rules] == ["big_hint", "learned_pm"]
    assert choice.chosen.gains[-1] == 0 and choice.chosen.costs[-1] == 30
    # A top k is a top k: nothing is added beyond it.
    assert choose_rules(pool, transitions, top_k=1, recover=recover).kept_for == {}
    # Without the monkeypatch the greedy choice keeps the rule itself: nothing to add.
    monkeypatch.setattr(export, "optimise", real)
    choice = choose_rules(pool, transitions, recover=recover)
    assert choice.kept_for == {} and "learned_pm" in {r.name for r in choice.chosen.rules}
