"""Constants counted from the end (``constant(hint, -1)``, the last clue) and mirror images of
rules: read and written, costed, bound by the interpreter as Python indexes a list, proved in
agreement with brute force, and each mirror image firing on a line exactly where its original
fires on the line read backwards."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

import pytest
from broken_rules import rule
from test_prover import (
    FORM_IDS,
    FORMS,
    check_against_brute_force,
    check_counterexample,
    random_rule,
)
from test_totals import random_line, random_total_rule, reference_fills

from nonostudio.core.line import Line
from nonostudio.rules.language.ast import (
    Arbitrary,
    Arith,
    Binding,
    Compare,
    Constant,
    ElementType,
    Fill,
    Lit,
    Rule,
    Start,
    walk,
)
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.interpreter import RuleFill, apply_rule
from nonostudio.rules.language.mirror import mirror_name, mirrored
from nonostudio.rules.language.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.proving.prover import AT_ONCE, ProofStrategy, keyed_by_end, prove
from nonostudio.rules.ruleset import load_rule_set
from nonostudio.rules.words.explain import explain, explain_fill

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP

LAST_GAP_TOO_SMALL = """def last_gap_too_small:
  with h = constant(hint, -1) and g = constant(gap, -1):
  if size(h) > size(g):
  then fill(false, start(g), start(g) + size(g))"""


def from_the_end(r: Rule, rng: random.Random) -> Rule:
    """``r`` with about half its constant patterns counted from the end instead."""
    return replace(
        r,
        bindings=tuple(
            Binding(b.name, Constant(b.pattern.type, -1 - b.pattern.index))
            if isinstance(b.pattern, Constant) and rng.random() < 0.5
            else b
            for b in r.bindings
        ),
    )


def image_of(r: Rule) -> Rule:
    """The mirror image of a rule that has one."""
    image = mirrored(r)
    assert image is not None, r.name
    return image


def spans(fills: Iterable[RuleFill]) -> set[tuple[int, int, int]]:
    return {(f.value, f.start, f.end) for f in fills}


# ---- constants counted from the end -------------------------------------------------------------


def test_a_negative_index_reads_and_writes_back() -> None:
    r = parse_rule(LAST_GAP_TOO_SMALL)
    assert r.bindings[0].pattern == Constant(HINT, -1)
    assert format_rule(r) == LAST_GAP_TOO_SMALL


def test_a_mistyped_index_is_reported_where_it_is() -> None:
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(LAST_GAP_TOO_SMALL.replace("constant(gap, -1)", "constant(gap, -last)"))
    assert info.value.line == 2 and "-1 for the last" in info.value.expected


def test_the_last_element_costs_as_the_first() -> None:
    first = parse_rule(LAST_GAP_TOO_SMALL.replace("-1", "0"))
    assert cost(parse_rule(LAST_GAP_TOO_SMALL)) == cost(first)
    second_to_last = parse_rule(
        LAST_GAP_TOO_SMALL.replace("constant(gap, -1)", "constant(gap, -2)")
    )
    assert cost(second_to_last) == cost(first) + 1


@pytest.mark.parametrize(
    "hints, cells, fills",
    [
        ((1, 3), "--x-x--", {(5, 7)}),  # the last gap (2 cells) is the one too small for 3
        ((1, 3), "---x--", {(4, 6)}),
        ((3, 1), "---x--", set()),  # the last clue is 1: it fits
        ((3,), "--", {(0, 2)}),  # one clue is first and last
        ((), "---", set()),  # no clue to bind
    ],
)
def test_constant_minus_one_binds_the_last_element(
    hints: tuple[int, ...], cells: str, fills: set[tuple[int, int]]
) -> None:
    r = parse_rule(LAST_GAP_TOO_SMALL)
    got = {(f.start, f.end) for f in apply_rule(r, Line.parse(hints, cells), flipped=False)}
    assert got == fills


@pytest.mark.slow
def test_compiled_rules_and_the_tree_walker_agree_on_indexes_from_the_end() -> None:
    rng = random.Random(11)
    rules = [from_the_end(random_rule(rng, i), rng) for i in range(60)]
    rules += [from_the_end(random_total_rule(rng, i), rng) for i in range(20)]
    assert (
        sum(
            any(isinstance(b.pattern, Constant) and b.pattern.index < 0 for b in r.bindings)
            for r in rules
        )
        >= 20
    )
    for _ in range(300):
        line = random_line(rng)
        for r in rules:
            fast = {(f.start, f.end) for f in apply_rule(r, line, flipped=False)}
            assert fast == reference_fills(r, line), (format_rule(r), line)


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
def test_verdicts_on_indexes_from_the_end_match_brute_force(form: ProofStrategy) -> None:
    rng = random.Random(20261125)
    rules: list[Rule] = []
    while len(rules) < 30:
        r = from_the_end(random_rule(rng, len(rules)), rng)
        if any(isinstance(b.pattern, Constant) and b.pattern.index < 0 for b in r.bindings):
            rules.append(r)
    rules.append(parse_rule(LAST_GAP_TOO_SMALL))
    sound, unsound = check_against_brute_force(rules, form)
    assert len(sound) >= 3 and unsound >= 10


def test_the_last_and_second_to_last_are_named_in_words() -> None:
    r = parse_rule(LAST_GAP_TOO_SMALL)
    assert "the last clue" in explain(r) and "the last gap" in explain(r)
    two = parse_rule(LAST_GAP_TOO_SMALL.replace("constant(hint, -1)", "constant(hint, -2)"))
    assert "the second-to-last clue" in explain(two)
    line = Line.parse((1, 3), "---x--")
    (fill,) = apply_rule(r, line, flipped=False)
    assert "cells 5–6 are crossed out" in explain_fill(r, fill.env, line)


# ---- mirror images ------------------------------------------------------------------------------


def test_the_mirror_of_a_rule_about_the_first_clue_is_about_the_last() -> None:
    control = {r.name: r for r in load_rule_set("control").rules}
    image = mirrored(control["cross_small_gap_left"])
    assert image is not None and image.name == "cross_small_gap_left_mirror"
    assert [b.pattern for b in image.bindings] == [Constant(HINT, -1), Constant(GAP, -1)]
    # start(g0) read backwards is line_size - start(g0) - size(g0); the fill's two bounds swap
    # ends, and tidying gives back the plain [start(g0), start(g0) + size(g0))
    assert format_rule(image).endswith("then fill(false, start(g0), start(g0) + size(g0))")
    assert mirror_name(image.name) == "cross_small_gap_left"


def test_a_rule_naming_a_hints_index_has_no_mirror() -> None:
    r = rule(
        "index", {"h": Arbitrary(HINT)}, Compare(">", Start("h"), Lit(0)), False, Lit(0), Lit(1)
    )
    assert mirrored(r) is None


def mirror_cases(rng: random.Random) -> list[Rule]:
    rules = list(load_rule_set("control").rules) + list(load_rule_set("learned").rules)
    rules += [from_the_end(random_rule(rng, i), rng) for i in range(80)]
    rules += [random_total_rule(rng, i) for i in range(20)]
    return rules


@pytest.mark.slow
def test_a_mirror_fires_where_its_original_fires_on_the_line_read_backwards() -> None:
    rng = random.Random(2017)
    pairs = [(r, m) for r in mirror_cases(rng) if (m := mirrored(r)) is not None]
    assert len(pairs) >= 150
    lines = [random_line(rng, 14) for _ in range(250)]
    fired = 0
    for r, m in pairs:
        for line in lines:
            backwards = {(f.value, f.start, f.end) for f in apply_rule(r, line) if f.flipped}
            assert spans(apply_rule(m, line, flipped=False)) == backwards, (
                format_rule(r),
                format_rule(m),
                line,
            )
            fired += bool(backwards)
    assert fired >= 2000


@pytest.mark.slow
def test_mirroring_twice_gives_a_rule_with_the_original_fills() -> None:
    rng = random.Random(3)
    lines = [random_line(rng, 12) for _ in range(150)]
    for r in mirror_cases(rng):
        once = mirrored(r)
        if once is None:
            continue
        twice = mirrored(once)
        assert twice is not None and twice.name == r.name
        for line in lines:
            assert spans(apply_rule(twice, line, flipped=False)) == spans(
                apply_rule(r, line, flipped=False)
            )


def test_a_rule_about_both_ends_alike_is_its_own_mirror() -> None:
    control = {r.name: r for r in load_rule_set("control").rules}
    for name in ("big_hint", "cross_small_gap_min", "force_maximum"):
        image = image_of(control[name])
        assert (image.bindings, image.condition, image.action) == (
            control[name].bindings,
            control[name].condition,
            control[name].action,
        )


@pytest.mark.slow
def test_the_mirrors_of_the_control_rules_are_proved_sound() -> None:
    for r in load_rule_set("control").rules:
        image = mirrored(r)
        assert image is not None
        assert any(isinstance(n, Constant) and n.index < 0 for n in walk(image)) or (
            not any(isinstance(n, Constant) for n in walk(r))
        )
        result = prove(image, 12, strategy=AT_ONCE)
        assert result.sound is True, format_rule(image)


def test_a_mirror_made_wrong_is_refuted() -> None:
    # the mirror of a sound rule with its fill one cell longer crosses a cell it must not
    control = {r.name: r for r in load_rule_set("control").rules}
    image = image_of(control["punctuate_maximum"])
    assert prove(image, 10, strategy=AT_ONCE).sound is True
    action = image.action
    wrong = replace(image, action=Fill(action.value, action.start, Arith("+", action.end, Lit(1))))
    result = prove(wrong, 10, strategy=AT_ONCE)
    assert result.sound is False and result.counterexample is not None
    check_counterexample(wrong, result.counterexample)


def test_mirror_images_are_written_flat() -> None:
    images = [m for r in load_rule_set("learned").rules if (m := mirrored(r)) is not None]
    assert len(images) >= 50
    for image in images:
        text = format_rule(image)
        assert "+ (" not in text and "- (" not in text and "- 0)" not in text, text


def test_the_prover_keys_runs_by_their_end_for_rules_about_ends() -> None:
    control = {r.name: r for r in load_rule_set("control").rules}
    left = control["cross_small_gap_left"]  # the first gap, from where it starts
    assert not keyed_by_end(left) and keyed_by_end(image_of(left))
    punctuate = control["punctuate_maximum"]  # the cell before a block
    assert not keyed_by_end(punctuate) and keyed_by_end(image_of(punctuate))
    # either way the verdict is the same: both keyings are exact
    for r in (left, image_of(left)):
        assert {
            prove(r, 9, strategy=ProofStrategy(at_once=True, by_end=k)).sound for k in (False, True)
        } == {True}
