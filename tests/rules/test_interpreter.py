"""Interpreter tests: the example fills of docs/rule-language.md §7, Figure 13's edge cases, the
compiled path against the tree-walking reference on random lines, flipping and fill helpers."""

from __future__ import annotations

import random

import pytest

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN, Line
from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Arith,
    Binding,
    Compare,
    Constant,
    ElementType,
    Fill,
    HighestStartCell,
    LineSize,
    Lit,
    LowestEndCell,
    Maximal,
    Minimal,
    Rule,
    Singleton,
    Size,
    Start,
    TrueCond,
    Unique,
    conjoin,
)
from nonostudio.rules.language.interpreter import (
    Element,
    LineView,
    RuleFill,
    _Codegen,
    apply_fill,
    apply_rule,
    elements,
    eval_cond,
    eval_expr,
    first_new_fill,
    is_valid_fill,
)
from nonostudio.rules.ruleset import load_rule_set

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP


def add(*xs):
    out = xs[0]
    for x in xs[1:]:
        out = Arith("+", out, x)
    return out


def sub(a, b):
    return Arith("-", a, b)


def rule(name, bindings, conds, value, start, end):
    return Rule(
        name,
        tuple(Binding(n, p) for n, p in bindings),
        conjoin(list(conds)),
        Fill(value, start, end),
    )


def lit(v):
    return Lit(v)


def S(v):  # noqa: N802 - reads like the DSL
    return Size(v)


def T(v):  # noqa: N802
    return Start(v)


PAIR = [("h0", Constant(HINT, 0)), ("h1", Constant(HINT, 1))]
PAIR_COND = [Compare("=", LineSize(), add(lit(1), S("h0"), S("h1")))]

# The 14 control rules of docs/rule-language.md §7, written out as trees.
CONTROL = {
    "full_hint": rule(
        "full_hint",
        [("h", Singleton(HINT))],
        [Compare("=", S("h"), LineSize())],
        True,
        lit(0),
        LineSize(),
    ),
    "full_hint_pair_1": rule("full_hint_pair_1", PAIR, PAIR_COND, True, lit(0), S("h0")),
    "full_hint_pair_2": rule(
        "full_hint_pair_2",
        PAIR,
        PAIR_COND,
        True,
        add(lit(1), S("h0")),
        add(lit(1), S("h0"), S("h1")),
    ),
    "full_hint_pair_3": rule(
        "full_hint_pair_3", PAIR, PAIR_COND, False, S("h0"), add(lit(1), S("h0"))
    ),
    "big_hint": rule(
        "big_hint",
        [("h", Arbitrary(HINT))],
        [Compare(">", LowestEndCell("h"), HighestStartCell("h"))],
        True,
        HighestStartCell("h"),
        LowestEndCell("h"),
    ),
    "edge_fill": rule(
        "edge_fill",
        [("h0", Constant(HINT, 0)), ("b", Arbitrary(BLOCK))],
        [Compare(">", sub(S("h0"), lit(1)), T("b")), Compare(">", S("h0"), add(T("b"), S("b")))],
        True,
        add(T("b"), S("b")),
        S("h0"),
    ),
    "full_edge_gap": rule(
        "full_edge_gap",
        [("h0", Constant(HINT, 0)), ("g", Constant(GAP, 0)), ("b", Constant(BLOCK, 0))],
        [Compare("=", T("g"), T("b")), Compare(">", S("h0"), lit(1))],
        True,
        add(T("g"), lit(1)),
        add(T("g"), S("h0")),
    ),
    "cross_small_gap_singleton": rule(
        "cross_small_gap_singleton",
        [("h", Singleton(HINT)), ("g", Arbitrary(GAP))],
        [Compare(">", S("h"), S("g"))],
        False,
        T("g"),
        add(T("g"), S("g")),
    ),
    "cross_small_gap_min": rule(
        "cross_small_gap_min",
        [("h", Arbitrary(HINT)), ("g", Arbitrary(GAP))],
        [Minimal("h"), Compare(">", S("h"), S("g"))],
        False,
        T("g"),
        add(T("g"), S("g")),
    ),
    "cross_small_gap_left": rule(
        "cross_small_gap_left",
        [("h0", Constant(HINT, 0)), ("g0", Constant(GAP, 0))],
        [Compare(">", S("h0"), S("g0"))],
        False,
        T("g0"),
        add(T("g0"), S("g0")),
    ),
    "punctuate_maximum": rule(
        "punctuate_maximum",
        [("h", Arbitrary(HINT)), ("b", Arbitrary(BLOCK))],
        [Maximal("h"), Compare("=", S("h"), S("b")), Compare(">", T("b"), lit(0))],
        False,
        sub(T("b"), lit(1)),
        T("b"),
    ),
    "punctuate_first_hint": rule(
        "punctuate_first_hint",
        [("h0", Constant(HINT, 0)), ("b0", Constant(BLOCK, 0)), ("g0", Constant(GAP, 0))],
        [
            Compare("=", S("h0"), S("b0")),
            Compare(">", T("b0"), T("g0")),
            Compare(">=", S("h0"), sub(T("b0"), T("g0"))),
        ],
        False,
        T("g0"),
        T("b0"),
    ),
    "mercury": rule(
        "mercury",
        [("h0", Constant(HINT, 0)), ("b0", Constant(BLOCK, 0)), ("g0", Constant(GAP, 0))],
        [Compare(">", add(T("b0"), S("b0")), S("h0")), Compare(">=", S("h0"), T("b0"))],
        False,
        lit(0),
        sub(add(T("b0"), S("b0")), S("h0")),
    ),
    "force_maximum": rule(
        "force_maximum",
        [("h", Arbitrary(HINT)), ("g", Arbitrary(GAP))],
        [Unique("g", Compare(">=", S("g"), S("h"))), Compare(">", add(S("h"), S("h")), S("g"))],
        True,
        sub(add(T("g"), S("g")), S("h")),
        add(T("g"), S("h")),
    ),
}

# docs/rule-language.md §7 examples: (rule, hints, cells, value, start, end).
EXAMPLES = [
    ("full_hint", (5,), "-----", True, 0, 5),
    ("full_hint_pair_1", (3, 1), "-----", True, 0, 3),
    ("full_hint_pair_2", (3, 1), "-----", True, 4, 5),
    ("full_hint_pair_3", (3, 1), "-----", False, 3, 4),
    ("big_hint", (8,), "----------", True, 2, 8),
    ("big_hint", (1, 8), "----------", True, 0, 1),
    ("big_hint", (1, 8), "----------", True, 2, 10),
    ("edge_fill", (6,), "--O-------", True, 3, 6),
    ("full_edge_gap", (4, 4), "xxxO-------x--------x", True, 4, 7),
    ("full_edge_gap", (2,), "xO---", True, 2, 3),
    ("cross_small_gap_singleton", (4,), "----x---x---", False, 5, 8),
    ("cross_small_gap_singleton", (2,), "-x---", False, 0, 1),
    ("cross_small_gap_min", (4, 5), "----x---x---------", False, 5, 8),
    ("cross_small_gap_min", (3, 2), "----x----x-x--x--", False, 10, 11),
    ("cross_small_gap_left", (3, 1), "xx--x----x--", False, 2, 4),
    ("punctuate_maximum", (1, 3), "---OOO----", False, 2, 3),
    ("punctuate_first_hint", (4, 1), "x---OOOO--", False, 1, 4),
    ("mercury", (4,), "----OO----", False, 0, 2),
    ("force_maximum", (4, 1), "---x----x--", True, 4, 8),
    ("force_maximum", (3,), "x--x----x--", True, 5, 7),
]


@pytest.mark.parametrize(("name", "hints", "cells", "value", "start", "end"), EXAMPLES)
def test_rules_md_example_fills(name, hints, cells, value, start, end):
    line = Line.parse(hints, cells)
    forward = [(f.value, f.start, f.end) for f in apply_rule(CONTROL[name], line, flipped=False)]
    assert ((FILLED if value else CROSSED), start, end) in forward


def test_big_hint_geometry_matches_the_formulas():
    # (1 8) on 10 cells: hint 1 packed left ends at 1 + 1 + 8 = 10, packed right starts at 10 - 8.
    line = Line.parse((1, 8), "-" * 10)
    h1 = elements(line, HINT)[1]
    env = {"h": h1}
    assert eval_expr(LowestEndCell("h"), env, line) == 10
    assert eval_expr(HighestStartCell("h"), env, line) == 2
    h0 = {"h": elements(line, HINT)[0]}
    assert eval_expr(LowestEndCell("h"), h0, line) == 1
    assert eval_expr(HighestStartCell("h"), h0, line) == 0


def test_geometry_of_a_non_hint_is_zero():
    line = Line.parse((2,), "-OO--")
    env = {"b": elements(line, BLOCK)[0]}
    assert eval_expr(LowestEndCell("b"), env, line) == 0
    assert eval_expr(HighestStartCell("b"), env, line) == 0


def test_elements_of_a_line():
    line = Line.parse((2, 1), "-OOx-Ox")
    assert elements(line, HINT) == [Element(HINT, 0, 0, 2), Element(HINT, 1, 1, 1)]
    assert elements(line, BLOCK) == [Element(BLOCK, 0, 1, 2), Element(BLOCK, 1, 5, 1)]
    assert elements(line, GAP) == [Element(GAP, 0, 0, 3), Element(GAP, 1, 4, 2)]


def test_singleton_binds_only_one_element():
    r = rule("one", [("h", Singleton(HINT))], [], True, lit(0), lit(1))
    assert len(apply_rule(r, Line.parse((2,), "----"), flipped=False)) == 1
    assert apply_rule(r, Line.parse((1, 1), "----"), flipped=False) == []
    assert apply_rule(r, Line.parse((), "----"), flipped=False) == []


def test_constant_binds_the_ith_element_if_it_exists():
    r = rule("third", [("g", Constant(GAP, 2))], [], False, T("g"), add(T("g"), S("g")))
    fills = apply_rule(r, Line.parse((1,), "-x--x---x"), flipped=False)
    assert [(f.start, f.end) for f in fills] == [(5, 8)]
    assert fills[0].env == {"g": Element(GAP, 2, 5, 3)}
    assert apply_rule(r, Line.parse((1,), "-x--x"), flipped=False) == []


def test_arbitrary_emits_one_fill_per_binding():
    r = rule("all_gaps", [("g", Arbitrary(GAP))], [], False, T("g"), add(T("g"), S("g")))
    fills = apply_rule(r, Line.parse((1,), "-x--x---"), flipped=False)
    assert [(f.start, f.end) for f in fills] == [(0, 1), (2, 4), (5, 8)]


def test_two_arbitrary_patterns_try_every_combination():
    r = rule("pairs", [("h", Arbitrary(HINT)), ("g", Arbitrary(GAP))], [], True, T("h"), T("g"))
    fills = apply_rule(r, Line.parse((1, 1, 1), "-x-x-"), flipped=False)
    assert sorted((f.start, f.end) for f in fills) == sorted(
        (h, g) for h in range(3) for g in (0, 2, 4)
    )


def test_maximal_and_minimal_allow_ties():
    line = Line.parse((3, 1, 3), "-" * 10)
    mx = rule("mx", [("h", Arbitrary(HINT))], [Maximal("h")], True, T("h"), lit(0))
    mn = rule("mn", [("h", Arbitrary(HINT))], [Minimal("h")], True, T("h"), lit(0))
    assert [f.start for f in apply_rule(mx, line, flipped=False)] == [0, 2]
    assert [f.start for f in apply_rule(mn, line, flipped=False)] == [1]


def test_unique_needs_the_condition_for_no_other_element():
    r = rule(
        "big_gap",
        [("h", Constant(HINT, 0)), ("g", Arbitrary(GAP))],
        [Unique("g", Compare(">=", S("g"), S("h")))],
        True,
        T("g"),
        add(T("g"), lit(1)),
    )
    # Only the gap of 4 holds at least 3 cells.
    assert [f.start for f in apply_rule(r, Line.parse((3,), "--x----x-"), flipped=False)] == [3]
    # Two gaps hold 3: neither is unique.
    assert apply_rule(r, Line.parse((3,), "---x---"), flipped=False) == []
    # Equal hint values are still different elements.
    hr = rule(
        "uh",
        [("h", Arbitrary(HINT))],
        [Unique("h", Compare("=", S("h"), lit(2)))],
        True,
        lit(0),
        lit(1),
    )
    assert apply_rule(hr, Line.parse((2, 2), "-----"), flipped=False) == []
    assert len(apply_rule(hr, Line.parse((2, 3), "------"), flipped=False)) == 1


def test_condition_without_variables_and_true():
    r = rule("long", [], [Compare(">", LineSize(), lit(4))], True, lit(0), lit(1))
    assert len(apply_rule(r, Line.parse((1,), "-----"), flipped=False)) == 1
    assert apply_rule(r, Line.parse((1,), "----"), flipped=False) == []
    t = Rule("t", (Binding("h", Arbitrary(HINT)),), TrueCond(), Fill(True, T("h"), S("h")))
    assert len(apply_rule(t, Line.parse((1, 2), "-----"), flipped=False)) == 2


def test_flipped_fills_are_mapped_back():
    # Mercury reads from the left edge; on the flipped line it crosses the right end instead.
    line = Line.parse((4,), "----OO----")
    fills = apply_rule(CONTROL["mercury"], line)
    assert [(f.start, f.end, f.flipped) for f in fills] == [(0, 2, False), (8, 10, True)]
    # env is as bound on the flipped line: block 0 there starts at 4 as well.
    assert fills[1].env["b0"] == Element(BLOCK, 0, 4, 2)
    back = apply_rule(CONTROL["punctuate_maximum"], Line.parse((1, 3), "---OOO--"))
    assert {(f.start, f.end) for f in back} == {(2, 3), (6, 7)}


def test_fill_helpers():
    line = Line.parse((2,), "-----")
    f = RuleFill("r", FILLED, 1, 3, {}, False)
    assert is_valid_fill(f, line)
    assert apply_fill(line, f).text == "-OO--"
    assert apply_fill(line, RuleFill("r", CROSSED, 3, 3, {}, False)) == line
    assert not is_valid_fill(RuleFill("r", CROSSED, 3, 3, {}, False), line)
    bad = RuleFill("r", CROSSED, 4, 6, {}, False)
    assert not is_valid_fill(bad, line)
    with pytest.raises(ValueError, match="outside"):
        apply_fill(line, bad)


def test_unbound_variable_is_rejected():
    r = rule("bad", [("h", Arbitrary(HINT))], [Compare(">", S("g"), lit(0))], True, lit(0), lit(1))
    with pytest.raises(ValueError, match="'g' is not bound"):
        apply_rule(r, Line.parse((1,), "--"))


# ---- compiled path vs the tree-walking reference ----------------------------------------------


def reference_fills(r: Rule, line: Line) -> list[tuple[int, int]]:
    """Figure 13 read literally: every binding combination, condition evaluated as a whole."""
    envs: list[dict[str, Element]] = [{}]
    for b in r.bindings:
        es = elements(line, b.pattern.type)
        if isinstance(b.pattern, Singleton):
            es = es if len(es) == 1 else []
        elif isinstance(b.pattern, Constant):
            es = es[b.pattern.index : b.pattern.index + 1]
        envs = [{**env, b.name: e} for env in envs for e in es]
    return [
        (eval_expr(r.action.start, env, line), eval_expr(r.action.end, env, line))
        for env in envs
        if eval_cond(r.condition, env, line)
    ]


def random_line(
    rng: random.Random, longest: int = 14, most_hints: int = 4, largest_hint: int = 5
) -> Line:
    """A line of 1 … ``longest`` random cells (half unknown) and random hints, often infeasible."""
    n = rng.randint(1, longest)
    k = rng.randint(0, most_hints)
    hints = tuple(rng.randint(1, largest_hint) for _ in range(k))
    cells = tuple(rng.choice((UNKNOWN, UNKNOWN, FILLED, CROSSED)) for _ in range(n))
    return Line(hints, cells)


EXTRA = [
    rule(
        "mix",
        [("h", Arbitrary(HINT)), ("b", Arbitrary(BLOCK)), ("g", Arbitrary(GAP))],
        [
            Compare(">=", T("g"), sub(T("b"), S("h"))),
            Maximal("b"),
            Unique("h", Compare(">", add(S("h"), S("g")), LowestEndCell("h"))),
        ],
        True,
        sub(T("b"), S("h")),
        add(T("g"), HighestStartCell("h")),
    ),
    rule(
        "nested_unique",
        [("g", Arbitrary(GAP)), ("h", Singleton(HINT))],
        [
            Unique(
                "g", And(Compare(">=", S("g"), S("h")), Unique("g", Compare(">", S("g"), lit(0))))
            )
        ],
        False,
        lit(0),
        T("g"),
    ),
    rule(
        "min_block",
        [("b", Constant(BLOCK, 1)), ("h", Constant(HINT, 1))],
        [Minimal("b"), Compare(">", LineSize(), add(S("b"), S("h")))],
        False,
        sub(LineSize(), lit(1)),
        LineSize(),
    ),
]


@pytest.mark.slow
def test_compiled_rules_agree_with_the_reference_semantics():
    rng = random.Random(3)
    rules = list(CONTROL.values()) + EXTRA
    for _ in range(400):
        line = random_line(rng)
        for r in rules:
            got = [(f.start, f.end) for f in apply_rule(r, line, flipped=False)]
            assert got == reference_fills(r, line), (r.name, str(line))
            flip = line.flipped()
            n = line.size
            back = [(n - e, n - s) for s, e in reference_fills(r, flip)]
            both = [(f.start, f.end) for f in apply_rule(r, line)]
            assert both == got + back, (r.name, str(line))


# Rules whose uniqueness conjuncts the compiled path lists once per binding of the patterns
# they mention (docs/design/rules.md, "Uniqueness listed once"), in each of its cases.
HOISTED = [
    rule(  # var bound last, over all gaps: its loop runs over the one element listed
        "unique_gap_of_hint",
        [("h", Arbitrary(HINT)), ("g", Arbitrary(GAP))],
        [
            Compare(">", add(S("g"), lit(1)), S("h")),
            Unique("g", Compare(">=", S("g"), S("h"))),
        ],
        True,
        add(T("g"), sub(S("g"), S("h"))),
        add(T("g"), S("h")),
    ),
    rule(  # var a constant pattern: the loop stays, the test compares indexes
        "unique_last_block",
        [("h", Arbitrary(HINT)), ("b", Constant(BLOCK, -1))],
        [Unique("b", Compare(">=", add(T("b"), S("b")), LowestEndCell("h")))],
        False,
        add(T("b"), S("b")),
        add(T("b"), add(S("b"), lit(1))),
    ),
    rule(  # a condition on var alone: listed before any loop
        "unique_alone",
        [("g", Arbitrary(GAP)), ("h", Singleton(HINT))],
        [Unique("g", Compare(">=", S("g"), lit(2))), Compare(">=", S("g"), S("h"))],
        True,
        sub(add(T("g"), S("g")), S("h")),
        add(T("g"), S("h")),
    ),
    rule(  # two on one variable, and one whose condition needs a later pattern
        "unique_twice",
        [("h", Arbitrary(HINT)), ("b", Arbitrary(BLOCK)), ("g", Arbitrary(GAP))],
        [
            Unique("b", Compare(">=", S("b"), S("h"))),
            Unique("b", Compare(">=", HighestStartCell("h"), T("b"))),
            Unique("h", Compare(">=", S("g"), add(S("h"), S("b")))),
        ],
        False,
        sub(T("b"), lit(1)),
        T("b"),
    ),
]


def random_long_line(rng: random.Random) -> Line:
    return random_line(rng, longest=24, most_hints=6, largest_hint=6)


def _reference_bindings(r: Rule, line: Line) -> list[tuple[int, int, tuple[Element, ...]]]:
    """reference_fills with the bound elements, in binding order (and constant patterns
    counted from the end)."""
    envs: list[dict[str, Element]] = [{}]
    for b in r.bindings:
        es = elements(line, b.pattern.type)
        if isinstance(b.pattern, Singleton):
            es = es if len(es) == 1 else []
        elif isinstance(b.pattern, Constant):
            i = b.pattern.index
            es = [es[i]] if -len(es) <= i < len(es) else []
        envs = [{**env, b.name: e} for env in envs for e in es]
    return [
        (
            eval_expr(r.action.start, env, line),
            eval_expr(r.action.end, env, line),
            tuple(env[b.name] for b in r.bindings),
        )
        for env in envs
        if eval_cond(r.condition, env, line)
    ]


# Rules whose loops the compiled path shortens: an equality tying a pattern to earlier ones
# (its loop looks the matching elements up), a comparison that once false stays false along the
# element list (its loop stops), and ones that look alike but must not (sizes, growing sides).
SHORTENED = [
    rule(  # gap ending right before the block: looked up by end
        "gap_before_block",
        [("h", Arbitrary(HINT)), ("b", Arbitrary(BLOCK)), ("g", Arbitrary(GAP))],
        [
            Compare(">", LineSize(), add(S("h"), T("b"))),
            Compare("=", T("b"), add(add(T("g"), S("g")), lit(1))),
        ],
        False,
        add(S("h"), T("b")),
        add(add(S("h"), T("b")), lit(1)),
    ),
    rule(  # the equality written the other way round, by size
        "block_of_hint_size",
        [("h", Arbitrary(HINT)), ("b", Arbitrary(BLOCK))],
        [Compare("=", S("h"), S("b")), Compare(">=", LowestEndCell("h"), T("b"))],
        True,
        T("b"),
        add(T("b"), S("b")),
    ),
    rule(  # stops: hints whose highest start is under the gap's start + 3, gaps ending early
        "gaps_before",
        [("g", Arbitrary(GAP)), ("h", Arbitrary(HINT))],
        [
            Compare(">=", LowestEndCell("h"), T("g")),
            Compare(">", add(T("g"), lit(3)), HighestStartCell("h")),
            Compare(">", sub(LineSize(), add(T("g"), S("g"))), lit(1)),
        ],
        True,
        T("g"),
        add(T("g"), lit(1)),
    ),
    rule(  # must not stop: sizes, and a side that grows along the list
        "sizes_and_growing",
        [("h", Arbitrary(HINT)), ("b", Arbitrary(BLOCK))],
        [
            Compare(">=", S("b"), S("h")),
            Compare(">", T("b"), sub(HighestStartCell("h"), lit(4))),
            Compare(">=", add(T("h"), S("h")), lit(2)),
        ],
        False,
        sub(T("b"), lit(1)),
        T("b"),
    ),
    rule(  # an equality with the pattern on both sides is no lookup; uniqueness in a loop
        "self_equal",
        [("h", Arbitrary(HINT)), ("g", Arbitrary(GAP))],
        [
            Compare("=", add(T("g"), S("g")), add(S("g"), T("g"))),
            Unique("g", Compare(">=", S("g"), S("h"))),
            Unique("h", Compare(">=", add(T("g"), S("g")), LowestEndCell("h"))),
        ],
        True,
        T("g"),
        add(T("g"), S("h")),
    ),
]


SHORTENED += [
    rule(  # uniqueness scans that stop: two tests each, listed once and tested in a loop
        "unique_scans_stop",
        [("h", Arbitrary(HINT)), ("b", Arbitrary(BLOCK)), ("g", Arbitrary(GAP))],
        [
            Unique(
                "g",
                And(
                    Compare(">=", HighestStartCell("h"), T("g")),
                    And(
                        Compare(">", add(LowestEndCell("h"), lit(2)), add(T("g"), S("g"))),
                        Compare(">=", S("g"), S("h")),
                    ),
                ),
            ),
            Unique(
                "h",
                And(
                    Compare(">=", add(T("b"), lit(1)), T("h")),
                    And(
                        Compare(">", add(T("g"), S("g")), LowestEndCell("h")),
                        Compare(">=", S("h"), S("b")),
                    ),
                ),
            ),
        ],
        True,
        T("b"),
        add(T("b"), S("b")),
    ),
]


@pytest.mark.parametrize(
    ("rules", "seed"),
    [(HOISTED, 11), (SHORTENED, 12)],
    ids=["listed-uniqueness", "shortened-loops"],
)
def test_compiled_hand_built_rules_agree_with_the_reference_semantics(rules, seed):
    rng = random.Random(seed)
    fired = {r.name: 0 for r in rules}
    for _ in range(1500):
        line = random_long_line(rng)
        for r in rules:
            want = _reference_bindings(r, line)
            fired[r.name] += bool(want)
            got = [
                (f.start, f.end, tuple(f.env.values())) for f in apply_rule(r, line, flipped=False)
            ]
            assert got == want, (r.name, str(line))
    assert all(fired.values()), fired  # each rule fills something on some line


def test_shortened_loops_are_used():
    source = {r.name: _Codegen(r).source() for r in SHORTENED}
    assert ".get(" in source["gap_before_block"] and ".get(" in source["block_of_hint_size"]
    assert source["gaps_before"].count(": break") == 2
    assert ": break" not in source["sizes_and_growing"]
    assert ".get(" not in source["self_equal"] and "any(" not in source["self_equal"]
    scans = [line.strip() for line in source["unique_scans_stop"].splitlines()]
    # the list made once stops (a line of its own), and so does the scan made in a loop
    assert sum(line.startswith("if not (") and line.endswith("): break") for line in scans) == 1
    assert scans.count("break") == 2  # the list's second element, the scan's stop


@pytest.mark.slow
@pytest.mark.parametrize("name", ["control", "concise", "learned"])
def test_compiled_shipped_rules_agree_with_the_reference_semantics(name):
    rules = load_rule_set(name).rules
    rng = random.Random(5)
    for _ in range(120):
        line = random_long_line(rng)
        for r in rules:
            got = [
                (f.start, f.end, tuple(f.env.values())) for f in apply_rule(r, line, flipped=False)
            ]
            assert got == _reference_bindings(r, line), (r.name, str(line))


def _first_new_by_apply_rule(rules, line: Line):
    """The first fill of apply_rule's order that is not empty and not only cells the line
    already has with its value, read off every fill of every rule."""
    for number, r in enumerate(rules):
        for f in apply_rule(r, line):
            if f.start >= f.end:
                continue
            inside = 0 <= f.start and f.end <= line.size
            if inside and all(line.cells[p] == f.value for p in f.cells()):
                continue
            return number, f.flipped, f.start, f.end, tuple(f.env.values())
    return None


def test_first_new_fill_is_apply_rules_first_fill_that_is_new():
    # The control rules, the hoisting cases and rules whose fills reach outside the line.
    outside = [
        rule("left_of_block", [("b", Arbitrary(BLOCK))], [], False, sub(T("b"), lit(1)), T("b")),
        rule(
            "past_the_end",
            [("h", Constant(HINT, -1))],
            [],
            True,
            LineSize(),
            add(LineSize(), lit(2)),
        ),
        rule("empty", [("g", Arbitrary(GAP))], [], True, T("g"), T("g")),
    ]
    rules = tuple(list(CONTROL.values()) + HOISTED + EXTRA + outside)
    first = first_new_fill(rules)
    rng = random.Random(8)
    seen = set()
    for _ in range(1500):
        line = random_long_line(rng)
        text = line.text
        filled = sum(1 << i for i, c in enumerate(line.cells) if c == FILLED)
        crossed = sum(1 << i for i, c in enumerate(line.cells) if c == CROSSED)
        got = first(
            LineView.of_text(line.hints, text),
            LineView.of_text(line.hints[::-1], text[::-1]),
            filled,
            crossed,
        )
        want = _first_new_by_apply_rule(rules, line)
        assert got == want, str(line)
        seen.add(None if got is None else (got[0], got[1]))
    assert None in seen and len(seen) > 12  # many rules, both directions, and lines with none


def test_first_new_fill_splits_large_rule_sets_in_order():
    rules = tuple(load_rule_set("learned").rules)
    assert len(rules) > 64  # more than two generated functions
    backwards = first_new_fill(rules[::-1])
    rng = random.Random(9)
    for _ in range(200):
        line = random_long_line(rng)
        text = line.text
        masks = (
            sum(1 << i for i, c in enumerate(line.cells) if c == FILLED),
            sum(1 << i for i, c in enumerate(line.cells) if c == CROSSED),
        )
        views = (LineView.of_text(line.hints, text), LineView.of_text(line.hints[::-1], text[::-1]))
        assert backwards(*views, *masks) == _first_new_by_apply_rule(rules[::-1], line)


def test_a_views_pair_is_the_view_of_the_line_and_of_the_line_flipped():
    rng = random.Random(12)
    for _ in range(300):
        line = random_long_line(rng)
        view, flipped = LineView.pair_of_text(line.hints, line.text)
        for got, want in ((view, LineView(line)), (flipped, LineView(line.flipped()))):
            for name in LineView.__slots__:
                assert getattr(got, name) == getattr(want, name), (name, str(line))
        # the flipped view's elements are Elements, as the rules read them
        assert all(isinstance(e, Element) for e in flipped.blocks + flipped.gaps)
