"""choose_rules: tidying and de-duplicating the pool, and keeping a rule that recovers a
documented strategy the greedy choice left out."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from nonostudio.learn.choosing import export
from nonostudio.learn.choosing.export import ChoiceSettings, choose_rules
from nonostudio.learn.choosing.optimize import OptimisedSet
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.tidy import tidy
from nonostudio.rules.measuring.coverage import Transition, load_transitions
from nonostudio.rules.ruleset import load_rule_set

CONTROL = {r.name: r for r in load_rule_set("control").rules}
# Punctuate maximum as learning writes it before tidying (cost 36; tidy makes it 30).
LEARNED_PM = parse_rule(
    """
    def learned_pm:
      with h = arbitrary(hint) and b = arbitrary(block):
      if size(h) = size(b) and start(b) + size(b) > size(h) and maximal(h):
      then fill(false, start(b) + size(b) - size(h) - 1, start(b))
""",
    "test",
)


def _transitions(anchors: Path) -> list[Transition]:
    return load_transitions(anchors / "butler" / "testing-set.json")[:400]


def test_the_pool_is_tidied_and_rules_that_become_one_are_kept_once(anchors: Path) -> None:
    twin = replace(tidy(LEARNED_PM), name="twin")  # the same rule, already tidy
    choice = choose_rules([LEARNED_PM, twin, CONTROL["big_hint"]], _transitions(anchors))
    assert [r.name for r in choice.rules] == ["learned_pm", "big_hint"]
    assert choice.rules[0] == replace(twin, name="learned_pm")
    assert {r.name for r in choice.chosen.rules} == {"learned_pm", "big_hint"}


def test_a_strategy_the_greedy_choice_left_out_gets_its_cheapest_recovering_rule(
    anchors: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    transitions = _transitions(anchors)
    real = export.optimise

    def without_pm(rules, *args, **kwargs):  # a choice in which ties went against the rule
        chosen = real(rules, *args, **kwargs)
        keep = [i for i, r in enumerate(chosen.rules) if r.name != "learned_pm"]
        return OptimisedSet(
            [chosen.rules[i] for i in keep],
            [chosen.gains[i] for i in keep],
            0,
            0,
            costs=[chosen.costs[i] for i in keep],
        )

    monkeypatch.setattr(export, "optimise", without_pm)
    pool = [CONTROL["big_hint"], LEARNED_PM]
    recover = [CONTROL["punctuate_maximum"], CONTROL["mercury"]]
    choice = choose_rules(pool, transitions, ChoiceSettings(recover=recover))
    assert choice.kept_for == {"punctuate_maximum": "learned_pm"}  # nothing recovers mercury
    assert [r.name for r in choice.chosen.rules] == ["big_hint", "learned_pm"]
    assert choice.chosen.gains[-1] == 0 and choice.chosen.costs[-1] == 30
    # A top k is a top k: nothing is added beyond it.
    assert choose_rules(pool, transitions, ChoiceSettings(top_k=1, recover=recover)).kept_for == {}
    # Without the monkeypatch the greedy choice keeps the rule itself: nothing to add.
    monkeypatch.setattr(export, "optimise", real)
    choice = choose_rules(pool, transitions, ChoiceSettings(recover=recover))
    assert choice.kept_for == {} and "learned_pm" in {r.name for r in choice.chosen.rules}


def test_mirror_images_join_the_pool_and_the_chosen_ones_are_proved(anchors: Path) -> None:
    transitions = _transitions(anchors)
    left = CONTROL["cross_small_gap_left"]
    without = choose_rules([left], transitions)
    choice = choose_rules([left], transitions, ChoiceSettings(mirror=True, prove_length=10))
    assert choice.mirrors == {"cross_small_gap_left_mirror": "cross_small_gap_left"}
    names = [r.name for r in choice.chosen.rules]
    assert names == ["cross_small_gap_left", "cross_small_gap_left_mirror"] or names == [
        "cross_small_gap_left_mirror",
        "cross_small_gap_left",
    ]
    assert choice.chosen.coverage > without.chosen.coverage and choice.refuted == []
    # A rule about both ends alike is its own mirror: nothing to add.
    assert (
        choose_rules([CONTROL["big_hint"]], transitions, ChoiceSettings(mirror=True)).mirrors == {}
    )


def test_a_chosen_mirror_the_prover_refutes_is_left_out(
    anchors: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nonostudio.rules.language.ast import Arith, Fill, Lit
    from nonostudio.rules.language.mirror import mirrored

    def one_too_far(rule: Rule) -> Rule:  # a broken mirroring: one more cell crossed than
        image = mirrored(rule)  # the rule may
        assert image is not None
        a = image.action
        return replace(image, action=Fill(a.value, a.start, Arith("+", a.end, Lit(1))))

    monkeypatch.setattr(export, "mirrored", one_too_far)
    transitions = _transitions(anchors)
    choice = choose_rules(
        [CONTROL["cross_small_gap_left"]], transitions, ChoiceSettings(mirror=True, prove_length=10)
    )
    assert choice.refuted == ["cross_small_gap_left_mirror"]
    assert [r.name for r in choice.chosen.rules] == ["cross_small_gap_left"]
    assert all(r.name != "cross_small_gap_left_mirror" for r in choice.rules)


def test_a_cost_budget_bounds_the_top_k_costs(anchors: Path) -> None:
    transitions = _transitions(anchors)
    rules = list(CONTROL.values())
    free = choose_rules(rules, transitions, ChoiceSettings(top_k=3)).chosen
    assert sum(free.costs) > 70  # the three most useful control rules cost more than that
    within = choose_rules(rules, transitions, ChoiceSettings(top_k=3, cost_budget=70)).chosen
    assert 0 < len(within.rules) <= 3 and sum(map(cost, within.rules)) <= 70
    assert within.costs == [cost(r) for r in within.rules]


@pytest.mark.slow
def test_progress_lines_say_how_far_measuring_and_choosing_are(anchors: Path) -> None:
    # 50 distinct rules (a full line of one hint, one per length): one "[measure 50/50]" line.
    rules = [
        parse_rule(
            f"""
        def full_{k}:
          with h = constant(hint, 0):
          if line_size = {k} and size(h) = {k}:
          then fill(true, 0, size(h))
    """,
            "test",
        )
        for k in range(1, 51)
    ]
    lines: list[str] = []
    others = [CONTROL[n] for n in ("mercury", "edge_fill", "force_maximum", "punctuate_maximum")]
    choice = choose_rules(
        [*rules, *others], _transitions(anchors), ChoiceSettings(top_k=3, jobs=1), say=lines.append
    )
    assert lines[0] == "[measure 50/54]" and len(choice.chosen.rules) == 3
    chose = lines[1:]
    assert chose and all(
        re.fullmatch(r"\[optimise +\d+%\] chose [123] of at most 3 rules", line) for line in chose
    ), chose
    assert chose[-1] == "[optimise 100%] chose 3 of at most 3 rules"
