"""The 14 control rules (docs/rule-language.md §7) as syntax trees, and deliberately broken
variants of them.

The prover must prove every control rule and refute every broken one with a confirmed
counterexample.  Each broken variant is one small edit of a control rule, of the kind a person or
a synthesiser gets wrong: an off-by-one fill, a wrong comparison, a too-general pattern, the wrong
fill value, a dropped conjunct, a fill past the line's end.
"""

from __future__ import annotations

from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Arith,
    Binding,
    Compare,
    Cond,
    Constant,
    ElementType,
    Expr,
    Fill,
    HighestStartCell,
    LineSize,
    Lit,
    LowestEndCell,
    Maximal,
    Minimal,
    Pattern,
    Rule,
    Singleton,
    Size,
    Start,
    TrueCond,
    Unique,
)

HINT, BLOCK, GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP
N = LineSize()


def add(*terms: Expr | int) -> Expr:
    exprs = [Lit(t) if isinstance(t, int) else t for t in terms]
    out = exprs[0]
    for e in exprs[1:]:
        out = Arith("+", out, e)
    return out


def sub(a: Expr | int, b: Expr | int) -> Expr:
    return Arith("-", Lit(a) if isinstance(a, int) else a, Lit(b) if isinstance(b, int) else b)


def cmp(op: str, a: Expr | int, b: Expr | int) -> Compare:
    return Compare(op, Lit(a) if isinstance(a, int) else a, Lit(b) if isinstance(b, int) else b)


def both(*parts: Cond) -> Cond:
    out = parts[0]
    for p in parts[1:]:
        out = And(out, p)
    return out


def rule(
    name: str, bindings: dict, cond: Cond, value: bool, start: Expr | int, end: Expr | int
) -> Rule:
    lit = lambda e: Lit(e) if isinstance(e, int) else e  # noqa: E731
    return Rule(
        name,
        tuple(Binding(k, p) for k, p in bindings.items()),
        cond,
        Fill(value, lit(start), lit(end)),
    )


S, Z = Start, Size
PAIR = {"h0": Constant(HINT, 0), "h1": Constant(HINT, 1)}
PAIR_COND = cmp("=", N, add(1, Z("h0"), Z("h1")))
FIRST3 = {"h0": Constant(HINT, 0), "b0": Constant(BLOCK, 0), "g0": Constant(GAP, 0)}

CONTROL: list[Rule] = [
    rule("full hint", {"h": Singleton(HINT)}, cmp("=", Z("h"), N), True, 0, N),
    rule("full hint pair 1", PAIR, PAIR_COND, True, 0, Z("h0")),
    rule("full hint pair 2", PAIR, PAIR_COND, True, add(1, Z("h0")), add(1, Z("h0"), Z("h1"))),
    rule("full hint pair 3", PAIR, PAIR_COND, False, Z("h0"), add(1, Z("h0"))),
    rule(
        "big hint",
        {"h": Arbitrary(HINT)},
        cmp(">", LowestEndCell("h"), HighestStartCell("h")),
        True,
        HighestStartCell("h"),
        LowestEndCell("h"),
    ),
    rule(
        "edge fill",
        {"h0": Constant(HINT, 0), "b": Arbitrary(BLOCK)},
        both(cmp(">", sub(Z("h0"), 1), S("b")), cmp(">", Z("h0"), add(S("b"), Z("b")))),
        True,
        add(S("b"), Z("b")),
        Z("h0"),
    ),
    rule(
        "full edge gap",
        {"h0": Constant(HINT, 0), "g": Constant(GAP, 0), "b": Constant(BLOCK, 0)},
        both(cmp("=", S("g"), S("b")), cmp(">", Z("h0"), 1)),
        True,
        add(S("g"), 1),
        add(S("g"), Z("h0")),
    ),
    rule(
        "cross small gap (singleton)",
        {"h": Singleton(HINT), "g": Arbitrary(GAP)},
        cmp(">", Z("h"), Z("g")),
        False,
        S("g"),
        add(S("g"), Z("g")),
    ),
    rule(
        "cross small gap (min)",
        {"h": Arbitrary(HINT), "g": Arbitrary(GAP)},
        both(Minimal("h"), cmp(">", Z("h"), Z("g"))),
        False,
        S("g"),
        add(S("g"), Z("g")),
    ),
    rule(
        "cross small gap (left)",
        {"h0": Constant(HINT, 0), "g0": Constant(GAP, 0)},
        cmp(">", Z("h0"), Z("g0")),
        False,
        S("g0"),
        add(S("g0"), Z("g0")),
    ),
    rule(
        "punctuate maximum",
        {"h": Arbitrary(HINT), "b": Arbitrary(BLOCK)},
        both(Maximal("h"), cmp("=", Z("h"), Z("b")), cmp(">", S("b"), 0)),
        False,
        sub(S("b"), 1),
        S("b"),
    ),
    rule(
        "punctuate first hint",
        FIRST3,
        both(
            cmp("=", Z("h0"), Z("b0")),
            cmp(">", S("b0"), S("g0")),
            cmp(">=", Z("h0"), sub(S("b0"), S("g0"))),
        ),
        False,
        S("g0"),
        S("b0"),
    ),
    rule(
        "mercury",
        FIRST3,
        both(cmp(">", add(S("b0"), Z("b0")), Z("h0")), cmp(">=", Z("h0"), S("b0"))),
        False,
        0,
        sub(add(S("b0"), Z("b0")), Z("h0")),
    ),
    rule(
        "force maximum",
        {"h": Arbitrary(HINT), "g": Arbitrary(GAP)},
        both(
            Unique("g", cmp(">=", Z("g"), Z("h"))),
            cmp(">", add(Z("h"), Z("h")), Z("g")),
        ),
        True,
        sub(add(S("g"), Z("g")), Z("h")),
        add(S("g"), Z("h")),
    ),
]

CONTROL_BY_NAME = {r.name: r for r in CONTROL}


def _broken(
    name: str,
    what: str,
    *,
    patterns: dict[str, Pattern] | None = None,
    condition: Cond | None = None,
    action: Fill | None = None,
) -> Rule:
    """Control rule ``name`` with its patterns, condition or fill replaced."""
    base = CONTROL_BY_NAME[name]
    bindings = (
        base.bindings if patterns is None else tuple(Binding(k, p) for k, p in patterns.items())
    )
    return Rule(
        f"{name} / {what}",
        bindings,
        base.condition if condition is None else condition,
        base.action if action is None else action,
    )


def _fill(
    name: str, value: bool | None = None, start: Expr | None = None, end: Expr | None = None
) -> Fill:
    a = CONTROL_BY_NAME[name].action
    return Fill(
        a.value if value is None else value,
        a.start if start is None else start,
        a.end if end is None else end,
    )


BROKEN: list[Rule] = [
    _broken("full hint", "fill past the line end", action=_fill("full hint", end=add(N, 1))),
    _broken("full hint", "condition off by one", condition=cmp("=", add(Z("h"), 1), N)),
    _broken(
        "full hint pair 1",
        "fill one cell too far",
        action=_fill("full hint pair 1", end=add(Z("h0"), 1)),
    ),
    _broken("full hint pair 2", "condition dropped", condition=TrueCond()),
    _broken("full hint pair 3", "wrong fill value", action=_fill("full hint pair 3", value=True)),
    _broken(
        "big hint",
        ">= instead of > (empty fill)",
        condition=cmp(">=", LowestEndCell("h"), HighestStartCell("h")),
    ),
    _broken(
        "big hint",
        "fill starts one cell early",
        action=_fill("big hint", start=sub(HighestStartCell("h"), 1)),
    ),
    _broken(
        "edge fill",
        "arbitrary hint instead of constant(hint, 0)",
        patterns={"h0": Arbitrary(HINT), "b": Arbitrary(BLOCK)},
    ),
    _broken(
        "full edge gap",
        "arbitrary gap instead of constant(gap, 0)",
        patterns={"h0": Constant(HINT, 0), "g": Arbitrary(GAP), "b": Constant(BLOCK, 0)},
    ),
    _broken("cross small gap (singleton)", ">= instead of >", condition=cmp(">=", Z("h"), Z("g"))),
    _broken("cross small gap (min)", "minimal dropped", condition=cmp(">", Z("h"), Z("g"))),
    _broken(
        "cross small gap (left)",
        "arbitrary hint instead of constant(hint, 0)",
        patterns={"h0": Arbitrary(HINT), "g0": Constant(GAP, 0)},
    ),
    _broken(
        "punctuate maximum",
        "minimal instead of maximal",
        condition=both(Minimal("h"), cmp("=", Z("h"), Z("b")), cmp(">", S("b"), 0)),
    ),
    _broken(
        "punctuate maximum",
        "fill covers the block's first cell",
        action=_fill("punctuate maximum", end=add(S("b"), 1)),
    ),
    _broken(
        "punctuate first hint",
        "room test off by one",
        condition=both(
            cmp("=", Z("h0"), Z("b0")),
            cmp(">", S("b0"), S("g0")),
            cmp(">=", add(Z("h0"), 1), sub(S("b0"), S("g0"))),
        ),
    ),
    _broken(
        "mercury",
        "fill one cell too far",
        action=_fill("mercury", end=add(sub(add(S("b0"), Z("b0")), Z("h0")), 1)),
    ),
    _broken(
        "force maximum",
        "uniqueness dropped",
        condition=cmp(">", add(Z("h"), Z("h")), Z("g")),
    ),
    _broken("force maximum", "wrong fill value", action=_fill("force maximum", value=False)),
]
