"""Candidate search: for one pattern set, rules covering the specification, refined by CEGIS.

On an active pool of concrete lines (the specification's line, its twin lines, every valid line
of ≤ :data:`~nonostudio.learn.synthesis.verify.ACTIVE_LENGTH` cells and the counterexamples found so
far) every binding of the patterns is an instance.  Fills are pairs of linear forms containing the
specification's run; for each, a depth-first cover search picks condition atoms false on every
instance where the fill is wrong (:func:`covers`).  Candidates are ranked by generality then cost,
judged by the verification ladder (:mod:`nonostudio.learn.synthesis.verify`), and a failing line
joins the pool for the next round (:func:`search`; ``docs/design/learning.md``, steps 2-4).
"""

from __future__ import annotations

import hashlib

import numpy as np

from nonostudio.core.line import FILLED
from nonostudio.learn.mining.pool import Instances, PoolLine, pool_line
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.synthesis.active_pool import spec_instance, starting_pool
from nonostudio.learn.synthesis.enumerate import ConditionSpace, Form, fill_forms
from nonostudio.learn.synthesis.synth_run import Candidate, SpecRun
from nonostudio.learn.synthesis.verify import (
    CHECK_LENGTH,
    all_lines_instances,
    check_pool_failures,
    verdict,
)
from nonostudio.rules.language.ast import Binding, Fill, Rule, conjoin
from nonostudio.rules.language.cost import cost, fill_cost, pattern_cost

MAX_FILL_PAIRS = 40  # fills tried per pattern set and round, cheapest first
MAX_COVERS = 10  # conditions kept per fill
MAX_COVER_NODES = 200  # search nodes per fill's condition search (it is exponential)
RANKED = 40  # candidates re-ranked on the check pool
MAX_ROUNDS = 4  # refinement rounds (new counterexample lines) per pattern set
MAX_PROOFS = 3  # failed proofs per pattern set before it is given up


def _run_extent(line: PoolLine, value: int, start: int, end: int) -> tuple[int, int]:
    """The widest ``[lo, hi)`` around ``[start, end)`` of cells the transition forces to value."""
    forced = line.forced_filled if value == FILLED else line.forced_crossed
    lo, hi = start, end
    while lo > 0 and forced >> (lo - 1) & 1:
        lo -= 1
    while hi < line.n and forced >> hi & 1:
        hi += 1
    return lo, hi


def covers(
    space: ConditionSpace, wrong: np.ndarray, productive: np.ndarray
) -> list[tuple[int, ...]]:
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

    def rec(
        chosen: tuple[int, ...], uncovered: np.ndarray, kept: np.ndarray, specials: int
    ) -> None:
        nodes[0] += 1
        if len(out) >= MAX_COVERS or nodes[0] > MAX_COVER_NODES:
            return
        if not uncovered.any():
            chosen = irredundant(chosen, excludes, space.costs)
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
        full = np.asarray(sub.all(axis=1))
        keeps = keep_truth[cand][:, kept].sum(axis=1)
        costs = space.costs[cand]
        done = np.nonzero(full)[0]
        for j in done[np.lexsort((costs[done], -keeps[done]))][:3]:
            a = int(cand[j])
            rec(
                chosen + (a,),
                np.zeros_like(uncovered),
                kept & keep_truth[a],
                specials + int(space.special[a]),
            )
        if len(chosen) >= 3 or (comparisons >= 3 and specials):
            return
        count = sub.sum(axis=1)
        width = 6 if not chosen else 4
        orders = (
            np.lexsort((costs, -count, -keeps)),  # generality first
            np.lexsort((costs, -keeps, -count)),  # most wrong instances excluded
            np.lexsort((-count, -keeps, costs)),
        )  # cheapest
        picks = [j for order in orders for j in order[~full[order]][:width].tolist()]
        for j in dict.fromkeys(picks):
            a = int(cand[j])
            rec(
                chosen + (a,),
                uncovered & ~excludes[a],
                kept & keep_truth[a],
                specials + int(space.special[a]),
            )

    rec((), np.ones(len(w), dtype=bool), np.ones(int(productive.sum()), dtype=bool), 0)
    return out


def irredundant(cover: tuple[int, ...], excludes: np.ndarray, costs: np.ndarray) -> tuple[int, ...]:
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


def ranked_candidates(
    run: SpecRun, bindings: tuple[Binding, ...], inst: Instances
) -> list[Candidate]:
    """Pool-sound candidates for one pattern set on the active pool's instances ``inst`` (the
    specification's line first), best (most general, then cheapest) first."""
    i0 = spec_instance(inst, bindings, run.spec)
    if i0 is None:
        return []
    forms, values, starts, ends = _fill_sides(run, inst, i0)
    # Fills that are right and productive on more instances need weaker conditions: try those
    # first, cheaper first among equals.
    space = ConditionSpace(inst, i0, poll=run.check, options=run.options)
    pairs = _fill_pairs(run, inst, space, forms, values, starts, ends)
    return _best_candidates(
        run, bindings, inst, space, forms, values, _bounded(inst, run.spec.value, values, pairs)
    )


def _fill_sides(
    run: SpecRun, inst: Instances, i0: int
) -> tuple[tuple[Form, ...], np.ndarray, list[int], list[int]]:
    """The fill forms, their values on every instance (instances × forms), and the distinct
    forms that may start / end a fill: on the specification's instance ``i0``, the fill
    contains its run and stays inside the cells the transition forces to the run's value."""
    spec = run.spec
    forms = fill_forms(inst.exprs, options=run.options)
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
    return forms, values, starts, ends


def _fill_pairs(
    run: SpecRun,
    inst: Instances,
    space: ConditionSpace,
    forms: tuple[Form, ...],
    values: np.ndarray,
    starts: list[int],
    ends: list[int],
) -> list[tuple[int, int, int, int]]:
    """``(-productive instances, cost, start, end)`` of every fill no condition can make right
    (wrong on no twin), most productive first."""
    # Instances where every condition atom holds are twins of the specification's: no condition
    # tells them apart, so a fill wrong on one of them cannot be part of a rule.
    twins = space.truth.all(axis=0) if len(space.atoms) else np.ones(len(inst), dtype=bool)
    pairs = []
    for s in starts:
        run.check()
        wrong, productive = inst.fill_status(run.spec.value, values[:, s : s + 1], values[:, ends])
        useful = productive.sum(axis=0)
        blocked = np.asarray(wrong[twins].any(axis=0))
        pairs += [
            (-int(u), forms[s].cost + forms[e].cost, s, e)
            for u, e, no in zip(useful, ends, blocked, strict=True)
            if not no
        ]
    pairs.sort()
    return pairs


_Bounded = tuple[
    int, int, int, int, np.ndarray, np.ndarray
]  # -bound, cost, s, e, wrong, productive


def _bounded(
    inst: Instances, value: int, values: np.ndarray, pairs: list[tuple[int, int, int, int]]
) -> list[_Bounded]:
    """The first :data:`MAX_FILL_PAIRS` fills with the cells each sets on all its productive
    instances (a bound on every candidate built on it: a cover only narrows where the fill
    fires), largest bound first, and where each is wrong and productive."""
    bounded = []
    for _, c, s, e in pairs[:MAX_FILL_PAIRS]:
        wrong, productive = inst.fill_status(value, values[:, s], values[:, e])
        bounded.append(
            (-inst.new_cells(productive, values[:, s], values[:, e]), c, s, e, wrong, productive)
        )
    bounded.sort(key=lambda t: (t[0], t[1]))
    return bounded


def _best_candidates(
    run: SpecRun,
    bindings: tuple[Binding, ...],
    inst: Instances,
    space: ConditionSpace,
    forms: tuple[Form, ...],
    values: np.ndarray,
    bounded: list[_Bounded],
) -> list[Candidate]:
    """Branch and bound over the fills: each fill with each of its covers is a candidate; once
    :data:`RANKED` candidates are at least as general as the next fill's bound, stop."""
    spec, weights = run.spec, run.options.weights
    base_cost = sum(pattern_cost(b.pattern, weights) for b in bindings)
    value = spec.value == FILLED
    name = _rule_name(spec)
    # Candidates that fire on the same instances with the same fills there are one candidate on
    # this pool (fills can differ where the condition is false): the cheapest is kept.
    best: dict[bytes, Candidate] = {}
    covers_of: dict[bytes, list[tuple[int, ...]]] = {}

    def ranked() -> list[Candidate]:
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
            covers_of[found] = covers(space, wrong, productive)
        for cover in covers_of[found]:
            run.candidates += 1
            fires = space.truth[list(cover)].all(axis=0) if cover else np.ones(len(inst), bool)
            coverage = inst.new_cells(productive & fires, values[:, s], values[:, e])
            parts = sorted(cover, key=lambda a: (space.special[a], a))
            cond = conjoin([space.atoms[a].cond for a in parts])
            total = (
                base_cost
                + sum(space.atoms[a].cost for a in cover)
                + (len(cover) - 1) * weights.operator
                + fcost
            )
            candidate = Candidate(
                coverage, total if cover else base_cost + fcost, Rule(name, bindings, cond, fill)
            )
            key = (
                fires.tobytes()
                + np.where(fires, values[:, s], 0).tobytes()
                + np.where(fires, values[:, e], 0).tobytes()
            )
            if key not in best or candidate.cost < best[key].cost:
                best[key] = candidate
    return ranked()


def _remembered(run: SpecRun, bindings: tuple[Binding, ...], inst: Instances) -> list[Candidate]:
    """:func:`ranked_candidates`, remembered for the specification by pattern set and pool lines: a
    search with proofs repeats the rounds of the search without proofs that found its candidate
    (the climb's, :func:`synthesize`), on the same pools, until that round."""
    key = (bindings, tuple(inst.lines))
    ranked = run.rounds.get(key)
    if ranked is None:
        ranked = run.rounds[key] = ranked_candidates(run, bindings, inst)
    return ranked


def search(run: SpecRun, bindings: tuple[Binding, ...], *, proved: bool = True) -> Rule | None:
    """A proved rule with these patterns covering the specification, or None when none is left
    or the pattern set's bounds (:data:`MAX_ROUNDS` refinement rounds, :data:`MAX_PROOFS` failed
    proofs) are spent."""
    check = all_lines_instances(bindings, CHECK_LENGTH, run)
    inst = starting_pool(run, bindings, check)
    if inst is None:
        return None  # only ``unique`` (over an arbitrary pattern) could tell a twin apart
    rejected: set[Rule] = set()
    failed_proofs = 0
    for _ in range(MAX_ROUNDS):
        ranked = [c for c in _remembered(run, bindings, inst) if c.rule not in rejected]
        if not ranked:
            return None
        top: list[tuple[int, int, Rule]] = []
        new_lines: list[PoolLine] = []
        for c in ranked[:RANKED]:
            bad, fired = check_pool_failures(c.rule, check)
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
            result, refuting = verdict(rule, run)
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
