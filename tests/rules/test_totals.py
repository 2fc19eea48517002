"""``total(hint|block|gap)``, the counting construct beyond the paper's DSL: read and written,
costed, evaluated the same way by the tree walker and the compiled rule, proved in agreement
with brute force, and explained in words."""

from __future__ import annotations

import itertools
import random

import pytest
from broken_rules import rule
from test_prover import (
    FORM_IDS,
    FORMS,
    RandomTerms,
    check_against_brute_force,
    check_counterexample,
)

from nonostudio.core.line import Line, clue_of
from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Compare,
    Cond,
    Constant,
    ElementType,
    Expr,
    Lit,
    Pattern,
    Rule,
    Singleton,
    Total,
)
from nonostudio.rules.language.cost import CostWeights, cost
from nonostudio.rules.language.interpreter import apply_rule, elements, eval_cond, eval_expr
from nonostudio.rules.language.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.language.printer import format_rule
from nonostudio.rules.proving.prover import AT_ONCE, ProofStrategy, prove
from nonostudio.rules.words.explain import explain, explain_fill

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP

# Counting strategies people use, each written as one rule.
PLACED_BEFORE = """def placed_before:
  with b = arbitrary(block):
  if total(block) = total(hint) and start(b) > 0:
  then fill(false, start(b) - 1, start(b))"""
PLACED_LEAD = """def placed_lead:
  with b0 = constant(block, 0):
  if total(block) = total(hint) and start(b0) > 0:
  then fill(false, 0, start(b0))"""
ROOM_EXACT = """def room_exact:
  with g = arbitrary(gap):
  if total(gap) = total(hint):
  then fill(true, start(g), start(g) + size(g))"""
NO_CLUES = """def no_clues:
  with g = arbitrary(gap):
  if 0 = total(hint):
  then fill(false, start(g), start(g) + size(g))"""
SOUND = [PLACED_BEFORE, PLACED_LEAD, ROOM_EXACT, NO_CLUES]
# Near misses: one count off, or the wrong comparison.
ROOM_AT_LEAST = ROOM_EXACT.replace("total(gap) = total(hint)", "total(gap) >= total(hint)")
PLACED_BUT_ONE = PLACED_BEFORE.replace(
    "total(block) = total(hint)", "total(block) + 1 = total(hint)"
)


def test_totals_read_and_write_back() -> None:
    r = parse_rule(ROOM_EXACT)
    assert r.condition == Compare("=", Total(GAP), Total(HINT))
    assert format_rule(r) == ROOM_EXACT
    assert parse_rule(format_rule(parse_rule(PLACED_BEFORE))) == parse_rule(PLACED_BEFORE)


@pytest.mark.parametrize(
    "text, where",
    [
        ("total(row)", "'hint', 'block' or 'gap'"),
        ("total(hint", "')'"),
        ("total", "'('"),
    ],
)
def test_a_mistyped_total_is_reported_where_it_is(text: str, where: str) -> None:
    source = f"def r:\n  with h = arbitrary(hint):\n  if {text} > 0:\n  then fill(true, 0, 1)"
    with pytest.raises(RuleSyntaxError) as info:
        parse_rule(source)
    assert info.value.line == 3 and where in info.value.expected


def test_total_is_a_keyword_not_a_name() -> None:
    with pytest.raises(RuleSyntaxError):
        parse_rule("def r:\n  with total = arbitrary(hint):\n  if true:\n  then fill(true, 0, 1)")


def test_a_total_costs_its_weight() -> None:
    r = parse_rule(ROOM_EXACT)
    # arbitrary 6; total = total: 1 + 2 + 2; fill offset start(g), 0, size(g): 1 + 1 + 1
    assert cost(r) == 6 + 5 + 3
    assert cost(r, CostWeights(total=5)) == 6 + 11 + 3


@pytest.mark.parametrize(
    "hints, cells, sums",
    [
        ((3, 1), "--O-x-O---", (4, 2, 9)),
        ((), "--x", (0, 0, 2)),
        ((2,), "OO", (2, 2, 2)),
        ((1, 1, 1), "xxxxx", (3, 0, 0)),
    ],
)
def test_totals_add_up_the_hints_the_filled_and_the_open_cells(
    hints: tuple[int, ...], cells: str, sums: tuple[int, int, int]
) -> None:
    line = Line.parse(hints, cells)
    got = tuple(eval_expr(Total(t), {}, line) for t in (HINT, BLOCK, GAP))
    assert got == sums


def test_compiled_rules_and_the_tree_walker_agree_on_totals() -> None:
    rng = random.Random(5)
    rules = [parse_rule(text) for text in SOUND + [ROOM_AT_LEAST, PLACED_BUT_ONE]]
    rules += [random_total_rule(rng, i) for i in range(40)]
    for _ in range(300):
        line = random_line(rng)
        for r in rules:
            fast = {(f.start, f.end) for f in apply_rule(r, line, flipped=False)}
            slow = reference_fills(r, line)
            assert fast == slow, (r.name, line)


def random_line(rng: random.Random, longest: int = 12) -> Line:
    """A valid line of 1 … ``longest`` cells: a random solution, about 40 % of its cells known."""
    n = rng.randint(1, longest)
    solution = [rng.random() < 0.5 for _ in range(n)]
    cells = "".join(("O" if s else "x") if rng.random() < 0.4 else "-" for s in solution)
    return Line.parse(clue_of(1 if s else 0 for s in solution), cells)


def reference_fills(r: Rule, line: Line) -> set[tuple[int, int]]:
    """The rule's fills by the tree walker (every binding, condition by eval_cond)."""
    choices = []
    for b in r.bindings:
        found = elements(line, b.pattern.type)
        p = b.pattern
        if isinstance(p, Singleton):
            found = found if len(found) == 1 else []
        elif isinstance(p, Constant):
            found = found[p.index : p.index + 1 or None]  # a negative index counts from the end
        choices.append(found)
    out = set()
    for combo in itertools.product(*choices):
        env = {b.name: e for b, e in zip(r.bindings, combo, strict=True)}
        if eval_cond(r.condition, env, line):
            out.add((eval_expr(r.action.start, env, line), eval_expr(r.action.end, env, line)))
    return out


class RandomTotals(RandomTerms):
    """Random terms where a third of the leaves are totals."""

    def expr(self, depth: int) -> Expr:
        if self.rng.random() < 1 / 3:
            return Total(self.rng.choice([HINT, BLOCK, GAP]))
        return super().expr(depth)


def random_total_rule(rng: random.Random, number: int) -> Rule:
    """One or two bindings, a condition with at least one comparison of totals, a random fill."""
    bindings: dict[str, Pattern] = {}
    for i in range(rng.randint(1, 2)):
        t = rng.choice([HINT, BLOCK, GAP])
        bindings[f"x{i}"] = (Singleton(t), Constant(t, rng.randint(0, 1)), Arbitrary(t))[
            rng.randrange(3)
        ]
    terms = RandomTotals(rng, bindings)
    cond: Cond = Compare(
        rng.choice(["=", ">=", ">"]), Total(rng.choice([HINT, BLOCK, GAP])), terms.expr(1)
    )
    if rng.random() < 0.5:
        cond = And(cond, terms.atom())
    return rule(
        f"counting {number}", bindings, cond, rng.random() < 0.5, terms.expr(2), terms.expr(2)
    )


@pytest.mark.slow
@pytest.mark.parametrize("form", FORMS, ids=list(FORM_IDS))
def test_verdicts_on_rules_with_totals_match_brute_force(form: ProofStrategy) -> None:
    rng = random.Random(20261125)
    rules = [random_total_rule(rng, i) for i in range(40)]
    rules += [parse_rule(t) for t in SOUND + [ROOM_AT_LEAST, PLACED_BUT_ONE]]
    sound, unsound = check_against_brute_force(rules, form)
    assert len(sound) >= 5 and unsound >= 15


@pytest.mark.slow
@pytest.mark.parametrize("text", SOUND)
def test_counting_strategies_are_proved_sound_up_to_30_cells(text: str) -> None:
    result = prove(parse_rule(text), 30, strategy=AT_ONCE)  # one query: 5-15x the per-length
    assert result.sound is True


@pytest.mark.parametrize("text", [ROOM_AT_LEAST, PLACED_BUT_ONE])
def test_near_misses_are_refuted_with_a_real_counterexample(text: str) -> None:
    r = parse_rule(text)
    result = prove(r, 30)
    assert result.sound is False and result.counterexample is not None
    check_counterexample(r, result.counterexample)


def test_totals_are_explained_in_words() -> None:
    r = parse_rule(PLACED_LEAD)
    assert explain(r).startswith("If the number of filled cells equals the sum of the clues")
    line = Line.parse((1, 1), "--O--O-")
    (fill,) = apply_rule(r, line, flipped=False)
    text = explain_fill(r, fill.env, line)
    assert "(2 = 2)" in text and "cells 1–2 are crossed out" in text
    assert "the number of cells not crossed out" in explain(parse_rule(ROOM_EXACT))


def test_a_rule_without_bindings_for_its_totals_still_needs_a_pattern() -> None:
    # Totals name no element, so a rule of totals alone still binds something to fire on.
    r = rule(
        "lonely", {"g": Arbitrary(GAP)}, Compare("=", Total(HINT), Lit(0)), False, Lit(0), Lit(1)
    )
    assert apply_rule(r, Line.parse((), "---"), flipped=False)
    assert not apply_rule(r, Line.parse((), "xxx"), flipped=False)  # no gap to bind


def test_tidy_cancels_totals_like_any_other_term() -> None:
    from nonostudio.rules.language.tidy import tidy

    r = parse_rule(
        ROOM_EXACT.replace(
            "total(gap) = total(hint)",
            "total(hint) + 1 = total(gap) + 1 and total(block) - total(block) >= 0",
        )
    )
    tidied = tidy(r)
    assert tidied.condition in (
        Compare("=", Total(GAP), Total(HINT)),
        Compare("=", Total(HINT), Total(GAP)),
    )
    assert cost(tidied) == cost(parse_rule(ROOM_EXACT)) < cost(r)
