"""``nonostudio-cli explain``: how a player using a rule set would solve a puzzle, step by step.

Each step is one technique's complete move on one line, explained in a sentence (see
:mod:`nonostudio.analysis.trace`); ``--json`` gives them as a ``steps`` list of
``{technique, technique_name, kind, line, cells, text, rule, focus}`` items.
"""

from __future__ import annotations

import argparse
from typing import Any

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.naming import line_name
from nonostudio.analysis.narrate import narrate, summary_text
from nonostudio.analysis.steps import Step
from nonostudio.analysis.techniques import BY_ID
from nonostudio.analysis.trace import rule_trace
from nonostudio.analysis.unsound import UnsoundRuleError
from nonostudio.cli.common import ExitCode, Outcome, ThrottledProgress, load_puzzle, say
from nonostudio.cli.rules import load_rules
from nonostudio.core.errors import PuzzleError

NAME = "explain"
HELP = "explain how a puzzle is solved with a rule set, one line per step"
DEFAULT_RULES = DEFAULT_RULE_SET  # the studio's one default (analysis.defaults)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``explain`` subcommand."""
    parser = subparsers.add_parser(
        NAME,
        parents=[parent],
        help=HELP,
        description=HELP + ". Each step is one technique "
        "(see 'rules families') applied to one line until it gives nothing more there; where no "
        "rule applies the trace falls back on line logic beyond the rules, then on probing a "
        "cell, then on search, and says so. Cells and lines are numbered from 1 in the text; "
        "in --json, 'steps' lists each step's technique, kind (rule, line, probe, search), "
        "line, cells ([row, column, value], from 0; value 1 filled, 0 empty) and text.",
    )
    parser.add_argument(
        "puzzle",
        metavar="PUZZLE",
        help="a puzzle file (FILE#ITEM picks one of a collection), a puzzle "
        "string such as 1:1-1:1, or a Simon Tatham id",
    )
    parser.add_argument("--item", metavar="ID", help="which puzzle of a collection file")
    parser.add_argument(
        "--rules",
        metavar="NAME",
        default=DEFAULT_RULES,
        help=f"a shipped rule set's name or a .rules file (default: {DEFAULT_RULES})",
    )
    parser.add_argument(
        "--no-fallback",
        action="store_true",
        help="stop where the rules get stuck instead of falling back",
    )
    parser.add_argument(
        "--rule-fills",
        action="store_true",
        help="one rule fill per step, explained in the rule's own words (the "
        "earlier form) instead of a technique's complete move",
    )
    parser.set_defaults(run=run)


def step_json(step: Step) -> dict[str, Any]:
    """A step for ``--json``: technique (id and name), kind, line, cells, text, rule, focus."""
    technique = BY_ID.get(step.technique)
    return {
        "technique": step.technique or None,
        "technique_name": technique.name if technique is not None else None,
        "kind": step.kind,
        "line": None
        if step.line is None
        else {"axis": step.axis, "index": step.index, "name": line_name(step.axis, step.index)},
        "cells": [list(cell) for cell in step.cells],
        "text": step.text,
        "rule": step.rule,
        "subline": None if step.subline is None else list(step.subline),
        "focus": {
            "clues": list(step.focus_clues),
            "spans": [list(span) for span in step.focus_spans],
        },
    }


def run(args: argparse.Namespace) -> Outcome:
    """Trace the puzzle with the rule set and tell it."""
    puzzle = load_puzzle(args.puzzle, args.item)
    rule_set = load_rules(args.rules)
    rules = rule_set.rules
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    say(
        f"explaining {puzzle.size_text} puzzle{f' {puzzle.title!r}' if puzzle.title else ''} "
        f"with the {rule_set.name!r} rules ({len(rules)})"
    )
    try:
        trace = rule_trace(
            puzzle,
            rules,
            rule_set=rule_set.name,
            fallback=not args.no_fallback,
            progress=ThrottledProgress(),
            complete_moves=not args.rule_fills,
        )
    except UnsoundRuleError as exc:
        raise PuzzleError(str(exc), source=args.rules) from None
    sentences = list(narrate(trace, rules, titles))
    summary = summary_text(trace, titles)
    width = len(str(len(sentences)))
    text = "\n".join([*(f"{i:>{width}}. {s}" for i, s in enumerate(sentences, 1)), "", summary])
    data = {
        "title": puzzle.title,
        "width": puzzle.width,
        "height": puzzle.height,
        "rule_set": rule_set.name,
        "solved": trace.solved,
        "first_fallback": trace.first_fallback(),
        "summary": trace.summary().to_json(),
        "text": sentences,
        "steps": [
            step_json(step) | {"text": text}
            for step, text in zip(trace.steps, sentences, strict=True)
        ],
        "trace": trace.to_json(),
    }
    code = ExitCode.OK if trace.solved else ExitCode.NOT_UNIQUE
    return Outcome(data, text, code)
