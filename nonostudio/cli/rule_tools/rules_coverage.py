"""``nonostudio-cli rules coverage``: the cells a rule set deduces on the Butler testing set
(docs/rule-language.md §6), per rule, with the bugs; with ``--gaps`` also where the metric leaves
cells unset and what the same rules reach read both ways or with the oracle splitting first."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from nonostudio.cli.common import Outcome, say
from nonostudio.cli.rule_tools.rules_common import RULES_ARG, Progress, load_some_rules
from nonostudio.core.counts import count
from nonostudio.core.line import FILLED
from nonostudio.core.paths import describe_test_set, resolve_test_set
from nonostudio.rules.measuring.coverage import (
    RuleBug,
    Transition,
    cells_to_fill,
    coverage,
    coverage_gaps,
    load_transitions,
)


def add_coverage_parser(
    actions: argparse._SubParsersAction, parent: argparse.ArgumentParser
) -> None:
    """Add the ``coverage`` action."""
    cover = actions.add_parser(
        "coverage", parents=[parent], help="cells the rules deduce on a set of test transitions"
    )
    cover.add_argument("rules", **RULES_ARG)
    cover.add_argument(
        "--test",
        metavar="FILE",
        default=None,
        help="test transitions in the Butler JSON form, such as the paper's "
        "testing-set.json (default: $NONOSTUDIO_TEST_SET, else the set "
        "nonostudio ships, made from the bundled sample puzzles)",
    )
    cover.add_argument(
        "--gaps",
        action="store_true",
        help="also say where cells are left unset (lines no rule fires on, by "
        "oracle piece; sub-lines; split cells) and what the rules reach read "
        "both ways and with the oracle splitting first",
    )
    cover.set_defaults(run=run_coverage)


def _test_set(path: str | None) -> Path:
    return resolve_test_set(path)


def _paper_figure(name: str, transitions: int, cells: int) -> list[str]:
    """The paper's coverage of the control rules, beside ours, on the paper's own test set only."""
    from nonostudio.learn.choosing.report import PAPER, PAPER_SET

    if name != "control" or (transitions, cells) != PAPER_SET:
        return []
    return [f"the paper: {PAPER['control']} of {cells} cells for its 14 control rules"]


BUGS_LISTED = 5  # bugs of one rule listed in the text (an unsound rule makes thousands)


def _bug_text(bug: RuleBug, transitions: list[Transition]) -> str:
    t = transitions[bug.transition]
    fill = bug.fill
    value = "filled" if fill.value == FILLED else "crossed"
    return (
        f"{bug.rule}: on test line {bug.transition + 1} ({' '.join(map(str, t.hints))}) "
        f"{t.before} it sets cells {fill.start + 1}–{fill.end} {value}, but the deduction is "
        f"{t.after}"
    )


def run_coverage(args: argparse.Namespace) -> Outcome:
    """Coverage of the rule set on the test transitions: total, per rule, bugs, time."""
    rule_set = load_some_rules(args.rules, "to measure the coverage of")
    path = _test_set(args.test)
    transitions = load_transitions(path)
    label = describe_test_set(path, len(transitions), cells_to_fill(transitions))
    say(f"coverage of {rule_set.name!r} ({count(len(rule_set.rules), 'rule')}) on {label}")
    report = coverage(rule_set.rules, transitions, progress=Progress("coverage"))
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    width = max((len(name) for name in report.per_rule), default=4)
    lines = [
        f"{rule_set.name}: {report.total} of {report.cells_to_fill} cells covered on "
        f"{len(transitions)} test lines ({report.seconds:.1f} s)",
        f"test set: {label}",
        *_paper_figure(rule_set.name, len(transitions), report.cells_to_fill),
        "",
        f"{'rule':<{width}}  cells",
    ]
    wrong = Counter(bug.rule for bug in report.bugs)
    for name, cells in sorted(report.per_rule.items(), key=lambda item: (-item[1], item[0])):
        said = f"  (wrong: {count(wrong[name], 'fill')} contradicting)" if wrong[name] else ""
        lines.append(f"{name:<{width}}  {cells:>5}{said}")
    bugs = [_bug_text(bug, transitions) for bug in report.bugs]
    lines += ["", f"{count(len(bugs), 'bug')} (fills contradicting the known deduction)"]
    listed: Counter[str] = Counter()
    for bug, text in zip(report.bugs, bugs, strict=True):
        listed[bug.rule] += 1
        if listed[bug.rule] <= BUGS_LISTED:
            lines.append(f"  {text}")
        elif listed[bug.rule] == wrong[bug.rule]:
            more = wrong[bug.rule] - BUGS_LISTED
            lines.append(f"  {bug.rule}: {more:,} more (--json lists every one)")
    data = {
        "rule_set": rule_set.name,
        "test_set": str(path),
        "test_set_label": label,
        "transitions": len(transitions),
        "total": report.total,
        "cells_to_fill": report.cells_to_fill,
        "per_rule": dict(report.per_rule),
        "titles": titles,
        "bugs": bugs,
        "seconds": round(report.seconds, 3),
    }
    if args.gaps:
        gaps = coverage_gaps(
            rule_set.rules, transitions, progress=lambda _fraction, message: say(message)
        )
        data["gaps"] = gaps.to_json()
        lines += ["", "where cells are left unset:", gaps.table()]
    return Outcome(data, "\n".join(lines))
