"""Printer for rules in the paper's multi-line stylised form (the form the parser reads).

``format_rule(parse_rule(t))`` parses back to an equal tree for every tree: ``+``/``-`` chains are
left-associative and ``and`` chains too, so a right operand that is itself a sum (or an ``and``) is
parenthesised and nothing else is.
"""

from __future__ import annotations

from nonostudio.rules.ast import (
    And,
    Arbitrary,
    Arith,
    Binding,
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

# Conditions longer than this go one conjunct per line.
WRAP_AT = 96
_INDENT = "  "


def format_pattern(p: Pattern) -> str:
    if isinstance(p, Singleton):
        return f"singleton({p.type.value})"
    if isinstance(p, Constant):
        return f"constant({p.type.value}, {p.index})"
    if isinstance(p, Arbitrary):
        return f"arbitrary({p.type.value})"
    raise TypeError(f"not a pattern: {p!r}")


def format_binding(b: Binding) -> str:
    return f"{b.name} = {format_pattern(b.pattern)}"


def format_expr(e: Expr) -> str:
    """An integer expression on one line, with the parentheses its tree needs."""
    if isinstance(e, Lit):
        return str(e.value)
    if isinstance(e, LineSize):
        return "line_size"
    if isinstance(e, Total):
        return f"total({e.type.value})"
    if isinstance(e, Arith):
        right = format_expr(e.right)
        if isinstance(e.right, Arith):
            right = f"({right})"
        return f"{format_expr(e.left)} {e.op} {right}"
    if isinstance(e, Start):
        return f"start({e.var})"
    if isinstance(e, Size):
        return f"size({e.var})"
    if isinstance(e, LowestEndCell):
        return f"lowest_end_cell({e.var})"
    if isinstance(e, HighestStartCell):
        return f"highest_start_cell({e.var})"
    raise TypeError(f"not an expression: {e!r}")


def format_cond(c: Cond) -> str:
    """A condition on one line, with the parentheses its tree needs."""
    if isinstance(c, TrueCond):
        return "true"
    if isinstance(c, And):
        right = format_cond(c.right)
        if isinstance(c.right, And):
            right = f"({right})"
        return f"{format_cond(c.left)} and {right}"
    if isinstance(c, Compare):
        return f"{format_expr(c.left)} {c.op} {format_expr(c.right)}"
    if isinstance(c, Maximal):
        return f"maximal({c.var})"
    if isinstance(c, Minimal):
        return f"minimal({c.var})"
    if isinstance(c, Unique):
        return f"({c.var} is unique where {format_cond(c.cond)})"
    raise TypeError(f"not a condition: {c!r}")


def format_fill(f: Fill) -> str:
    value = "true" if f.value else "false"
    return f"fill({value}, {format_expr(f.start)}, {format_expr(f.end)})"


def _left_chain(c: Cond) -> list[Cond]:
    """The operands of a left-associated ``and`` chain (right operands that are ``and`` stay whole)."""
    if isinstance(c, And):
        return _left_chain(c.left) + [c.right]
    return [c]


def _format_condition_lines(c: Cond) -> str:
    one_line = format_cond(c)
    if len(one_line) <= WRAP_AT or not isinstance(c, And):
        return one_line
    parts = []
    for part in _left_chain(c):
        text = format_cond(part)
        parts.append(f"({text})" if isinstance(part, And) else text)
    return (" and\n" + _INDENT + "   ").join(parts)


def format_rule(rule: Rule) -> str:
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
