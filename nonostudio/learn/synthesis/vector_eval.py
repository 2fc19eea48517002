"""A rule's expressions and condition evaluated on every instance of an :class:`Instances` at
once (numpy), with the same meaning as the interpreter (docs/rule-language.md §3)."""

from __future__ import annotations

import numpy as np

from nonostudio.learn.mining.pool import Instances
from nonostudio.rules.language import ast


def expr_values(expr: ast.Expr, inst: Instances) -> np.ndarray:
    """The expression's value on every instance."""
    match expr:
        case ast.Lit():
            return np.full(len(inst), expr.value, dtype=np.int64)
        case ast.Arith():
            a, b = expr_values(expr.left, inst), expr_values(expr.right, inst)
            return a + b if expr.op == "+" else a - b
        case _ if expr in inst.exprs:
            return inst.atoms[:, inst.exprs.index(expr)]
        case ast.Start():  # a hint with a fixed index: its start is that index
            return inst.index[expr.var]
        case _:
            raise ValueError(f"{expr!r} is not an atom of this pattern set")


def cond_truth(cond: ast.Cond, inst: Instances) -> np.ndarray:
    """Whether the condition holds on every instance."""
    match cond:
        case ast.TrueCond():
            return np.ones(len(inst), dtype=bool)
        case ast.And():
            return cond_truth(cond.left, inst) & cond_truth(cond.right, inst)
        case ast.Compare():
            x = expr_values(cond.left, inst) - expr_values(cond.right, inst)
            return x == 0 if cond.op == "=" else (x >= 0 if cond.op == ">=" else x > 0)
        case ast.Maximal():
            return inst.extreme[(cond.var, "max")]
        case ast.Minimal():
            return inst.extreme[(cond.var, "min")]
        case ast.Unique():
            return _unique_truth(cond, inst)
        case _:
            raise TypeError(f"not a condition: {cond!r}")


def _unique_truth(cond: ast.Unique, inst: Instances) -> np.ndarray:
    """``(x is unique where C)``: C holds on the instance and on no other of its group (the
    instances that agree on every binding but x's)."""
    if not any(b.name == cond.var and isinstance(b.pattern, ast.Arbitrary) for b in inst.bindings):
        raise ValueError(f"unique over {cond.var}: only arbitrary patterns are enumerated")
    t = cond_truth(cond.cond, inst)
    group = inst.group[cond.var]
    return t & (np.bincount(group, weights=t, minlength=len(inst))[group] == 1)
