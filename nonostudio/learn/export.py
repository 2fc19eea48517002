"""From a learning run's stored results to a rule set worth saving (issue 4 parts 3 and 6).

The CLI (``learn export``) and the Jobs panel's *Save* both come here: the distinct rules of one
or more runs of a job store (:func:`pooled_rules`), then the paper's optimisation — identical
coverage groups, subsets, greedy top k — optionally with the chosen rules simplified (each step
proved, never less general) and the choice made again (:func:`choose_rules`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from nonostudio.core.errors import PuzzleError
from nonostudio.learn.jobs import JobStore, rule_texts
from nonostudio.learn.optimize import OptimisedSet, optimise
from nonostudio.learn.synth import simplify
from nonostudio.rules.ast import Rule
from nonostudio.rules.coverage import Transition
from nonostudio.rules.parser import RuleSyntaxError, parse_rule


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
    changed."""

    chosen: OptimisedSet
    rules: list[Rule]
    simplified: int


def choose_rules(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    *,
    top_k: int | None = None,
    simplify_chosen: bool = False,
    say: Callable[[str], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Choice:
    """The optimised choice among ``rules`` on ``transitions``.

    With ``simplify_chosen`` the rules of the first choice are simplified (rules of earlier runs
    were kept as found; each step is proved and never less general, so only their cost drops)
    and the choice is made again over the pool with the simplified rules in their place.
    ``say`` hears progress lines; ``should_stop`` is polled between steps (a stopped choice has
    ``chosen.complete`` False).
    """
    pool = list(rules)

    def choose() -> OptimisedSet:
        def progress(done: int, total: int) -> None:
            if say is not None and done % 50 == 0:
                say(f"[optimise {done}/{total}]")
        return optimise(pool, transitions, top_k=top_k, progress=progress,
                        should_stop=should_stop)

    chosen = choose()
    simplified = 0
    if simplify_chosen and chosen.complete:
        for i, rule in enumerate(chosen.rules, 1):
            if should_stop is not None and should_stop():
                return Choice(chosen, pool, simplified)
            if say is not None:
                say(f"[simplify {i}/{len(chosen.rules)}] {rule.name}")
            better = simplify(rule, should_stop=should_stop)
            if better != rule:
                simplified += 1
                pool[pool.index(rule)] = better
        chosen = choose()
    return Choice(chosen, pool, simplified)
