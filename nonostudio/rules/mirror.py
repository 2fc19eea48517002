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

from nonostudio.rules import ast
from nonostudio.rules.ast import ElementType, map_children
from nonostudio.rules.tidy import flattened, tidy

MIRROR_SUFFIX = "_mirror"


class _NoMirror(Exception):
    """The rule names something whose mirror image the language cannot state."""


def _minus(left: ast.Expr, right: ast.Expr) -> ast.Expr:
    return ast.Arith("-", left, right)


def _expr(e: ast.Expr, types: dict[str, ElementType]) -> ast.Expr:
    """The mirror image of ``e``, written flat (a sum and difference of atoms)."""
    return flattened(_image(e, types), types)


def _image(e: ast.Expr, types: dict[str, ElementType]) -> ast.Expr:
    match e:
        case ast.Start(var) if types[var] is ElementType.HINT:
            raise _NoMirror(f"start({var}) of a hint")
        case ast.Start(var):
            return _minus(_minus(ast.LineSize(), ast.Start(var)), ast.Size(var))
        case ast.LowestEndCell(var):
            return _minus(ast.LineSize(), ast.HighestStartCell(var))
        case ast.HighestStartCell(var):
            return _minus(ast.LineSize(), ast.LowestEndCell(var))
    return map_children(e, lambda child: _image(child, types))


def _cond(c: ast.Cond, types: dict[str, ElementType]) -> ast.Cond:
    if isinstance(c, ast.Compare):
        return ast.Compare(c.op, _expr(c.left, types), _expr(c.right, types))
    return map_children(c, lambda child: _cond(child, types))


def _binding(b: ast.Binding) -> ast.Binding:
    match b.pattern:
        case ast.Constant(t, index):
            return ast.Binding(b.name, ast.Constant(t, -1 - index))
    return b


def mirror_name(name: str) -> str:
    """The mirror image's name: ``NAME_mirror``, and the original's name back for a mirror."""
    return name.removesuffix(MIRROR_SUFFIX) if name.endswith(MIRROR_SUFFIX) else name + MIRROR_SUFFIX


def mirrored(rule: ast.Rule) -> ast.Rule | None:
    """The mirror image of ``rule`` (module docstring), tidied; None when the rule names a hint's
    ``start``, which has no mirror image in the language."""
    types = {b.name: b.pattern.type for b in rule.bindings}
    try:
        condition = _cond(rule.condition, types)
        start = _expr(rule.action.start, types)
        end = _expr(rule.action.end, types)
    except _NoMirror:
        return None
    action = ast.Fill(rule.action.value, flattened(_minus(ast.LineSize(), end), types),
                      flattened(_minus(ast.LineSize(), start), types))
    return tidy(ast.Rule(mirror_name(rule.name), tuple(map(_binding, rule.bindings)), condition,
                         action))
