"""``nonostudio-cli rules show|prove|coverage|families|guide``: read, check, measure and teach.

``show`` prints every rule with its English explanation and cost, ``prove`` checks each rule's
soundness with the SMT prover (exit 1 when one is unsound), ``coverage`` measures the cells the
rules deduce on the Butler testing set (RULES.md §6), with ``--gaps`` also where the metric
leaves cells unset and what the same rules reach read both ways or with the oracle splitting first.
``families`` lists the catalogue of solving techniques (:mod:`nonostudio.analysis.techniques`)
and ``guide OUT.html`` writes the printable strategy guide (:mod:`nonostudio.analysis.guide`).
"""

from __future__ import annotations

import argparse
import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nonostudio.cli.common import ExitCode, Outcome, positive_int_arg, say
from nonostudio.core.errors import PuzzleError
from nonostudio.core.line import FILLED
from nonostudio.core.paths import describe_test_set, resolve_test_set
from nonostudio.core.samples import sample_puzzles
from nonostudio.rules.cost import cost
from nonostudio.rules.coverage import (
    RuleBug,
    Transition,
    cells_to_fill,
    coverage,
    coverage_gaps,
    load_transitions,
)
from nonostudio.rules.explain import explain
from nonostudio.rules.parser import RuleSyntaxError
from nonostudio.rules.printer import format_rule
from nonostudio.rules.ruleset import RuleSet, load_rule_set

if TYPE_CHECKING:
    from nonostudio.rules.prover import Counterexample

NAME = "rules"
HELP = (
    "show, prove or measure the coverage of a rule set; list the solving techniques or "
    "write a strategy guide"
)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``rules`` subcommand and its ``show``, ``prove`` and ``coverage`` actions."""
    parser = subparsers.add_parser(
        NAME,
        help=HELP,
        description=HELP + ". FILE is a .rules file or the name of a shipped "
        "rule set such as 'control'.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    rules_arg = {"metavar": "FILE", "help": "a .rules file or a shipped rule set's name"}

    show = actions.add_parser("show", parents=[parent], help="every rule: text, English, cost")
    show.add_argument("rules", **rules_arg)
    show.set_defaults(run=run_show)

    check = actions.add_parser(
        "prove",
        parents=[parent],
        help="prove each rule sound on all lines up to a length (exit 1 when a rule is unsound)",
    )
    check.add_argument("rules", **rules_arg)
    check.add_argument(
        "--max-length",
        metavar="N",
        type=positive_int_arg,
        default=30,
        help="prove for every line of at most N cells (default: 30)",
    )
    check.set_defaults(run=run_prove)

    cover = actions.add_parser(
        "coverage", parents=[parent], help="cells the rules deduce on a set of test transitions"
    )
    cover.add_argument("rules", **rules_arg)
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

    families = actions.add_parser(
        "families",
        parents=[parent],
        help="the catalogue of solving techniques, in difficulty order",
    )
    families.set_defaults(run=run_families)

    guide = actions.add_parser(
        "guide",
        parents=[parent],
        help="write a printable HTML strategy guide: the techniques in "
        "order, with pictures and worked examples",
    )
    guide.add_argument("out", metavar="OUT.html", help="the HTML file to write")
    guide.add_argument(
        "--rules",
        metavar="NAME",
        default=None,
        help="the rule set the sample puzzles are solved with for the real "
        "examples (default: the studio's default set)",
    )
    guide.add_argument(
        "--test",
        metavar="FILE",
        default=None,
        help="test transitions (Butler JSON) to count how often each technique "
        "is needed (default: $NONOSTUDIO_TEST_SET, else the bundled set)",
    )
    guide.set_defaults(run=run_guide)


def load_rules(name_or_path: str) -> RuleSet:
    """The rule set a name or path names; a syntax error becomes a PuzzleError (exit code 2)."""
    try:
        return load_rule_set(name_or_path)
    except RuleSyntaxError as exc:
        where = f"{exc.source}, line {exc.line}, column {exc.column}: "
        text = str(exc)
        message = text[len(where) :] if text.startswith(where) else text
        raise PuzzleError(message, source=exc.source, line=exc.line, column=exc.column) from None


class Progress:
    """A :data:`~nonostudio.core.progress.ProgressCallback` printing ``[label  40%] message`` on
    stderr, at most one line every ``interval`` seconds."""

    interval = 1.0

    def __init__(self, label: str) -> None:
        self._label = label
        self._last = time.monotonic()

    def __call__(self, fraction: float, message: str) -> None:
        now = time.monotonic()
        if now - self._last >= self.interval:
            self._last = now
            say(f"[{self._label} {fraction:4.0%}] {message}")


# ---- show ------------------------------------------------------------------------------------


def run_show(args: argparse.Namespace) -> Outcome:
    """Every rule of the set: title, name, text, English, cost."""
    rule_set = load_rules(args.rules)
    items: list[dict[str, Any]] = []
    blocks: list[str] = []
    for number, entry in enumerate(rule_set.entries, 1):
        rule = entry.rule
        item: dict[str, Any] = {
            "title": entry.title,
            "name": rule.name,
            "text": format_rule(rule),
            "english": explain(rule),
            "cost": cost(rule),
            "line": entry.line,
        }
        items.append(item)
        heading = f"{number}. {entry.title or rule.name} ({rule.name}, cost {item['cost']})"
        blocks.append("\n".join([heading, _indent(item["text"]), _indent(item["english"])]))
    text = "\n\n".join([f"{rule_set.name}: {len(items)} rules", *blocks])
    return Outcome({"rule_set": rule_set.name, "rules": items}, text)


def _indent(text: str) -> str:
    """Indented by four spaces, long lines wrapped at 96 columns (rule text keeps its lines;
    a wrapped line goes on two spaces deeper than it starts)."""
    out = []
    for line in text.strip().splitlines():
        lead = "    " + line[: len(line) - len(line.lstrip())]
        out.append(
            textwrap.fill(line.strip(), 96, initial_indent=lead, subsequent_indent=lead + "  ")
            if line.strip()
            else ""
        )
    return "\n".join(out)


# ---- prove -----------------------------------------------------------------------------------


def counterexample_picture(cex: Counterexample) -> list[str]:
    """The counterexample's line, the fill under it (``O`` filled / ``x`` crossed) and a solution
    the fill contradicts."""
    hints = "(" + " ".join(map(str, cex.hints)) + ") "
    pad = " " * len(hints)
    fill = cex.fill
    mark = "O" if fill.value == FILLED else "x"
    n = len(cex.cells)
    under = "".join(mark if fill.start <= i < fill.end else " " for i in range(n)).rstrip()
    lines = [f"line     {hints}{cex.cells}", f"fill     {pad}{under}"]
    if fill.start >= fill.end:
        lines.append(f"         the fill [{fill.start}, {fill.end}) is empty")
    elif fill.start < 0 or fill.end > n:
        lines.append(
            f"         the fill [{fill.start}, {fill.end}) reaches outside the {n}-cell line"
        )
    if cex.witness:
        lines.append(f"solution {pad}{cex.witness}")
    return lines


def _cex_data(cex: Counterexample) -> dict[str, Any]:
    fill = cex.fill
    return {
        "hints": list(cex.hints),
        "cells": cex.cells,
        "witness": cex.witness,
        "fill": {
            "value": fill.value == FILLED,
            "start": fill.start,
            "end": fill.end,
            "flipped": fill.flipped,
        },
        "env": {name: [el.type.value, el.index, el.start, el.size] for name, el in cex.env.items()},
    }


def run_prove(args: argparse.Namespace) -> Outcome:
    """Prove every rule of the set; exit 1 when one is unsound."""
    # Only this action needs the prover and its z3 encoding: the other subcommands start faster.
    from nonostudio.rules.prover import prove

    rule_set = load_rules(args.rules)
    items: list[dict[str, Any]] = []
    lines: list[str] = []
    unsound = 0
    for number, entry in enumerate(rule_set.entries, 1):
        name = entry.rule.name
        say(f"proving {number}/{len(rule_set.entries)}: {name}")
        result = prove(entry.rule, args.max_length, progress=Progress(name))
        verdict = "sound" if result.sound else "interrupted" if result.sound is None else "UNSOUND"
        unsound += result.sound is False
        items.append(
            {
                "name": name,
                "title": entry.title,
                "sound": result.sound,
                "max_length": result.max_length,
                "seconds": round(result.seconds, 3),
                "counterexample": None
                if result.counterexample is None
                else _cex_data(result.counterexample),
            }
        )
        lines.append(f"{name}: {verdict} up to {result.max_length} cells ({result.seconds:.2f} s)")
        if result.counterexample is not None:
            lines += ["    " + line for line in counterexample_picture(result.counterexample)]
    lines.append(
        f"{len(items) - unsound} of {len(items)} rules proved sound"
        if not unsound
        else f"{unsound} of {len(items)} rules are unsound"
    )
    code = ExitCode.NOT_UNIQUE if unsound else ExitCode.OK
    return Outcome(
        {"rule_set": rule_set.name, "unsound": unsound, "rules": items}, "\n".join(lines), code
    )


# ---- coverage --------------------------------------------------------------------------------


def _test_set(path: str | None) -> Path:
    return resolve_test_set(path)


def _paper_figure(name: str, transitions: int, cells: int) -> list[str]:
    """The paper's coverage of the control rules, beside ours, on the paper's own test set only."""
    from nonostudio.learn.report import PAPER, PAPER_SET

    if name != "control" or (transitions, cells) != PAPER_SET:
        return []
    return [f"the paper: {PAPER['control']} of {cells} cells for its 14 control rules"]


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
    rule_set = load_rules(args.rules)
    path = _test_set(args.test)
    transitions = load_transitions(path)
    label = describe_test_set(path, len(transitions), cells_to_fill(transitions))
    say(f"coverage of {rule_set.name!r} ({len(rule_set.rules)} rules) on {label}")
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
    for name, cells in sorted(report.per_rule.items(), key=lambda item: (-item[1], item[0])):
        lines.append(f"{name:<{width}}  {cells:>5}")
    bugs = [_bug_text(bug, transitions) for bug in report.bugs]
    lines += ["", f"{len(bugs)} bugs (fills contradicting the known deduction)"]
    lines += [f"  {bug}" for bug in bugs]
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


# ---- families and guide ----------------------------------------------------------------------


def run_families(args: argparse.Namespace) -> Outcome:
    """The technique catalogue: id, name, tier, idea, other names and worked example."""
    from nonostudio.analysis.techniques import ALL_TECHNIQUES

    items = []
    lines = []
    for t in ALL_TECHNIQUES:
        items.append(
            {
                "id": t.id,
                "name": t.name,
                "tier": t.tier,
                "idea": t.idea,
                "scope": t.scope,
                "also_known_as": list(t.also_known_as),
                "example": None
                if t.example is None
                else {
                    "clues": list(t.example.clues),
                    "before": t.example.before,
                    "after": t.example.after,
                    "note": t.example.note,
                },
            }
        )
        lines.append(f"tier {t.tier}  {t.name} ({t.id})")
        lines.append(_indent(t.idea))
        if t.example is not None:
            lines.append(_indent(f"e.g. {t.example}: {t.example.note}"))
    text = "\n".join([f"{len(items)} techniques, easiest first:", "", *lines])
    return Outcome({"techniques": items}, text)


def run_guide(args: argparse.Namespace) -> Outcome:
    """Write the strategy guide to ``args.out``."""
    from nonostudio.analysis.defaults import DEFAULT_RULE_SET
    from nonostudio.analysis.guide import (
        example_sources,
        guide_html,
        real_examples,
        technique_frequencies,
    )

    rule_set = load_rules(args.rules or DEFAULT_RULE_SET)
    samples = sample_puzzles()
    say(f"solving {len(samples)} sample puzzles with the {rule_set.name!r} rules for examples")
    examples = real_examples(samples, rule_set.rules)
    frequencies = None
    transitions: list[Transition] = []
    test = resolve_test_set(args.test)
    if args.test or test.is_file():
        transitions = load_transitions(test)
        say(f"counting the techniques on {len(transitions)} test lines from {test}")
        frequencies = technique_frequencies(transitions, progress=Progress("test lines"))
    sources = example_sources(examples, samples)
    page = guide_html(
        examples, frequencies, len(transitions), rule_set=rule_set.name, sources=sources
    )
    out = Path(args.out)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise OSError(exc.errno, f"cannot write the guide: {exc.strerror}", str(out)) from None
    from nonostudio.analysis.techniques import ALL_TECHNIQUES

    missing = [t.name for t in ALL_TECHNIQUES if t.id not in examples]
    text = (
        f"wrote {out}: {len(ALL_TECHNIQUES)} techniques, {len(examples)} with an example "
        f"from a sample puzzle"
        + (f" (none for {', '.join(missing)})" if missing else "")
        + (
            f"; frequencies on {len(transitions)} test lines"
            if transitions
            else "; no test set, so no frequencies"
        )
    )
    return Outcome(
        {
            "out": str(out),
            "techniques": len(ALL_TECHNIQUES),
            "examples": sorted(examples),
            "test_lines": len(transitions),
        },
        text,
    )
