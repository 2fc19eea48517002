"""``nonostudio-cli learn export``: optimise the rules of one or more runs (and rule files) and
write the chosen ones as a rule file whose header says what the set is and how it was made."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from nonostudio.cli.common import Outcome, check_writable, say
from nonostudio.cli.learning.learn_runs import open_store, pick_run, test_set_path
from nonostudio.cli.rule_tools.rules import load_rules
from nonostudio.core.atomic import write_text_atomic
from nonostudio.core.counts import count
from nonostudio.core.errors import PuzzleError
from nonostudio.core.paths import describe_test_set, rules_dir, user_rules_dir
from nonostudio.learn.choosing.export import (
    Choice,
    ChoiceSettings,
    choose_rules,
    chosen_entries,
    common_options,
    pooled_rules,
    specification_key,
)
from nonostudio.learn.choosing.optimize import covered_cells
from nonostudio.learn.mining.specs import mine_transitions
from nonostudio.learn.store.jobs import RunInfo, RunStatus, search_text
from nonostudio.learn.store.run_settings import PROVE_LENGTH
from nonostudio.rules.language.ast import Rule
from nonostudio.rules.measuring.coverage import Transition, cells_to_fill, load_transitions
from nonostudio.rules.ruleset import RuleSet, dump_rules
from nonostudio.rules.set_names import RuleSetNameError, check_rule_set_name, shipped_rule_sets


@dataclass
class _Pool:
    """The rules to optimise, ``(specification key, rule)``, and where they come from: the runs
    of the job store at ``store_path`` and the rule ``files`` of ``--pool``."""

    files: list[RuleSet]
    run_ids: list[int] = field(default_factory=list)
    infos: list[RunInfo] = field(default_factory=list)
    statuses: list[RunStatus] = field(default_factory=list)
    found: list[tuple[str, Rule]] = field(default_factory=list)
    store_path: Path | None = None

    @property
    def which(self) -> str:
        """The run ids, comma-separated."""
        return ", ".join(map(str, self.run_ids))


def run_export(args: argparse.Namespace) -> Outcome:
    """Optimise the rules of one or more runs (and rule files) and write the chosen ones with a
    header saying how."""
    if args.cost_budget is not None and args.top is None:
        raise PuzzleError("--cost-budget bounds the total cost of a top K: give --top K too")
    files = [load_rules(path) for path in args.pool]
    _check_out_name(args.out)
    check_writable(args.out, "a rule file")  # before the optimisation, not after it
    pool = _pooled(args, files)
    transitions, where = _optimised_on(args, pool.infos)
    source = {rule.name: key for key, rule in pool.found}
    say(f"optimising {len(pool.found)} rules on {where}")
    started = time.monotonic()
    choice = choose_rules(
        [rule for _, rule in pool.found], transitions, _choice_settings(args, pool.infos), say=say
    )
    total = len(covered_cells(choice.rules, transitions))
    to_fill = cells_to_fill(transitions)
    # What this set is comes first; how it was made (its runs, and the rule files pooled
    # with their own notes, nested) after it.
    header = "\n".join(
        [
            *_summary_lines(args, pool, choice, where, total, to_fill),
            "How it was made:",
            *_made_lines(args, pool),
        ]
    )
    entries = chosen_entries(choice.chosen, choice.sources(source), transitions, where)
    try:
        # atomic: a write that fails (a full disk) leaves the rule file there before, not a part
        write_text_atomic(args.out, dump_rules(entries, header))
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), args.out) from None
    seconds = time.monotonic() - started
    data = _export_data(args, pool, choice, (total, to_fill), len(entries), seconds)
    return Outcome(data, f"{header}\nwrote {count(len(entries), 'rule')} to {args.out}")


def _check_out_name(out: str) -> None:
    """Into the rule folders, write only what a user rule set may be called (a shipped set's
    name would replace or hide it: :func:`~nonostudio.rules.set_names.check_rule_set_name`);
    elsewhere, note that a shipped set's name alone keeps meaning the shipped set."""
    name = Path(out).stem
    folder = Path(out).resolve().parent
    if folder in (rules_dir().resolve(), user_rules_dir().resolve()):
        try:
            check_rule_set_name(name)
        except RuleSetNameError as exc:
            raise PuzzleError(f"{exc} (writing to {folder})", source=out) from None
    elif name in shipped_rule_sets():
        say(
            f"note: {out} is named like the shipped rule set {name!r}; it is read by "
            f"its path ({Path(out).as_posix()}), and the name {name!r} alone keeps "
            f"meaning the shipped set; a name of its own avoids the confusion"
        )


def _pooled(args: argparse.Namespace, files: list[RuleSet]) -> _Pool:
    """The runs' rules (read from the job store unless only rule files are pooled) and then the
    rule files' rules that are new; no rule at all is bad input."""
    pool = _Pool(files)
    if args.run_ids or not files:
        with open_store(args.store, existing=True) as store:
            pool.run_ids = list(dict.fromkeys(pick_run(store, r) for r in (args.run_ids or [None])))
            pool.infos = [store.run(r) for r in pool.run_ids]
            pool.statuses = [store.status(r) for r in pool.run_ids]
            pool.found = pooled_rules(store, pool.run_ids)
            pool.store_path = store.path
    pool.found += _file_rules(files, pool.found)
    if not pool.found:
        raise PuzzleError(f"run {pool.which} has found no rule yet", source=str(pool.store_path))
    return pool


def _optimised_on(args: argparse.Namespace, infos: list[RunInfo]) -> tuple[list[Transition], str]:
    """The transitions of ``--optimise-on`` and how the header names them."""
    if args.optimise_on == "training":
        longest = max([int(i.settings.get("max_length", 7)) for i in infos] or [7])
        transitions: list[Transition] = mine_transitions(longest)
        return transitions, f"the runs' {len(transitions)} mined transitions"
    path = test_set_path(args.test)
    transitions = load_transitions(path)
    say(f"test set: {describe_test_set(path, len(transitions), cells_to_fill(transitions))}")
    return transitions, f"{path.name} ({len(transitions)} transitions)"


def _choice_settings(args: argparse.Namespace, infos: list[RunInfo]) -> ChoiceSettings:
    """What ``--top``, ``--cost-budget``, ``--simplify``, ``--widen``, ``--mirror`` and ``--jobs``
    ask of :func:`choose_rules`, with the search options the runs share."""
    return ChoiceSettings(
        top_k=args.top,
        cost_budget=args.cost_budget,
        simplify_chosen=args.simplify,
        widen_chosen=args.widen,
        recover=load_rules("control").rules,
        mirror=args.mirror,
        jobs=args.jobs,
        search=common_options([i.settings for i in infos]),
    )


def _summary_lines(
    args: argparse.Namespace, pool: _Pool, choice: Choice, where: str, total: int, to_fill: int
) -> list[str]:
    """The header's first part: what the set is (its origins, pooling, choice and coverage)."""
    chosen, rules = choice.chosen, choice.rules
    origins = (
        [f"run{'s' if len(pool.run_ids) > 1 else ''} {pool.which} of {pool.store_path}"]
        if pool.run_ids
        else []
    ) + [f"the rule file {path}" for path in args.pool]
    refined = [
        f"{n} of the first choice {what} (each step proved)"
        for n, what, asked in (
            (choice.widened, "widened", args.widen),
            (choice.simplified, "simplified", args.simplify),
        )
        if asked
    ]
    lines = [
        f"Rules learned by nonostudio ({' and '.join(origins)}).",
        f"Distinct rules pooled: {len(rules)}"
        + (f"; {', '.join(refined)}, then chosen again." if refined else "."),
        *(
            [
                f"Mirror images pooled: {len(choice.mirrors)} (the rule read from the other end of "
                f"the line: constant(t, -1) is the last element); "
                f"{sum(r.name in choice.mirrors for r in chosen.rules)} chosen, each proved sound "
                f"for lines up to 30 cells"
                + (
                    f"; refuted and left out: {', '.join(choice.refuted)}."
                    if choice.refuted
                    else "."
                )
            ]
            if args.mirror
            else []
        ),
        f"Optimised on {where}: {count(chosen.groups_dropped, 'rule')} dropped as costlier "
        f"duplicates, {count(chosen.subsets_dropped, 'coverage group')} dropped as "
        + (
            ("a subset." if chosen.subsets_dropped == 1 else "subsets.")
            if args.cost_budget is None
            else f"dominated (a superset at no higher cost); the top {args.top} chosen within a "
            f"total cost of {args.cost_budget}: {sum(chosen.costs)}."
        ),
        f"Coverage there: all {count(len(rules), 'rule')} {total} of {to_fill} cells; "
        f"{'this' if len(chosen.rules) == 1 else 'these'} {count(len(chosen.rules), 'rule')} "
        f"{chosen.coverage}.",
    ]
    if choice.kept_for:
        lines.append(
            "Kept after the greedy choice (adding no cell) as the only rules that "
            "recover a documented strategy: "
            + ", ".join(
                f"{rule} ({strategy.replace('_', ' ')})"
                for strategy, rule in choice.kept_for.items()
            )
            + "."
        )
    return lines


def _made_lines(args: argparse.Namespace, pool: _Pool) -> list[str]:
    """The header's second part: each run's settings and timings, then each pooled rule file
    with its own header nested."""
    lines: list[str] = []
    for info, status in zip(pool.infos, pool.statuses, strict=True):
        settings = info.settings
        lines += [
            f"Run {info.id}. Training set: the canonical transitions of every line of at most "
            f"{settings.get('max_length')} cells; specifications with at most "
            f"{settings.get('max_patterns')} pattern"
            + ("" if settings.get("max_patterns") == 1 else "s")
            + (
                " (of three, only those naming the first hint, block and gap)."
                if settings.get("three_first")
                else "."
            ),
            f"  Budgets: {settings.get('budget_s')} s per specification; every rule proved "
            f"sound for all lines up to {settings.get('prove_length', PROVE_LENGTH)} cells.",
            *(
                [f"  Search: {described}."]
                if (described := search_text(settings, why=True))
                else []
            ),
            f"  Time: {status.work_seconds:.0f} s of synthesis work (median "
            f"{status.median_seconds or 0:.2f} s, p95 {status.p95_seconds or 0:.2f} s per "
            f"specification, {status.budget_hits} over budget).",
            f"  Specifications: {status.total}; {status.finished} finished; "
            f"{status.rules_found} rules found.",
        ]
    for path, rule_set in zip(args.pool, pool.files, strict=True):
        lines.append(f"Rule file {path}: {len(rule_set)} rules; its header:")
        lines += [f"  | {line}" for line in rule_set.header.splitlines()]
    return lines


def _export_data(
    args: argparse.Namespace,
    pool: _Pool,
    choice: Choice,
    coverage: tuple[int, int],
    written: int,
    seconds: float,
) -> dict[str, Any]:
    """The JSON fields of ``learn export``; ``coverage`` is (cells all pooled rules cover, cells
    to fill)."""
    chosen = choice.chosen
    total, to_fill = coverage
    return {
        "out": args.out,
        "run_ids": pool.run_ids,
        "rules_found": len(choice.rules),
        "rules_written": written,
        "optimised_on": args.optimise_on,
        "coverage_all": total,
        "coverage_written": chosen.coverage,
        "cells_to_fill": to_fill,
        "gains": chosen.gains,
        "groups_dropped": chosen.groups_dropped,
        "subsets_dropped": chosen.subsets_dropped,
        "simplified": choice.simplified,
        "widened": choice.widened,
        "pooled_files": args.pool,
        "mirrors_pooled": len(choice.mirrors),
        "mirrors_refuted": choice.refuted,
        "kept_for": choice.kept_for,
        "cost_budget": args.cost_budget,
        "total_cost": sum(chosen.costs),
        "seconds": round(seconds, 3),
    }


def _file_rules(files: list[RuleSet], found: list[tuple[str, Rule]]) -> list[tuple[str, Rule]]:
    """``(specification key, rule)`` for the rules of ``files`` that are not in ``found`` already
    (same patterns, condition and fill); a rule whose name is taken is renamed ``NAME_fileN``.
    The key is what the entry's ``source`` names after ``specification`` (its own name when the
    entry names none)."""
    bodies = {(r.bindings, r.condition, r.action) for _, r in found}
    names = {r.name for _, r in found}
    out: list[tuple[str, Rule]] = []
    for number, rule_set in enumerate(files, 1):
        for entry in rule_set.entries:
            rule = entry.rule
            if (body := (rule.bindings, rule.condition, rule.action)) in bodies:
                continue
            bodies.add(body)
            if rule.name in names:
                rule = replace(rule, name=f"{rule.name}_file{number}")
            names.add(rule.name)
            out.append((specification_key(replace(entry, rule=rule)), rule))
    return out
