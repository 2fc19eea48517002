"""The SAT encoding of a line accepts exactly the fillings whose blocks are the hints."""

from __future__ import annotations

import itertools
import random

import z3

from nonostudio.core import satsolver
from nonostudio.core.line import clue_of


def _accepts(hints, known):
    """For every filling of the unknown cells: (filling, accepted by the CNF, matches hints)."""
    cnf = satsolver._Cnf()
    cells, free = [], []
    for k in known:
        if k is None:
            v = cnf.var()
            cells.append(v)
            free.append(v)
        else:
            cells.append(satsolver.TRUE if k else satsolver.FALSE)
    satsolver._line(cnf, tuple(hints), cells)
    ctx = z3.Context()
    solver = z3.SolverFor("QF_FD", ctx=ctx)
    solver.from_string(cnf.dimacs())
    for bits in itertools.product((0, 1), repeat=len(free)):
        assumptions = [z3.Bool(v, ctx) if b else z3.Not(z3.Bool(v, ctx))
                       for v, b in zip(free, bits, strict=True)]
        it = iter(bits)
        full = [k if k is not None else next(it) for k in known]
        yield full, solver.check(*assumptions) == z3.sat, clue_of(full) == tuple(hints)


def test_line_encoding_matches_the_hints_exactly():
    rng = random.Random(2)
    checked = 0
    for _ in range(250):
        n = rng.randint(1, 7)
        picture = [rng.randint(0, 1) for _ in range(n)]
        hints = clue_of(picture)
        if rng.random() < 0.2:  # sometimes hints that do not match the picture at all
            hints = tuple(rng.randint(1, 3) for _ in range(rng.randint(0, 2)))
        known = [picture[i] if rng.random() < 0.35 else None for i in range(n)]
        for full, accepted, matches in _accepts(hints, known):
            assert accepted == matches, (hints, known, full)
            checked += 1
    assert checked > 1000
