"""``nonostudio-cli learn run|extend|status|export|report``: learning runs from the command line.

``run`` mines the specifications of lines up to ``--max-length`` cells, stores them as a run in
the job store and synthesises a rule for each (Ctrl-C cancels cleanly; ``--resume`` continues);
``extend`` adds longer lines or more patterns to a run; ``status`` summarises a run; ``export`` optimises the rules of one or more runs (and of rule files
given with ``--pool``), optionally widens and simplifies the chosen ones, and writes the best
``--top`` as a rule file; ``report`` compares a rule set with the control rules on the Butler
testing set (why ``export`` optimises on that set by default: docs/design/cli.md).
"""

from __future__ import annotations

import argparse
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from nonostudio.cli.common import ExitCode, Outcome, positive_int_arg, say, seconds_arg
from nonostudio.cli.rules import load_rules
from nonostudio.core.errors import PuzzleError
from nonostudio.core.paths import describe_test_set, resolve_test_set, rules_dir, user_rules_dir
from nonostudio.learn.enumerate import CONSTRUCTS, EXTENSIONS, MAX_WEIGHT, SearchOptions
from nonostudio.learn.export import (
    ChoiceSettings,
    choose_rules,
    chosen_entries,
    common_options,
    pooled_rules,
    specification_key,
)
from nonostudio.learn.jobs import JobStore, RunStatus, search_text, settings_summary
from nonostudio.learn.optimize import covered_cells
from nonostudio.learn.report import learning_report
from nonostudio.learn.specs import all_specifications, mine_transitions
from nonostudio.rules.ast import Rule
from nonostudio.rules.cost import CostWeights
from nonostudio.rules.coverage import Transition, cells_to_fill, load_transitions
from nonostudio.rules.ruleset import RuleSet, dump_rules

NAME = "learn"
HELP = "learn rules: run synthesis, follow it, export and compare the learned set"


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``learn`` subcommand with its ``run``, ``extend``, ``status``, ``export`` and
    ``report``."""
    parser = subparsers.add_parser(NAME, help=HELP, description=HELP + ".")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    store_arg = {"metavar": "PATH", "default": None,
                 "help": "the job store (default: jobs.sqlite3 in the user data folder)"}
    run_id_arg = {"metavar": "RUN_ID", "type": positive_int_arg, "nargs": "?", "default": None,
                  "help": "the run (default: the latest)"}

    run = actions.add_parser("run", parents=[parent],
                             help="synthesise rules for lines up to a length (resumable)")
    run.add_argument("--max-length", metavar="N", type=positive_int_arg, default=7,
                     help="train on lines of at most N cells (default: 7)")
    run.add_argument("--max-patterns", metavar="K", type=positive_int_arg, default=3,
                     help="bind at most K elements in a rule (default: 3)")
    run.add_argument("--jobs", metavar="N", type=positive_int_arg, default=None,
                     help="parallel workers (default: one per core)")
    run.add_argument("--budget", metavar="S", type=seconds_arg, default=60.0,
                     help="seconds per specification (default: 60)")
    run.add_argument("--mode", choices=("process", "thread"), default="process",
                     help="workers are processes (default) or threads")
    three_first_arg = {"action": "store_true",
                       "help": "of the three-pattern sets, only those naming the first hint, "
                               "block and gap (about a tenth of them)"}
    run.add_argument("--three-first", **three_first_arg)
    run.add_argument("--three-narrow", action="store_true",
                     help="three-pattern specifications get only the constant-level search, "
                          "no climb of the pattern lattice (much faster; see the README)")
    run.add_argument("--no-narrow", action="store_true",
                     help="finish skipped specifications at once (by default each still gets "
                          "one search at its constant level: first hint, first block ...)")
    run.add_argument("--without", metavar="CONSTRUCT", action="append", default=[],
                     choices=sorted(CONSTRUCTS),
                     help="leave a DSL construct out of the search (repeatable): "
                          + "; ".join(f"{k}: {v}" for k, v in CONSTRUCTS.items()))
    run.add_argument("--with", dest="extensions", metavar="EXTENSION", action="append",
                     default=[], choices=sorted(EXTENSIONS),
                     help="also search a construct beyond the paper's DSL (repeatable): "
                          + "; ".join(f"{k}: {v}" for k, v in EXTENSIONS.items()))
    run.add_argument("--weight", metavar="NAME=N", action="append", default=[],
                     type=weight_arg,
                     help="rank candidates by another cost weight (repeatable; default: the "
                          "original's: " + ", ".join(f"{f.name} {f.default}"
                                                      for f in fields(CostWeights)) + ")")
    run.add_argument("--store", **store_arg)
    run.add_argument("--resume", metavar="RUN_ID", type=positive_int_arg, default=None,
                     help="continue this run instead of starting one (its stored length, "
                          "patterns and budget are kept)")
    run.set_defaults(run=run_learn)

    extend = actions.add_parser("extend", parents=[parent],
                                help="add longer lines or more patterns to a run (nothing redone)")
    extend.add_argument("run_id", **run_id_arg)
    extend.add_argument("--max-length", metavar="N", type=positive_int_arg, required=True,
                        help="lines of at most N cells")
    extend.add_argument("--max-patterns", metavar="K", type=positive_int_arg, required=True,
                        help="at most K patterns per specification")
    extend.add_argument("--three-first", **three_first_arg)
    extend.add_argument("--store", **store_arg)
    extend.set_defaults(run=run_extend)

    status = actions.add_parser("status", parents=[parent], help="a run's progress and timings")
    status.add_argument("run_id", **run_id_arg)
    status.add_argument("--store", **store_arg)
    status.set_defaults(run=run_status)

    export = actions.add_parser("export", parents=[parent],
                                help="optimise a run's rules and write the best as a rule file")
    export.add_argument("out", metavar="OUT.rules", help="the rule file to write")
    export.add_argument("run_ids", metavar="RUN_ID", type=positive_int_arg, nargs="*",
                        help="the runs whose rules to pool (default: the latest)")
    export.add_argument("--top", metavar="K", type=positive_int_arg, default=None,
                        help="keep the K best rules (default: every rule that adds a cell)")
    export.add_argument("--cost-budget", metavar="B", type=positive_int_arg, default=None,
                        help="with --top K: the K rules' costs add up to at most B (a rule is "
                             "chosen by gain only while the K can still be completed within B)")
    export.add_argument("--optimise-on", choices=("test", "training"), default="test",
                        help="choose rules by coverage of the Butler testing set (default, as "
                             "the paper) or of the run's mined transitions")
    export.add_argument("--test", metavar="FILE", default=None,
                        help="test transitions, such as the paper's testing-set.json (default: "
                             "$NONOSTUDIO_TEST_SET, else the set made from the bundled samples)")
    export.add_argument("--pool", metavar="FILE", action="append", default=[],
                        help="also pool the rules of a rule file (a learned set written by an "
                             "earlier export, say; its header is kept in the new one); with "
                             "--pool and no RUN_ID no job store is read")
    export.add_argument("--simplify", action="store_true",
                        help="simplify the chosen rules as synthesis now does (drop conjuncts "
                             "and bindings they stay sound without; each step proved) and "
                             "choose again")
    export.add_argument("--widen", action="store_true",
                        help="widen the unique conditions of the chosen rules as synthesis now "
                             "does (conjuncts that make a rule fire on more lines of the check "
                             "pool; each step proved) and choose again")
    export.add_argument("--mirror", action="store_true",
                        help="pool the mirror image of every rule too (the rule about the last "
                             "clue for one about the first: lines are read forwards only when "
                             "coverage is measured) and choose again; each chosen mirror is "
                             "proved sound")
    export.add_argument("--jobs", metavar="N", type=positive_int_arg, default=None,
                        help="processes measuring the pooled rules' coverage (default: one per "
                             "core)")
    export.add_argument("--store", **store_arg)
    export.set_defaults(run=run_export)

    report = actions.add_parser("report", parents=[parent],
                                help="compare a rule set with the control rules, as the paper")
    report.add_argument("rules", metavar="RULES", help="a .rules file or a shipped set's name")
    report.add_argument("--control", metavar="NAME", default="control",
                        help="the rule set to compare with (default: control)")
    report.add_argument("--test", metavar="FILE", default=None,
                        help="test transitions, such as the paper's testing-set.json (default: "
                             "$NONOSTUDIO_TEST_SET, else the set made from the bundled samples; "
                             "the paper's figures are shown only beside its own set)")
    report.add_argument("--cost-budget", metavar="B", type=positive_int_arg, default=None,
                        help="also choose a top 10 of the learned rules whose costs add up to at "
                             "most B (317: a mean cost of 31.7, the control top 10's)")
    report.set_defaults(run=run_report)


def weight_arg(text: str) -> tuple[str, int]:
    """``NAME=N`` of ``--weight``: a cost weight's name and a whole number from 0 to 99."""
    name, sep, value = text.partition("=")
    names = [f.name for f in fields(CostWeights)]
    if not sep or name.strip() not in names:
        raise argparse.ArgumentTypeError(f"expected NAME=N with NAME one of {', '.join(names)}; "
                                         f"got {text!r}")
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{name}: {value!r} is not a whole number") from None
    if not 0 <= number <= MAX_WEIGHT:
        raise argparse.ArgumentTypeError(f"{name}: {number} is outside 0 to {MAX_WEIGHT}")
    return name.strip(), number


def search_options(without: list[str], weights: list[tuple[str, int]],
                   extensions: list[str] | None = None) -> SearchOptions:
    """The search options of ``--without``, ``--weight`` (a later weight of a name wins) and
    ``--with``."""
    return SearchOptions(frozenset(without), CostWeights(**dict(weights)),
                         frozenset(extensions or ()))


def test_set_path(path: str | None) -> Path:
    """The test transitions ``--test`` names, else ``NONOSTUDIO_TEST_SET``'s, else the bundled
    set (:func:`nonostudio.core.paths.resolve_test_set`)."""
    return resolve_test_set(path)


def _open_store(path: str | None) -> JobStore:
    """The job store; not a job store (or a newer one's) is bad input (exit 2), a store that
    cannot be opened (read-only, full disk, in use) raises its JobStoreError (an OSError: exit
    3)."""
    try:
        return JobStore(path)
    except ValueError as exc:
        raise PuzzleError(str(exc), source=path) from None


def _run_id(store: JobStore, run_id: int | None) -> int:
    runs = store.runs()
    if not runs:
        raise PuzzleError("the job store holds no run; start one with 'learn run'",
                          source=str(store.path))
    if run_id is None:
        return runs[-1].id
    if run_id not in {r.id for r in runs}:
        raise PuzzleError(f"no run {run_id} (runs: {', '.join(str(r.id) for r in runs)})",
                          source=str(store.path))
    return run_id


def _status_data(status: RunStatus) -> dict[str, Any]:
    return {"run_id": status.run_id, "total": status.total, "finished": status.finished,
            "counts": status.counts, "rules_found": status.rules_found,
            "budget_hits": status.budget_hits, "median_seconds": status.median_seconds,
            "p95_seconds": status.p95_seconds, "work_seconds": status.work_seconds,
            "failures": [{"key": key, "error": why} for key, why in status.failures]}


# ---- run ---------------------------------------------------------------------------------------


@contextmanager
def sigint_cancels(cancel: Callable[[], None]) -> Iterator[list[bool]]:
    """While inside, Ctrl-C calls ``cancel`` (the runner hands in-flight work back as pending)."""
    interrupted = [False]

    def handler(signum: int, frame: object) -> None:
        interrupted[0] = True
        cancel()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield interrupted
    finally:
        signal.signal(signal.SIGINT, previous)


def _progress(fraction: float, message: str) -> None:
    """The runner's progress (the one protocol: a fraction and a message) on standard error."""
    say(f"[{fraction:4.0%}] {message}")


def run_learn(args: argparse.Namespace) -> Outcome:
    """Create (or resume) a run and synthesise until it is finished or Ctrl-C cancels it."""
    # z3 loads only for the action that needs it: the other subcommands start faster.
    from nonostudio.learn.runner import Runner
    from nonostudio.learn.work import PROVE_LENGTH, works_for

    with _open_store(args.store) as store:
        if args.resume is not None:
            run_id = _run_id(store, args.resume)
            settings = store.run(run_id).settings
            say(f"resuming run {run_id} in {store.path}")
        else:
            settings = {"max_length": args.max_length, "max_patterns": args.max_patterns,
                        "budget_s": args.budget, "prove_length": PROVE_LENGTH,
                        "narrow": not args.no_narrow, "three_first": args.three_first,
                        "three_narrow": args.three_narrow,
                        "search": search_options(args.without, args.weight,
                                                  args.extensions).to_json()}
            specs = list(all_specifications(args.max_length, args.max_patterns,
                                            three_first=args.three_first))
            run_id = store.create_run(settings, specs)
            say(f"run {run_id}: {len(specs)} specifications of lines up to {args.max_length} "
                f"cells, in {store.path}")
        try:
            work, narrow_work = works_for(settings)
        except ValueError as exc:
            raise PuzzleError(f"run {run_id}'s search options: {exc}",
                              source=str(store.path)) from None
        runner = Runner(store, run_id, work, jobs=args.jobs,
                        budget_s=float(settings.get("budget_s", args.budget)), mode=args.mode,
                        progress=_progress,
                        narrow_work=narrow_work if settings.get("narrow", True) else None,
                        narrow_from=3 if settings.get("three_narrow") and settings.get("narrow", True)
                        else None)
        started = time.monotonic()
        with sigint_cancels(runner.cancel) as interrupted:
            status = runner.run()
        wall = time.monotonic() - started
        data = _status_data(status) | {"store": str(store.path), "settings": settings,
                                       "wall_seconds": round(wall, 3),
                                       "cancelled": interrupted[0]}
        lines = status.lines() + [f"  wall time {wall:.1f} s"]
        if interrupted[0]:
            lines.append(f"cancelled; continue with: learn run --resume {run_id} "
                         f"--store {store.path}")
            return Outcome(data, "\n".join(lines), ExitCode.INTERRUPTED)
        return Outcome(data, "\n".join(lines))


# ---- extend ------------------------------------------------------------------------------------


def run_extend(args: argparse.Namespace) -> Outcome:
    """Add the specifications of longer lines or more patterns to a run; its finished ones stay."""
    with _open_store(args.store) as store:
        run_id = _run_id(store, args.run_id)
        settings = dict(store.run(run_id).settings)
        if args.max_length < int(settings.get("max_length", 1)) or \
                args.max_patterns < int(settings.get("max_patterns", 1)):
            raise PuzzleError(f"run {run_id} already has lines up to {settings.get('max_length')} "
                              f"cells and {settings.get('max_patterns')} patterns; extend only "
                              f"adds specifications", source=str(store.path))
        # A run that took every three-pattern set keeps doing so.
        three_first = args.three_first and (settings.get("three_first", False)
                                            or int(settings.get("max_patterns", 1)) < 3)
        settings |= {"max_length": args.max_length, "max_patterns": args.max_patterns,
                     "three_first": three_first}
        added = store.extend_run(run_id, settings, all_specifications(
            args.max_length, args.max_patterns, three_first=three_first))
        total = store.run(run_id).total
    text = (f"run {run_id}: {added} specifications added, {total} in all; continue with: "
            f"learn run --resume {run_id} --store {store.path}")
    return Outcome({"run_id": run_id, "added": added, "total": total, "settings": settings}, text)


# ---- status ------------------------------------------------------------------------------------


def run_status(args: argparse.Namespace) -> Outcome:
    """The run's RunStatus lines."""
    with _open_store(args.store) as store:
        run_id = _run_id(store, args.run_id)
        info = store.run(run_id)
        status = store.status(run_id)
        data = _status_data(status) | {"status": info.status, "settings": info.settings}
        return Outcome(data, "\n".join([*status.lines(), f"  run status {info.status}; "
                                        f"{settings_summary(info.settings)}"]))


# ---- export ------------------------------------------------------------------------------------


def run_export(args: argparse.Namespace) -> Outcome:
    """Optimise the rules of one or more runs (and rule files) and write the chosen ones with a
    header saying how."""
    if args.cost_budget is not None and args.top is None:
        raise PuzzleError("--cost-budget bounds the total cost of a top K: give --top K too")
    files = [load_rules(path) for path in args.pool]
    if (shadowed := Path(args.out).stem) in {p.stem for p in rules_dir().glob("*.rules")}:
        folder = Path(args.out).resolve().parent
        if folder in (rules_dir().resolve(), user_rules_dir().resolve()):
            raise PuzzleError(f"{shadowed!r} is the name of a shipped rule set: writing it to "
                              f"{folder} would replace or hide it; choose another name",
                              source=args.out)
        say(f"note: {args.out} is named like the shipped rule set {shadowed!r}; it is read by "
            f"its path ({Path(args.out).as_posix()}), and the name {shadowed!r} alone keeps "
            f"meaning the shipped set; a name of its own avoids the confusion")
    run_ids: list[int] = []
    infos, statuses, found = [], [], []
    store_path = None
    if args.run_ids or not files:
        with _open_store(args.store) as store:
            run_ids = list(dict.fromkeys(_run_id(store, r) for r in (args.run_ids or [None])))
            infos = [store.run(r) for r in run_ids]
            statuses = [store.status(r) for r in run_ids]
            found = pooled_rules(store, run_ids)
            store_path = store.path
    found += _file_rules(files, found)
    which = ", ".join(map(str, run_ids))
    if not found:
        raise PuzzleError(f"run {which} has found no rule yet", source=str(store_path))
    if args.optimise_on == "training":
        longest = max([int(i.settings.get("max_length", 7)) for i in infos] or [7])
        transitions: list[Transition] = mine_transitions(longest)
        where = f"the runs' {len(transitions)} mined transitions"
    else:
        path = test_set_path(args.test)
        transitions = load_transitions(path)
        where = f"{path.name} ({len(transitions)} transitions)"
        say(f"test set: {describe_test_set(path, len(transitions), cells_to_fill(transitions))}")
    source = {rule.name: key for key, rule in found}
    say(f"optimising {len(found)} rules on {where}")
    started = time.monotonic()
    choice_settings = ChoiceSettings(top_k=args.top, cost_budget=args.cost_budget,
                                     simplify_chosen=args.simplify, widen_chosen=args.widen,
                                     recover=load_rules("control").rules, mirror=args.mirror,
                                     jobs=args.jobs,
                                     search=common_options([i.settings for i in infos]))
    choice = choose_rules([rule for _, rule in found], transitions, choice_settings, say=say)
    chosen, rules, simplified = choice.chosen, choice.rules, choice.simplified
    total = len(covered_cells(rules, transitions))
    to_fill = cells_to_fill(transitions)
    origins = ([f"run{'s' if len(run_ids) > 1 else ''} {which} of {store_path}"] if run_ids
               else []) + [f"the rule file {path}" for path in args.pool]
    lines = [f"Rules learned by nonostudio ({' and '.join(origins)})."]
    refined = [f"{n} of the first choice {what} (each step proved)" for n, what, asked in (
        (choice.widened, "widened", args.widen), (simplified, "simplified", args.simplify))
        if asked]
    lines += [
        f"Distinct rules pooled: {len(rules)}"
        + (f"; {', '.join(refined)}, then chosen again." if refined else "."),
        *([f"Mirror images pooled: {len(choice.mirrors)} (the rule read from the other end of "
           f"the line: constant(t, -1) is the last element); "
           f"{sum(r.name in choice.mirrors for r in chosen.rules)} chosen, each proved sound "
           f"for lines up to 30 cells"
           + (f"; refuted and left out: {', '.join(choice.refuted)}." if choice.refuted
              else ".")] if args.mirror else []),
        f"Optimised on {where}: {chosen.groups_dropped} rules dropped as costlier duplicates, "
        f"{chosen.subsets_dropped} coverage groups dropped as "
        + ("subsets." if args.cost_budget is None else
           f"dominated (a superset at no higher cost); the top {args.top} chosen within a total "
           f"cost of {args.cost_budget}: {sum(chosen.costs)}."),
        f"Coverage there: all {len(rules)} rules {total} of {to_fill} cells; these "
        f"{len(chosen.rules)} rules {chosen.coverage}.",
    ]
    if choice.kept_for:
        lines.append("Kept after the greedy choice (adding no cell) as the only rules that "
                     "recover a documented strategy: " + ", ".join(
                         f"{rule} ({strategy.replace('_', ' ')})"
                         for strategy, rule in choice.kept_for.items()) + ".")
    # What this set is comes first; how it was made (its runs, and the rule files pooled
    # with their own notes, nested) after it.
    lines.append("How it was made:")
    for info, status in zip(infos, statuses, strict=True):
        settings = info.settings
        lines += [
            f"Run {info.id}. Training set: the canonical transitions of every line of at most "
            f"{settings.get('max_length')} cells; specifications with at most "
            f"{settings.get('max_patterns')} patterns"
            + (" (of three, only those naming the first hint, block and gap)."
               if settings.get("three_first") else "."),
            f"  Budgets: {settings.get('budget_s')} s per specification; every rule proved "
            f"sound for all lines up to {settings.get('prove_length')} cells.",
            *([f"  Search: {described}."] if (described := search_text(settings, why=True)) else []),
            f"  Time: {status.work_seconds:.0f} s of synthesis work (median "
            f"{status.median_seconds or 0:.2f} s, p95 {status.p95_seconds or 0:.2f} s per "
            f"specification, {status.budget_hits} over budget).",
            f"  Specifications: {status.total}; {status.finished} finished; "
            f"{status.rules_found} rules found.",
        ]
    for path, rule_set in zip(args.pool, files, strict=True):
        lines.append(f"Rule file {path}: {len(rule_set)} rules; its header:")
        lines += [f"  | {line}" for line in rule_set.header.splitlines()]
    header = "\n".join(lines)
    entries = chosen_entries(chosen, choice.sources(source), transitions, where)
    Path(args.out).write_text(dump_rules(entries, header), encoding="utf-8")
    seconds = time.monotonic() - started
    data = {"out": args.out, "run_ids": run_ids, "rules_found": len(rules),
            "rules_written": len(entries), "optimised_on": args.optimise_on,
            "coverage_all": total, "coverage_written": chosen.coverage, "cells_to_fill": to_fill,
            "gains": chosen.gains, "groups_dropped": chosen.groups_dropped,
            "subsets_dropped": chosen.subsets_dropped, "simplified": simplified,
            "widened": choice.widened, "pooled_files": args.pool,
            "mirrors_pooled": len(choice.mirrors), "mirrors_refuted": choice.refuted,
            "kept_for": choice.kept_for, "cost_budget": args.cost_budget,
            "total_cost": sum(chosen.costs),
            "seconds": round(seconds, 3)}
    return Outcome(data, f"{header}\nwrote {len(entries)} rules to {args.out}")


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


# ---- report ------------------------------------------------------------------------------------


def run_report(args: argparse.Namespace) -> Outcome:
    """The paper's comparison of a rule set with the control set on the testing set."""
    learned = load_rules(args.rules)
    control = load_rules(args.control)
    path = test_set_path(args.test)
    transitions = load_transitions(path)
    label = describe_test_set(path, len(transitions), cells_to_fill(transitions))
    say(f"comparing on {label}")
    report = learning_report(learned.rules, control.rules, transitions,
                             progress=lambda _fraction, message: say(message),
                             cost_budget=args.cost_budget)
    data = report.to_json() | {"rules": learned.name, "control": control.name,
                               "test_set": str(path), "test_set_label": label}
    return Outcome(data, f"test set: {label}\n{report.table()}")
