"""Rule printer: the paper's form, minimal parentheses, and print → parse round trips of any
tree."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from rule_strategies import rules

from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Arith,
    Binding,
    Compare,
    Cond,
    ElementType,
    Fill,
    Lit,
    Maximal,
    Rule,
    Size,
    Start,
    TrueCond,
    Unique,
)
from nonostudio.rules.language.parser import parse_rule, parse_rules
from nonostudio.rules.language.printer import WRAP_AT, format_cond, format_expr, format_rule
from nonostudio.rules.ruleset import dump_rules, load_rule_set


def test_big_hint_prints_as_in_the_paper():
    rule = load_rule_set("control").entry("big_hint").rule
    assert format_rule(rule) == (
        "def big_hint:\n"
        "  with h = arbitrary(hint):\n"
        "  if lowest_end_cell(h) > highest_start_cell(h):\n"
        "  then fill(true, highest_start_cell(h), lowest_end_cell(h))"
    )


@pytest.mark.parametrize(
    ("tree", "text"),
    [
        (Arith("-", Lit(1), Arith("+", Lit(2), Lit(3))), "1 - (2 + 3)"),
        (Arith("+", Arith("-", Lit(1), Lit(2)), Lit(3)), "1 - 2 + 3"),
        (Arith("+", Lit(1), Arith("+", Lit(2), Lit(3))), "1 + (2 + 3)"),
        (Arith("-", Start("g"), Lit(-1)), "start(g) - -1"),
        (Arith("+", Lit(-2), Size("h")), "-2 + size(h)"),
    ],
)
def test_expressions_get_only_the_parentheses_they_need(tree, text):
    assert format_expr(tree) == text


@pytest.mark.parametrize(
    ("tree", "text"),
    [
        (And(And(Maximal("h"), TrueCond()), Maximal("g")), "maximal(h) and true and maximal(g)"),
        (And(Maximal("h"), And(TrueCond(), Maximal("g"))), "maximal(h) and (true and maximal(g))"),
        (Compare(">", Arith("+", Size("h"), Size("h")), Size("g")), "size(h) + size(h) > size(g)"),
        (
            Unique("g", And(Compare(">=", Size("g"), Size("h")), TrueCond())),
            "(g is unique where size(g) >= size(h) and true)",
        ),
    ],
)
def test_conditions_get_only_the_parentheses_they_need(tree, text):
    assert format_cond(tree) == text


def test_every_control_rule_round_trips():
    control = load_rule_set("control")
    for rule in control.rules:
        assert parse_rule(format_rule(rule)) == rule


@pytest.mark.slow
@settings(max_examples=250, deadline=None)
@given(rules())
def test_any_tree_prints_and_parses_back_equal(rule):
    assert parse_rule(format_rule(rule)) == rule


def test_long_conditions_wrap_one_conjunct_per_line_and_still_round_trip():
    h = ElementType.HINT
    parts = [Compare(">", Arith("+", Size("h"), Lit(i)), Start("h")) for i in range(8)]
    cond: Cond = parts[0]
    for p in parts[1:]:
        cond = And(cond, p)
    cond = And(cond, And(Maximal("h"), TrueCond()))
    rule = Rule("long", (Binding("h", Arbitrary(h)),), cond, Fill(True, Lit(0), Lit(1)))
    text = format_rule(rule)
    assert all(len(line) <= WRAP_AT + 10 for line in text.splitlines())
    assert "\n     (maximal(h) and true):" in text
    assert parse_rule(text) == rule


def test_a_rule_without_patterns_is_refused():
    rule = Rule("empty", (), TrueCond(), Fill(True, Lit(0), Lit(1)))
    with pytest.raises(ValueError, match="at least one"):
        format_rule(rule)


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(rules(), rules())
def test_dumped_entries_read_back(first, second):
    if first.name == second.name:
        second = Rule(second.name + "_2", second.bindings, second.condition, second.action)
    entries = parse_rules(format_rule(first) + "\n" + format_rule(second))
    again = parse_rules(dump_rules(entries, "a header\n\nwith a blank line"))
    assert [e.rule for e in again] == [first, second]
    assert [(e.title, e.source, e.examples) for e in again] == [
        (e.title, e.source, e.examples) for e in entries
    ]
