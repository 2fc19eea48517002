"""From a learning run's stored results to a rule set worth saving.

The CLI (``learn export``) and the Jobs panel's *Save* both come here: the distinct rules of one
or more runs of a job store (:func:`pooled_rules`), then the paper's optimisation — identical
coverage groups, subsets, greedy top k — optionally with the chosen rules simplified (each step
proved, never less general) and the choice made again, and optionally with every rule's mirror
image pooled too (:func:`choose_rules`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from nonostudio.core.errors import PuzzleError
from nonostudio.core.progress import StopCallback
from nonostudio.learn.choosing.export_entries import chosen_entries as chosen_entries
from nonostudio.learn.choosing.export_entries import mirrored_key
from nonostudio.learn.choosing.export_entries import specification_key as specification_key
from nonostudio.learn.choosing.optimize import (
    Cells,
    OptimisedSet,
    measure_cells,
    optimise,
    rule_cells,
)
from nonostudio.learn.choosing.report import recovered_rules
from nonostudio.learn.store.jobs import JobStore, rule_texts
from nonostudio.learn.synthesis.enumerate import DEFAULT_OPTIONS, SearchOptions
from nonostudio.learn.synthesis.synth import simplify, widen
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.language.cost import cost
from nonostudio.rules.language.mirror import mirrored
from nonostudio.rules.language.parser import RuleSyntaxError, parse_rule
from nonostudio.rules.language.tidy import tidy
from nonostudio.rules.measuring.coverage import Transition
from nonostudio.rules.proving.prover import AT_ONCE, prove


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
                raise PuzzleError(
                    f"the stored rule does not parse: {exc}", source=str(store.path)
                ) from None
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
    # mirror image's name -> the pooled rule it mirrors (every mirror added to the pool)
    mirrors: dict[str, str] = field(default_factory=dict)
    # mirror images chosen and then refuted by the prover (there should be none: a bug if any)
    refuted: list[str] = field(default_factory=list)

    def sources(self, source: Mapping[str, str]) -> dict[str, str]:
        """``source`` (rule name to specification key) with each mirror image's key: its
        original's line read backwards (:func:`mirrored_key`)."""
        return {
            **source,
            **{image: mirrored_key(source[original]) for image, original in self.mirrors.items()},
        }


@dataclass(frozen=True)
class ChoiceSettings:
    """What :func:`choose_rules` is asked for.

    ``top_k``: the k best rules (all that add a cell when None); ``cost_budget``: their costs add
    up to at most this.  ``widen_chosen`` / ``simplify_chosen``: the chosen rules widened /
    simplified (each step proved up to ``prove_length`` cells) and the choice made again.
    ``recover``: documented strategies (such as the control rules) that a chosen rule should
    recover (without ``top_k`` only).  ``mirror``: every pooled rule's mirror image joins the
    pool.  ``jobs``: worker processes measuring coverages (default one per core).  ``search``:
    the search options widening and simplification use (those of the runs the rules come from).
    """

    top_k: int | None = None
    cost_budget: int | None = None
    simplify_chosen: bool = False
    widen_chosen: bool = False
    recover: Sequence[Rule] = ()
    mirror: bool = False
    prove_length: int = 30
    jobs: int | None = None
    search: SearchOptions = DEFAULT_OPTIONS


def choose_rules(
    rules: Sequence[Rule],
    transitions: Sequence[Transition],
    settings: ChoiceSettings = ChoiceSettings(),
    *,
    say: Callable[[str], None] | None = None,
    should_stop: StopCallback | None = None,
) -> Choice:
    """The optimised choice among ``rules`` on ``transitions``
    (:func:`~nonostudio.learn.choosing.optimize.optimise`), made in steps:

    1. every rule written in its cheapest equivalent form, rules that become the same kept once
       (:func:`tidied_pool`);
    2. the pool's coverages measured and the choice made;
    3. with ``widen_chosen`` / ``simplify_chosen``, the chosen rules polished in the pool and the
       choice made again;
    4. with ``mirror``, the mirror images pooled and the choice made again, each chosen mirror
       proved before it is kept (one refuted leaves the pool and is listed in ``refuted``);
    5. with ``recover`` and no ``top_k``, a strategy some pooled rule recovers but no chosen one
       does gets the cheapest such rule added with a gain of 0.

    ``say`` hears progress lines; ``should_stop`` is polled between steps (a stopped choice has
    ``chosen.complete`` False).
    """
    steps = _Choosing(tidied_pool(rules), transitions, settings, say, should_stop)
    if not steps.measure():
        return Choice(OptimisedSet([], [], 0, 0, complete=False), steps.pool, 0)
    chosen = steps.choose()
    if steps.polishing() and chosen.complete:
        if not steps.polish(chosen):
            return Choice(
                chosen, steps.pool, steps.changed["simplify"], widened=steps.changed["widen"]
            )
        chosen = steps.choose()
    simplified = steps.changed["simplify"]
    if settings.mirror and chosen.complete:
        stopped = Choice(OptimisedSet([], [], 0, 0, complete=False), steps.pool, simplified)
        mirrored_choice = steps.with_mirrors()
        if mirrored_choice is None:
            return stopped
        chosen = mirrored_choice
    kept_for: dict[str, str] = {}
    if settings.recover and settings.top_k is None and chosen.complete:
        kept_for = steps.keep_recovering(chosen)
    return Choice(
        chosen,
        steps.pool,
        simplified,
        kept_for,
        steps.changed["widen"],
        steps.mirrors,
        steps.refuted,
    )


def tidied_pool(rules: Sequence[Rule]) -> list[Rule]:
    """``rules`` each in its cheapest equivalent form (:func:`tidy`: the same fills, so only
    costs change), a rule that becomes the same as an earlier one left out."""
    pool: list[Rule] = []
    bodies: set[tuple[Any, ...]] = set()
    for rule in map(tidy, rules):
        if (body := (rule.bindings, rule.condition, rule.action)) not in bodies:
            bodies.add(body)
            pool.append(rule)
    return pool


@dataclass
class _Choosing:
    """The state :func:`choose_rules` passes from step to step: the pool (changed in place) and
    its coverages, what polishing changed, the mirror images added and refuted."""

    pool: list[Rule]
    transitions: Sequence[Transition]
    settings: ChoiceSettings
    say: Callable[[str], None] | None
    should_stop: StopCallback | None
    cells: list[Cells] = field(default_factory=list)
    changed: Counter[str] = field(default_factory=Counter)
    mirrors: dict[str, str] = field(default_factory=dict)
    refuted: list[str] = field(default_factory=list)

    def stopping(self) -> bool:
        return self.should_stop is not None and self.should_stop()

    def _measured(self, rules: Sequence[Rule]) -> list[Cells] | None:
        """The coverages of ``rules`` (None when stopped), said every 50 rules."""
        total = len(rules)

        def progress(fraction: float, _message: str) -> None:
            done = round(fraction * total)
            if self.say is not None and done % 50 == 0:  # tasks are MEASURE_CHUNK rules
                self.say(f"[measure {done}/{total}]")

        return measure_cells(
            rules,
            self.transitions,
            jobs=self.settings.jobs,
            progress=progress,
            should_stop=self.should_stop,
        )

    def measure(self) -> bool:
        """Step 2a: the pool's coverages; False when stopped."""
        cells = self._measured(self.pool)
        if cells is None:
            return False
        self.cells = cells
        return True

    def choose(self) -> OptimisedSet:
        """The optimised choice over the pool as it is now, said every tenth of the way."""
        shown = [-1]  # the last tenth of the way said

        def progress(fraction: float, message: str) -> None:
            if self.say is not None and int(10 * fraction) > shown[0]:
                shown[0] = int(10 * fraction)
                self.say(f"[optimise {fraction:.0%}] {message}")

        return optimise(
            self.pool,
            self.transitions,
            top_k=self.settings.top_k,
            progress=progress,
            should_stop=self.should_stop,
            cells=self.cells,
            cost_budget=self.settings.cost_budget,
        )

    def polishing(self) -> list[tuple[str, Callable[..., Rule]]]:
        """The polishing steps asked for, in the order they are applied."""
        wanted = (
            ("widen", widen, self.settings.widen_chosen),
            ("simplify", simplify, self.settings.simplify_chosen),
        )
        return [(name, step) for name, step, asked in wanted if asked]

    def polish(self, chosen: OptimisedSet) -> bool:
        """Step 3: each chosen rule widened then simplified as asked, replacing it in the pool;
        ``changed`` counts the rules each step changed.  False when stopped."""
        for i, rule in enumerate(chosen.rules, 1):
            better = rule
            for name, step in self.polishing():
                if self.stopping():
                    return False
                if self.say is not None:
                    self.say(f"[{name} {i}/{len(chosen.rules)}] {rule.name}")
                after = step(
                    better,
                    max_length=self.settings.prove_length,
                    should_stop=self.should_stop,
                    options=self.settings.search,
                )
                self.changed[name] += after != better
                better = after
            if better != rule:
                at = self.pool.index(rule)
                self.pool[at], self.cells[at] = better, rule_cells(better, self.transitions)
        return True

    def with_mirrors(self) -> OptimisedSet | None:
        """Step 4: the mirror images pooled and the choice made again until every chosen mirror
        is proved; None when stopped."""
        added = _mirror_images(self.pool, self.mirrors)
        if self.say is not None:
            self.say(f"measuring {len(added)} mirror images")
        more = self._measured(added)
        if more is None:
            return None
        self.pool += added
        self.cells += more
        while (chosen := self.choose()).complete:
            unproved = [
                r
                for r in chosen.rules
                if r.name in self.mirrors
                and not _proved_mirror(r, self.settings.prove_length, self.say, self.should_stop)
            ]
            if self.stopping():
                return None
            if not unproved:
                break
            self.refuted += [r.name for r in unproved]
            for r in unproved:
                at = self.pool.index(r)
                del self.pool[at], self.cells[at]
        return chosen

    def keep_recovering(self, chosen: OptimisedSet) -> dict[str, str]:
        """Step 5: for each strategy of ``recover`` that some pooled rule recovers (fills a
        superset of its cells) but no chosen one does, the cheapest such rule added to
        ``chosen`` with a gain of 0 (greedy ties to the cheaper rule can otherwise leave out the
        one rule a player would recognise); strategy name → learned rule name."""
        recover = self.settings.recover
        wanted = [rule_cells(r, self.transitions) for r in recover]
        index = {r.name: i for i, r in enumerate(self.pool)}
        mine = recovered_rules(
            chosen.rules, [self.cells[index[r.name]] for r in chosen.rules], recover, wanted
        )
        anywhere = recovered_rules(self.pool, self.cells, recover, wanted)
        kept_for: dict[str, str] = {}
        for strategy, by in mine.items():
            extra = anywhere[strategy]
            if by is None and extra is not None:
                kept_for[strategy] = extra
                if extra not in {r.name for r in chosen.rules}:
                    rule = self.pool[index[extra]]
                    chosen.rules.append(rule)
                    chosen.gains.append(0)
                    chosen.costs.append(cost(rule))
        return kept_for


def _mirror_images(pool: Sequence[Rule], mirrors: dict[str, str]) -> list[Rule]:
    """The mirror images of ``pool``'s rules that are not in it already (same patterns, condition
    and fill), each under a name no pooled rule has; ``mirrors`` learns image → original."""
    bodies = {(r.bindings, r.condition, r.action) for r in pool}
    names = {r.name for r in pool}
    added: list[Rule] = []
    for rule in pool:
        image = mirrored(rule)
        if image is None or (body := (image.bindings, image.condition, image.action)) in bodies:
            continue
        bodies.add(body)
        name, n = image.name, 1
        while name in names:
            n += 1
            name = f"{image.name}{n}"
        names.add(name)
        mirrors[name] = rule.name
        added.append(replace(image, name=name))
    return added


def _proved_mirror(
    rule: Rule,
    max_length: int,
    say: Callable[[str], None] | None,
    should_stop: Callable[[], bool] | None,
) -> bool:
    """Whether the prover proves a chosen mirror image sound (False if refuted or stopped)."""
    result = prove(rule, max_length, strategy=AT_ONCE, should_stop=should_stop)
    if say is not None:
        verdict = {True: "proved", False: "REFUTED", None: "stopped"}[result.sound]
        say(f"[prove mirror] {rule.name}: {verdict} ({result.seconds:.1f} s)")
    return result.sound is True


def common_options(settings: Sequence[Mapping[str, Any]]) -> SearchOptions:
    """The search options every one of these runs' settings share (the defaults when they
    differ, when there is no run, or when one cannot be read)."""
    try:
        found = {SearchOptions.from_json(s.get("search")) for s in settings}
    except ValueError:
        return DEFAULT_OPTIONS
    return found.pop() if len(found) == 1 else DEFAULT_OPTIONS
