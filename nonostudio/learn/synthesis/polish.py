"""Polishing a proved rule: simplified (never less general), then its ``unique`` conditions widened.

Simplifying drops, one at a time, the conjuncts (then the bindings) a rule stays sound and no
less general on the check pool without, and reads a ``unique`` that only says "hint 0" as the
pattern ``constant(hint, 0)``.  Widening adds conjuncts inside ``(x is unique where C)``: a
stronger C is met by fewer other elements, so the rule fires on more lines, as long as C still
holds for the element it should (:func:`widenings` finds the candidates on a pool of concrete
lines).  Every step is proved (``docs/design/learning.md``, step 5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Any

import numpy as np

from nonostudio.core.line import FILLED
from nonostudio.core.progress import StopCallback
from nonostudio.learn.mining.pool import Instances
from nonostudio.learn.synthesis.enumerate import (
    DEFAULT_OPTIONS,
    SearchOptions,
    banned_atoms,
    compare_of,
)
from nonostudio.learn.synthesis.synth_run import Run, Stopped
from nonostudio.learn.synthesis.vector_eval import cond_truth, expr_values
from nonostudio.learn.synthesis.verify import (
    CHECK_LENGTH,
    all_lines_instances,
    on_check_pool,
    proved,
)
from nonostudio.rules.language.ast import (
    And,
    Arbitrary,
    Binding,
    Compare,
    Cond,
    Constant,
    ElementType,
    Lit,
    Rule,
    Singleton,
    Start,
    Unique,
    conjoin,
    conjuncts,
    variables,
    walk,
)
from nonostudio.rules.language.cost import DEFAULT_WEIGHTS, CostWeights, cond_cost, cost
from nonostudio.rules.language.tidy import tidy, unpinned

# Widening unique conditions (widened): conjuncts added one at a time, candidates proved per
# step, and their proofs' time (a widened force maximum takes 16 s at 30 cells on an idle
# machine: more than PROOF_SECONDS).
WIDEN_STEPS = 3
WIDEN_TRIES = 3
WIDEN_PROOF_SECONDS = 60.0

# ---- widening candidates ---------------------------------------------------------------------
# A candidate conjunct is ``form >= 0`` for a form of one to MAX_TERMS atoms with coefficients
# ±1, at least one of them an atom of the unique's element, plus a literal in LITERALS (``>`` and
# ``=`` are ``>=`` with another literal, or two of them).  Each is judged on a pool of concrete
# lines the way synthesis judges rules: it must keep the rule right on every line there, and it
# is ranked by the (line, cell) pairs the widened rule sets; widened() proves each step.

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
def candidate_forms(
    n_atoms: int, own: frozenset[int], banned: frozenset[int] = frozenset()
) -> np.ndarray:
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


def widenings(
    rule: Rule,
    pool: Instances,
    *,
    limit: int = 5,
    poll: Callable[[], None] | None = None,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> list[Widening]:
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
        rest = (
            np.logical_and.reduce([t for j, t in enumerate(truths) if j != i])
            if len(parts) > 1
            else np.ones(len(pool), dtype=bool)
        )
        inner = cond_truth(part.cond, pool)
        group = pool.group[part.var]
        own = frozenset(a for a, x in enumerate(pool.exprs) if part.var in variables(x))
        # Widening says where x can be ("the only gap that can hold h"), so no totals.
        banned = frozenset(banned_atoms(pool.exprs, options, where=True))
        forms = candidate_forms(len(pool.exprs), own - banned, banned)
        for lo in range(0, len(forms), _CHUNK):
            if poll is not None:
                poll()
            values = pool.atoms @ forms[lo : lo + _CHUNK].T
            for literal in LITERALS:
                holds = (values + literal >= 0) & inner[:, None]
                for m in range(holds.shape[1]):
                    t = holds[:, m]
                    more = (
                        rest & t & (np.bincount(group, weights=t, minlength=len(pool))[group] == 1)
                    )
                    if (more & wrong).any() or not (more & productive & ~fires).any():
                        continue
                    cells = pool.new_cells(more & productive, s, e)
                    if cells > base:
                        form = tuple(forms[lo + m].tolist())
                        price = cond_cost(
                            compare_of(form, literal, ">=", pool.exprs), options.weights
                        )
                        found.append((-cells, price, i, form, literal))
    found.sort()
    out: list[Widening] = []
    for neg_cells, _, i, form, literal in found[:limit]:
        conjunct = compare_of(form, literal, ">=", pool.exprs)
        out.append(Widening(with_conjunct(rule, i, conjunct), conjunct, i, -neg_cells))
    return out


# ---- simplifying and widening, each step proved ----------------------------------------------


def _index_pattern(part: Cond, binding: Binding) -> Binding | None:
    """The pattern that ``part`` makes an arbitrary hint binding equal to, if any:
    ``(h is unique where 0 >= start(h))`` holds exactly for hint 0 (``constant(hint, 0)``), and
    ``(h is unique where 1 >= start(h))`` exactly for the only hint of a one-hint line
    (``singleton(hint)``)."""
    if not (
        isinstance(part, Unique)
        and part.var == binding.name
        and isinstance(binding.pattern, Arbitrary)
        and binding.pattern.type is ElementType.HINT
        and isinstance(part.cond, Compare)
    ):
        return None
    c = part.cond
    if isinstance(c.left, Lit) and c.right == Start(binding.name):
        bound = c.left.value - (c.op == ">")  # K >= start(h), K > start(h)
    elif c.op == "=" and c.left == Start(binding.name) and c.right == Lit(0):
        bound = 0  # start(h) = 0
    else:
        return None
    if bound == 0:
        return Binding(binding.name, Constant(ElementType.HINT, 0))
    if bound == 1:
        return Binding(binding.name, Singleton(ElementType.HINT))
    return None


def _variants(rule: Rule, weights: CostWeights = DEFAULT_WEIGHTS) -> list[Rule]:
    """Rules one step simpler than ``rule``: a conjunct dropped, or an arbitrary hint pinned by a
    ``unique`` index condition turned into the pattern it amounts to; bindings nothing refers to
    any more are dropped (so a rule with an unused binding also has the variant without it).
    Cheapest first."""

    def used_only(bindings: tuple[Binding, ...], cond: Cond) -> Rule:
        used = variables(cond) | variables(rule.action)
        return Rule(rule.name, tuple(b for b in bindings if b.name in used), cond, rule.action)

    parts = conjuncts(rule.condition)
    out = []
    pruned = used_only(rule.bindings, rule.condition)
    if pruned.bindings != rule.bindings:
        out.append(pruned)
    for i, part in enumerate(parts):
        bindings = tuple(_index_pattern(part, b) or b for b in rule.bindings)
        variant = used_only(bindings, conjoin(parts[:i] + parts[i + 1 :]))
        if any(b.pattern.type is ElementType.HINT for b in variant.bindings):
            out.append(variant)  # a rule that binds no hint cannot set a cell soundly (specs)
    out.sort(key=lambda r: cost(r, weights))
    return out


def _checkable(rule: Rule) -> bool:
    """Whether the check pool can judge ``rule``: each of its ``unique`` conditions ranges over an
    element bound by an ``arbitrary`` pattern, whose alternatives the pool enumerates.  An
    unpinned rule fails this only when a ``unique`` ranges over a hint counted from the end
    (``constant(hint, -1)``, as mirror images have): no condition on an arbitrary hint says
    "the last", so such a rule cannot be judged, and is neither simplified nor widened."""
    arbitrary = {b.name for b in rule.bindings if isinstance(b.pattern, Arbitrary)}
    return all(u.var in arbitrary for u in walk(rule.condition) if isinstance(u, Unique))


def simplified(rule: Rule, run: Run) -> Rule:
    """``rule`` after dropping, one at a time, the conjuncts (and then unused bindings) it stays
    sound without and no less general on the check pool — a conjunct another one implies, such as
    ``size(g) >= size(h)`` next to ``(g is unique where size(g) >= size(h))``, or one that only
    narrowed where the rule fires.  Every step is proved; when the budget runs out the last proved
    rule is returned.  The result is written in its cheapest equivalent form (:func:`tidy`); a
    rule the check pool cannot judge (:func:`_checkable`) is only tidied."""
    rule = unpinned(rule)
    if not _checkable(rule):
        return tidy(rule)
    _, fired = on_check_pool(rule, run)
    try:
        changed = True
        while changed:
            changed = False
            for variant in _variants(rule, run.options.weights):
                run.check()
                bad, more = on_check_pool(variant, run)
                if bad or more < fired or not proved(variant, run).sound:
                    continue
                rule, fired, changed = variant, more, True
                break
    except Stopped:
        pass
    return tidy(rule)


def simplify(
    rule: Rule,
    *,
    max_length: int = 30,
    budget_s: float = 60.0,
    should_stop: StopCallback | None = None,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> Rule:
    """A proved rule made simpler the way synthesis finishes its rules (see
    :func:`simplified`): never less general on the check pool, each step proved sound up to
    ``max_length`` cells; ``rule`` itself when nothing can go or the budget runs out first.
    ``rule`` must already be sound (as every stored learned rule is)."""
    return simplified(rule, Run.for_budget(budget_s, should_stop, max_length, options))


def widened(rule: Rule, run: Run) -> Rule:
    """``rule`` with conjuncts added inside its ``unique`` conditions while that makes it set more
    (line, cell) pairs on the check pool (:mod:`nonostudio.learn.widen`): at most
    :data:`WIDEN_STEPS` conjuncts, the best of :data:`WIDEN_TRIES` candidates that z3 proves in
    :data:`WIDEN_PROOF_SECONDS` at each step.  ``rule`` itself when it has no ``unique`` or no
    widening is proved; when the budget runs out, the last proved rule.

    The outcome is remembered in this process, a stopped one too: a rule is met again for many
    specifications, and the next one continues where this one stopped.
    """
    if not run.options.allows("unique") or not any(
        isinstance(p, Unique) for p in conjuncts(rule.condition)
    ):
        return rule
    rule = unpinned(rule)
    if not _checkable(rule):
        return tidy(rule)
    body = (rule.bindings, rule.condition, rule.action, run.max_length, run.options)
    widened, steps, complete = WIDENED.get(body, (rule, 0, False))
    widened = Rule(rule.name, widened.bindings, widened.condition, widened.action)
    try:
        while not complete:
            check = all_lines_instances(widened.bindings, CHECK_LENGTH, run)
            for option in widenings(
                widened, check, limit=WIDEN_TRIES, poll=run.check, options=run.options
            ):
                if proved(option.rule, run, WIDEN_PROOF_SECONDS).sound:
                    widened, steps = option.rule, steps + 1
                    break
            else:
                complete = True  # nothing more is proved
            complete = complete or steps >= WIDEN_STEPS
    except Stopped:
        pass
    finally:
        if len(WIDENED) > 4096:
            WIDENED.clear()
        WIDENED[body] = (widened, steps, complete)
    return tidy(widened)


# Per rule body: the widest rule proved so far, the conjuncts added, whether widening is done.
WIDENED: dict[tuple[Any, ...], tuple[Rule, int, bool]] = {}


def widen(
    rule: Rule,
    *,
    max_length: int = 30,
    budget_s: float = 300.0,
    should_stop: StopCallback | None = None,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> Rule:
    """A proved rule's ``unique`` conditions widened the way synthesis widens its rules (see
    :func:`widened`): more general on the check pool, each step proved sound up to
    ``max_length`` cells; ``rule`` itself (tidied) when nothing is proved or the budget runs out
    first.  ``rule`` must already be sound."""
    return widened(rule, Run.for_budget(budget_s, should_stop, max_length, options))
