"""The rule interpreter: what a rule fills on a line (RULES.md §3, seed 000 Figure 13).

:func:`eval_expr` / :func:`eval_cond` walk the syntax tree (the reference reading, for
explanations and tests); :func:`apply_rule` runs the rule compiled once into a Python function
(:func:`compiled`), the fast path coverage and solving use.  Why two layers:
``docs/design/rules.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.rules import ast
from nonostudio.rules.ast import ElementType, Rule, conjuncts, variables, walk


class Element(NamedTuple):
    """A hint, block or gap of a line; ``index`` is its position in the list of its type.

    For a hint ``start`` is its index (Figure 13) and ``size`` its value.
    """

    type: ElementType
    # The field shadows tuple.index on purpose: compiled rules read elements as tuples (e[1]),
    # and every caller says element.index for its position.
    index: int  # type: ignore[assignment]
    start: int
    size: int


@dataclass(frozen=True, slots=True)
class RuleFill:
    """One fill a rule emits: ``value`` (FILLED / CROSSED) on cells ``[start, end)``.

    The range is in the coordinates of the line given to :func:`apply_rule`, also when the rule
    fired on the flipped line (``flipped``); ``env`` holds the bindings on the line the rule saw.
    """

    rule: str
    value: int
    start: int
    end: int
    env: dict[str, Element]
    flipped: bool

    def cells(self) -> range:
        return range(self.start, self.end)


def elements(line: Line, t: ElementType) -> list[Element]:
    """The line's hints, blocks or gaps, left to right."""
    if t is ElementType.HINT:
        return [Element(t, i, i, h) for i, h in enumerate(line.hints)]
    runs = line.blocks() if t is ElementType.BLOCK else line.gaps()
    return [Element(t, i, s, n) for i, (s, n) in enumerate(runs)]


def lowest_end_cell(hints: tuple[int, ...], i: int) -> int:
    """``i + h0 + … + hi``: one past hint i's last cell with all hints packed left."""
    return i + sum(hints[: i + 1])


def total(line: Line, t: ElementType) -> int:
    """``total(t)``: the sizes of the line's hints, blocks or gaps added up."""
    return sum(e.size for e in elements(line, t))


def highest_start_cell(hints: tuple[int, ...], i: int, n: int) -> int:
    """``n − (k − i − 1) − (hi + … + h(k−1))``: hint i's first cell with all hints packed right."""
    return n - (len(hints) - i - 1) - sum(hints[i:])


# ---- reference semantics ----------------------------------------------------------------------


def eval_expr(expr: ast.Expr, env: Mapping[str, Element], line: Line) -> int:
    """The value of an integer expression under ``env`` (Figure 13)."""
    match expr:  # the most frequent kinds first
        case ast.Arith(op, left, right):
            a = eval_expr(left, env, line)
            b = eval_expr(right, env, line)
            return {"+": a + b, "-": a - b}[op]
        case ast.Size(var):
            return env[var].size
        case ast.Start(var):
            return env[var].start
        case ast.Lit(value):
            return value
        case ast.LineSize():
            return line.size
        case ast.Total(t):
            return total(line, t)
        case ast.LowestEndCell(var) | ast.HighestStartCell(var) if (
            env[var].type is not ElementType.HINT
        ):
            return 0  # Figure 13: 0 for anything but a hint
        case ast.LowestEndCell(var):
            return lowest_end_cell(line.hints, env[var].index)
        case ast.HighestStartCell(var):
            return highest_start_cell(line.hints, env[var].index, line.size)
    raise TypeError(f"not an expression: {expr!r}")


def eval_cond(cond: ast.Cond, env: Mapping[str, Element], line: Line) -> bool:
    """Whether a condition holds under ``env`` (Figure 13)."""
    match cond:
        case ast.TrueCond():
            return True
        case ast.And(left, right):
            return eval_cond(left, env, line) and eval_cond(right, env, line)
        case ast.Compare(op, left, right):
            a = eval_expr(left, env, line)
            b = eval_expr(right, env, line)
            return {"=": a == b, ">=": a >= b, ">": a > b}[op]
        case ast.Maximal(var):
            u = env[var]
            return u.size >= max(v.size for v in elements(line, u.type))
        case ast.Minimal(var):
            u = env[var]
            return u.size <= min(v.size for v in elements(line, u.type))
        case ast.Unique(var, inner):
            u = env[var]
            if not eval_cond(inner, env, line):
                return False
            return not any(
                eval_cond(inner, {**env, var: v}, line)
                for v in elements(line, u.type)
                if v.index != u.index
            )
    raise TypeError(f"not a condition: {cond!r}")


# ---- compiled rules ---------------------------------------------------------------------------


class LineView:
    """A line's elements and hint geometry, computed once and shared by every rule run on it."""

    __slots__ = (
        "n",
        "hints",
        "blocks",
        "gaps",
        "lowest_end",
        "highest_start",
        "max_hint",
        "min_hint",
        "max_block",
        "min_block",
        "max_gap",
        "min_gap",
        "total_hint",
        "total_block",
        "total_gap",
    )

    def __init__(self, line: Line) -> None:
        self._compute(line.hints, line.text)

    @classmethod
    def of_text(cls, hints: tuple[int, ...], text: str) -> LineView:
        """The view of a line given as hints and ``-Ox`` text (the coverage metric's fast path)."""
        view = cls.__new__(cls)
        view._compute(hints, text)
        return view

    def _compute(self, hints: tuple[int, ...], text: str) -> None:
        n = len(text)
        self.n = n
        (self.hints, self.lowest_end, self.highest_start, self.max_hint, self.min_hint) = (
            _hint_geometry(hints, n)
        )
        self.blocks = [
            Element(_BLOCK, i, m.start(), m.end() - m.start())
            for i, m in enumerate(_BLOCKS.finditer(text))
        ]
        self.gaps = [
            Element(_GAP, i, m.start(), m.end() - m.start())
            for i, m in enumerate(_GAPS.finditer(text))
        ]
        sizes = [e[3] for e in self.blocks]
        self.max_block = max(sizes, default=0)
        self.min_block = min(sizes, default=0)
        self.total_block = sum(sizes)
        sizes = [e[3] for e in self.gaps]
        self.max_gap = max(sizes, default=0)
        self.min_gap = min(sizes, default=0)
        self.total_gap = sum(sizes)
        self.total_hint = sum(hints)


_HINT, _BLOCK, _GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP
_BLOCKS = re.compile("O+")
_GAPS = re.compile("[^x]+")


@lru_cache(maxsize=65536)
def _hint_geometry(
    hints: tuple[int, ...], n: int
) -> tuple[list[Element], list[int], list[int], int, int]:
    """Hint elements, lowest end / highest start cells, largest and smallest hint (shared lists:
    never mutated)."""
    k = len(hints)
    total = sum(hints)
    low: list[int] = []
    high: list[int] = []
    before = 0
    for i, h in enumerate(hints):
        before += h
        low.append(i + before)
        high.append(n - (k - i - 1) - (total - before + h))
    elements_ = [Element(_HINT, i, i, h) for i, h in enumerate(hints)]
    return elements_, low, high, max(hints, default=0), min(hints, default=0)


RawFill = tuple[int, int, tuple[Element, ...]]
"""A compiled rule's output: ``(start, end, bound elements in binding order)``."""


_LIST = {ElementType.HINT: "V.hints", ElementType.BLOCK: "V.blocks", ElementType.GAP: "V.gaps"}
_NAME = {ElementType.HINT: "hint", ElementType.BLOCK: "block", ElementType.GAP: "gap"}


class _Codegen:
    """Turns a rule into the source of ``def run(V): ...`` returning a list of raw fills."""

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        # Variables are renamed to positional locals, so no name from the rule reaches the source.
        self.local = {b.name: f"e{i}" for i, b in enumerate(rule.bindings)}
        self.types = {b.name: b.pattern.type for b in rule.bindings}
        self.fresh = 0

    def expr(self, e: ast.Expr, local: dict[str, str]) -> str:
        match e:
            case ast.Lit(value):
                return str(int(value))
            case ast.LineSize():
                return "V.n"
            case ast.Total(t):
                return f"V.total_{_NAME[t]}"
            case ast.Arith(op, left, right):
                op = {"+": "+", "-": "-"}[op]
                return f"({self.expr(left, local)} {op} {self.expr(right, local)})"
            case ast.Start(var):
                return f"{local[var]}[2]"
            case ast.Size(var):
                return f"{local[var]}[3]"
            case ast.LowestEndCell(var) | ast.HighestStartCell(var) if (
                self.types[var] is not ElementType.HINT
            ):
                return "0"
            case ast.LowestEndCell(var):
                return f"V.lowest_end[{local[var]}[1]]"
            case ast.HighestStartCell(var):
                return f"V.highest_start[{local[var]}[1]]"
        raise TypeError(f"not an expression: {e!r}")

    def cond(self, c: ast.Cond, local: dict[str, str]) -> str:
        match c:
            case ast.Compare(op, left, right):
                op = {"=": "==", ">=": ">=", ">": ">"}[op]
                return f"({self.expr(left, local)} {op} {self.expr(right, local)})"
            case ast.And(left, right):
                return f"({self.cond(left, local)} and {self.cond(right, local)})"
            case ast.TrueCond():
                return "True"
            case ast.Maximal(var):
                return f"({local[var]}[3] >= V.max_{_NAME[self.types[var]]})"
            case ast.Minimal(var):
                return f"({local[var]}[3] <= V.min_{_NAME[self.types[var]]})"
            case ast.Unique(var, inner):
                self.fresh += 1
                other = f"u{self.fresh}"
                x = local[var]
                unique = self.cond(inner, {**local, var: other})
                return (
                    f"({self.cond(inner, local)} and not any({unique} for {other} in "
                    f"{_LIST[self.types[var]]} if {other}[1] != {x}[1]))"
                )
        raise TypeError(f"not a condition: {c!r}")

    def source(self) -> str:
        rule = self.rule
        position = {b.name: i for i, b in enumerate(rule.bindings)}
        # Each conjunct is tested right after the last pattern it mentions is bound.
        checks: list[list[str]] = [[] for _ in range(len(rule.bindings) + 1)]
        for part in conjuncts(rule.condition):
            depth = max((position[v] + 1 for v in variables(part)), default=0)
            checks[depth].append(self.cond(part, self.local))
        lines = ["def run(V):", " out = []"]
        indent = " "
        lines += [f"{indent}if not {c}: return out" for c in checks[0]]
        for i, b in enumerate(rule.bindings):
            lines.append(f"{indent}for e{i} in {self.pattern(b.pattern)}:")
            indent += " "
            lines += [f"{indent}if not {c}: continue" for c in checks[i + 1]]
        action = rule.action
        bound = "".join(f"e{i}, " for i in range(len(rule.bindings)))
        lines.append(
            f"{indent}out.append(({self.expr(action.start, self.local)}, "
            f"{self.expr(action.end, self.local)}, ({bound})))"
        )
        lines.append(" return out")
        return "\n".join(lines)

    @staticmethod
    def pattern(p: ast.Pattern) -> str:
        lst = _LIST[p.type]
        match p:
            case ast.Arbitrary():
                return lst
            case ast.Singleton():
                return f"({lst} if len({lst}) == 1 else ())"
            case ast.Constant(_, -1):
                return f"{lst}[-1:]"
            case ast.Constant(_, index):
                return f"{lst}[{int(index)}:{int(index) + 1}]"
        raise TypeError(f"not a pattern: {p!r}")


@dataclass(frozen=True)
class CompiledRule:
    """A rule ready to run: ``run(view)`` lists its raw fills on a :class:`LineView`."""

    rule: Rule
    value: int
    run: Callable[[LineView], list[RawFill]]

    def fills(self, line: Line, *, flipped: bool = True) -> list[RuleFill]:
        n = line.size
        names = [b.name for b in self.rule.bindings]
        out = [
            RuleFill(self.rule.name, self.value, s, e, dict(zip(names, env, strict=True)), False)
            for s, e, env in self.run(LineView(line))
        ]
        if flipped:
            out += [
                RuleFill(
                    self.rule.name,
                    self.value,
                    n - e,
                    n - s,
                    dict(zip(names, env, strict=True)),
                    True,
                )
                for s, e, env in self.run(LineView(line.flipped()))
            ]
        return out


@lru_cache(maxsize=4096)
def compiled(rule: Rule) -> CompiledRule:
    """The rule compiled to a Python function (cached per rule)."""
    for node in walk(rule):
        if isinstance(node, ast.Named) and node.var not in {b.name for b in rule.bindings}:
            raise ValueError(f"rule {rule.name}: {node.var!r} is not bound by a pattern")
    namespace: dict[str, Any] = {}
    exec(compile(_Codegen(rule).source(), f"<rule {rule.name}>", "exec"), namespace)
    run: Callable[[LineView], list[RawFill]] = namespace["run"]
    return CompiledRule(rule, FILLED if rule.action.value else CROSSED, run)


def apply_rule(rule: Rule, line: Line, *, flipped: bool = True) -> list[RuleFill]:
    """Every fill the rule emits on the line, then (``flipped``) on the reversed line mapped back.

    One fill per binding combination whose condition holds; empty fills and fills reaching
    outside the line are included.
    """
    return compiled(rule).fills(line, flipped=flipped)


def is_valid_fill(fill: RuleFill, line: Line) -> bool:
    """A fill that is non-empty and lies inside the line (``0 ≤ start < end ≤ n``)."""
    return 0 <= fill.start < fill.end <= line.size


def apply_fill(line: Line, fill: RuleFill) -> Line:
    """The line with the fill's cells set to its value (an empty fill changes nothing).

    Raises ValueError for a non-empty fill reaching outside the line.
    """
    if fill.start >= fill.end:
        return line
    if not is_valid_fill(fill, line):
        raise ValueError(
            f"fill [{fill.start}, {fill.end}) of rule {fill.rule} is outside the "
            f"line of {line.size} cells"
        )
    cells = list(line.cells)
    cells[fill.start : fill.end] = [fill.value] * (fill.end - fill.start)
    return Line(line.hints, tuple(cells))
