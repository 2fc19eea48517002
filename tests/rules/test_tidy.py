"""tidy: a rule rewritten into a cheaper equivalent form fills exactly what the rule fills."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_strategies import rules

from nonostudio.core.line import Line
from nonostudio.rules.language.ast import Compare, Constant, ElementType, Rule, walk
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.interpreter import apply_rule
from nonostudio.rules.language.linear import End, linear
from nonostudio.rules.language.parser import parse_rule
from nonostudio.rules.language.printer import format_cond, format_expr, format_rule
from nonostudio.rules.language.tidy import tidy
from nonostudio.rules.ruleset import load_rule_set


def _lines(seed: int, count: int) -> list[Line]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        n, k = rng.randint(1, 14), rng.randint(0, 5)
        out.append(
            Line.parse(
                [rng.randint(1, 5) for _ in range(k)], "".join(rng.choice("-Ox") for _ in range(n))
            )
        )
    return out


LINES = _lines(5, 600)


def _fills(rule: Rule, line: Line) -> Counter:
    return Counter((f.value, f.start, f.end, f.flipped) for f in apply_rule(rule, line))


def _same_everywhere(a: Rule, b: Rule, lines: list[Line]) -> None:
    for line in lines:
        assert _fills(a, line) == _fills(b, line), (format_rule(a), line.hints, line.text)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(rules(), st.integers(0, 10_000))
def test_a_tidied_rule_fills_what_the_rule_fills_and_costs_no_more(rule, seed):
    tidied = tidy(rule)
    assert cost(tidied) <= cost(rule)
    assert tidy(tidied) == tidied
    if tidied != rule:
        # cheaper, or as cheap and saying more often where a block or gap ends
        assert cost(tidied) < cost(rule) or _ends(tidied) > _ends(rule)
        _same_everywhere(rule, tidied, _lines(seed, 60))


def _ends(rule: Rule) -> int:
    """``start(x) + size(x)`` of blocks and gaps in the rule's comparisons and fill."""
    types = {b.name: b.pattern.type for b in rule.bindings}
    sides = [x for c in walk(rule.condition) if isinstance(c, Compare) for x in (c.left, c.right)]
    return sum(
        abs(k)
        for e in [*sides, rule.action.start, rule.action.end]
        for a, k in linear(e, types).terms
        if isinstance(a, End)
    )


def test_of_forms_as_cheap_the_one_naming_the_blocks_end_is_written():
    # Learned rule 5: with size(h0) = size(b), "size(h0) + start(b)" is where the block ends.
    rule = parse_rule(
        """
        def r5:
          with h0 = arbitrary(hint) and b = arbitrary(block):
          if size(h0) = size(b) and line_size > size(h0) + start(b) and maximal(h0):
          then fill(false, start(b) + size(b), start(b) + size(h0) + 1)
    """,
        "test",
    )
    tidied = tidy(rule)
    assert cost(tidied) == cost(rule)
    assert (
        format_cond(tidied.condition)
        == "size(h0) = size(b) and line_size > start(b) + size(b) and maximal(h0)"
    )
    assert format_expr(tidied.action.end) == "start(b) + size(b) + 1"
    _same_everywhere(rule, tidied, LINES)


@pytest.mark.parametrize("name", ["learned", "control"])
def test_the_shipped_rules_tidied_fill_the_same_cells(name):
    changed = 0
    for rule in load_rule_set(name).rules:
        tidied = tidy(rule)
        if tidied != rule:
            changed += 1
            _same_everywhere(rule, tidied, LINES)
            assert parse_rule(format_rule(tidied), "tidied") == tidied
    if name == "learned":
        assert changed == 0, "the shipped learned rules are written tidy"


def test_shared_terms_of_a_fill_are_written_first():
    # Force maximum as learning first wrote it: the end's terms in another order cost 4 more.
    rule = parse_rule(
        """
        def fm:
          with h = arbitrary(hint) and g = arbitrary(gap):
          if size(h) + size(h) > size(g) and (g is unique where size(g) >= size(h)):
          then fill(true, start(g) + size(g) - size(h), size(h) + start(g))
    """,
        "test",
    )
    tidied = tidy(rule)
    assert (cost(rule), cost(tidied)) == (32, 28)
    assert format_expr(tidied.action.start) == "start(g) + size(g) - size(h)"
    assert format_expr(tidied.action.end) == "start(g) + size(h)"
    _same_everywhere(rule, tidied, LINES)


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("size(h) >= size(g) + 1", "size(h) > size(g)"),
        ("size(h) + 1 > size(g)", "size(h) >= size(g)"),
        ("start(g) + size(h) > start(g) + 2", "size(h) > 2"),
        ("0 >= size(g) - size(h)", "size(h) >= size(g)"),
    ],
)
def test_comparisons_lose_what_cancels(before, after):
    rule = parse_rule(
        f"""
        def r:
          with h = arbitrary(hint) and g = arbitrary(gap):
          if {before}:
          then fill(false, start(g), start(g) + 1)
    """,
        "test",
    )
    tidied = tidy(rule)
    assert isinstance(tidied.condition, Compare)
    assert format_cond(tidied.condition) == after
    _same_everywhere(rule, tidied, LINES)


def test_a_rule_already_cheapest_is_returned_as_it_is():
    rule = next(r for r in load_rule_set("control").rules if r.name == "force_maximum")
    assert tidy(rule) is rule


def test_an_equality_of_the_condition_rewrites_the_fill_and_drops_what_it_implies():
    # Full hint: size(h) = line_size, so the fill's end line_size (cost 2) is size(h) (cost 1).
    full = next(r for r in load_rule_set("control").rules if r.name == "full_hint")
    assert format_expr(tidy(full).action.end) == "size(h)" and cost(tidy(full)) == 14
    # Punctuate maximum as learning found it: with size(h) = size(b) its fill is the control
    # rule's [start(b) - 1, start(b)) and start(b) + size(b) > size(h) is start(b) > 0.
    rule = parse_rule(
        """
        def pm:
          with h = arbitrary(hint) and b = arbitrary(block):
          if size(h) = size(b) and start(b) + size(b) > size(h) and maximal(h):
          then fill(false, start(b) + size(b) - size(h) - 1, start(b))
    """,
        "test",
    )
    tidied = tidy(rule)
    assert (cost(rule), cost(tidied)) == (36, 30)
    assert format_cond(tidied.condition) == "size(h) = size(b) and start(b) > 0 and maximal(h)"
    _same_everywhere(rule, tidied, LINES)
    # An inequality the equality makes always true goes; the equality itself stays.
    rule = parse_rule(
        """
        def r:
          with h = arbitrary(hint) and b = arbitrary(block):
          if size(h) = size(b) and size(b) >= size(h):
          then fill(false, start(b) + size(b), start(b) + size(b) + 1)
    """,
        "test",
    )
    assert format_cond(tidy(rule).condition) == "size(h) = size(b)"
    _same_everywhere(rule, tidy(rule), LINES)


@pytest.mark.parametrize(
    ("pin", "index"),
    [("0 >= start(h0)", 0), ("1 > start(h0)", 0), ("start(h0) = 1", 1), ("2 = start(h0)", 2)],
)
def test_an_arbitrary_hint_pinned_to_one_index_is_bound_as_that_constant(pin, index):
    # Learned rule 3 as synthesis kept it: "arbitrary" is the more general pattern, but the
    # comparison lets it bind one hint only; start(h0) outside the unique is that index.
    rule = parse_rule(
        (
            "\n"
            "        def pinned:\n"
            "          with h0 = arbitrary(hint) and b = arbitrary(block):\n"
            f"          if {pin} and start(b) + size(b) > size(h0) and\n"
            "             (h0 is unique where size(h0) >= size(b)"
            " and size(h0) + start(b) >= lowest_end_cell(h0)):\n"
            "          then fill(false, start(h0) + start(h0), start(b) + size(b) - size(h0))\n"
            "    "
        ),
        "test",
    )
    tidied = tidy(rule)
    assert cost(tidied) < cost(rule)
    assert tidied.bindings[0].pattern == Constant(ElementType.HINT, index)
    text = format_rule(tidied)
    assert f"constant(hint, {index})" in text and pin not in text
    assert "lowest_end_cell(h0)" in text, "start(h0) inside the unique over h0 is not replaced"
    _same_everywhere(rule, tidied, LINES + _lines(11, 1500))


@pytest.mark.parametrize(
    "condition",
    [
        "start(h) >= 1",  # a lower bound pins nothing
        "(h is unique where 0 >= start(h))",  # inside a unique h ranges over every hint
        "0 >= start(h) + size(h)",  # not about the index alone
    ],
)
def test_comparisons_that_do_not_pin_a_hint_leave_its_pattern(condition):
    rule = parse_rule(
        f"""
        def loose:
          with h = arbitrary(hint) and g = arbitrary(gap):
          if {condition} and size(h) > size(g):
          then fill(false, start(g), start(g) + size(g))
    """,
        "test",
    )
    assert "arbitrary(hint)" in format_rule(tidy(rule))
