"""``nonostudio-cli explain``: how a player using a rule set would solve a puzzle, step by step."""

from __future__ import annotations

import argparse

from nonostudio.analysis.narrate import narrate, summary_text
from nonostudio.analysis.trace import UnsoundRuleError, rule_trace
from nonostudio.cli_common import ExitCode, Outcome, ThrottledProgress, load_puzzle, say
from nonostudio.cli_rules import load_rules
from nonostudio.core.errors import PuzzleError

NAME = "explain"
HELP = "explain how a puzzle is solved with a rule set, one line per step"
DEFAULT_RULES = "learned"  # as in the solving view: the shipped learned set explains by default


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``explain`` subcommand."""
    parser = subparsers.add_parser(
        NAME, parents=[parent], help=HELP, description=HELP + ". Where no rule applies the "
        "trace falls back on the exact line solver, then on probing a cell, then on search, and "
        "says so. Cells and lines are numbered from 1.")
    parser.add_argument("puzzle", metavar="PUZZLE",
                        help="a puzzle file (FILE#ITEM picks one of a collection), a puzzle "
                             "string such as 1:1-1:1, or a Simon Tatham id")
    parser.add_argument("--item", metavar="ID", help="which puzzle of a collection file")
    parser.add_argument("--rules", metavar="NAME", default=DEFAULT_RULES,
                        help=f"a shipped rule set's name or a .rules file (default: {DEFAULT_RULES})")
    parser.add_argument("--no-fallback", action="store_true",
                        help="stop where the rules get stuck instead of falling back")
    parser.set_defaults(run=run)



def run(args: argparse.Namespace) -> Outcome:
    """Trace the puzzle with the rule set and tell it."""
    puzzle = load_puzzle(args.puzzle, args.item)
    rule_set = load_rules(args.rules)
    rules = rule_set.rules
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    say(f"explaining {puzzle.size_text} puzzle{f' {puzzle.title!r}' if puzzle.title else ''} "
        f"with the {rule_set.name!r} rules ({len(rules)})")
    try:
        trace = rule_trace(puzzle, rules, rule_set=rule_set.name, fallback=not args.no_fallback,
                           progress=ThrottledProgress())
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
        "trace": trace.to_json(),
    }
    code = ExitCode.OK if trace.solved else ExitCode.NOT_UNIQUE
    return Outcome(data, text, code)
