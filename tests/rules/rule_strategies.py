"""Hypothesis strategies for random rule syntax trees (printer round trips, cost properties)."""

from __future__ import annotations

from hypothesis import strategies as st

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
    Pattern,
    Rule,
    Singleton,
    Size,
    Start,
    Total,
    TrueCond,
    Unique,
    variables,
)

# Hint names may appear under lowest_end_cell / highest_start_cell; the others get any type.
HINT_NAMES = ["h", "h0"]
OTHER_NAMES = ["g", "b_2", "x", "sizes"]
ALL_NAMES = HINT_NAMES + OTHER_NAMES
rule_names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
element_types = st.sampled_from(list(ElementType))

exprs = st.recursive(
    st.one_of(
        st.builds(Lit, st.integers(-3, 12)),
        st.just(LineSize()),
        st.builds(Start, st.sampled_from(ALL_NAMES)),
        st.builds(Size, st.sampled_from(ALL_NAMES)),
        st.builds(LowestEndCell, st.sampled_from(HINT_NAMES)),
        st.builds(HighestStartCell, st.sampled_from(HINT_NAMES)),
        st.builds(Total, element_types),
    ),
    lambda inner: st.builds(Arith, st.sampled_from(["+", "-"]), inner, inner),
    max_leaves=6,
)
conds = st.recursive(
    st.one_of(
        st.just(TrueCond()),
        st.builds(Compare, st.sampled_from(["=", ">=", ">"]), exprs, exprs),
        st.builds(Maximal, st.sampled_from(ALL_NAMES)),
        st.builds(Minimal, st.sampled_from(ALL_NAMES)),
    ),
    lambda inner: st.one_of(
        st.builds(And, inner, inner), st.builds(Unique, st.sampled_from(ALL_NAMES), inner)
    ),
    max_leaves=5,
)
fill_actions = st.builds(Fill, st.booleans(), exprs, exprs)


@st.composite
def bindings_for(draw: st.DrawFn, used: set[str]) -> tuple[Binding, ...]:
    """Bindings for every name in ``used`` plus a few unused ones, in a random order."""
    names = used | set(draw(st.lists(st.sampled_from(ALL_NAMES), max_size=2)))
    out = []
    for name in draw(st.permutations(sorted(names or {"h"}))):
        etype = ElementType.HINT if name in HINT_NAMES else draw(element_types)
        kind = draw(st.sampled_from(["singleton", "constant", "arbitrary"]))
        pattern: Pattern
        if kind == "constant":
            pattern = Constant(etype, draw(st.integers(-3, 5)))  # negative: from the end
        else:
            pattern = Singleton(etype) if kind == "singleton" else Arbitrary(etype)
        out.append(Binding(name, pattern))
    return tuple(out)


@st.composite
def rules(draw: st.DrawFn) -> Rule:
    cond, action = draw(conds), draw(fill_actions)
    binds = draw(bindings_for(variables(cond) | variables(action)))
    return Rule(draw(rule_names), binds, cond, action)


@st.composite
def fills(draw: st.DrawFn) -> tuple[Fill, tuple[Binding, ...]]:
    action = draw(fill_actions)
    return action, draw(bindings_for(variables(action)))
