"""Hypothesis strategies for random rule syntax trees (printer round trips, cost properties)."""

from __future__ import annotations

from hypothesis import strategies as st

from nonostudio.rules.ast import (
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
)

names = st.sampled_from(["h", "g", "b", "h0", "g1", "b_2", "x", "gap_", "size2", "sizes"])
rule_names = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
element_types = st.sampled_from(list(ElementType))
patterns = st.one_of(
    st.builds(Singleton, element_types),
    st.builds(Constant, element_types, st.integers(0, 5)),
    st.builds(Arbitrary, element_types),
)


@st.composite
def bindings(draw) -> tuple[Binding, ...]:
    chosen = draw(st.lists(names, min_size=1, max_size=4, unique=True))
    out = [Binding(n, draw(patterns)) for n in chosen]
    if not any(b.pattern.type is ElementType.HINT for b in out):
        out[0] = Binding(out[0].name, Arbitrary(ElementType.HINT))
    return tuple(out)


def exprs(binds: tuple[Binding, ...]):
    all_names = [b.name for b in binds]
    hint_names = [b.name for b in binds if b.pattern.type is ElementType.HINT]
    leaves = st.one_of(
        st.builds(Lit, st.integers(-3, 12)),
        st.just(LineSize()),
        st.builds(Start, st.sampled_from(all_names)),
        st.builds(Size, st.sampled_from(all_names)),
        st.builds(LowestEndCell, st.sampled_from(hint_names)),
        st.builds(HighestStartCell, st.sampled_from(hint_names)),
    )
    return st.recursive(
        leaves,
        lambda inner: st.builds(Arith, st.sampled_from(["+", "-"]), inner, inner),
        max_leaves=6,
    )


def conds(binds: tuple[Binding, ...]):
    all_names = st.sampled_from([b.name for b in binds])
    e = exprs(binds)
    leaves = st.one_of(
        st.just(TrueCond()),
        st.builds(Compare, st.sampled_from(["=", ">=", ">"]), e, e),
        st.builds(Maximal, all_names),
        st.builds(Minimal, all_names),
    )
    return st.recursive(
        leaves,
        lambda inner: st.one_of(st.builds(And, inner, inner), st.builds(Unique, all_names, inner)),
        max_leaves=5,
    )


@st.composite
def rules(draw) -> Rule:
    binds = draw(bindings())
    e = exprs(binds)
    action = Fill(draw(st.booleans()), draw(e), draw(e))
    return Rule(draw(rule_names), binds, draw(conds(binds)), action)


@st.composite
def fills(draw) -> tuple[Fill, tuple[Binding, ...]]:
    binds = draw(bindings())
    e = exprs(binds)
    return Fill(draw(st.booleans()), draw(e), draw(e)), binds
