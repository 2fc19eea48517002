"""The mirror image of a rule: the rule that makes, on a line, the fills the original makes on the
line read backwards (hints and cells reversed), mapped back.

:func:`mirrored` writes it in the rule language (None when the rule names a hint's ``start``,
which has no mirror image there), tidied; :func:`mirror_name` names it.  The rewriting, term by
term: ``docs/design/rules.md``.
"""

from __future__ import annotations

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType, map_children
from nonostudio.rules.language.tidy import flattened, tidy

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
    return (
        name.removesuffix(MIRROR_SUFFIX) if name.endswith(MIRROR_SUFFIX) else name + MIRROR_SUFFIX
    )


def mirrored(rule: ast.Rule) -> ast.Rule | None:
    """The mirror image of ``rule`` (``docs/design/rules.md``), tidied; None when the rule names a
    hint's ``start``, which has no mirror image in the language."""
    types = {b.name: b.pattern.type for b in rule.bindings}
    try:
        condition = _cond(rule.condition, types)
        start = _expr(rule.action.start, types)
        end = _expr(rule.action.end, types)
    except _NoMirror:
        return None
    action = ast.Fill(
        rule.action.value,
        flattened(_minus(ast.LineSize(), end), types),
        flattened(_minus(ast.LineSize(), start), types),
    )
    return tidy(
        ast.Rule(mirror_name(rule.name), tuple(map(_binding, rule.bindings)), condition, action)
    )
