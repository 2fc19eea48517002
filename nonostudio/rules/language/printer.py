"""Printer for rules in the paper's multi-line stylised form (the form the parser reads).

``format_rule(parse_rule(t))`` parses back to an equal tree for every tree: ``+``/``-`` chains are
left-associative and ``and`` chains too, so a right operand that is itself a sum (or an ``and``) is
parenthesised and nothing else is.
"""

from __future__ import annotations

from nonostudio.rules.language import ast

# Conditions longer than this go one conjunct per line.
WRAP_AT = 96
_INDENT = "  "


def format_pattern(p: ast.Pattern) -> str:
    match p:
        case ast.Singleton(t):
            return f"singleton({t.value})"
        case ast.Constant(t, index):
            return f"constant({t.value}, {index})"
        case ast.Arbitrary(t):
            return f"arbitrary({t.value})"
    raise TypeError(f"not a pattern: {p!r}")


def format_binding(b: ast.Binding) -> str:
    return f"{b.name} = {format_pattern(b.pattern)}"


def format_expr(e: ast.Expr) -> str:
    """An integer expression on one line, with the parentheses its tree needs."""
    match e:
        case ast.Lit(value):
            return str(value)
        case ast.LineSize():
            return "line_size"
        case ast.Total(t):
            return f"total({t.value})"
        case ast.Arith(op, left, right):
            return f"{format_expr(left)} {op} {_operand(format_expr(right), right, ast.Arith)}"
        case ast.Start() | ast.Size() | ast.LowestEndCell() | ast.HighestStartCell():
            return f"{ast.CALL_WORDS[type(e)]}({e.var})"
    raise TypeError(f"not an expression: {e!r}")


def format_cond(c: ast.Cond) -> str:
    """A condition on one line, with the parentheses its tree needs."""
    match c:
        case ast.TrueCond():
            return "true"
        case ast.And(left, right):
            return f"{format_cond(left)} and {_operand(format_cond(right), right, ast.And)}"
        case ast.Compare(op, left, right):
            return f"{format_expr(left)} {op} {format_expr(right)}"
        case ast.Maximal(var) | ast.Minimal(var):
            return f"{ast.CALL_WORDS[type(c)]}({var})"
        case ast.Unique(var, cond):
            return f"({var} is unique where {format_cond(cond)})"
    raise TypeError(f"not a condition: {c!r}")


def _operand(text: str, node: object, chain: type) -> str:
    """A right operand of a left-associative chain, parenthesised when it is such a chain too."""
    return f"({text})" if isinstance(node, chain) else text


def format_fill(f: ast.Fill) -> str:
    value = "true" if f.value else "false"
    return f"fill({value}, {format_expr(f.start)}, {format_expr(f.end)})"


def _left_chain(c: ast.Cond) -> list[ast.Cond]:
    """The operands of a left-associated ``and`` chain (right operands that are ``and`` stay
    whole)."""
    if isinstance(c, ast.And):
        return _left_chain(c.left) + [c.right]
    return [c]


def _format_condition_lines(c: ast.Cond) -> str:
    one_line = format_cond(c)
    if len(one_line) <= WRAP_AT or not isinstance(c, ast.And):
        return one_line
    parts = [_operand(format_cond(part), part, ast.And) for part in _left_chain(c)]
    return (" and\n" + _INDENT + "   ").join(parts)


def format_rule(rule: ast.Rule) -> str:
    """The rule in the paper's form::

    def big_hint:
      with h = arbitrary(hint):
      if lowest_end_cell(h) > highest_start_cell(h):
      then fill(true, highest_start_cell(h), lowest_end_cell(h))
    """
    if not rule.bindings:
        raise ValueError(f"rule {rule.name!r} has no pattern; the language needs at least one")
    bindings = " and ".join(format_binding(b) for b in rule.bindings)
    return (
        f"def {rule.name}:\n"
        f"{_INDENT}with {bindings}:\n"
        f"{_INDENT}if {_format_condition_lines(rule.condition)}:\n"
        f"{_INDENT}then {format_fill(rule.action)}"
    )
