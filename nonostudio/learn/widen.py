"""Widening a rule's ``unique`` conditions: what "as general as possible" asks of them (RULES.md §7).

``(g is unique where C)`` holds when C holds for g and for no other gap.  A stronger C — more
conjuncts — is met by fewer of the other gaps, so the rule fires on more lines, as long as C still
holds for the gap it should.  Force maximum as learned says "g is the only gap at least as long as
h"; the hint can only lie in a gap that is long enough, ends at or after its lowest end cell and
starts at or before its highest start cell, and "g is the only such gap" is the same deduction on
many more lines (on the lines up to 6 cells the rule sets 2455 (line, cell) pairs, widened 3449).

The condition search of synthesis builds ``unique`` atoms over one comparison; this module looks
for the conjuncts worth adding to one.  A candidate is ``form >= 0`` for a form of one to
:data:`MAX_TERMS` atoms with coefficients ±1, at least one of them an atom of the unique's element,
plus a literal in {-1, 0, 1} (``>`` and ``=`` are ``>=`` with another literal, or two of them).
Each is judged on a pool of concrete lines the way synthesis judges rules: it must keep the rule
right on every line there, and it is ranked by the (line, cell) pairs the widened rule sets.  The
caller (:func:`nonostudio.learn.synth.widen`) proves each step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product

import numpy as np

from nonostudio.core.line import FILLED
from nonostudio.learn.enumerate import DEFAULT_OPTIONS, SearchOptions, banned_atoms, compare_of
from nonostudio.learn.pool import Instances
from nonostudio.learn.vector_eval import cond_truth, expr_values
from nonostudio.rules.ast import And, Compare, Rule, Unique, conjoin, conjuncts, variables
from nonostudio.rules.cost import cond_cost

MAX_TERMS = 4  # atoms in a candidate conjunct (``hsc(h) + size(h) >= start(b) + size(b)``)
LITERALS = (-1, 0, 1)
_CHUNK = 512  # candidate forms evaluated at once (instances × chunk integers in memory)


@dataclass(frozen=True)
class Widening:
    """``rule`` with ``conjunct`` added inside its ``index``-th condition part (a ``unique``), and
    the (line, cell) pairs the widened rule sets on the pool."""

    rule: Rule
    conjunct: Compare
    index: int
    cells: int


@lru_cache(maxsize=256)
def _forms(n_atoms: int, own: frozenset[int], banned: frozenset[int] = frozenset()) -> np.ndarray:
    """Coefficient vectors (rows) of sums of 1 … MAX_TERMS distinct atoms with signs ±1 that use
    at least one atom of ``own`` and none of ``banned``."""
    rows = []
    for k in range(1, MAX_TERMS + 1):
        for chosen in combinations(range(n_atoms), k):
            if own.isdisjoint(chosen) or not banned.isdisjoint(chosen):
                continue
            for signs in product((1, -1), repeat=k):
                v = [0] * n_atoms
                for a, sign in zip(chosen, signs, strict=True):
                    v[a] = sign
                rows.append(v)
    return np.array(rows, dtype=np.int64).reshape(len(rows), n_atoms)


def with_conjunct(rule: Rule, index: int, conjunct: Compare) -> Rule:
    """``rule`` with ``conjunct`` and-ed to the inner condition of its ``index``-th condition part,
    which must be a ``unique``."""
    parts = conjuncts(rule.condition)
    part = parts[index]
    if not isinstance(part, Unique):
        raise ValueError(f"part {index} of {rule.name}'s condition is not a unique condition")
    parts[index] = Unique(part.var, And(part.cond, conjunct))
    return Rule(rule.name, rule.bindings, conjoin(parts), rule.action)


def widenings(rule: Rule, pool: Instances, *, limit: int = 5,
              poll: Callable[[], None] | None = None,
              options: SearchOptions = DEFAULT_OPTIONS) -> list[Widening]:
    """Up to ``limit`` single-conjunct widenings of ``rule``'s ``unique`` conditions that fill
    right on every instance of ``pool`` and set more (line, cell) pairs there than ``rule``: most
    pairs first, then the cheapest conjunct.  ``pool`` holds instances of ``rule``'s patterns and
    ``rule`` must fill right on all of them.  ``poll`` is called between chunks (it may raise to
    stop).  Candidates use only the atoms ``options`` allows and are costed by its weights."""
    value = FILLED if rule.action.value else 1 - FILLED
    s = expr_values(rule.action.start, pool)
    e = expr_values(rule.action.end, pool)
    wrong, productive = pool.fill_status(value, s, e)
    parts = conjuncts(rule.condition)
    truths = [cond_truth(p, pool) for p in parts]
    fires = np.logical_and.reduce(truths) if truths else np.ones(len(pool), dtype=bool)
    if (fires & wrong).any():
        raise ValueError(f"{rule.name} fills wrongly on the pool it is to be widened on")
    base = pool.new_cells(fires & productive, s, e)
    found: list[tuple[int, int, int, tuple[int, ...], int]] = []  # -cells, cost, part, form, lit
    for i, part in enumerate(parts):
        if not isinstance(part, Unique):
            continue
        rest = np.logical_and.reduce([t for j, t in enumerate(truths) if j != i]) \
            if len(parts) > 1 else np.ones(len(pool), dtype=bool)
        inner = cond_truth(part.cond, pool)
        group = pool.group[part.var]
        own = frozenset(a for a, x in enumerate(pool.exprs) if part.var in variables(x))
        # Widening says where x can be ("the only gap that can hold h"), so no totals.
        banned = frozenset(banned_atoms(pool.exprs, options, where=True))
        forms = _forms(len(pool.exprs), own - banned, banned)
        for lo in range(0, len(forms), _CHUNK):
            if poll is not None:
                poll()
            values = pool.atoms @ forms[lo:lo + _CHUNK].T
            for literal in LITERALS:
                holds = (values + literal >= 0) & inner[:, None]
                for m in range(holds.shape[1]):
                    t = holds[:, m]
                    more = rest & t & (np.bincount(group, weights=t, minlength=len(pool))[group]
                                       == 1)
                    if (more & wrong).any() or not (more & productive & ~fires).any():
                        continue
                    cells = pool.new_cells(more & productive, s, e)
                    if cells > base:
                        form = tuple(forms[lo + m].tolist())
                        cost = cond_cost(compare_of(form, literal, ">=", pool.exprs),
                                         options.weights)
                        found.append((-cells, cost, i, form, literal))
    found.sort()
    out: list[Widening] = []
    for neg_cells, _, i, form, literal in found[:limit]:
        conjunct = compare_of(form, literal, ">=", pool.exprs)
        out.append(Widening(with_conjunct(rule, i, conjunct), conjunct, i, -neg_cells))
    return out
