"""Rule synthesis (seed 000 §6.2, RULES.md §7): from a specification to a sound, general, concise rule.

Strategy — enumeration with concrete counterexamples, z3 as the final word (CEGIS):

1. **Patterns**, climbing the lattice (singleton → constant(0) → arbitrary, constant(i) →
   arbitrary) from the specification's own patterns: a candidate is looked for at the most
   specific set, then one pattern at a time is lifted a level while a candidate is still found
   (when the most specific set has none, its one-step generalisations are tried: ``unique`` needs
   an arbitrary pattern).  The climb judges candidates on concrete pools only; z3 then proves the
   sets reached, most general first, and the first proved rule wins (the search with proofs
   builds none of the rounds the climb's search built: they are remembered for the
   specification; on 200 two-pattern specifications of a run replayed, 7 % less time, the same
   rules).  Each set's search is bounded
   (:data:`MAX_ROUNDS` refinement rounds, :data:`MAX_PROOFS` failed proofs), so a specification
   costs a bounded amount of work; the wall-clock budget is only a safety net.
2. For one pattern set, every binding on a small **active pool** of concrete lines (the
   specification's line, every valid line of ≤ 4 cells, and each counterexample found so far) is
   an instance; atoms are matrix columns (:mod:`nonostudio.learn.pool`).
3. **Fills**: pairs of linear forms (:mod:`nonostudio.learn.enumerate`) whose values on the
   specification's instance contain its run and stay inside the cells the transition forces to
   the run's value, cheapest first.  For each, the instances where the fill is wrong must be
   excluded by the **condition**: a small depth-first cover search over condition atoms true on
   the specification (up to three comparisons plus one maximal/minimal/unique), branching on the
   atoms that keep the fill firing on the most productive instances, those that exclude the most
   wrong instances and the cheapest.  (Branching on exclusion alone preferred coincidental
   equalities such as ``lowest_end_cell(h) + start(g) = size(g)``, which exclude much and keep
   little: on lines up to 5 cells the rules found then covered 5477 test cells, 6441 since.)
   Instances that every condition atom holds on (*twins* of the specification's instance) rule
   out every fill wrong on them; twin lines from the check pool and from the specification
   line's neighbours (up to two cells changed) seed the active pool, and a pattern set without an
   arbitrary pattern (so without ``unique``) that has a twin is given up at once.
4. Candidates are ranked by **generality** (how many (line, cell) pairs they set on the pool; a
   cover's last atom is chosen to keep the most productive instances), then **cost**; the best is
   checked on every valid line of ≤ 6 cells (vectorised), then on every line of 7 cells (most
   refutations z3 finds are 7-cell lines; this costs milliseconds once a pattern set's lines are
   built, a refuted proof about half a second), then proved for lines up to
   :data:`SHORT_PROOF_LENGTH` cells (most rules z3 refutes fail on 8-10 cells, found there in a
   fifteenth of the time), then **proved** for all lines up to ``max_length`` cells (a proof z3
   has not finished in :data:`PROOF_SECONDS`, with the line's runs keyed by their first cell and
   then again by their last, is given up: the rule is not kept).  A failing line joins the active
   pool and the search repeats; most candidates die on concrete lines in microseconds and z3 sees
   few.
5. The rule found is **simplified**: conjuncts it stays sound and no less general without are
   dropped (one implied by another, as ``size(g) >= size(h)`` next to ``(g is unique where
   size(g) >= size(h))``), then bindings nothing refers to, and a ``unique`` condition that only
   says "hint 0" becomes the pattern ``constant(hint, 0)``; each step is proved.
   Then its ``unique`` conditions are **widened** (:mod:`nonostudio.learn.widen`): a conjunct
   added inside ``(x is unique where C)`` is met by fewer other elements, so the rule fires on
   more lines; conjuncts that make it set more (line, cell) pairs on the check pool are added
   one at a time, each step proved (force maximum as learned becomes "g is the only gap that can
   hold h": 2455 → 3449 pairs on the check pool; alone on the paper's test set, 1768 → 2438 cells).
6. **More productive alternatives** (the paper's "multiple generalisations", §7.1): the rules of
   the climb's less general pattern sets, and of the specification's patterns with singletons
   read as ``constant(t, 0)``, are kept too when they set more cells on the check pool than the
   most general rule (a first-hint-and-first-block rule can beat every two-arbitrary one); the
   rule-set optimisation chooses among them.  They get at most :data:`ALTERNATIVES_SECONDS`.
7. **Skipped specifications, searched narrowly** (:func:`synthesize_constant_level`): a learning
   run skips the full search of a specification that a rule found already covers, or whose
   smaller pattern set gave a rule — but the rule found there is the most general one, and the
   first-hint, first-block rules most documented strategies are (edge fill, mercury) lie below
   it.  Such a specification gets one search at its constant level only, no climb: on 400 of
   run 5's skipped specifications (lines up to 6 cells) it took 0.57 s each (full synthesis of
   300 covered ones: 3.9 s each) and added 40 test cells and 76 validation cells to the 1168
   rules of runs 5, 2 and 1, recovering edge fill and mercury; full synthesis of them added 39
   and 27.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import product
from typing import Any

import numpy as np
import z3

from nonostudio.core.line import FILLED
from nonostudio.core.linesolver import masks_text
from nonostudio.learn.enumerate import DEFAULT_OPTIONS, ConditionSpace, SearchOptions, fill_forms
from nonostudio.learn.pool import Instances, PoolLine, all_states, pool_line
from nonostudio.learn.specs import Specification
from nonostudio.learn.vector_eval import cond_truth, expr_values
from nonostudio.learn.widen import widenings
from nonostudio.rules.ast import (
    Arbitrary,
    Binding,
    Compare,
    Cond,
    Constant,
    ElementType,
    Fill,
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
from nonostudio.rules.cost import DEFAULT_WEIGHTS, CostWeights, cost, fill_cost, pattern_cost
from nonostudio.rules.printer import format_rule
from nonostudio.rules.prover import ProofResult, prove
from nonostudio.rules.tidy import tidy, unpinned

ACTIVE_LENGTH = 4  # every valid line up to this length starts the active pool
CHECK_LENGTH = 6  # candidates are checked on every valid line up to this length before z3
# ... and a rule about to be proved on every valid line of exactly this length: of 92 refutations
# z3 gave on a sample of specifications that end without a rule, 81 were lines of 7 cells.
VERIFY_LENGTH = 7
# ... and then proved for lines up to this length before the proof up to ``max_length`` (the
# issue's 30): on 35 rules a replayed stretch of three-pattern specifications sent to z3, the 22
# refuted took 8.6 s at 30 cells and 0.57 s at 10; the 13 sound ones 1.71 s and 0.20 s.
SHORT_PROOF_LENGTH = 10
MAX_FILL_PAIRS = 40  # fills tried per pattern set and round, cheapest first
MAX_COVERS = 10  # conditions kept per fill
MAX_COVER_NODES = 200  # search nodes per fill's condition search (it is exponential)
RANKED = 40  # candidates re-ranked on the check pool
MAX_ROUNDS = 4  # refinement rounds (new counterexample lines) per pattern set
MAX_PROOFS = 3  # failed proofs per pattern set before it is given up
MAX_TWINS = 16  # twin lines (see _twin_lines) added to the active pool at the start
# A proof z3 has not finished by then is given up (the rule is not kept).  Force maximum takes
# 6-9 s at 30 cells with the other worker busy; at 5 s it was lost.
PROOF_SECONDS = 15.0
# The more productive alternatives (_more_productive) are extras: their search, proofs and
# simplification get at most this long once the specification's own rule is found.
ALTERNATIVES_SECONDS = 8.0
# Widening unique conditions (_widened): conjuncts added one at a time, candidates proved per
# step, and their proofs' time (a widened force maximum takes 16 s at 30 cells on an idle
# machine: more than PROOF_SECONDS).
WIDEN_STEPS = 3
WIDEN_TRIES = 3
WIDEN_PROOF_SECONDS = 60.0
# Widening and alternatives end this long before the specification's budget.
EXTRAS_MARGIN = 3.0
_LETTER = {ElementType.HINT: "h", ElementType.BLOCK: "b", ElementType.GAP: "g"}


@dataclass(frozen=True)
class SynthResult:
    """``status``: ``found``, ``exhausted`` (no rule in the search space), ``timeout`` or
    ``cancelled``."""

    rule: Rule | None
    cost: int | None
    seconds: float
    candidates_tried: int
    status: str
    prover_calls: int = 0
    proofs_given_up: int = 0  # proofs z3 had not finished in PROOF_SECONDS (rule not kept)
    # Proved rules of less general patterns that set more cells than ``rule`` on the check pool
    # (see _more_productive); they go to the rule-set optimisation with it.
    alternatives: tuple[Rule, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out = {"rule": format_rule(self.rule) if self.rule else None, "cost": self.cost,
               "seconds": self.seconds, "candidates_tried": self.candidates_tried,
               "status": self.status, "prover_calls": self.prover_calls,
               "proofs_given_up": self.proofs_given_up}
        if self.alternatives:
            out["rules"] = [format_rule(r) for r in self.alternatives]
        return out


class _Stop(Exception):
    """The budget ran out or the caller cancelled."""


@dataclass
class _Run:
    spec: Specification | None  # None when only simplifying a rule
    deadline: float
    should_stop: Callable[[], bool] | None
    max_length: int
    candidates: int = 0
    prover_calls: int = 0
    proofs_given_up: int = 0  # proofs that ran out of PROOF_SECONDS
    started: float = field(default_factory=time.monotonic)
    options: SearchOptions = DEFAULT_OPTIONS  # the constructs searched, the weights ranked by
    # A pattern set's search rounds, remembered for this specification (see _search): the
    # starting pool by pattern set, the ranked candidates by pattern set and pool lines.
    starts: dict[tuple[Binding, ...], Instances | None] = field(default_factory=dict)
    rounds: dict[tuple[Any, ...], list[_Candidate]] = field(default_factory=dict)

    @property
    def target(self) -> Specification:
        """The specification being searched for (a run that only simplifies a rule has none)."""
        if self.spec is None:
            raise ValueError("this run only simplifies a rule; it searches no specification")
        return self.spec

    def stopped(self) -> bool:
        return time.monotonic() > self.deadline or bool(self.should_stop and self.should_stop())

    def check(self) -> None:
        if self.stopped():
            raise _Stop

    def stop_status(self) -> str:
        """What ended the run once :class:`_Stop` was raised: the caller, or the budget."""
        return "cancelled" if self.should_stop and self.should_stop() else "timeout"

    def result(self, rule: Rule | None, status: str,
               alternatives: tuple[Rule, ...] = ()) -> SynthResult:
        """The run's outcome, with its counters and the time since it started."""
        return SynthResult(rule, cost(rule, self.options.weights) if rule else None,
                           time.monotonic() - self.started,
                           self.candidates, status, self.prover_calls, self.proofs_given_up,
                           alternatives)


def pattern_sets(spec: Specification) -> list[tuple[Binding, ...]]:
    """The specification's patterns and every generalisation, most general first."""
    options = [list(enumerate(reversed(pattern_sets_of_one(b)))) for b in spec.patterns]
    combos = list(product(*options))
    combos.sort(key=lambda c: (sum(r for r, _ in c), sum(pattern_cost(b.pattern) for _, b in c)))
    return [tuple(b for _, b in c) for c in combos]


def _spec_instance(inst: Instances, bindings: tuple[Binding, ...],
                   spec: Specification) -> int | None:
    """The instance binding the specification's own elements on its line (the pool's first
    line), or None when ``bindings`` cannot bind them there."""
    at_spec = inst.line == 0
    for b, orig in zip(bindings, spec.patterns, strict=True):
        want = 0 if isinstance(orig.pattern, Singleton) else orig.pattern.index
        at_spec &= inst.index[b.name] == want
    hits = np.flatnonzero(at_spec)
    return int(hits[0]) if len(hits) else None


def _run_extent(line: PoolLine, value: int, start: int, end: int) -> tuple[int, int]:
    """The widest ``[lo, hi)`` around ``[start, end)`` of cells the transition forces to value."""
    forced = line.forced_filled if value == FILLED else line.forced_crossed
    lo, hi = start, end
    while lo > 0 and forced >> (lo - 1) & 1:
        lo -= 1
    while hi < line.n and forced >> hi & 1:
        hi += 1
    return lo, hi


@dataclass(frozen=True)
class _Candidate:
    coverage: int
    cost: int
    rule: Rule


def _covers(space: ConditionSpace, wrong: np.ndarray,
            productive: np.ndarray) -> list[tuple[int, ...]]:
    """Conjunctions of condition atoms false on every wrong instance.

    A depth-first search: each node takes the first wrong instance not yet excluded and branches
    on atoms that exclude it — those that keep the fill firing on the most productive instances
    still kept (generality), those that exclude the most wrong instances left, and the cheapest.
    An atom that completes a cover is chosen for generality first, then for cost.
    """
    w = np.nonzero(wrong)[0]
    if len(w) == 0:
        return [()]
    excludes = ~space.truth[:, w]
    keep_truth = space.truth[:, productive]
    out: list[tuple[int, ...]] = []
    seen: set[frozenset[int]] = set()
    nodes = [0]

    def rec(chosen: tuple[int, ...], uncovered: np.ndarray, kept: np.ndarray,
            specials: int) -> None:
        nodes[0] += 1
        if len(out) >= MAX_COVERS or nodes[0] > MAX_COVER_NODES:
            return
        if not uncovered.any():
            chosen = _irredundant(chosen, excludes, space.costs)
            if frozenset(chosen) not in seen:
                seen.add(frozenset(chosen))
                out.append(chosen)
            return
        comparisons = len(chosen) - specials
        first = int(np.argmax(uncovered))
        cand = np.nonzero(excludes[:, first])[0]
        allowed = np.where(space.special[cand], specials == 0, comparisons < 3)
        cand = cand[allowed]
        if len(cand) == 0:
            return
        sub = excludes[cand][:, uncovered]
        full = sub.all(axis=1)
        keeps = keep_truth[cand][:, kept].sum(axis=1)
        costs = space.costs[cand]
        done = np.nonzero(full)[0]
        for j in done[np.lexsort((costs[done], -keeps[done]))][:3]:
            a = int(cand[j])
            rec(chosen + (a,), np.zeros_like(uncovered), kept & keep_truth[a],
                specials + int(space.special[a]))
        if len(chosen) >= 3 or (comparisons >= 3 and specials):
            return
        count = sub.sum(axis=1)
        width = 6 if not chosen else 4
        orders = (np.lexsort((costs, -count, -keeps)),  # generality first
                  np.lexsort((costs, -keeps, -count)),  # most wrong instances excluded
                  np.lexsort((-count, -keeps, costs)))  # cheapest
        picks = [j for order in orders for j in order[~full[order]][:width].tolist()]
        for j in dict.fromkeys(picks):
            a = int(cand[j])
            rec(chosen + (a,), uncovered & ~excludes[a], kept & keep_truth[a],
                specials + int(space.special[a]))

    rec((), np.ones(len(w), dtype=bool), np.ones(int(productive.sum()), dtype=bool), 0)
    return out


def _irredundant(cover: tuple[int, ...], excludes: np.ndarray,
                 costs: np.ndarray) -> tuple[int, ...]:
    """``cover`` without the atoms it excludes every wrong instance without (costliest first):
    an atom chosen early can be made redundant by those chosen after it."""
    kept = list(cover)
    for a in sorted(cover, key=lambda a: -costs[a]):
        rest = [b for b in kept if b != a]
        if rest and excludes[rest].any(axis=0).all():
            kept = rest
    return tuple(kept)


def _rule_name(spec: Specification) -> str:
    return "rule_" + hashlib.sha1(spec.key.encode()).hexdigest()[:10]


def _candidates(run: _Run, bindings: tuple[Binding, ...], inst: Instances) -> list[_Candidate]:
    """Pool-sound candidates for one pattern set on the active pool's instances ``inst`` (the
    specification's line first), best (most general, then cheapest) first."""
    spec = run.target
    i0 = _spec_instance(inst, bindings, spec)
    if i0 is None:
        return []
    options = run.options
    weights = options.weights
    forms = fill_forms(inst.exprs, options=options)
    coeffs = np.array([f.coeffs for f in forms], dtype=np.int64)
    values = inst.atoms @ coeffs.T + np.array([f.literal for f in forms], dtype=np.int64)
    lo, hi = _run_extent(inst.lines[0], spec.value, spec.start, spec.end)
    v0 = values[i0]
    # Forms with the same value on every instance of the pool (``0`` and
    # ``lowest_end_cell(h0) - size(h0)``) are one form here: keep the cheapest.
    # (A dictionary of the columns' bytes: np.unique over columns sorted them, a tenth of the
    # time of a search round.)
    columns = np.ascontiguousarray(values.T)
    cheapest: dict[bytes, int] = {}
    for i in np.argsort([f.cost for f in forms], kind="stable").tolist():
        cheapest.setdefault(columns[i].tobytes(), i)
    distinct = sorted(cheapest.values())
    starts = [i for i in distinct if lo <= v0[i] <= spec.start]
    ends = [i for i in distinct if spec.end <= v0[i] <= hi]
    # Fills that are right and productive on more instances need weaker conditions: try those
    # first, cheaper first among equals.
    space = ConditionSpace(inst, i0, poll=run.check, options=options)
    # Instances where every condition atom holds are twins of the specification's: no condition
    # tells them apart, so a fill wrong on one of them cannot be part of a rule.
    twins = space.truth.all(axis=0) if len(space.atoms) else np.ones(len(inst), dtype=bool)
    pairs = []
    for s in starts:
        run.check()
        wrong, productive = inst.fill_status(spec.value, values[:, s:s + 1], values[:, ends])
        useful = productive.sum(axis=0)
        blocked = wrong[twins].any(axis=0)
        pairs += [(-int(u), forms[s].cost + forms[e].cost, s, e)
                  for u, e, no in zip(useful, ends, blocked, strict=True) if not no]
    pairs.sort()
    base_cost = sum(pattern_cost(b.pattern, weights) for b in bindings)
    value = spec.value == FILLED
    name = _rule_name(spec)
    # Branch and bound: a cover only narrows where the fill fires, so the cells a fill sets on
    # all its productive instances bound every candidate built on it.  Fills are taken by that
    # bound; once RANKED candidates are at least as general as the next bound, stop.
    bounded = []
    for _, c, s, e in pairs[:MAX_FILL_PAIRS]:
        wrong, productive = inst.fill_status(spec.value, values[:, s], values[:, e])
        bounded.append((-inst.new_cells(productive, values[:, s], values[:, e]), c, s, e,
                        wrong, productive))
    bounded.sort(key=lambda t: (t[0], t[1]))
    # Candidates that fire on the same instances with the same fills there are one candidate on
    # this pool (fills can differ where the condition is false): the cheapest is kept.
    best: dict[bytes, _Candidate] = {}
    covers_of: dict[bytes, list[tuple[int, ...]]] = {}

    def ranked() -> list[_Candidate]:
        return sorted(best.values(), key=lambda c: (-c.coverage, c.cost))

    for neg_bound, _, s, e, wrong, productive in bounded:
        run.check()
        if len(best) >= RANKED:
            top = {id(c) for c in ranked()[:RANKED]}
            best = {k: c for k, c in best.items() if id(c) in top}
            if min(c.coverage for c in best.values()) > -neg_bound:
                break
        fill = Fill(value, forms[s].expr, forms[e].expr)
        fcost = fill_cost(fill, weights)
        # Fills wrong and productive on the same instances have the same covers (two in five
        # of the fills a round takes).
        found = wrong.tobytes() + productive.tobytes()
        if found not in covers_of:
            covers_of[found] = _covers(space, wrong, productive)
        for cover in covers_of[found]:
            run.candidates += 1
            fires = space.truth[list(cover)].all(axis=0) if cover else np.ones(len(inst), bool)
            coverage = inst.new_cells(productive & fires, values[:, s], values[:, e])
            parts = sorted(cover, key=lambda a: (space.special[a], a))
            cond = conjoin([space.atoms[a].cond for a in parts])
            total = (base_cost + sum(space.atoms[a].cost for a in cover)
                     + (len(cover) - 1) * weights.operator + fcost)
            candidate = _Candidate(coverage, total if cover else base_cost + fcost,
                                   Rule(name, bindings, cond, fill))
            key = (fires.tobytes() + np.where(fires, values[:, s], 0).tobytes()
                   + np.where(fires, values[:, e], 0).tobytes())
            if key not in best or candidate.cost < best[key].cost:
                best[key] = candidate
    return ranked()


def _check_pool_failures(rule: Rule, check: Instances) -> tuple[list[int], int]:
    """Lines of the check pool where the rule fills wrongly, and how many (line, cell) pairs it
    sets there (its generality: RULES.md §7, "covering as many states as possible")."""
    truth = cond_truth(rule.condition, check)
    value = FILLED if rule.action.value else 1 - FILLED
    s = expr_values(rule.action.start, check)
    e = expr_values(rule.action.end, check)
    wrong, productive = check.fill_status(value, s, e)
    bad = np.unique(check.line[truth & wrong]).tolist()
    return bad, check.new_cells(truth & productive, s, e)


_POOLS: dict[int, dict[tuple[Binding, ...], Instances]] = {}
# pattern sets remembered, least recently used dropped first (check pools are big)
_POOLS_KEPT = {ACTIVE_LENGTH: 256, CHECK_LENGTH: 64, VERIFY_LENGTH: 32}


def _on_all_lines(rule: Rule, length: int, run: _Run) -> tuple[Instances, list[int], int]:
    """The instances of ``rule``'s patterns on the lines of ``length`` (see
    :func:`_all_lines_instances`) and :func:`_check_pool_failures` there.  The rule is read
    :func:`unpinned`: the pools enumerate a unique's other elements only for arbitrary patterns."""
    rule = unpinned(rule)
    inst = _all_lines_instances(rule.bindings, length, run)
    return (inst, *_check_pool_failures(rule, inst))


def _on_check_pool(rule: Rule, run: _Run) -> tuple[list[int], int]:
    """:func:`_check_pool_failures` of ``rule`` on the check pool of its own patterns."""
    _, bad, fired = _on_all_lines(rule, CHECK_LENGTH, run)
    return bad, fired


def _all_lines_instances(bindings: tuple[Binding, ...], length: int, run: _Run) -> Instances:
    """The instances on every valid line up to ``length`` cells — :data:`ACTIVE_LENGTH` starts
    every active pool, :data:`CHECK_LENGTH` is the check pool — or of exactly
    :data:`VERIFY_LENGTH` cells, built once per pattern set and process, not once per search
    round or specification."""
    cache = _POOLS.setdefault(length, {})
    inst = cache.pop(bindings, None)
    if inst is None:
        if len(cache) >= _POOLS_KEPT[length]:
            del cache[next(iter(cache))]  # the least recently used
        lines = all_states(length)
        if length == VERIFY_LENGTH:
            lines = tuple(pl for pl in lines if pl.n == length)
        inst = Instances(bindings, list(lines), run.check)
    cache[bindings] = inst  # now the most recently used
    return inst


def _refuting_lines(rule: Rule, run: _Run) -> list[PoolLine]:
    """Up to eight lines of :data:`VERIFY_LENGTH` cells on which ``rule`` fills wrongly.

    Called on rules that passed the check pool, just before z3 would be asked: finding the
    refutation here takes milliseconds once the pattern set's lines are built, a refuted proof
    about half a second.
    """
    inst, bad, _ = _on_all_lines(rule, VERIFY_LENGTH, run)
    return [inst.lines[i] for i in bad[:8]]


def _neighbours(line: PoolLine) -> list[PoolLine]:
    """Valid states of the same hints up to two cell changes away (a known cell blanked, an
    unknown cell set to either value)."""
    n = line.n
    filled = line.known & line.forced_filled
    crossed = line.known & ~filled

    def step(f: int, c: int) -> list[tuple[int, int]]:
        out = []
        for i in range(n):
            bit = 1 << i
            if (f | c) & bit:
                out.append((f & ~bit, c & ~bit))
            else:
                out += [(f | bit, c), (f, c | bit)]
        return out

    seen = {(filled, crossed)}
    for f, c in step(filled, crossed):
        seen.add((f, c))
        seen.update(step(f, c))
    seen.discard((filled, crossed))
    lines = (pool_line(line.hints, masks_text(n, f, c)) for f, c in sorted(seen))
    return [pl for pl in lines if pl is not None]


def _signature(inst: Instances, options: SearchOptions) -> np.ndarray:
    """Per instance: the value of every atom ``options`` allows and whether each bound element
    is maximal / minimal."""
    flags = [inst.extreme[k].astype(np.int64)[:, None] for k in sorted(inst.extreme)]
    allowed = [a for a, x in enumerate(inst.exprs) if options.atom_allowed(x)]
    return np.concatenate([inst.atoms[:, allowed], *flags], axis=1)


def _twin_lines(run: _Run, bindings: tuple[Binding, ...], first: PoolLine,
                check: Instances) -> list[PoolLine]:
    """Lines with an instance that no comparison or maximal/minimal tells apart from the
    specification's instance (same atom values and extremes) but where the specification's run
    is not forced to its value: every fill covering the run is wrong there.

    They are searched among the check pool and the specification line's near neighbours, and
    seed the active pool so that the search meets them at once.
    """
    spec = run.target
    near = Instances(bindings, [first, *_neighbours(first)], run.check)
    i0 = _spec_instance(near, bindings, spec)
    if i0 is None:
        return []
    key = _signature(near, run.options)[i0]
    run_mask = (1 << spec.end) - (1 << spec.start)
    out: list[PoolLine] = []
    for inst in (near, check):
        same = (_signature(inst, run.options) == key).all(axis=1)
        same &= (inst.forced[spec.value] & run_mask) != run_mask
        out += [inst.lines[i] for i in np.unique(inst.line[same]).tolist()]
    return list(dict.fromkeys(out))


# Finished verdicts by rule body and length, with the seconds a given-up proof had (None when
# z3 settled it): a proof given up in less time than a later caller allows is tried again.
_PROOFS: dict[tuple[Any, ...], tuple[ProofResult, float | None]] = {}


def _proved(rule: Rule, run: _Run, seconds: float | None = None) -> ProofResult:
    """:func:`_verdict` without the refuting lines."""
    return _verdict(rule, run, seconds)[0]


def _ask_z3(rule: Rule, length: int, run: _Run, seconds: float,
            by_end: bool | None = None) -> ProofResult:
    """One prover query, counted in ``run``: ``rule`` on every line up to ``length`` cells, given
    up (``sound`` None) after ``seconds``; raises :class:`_Stop` when the run stopped it."""
    run.prover_calls += 1
    cap = time.monotonic() + seconds
    result = prove(rule, length, at_once=True, fast=True, by_end=by_end,
                   should_stop=lambda: run.stopped() or time.monotonic() > cap)
    if result.sound is None and run.stopped():
        raise _Stop
    return result


def _verdict(rule: Rule, run: _Run,
             seconds: float | None = None) -> tuple[ProofResult, list[PoolLine]]:
    """The prover's verdict (with the lines of :data:`VERIFY_LENGTH` cells that refuted the rule
    without z3, if any) on ``rule`` (finished verdicts are remembered by the rule's
    patterns, condition and fill, so a rule met again for another specification is not re-proved
    in this process).

    A rule that fills wrongly on a line of :data:`VERIFY_LENGTH` cells is refuted without z3.
    A proof gets at most ``seconds`` (:data:`PROOF_SECONDS` unless the caller says): a rule z3
    cannot settle in that time (``unique`` conditions can take minutes) is given up like a
    refuted one — it is not kept, and the search moves to the next candidate instead of spending
    the specification's whole budget on it.
    """
    seconds = PROOF_SECONDS if seconds is None else seconds
    key = (rule.bindings, rule.condition, rule.action, run.max_length)
    known = _PROOFS.get(key)
    if known is not None and (known[1] is None or known[1] >= seconds):
        return known[0], []
    refuting = _refuting_lines(rule, run) if run.max_length >= VERIFY_LENGTH else []
    given_up: float | None = None
    short = None
    if not refuting and run.max_length > SHORT_PROOF_LENGTH:
        # Most rules z3 refutes fail on a line of 8-10 cells: asked about lines up to
        # SHORT_PROOF_LENGTH cells first, z3 finds it in a fifteenth of the time.
        short = _ask_z3(rule, SHORT_PROOF_LENGTH, run, seconds)
    if refuting:
        result = ProofResult(rule.name, False, run.max_length, 0.0)  # no need to ask z3
    elif short is not None and short.sound is False:
        result = ProofResult(short.rule, False, run.max_length, short.seconds,
                             short.counterexample)
    else:
        # One query for every length at once: about ten times faster than one per length on
        # the rules learning meets, and a worker process per core already fills the machine.
        # The fast solver: on learning's queries it is faster and gives up fewer proofs at
        # PROOF_SECONDS (prover module docstring).  Runs keyed by their first cell, then, if
        # z3 has not finished in ``seconds``, once more keyed by their last cell: the six proofs
        # given up on specification 1 1 1|---x--|O2-3|h1,g0 are sound and take 16-32 s keyed by
        # start, 10-14 s keyed by end (it took 96 s and ended at the constant level; now 32 s,
        # arbitrary patterns), while replaying 500 specifications of a run took the same time.
        for by_end in (False, True):
            result = _ask_z3(rule, run.max_length, run, seconds, by_end)
            if result.sound is not None:
                break
        if result.sound is None:
            run.proofs_given_up += 1  # remembered below as not proved: not tried again here
            result = ProofResult(result.rule, False, result.max_length, result.seconds)
            given_up = seconds
    if len(_PROOFS) > 4096:
        _PROOFS.clear()
    _PROOFS[key] = (result, given_up)
    return result, refuting


def _starting_pool(run: _Run, bindings: tuple[Binding, ...], check: Instances) -> Instances | None:
    """The active pool a search of ``bindings`` starts from: the specification's line, its twin
    lines (:func:`_twin_lines`) and every valid line up to :data:`ACTIVE_LENGTH` cells; None when
    a twin rules the pattern set out (it has no arbitrary pattern, so no ``unique``).  Built once
    per pattern set and specification."""
    if bindings in run.starts:
        return run.starts[bindings]
    spec = run.target
    first = pool_line(spec.transition.hints, spec.transition.before)
    if first is None:
        raise ValueError(f"specification {spec.key}: the line has no solution")
    twins = _twin_lines(run, bindings, first, check)
    inst: Instances | None = None
    if not twins or any(isinstance(b.pattern, Arbitrary) for b in bindings):
        inst = Instances.concat([Instances(bindings, [first, *twins[:MAX_TWINS]], run.check),
                                 _all_lines_instances(bindings, ACTIVE_LENGTH, run)])
    run.starts[bindings] = inst
    return inst


def _ranked(run: _Run, bindings: tuple[Binding, ...], inst: Instances) -> list[_Candidate]:
    """:func:`_candidates`, remembered for the specification by pattern set and pool lines: a
    search with proofs repeats the rounds of the search without proofs that found its candidate
    (the climb's, :func:`synthesize`), on the same pools, until that round."""
    key = (bindings, tuple(inst.lines))
    ranked = run.rounds.get(key)
    if ranked is None:
        ranked = run.rounds[key] = _candidates(run, bindings, inst)
    return ranked


def _search(run: _Run, bindings: tuple[Binding, ...], *, proved: bool = True) -> Rule | None:
    """A proved rule with these patterns covering the specification, or None when none is left
    or the pattern set's bounds (:data:`MAX_ROUNDS` refinement rounds, :data:`MAX_PROOFS` failed
    proofs) are spent."""
    check = _all_lines_instances(bindings, CHECK_LENGTH, run)
    inst = _starting_pool(run, bindings, check)
    if inst is None:
        return None  # only ``unique`` (over an arbitrary pattern) could tell a twin apart
    rejected: set[Rule] = set()
    failed_proofs = 0
    for _ in range(MAX_ROUNDS):
        ranked = [c for c in _ranked(run, bindings, inst) if c.rule not in rejected]
        if not ranked:
            return None
        top: list[tuple[int, int, Rule]] = []
        new_lines: list[PoolLine] = []
        for c in ranked[:RANKED]:
            bad, fired = _check_pool_failures(c.rule, check)
            if bad:
                rejected.add(c.rule)
                new_lines += [check.lines[i] for i in bad[:8]]
            else:
                top.append((-fired, cost(c.rule, run.options.weights), c.rule))
        top.sort(key=lambda t: (t[0], t[1]))
        if top and not proved:
            return top[0][2]  # sound on every line of the check pool; the caller proves it
        for _, _, rule in top:
            run.check()
            result, refuting = _verdict(rule, run)
            if result.sound:
                return rule
            rejected.add(rule)
            failed_proofs += 1
            if failed_proofs >= MAX_PROOFS:
                return None
            ce = result.counterexample
            line = pool_line(tuple(ce.hints), ce.cells) if ce is not None else None
            if line is not None:
                new_lines.append(line)
            new_lines += refuting
            break
        known = set(inst.lines)
        fresh = [pl for pl in dict.fromkeys(new_lines) if pl not in known]
        if fresh:
            inst = Instances.concat([inst, Instances(bindings, fresh, run.check)])
        run.check()
    return None


def _lifts(current: tuple[Binding, ...], spec: Specification) -> list[tuple[Binding, ...]]:
    """Pattern sets one step more general than ``current``: one pattern up one level of the
    lattice (singleton → constant(0) → arbitrary; constant(i) → arbitrary)."""
    levels = {b.name: pattern_sets_of_one(b) for b in spec.patterns}
    out = []
    for i, (b, orig) in enumerate(zip(current, spec.patterns, strict=True)):
        chain = levels[orig.name]
        at = chain.index(b)
        if at + 1 < len(chain):
            out.append(current[:i] + (chain[at + 1],) + current[i + 1:])
    return out


def _index_pattern(part: Cond, binding: Binding) -> Binding | None:
    """The pattern that ``part`` makes an arbitrary hint binding equal to, if any:
    ``(h is unique where 0 >= start(h))`` holds exactly for hint 0 (``constant(hint, 0)``), and
    ``(h is unique where 1 >= start(h))`` exactly for the only hint of a one-hint line
    (``singleton(hint)``)."""
    if not (isinstance(part, Unique) and part.var == binding.name
            and isinstance(binding.pattern, Arbitrary)
            and binding.pattern.type is ElementType.HINT and isinstance(part.cond, Compare)):
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
        variant = used_only(bindings, conjoin(parts[:i] + parts[i + 1:]))
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


def _simplified(rule: Rule, run: _Run) -> Rule:
    """``rule`` after dropping, one at a time, the conjuncts (and then unused bindings) it stays
    sound without and no less general on the check pool — a conjunct another one implies, such as
    ``size(g) >= size(h)`` next to ``(g is unique where size(g) >= size(h))``, or one that only
    narrowed where the rule fires.  Every step is proved; when the budget runs out the last proved
    rule is returned.  The result is written in its cheapest equivalent form (:func:`tidy`); a
    rule the check pool cannot judge (:func:`_checkable`) is only tidied."""
    rule = unpinned(rule)
    if not _checkable(rule):
        return tidy(rule)
    _, fired = _on_check_pool(rule, run)
    try:
        changed = True
        while changed:
            changed = False
            for variant in _variants(rule, run.options.weights):
                run.check()
                bad, more = _on_check_pool(variant, run)
                if bad or more < fired or not _proved(variant, run).sound:
                    continue
                rule, fired, changed = variant, more, True
                break
    except _Stop:
        pass
    return tidy(rule)


def simplify(rule: Rule, *, max_length: int = 30, budget_s: float = 60.0,
             should_stop: Callable[[], bool] | None = None,
             options: SearchOptions = DEFAULT_OPTIONS) -> Rule:
    """A proved rule made simpler the way synthesis finishes its rules (see
    :func:`_simplified`): never less general on the check pool, each step proved sound up to
    ``max_length`` cells; ``rule`` itself when nothing can go or the budget runs out first.
    ``rule`` must already be sound (as every stored learned rule is)."""
    return _simplified(rule, _Run(None, time.monotonic() + budget_s, should_stop, max_length,
                                  options=options))


def _widened(rule: Rule, run: _Run) -> Rule:
    """``rule`` with conjuncts added inside its ``unique`` conditions while that makes it set more
    (line, cell) pairs on the check pool (:mod:`nonostudio.learn.widen`): at most
    :data:`WIDEN_STEPS` conjuncts, the best of :data:`WIDEN_TRIES` candidates that z3 proves in
    :data:`WIDEN_PROOF_SECONDS` at each step.  ``rule`` itself when it has no ``unique`` or no
    widening is proved; when the budget runs out, the last proved rule.

    The outcome is remembered in this process, a stopped one too: a rule is met again for many
    specifications, and the next one continues where this one stopped.
    """
    if not run.options.allows("unique") or \
            not any(isinstance(p, Unique) for p in conjuncts(rule.condition)):
        return rule
    rule = unpinned(rule)
    if not _checkable(rule):
        return tidy(rule)
    body = (rule.bindings, rule.condition, rule.action, run.max_length, run.options)
    widened, steps, complete = _WIDENED.get(body, (rule, 0, False))
    widened = Rule(rule.name, widened.bindings, widened.condition, widened.action)
    try:
        while not complete:
            check = _all_lines_instances(widened.bindings, CHECK_LENGTH, run)
            for option in widenings(widened, check, limit=WIDEN_TRIES, poll=run.check,
                                    options=run.options):
                if _proved(option.rule, run, WIDEN_PROOF_SECONDS).sound:
                    widened, steps = option.rule, steps + 1
                    break
            else:
                complete = True  # nothing more is proved
            complete = complete or steps >= WIDEN_STEPS
    except _Stop:
        pass
    finally:
        if len(_WIDENED) > 4096:
            _WIDENED.clear()
        _WIDENED[body] = (widened, steps, complete)
    return tidy(widened)


# Per rule body: the widest rule proved so far, the conjuncts added, whether widening is done.
_WIDENED: dict[tuple[Any, ...], tuple[Rule, int, bool]] = {}


def widen(rule: Rule, *, max_length: int = 30, budget_s: float = 300.0,
          should_stop: Callable[[], bool] | None = None,
          options: SearchOptions = DEFAULT_OPTIONS) -> Rule:
    """A proved rule's ``unique`` conditions widened the way synthesis widens its rules (see
    :func:`_widened`): more general on the check pool, each step proved sound up to
    ``max_length`` cells; ``rule`` itself (tidied) when nothing is proved or the budget runs out
    first.  ``rule`` must already be sound."""
    return _widened(rule, _Run(None, time.monotonic() + budget_s, should_stop, max_length,
                               options=options))


def pattern_sets_of_one(b: Binding) -> list[Binding]:
    """One specification pattern and its generalisations, most specific first."""
    p, letter = b.pattern, _LETTER[b.pattern.type]
    if isinstance(p, Singleton):
        return [b, Binding(f"{letter}0", Constant(p.type, 0)), Binding(letter, Arbitrary(p.type))]
    return [b, Binding(b.name, Arbitrary(p.type))]


def _cells_matter_or_hints_suffice(spec: Specification) -> bool:
    """False when every pattern binds a hint and the run is not forced on the blank line.

    Such a rule sees only the hints and the line's length, so it fires the same fill on the line
    with every cell unknown, where it must be sound too.
    """
    if any(b.pattern.type is not ElementType.HINT for b in spec.patterns):
        return True
    n = len(spec.transition.before)
    blank = pool_line(spec.transition.hints, "-" * n)
    if blank is None:
        return False
    forced = blank.forced_filled if spec.value == FILLED else blank.forced_crossed
    run = (1 << spec.end) - (1 << spec.start)
    return run & ~forced == 0


def _constant_level(spec: Specification) -> tuple[Binding, ...]:
    """The specification's patterns with each singleton lifted to ``constant(t, 0)``: rules that
    name elements by index, as most documented strategies do (the first hint, the first block)."""
    return tuple(pattern_sets_of_one(b)[1] if isinstance(b.pattern, Singleton) else b
                 for b in spec.patterns)


def _more_productive(run: _Run, best: Rule, levels: list[tuple[Binding, ...]],
                     pretested: dict[tuple[Binding, ...], Rule],
                     tried: set[tuple[Binding, ...]]) -> list[Rule]:
    """Proved rules of the pattern sets ``levels`` (most general first) that set more (line, cell)
    pairs on the check pool than ``best`` and every rule kept before them.

    The climb keeps the rule of the most general patterns, but a less general pattern set can
    carry a much stronger condition: on ``(3) -O---- → fill [2,3)`` the climb ends at two
    arbitrary patterns with a rule that sets 934 pairs on the lines up to 6 cells, while the
    first hint and first block give ``size(h0) > start(b0) → fill(true, start(b0), size(h0))``
    with 964, which also covers every cell the control rule edge fill sets.  Both are kept; the
    rule-set optimisation chooses.
    """
    top = _on_check_pool(best, run)[1]
    out: list[Rule] = []
    for bindings in levels:
        if bindings == best.bindings:
            continue
        candidate = pretested.get(bindings)
        if candidate is None and bindings not in tried:
            tried.add(bindings)
            candidate = _search(run, bindings, proved=False)
        if candidate is None or (more := _on_check_pool(candidate, run)[1]) <= top:
            continue
        if not _proved(candidate, run).sound:
            candidate = _search(run, bindings)  # as in the climb: search again, with proofs
            if candidate is None or (more := _on_check_pool(candidate, run)[1]) <= top:
                continue
        out.append(Rule(f"{best.name}_{len(out) + 2}", candidate.bindings, candidate.condition,
                        candidate.action))
        top = more
    return out


def synthesize(spec: Specification, *, budget_s: float, max_length: int = 30,
               should_stop: Callable[[], bool] | None = None,
               ctx: z3.Context | None = None,
               options: SearchOptions = DEFAULT_OPTIONS) -> SynthResult:
    """A rule covering ``spec``, proved sound up to ``max_length`` cells, as general then as
    concise as the search finds (see the module docstring).

    ``ctx`` is the calling worker's z3 context (the runner's work signature); the runner
    interrupts it on cancellation, and ``should_stop`` is polled between candidates and passed to
    the prover, so a cancelled call returns within a second.  ``options`` narrows the search
    space and sets the cost weights candidates are ranked by.
    """
    run = _Run(spec, time.monotonic() + budget_s, should_stop, max_length, options=options)
    result = run.result
    if not _cells_matter_or_hints_suffice(spec):
        return result(None, "exhausted")
    best: Rule | None = None
    try:
        # Climb the pattern lattice from the specification's own patterns: a candidate for the
        # most specific set first (cheap to find when one exists), then one pattern at a time up
        # a level while a candidate is still found.  When the most specific set has none, its
        # one-step generalisations are tried (``unique`` needs an arbitrary pattern), and so on
        # upwards.  The climb checks candidates on the concrete pools only; z3 then proves the
        # pattern sets reached, most general first, the first proved rule winning.
        frontier = [tuple(spec.patterns)]
        tried: set[tuple[Binding, ...]] = set()
        chain: list[tuple[Binding, ...]] = []
        pretested: dict[tuple[Binding, ...], Rule] = {}
        while frontier:
            found = None
            for bindings in frontier:
                if bindings in tried:
                    continue
                tried.add(bindings)
                candidate = _search(run, bindings, proved=False)
                if candidate is not None:
                    found = bindings
                    pretested[bindings] = candidate
                    break
            if found is not None:
                chain.append(found)
                frontier = _lifts(found, spec)
            elif not chain:
                frontier = list(dict.fromkeys(x for f in frontier for x in _lifts(f, spec)))
            else:
                break
        for bindings in reversed(chain):
            # The climb's candidate first: it passed every line of the check pool, so it is
            # usually sound, and proving it spares a fresh search.
            if _proved(pretested[bindings], run).sound:
                best = pretested[bindings]
                break
            best = _search(run, bindings)
            if best is not None:
                break
    except _Stop:
        if best is not None:
            return result(best, "found")
        return result(None, run.stop_status())
    if best is None:
        return result(None, "exhausted")
    alternatives: list[Rule] = []
    # The extras (widening, alternatives) stop EXTRAS_MARGIN before the budget: the rule the
    # specification asks for is found, and a run counts a specification over budget as a hit.
    run.deadline -= EXTRAS_MARGIN
    best = _widened(_simplified(best, run), run)
    run.deadline = min(run.deadline, time.monotonic() + ALTERNATIVES_SECONDS)
    try:
        levels = list(dict.fromkeys([*reversed(chain), _constant_level(spec)]))
        bodies = {(best.bindings, best.condition, best.action)}
        for rule in _more_productive(run, best, levels, pretested, tried):
            rule = _widened(_simplified(rule, run), run)
            if (body := (rule.bindings, rule.condition, rule.action)) not in bodies:
                bodies.add(body)
                alternatives.append(rule)
    except _Stop:
        pass  # the rule the specification asks for is found; the budget ends the extras
    return result(best, "found", tuple(alternatives))


def synthesize_constant_level(spec: Specification, *, budget_s: float, max_length: int = 30,
                              should_stop: Callable[[], bool] | None = None,
                              ctx: z3.Context | None = None,
                              options: SearchOptions = DEFAULT_OPTIONS) -> SynthResult:
    """A proved, simplified rule for ``spec`` at its constant level only (singletons read as
    ``constant(t, 0)``; no climb, no alternatives): the narrow search a learning run gives the
    specifications it would otherwise skip (module docstring, step 7).  The rule is named after
    the specification with ``_c``, so it never takes the name of the specification's own rule."""
    run = _Run(spec, time.monotonic() + budget_s, should_stop, max_length, options=options)
    result = run.result
    if not _cells_matter_or_hints_suffice(spec):
        return result(None, "exhausted")
    try:
        rule = _search(run, _constant_level(spec))
        if rule is None:
            return result(None, "exhausted")
        rule = _simplified(rule, run)
    except _Stop:
        return result(None, run.stop_status())
    return result(Rule(f"{rule.name}_c", rule.bindings, rule.condition, rule.action), "found")
