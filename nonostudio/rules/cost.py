"""The rules' conciseness measure: cost (RULES.md §4; the original implementation's weights).

Each node costs its weight plus its children's costs.  A fill is costed the way the original
stores it, as an offset plus a start and an end relative to it: ``cost(offset) + cost(start) +
cost(end)``.  Our trees hold plain ``fill(v, s, e)``, so the offset is recovered as the term the
start and the end both begin with (``start(g) + size(g) - size(h)`` and ``start(g) + size(h)``
share ``start(g)``); a plain fill has offset ``0`` (cost 1).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
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
    Total,
    TrueCond,
    Unique,
)


@dataclass(frozen=True)
class CostWeights:
    """The weight of each node kind (RULES.md §4); the defaults are the original's.

    A learning run may rank its candidates by other weights (``learn run --weight``, the Jobs
    panel's settings); every other figure — the rule browser, reports, the optimiser's ties —
    uses the defaults.
    """

    arbitrary: int = 6
    singleton: int = 7
    constant: int = 8  # plus the index (from the end for a negative one: -1 costs as 0)
    literal: int = 1
    line_size: int = 2
    element_property: int = 1  # start(x), size(x)
    geometry: int = 7  # lowest_end_cell(h), highest_start_cell(h)
    operator: int = 1  # + - = >= > and
    maximal: int = 7  # maximal(x), minimal(x)
    unique: int = 2
    total: int = 2  # total(hint|block|gap), beyond the paper's DSL: as line_size

    def changed(self) -> dict[str, int]:
        """The weights that differ from the defaults, by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != f.default}


DEFAULT_WEIGHTS = CostWeights()


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


def pattern_cost(p: Pattern, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    if isinstance(p, Arbitrary):
        return w.arbitrary
    if isinstance(p, Singleton):
        return w.singleton
    if isinstance(p, Constant):
        return w.constant + (p.index if p.index >= 0 else -1 - p.index)
    raise TypeError(f"not a pattern: {p!r}")


def expr_cost(e: Expr, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    if isinstance(e, Lit):
        return w.literal
    if isinstance(e, LineSize):
        return w.line_size
    if isinstance(e, Total):
        return w.total
    if isinstance(e, Start | Size):
        return w.element_property
    if isinstance(e, LowestEndCell | HighestStartCell):
        return w.geometry
    if isinstance(e, Arith):
        return w.operator + expr_cost(e.left, w) + expr_cost(e.right, w)
    raise TypeError(f"not an expression: {e!r}")


def cond_cost(c: Cond, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    if isinstance(c, TrueCond):
        return 0
    if isinstance(c, And):
        return w.operator + cond_cost(c.left, w) + cond_cost(c.right, w)
    if isinstance(c, Compare):
        return w.operator + expr_cost(c.left, w) + expr_cost(c.right, w)
    if isinstance(c, Maximal | Minimal):
        return w.maximal
    if isinstance(c, Unique):
        return w.unique + cond_cost(c.cond, w)
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


def fill_offset(fill: Fill, w: CostWeights = DEFAULT_WEIGHTS) -> FillOffset:
    """The fill's cheapest offset form (offset ``0`` when its start and end share no first term)."""
    best = FillOffset(Lit(0), fill.start, fill.end)
    best_cost = _offset_cost(best, w)
    end_prefixes = dict(_prefixes(fill.end))
    for prefix, start_ops in _prefixes(fill.start):
        end_ops = end_prefixes.get(prefix)
        if end_ops is None:
            continue
        candidate = FillOffset(prefix, _rest(start_ops), _rest(end_ops))
        c = _offset_cost(candidate, w)
        if c < best_cost:
            best, best_cost = candidate, c
    return best


def _offset_cost(f: FillOffset, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    return expr_cost(f.offset, w) + expr_cost(f.start, w) + expr_cost(f.end, w)


def fill_cost(fill: Fill, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    """cost(offset) + cost(start) + cost(end) of the fill's offset form; the value is free."""
    return _offset_cost(fill_offset(fill, w), w)


def cost_breakdown(rule: Rule, w: CostWeights = DEFAULT_WEIGHTS) -> CostBreakdown:
    return CostBreakdown(
        sum(pattern_cost(b.pattern, w) for b in rule.bindings),
        cond_cost(rule.condition, w),
        fill_cost(rule.action, w),
    )


def cost(rule: Rule, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    """The rule's cost (lower is more concise) under the weights ``w``."""
    return cost_breakdown(rule, w).total
