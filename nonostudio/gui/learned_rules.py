"""A learning run's rules outside the run: parsed into rule entries, pooled from several runs,
and chosen and written as a named rule set (the background job of the Jobs panel's *Save
Rules…*; the choice itself is :func:`nonostudio.learn.choosing.export.choose_rules`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from nonostudio.core.counts import count
from nonostudio.core.progress import ProgressCallback, StopCallback
from nonostudio.learn.choosing.export import (
    ChoiceSettings,
    choose_rules,
    chosen_entries,
    common_options,
    pooled_rules,
)
from nonostudio.learn.mining.specs import mine_transitions
from nonostudio.learn.store.jobs import JobStore
from nonostudio.learn.store.run_settings import LearnSettings
from nonostudio.rules.language.parser import RuleEntry, parse_rules
from nonostudio.rules.ruleset import dump_rules, load_rule_set
from nonostudio.rules.set_names import check_rule_set_name


def kept_for_note(kept: int) -> str:
    """The save summary's words on the rules kept only because they recover a documented
    strategy (empty for none)."""
    if not kept:
        return ""
    if kept == 1:
        return ", 1 kept as the only one recovering a documented strategy"
    return f", {count(kept, 'rule')} kept as the only ones recovering a documented strategy"


def entries_of(run_rules: dict[str, list[str]]) -> list[RuleEntry]:
    """Parsed rules of a run (specification key → rule texts), one per rule name, in order."""
    entries: dict[str, RuleEntry] = {}
    for key, texts in run_rules.items():
        for text in texts:
            for e in parse_rules(text, key):
                entries.setdefault(
                    e.rule.name, RuleEntry(e.rule, e.title or e.rule.name, key, e.examples, e.line)
                )
    return list(entries.values())


def pooled_entries(store: JobStore, run_ids: Sequence[int]) -> list[RuleEntry]:
    """The rules of ``run_ids`` pooled (a rule found by two runs is kept once)."""
    pooled = pooled_rules(store, list(run_ids))
    return [RuleEntry(rule, rule.name, key, (), 0) for key, rule in pooled]


def check_save(name: str, top_k: int | None, cost_budget: int | None) -> None:
    """Raise ValueError, in words, when rules cannot be saved as ``name`` so chosen (a bad name:
    :func:`~nonostudio.rules.set_names.check_rule_set_name`)."""
    if cost_budget is not None and top_k is None:
        raise ValueError(
            "a cost budget bounds the total cost of a top K: choose how many rules to keep"
        )
    check_rule_set_name(name)


@dataclass(frozen=True)
class SaveRequest:
    """Learned ``entries`` of the ``runs`` (id, settings) of the job store ``store_name``, to be
    chosen (greedy top ``top_k`` on the runs' training transitions) and written to ``path``.

    With ``widen`` and ``simplify`` the chosen rules' unique conditions are widened and the rules
    simplified (each step proved) and the choice is made again; with ``mirror`` every rule's
    mirror image is pooled too (each chosen one proved); with ``cost_budget`` (and ``top_k``)
    the chosen rules' costs add up to at most that.
    """

    name: str
    path: Path
    entries: tuple[RuleEntry, ...]
    runs: tuple[tuple[int, LearnSettings], ...]
    store_name: str
    top_k: int | None = None
    cost_budget: int | None = None
    simplify: bool = False
    widen: bool = False
    mirror: bool = False

    def header(self) -> str:
        """Where the rules come from, one line a run (the rule file's opening notes)."""
        return "\n".join(
            f"Learned by nonostudio: run {r} of {self.store_name}, lines up to "
            f"{s.max_length} cells, at most {s.max_patterns} patterns, sample "
            f"{s.sample or 'all'}, {s.budget_s:g} s per specification"
            for r, s in self.runs
        )

    def run(self, progress: ProgressCallback, should_stop: StopCallback) -> str:
        """Choose the rules and write them; returns what was done, in words.  Raises ValueError
        when stopped before the choice was made (nothing is written then)."""
        entries, top_k, cost_budget = self.entries, self.top_k, self.cost_budget
        transitions = mine_transitions(max(s.max_length for _r, s in self.runs))
        settings = ChoiceSettings(
            top_k=top_k,
            cost_budget=cost_budget,
            simplify_chosen=self.simplify,
            widen_chosen=self.widen,
            recover=load_rule_set("control").rules,
            mirror=self.mirror,
            search=common_options([s.to_json() for _r, s in self.runs]),
        )
        choice = choose_rules(
            [e.rule for e in entries], transitions, settings, should_stop=should_stop
        )
        chosen = choice.chosen
        if not chosen.complete:
            raise ValueError("cancelled before the choice was made; nothing was written")
        # titled, sourced and exemplified as `learn export` writes them
        sources = choice.sources({e.rule.name: e.source for e in entries})
        kept = chosen_entries(
            chosen, sources, transitions, f"the runs' {len(transitions)} mined transitions"
        )
        kept_note = kept_for_note(len(choice.kept_for))
        mirrors_note = (
            f", {count(len(choice.mirrors), 'mirror image')} pooled" if self.mirror else ""
        )
        summary = (
            f"optimised: {len(kept)} of {len(entries)} rules"
            f"{f' (top {top_k})' if top_k else ''}"
            f"{f' within a total cost of {cost_budget}' if cost_budget else ''}"
            f"{f', {choice.widened} widened' if self.widen else ''}"
            f"{f', {choice.simplified} simplified' if self.simplify else ''}"
            f"{mirrors_note}"
            f"{kept_note}"
            f", covering {chosen.coverage} cells of the training transitions"
        )
        self.path.write_text(dump_rules(kept, f"{self.header()}\n{summary}"), encoding="utf-8")
        return summary
