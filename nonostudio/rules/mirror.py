"""The mirror image of a rule: the rule that makes, on a line, the fills the original makes on the
line read backwards (hints and cells reversed), mapped back.

Solving applies every rule both ways (RULES.md §3), but the paper's coverage metric reads lines
forwards only, so a rule learned about the left end of a line says nothing there about the right
end.  Its mirror image does, written in the rule language itself:

* ``constant(t, i)`` becomes ``constant(t, -1 - i)`` (the first clue becomes the last one;
  singletons and arbitrary patterns stay as they are);
* a block's or gap's ``start(x)`` becomes ``line_size - start(x) - size(x)`` (where it ends,
  counted from the other end); sizes, ``line_size`` and totals stay;
* ``lowest_end_cell(h)`` becomes ``line_size - highest_start_cell(h)`` and the other way round
  (hints packed to the left, read backwards, are hints packed to the right);
* ``fill(v, s, e)`` becomes ``fill(v, line_size - e', line_size - s')`` with ``s'``, ``e'`` the
  mirrored bounds; ``maximal``, ``minimal`` and ``unique`` keep their meaning.

A hint's ``start`` is its index counted from the first clue; read backwards it is counted from the
last, which the language cannot say, so a rule that names a hint's start has no mirror here
(:func:`mirrored` returns None).  The result is tidied (:func:`~nonostudio.rules.tidy.tidy`), so
``line_size - (line_size - start(g) - size(g))`` reads ``start(g) + size(g)``.  Mirroring is its
own inverse up to that tidying; the tests check both directions against the interpreter on
random rules and lines, and the prover proves the mirrors the app ships.
"""

from __future__ import annotations

from nonostudio.rules.ast import (
    And,
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
    Rule,
    Size,
    Start,
    Total,
    TrueCond,
    Unique,
)
from nonostudio.rules.tidy import flattened, tidy

MIRROR_SUFFIX = "_mirror"


class _NoMirror(Exception):
    """The rule names something whose mirror image the language cannot state."""


def _minus(left: Expr, right: Expr) -> Expr:
    return Arith("-", left, right)


def _expr(e: Expr, types: dict[str, ElementType]) -> Expr:
    """The mirror image of ``e``, written flat (a sum and difference of atoms)."""
    return flattened(_image(e, types), types)


def _image(e: Expr, types: dict[str, ElementType]) -> Expr:
    if isinstance(e, Lit | LineSize | Total | Size):
        return e
    if isinstance(e, Arith):
        return Arith(e.op, _image(e.left, types), _image(e.right, types))
    if isinstance(e, Start):
        if types[e.var] is ElementType.HINT:
            raise _NoMirror(f"start({e.var}) of a hint")
        return _minus(_minus(LineSize(), Start(e.var)), Size(e.var))
    if isinstance(e, LowestEndCell):
        return _minus(LineSize(), HighestStartCell(e.var))
    if isinstance(e, HighestStartCell):
        return _minus(LineSize(), LowestEndCell(e.var))
    raise TypeError(f"not an expression: {e!r}")


def _cond(c: Cond, types: dict[str, ElementType]) -> Cond:
    if isinstance(c, TrueCond | Maximal | Minimal):
        return c
    if isinstance(c, And):
        return And(_cond(c.left, types), _cond(c.right, types))
    if isinstance(c, Compare):
        return Compare(c.op, _expr(c.left, types), _expr(c.right, types))
    if isinstance(c, Unique):
        return Unique(c.var, _cond(c.cond, types))
    raise TypeError(f"not a condition: {c!r}")


def _binding(b: Binding) -> Binding:
    p = b.pattern
    if isinstance(p, Constant):
        return Binding(b.name, Constant(p.type, -1 - p.index))
    return b


def mirror_name(name: str) -> str:
    """The mirror image's name: ``NAME_mirror``, and the original's name back for a mirror."""
    return name.removesuffix(MIRROR_SUFFIX) if name.endswith(MIRROR_SUFFIX) else name + MIRROR_SUFFIX


def mirrored(rule: Rule) -> Rule | None:
    """The mirror image of ``rule`` (module docstring), tidied; None when the rule names a hint's
    ``start``, which has no mirror image in the language."""
    types = {b.name: b.pattern.type for b in rule.bindings}
    try:
        condition = _cond(rule.condition, types)
        start = _expr(rule.action.start, types)
        end = _expr(rule.action.end, types)
    except _NoMirror:
        return None
    action = Fill(rule.action.value, flattened(_minus(LineSize(), end), types),
                  flattened(_minus(LineSize(), start), types))
    return tidy(Rule(mirror_name(rule.name), tuple(map(_binding, rule.bindings)), condition,
                     action))
