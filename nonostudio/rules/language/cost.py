"""The rules' conciseness measure: cost (docs/rule-language.md §4; the original implementation's
weights).

Each node costs its weight plus its children's costs; a fill is costed in the original's offset
form (:func:`fill_offset`; ``docs/design/rules.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from typing import NamedTuple, cast

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import Constant, children


@dataclass(frozen=True)
class CostWeights:
    """The weight of each node kind (docs/rule-language.md §4); the defaults are the original's.

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

    @cached_property
    def by_node(self) -> Mapping[type, int]:
        """The weight of each kind of node (a ``constant`` adds its index to its own)."""
        return {
            ast.Arbitrary: self.arbitrary,
            ast.Singleton: self.singleton,
            ast.Constant: self.constant,
            ast.Lit: self.literal,
            ast.LineSize: self.line_size,
            ast.Total: self.total,
            ast.Start: self.element_property,
            ast.Size: self.element_property,
            ast.LowestEndCell: self.geometry,
            ast.HighestStartCell: self.geometry,
            ast.Arith: self.operator,
            ast.Compare: self.operator,
            ast.And: self.operator,
            ast.Maximal: self.maximal,
            ast.Minimal: self.maximal,
            ast.Unique: self.unique,
            ast.TrueCond: 0,
        }

    def changed(self) -> dict[str, int]:
        """The weights that differ from the defaults, by name."""
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != f.default
        }


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

    offset: ast.Expr
    start: ast.Expr
    end: ast.Expr


def _fold(node: ast.Node, weights: Mapping[type, int]) -> int:
    """The node's weight plus its children's costs."""
    kind = type(node)
    try:
        own = weights[kind]
    except KeyError:
        raise TypeError(f"not a pattern, expression or condition: {node!r}") from None
    if kind is Constant:
        index = cast(Constant, node).index
        own += index if index >= 0 else -1 - index
    for child in children(node):
        own += _fold(child, weights)
    return own


def pattern_cost(p: ast.Pattern, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    return _fold(p, w.by_node)


def expr_cost(e: ast.Expr, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    return _fold(e, w.by_node)


def cond_cost(c: ast.Cond, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    return _fold(c, w.by_node)


def _prefixes(e: ast.Expr) -> list[tuple[ast.Expr, tuple[tuple[str, ast.Expr], ...]]]:
    """Each left-spine subtree of ``e`` with the operations applied after it, outermost first."""
    out: list[tuple[ast.Expr, tuple[tuple[str, ast.Expr], ...]]] = [(e, ())]
    if isinstance(e, ast.Arith):
        out += [(p, ops + ((e.op, e.right),)) for p, ops in _prefixes(e.left)]
    return out


def _rest(ops: tuple[tuple[str, ast.Expr], ...]) -> ast.Expr:
    """What is left of a sum once its first term has been taken out as the offset."""
    if not ops:
        return ast.Lit(0)
    (op, first), more = ops[0], ops[1:]
    if op == "+":
        out = first
    elif isinstance(first, ast.Lit):
        out = ast.Lit(-first.value)
    else:
        out = ast.Arith("-", ast.Lit(0), first)
    for op, term in more:
        out = ast.Arith(op, out, term)
    return out


def fill_offset(fill: ast.Fill, w: CostWeights = DEFAULT_WEIGHTS) -> FillOffset:
    """The fill's cheapest offset form (offset ``0`` when its start and end share no first term)."""
    best = FillOffset(ast.Lit(0), fill.start, fill.end)
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


def fill_cost(fill: ast.Fill, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    """cost(offset) + cost(start) + cost(end) of the fill's offset form; the value is free."""
    return _offset_cost(fill_offset(fill, w), w)


def cost_breakdown(rule: ast.Rule, w: CostWeights = DEFAULT_WEIGHTS) -> CostBreakdown:
    return CostBreakdown(
        sum(pattern_cost(b.pattern, w) for b in rule.bindings),
        cond_cost(rule.condition, w),
        fill_cost(rule.action, w),
    )


def cost(rule: ast.Rule, w: CostWeights = DEFAULT_WEIGHTS) -> int:
    """The rule's cost (lower is more concise) under the weights ``w``."""
    return cost_breakdown(rule, w).total
