"""``nonostudio-cli explain``: how a player using a rule set would solve a puzzle, step by step.

Each step is one technique's complete move on one line, explained in a sentence (see
:mod:`nonostudio.analysis.tracing.trace`); ``--json`` gives them as a ``steps`` list of
``{technique, technique_name, kind, line, cells, text, rule, focus, premises}`` items, the
premises being the claims the text states, checkable by brute force.
"""

from __future__ import annotations

import argparse
from typing import Any

from nonostudio.analysis.catalogue.techniques import BY_ID
from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.explaining.naming import line_name
from nonostudio.analysis.explaining.narrate import narrate, summary_text
from nonostudio.analysis.grades.difficulty import MAX_CELLS, PuzzleTooLargeError, check_size
from nonostudio.analysis.tracing.steps import Step
from nonostudio.analysis.tracing.trace import rule_trace
from nonostudio.analysis.tracing.unsound import UnsoundRuleError
from nonostudio.cli.check import add_time_limit_option
from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    ThrottledProgress,
    add_format_option,
    load_with_note,
    resolve,
    say,
)
from nonostudio.cli.rule_tools.rules import load_rules
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.counts import count
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.progress import TimeLimit
from nonostudio.core.solver import Verdict

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
        "line, cells ([row, column, value], from 0; value 1 filled, 0 empty) and text. The "
        "verdict is 'solved', 'stuck' (the rules got stuck, with --no-fallback), 'undecided' "
        "(stopped at the time limit) or 'no solution'; the exit code is 0 for 'solved', 1 "
        "otherwise. A puzzle with several solutions is 'solved' with one of them, and the "
        "summary says so (--json: several_solutions). "
        f"A puzzle of more than {MAX_CELLS:,} cells is refused (exit code 2). A "
        "colour puzzle is explained one colour at a time with these techniques, then with the "
        "colour techniques (the rule set is for black and white only); its --json steps give "
        "cells as [row, column, [colours still possible]], with the palette, the clues and the "
        "pencil marks left.",
    )
    parser.add_argument(
        "puzzle",
        metavar="PUZZLE",
        help="a puzzle file (FILE#ITEM picks one of a collection), a puzzle "
        "string such as 1:1-1:1, or a Simon Tatham id",
    )
    parser.add_argument("--item", metavar="ID", help="which puzzle of a collection file")
    add_format_option(parser)
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
    add_time_limit_option(parser, "before the trace stops and the verdict is 'undecided'")
    parser.set_defaults(run=run)


def step_json(step: Step) -> dict[str, Any]:
    """A step for ``--json``: technique (id and name), kind, line, cells, text, rule, focus, and
    the premises its text states (checkable claims; see nonostudio.analysis.explaining.premises)."""
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
        "premises": list(step.premises),
    }


def _source(args: argparse.Namespace) -> str:
    """The file the puzzle came from, or the puzzle string as typed."""
    return resolve(args.puzzle, args.item).path or args.puzzle


def _no_solution(args: argparse.Namespace, puzzle_data: dict[str, Any], why: str) -> Outcome:
    """The verdict of a puzzle no picture fits (the trace found a line that cannot be completed),
    as ``check`` and ``solve`` give it: named by its file, exit code 1."""
    source = _source(args)
    reason = why.removeprefix("the puzzle has no solution").lstrip(": ")
    text = f"{source}: no solution" + (f": {reason}" if reason else "")
    data = puzzle_data | {
        "file": source,
        "verdict": "no solution",
        "reason": reason or None,
        "solved": False,
        "first_fallback": None,
        "summary": None,
        "text": [],
        "steps": [],
        "trace": None,
    }
    return Outcome(data, text, ExitCode.NOT_UNIQUE)


def _run_colour(args: argparse.Namespace, puzzle: ColourPuzzle) -> Outcome:
    """A colour puzzle: the colour trace (nonostudio.analysis.colour; the rule set does not
    apply to colour), its sentences and summary; ``--json`` as for black and white plus the
    palette and clues."""
    from nonostudio.analysis.colour.report import explain_data, trace_lines
    from nonostudio.analysis.colour.trace import colour_trace
    from nonostudio.cli.colour import cell_set_rows, colour_fields, legend

    cells = len(puzzle.rows) * len(puzzle.cols)
    if cells > MAX_CELLS:
        raise PuzzleError(
            f"{cells:,} cells; explain takes puzzles of at most {MAX_CELLS:,}", source=_source(args)
        )
    colours = count(len(puzzle.palette) - 1, "colour")  # ("1 colours" for one colour)
    say(
        f"explaining {len(puzzle.cols)}x{len(puzzle.rows)} colour puzzle"
        f"{f' {puzzle.title!r}' if puzzle.title else ''} ({colours})"
    )
    trace = colour_trace(puzzle, time_limit=args.time_limit)
    grid = cell_set_rows(trace.grid, puzzle.palette)  # the pencil marks: '?' still undecided
    lines = trace_lines(trace)
    if not trace.solved:
        lines += ["", *grid, legend(puzzle.palette) + ", ? undecided"]
    text = "\n".join(lines)
    code = ExitCode.OK if trace.solved else ExitCode.NOT_UNIQUE
    if not args.json:
        return Outcome(None, text, code)
    data = {
        "title": puzzle.title,
        "width": len(puzzle.cols),
        "height": len(puzzle.rows),
        "file": _source(args),
    }
    data |= explain_data(trace) | {"grid": grid} | colour_fields(puzzle)
    # as for black and white (--help promises it): a script reading d["several_solutions"]
    # failed with KeyError on a colour puzzle
    data["several_solutions"] = trace.solutions == "multiple"
    return Outcome(data, text, code)


def run(args: argparse.Namespace) -> Outcome:
    """Trace the puzzle with the rule set and tell it."""
    puzzle, note, _ = load_with_note(
        args.puzzle, args.item, args.fmt, doing="explaining", does="explains"
    )
    if note:
        say(note)
    if isinstance(puzzle, ColourPuzzle):
        return _run_colour(args, puzzle)
    try:
        check_size(puzzle, "explain")
    except PuzzleTooLargeError as exc:
        raise PuzzleError(exc.message, source=_source(args)) from None
    rule_set = load_rules(args.rules)
    rules = rule_set.rules
    titles = {entry.rule.name: entry.title for entry in rule_set.entries}
    say(
        f"explaining {puzzle.size_text} puzzle{f' {puzzle.title!r}' if puzzle.title else ''} "
        f"with the {rule_set.name!r} rules ({len(rules)})"
    )
    puzzle_data = {"title": puzzle.title, "width": puzzle.width, "height": puzzle.height}
    limit = TimeLimit(args.time_limit)
    try:
        trace = rule_trace(
            puzzle,
            rules,
            rule_set=rule_set.name,
            fallback=not args.no_fallback,
            progress=ThrottledProgress(),
            should_stop=limit,
            complete_moves=not args.rule_fills,
        )
    except UnsoundRuleError as exc:
        raise PuzzleError(str(exc), source=args.rules) from None
    except InconsistentPuzzleError as exc:
        return _no_solution(args, puzzle_data | {"rule_set": rule_set.name}, exc.message)
    sentences = list(narrate(trace, rules, titles))
    summary = summary_text(trace, titles)
    # Only the time limit or the complete solver giving up (a formula too large for memory:
    # trace.stop_reason) interrupts a trace here (Ctrl-C raises KeyboardInterrupt).
    verdict = "solved" if trace.solved else "undecided" if trace.interrupted else "stuck"
    if verdict == "undecided" and trace.stop_reason:
        summary += f"\nundecided: the complete solver stopped: {trace.stop_reason}."
    elif verdict == "undecided":
        summary += f"\nundecided: stopped at the time limit ({args.time_limit:g} s)."
    # A search step may have picked one of several solutions: "Solved" alone read as unique.
    several = trace.search is not None and trace.search.verdict is Verdict.MULTIPLE
    if several:
        summary += (
            "\nThe puzzle has several solutions: this is one of them ('nonostudio-cli solve' "
            "shows two)."
        )
    width = len(str(len(sentences)))
    text = "\n".join([*(f"{i:>{width}}. {s}" for i, s in enumerate(sentences, 1)), "", summary])
    if not args.json:  # the JSON form of a long trace takes as much memory again
        return Outcome(None, text, ExitCode.OK if trace.solved else ExitCode.NOT_UNIQUE, True)
    data = puzzle_data | {
        "file": _source(args),  # as a colour puzzle's and a puzzle with no solution's
        "rule_set": rule_set.name,
        "verdict": verdict,
        "reason": trace.stop_reason,
        "solved": trace.solved,
        "several_solutions": several,
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
