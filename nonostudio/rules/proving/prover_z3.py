"""The prover's z3 side: one length's query, a model turned into a checked counterexample.

:func:`refute` asks z3 whether a rule goes wrong on some line of ``n`` cells (the encoding is
:mod:`nonostudio.rules.proving.symbolic`); :func:`confirm` replays a model with the concrete
interpreter and the exact line solver, and raises :class:`ProverError` when they disagree (a bug in
the encoding).  :func:`fast_solver` and :func:`keyed_by_end` are ways of asking the query; the proof
driver that uses all of them is :mod:`nonostudio.rules.proving.prover` (``docs/design/prover.md``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import z3

from nonostudio.core.line import CROSSED, FILLED, Line, clue_of
from nonostudio.core.linesolver import solve_text
from nonostudio.rules.language.ast import Compare, Constant, ElementType, Rule, Start, walk
from nonostudio.rules.language.interpreter import (
    Element,
    RuleFill,
    apply_rule,
    elements,
    is_valid_fill,
)
from nonostudio.rules.language.linear import End, linear
from nonostudio.rules.proving.symbolic import SymbolicLine, SymbolicRule, sym_rule


class ProverError(RuntimeError):
    """The prover's z3 encoding and the concrete semantics disagree (a bug), or z3 gave up."""


class GaveUp(Exception):
    """z3 answered unknown (interrupted, or a reason of its own)."""


@dataclass(frozen=True)
class Counterexample:
    """A line on which the rule's fill is wrong, confirmed by the interpreter and line solver.

    ``witness`` is a solution of the line (``O``/``x``) that the fill contradicts, or ``""`` when
    the fill is empty or reaches outside the line.
    """

    hints: tuple[int, ...]
    cells: str
    env: dict[str, Element]
    fill: RuleFill
    witness: str

    @property
    def line(self) -> Line:
        return Line.parse(self.hints, self.cells)

    def __str__(self) -> str:
        value = "true" if self.fill.value == FILLED else "false"
        why = f"solution {self.witness}" if self.witness else "empty or outside the line"
        return f"{self.line} → fill({value}, {self.fill.start}, {self.fill.end}); {why}"


def fast_solver(ctx: z3.Context) -> z3.Solver:
    """z3's preprocessing (simplify, propagate values, solve equations), then its SMT core with
    the simplex arithmetic solver (``arith.solver=2``).  The symbolic line defines many terms by
    equations (a bound element's fields, the runs' ranks and lengths), which ``solve-eqs``
    substitutes away before the search."""
    t = partial(z3.Tactic, ctx=ctx)
    return z3.Then(
        t("simplify"),
        t("propagate-values"),
        t("solve-eqs"),
        z3.With(t("smt"), **{"arith.solver": 2}),
    ).solver()


def keyed_by_end(rule: Rule) -> bool:
    """Whether ``rule``'s proof keys runs by their last cell: when its comparisons and fill bounds
    name where blocks and gaps end (``start(x) + size(x)``) more often than where they start,
    with a constant pattern counted from the end as one mention of an end and one counted from
    the start as one of a start."""
    types = {b.name: b.pattern.type for b in rule.bindings}
    ends = starts = 0
    for b in rule.bindings:
        if isinstance(b.pattern, Constant) and b.pattern.type is not ElementType.HINT:
            ends, starts = (ends + 1, starts) if b.pattern.index < 0 else (ends, starts + 1)
    exprs: list = [rule.action.start, rule.action.end]
    exprs += [
        side for c in walk(rule.condition) if isinstance(c, Compare) for side in (c.left, c.right)
    ]
    for e in exprs:
        for atom, _ in linear(e, types).terms:
            if isinstance(atom, End):
                ends += 1
            elif isinstance(atom, Start) and types.get(atom.var) is not ElementType.HINT:
                starts += 1
    return ends > starts


def refute(rule: Rule, ctx: z3.Context, n: int, by_end: bool = False) -> Counterexample | None:
    """A confirmed counterexample of ``n`` cells, or None when the rule is sound at length ``n``
    (``by_end``: the line's runs keyed by their last cell)."""
    line = SymbolicLine(ctx, n, by_end=by_end)
    encoded = sym_rule(rule, line)
    solver = z3.Solver(ctx=ctx)
    solver.add(encoded.applies, encoded.wrong())
    answer = solver.check()
    if answer == z3.unsat:
        return None
    if answer != z3.sat:
        raise GaveUp(solver.reason_unknown())
    return confirm(rule, encoded, solver.model())


def confirm(rule: Rule, encoded: SymbolicRule, model: z3.ModelRef) -> Counterexample:
    """Turn a model into a counterexample and replay it concretely; raise if it does not hold."""
    sym = encoded.line

    def truth(b: z3.BoolRef) -> bool:
        return z3.is_true(model.eval(b, model_completion=True))

    def number(e: z3.ArithRef) -> int:
        return model.eval(e, model_completion=True).as_long()

    length = number(sym.length)  # the cells past it (any-length queries) are known crossed
    solution = [FILLED if truth(s) else CROSSED for s in sym.solution[:length]]
    witness = "".join("O" if v == FILLED else "x" for v in solution)
    cells = "".join(
        ("O" if v == FILLED else "x") if truth(k) else "-"
        for v, k in zip(solution, sym.known[:length], strict=True)
    )
    hints = clue_of(solution)
    line = Line.parse(hints, cells)
    described = f"{rule.name} on {line}"
    if len(hints) != number(sym.hint_count):
        raise ProverError(f"{described}: the model's hint count disagrees with its solution")
    env: dict[str, Element] = {}
    for b in rule.bindings:
        index = number(encoded.env[b.name].index)
        options = elements(line, b.pattern.type)
        if not 0 <= index < len(options):
            raise ProverError(f"{described}: {b.name} bound to a missing element {index}")
        env[b.name] = options[index]
    start, end = number(encoded.start), number(encoded.end)
    fills = [f for f in apply_rule(rule, line, flipped=False) if f.env == env]
    if not fills:
        raise ProverError(f"{described}: the interpreter does not fire with {env}")
    fill = fills[0]
    if (fill.start, fill.end) != (start, end):
        raise ProverError(
            f"{described}: the interpreter fills [{fill.start}, {fill.end}), "
            f"the encoding [{start}, {end})"
        )
    if not is_valid_fill(fill, line):
        return Counterexample(hints, cells, env, fill, "")
    deduced = solve_text(hints, cells)
    if deduced is None:
        raise ProverError(f"{described}: the line has no solution")
    char = "O" if fill.value == FILLED else "x"
    if all(deduced[c] == char for c in fill.cells()):
        raise ProverError(f"{described}: the line solver forces fill {fill.start}..{fill.end}")
    if all(witness[c] == char for c in fill.cells()):
        raise ProverError(f"{described}: the model's solution {witness} agrees with the fill")
    return Counterexample(hints, cells, env, fill, witness)
