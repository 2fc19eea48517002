"""Rewriting a rule into a cheaper form that means exactly the same: the same fills on every
line, so its soundness, coverage and explanation do not change, only its cost
(docs/rule-language.md §4).

:func:`tidy` rewrites each comparison and the fill through their linear forms (with the
condition's equalities) and pins an arbitrary hint a comparison fixes; :func:`unpinned` undoes
the pinning for the learner.  The rewrites and how a form is chosen: ``docs/design/rules.md``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TypeVar, cast

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType, conjoin, conjuncts, map_children, walk
from nonostudio.rules.language.cost import cond_cost, cost, fill_cost
from nonostudio.rules.language.linear import End, linear

_N = TypeVar("_N", bound=ast.Node)
_ORDER = (ast.Start, ast.Size, ast.LowestEndCell, ast.HighestStartCell, ast.LineSize, ast.Total)


def _terms(atoms: Counter, sign: int) -> list[ast.Expr]:
    """The atoms of ``sign`` (each as often as its coefficient says), in a fixed order."""
    chosen = [a for a, k in atoms.items() if k * sign > 0]
    chosen.sort(
        key=lambda a: (
            getattr(a, "var", ""),
            _ORDER.index(type(a)),
            a.type.value if isinstance(a, ast.Total) else "",
        )
    )
    return [a for a in chosen for _ in range(abs(atoms[a]))]


def _sum(terms: list[ast.Expr], const: int) -> ast.Expr:
    """``t1 + t2 + … + const`` (``const`` ≥ 0; the literal alone when there is no term)."""
    if not terms:
        return ast.Lit(const)
    e: ast.Expr = terms[0]
    for t in terms[1:]:
        e = ast.Arith("+", e, t)
    return ast.Arith("+", e, ast.Lit(const)) if const else e


def _difference(pos: list[ast.Expr], neg: list[ast.Expr], const: int) -> ast.Expr:
    """``p1 + … - n1 - … ± const``."""
    if pos:
        e = _sum(pos, 0)
    else:
        e, const = ast.Lit(max(const, 0)), min(const, 0)
    for t in neg:
        e = ast.Arith("-", e, t)
    if const > 0:
        e = ast.Arith("+", e, ast.Lit(const))
    elif const < 0:
        e = ast.Arith("-", e, ast.Lit(-const))
    return e


Form = tuple[Counter, int]  # a linear form: coefficients of atoms, and the constant


def _form(e: ast.Expr, types: dict[str, ElementType]) -> Form:
    """``e`` as a linear form over start, size, the hint geometry and line_size (a block's or
    gap's end is read as its start plus its size, so that sizes cancel across equalities)."""
    lin = linear(e, types)
    atoms: Counter = Counter()
    for a, k in lin.atoms.items():
        if isinstance(a, End):
            atoms[ast.Start(a.var)] += k
            atoms[ast.Size(a.var)] += k
        else:
            atoms[a] += k
    return Counter({a: k for a, k in atoms.items() if k}), lin.const


def flattened(e: ast.Expr, types: dict[str, ElementType]) -> ast.Expr:
    """``e`` written as a plain sum and difference of its atoms and a constant, in the order tidy
    writes them (``size(h) + (line_size - highest_start_cell(h))`` becomes ``size(h) +
    line_size - highest_start_cell(h)``; ``line_size - 0`` becomes ``line_size``)."""
    atoms, const = _form(e, types)
    return _difference(_terms(atoms, 1), _terms(atoms, -1), const)


def _sides(c: ast.Compare, types: dict[str, ElementType]) -> Form:
    """``left - right`` of the comparison as a linear form."""
    (la, lc), (ra, rc) = _form(c.left, types), _form(c.right, types)
    la.subtract(ra)
    return Counter({a: k for a, k in la.items() if k}), lc - rc


def _shifts(form: Form, equalities: list[Form]) -> list[Form]:
    """``form`` plus each combination of -1, 0 or 1 times each equality's difference (which is 0
    wherever the rule fires, so every one of them has the value ``form`` has there)."""
    out = [form]
    for atoms, const in equalities:
        more = []
        for f_atoms, f_const in out:
            for m in (-1, 1):
                shifted = Counter(f_atoms)
                for a, k in atoms.items():
                    shifted[a] += m * k
                more.append((Counter({a: k for a, k in shifted.items() if k}), f_const + m * const))
        out += more
    return out


def _ends(types: dict[str, ElementType], *exprs: ast.Expr) -> int:
    """How many times the expressions say where a block or gap ends (``start(b) + size(b)``):
    among forms of one cost, the one a player reads as "the block ends …"."""
    return sum(abs(k) for e in exprs for a, k in linear(e, types).terms if isinstance(a, End))


def _rank(cost_: int, types: dict[str, ElementType], *exprs: ast.Expr) -> tuple[int, int]:
    """How a form ranks: cheaper first, then naming more block or gap ends."""
    return cost_, -_ends(types, *exprs)


def _compare(
    c: ast.Compare, types: dict[str, ElementType], equalities: list[Form]
) -> ast.Compare | None:
    """The cheapest form of the comparison, of those as cheap the one naming most block or gap
    ends (None: the equalities make it always hold)."""
    best: ast.Compare = c
    best_key = _rank(cond_cost(c), types, c.left, c.right)
    for atoms, const in _shifts(_sides(c, types), equalities):
        op = c.op
        if not atoms:
            if (const == 0) if op == "=" else (const >= 0) if op == ">=" else (const > 0):
                return None
            continue
        # Over the integers x + k > 0 is x + k - 1 >= 0: take the form with the smaller constant.
        if op == ">" and const > 0:
            op, const = ">=", const - 1
        elif op == ">=" and const < 0:
            op, const = ">", const + 1
        new = ast.Compare(
            op, _sum(_terms(atoms, 1), max(const, 0)), _sum(_terms(atoms, -1), max(-const, 0))
        )
        key = _rank(cond_cost(new), types, new.left, new.right)
        if key < best_key:
            best, best_key = new, key
    return best


def _inner(c: ast.Cond, types: dict[str, ElementType]) -> ast.Cond:
    """A condition inside ``unique`` (its name ranges over every element there, so the rule's
    equalities say nothing about it): each comparison tidied on its own."""
    if isinstance(c, ast.Compare):
        return _compare(c, types, []) or c
    return map_children(c, lambda part: _inner(part, types))


def _condition(cond: ast.Cond, types: dict[str, ElementType]) -> tuple[ast.Cond, list[Form]]:
    """The tidied condition and its top-level equalities (as differences that are 0).

    An equality is tidied on its own; the other comparisons may be rewritten with the
    equalities' help, and one they make always true is dropped (the equalities stay)."""
    parts = conjuncts(cond)
    equalities = [_sides(c, types) for c in parts if isinstance(c, ast.Compare) and c.op == "="]
    kept: list[ast.Cond] = []
    for c in parts:
        if isinstance(c, ast.Compare):
            tidied = _compare(c, types, [] if c.op == "=" else equalities)
            if tidied is not None:
                kept.append(tidied)
        else:
            kept.append(_inner(c, types))
    return conjoin(kept), equalities


def _fill(f: ast.Fill, types: dict[str, ElementType], equalities: list[Form]) -> ast.Fill:
    """The cheapest form of the fill, of those as cheap the one naming most block or gap ends."""
    best = f
    best_key = _rank(fill_cost(f), types, f.start, f.end)
    for a, a_const in _shifts(_form(f.start, types), equalities):
        for b, b_const in _shifts(_form(f.end, types), equalities):
            shared: Counter = Counter()
            for atom, k in a.items():
                if k * b[atom] > 0:
                    shared[atom] = min(abs(k), abs(b[atom])) * (1 if k > 0 else -1)

            def bound(atoms: Counter, const: int, shared: Counter = shared) -> ast.Expr:
                rest = Counter({t: k - shared[t] for t, k in atoms.items() if k != shared[t]})
                return _difference(
                    _terms(shared, 1) + _terms(rest, 1),
                    _terms(shared, -1) + _terms(rest, -1),
                    const,
                )

            new = ast.Fill(f.value, bound(a, a_const), bound(b, b_const))
            key = _rank(fill_cost(new), types, new.start, new.end)
            if key < best_key:
                best, best_key = new, key
    return best


def tidy(rule: ast.Rule) -> ast.Rule:
    """``rule`` with each comparison and its fill in their cheapest equivalent form (rewritten
    until no pass makes it cheaper: a rewritten equality can help another pass), and an
    ``arbitrary(hint)`` that a comparison pins to one index bound as that ``constant``."""
    rule = _forms_tidied(rule)
    while (pinned := _pinned(rule)) is not None:
        rule = pinned
    return rule


def _forms_tidied(rule: ast.Rule) -> ast.Rule:
    while (better := _tidy_once(rule)) is not rule:
        rule = better
    return rule


def _pin_index(c: ast.Compare, types: dict[str, ElementType]) -> tuple[str, int] | None:
    """``(h, i)`` when the comparison holds exactly when the arbitrary hint h is hint i
    (``0 >= start(h)``, ``1 > start(h)``, ``start(h) = 2``: a hint's start is its index, ≥ 0)."""
    atoms, const = _sides(c, types)
    if len(atoms) != 1:
        return None
    ((atom, k),) = atoms.items()
    if not isinstance(atom, ast.Start) or types.get(atom.var) != ElementType.HINT or abs(k) != 1:
        return None
    if c.op == "=":  # k·start + const = 0
        index = -const * k
        return (atom.var, index) if index >= 0 else None
    if k == -1:  # const - start >= 0 (or > 0): an upper bound that only 0 meets
        bound = const if c.op == ">=" else const - 1
        return (atom.var, 0) if bound == 0 else None
    return None


def _substituted(node: _N, var: str, index: int) -> _N:
    """``node`` with ``start(var)`` read as ``index``, except where a ``unique`` rebinds var."""
    match node:
        case ast.Start(name) if name == var:
            return cast(_N, ast.Lit(index))
        case ast.Unique(name) if name == var:
            return node
    return map_children(node, lambda child: _substituted(child, var, index))


def unpinned(rule: ast.Rule) -> ast.Rule:
    """The same rule with each ``constant(hint, i)`` that a ``unique`` ranges over bound as
    ``arbitrary(hint)`` with ``start(h) = i`` first in the condition: the form the learner's
    vectorised evaluation needs (it enumerates the other elements of a ``unique`` only for an
    arbitrary pattern); :func:`tidy` pins it again."""
    over = {c.var for c in walk(rule.condition) if isinstance(c, ast.Unique)}
    pins = {
        b.name: b.pattern.index
        for b in rule.bindings
        if b.name in over
        and isinstance(b.pattern, ast.Constant)
        and b.pattern.type is ElementType.HINT
        and b.pattern.index >= 0
    }
    if not pins:
        return rule
    bindings = tuple(
        replace(b, pattern=ast.Arbitrary(ElementType.HINT)) if b.name in pins else b
        for b in rule.bindings
    )
    pinning: list[ast.Cond] = [
        ast.Compare("=", ast.Start(name), ast.Lit(index)) for name, index in pins.items()
    ]
    return ast.Rule(rule.name, bindings, conjoin(pinning + conjuncts(rule.condition)), rule.action)


def _pinned(rule: ast.Rule) -> ast.Rule | None:
    """The rule with an ``arbitrary(hint)`` that a top-level comparison pins to index i bound as
    ``constant(hint, i)``: the comparison goes and ``start(h)`` becomes i (outside a ``unique``
    over h, where h ranges over every hint).  The same bindings fire, so the same fills; None
    unless that is cheaper (its forms tidied)."""
    types = {b.name: b.pattern.type for b in rule.bindings}
    parts = conjuncts(rule.condition)
    for i, c in enumerate(parts):
        pin = _pin_index(c, types) if isinstance(c, ast.Compare) else None
        if pin is None:
            continue
        var, index = pin
        bindings = tuple(
            replace(b, pattern=ast.Constant(ElementType.HINT, index))
            if b.name == var and isinstance(b.pattern, ast.Arbitrary)
            else b
            for b in rule.bindings
        )
        if bindings == rule.bindings:
            continue
        rest = [_substituted(p, var, index) for j, p in enumerate(parts) if j != i]
        candidate = _forms_tidied(
            ast.Rule(rule.name, bindings, conjoin(rest), _substituted(rule.action, var, index))
        )
        if cost(candidate) < cost(rule):
            return candidate
    return None


def _exprs(cond: ast.Cond) -> list[ast.Expr]:
    """The sides of the condition's comparisons (inside ``unique`` too)."""
    return [x for c in walk(cond) if isinstance(c, ast.Compare) for x in (c.left, c.right)]


def _tidy_once(rule: ast.Rule) -> ast.Rule:
    types = {b.name: b.pattern.type for b in rule.bindings}
    condition, equalities = _condition(rule.condition, types)
    action = _fill(rule.action, types, equalities)
    if _rank(cond_cost(condition), types, *_exprs(condition)) >= _rank(
        cond_cost(rule.condition), types, *_exprs(rule.condition)
    ):
        condition = rule.condition
    if condition == rule.condition and action == rule.action:
        return rule
    return replace(rule, condition=condition, action=action)


__all__ = ["tidy", "unpinned"]
