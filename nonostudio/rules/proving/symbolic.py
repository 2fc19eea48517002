"""The z3 semantics of rules: a symbolic line with one of its solutions, its elements, and a rule.

:class:`SymbolicLine` is a line of ``n`` cells built around one symbolic solution;
:func:`sym_rule` binds a rule's patterns on it and encodes its condition and fill, so the prover
can ask for a line the rule gets wrong.  The encoding and the measurements behind it:
``docs/design/rules.md``.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import cached_property

import z3

from nonostudio.rules.language import ast
from nonostudio.rules.language.ast import ElementType, Rule


@dataclass(frozen=True)
class SymElement:
    """One element of a symbolic line: z3 integer terms for what expressions can ask of it.

    ``index`` tells elements of one type apart; ``lowest_end``/``highest_start`` are set for hints
    only.
    """

    type: ElementType
    index: z3.ArithRef
    start: z3.ArithRef
    size: z3.ArithRef
    lowest_end: z3.ArithRef | None = None
    highest_start: z3.ArithRef | None = None


_FIELDS = ("index", "start", "size")
_HINT_FIELDS = _FIELDS + ("lowest_end", "highest_start")


class _Runs:
    """Maximal runs of the cells where ``inside[c]`` holds, described cell by cell.

    Each potential run is keyed by one cell: its first (``by_end`` False) or its last.  Keyed by
    its first cell c, a run starts at the constant c and its length is a chain over the cells
    after c; keyed by its last cell, its end is the constant c + 1 and its start the chain.  Both
    describe the same runs exactly; which one z3 finds easier depends on whether the rule talks
    about where runs start or where they end (:func:`nonostudio.rules.proving.prover.keyed_by_end`).
    """

    def __init__(self, ctx: z3.Context, inside: list[z3.BoolRef], by_end: bool = False) -> None:
        self.ctx = ctx
        n = len(inside)
        zero = z3.IntVal(0, ctx)
        one = z3.IntVal(1, ctx)
        if by_end:
            self.exists = [
                inside[c] if c == n - 1 else z3.And(inside[c], z3.Not(inside[c + 1]))
                for c in range(n)
            ]
        else:
            self.exists = [
                inside[c] if c == 0 else z3.And(inside[c], z3.Not(inside[c - 1])) for c in range(n)
            ]
        rank: list[z3.ArithRef] = [zero]
        for c in range(n):
            rank.append(rank[-1] + z3.If(self.exists[c], one, zero))
        self.rank = rank[:n]
        self.count = rank[n]
        length: list[z3.ArithRef] = [zero] * n
        if by_end:
            for c in range(n):
                length[c] = z3.If(inside[c], (length[c - 1] if c else zero) + 1, zero)
            self.start = [z3.IntVal(c + 1, ctx) - length[c] for c in range(n)]
        else:
            for c in range(n - 1, -1, -1):
                length[c] = z3.If(inside[c], (length[c + 1] if c + 1 < n else zero) + 1, zero)
            self.start = [z3.IntVal(c, ctx) for c in range(n)]
        self.length = length

    @cached_property
    def after(self) -> list[z3.ArithRef]:
        """How many runs are keyed after each cell: a run is the k-th from the end when k - 1
        are (local to the cells after it, which z3 handles far better than comparing the run's
        rank with the whole count).  Built only for a rule that counts from the end."""
        zero, one = z3.IntVal(0, self.ctx), z3.IntVal(1, self.ctx)
        after: list[z3.ArithRef] = [zero] * len(self.exists)
        for c in range(len(self.exists) - 2, -1, -1):
            after[c] = after[c + 1] + z3.If(self.exists[c + 1], one, zero)
        return after


class SymbolicLine:
    """A line of ``n`` cells: symbolic hints placed as one solution, and which cells are known.

    Hint ``j`` (``j < hint_count``) has size ``hints[j]`` and starts at cell ``places[j]`` of the
    solution; unused hint slots have size 0.  ``solution[c]`` says whether cell ``c`` is filled in
    that solution, ``known[c]`` whether the partial line shows it (with the solution's value).
    Placing hints rather than deriving them from cells keeps the hint geometry linear, which is
    what makes rules such as ``big hint`` easy for z3.
    """

    def __init__(
        self, ctx: z3.Context, n: int, *, any_length: bool = False, by_end: bool = False
    ) -> None:
        self.ctx = ctx
        self.n = n
        # ``any_length``: the line has ``length`` cells, 1 ≤ length ≤ n, and the n cells are
        # that line followed by known crossed cells, which belong to no block or gap and hold
        # no hint: the line's elements, hints and solutions are exactly those of the shorter
        # line, so one query covers every length up to n.
        self.length = z3.Int("len", ctx) if any_length else z3.IntVal(n, ctx)
        self.size = self.length
        slots = (n + 1) // 2
        self.slots = slots
        self.hint_count = z3.Int("k", ctx)
        self.hints = [z3.Int(f"h{j}", ctx) for j in range(slots)]
        self.places = [z3.Int(f"p{j}", ctx) for j in range(slots)]
        k, h, p = self.hint_count, self.hints, self.places
        self.constraints: list[z3.BoolRef] = [k >= 0, k <= slots]
        if any_length:
            self.constraints += [self.length >= 1, self.length <= n]
        for j in range(slots):
            earliest = 0 if j == 0 else p[j - 1] + h[j - 1] + 1
            used = z3.And(h[j] >= 1, p[j] >= earliest, p[j] + h[j] <= self.length)
            self.constraints.append(z3.If(k > j, used, z3.And(h[j] == 0, p[j] == n)))
        self.solution = [
            z3.Or([z3.And(p[j] <= c, c < p[j] + h[j]) for j in range(slots)]) for c in range(n)
        ]
        self.known = [z3.Bool(f"k{c}", ctx) for c in range(n)]
        if any_length:
            self.constraints += [z3.Implies(self.length <= c, self.known[c]) for c in range(n)]
        filled = [z3.And(kc, s) for kc, s in zip(self.known, self.solution, strict=True)]
        not_crossed = [
            z3.Or(z3.Not(kc), s) for kc, s in zip(self.known, self.solution, strict=True)
        ]
        self.runs = {
            ElementType.BLOCK: _Runs(ctx, filled, by_end),
            ElementType.GAP: _Runs(ctx, not_crossed, by_end),
        }
        self._totals: dict[ElementType, z3.ArithRef] = {}  # built when a rule asks

    def integer(self, value: int) -> z3.ArithRef:
        return z3.IntVal(value, self.ctx)

    def total(self, t: ElementType) -> z3.ArithRef:
        """``total(t)``: the sum of the hints, the known filled cells or the cells not known
        crossed.

        Counted from the solution's cells, which number exactly the sum of the hints (the hints
        are disjoint runs); that equation is added to the line's constraints when the totals
        are first asked for (why: ``docs/design/rules.md``).
        """
        if not self._totals:
            one, zero = self.integer(1), self.integer(0)

            def how_many(cells: list[z3.BoolRef]) -> z3.ArithRef:
                return sum((z3.If(c, one, zero) for c in cells), zero)

            hint_total = sum(self.hints, zero)
            solution_cells = how_many(self.solution)
            self.constraints.append(solution_cells == hint_total)
            pairs = list(zip(self.known, self.solution, strict=True))
            self._totals = {
                ElementType.HINT: hint_total,
                ElementType.BLOCK: solution_cells
                - how_many([z3.And(z3.Not(k), s) for k, s in pairs]),
                ElementType.GAP: solution_cells
                + how_many([z3.And(z3.Not(k), z3.Not(s)) for k, s in pairs]),
            }
        return self._totals[t]

    def count(self, t: ElementType) -> z3.ArithRef:
        """How many elements of type ``t`` the line has."""
        return self.hint_count if t is ElementType.HINT else self.runs[t].count

    def hint(self, j: int) -> SymElement:
        """Hint slot ``j`` (a hint of the line when ``j < hint_count``)."""
        index = self.integer(j)
        before = sum(self.hints[:j], self.integer(0))
        after = sum(self.hints[j + 1 :], self.integer(0))
        size = self.hints[j]
        return SymElement(
            ElementType.HINT,
            index,
            index,
            size,
            lowest_end=index + before + size,
            highest_start=self.size - (self.hint_count - index - 1) - (size + after),
        )

    def candidates(self, t: ElementType) -> list[tuple[z3.BoolRef, SymElement]]:
        """Every potential element of type ``t``: (it exists, its terms)."""
        if t is ElementType.HINT:
            return [(self.hint_count > j, self.hint(j)) for j in range(self.slots)]
        runs = self.runs[t]
        return [
            (runs.exists[c], SymElement(t, runs.rank[c], runs.start[c], runs.length[c]))
            for c in range(self.n)
        ]

    def bind(self, name: str, pattern: ast.Pattern) -> tuple[SymElement, list[z3.BoolRef]]:
        """The element bound by ``name = pattern`` and the constraints that it binds."""
        t = pattern.type
        from_end = isinstance(pattern, ast.Constant) and pattern.index < 0
        if t is ElementType.HINT and not isinstance(pattern, ast.Arbitrary) and not from_end:
            # Hint slots are fixed: the i-th hint is slot i, no choice to make.
            if isinstance(pattern, ast.Singleton):
                return self.hint(0), [self.hint_count == 1]
            if pattern.index >= self.slots:
                return self.hint(0), [z3.BoolVal(False, self.ctx)]
            return self.hint(pattern.index), [self.hint_count > pattern.index]
        options = self.candidates(t)
        if isinstance(pattern, ast.Singleton):
            chosen = [z3.And(exists, self.count(t) == 1) for exists, _ in options]
        elif isinstance(pattern, ast.Constant):
            if from_end and t is not ElementType.HINT:
                later = -1 - pattern.index  # runs keyed after the bound one
                chosen = [
                    z3.And(exists, self.runs[t].after[c] == later)
                    for c, (exists, _) in enumerate(options)
                ]
            else:
                at = pattern.index + self.count(t) if from_end else self.integer(pattern.index)
                chosen = [z3.And(exists, e.index == at) for exists, e in options]
        else:
            chosen = [z3.Bool(f"{name}@{i}", self.ctx) for i in range(len(options))]
        fields = _HINT_FIELDS if t is ElementType.HINT else _FIELDS
        bound = SymElement(t, **{f: z3.Int(f"{name}.{f}", self.ctx) for f in fields})
        constraints = [z3.Or(chosen)]
        for pick, (exists, e) in zip(chosen, options, strict=True):
            same = [getattr(bound, f) == getattr(e, f) for f in fields]
            constraints.append(z3.Implies(pick, z3.And(exists, *same)))
        return bound, constraints

    def others(self, x: SymElement) -> list[tuple[z3.BoolRef, SymElement]]:
        """Every element of ``x``'s type other than ``x``: (it exists and differs, the element)."""
        # Starts tell elements apart (a hint's start is its index).
        return [(z3.And(exists, e.start != x.start), e) for exists, e in self.candidates(x.type)]


Env = dict[str, SymElement]


_ARITH = {"+": operator.add, "-": operator.sub}
_COMPARE = {"=": operator.eq, ">=": operator.ge, ">": operator.gt}


def sym_expr(expr: ast.Expr, env: Env, line: SymbolicLine) -> z3.ArithRef:
    """The z3 term of an integer expression."""
    match expr:
        case ast.Lit(value):
            return line.integer(value)
        case ast.LineSize():
            return line.size
        case ast.Total(t):
            return line.total(t)
        case ast.Arith(op, left, right):
            if op not in _ARITH:
                raise ValueError(f"unknown arithmetic operator {op!r}")
            return _ARITH[op](sym_expr(left, env, line), sym_expr(right, env, line))
        case ast.Start(var):
            return _lookup(env, var).start
        case ast.Size(var):
            return _lookup(env, var).size
        case ast.LowestEndCell(var) | ast.HighestStartCell(var):
            x = _lookup(env, var)
            term = x.lowest_end if isinstance(expr, ast.LowestEndCell) else x.highest_start
            if term is None:
                raise ValueError(
                    f"{ast.CALL_WORDS[type(expr)]}({var}): {var} is a {x.type.value}, not a hint"
                )
            return term
    raise TypeError(f"not an expression: {expr!r}")


def sym_cond(cond: ast.Cond, env: Env, line: SymbolicLine) -> z3.BoolRef:
    """The z3 formula of a condition."""
    match cond:
        case ast.TrueCond():
            return z3.BoolVal(True, line.ctx)
        case ast.And(left, right):
            return z3.And(sym_cond(left, env, line), sym_cond(right, env, line))
        case ast.Compare(op, left, right):
            if op not in _COMPARE:
                raise ValueError(f"unknown comparison operator {op!r}")
            return _COMPARE[op](sym_expr(left, env, line), sym_expr(right, env, line))
        case ast.Maximal(var):
            x = _lookup(env, var)
            return z3.And([z3.Implies(other, y.size <= x.size) for other, y in line.others(x)])
        case ast.Minimal(var):
            x = _lookup(env, var)
            return z3.And([z3.Implies(other, x.size <= y.size) for other, y in line.others(x)])
        case ast.Unique(var, inner):
            x = _lookup(env, var)
            parts = [sym_cond(inner, env, line)]
            for other, y in line.others(x):
                parts.append(z3.Implies(other, z3.Not(sym_cond(inner, {**env, var: y}, line))))
            return z3.And(parts)
    raise TypeError(f"not a condition: {cond!r}")


def _lookup(env: Env, name: str) -> SymElement:
    try:
        return env[name]
    except KeyError:
        raise ValueError(f"{name} is not bound by the rule's patterns") from None


@dataclass(frozen=True)
class SymbolicRule:
    """A rule on a symbolic line: when it applies, and its fill's value and cell range."""

    line: SymbolicLine
    env: Env
    applies: z3.BoolRef
    value: bool
    start: z3.ArithRef
    end: z3.ArithRef

    def wrong(self) -> z3.BoolRef:
        """The fill is empty, leaves the line, or disagrees with the solution on some cell."""
        line = self.line
        s, e = self.start, self.end
        disagrees = [
            z3.And(s <= c, c < e, cell if not self.value else z3.Not(cell))
            for c, cell in enumerate(line.solution)
        ]
        return z3.Or(s >= e, s < 0, e > line.size, *disagrees)


def sym_rule(rule: Rule, line: SymbolicLine) -> SymbolicRule:
    """Bind ``rule``'s patterns on ``line`` and encode its condition and fill."""
    env: Env = {}
    constraints: list[z3.BoolRef] = []
    for b in rule.bindings:
        if b.name in env:
            raise ValueError(f"{b.name} is bound twice")
        element, bound = line.bind(b.name, b.pattern)
        env[b.name] = element
        constraints.extend(bound)
    constraints.append(sym_cond(rule.condition, env, line))
    start = sym_expr(rule.action.start, env, line)
    end = sym_expr(rule.action.end, env, line)
    constraints.extend(line.constraints)
    return SymbolicRule(line, env, z3.And(constraints), rule.action.value, start, end)
