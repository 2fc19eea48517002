"""From a learning run's stored results to a rule set worth saving (issue 4 parts 3 and 6).

The CLI (``learn export``) and the Jobs panel's *Save* both come here: the distinct rules of one
or more runs of a job store (:func:`pooled_rules`), then the paper's optimisation — identical
coverage groups, subsets, greedy top k — optionally with the chosen rules simplified (each step
proved, never less general) and the choice made again (:func:`choose_rules`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from nonostudio.core.errors import PuzzleError
from nonostudio.learn.enumerate import DEFAULT_OPTIONS, SearchOptions
from nonostudio.learn.jobs import JobStore, rule_texts
from nonostudio.learn.optimize import OptimisedSet, measure_cells, optimise, rule_cells
from nonostudio.learn.report import recovered_rules
from nonostudio.learn.synth import simplify, widen
from nonostudio.rules.ast import Rule
from nonostudio.rules.cost import cost
from nonostudio.rules.coverage import Transition
from nonostudio.rules.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.tidy import tidy


def run_rules(store: JobStore, run_id: int) -> list[tuple[str, Rule]]:
    """``(specification key, rule)`` for every distinct rule the run found, in store order."""
    out: list[tuple[str, Rule]] = []
    seen: set[str] = set()
    for key, result in store.results(run_id):
        for text in rule_texts(result):
            if text in seen:
                continue
            seen.add(text)
            try:
                out.append((key, parse_rule(text, f"run {run_id}, {key}")))
            except RuleSyntaxError as exc:
                raise PuzzleError(f"the stored rule does not parse: {exc}",
                                  source=str(store.path)) from None
    return out


def pooled_rules(store: JobStore, run_ids: list[int]) -> list[tuple[str, Rule]]:
    """``(specification key, rule)`` for the distinct rules of several runs, in run order: a rule
    an earlier run found already is left out; one whose name an earlier run's rule took (names
    come from the specification) is renamed ``NAME_runN``."""
    found: list[tuple[str, Rule]] = []
    seen: set[tuple[Any, ...]] = set()
    names: set[str] = set()
    for r in run_ids:
        for key, rule in run_rules(store, r):
            body = (rule.bindings, rule.condition, rule.action)
            if body in seen:
                continue
            seen.add(body)
            if rule.name in names:
                rule = replace(rule, name=f"{rule.name}_run{r}")
            names.add(rule.name)
            found.append((key, rule))
    return found


@dataclass
class Choice:
    """What :func:`choose_rules` chose: ``rules`` is the whole pool after simplification (the
    chosen ones are ``chosen.rules``), ``simplified`` how many chosen rules simplification
    changed, ``widened`` how many chosen rules widening changed, ``kept_for`` the rules added
    after the greedy choice because they recover a documented strategy no chosen rule does
    (control rule name → learned rule name)."""

    chosen: OptimisedSet
    rules: list[Rule]
    simplified: int
    kept_for: dict[str, str] = field(default_factory=dict)
    widened: int = 0


def choose_rules(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    top_k: int | None = None,
    simplify_chosen: bool = False,
    widen_chosen: bool = False,
    recover: Sequence[Rule] = (),
    say: Callable[[str], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    jobs: int | None = None,
    options: SearchOptions = DEFAULT_OPTIONS,
) -> Choice:
    """The optimised choice among ``rules`` on ``transitions``.

    Every rule is first written in its cheapest equivalent form (:func:`tidy`: the same fills,
    so only costs change; rules that become the same are kept once).  With ``simplify_chosen``
    the rules of the first choice are simplified (rules of earlier runs were kept as found; each
    step is proved and never less general, so only their cost drops) and the choice is made
    again over the pool with the simplified rules in their place.  With ``widen_chosen`` the
    ``unique`` conditions of the chosen rules are widened as synthesis now does (each step proved,
    more general on the check pool; rules of earlier runs were kept as found) before that, the
    widened rules taking the originals' place.  With ``recover`` (documented
    strategies, such as the control rules) and no ``top_k``, a strategy that some pooled rule
    recovers (fills a superset of its cells) but no chosen one does gets the cheapest such rule
    added at the end with a gain of 0 — greedy ties to the cheaper rule can otherwise leave out
    the one rule a player would recognise as that strategy.  ``say`` hears progress lines;
    ``should_stop`` is polled between steps (a stopped choice has ``chosen.complete`` False).
    ``jobs`` worker processes (default one per core) measure the pool's coverages
    (:func:`measure_cells`).  Widening and simplification search as ``options`` allow (the
    search options of the runs the rules come from).
    """
    pool: list[Rule] = []
    bodies: set[tuple[Any, ...]] = set()
    for rule in map(tidy, rules):  # the same fills, cheaper written where possible
        if (body := (rule.bindings, rule.condition, rule.action)) not in bodies:
            bodies.add(body)
            pool.append(rule)
    def measured(done: int, total: int) -> None:
        if say is not None and done % 50 == 0:  # tasks are MEASURE_CHUNK rules, 50 a multiple
            say(f"[measure {done}/{total}]")
    cells = measure_cells(pool, transitions, jobs=jobs, progress=measured, should_stop=should_stop)
    if cells is None:
        return Choice(OptimisedSet([], [], 0, 0, complete=False), pool, 0)

    def choose() -> OptimisedSet:
        def progress(done: int, total: int) -> None:
            if say is not None and done % 50 == 0:
                say(f"[optimise {done}/{total}]")
        return optimise(pool, transitions, top_k=top_k, progress=progress,
                        should_stop=should_stop, cells=cells)

    chosen = choose()
    changed = {"simplify": 0, "widen": 0}
    steps = [(name, step) for name, step, wanted in (("widen", widen, widen_chosen),
                                                     ("simplify", simplify, simplify_chosen))
             if wanted]
    if steps and chosen.complete:
        for i, rule in enumerate(chosen.rules, 1):
            better = rule
            for name, step in steps:
                if should_stop is not None and should_stop():
                    return Choice(chosen, pool, changed["simplify"], widened=changed["widen"])
                if say is not None:
                    say(f"[{name} {i}/{len(chosen.rules)}] {rule.name}")
                after = step(better, should_stop=should_stop, options=options)
                changed[name] += after != better
                better = after
            if better != rule:
                at = pool.index(rule)
                pool[at], cells[at] = better, rule_cells(better, transitions)
        chosen = choose()
    simplified = changed["simplify"]
    kept_for: dict[str, str] = {}
    if recover and top_k is None and chosen.complete:
        wanted = [rule_cells(r, transitions) for r in recover]
        index = {r.name: i for i, r in enumerate(pool)}
        mine = recovered_rules(chosen.rules, [cells[index[r.name]] for r in chosen.rules],
                               recover, wanted)
        anywhere = recovered_rules(pool, cells, recover, wanted)
        for strategy, by in mine.items():
            extra = anywhere[strategy]
            if by is None and extra is not None:
                kept_for[strategy] = extra
                if extra not in {r.name for r in chosen.rules}:
                    rule = pool[index[extra]]
                    chosen.rules.append(rule)
                    chosen.gains.append(0)
                    chosen.costs.append(cost(rule))
    return Choice(chosen, pool, simplified, kept_for, changed["widen"])


def common_options(settings: Sequence[Mapping[str, Any]]) -> SearchOptions:
    """The search options every one of these runs' settings share (the defaults when they
    differ, when there is no run, or when one cannot be read)."""
    try:
        found = {SearchOptions.from_json(s.get("search")) for s in settings}
    except ValueError:
        return DEFAULT_OPTIONS
    return found.pop() if len(found) == 1 else DEFAULT_OPTIONS
