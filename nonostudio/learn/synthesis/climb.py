"""The lattice climb: from a specification's own patterns to the most general rule proved.

Starting at the specification's patterns, one pattern at a time is lifted a level of the lattice
(singleton → constant(0) → arbitrary, constant(i) → arbitrary) while a candidate is still found
on the concrete pools; z3 then proves the pattern sets reached, most general first, and the
first proved rule wins.  The rule is polished (:mod:`nonostudio.learn.synthesis.polish`), and rules
of less general pattern sets that set more cells are kept as alternatives
(``docs/design/learning.md``, steps 1 and 6).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import product

import z3

from nonostudio.core.line import FILLED
from nonostudio.core.progress import StopCallback
from nonostudio.learn.mining.pool import pool_line
from nonostudio.learn.mining.specs import Specification
from nonostudio.learn.synthesis.candidates import search
from nonostudio.learn.synthesis.enumerate import DEFAULT_OPTIONS, SearchOptions
from nonostudio.learn.synthesis.polish import simplified, widened
from nonostudio.learn.synthesis.synth_run import SpecRun, Stopped, SynthResult, SynthStatus
from nonostudio.learn.synthesis.verify import on_check_pool, proved
from nonostudio.rules.language.ast import Arbitrary, Binding, Constant, ElementType, Rule, Singleton
from nonostudio.rules.language.cost import pattern_cost

# The more productive alternatives (more_productive) are extras: their search, proofs and
# simplification get at most this long once the specification's own rule is found.
ALTERNATIVES_SECONDS = 8.0
# Widening and alternatives end this long before the specification's budget.
EXTRAS_MARGIN = 3.0
_LETTER = {ElementType.HINT: "h", ElementType.BLOCK: "b", ElementType.GAP: "g"}


def pattern_sets(spec: Specification) -> list[tuple[Binding, ...]]:
    """The specification's patterns and every generalisation, most general first."""
    options = [list(enumerate(reversed(pattern_sets_of_one(b)))) for b in spec.patterns]
    combos = list(product(*options))
    combos.sort(key=lambda c: (sum(r for r, _ in c), sum(pattern_cost(b.pattern) for _, b in c)))
    return [tuple(b for _, b in c) for c in combos]


def pattern_sets_of_one(b: Binding) -> list[Binding]:
    """One specification pattern and its generalisations, most specific first."""
    p, letter = b.pattern, _LETTER[b.pattern.type]
    if isinstance(p, Singleton):
        return [b, Binding(f"{letter}0", Constant(p.type, 0)), Binding(letter, Arbitrary(p.type))]
    return [b, Binding(b.name, Arbitrary(p.type))]


def lifts(current: tuple[Binding, ...], spec: Specification) -> list[tuple[Binding, ...]]:
    """Pattern sets one step more general than ``current``: one pattern up one level of the
    lattice (singleton → constant(0) → arbitrary; constant(i) → arbitrary)."""
    levels = {b.name: pattern_sets_of_one(b) for b in spec.patterns}
    out = []
    for i, (b, orig) in enumerate(zip(current, spec.patterns, strict=True)):
        chain = levels[orig.name]
        at = chain.index(b)
        if at + 1 < len(chain):
            out.append(current[:i] + (chain[at + 1],) + current[i + 1 :])
    return out


def cells_matter_or_hints_suffice(spec: Specification) -> bool:
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


def constant_level(spec: Specification) -> tuple[Binding, ...]:
    """The specification's patterns with each singleton lifted to ``constant(t, 0)``: rules that
    name elements by index, as most documented strategies do (the first hint, the first block)."""
    return tuple(
        pattern_sets_of_one(b)[1] if isinstance(b.pattern, Singleton) else b for b in spec.patterns
    )


def more_productive(
    run: SpecRun,
    best: Rule,
    levels: list[tuple[Binding, ...]],
    pretested: dict[tuple[Binding, ...], Rule],
    tried: set[tuple[Binding, ...]],
) -> list[Rule]:
    """Proved rules of the pattern sets ``levels`` (most general first) that set more (line, cell)
    pairs on the check pool than ``best`` and every rule kept before them.

    The climb keeps the rule of the most general patterns, but a less general pattern set can
    carry a much stronger condition: on ``(3) -O---- → fill [2,3)`` the climb ends at two
    arbitrary patterns with a rule that sets 934 pairs on the lines up to 6 cells, while the
    first hint and first block give ``size(h0) > start(b0) → fill(true, start(b0), size(h0))``
    with 964, which also covers every cell the control rule edge fill sets.  Both are kept; the
    rule-set optimisation chooses.
    """
    top = on_check_pool(best, run)[1]
    out: list[Rule] = []
    for bindings in levels:
        if bindings == best.bindings:
            continue
        candidate = pretested.get(bindings)
        if candidate is None and bindings not in tried:
            tried.add(bindings)
            candidate = search(run, bindings, proved=False)
        if candidate is None or (more := on_check_pool(candidate, run)[1]) <= top:
            continue
        if not proved(candidate, run).sound:
            candidate = search(run, bindings)  # as in the climb: search again, with proofs
            if candidate is None or (more := on_check_pool(candidate, run)[1]) <= top:
                continue
        out.append(
            Rule(
                f"{best.name}_{len(out) + 2}",
                candidate.bindings,
                candidate.condition,
                candidate.action,
            )
        )
        top = more
    return out


@dataclass
class _Climb:
    """What the climb reached: the pattern sets where a candidate was found, least general
    first (``chain``), each one's candidate (``pretested``), and every pattern set searched."""

    chain: list[tuple[Binding, ...]] = field(default_factory=list)
    pretested: dict[tuple[Binding, ...], Rule] = field(default_factory=dict)
    tried: set[tuple[Binding, ...]] = field(default_factory=set)


def _climb(run: SpecRun) -> _Climb:
    """Climb the pattern lattice from the specification's own patterns: a candidate for the most
    specific set first (cheap to find when one exists), then one pattern at a time up a level
    while a candidate is still found.  When the most specific set has none, its one-step
    generalisations are tried (``unique`` needs an arbitrary pattern), and so on upwards.
    Candidates are checked on the concrete pools only (no proofs)."""
    spec = run.spec
    climbed = _Climb()
    frontier = [tuple(spec.patterns)]
    while frontier:
        found = None
        for bindings in frontier:
            if bindings in climbed.tried:
                continue
            climbed.tried.add(bindings)
            candidate = search(run, bindings, proved=False)
            if candidate is not None:
                found = bindings
                climbed.pretested[bindings] = candidate
                break
        if found is not None:
            climbed.chain.append(found)
            frontier = lifts(found, spec)
        elif not climbed.chain:
            frontier = list(dict.fromkeys(x for f in frontier for x in lifts(f, spec)))
        else:
            break
    return climbed


def _most_general_proved(run: SpecRun, climbed: _Climb) -> Rule | None:
    """z3 proves the pattern sets the climb reached, most general first; the first proved rule
    wins.  The climb's candidate is tried first: it passed every line of the check pool, so it
    is usually sound, and proving it spares a fresh search (with proofs)."""
    for bindings in reversed(climbed.chain):
        if proved(climbed.pretested[bindings], run).sound:
            return climbed.pretested[bindings]
        best = search(run, bindings)
        if best is not None:
            return best
    return None


def _polished_alternatives(run: SpecRun, best: Rule, climbed: _Climb) -> list[Rule]:
    """The more productive rules of less general pattern sets (:func:`more_productive`),
    polished, each body once and none the same as ``best``'s; those found before the budget
    ended."""
    alternatives: list[Rule] = []
    try:
        levels = list(dict.fromkeys([*reversed(climbed.chain), constant_level(run.spec)]))
        bodies = {(best.bindings, best.condition, best.action)}
        for rule in more_productive(run, best, levels, climbed.pretested, climbed.tried):
            rule = widened(simplified(rule, run), run)
            if (body := (rule.bindings, rule.condition, rule.action)) not in bodies:
                bodies.add(body)
                alternatives.append(rule)
    except Stopped:
        pass  # the rule the specification asks for is found; the budget ends the extras
    return alternatives


def synthesize(
    spec: Specification,
    *,
    budget_s: float,
    max_length: int = 30,
    should_stop: StopCallback | None = None,
    ctx: z3.Context | None = None,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> SynthResult:
    """A rule covering ``spec``, proved sound up to ``max_length`` cells, as general then as
    concise as the search finds (``docs/design/learning.md``): the climb, the proofs of the
    pattern sets it reached, the rule polished, then the more productive alternatives.

    ``ctx`` is the calling worker's z3 context (the runner's work signature); the runner
    interrupts it on cancellation, and ``should_stop`` is polled between candidates and passed to
    the prover, so a cancelled call returns within a second.  ``options`` narrows the search
    space and sets the cost weights candidates are ranked by.
    """
    run = SpecRun.searching(spec, budget_s, should_stop, max_length, options)
    if not cells_matter_or_hints_suffice(spec):
        return run.result(None, SynthStatus.EXHAUSTED)
    try:
        climbed = _climb(run)
        best = _most_general_proved(run, climbed)
    except Stopped:
        return run.result(None, run.stop_status())
    if best is None:
        return run.result(None, SynthStatus.EXHAUSTED)
    # The extras (widening, alternatives) stop EXTRAS_MARGIN before the budget: the rule the
    # specification asks for is found, and a run counts a specification over budget as a hit.
    run.deadline -= EXTRAS_MARGIN
    best = widened(simplified(best, run), run)
    run.deadline = min(run.deadline, time.monotonic() + ALTERNATIVES_SECONDS)
    alternatives = _polished_alternatives(run, best, climbed)
    return run.result(best, SynthStatus.FOUND, tuple(alternatives))
