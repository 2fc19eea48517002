"""Test oracles for a line's forced cells, independent of the solver: brute force and z3.

Brute force enumerates every filling of the line (bit ``i`` of a mask is cell ``i``).  For z3, a
line is encoded in SMT-LIB with one integer start variable per hint (ordered, separated by at
least one cell, inside the line) and one Boolean per cell that is true exactly when some block
covers it.  A cell is forced to a value when z3 finds no solution giving it the other value.  Every
model z3 returns along the way shows both values for the cells where it differs from the first
model, so those cells need no query of their own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import z3

from nonostudio.core.line import CROSSED, FILLED, UNKNOWN


@cache
def fillings_by_clue(n: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every filling mask of a line of ``n`` cells, grouped by the clue it spells."""
    out: dict[tuple[int, ...], list[int]] = {}
    for mask in range(1 << n):
        bits = format(mask, f"0{n}b")[::-1] if n else ""
        clue = tuple(len(run) for run in bits.split("0") if run)
        out.setdefault(clue, []).append(mask)
    return {clue: tuple(masks) for clue, masks in out.items()}


def brute_solutions(hints: Sequence[int], n: int, filled: int, crossed: int) -> list[int]:
    """Filling masks that spell ``hints`` and agree with the decided cells."""
    return [
        m
        for m in fillings_by_clue(n).get(tuple(hints), ())
        if not m & crossed and m & filled == filled
    ]


def brute_masks(hints: Sequence[int], n: int, filled: int, crossed: int) -> tuple[int, int] | None:
    """``(filled, crossed)``: cells filled in every solution and empty in every one;
    None if none."""
    return agreed_masks(brute_solutions(hints, n, filled, crossed), n)


def agreed_masks(solutions: Iterable[int], n: int) -> tuple[int, int] | None:
    """``(filled, crossed)``: cells filled in every one of ``solutions`` (filling masks of
    ``n`` cells) and empty in every one; None if there are none."""
    full = (1 << n) - 1
    always, ever, any_solution = full, 0, False
    for m in solutions:
        always &= m
        ever |= m
        any_solution = True
    return (always, full & ~ever) if any_solution else None


def line_smt(hints: Sequence[int], cells: Sequence[int]) -> str:
    """SMT-LIB assertions for the solutions of a line: ``s<j>`` hint starts, ``c<i>``
    cell filled."""
    n, k = len(cells), len(hints)
    out = [f"(declare-const s{j} Int)" for j in range(k)]
    out += [f"(declare-const c{i} Bool)" for i in range(n)]
    for j, h in enumerate(hints):
        out.append(f"(assert (and (<= 0 s{j}) (<= (+ s{j} {h}) {n})))")
        if j:
            out.append(f"(assert (<= (+ s{j - 1} {hints[j - 1] + 1}) s{j}))")
    # Hint j can only reach cells between its leftmost and rightmost packings; leaving the others
    # out of a cell's disjunction keeps the formula small without changing its solutions.
    lo = [sum(hints[:j]) + j for j in range(k)]
    hi = [n - sum(hints[j + 1 :]) - (k - 1 - j) for j in range(k)]
    for i in range(n):
        covers = [
            f"(and (<= s{j} {i}) (< {i} (+ s{j} {h})))"
            for j, h in enumerate(hints)
            if lo[j] <= i < hi[j]
        ]
        body = f"(or {' '.join(covers)})" if covers else "false"
        out.append(f"(assert (= c{i} {body}))")
        if cells[i] == FILLED:
            out.append(f"(assert c{i})")
        elif cells[i] == CROSSED:
            out.append(f"(assert (not c{i}))")
    return "\n".join(out)


def z3_forced(hints: Sequence[int], cells: Sequence[int]) -> tuple[int, ...] | None:
    """Cells with every forced value decided, or None when the line has no solution."""
    n = len(cells)
    ctx = z3.Context()
    solver = z3.Solver(ctx=ctx)
    solver.from_string(line_smt(hints, cells))
    if solver.check() != z3.sat:
        return None
    filled = [z3.Bool(f"c{i}", ctx) for i in range(n)]

    def values(model: z3.ModelRef) -> list[bool]:
        return [z3.is_true(model.eval(c, model_completion=True)) for c in filled]

    first = values(solver.model())
    seen_both = [False] * n
    for i in range(n):
        if seen_both[i] or cells[i] != UNKNOWN:
            continue
        if solver.check(z3.Not(filled[i]) if first[i] else filled[i]) == z3.sat:
            for k, v in enumerate(values(solver.model())):
                if v != first[k]:
                    seen_both[k] = True
    return tuple(UNKNOWN if seen_both[i] else (FILLED if first[i] else CROSSED) for i in range(n))
