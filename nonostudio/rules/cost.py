"""The rules' conciseness measure: cost (RULES.md §4; the original implementation's weights).

Each node costs its weight plus its children's costs.  A fill is costed the way the original
stores it, as an offset plus a start and an end relative to it: ``cost(offset) + cost(start) +
cost(end)``.  Our trees hold plain ``fill(v, s, e)``, so the offset is recovered as the term the
start and the end both begin with (``start(g) + size(g) - size(h)`` and ``start(g) + size(h)``
share ``start(g)``); a plain fill has offset ``0`` (cost 1).
"""

from __future__ import annotations

from typing import NamedTuple

from nonostudio.rules.ast import (
    And,
    Arbitrary,
    Arith,
    Compare,
    Cond,
    Constant,
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

ARBITRARY = 6
SINGLETON = 7
CONSTANT = 8  # plus the index
LITERAL = 1
LINE_SIZE = 2
ELEMENT_PROPERTY = 1  # start(x), size(x)
GEOMETRY = 7  # lowest_end_cell(h), highest_start_cell(h)
OPERATOR = 1  # + - = >= > and
MAXIMAL = 7  # maximal(x), minimal(x)
UNIQUE = 2


class CostBreakdown(NamedTuple):
    """A rule's cost by part (for the rule browser)."""

    patterns: int
    condition: int
    action: int

    @property
    def total(self) -> int:
        return self.patterns + self.condition + self.action


class FillOffset(NamedTuple):
    """A fill in the original's stored form: cells ``[offset + start, offset + end)``."""

    offset: Expr
    start: Expr
    end: Expr


def pattern_cost(p: Pattern) -> int:
    if isinstance(p, Arbitrary):
        return ARBITRARY
    if isinstance(p, Singleton):
        return SINGLETON
    if isinstance(p, Constant):
        return CONSTANT + p.index
    raise TypeError(f"not a pattern: {p!r}")


def expr_cost(e: Expr) -> int:
    if isinstance(e, Lit):
        return LITERAL
    if isinstance(e, LineSize):
        return LINE_SIZE
    if isinstance(e, Start | Size):
        return ELEMENT_PROPERTY
    if isinstance(e, LowestEndCell | HighestStartCell):
        return GEOMETRY
    if isinstance(e, Arith):
        return OPERATOR + expr_cost(e.left) + expr_cost(e.right)
    raise TypeError(f"not an expression: {e!r}")


def cond_cost(c: Cond) -> int:
    if isinstance(c, TrueCond):
        return 0
    if isinstance(c, And):
        return OPERATOR + cond_cost(c.left) + cond_cost(c.right)
    if isinstance(c, Compare):
        return OPERATOR + expr_cost(c.left) + expr_cost(c.right)
    if isinstance(c, Maximal | Minimal):
        return MAXIMAL
    if isinstance(c, Unique):
        return UNIQUE + cond_cost(c.cond)
    raise TypeError(f"not a condition: {c!r}")


def _prefixes(e: Expr) -> list[tuple[Expr, tuple[tuple[str, Expr], ...]]]:
    """Each left-spine subtree of ``e`` with the operations applied after it, outermost first."""
    out: list[tuple[Expr, tuple[tuple[str, Expr], ...]]] = [(e, ())]
    if isinstance(e, Arith):
        out += [(p, ops + ((e.op, e.right),)) for p, ops in _prefixes(e.left)]
    return out


def _rest(ops: tuple[tuple[str, Expr], ...]) -> Expr:
    """What is left of a sum once its first term has been taken out as the offset."""
    if not ops:
        return Lit(0)
    (op, first), more = ops[0], ops[1:]
    if op == "+":
        out = first
    elif isinstance(first, Lit):
        out = Lit(-first.value)
    else:
        out = Arith("-", Lit(0), first)
    for op, term in more:
        out = Arith(op, out, term)
    return out


def fill_offset(fill: Fill) -> FillOffset:
    """The fill's cheapest offset form (offset ``0`` when its start and end share no first term)."""
    best = FillOffset(Lit(0), fill.start, fill.end)
    best_cost = _offset_cost(best)
    end_prefixes = dict(_prefixes(fill.end))
    for prefix, start_ops in _prefixes(fill.start):
        end_ops = end_prefixes.get(prefix)
        if end_ops is None:
            continue
        candidate = FillOffset(prefix, _rest(start_ops), _rest(end_ops))
        c = _offset_cost(candidate)
        if c < best_cost:
            best, best_cost = candidate, c
    return best


def _offset_cost(f: FillOffset) -> int:
    return expr_cost(f.offset) + expr_cost(f.start) + expr_cost(f.end)


def fill_cost(fill: Fill) -> int:
    """cost(offset) + cost(start) + cost(end) of the fill's offset form; the value is free."""
    return _offset_cost(fill_offset(fill))


def cost_breakdown(rule: Rule) -> CostBreakdown:
    return CostBreakdown(
        sum(pattern_cost(b.pattern) for b in rule.bindings),
        cond_cost(rule.condition),
        fill_cost(rule.action),
    )


def cost(rule: Rule) -> int:
    """The rule's cost (lower is more concise)."""
    return cost_breakdown(rule).total
