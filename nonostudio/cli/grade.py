"""``nonostudio-cli grade``: the difficulty of many puzzles for a rule set — tier, score, label,
features, explanation and time — one row per puzzle (per item of a collection file), optionally
in parallel worker processes (:mod:`nonostudio.cli.batch`) and into a CSV file (the rows of
:mod:`nonostudio.analysis.grading`)."""

from __future__ import annotations

import argparse
from functools import lru_cache
from typing import Any

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.difficulty import MAX_CELLS, TIER_TEXT
from nonostudio.analysis.grading import COLUMNS, FEATURE_COLUMNS, grade_row, write_csv
from nonostudio.cli.batch import (
    Column,
    Job,
    Row,
    batch_columns,
    read_tasks,
    run_batch,
    text_table,
    worker_should_stop,
)
from nonostudio.cli.check import add_time_limit_option
from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    add_format_option,
    positive_int_arg,
    say,
)
from nonostudio.cli.rules import load_rules
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import RuleSet

NAME = "grade"
HELP = "grade the difficulty of puzzles for a rule set and print one row each"
DEFAULT_RULES = DEFAULT_RULE_SET  # the studio's one default (analysis.defaults)
TABLE = batch_columns(
    Column("tier", lambda row: str(row["tier"]), ">", 4, fit=False),
    Column("score", lambda row: f"{row['score']:.2f}", ">", 6, fit=False),
    Column("label", lambda row: row["label"], "<", 5),
)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``grade`` subcommand."""
    parser = subparsers.add_parser(
        NAME,
        parents=[parent],
        help=HELP,
        description=HELP + ". The tier is the tier of the hardest technique the puzzle needs "
        "(see 'rules families'): "
        + "; ".join(f"{i} {text}" for i, text in enumerate(TIER_TEXT))
        + ". Blank margins never change a grade. A puzzle not graded within the time limit is "
        "'Undecided'. A puzzle that cannot be read, or has more than "
        f"{MAX_CELLS:,} cells, gives a row with the error and the others still run; the exit "
        "code is then 3 (a file could not be read) or 2 (bad input), otherwise 0.",
    )
    parser.add_argument(
        "puzzles",
        metavar="FILE",
        nargs="+",
        help="puzzle files (every item of a collection; FILE#ITEM for one) or "
        "puzzle strings; or the single word 'lines-experiment' to run the "
        "line-selection experiment of Dandurand et al. (CogSci 2012)",
    )
    parser.add_argument(
        "--rules",
        metavar="NAME",
        default=DEFAULT_RULES,
        help=f"a shipped rule set's name or a .rules file (default: {DEFAULT_RULES})",
    )
    parser.add_argument("--csv", metavar="OUT", help="also write the rows to this CSV file")
    add_format_option(parser)
    add_time_limit_option(parser, "per puzzle before the label is 'Undecided'")
    parser.add_argument(
        "--jobs",
        metavar="N",
        type=positive_int_arg,
        default=1,
        help="grade in N worker processes (default: 1, in this process)",
    )
    parser.add_argument(
        "--simulations",
        metavar="N",
        type=positive_int_arg,
        default=20,
        help="lines-experiment: number of simulations (default: 20, as the paper)",
    )
    parser.add_argument(
        "--seed",
        metavar="S",
        type=int,
        default=0,
        help="lines-experiment: random seed (default: 0)",
    )
    parser.set_defaults(run=run)


@lru_cache(maxsize=4)
def _rule_set(name: str) -> RuleSet:
    return load_rules(name)


def grade_named(puzzle: Puzzle, rules: str, time_limit: float | None = None) -> dict[str, Any]:
    """Grade one puzzle (in this process or a worker) for the rule set ``rules`` names, within
    ``time_limit`` seconds; the row's fields (:func:`nonostudio.analysis.grading.grade_row`)."""
    return grade_row(puzzle, _rule_set(rules), worker_should_stop(), time_limit)


def _describe(row: Row) -> str:
    return (
        f"{row['size']} {row['label']} (tier {row['tier']}, score {row['score']}, "
        f"{row['seconds']:.3f} s)"
    )


def run_lines_experiment(args: argparse.Namespace) -> Outcome:
    """The paper's line-selection experiment: mean steps ± standard error per strategy."""
    from nonostudio.analysis.lines_experiment import run_experiment

    result = run_experiment(
        simulations=args.simulations, seed=args.seed, progress=lambda f, m: say(f"{f:4.0%} {m}")
    )
    table = result.table()
    return Outcome(
        {"table": table, "simulations": args.simulations, "seed": args.seed}, table, ExitCode.OK
    )


def run(args: argparse.Namespace) -> Outcome:
    """Grade every puzzle named on the command line."""
    if args.puzzles == ["lines-experiment"]:
        return run_lines_experiment(args)
    rule_set = _rule_set(args.rules)  # a bad rule file is bad input before any puzzle is read
    tasks = list(read_tasks(args.puzzles, args.fmt))
    say(f"grading {len(tasks)} puzzle(s) with the {rule_set.name!r} rules ({len(rule_set)})")
    job = Job(COLUMNS, grade_named, (args.rules, args.time_limit), _describe, stoppable=True)
    table, code = run_batch(tasks, job, args.jobs)
    if args.csv:
        write_csv(args.csv, table)
    data = [{k: v for k, v in row.items() if k not in FEATURE_COLUMNS} for row in table]
    return Outcome(data, text_table(table, TABLE, note=lambda row: row["explanation"]), code)
