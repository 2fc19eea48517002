"""A rule's expressions and condition evaluated on every instance of an :class:`Instances` at
once (numpy), with the same meaning as the interpreter (RULES.md §3)."""

from __future__ import annotations

import numpy as np

from nonostudio.learn.pool import Instances
from nonostudio.rules.ast import (
    And,
    Arbitrary,
    Arith,
    Compare,
    Cond,
    Expr,
    Lit,
    Maximal,
    Minimal,
    Start,
    TrueCond,
    Unique,
)


def expr_values(expr: Expr, inst: Instances) -> np.ndarray:
    """The expression's value on every instance."""
    if isinstance(expr, Lit):
        return np.full(len(inst), expr.value, dtype=np.int64)
    if isinstance(expr, Arith):
        a, b = expr_values(expr.left, inst), expr_values(expr.right, inst)
        return a + b if expr.op == "+" else a - b
    if expr in inst.exprs:
        return inst.atoms[:, inst.exprs.index(expr)]
    if isinstance(expr, Start):  # a hint with a fixed index: its start is that index
        return inst.index[expr.var]
    raise ValueError(f"{expr!r} is not an atom of this pattern set")


def cond_truth(cond: Cond, inst: Instances) -> np.ndarray:
    """Whether the condition holds on every instance."""
    if isinstance(cond, TrueCond):
        return np.ones(len(inst), dtype=bool)
    if isinstance(cond, And):
        return cond_truth(cond.left, inst) & cond_truth(cond.right, inst)
    if isinstance(cond, Compare):
        x = expr_values(cond.left, inst) - expr_values(cond.right, inst)
        return x == 0 if cond.op == "=" else (x >= 0 if cond.op == ">=" else x > 0)
    if isinstance(cond, Maximal | Minimal):
        return inst.extreme[(cond.var, "max" if isinstance(cond, Maximal) else "min")]
    if isinstance(cond, Unique):
        if not any(b.name == cond.var and isinstance(b.pattern, Arbitrary)
                   for b in inst.bindings):
            raise ValueError(f"unique over {cond.var}: only arbitrary patterns are enumerated")
        t = cond_truth(cond.cond, inst)
        group = inst.group[cond.var]
        return t & (np.bincount(group, weights=t, minlength=len(inst))[group] == 1)
    raise TypeError(f"not a condition: {cond!r}")
