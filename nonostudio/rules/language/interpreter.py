"""The rule interpreter: what a rule fills on a line (docs/rule-language.md §3; Butler et al. 2017,
Figure 13).

:func:`eval_expr` / :func:`eval_cond` walk the syntax tree (the reference reading, for
explanations and tests); :func:`apply_rule` runs the rule compiled once into a Python function
(:func:`compiled`), the fast path coverage and solving use.  Why two layers:
``docs/design/rules.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, NamedTuple, cast

from nonostudio.core.line import CROSSED, FILLED, Line
from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType, Rule, conjuncts, variables, walk
from nonostudio.rules.language.linear import End, linear


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

    @classmethod
    def pair_of_text(cls, hints: tuple[int, ...], text: str) -> tuple[LineView, LineView]:
        """The views of a line (hints and ``-Ox`` text) and of the line flipped, the flipped
        one's blocks and gaps read off the line's."""
        view = cls.__new__(cls)
        view._compute(hints, text)
        flipped = cls.__new__(cls)
        n = view.n
        flipped.n = n
        (
            flipped.hints,
            flipped.lowest_end,
            flipped.highest_start,
            flipped.max_hint,
            flipped.min_hint,
        ) = _hint_geometry(hints[::-1], n)
        last = len(view.blocks) - 1
        flipped.blocks = [
            _element((_BLOCK, last - i, n - s - size, size))
            for _, i, s, size in reversed(view.blocks)
        ]
        last = len(view.gaps) - 1
        flipped.gaps = [
            _element((_GAP, last - i, n - s - size, size)) for _, i, s, size in reversed(view.gaps)
        ]
        flipped.max_block, flipped.min_block, flipped.total_block = (
            view.max_block,
            view.min_block,
            view.total_block,
        )
        flipped.max_gap, flipped.min_gap, flipped.total_gap = (
            view.max_gap,
            view.min_gap,
            view.total_gap,
        )
        flipped.total_hint = view.total_hint
        return view, flipped

    def _compute(self, hints: tuple[int, ...], text: str) -> None:
        n = len(text)
        self.n = n
        (self.hints, self.lowest_end, self.highest_start, self.max_hint, self.min_hint) = (
            _hint_geometry(hints, n)
        )
        spans = [m.span() for m in _BLOCKS.finditer(text)]
        self.blocks = [_element((_BLOCK, i, s, e - s)) for i, (s, e) in enumerate(spans)]
        sizes = [e - s for s, e in spans]
        self.max_block = max(sizes, default=0)
        self.min_block = min(sizes, default=0)
        self.total_block = sum(sizes)
        spans = [m.span() for m in _GAPS.finditer(text)]
        self.gaps = [_element((_GAP, i, s, e - s)) for i, (s, e) in enumerate(spans)]
        sizes = [e - s for s, e in spans]
        self.max_gap = max(sizes, default=0)
        self.min_gap = min(sizes, default=0)
        self.total_gap = sum(sizes)
        self.total_hint = sum(hints)


_HINT, _BLOCK, _GAP = ElementType.HINT, ElementType.BLOCK, ElementType.GAP
_BLOCKS = re.compile("O+")
# An Element from a 4-tuple (Element(...) and Element._make check their arguments, at twice the
# cost; these tuples are made here, of the right length).
_element = cast(
    Callable[[tuple[ElementType, int, int, int]], Element], partial(tuple.__new__, Element)
)
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


@dataclass(frozen=True)
class _Listed:
    """The elements of a list (``over``) for which ``stop`` and ``holds`` hold, ``other`` naming
    the element in them, as a uniqueness test lists them under the name ``found``."""

    found: str
    other: str
    over: str
    holds: str
    stop: str = ""
    """The rest of the condition: a test that once false for an element of ``over`` is false
    for the later ones too ("": none)."""

    @property
    def made(self) -> str:
        """The expression listing them all."""
        holds = f"{self.stop} and {self.holds}" if self.stop else self.holds
        return f"[{self.other} for {self.other} in {self.over} if {holds}]"

    def statements(self) -> list[str]:
        """Statements making ``found`` a tuple of the one element listed, ``continue`` when
        there is none or several: a loop stopping at a second one, not listing them all."""
        found, other = self.found, self.other
        return [
            f"{found} = ()",
            f"for {other} in {self.over}:",
            *([f" if not {self.stop}: break"] if self.stop else []),
            f" if {self.holds}:",
            f"  if {found}:",
            f"   {found} = ()",
            "   break",
            f"  {found} = ({other},)",
            f"if not {found}: continue",
        ]


class _Codegen:
    """Turns a rule into the source of ``def run(V): ...`` returning a list of raw fills."""

    def __init__(self, rule: Rule) -> None:
        self.rule = rule
        # Variables are renamed to positional locals, so no name from the rule reaches the source.
        self.local = {b.name: f"e{i}" for i, b in enumerate(rule.bindings)}
        self.types = {b.name: b.pattern.type for b in rule.bindings}
        self.fresh = 0
        self.checks: list[list[str]] = []
        self.lists: list[list[_Listed]] = []
        self.loop_over: dict[int, str] = {}
        # Per binding: an equality tying its element to earlier ones, as (the element's side
        # with the element as ``x``, the other side): its loop looks the matching elements up.
        self.joins: dict[int, tuple[str, str]] = {}
        # Per loop depth, the tests that once false for an element are false for every later
        # one of its list (its loop stops there).
        self.stops: list[list[str]] = []
        # Per loop depth, the uniqueness tests made there as statements.
        self.unique: list[list[list[str]]] = []
        self.plan()

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

    def hoisted(self, part: ast.Unique) -> tuple[_Listed, str]:
        """A top-level ``var is unique where cond`` split in two: the elements of var's type
        for which ``cond`` holds, found once (:class:`_Listed`), and the test that they are
        var's element alone (their being one is tested where they are found)."""
        self.fresh += 1
        found, other = f"s{self.fresh}", f"u{self.fresh}"
        local = {**self.local, part.var: other}
        parts = conjuncts(part.cond)
        stops = [c for c in parts if self.stops_along(c, part.var)]
        rest = self.conds([c for c in parts if c not in stops], local) or "True"
        listed = _Listed(found, other, _LIST[self.types[part.var]], rest, self.conds(stops, local))
        return listed, f"({found}[0][1] == {self.local[part.var]}[1])"

    def conds(self, parts: list[ast.Cond], local: dict[str, str]) -> str:
        """The conjunction of ``parts``, in parentheses ("" for none)."""
        return f"({' and '.join(self.cond(c, local) for c in parts)})" if parts else ""

    def plan(self) -> None:
        """Where each conjunct is tested (``checks`` by loop depth, 0 before any loop), which
        uniqueness lists are made where (``lists``) and which loops run over one (``loop_over``)."""
        rule = self.rule
        position = {b.name: i for i, b in enumerate(rule.bindings)}
        # Each conjunct is tested right after the last pattern it mentions is bound.
        checks: list[list[str]] = [[] for _ in range(len(rule.bindings) + 1)]
        stops: list[list[str]] = [[] for _ in range(len(rule.bindings) + 1)]
        inlined: list[tuple[int, ast.Unique]] = []
        # A uniqueness conjunct whose condition's other patterns are all bound before its own
        # variable's: the elements it holds for are listed once per binding of those
        # (docs/design/rules.md, "Uniqueness listed once").
        lists: list[list[_Listed]] = [[] for _ in range(len(rule.bindings) + 1)]
        loop_over: dict[int, str] = {}
        for part in conjuncts(rule.condition):
            depth = max((position[v] + 1 for v in variables(part)), default=0)
            if isinstance(part, ast.Unique):
                others = variables(part.cond) - {part.var}
                before = max((position[v] + 1 for v in others), default=0)
                if before < depth:  # then depth is var's own: the test is made in its loop
                    listed, test = self.hoisted(part)
                    lists[before].append(listed)
                    own = position[part.var]
                    if own not in loop_over and isinstance(
                        rule.bindings[own].pattern, ast.Arbitrary
                    ):
                        loop_over[own] = listed.found  # var runs over the one element listed
                    else:
                        checks[depth].append(test)
                    continue
            if depth and isinstance(part, ast.Unique):
                inlined.append((depth, part))
                continue
            (stops if self.stops_loop(part, depth) else checks)[depth].append(
                self.cond(part, self.local)
            )
            self.join(part, depth)
        for own in loop_over:
            self.joins.pop(own, None)
        self.checks, self.lists, self.loop_over, self.stops = checks, lists, loop_over, stops
        self.unique = [[] for _ in range(len(rule.bindings) + 1)]
        for depth, part in inlined:  # after the other tests of their depth
            self.unique[depth].append(self.unique_lines(part))

    def unique_lines(self, part: ast.Unique) -> list[str]:
        """``var is unique where cond`` tested in a loop, as statements (``continue`` when it
        does not hold): cond for var's element, then a loop looking for another element it
        holds for (what ``cond`` gives as ``... and not any(...)``, without a generator)."""
        self.fresh += 1
        other, x = f"u{self.fresh}", self.local[part.var]
        local = {**self.local, part.var: other}
        unique = self.cond(part.cond, local)
        stop = self.conds([c for c in conjuncts(part.cond) if self.stops_along(c, part.var)], local)
        return [
            f"if not {self.cond(part.cond, self.local)}: continue",
            f"for {other} in {_LIST[self.types[part.var]]}:",
            *([f" if not {stop}:", f"  {other} = None", "  break"] if stop else []),
            f" if {other}[1] != {x}[1] and {unique}: break",
            "else:",
            f" {other} = None",
            f"if {other} is not None: continue",
        ]

    def stops_loop(self, part: ast.Cond, depth: int) -> bool:
        """Whether ``part``, tested in binding ``depth - 1``'s loop over an arbitrary pattern,
        is ``a >= b`` or ``a > b`` with ``a - b`` never growing along the element list (blocks
        and gaps in line order: start and end grow; hints in clue order: index, lowest end and
        highest start grow; sizes go either way), so that once false it stays false."""
        own = depth - 1
        if own < 0 or not isinstance(self.rule.bindings[own].pattern, ast.Arbitrary):
            return False
        return self.stops_along(part, self.rule.bindings[own].name)

    def stops_along(self, part: ast.Cond, var: str) -> bool:
        """Whether ``part`` is ``a >= b`` or ``a > b`` with ``a - b`` never growing as ``var``
        runs along the list of its type's elements (the other variables fixed)."""
        if not isinstance(part, ast.Compare) or part.op == "=":
            return False
        form = linear(part.left, self.types).minus(linear(part.right, self.types))
        hint = self.types[var] is ElementType.HINT
        growing: tuple[type, ...] = (
            (ast.Start, ast.LowestEndCell, ast.HighestStartCell) if hint else (ast.Start, End)
        )
        for atom, k in form.terms:
            if getattr(atom, "var", None) != var:
                continue  # fixed within the loop
            if not isinstance(atom, growing) or k > 0:
                return False
        return True

    def join(self, part: ast.Cond, depth: int) -> None:
        """Note ``part`` as binding ``depth - 1``'s join when it is ``a = b`` with one side
        mentioning that binding's variable alone and the other side not mentioning it (the
        first such conjunct of an arbitrary pattern; the test itself stays)."""
        own = depth - 1
        if own < 0 or own in self.joins or not isinstance(part, ast.Compare) or part.op != "=":
            return
        binding = self.rule.bindings[own]
        if not isinstance(binding.pattern, ast.Arbitrary):
            return
        for mine, other in ((part.left, part.right), (part.right, part.left)):
            if variables(mine) == {binding.name} and binding.name not in variables(other):
                key = self.expr(mine, {**self.local, binding.name: "x"})
                self.joins[own] = (key, self.expr(other, self.local))
                return

    def body(self, indent: str, action: Callable[[str, str, str], list[str]]) -> list[str]:
        """The rule's loops and tests at ``indent``, ``action(start, end, bound)`` giving the
        lines run for each binding combination whose condition holds (at the innermost
        indent)."""
        top = self.checks[0] + [
            f"len({listed.found} := {listed.made}) == 1" for listed in self.lists[0]
        ]
        lines = [f"{indent}j{i} = None" for i in self.joins]
        if top:
            lines.append(f"{indent}if {' and '.join(top)}:")
            indent += " "
        for i, b in enumerate(self.rule.bindings):
            over = self.loop_over.get(i) or self.pattern(b.pattern)
            if i in self.joins:  # the elements whose key is the other side, in list order
                key, other = self.joins[i]
                lines += [
                    f"{indent}if j{i} is None:",
                    f"{indent} j{i} = {{}}",
                    f"{indent} for x in {over}: j{i}.setdefault({key}, []).append(x)",
                ]
                over = f"j{i}.get({other}, ())"
            lines.append(f"{indent}for e{i} in {over}:")
            indent += " "
            lines += [f"{indent}if not {c}: break" for c in self.stops[i + 1]]
            lines += [f"{indent}if not {c}: continue" for c in self.checks[i + 1]]
            lines += [indent + line for unique in self.unique[i + 1] for line in unique]
            for listed in self.lists[i + 1]:
                lines += [indent + line for line in listed.statements()]
        fill = self.rule.action
        bound = "".join(f"e{i}, " for i in range(len(self.rule.bindings)))
        start, end = self.expr(fill.start, self.local), self.expr(fill.end, self.local)
        return lines + [indent + line for line in action(start, end, f"({bound})")]

    def source(self) -> str:
        """``def run(V)``: the list of the rule's raw fills on the view ``V``."""
        lines = ["def run(V):", " out = []"]
        lines += self.body(
            " ", lambda start, end, bound: [f"out.append(({start}, {end}, {bound}))"]
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


def check_bound(rule: Rule) -> None:
    """Raises ValueError when the rule mentions a variable no pattern binds."""
    for node in walk(rule):
        if isinstance(node, ast.Named) and node.var not in {b.name for b in rule.bindings}:
            raise ValueError(f"rule {rule.name}: {node.var!r} is not bound by a pattern")


def fill_value(rule: Rule) -> int:
    """The cell value the rule's fill sets."""
    return FILLED if rule.action.value else CROSSED


@lru_cache(maxsize=4096)
def compiled(rule: Rule) -> CompiledRule:
    """The rule compiled to a Python function (cached per rule)."""
    check_bound(rule)
    namespace: dict[str, Any] = {}
    exec(compile(_Codegen(rule).source(), f"<rule {rule.name}>", "exec"), namespace)
    run: Callable[[LineView], list[RawFill]] = namespace["run"]
    return CompiledRule(rule, fill_value(rule), run)


NewFill = tuple[int, bool, int, int, tuple[Element, ...]]
"""``(rule number, flipped, start, end, bound elements in binding order)`` of a fill."""

FirstNewFill = Callable[[LineView, LineView, int, int], "NewFill | None"]
"""``first(view, flipped view, filled mask, crossed mask)``: see :func:`first_new_fill`."""

_RULES_PER_FUNCTION = 32  # a generated function's size stays modest for large rule sets


@lru_cache(maxsize=16)
def first_new_fill(rules: tuple[Rule, ...]) -> FirstNewFill:
    """The rules compiled together into one function finding the first fill, in
    :func:`apply_rule`'s order (rules in order, each forward then flipped, bindings in the
    interpreter's order), that is not empty and not made only of cells the line already has
    with the fill's value: one reaching outside the line or onto an unknown cell or a cell of
    the other value.  The masks are those of the line's cells (bit i: cell i); ``start`` and
    ``end`` are in the line's coordinates also for a flipped fill.  None: no such fill.
    (Cached per rule tuple; why one function: docs/design/rules.md.)"""
    parts = []
    for first in range(0, len(rules), _RULES_PER_FUNCTION):
        body: list[str] = []
        used: dict[str, None] = {}  # the views' fields the body reads, in first-use order
        for number, rule in enumerate(rules[first : first + _RULES_PER_FUNCTION], first):
            same = "U0" if rule.action.value else "U1"
            check_bound(rule)  # the same checks (and errors) as a rule compiled alone
            code = _Codegen(rule)
            for flipped, view in ((False, "F"), (True, "R")):
                for line in code.body(" ", _new_fill_action(number, flipped, same)):
                    body.append(_VIEW_FIELD.sub(_local_field(view, used), line))
        # Each field read once a call into a local (N: the line's size, the same both ways).
        lines = ["def first(F, R, M0, M1):", " N = F.n", " U0 = ~M0", " U1 = ~M1"]
        lines += [f" {name} = {name[0]}.{name[2:]}" for name in used]
        lines += body
        lines.append(" return None")
        namespace: dict[str, Any] = {}
        exec(compile("\n".join(lines), f"<rules {first}+>", "exec"), namespace)
        parts.append(namespace["first"])
    if len(parts) == 1:
        return cast(FirstNewFill, parts[0])

    def first_of_all(f: LineView, r: LineView, filled: int, crossed: int) -> NewFill | None:
        for part in parts:
            found = part(f, r, filled, crossed)
            if found is not None:
                return cast(NewFill, found)
        return None

    return first_of_all


_VIEW_FIELD = re.compile(r"\bV\.(\w+)")


def _local_field(view: str, used: dict[str, None]) -> Callable[[re.Match[str]], str]:
    """A substitution of ``V.field`` by the local ``{view}_field`` (``N`` for ``V.n``), noting
    each local in ``used``."""

    def local(match: re.Match[str]) -> str:
        if match[1] == "n":
            return "N"
        name = f"{view}_{match[1]}"
        used[name] = None
        return name

    return local


def _new_fill_action(number: int, flipped: bool, same: str) -> Callable[[str, str, str], list[str]]:
    """The generated lines returning a fill that is new (see :func:`first_new_fill`)."""

    def action(start: str, end: str, bound: str) -> list[str]:
        if flipped:  # the flipped line's [start, end) is the line's [N - end, N - start)
            start, end = f"N - {end}", f"N - {start}"
        return [
            f"a = {start}",
            f"b = {end}",
            f"if a < b and (a < 0 or b > N or (((1 << (b - a)) - 1) << a) & {same}): "
            f"return ({number}, {flipped}, a, b, {bound})",
        ]

    return action


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
