"""``nonostudio-cli grade``: the difficulty of many puzzles for a rule set — tier, score, label,
features, explanation and time — one row per puzzle (per item of a collection file), optionally
in parallel worker processes (:mod:`nonostudio.cli.batch`) and into a CSV file (the rows of
:mod:`nonostudio.analysis.grades.grading`); and its subcommand ``grade lines-experiment``, the
line-selection experiment of :mod:`nonostudio.analysis.line_selection.lines_experiment`."""

from __future__ import annotations

import argparse
from functools import lru_cache
from typing import Any

from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.grades.difficulty import MAX_CELLS, TIER_TEXT
from nonostudio.analysis.grades.grading import (
    COLUMNS,
    FEATURE_COLUMNS,
    grade_row,
    not_graded,
    write_csv,
)
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
    Parser,
    add_format_option,
    check_writable,
    positive_int_arg,
    say,
)
from nonostudio.cli.rule_tools.rules import load_rules
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.counts import count
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import RuleSet

NAME = "grade"
HELP = "grade the difficulty of puzzles for a rule set and print one row each"
EXPERIMENT = "lines-experiment"
EXPERIMENT_HELP = (
    "run the line-selection experiment of Dandurand et al. (CogSci 2012): the mean steps of "
    "each strategy on random puzzles, beside the paper's figures"
)
DEFAULT_RULES = DEFAULT_RULE_SET  # the studio's one default (analysis.defaults)
TABLE = batch_columns(
    Column("tier", lambda row: "-" if row["tier"] is None else str(row["tier"]), ">", 4, fit=False),
    Column(
        "score",
        lambda row: "-" if row["score"] is None else f"{row['score']:.2f}",
        ">",
        6,
        fit=False,
    ),
    Column("label", lambda row: row["label"], "<", 5),
)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``grade`` subcommand and its own subcommand ``lines-experiment``."""
    options = argparse.ArgumentParser(add_help=False)  # the grading options, for both parsers
    options.add_argument(
        "--rules",
        metavar="NAME",
        default=DEFAULT_RULES,
        help=f"a shipped rule set's name or a .rules file (default: {DEFAULT_RULES})",
    )
    options.add_argument("--csv", metavar="OUT", help="also write the rows to this CSV file")
    add_format_option(options)
    add_time_limit_option(options, "per puzzle before the label is 'Undecided'")
    options.add_argument(
        "--jobs",
        metavar="N",
        type=positive_int_arg,
        default=1,
        help="grade in N worker processes (default: 1, in this process)",
    )
    parser = subparsers.add_parser(
        NAME,
        parents=[parent, options],
        help=HELP,
        description=HELP + ". The tier is the tier of the hardest technique the puzzle needs "
        "(see 'rules families'): "
        + "; ".join(f"{i} {text}" for i, text in enumerate(TIER_TEXT))
        + ". Blank margins never change a grade. A colour puzzle is graded on the same tiers "
        "by its colour trace (the rule set is for black and white only), with colour features. "
        "A puzzle with no solution or several has no tier or score. A puzzle not graded within "
        "the time limit is 'Undecided'. A puzzle that cannot be read, or has more than "
        f"{MAX_CELLS:,} cells, gives a row with the error and the others still run; the exit "
        "code is then 3 (a file could not be read) or 2 (bad input), otherwise 0.",
    )
    puzzles = Parser(  # a usage error there is said as JSON too with --json
        prog=parser.prog, usage=argparse.SUPPRESS, add_help=False, parents=[parent, options]
    )
    puzzles.add_argument("puzzles", metavar="FILE", nargs="+")
    puzzles.set_defaults(run=run)
    commands = parser.add_subparsers(
        action=PuzzlesOrCommand,
        puzzles=puzzles,
        metavar="FILE",
        required=True,
        help="puzzle files (every item of a collection; FILE#ITEM for one) or puzzle strings; "
        "or one of these subcommands:",
    )
    experiment = commands.add_parser(
        EXPERIMENT,
        parents=[parent],
        help=EXPERIMENT_HELP,
        description=EXPERIMENT_HELP + ".",
    )
    experiment.add_argument(
        "--simulations",
        metavar="N",
        type=positive_int_arg,
        default=20,
        help="number of simulations (default: 20, as the paper)",
    )
    experiment.add_argument(
        "--seed", metavar="S", type=int, default=0, help="random seed (default: 0)"
    )
    experiment.set_defaults(run=run_lines_experiment)
    # the usage of the puzzles' parser is grade's: argparse prints it with an error there
    puzzles.usage = parser.format_usage().removeprefix("usage: ").rstrip("\n")


class PuzzlesOrCommand(argparse._SubParsersAction):
    """The words after ``grade``'s options: a subcommand's name and its arguments (parsed by its
    own parser), or else the puzzles to grade and any grading option written after them (parsed
    by the ``puzzles`` parser). ``grade -- lines-experiment`` grades a puzzle of that name."""

    def __init__(self, *args: Any, puzzles: argparse.ArgumentParser, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.puzzles = puzzles
        # a first word that names no subcommand is a puzzle, not an invalid choice: argparse
        # checks the first word against ``choices`` (typed as the subcommands' dict, which stays
        # in ``_name_parser_map`` and in the help)
        self.choices = None  # type: ignore[assignment]

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        words = list(values)
        chosen = self._name_parser_map.get(words[0]) if words else None
        if chosen is None:
            chosen, rest = self.puzzles, words
        else:
            rest = words[1:]
        # Into the same namespace: the options given before the word keep their values (a
        # fresh namespace's defaults would overwrite them, ``--json`` among them).
        _, extras = chosen.parse_known_args(rest, namespace)
        if extras:  # reported by the top parser, as argparse does for its own subcommands
            vars(namespace).setdefault(argparse._UNRECOGNIZED_ARGS_ATTR, []).extend(extras)


@lru_cache(maxsize=4)
def _rule_set(name: str) -> RuleSet:
    return load_rules(name)


def grade_named(
    puzzle: Puzzle | ColourPuzzle, rules: str, time_limit: float | None = None
) -> dict[str, Any]:
    """Grade one puzzle (in this process or a worker) for the rule set ``rules`` names, within
    ``time_limit`` seconds; the row's fields
    (:func:`nonostudio.analysis.grades.grading.grade_row`).  A colour puzzle is graded by its
    colour trace (:mod:`nonostudio.analysis.colour`; the rule set does not apply to colour): its
    row also has its ``colours``, ``palette`` and colour ``features``."""
    if isinstance(puzzle, ColourPuzzle):  # colour: its modules are loaded for colour only
        from nonostudio.analysis.colour.report import grade_fields
        from nonostudio.cli.colour import palette_data

        fields = grade_fields(puzzle, time_limit, worker_should_stop())
        return not_graded(fields | {"palette": palette_data(puzzle.palette)})
    return grade_row(puzzle, _rule_set(rules), worker_should_stop(), time_limit)


def _describe(row: Row) -> str:
    if row["tier"] is None:
        return f"{row['size']} {row['label']}, not graded ({row['seconds']:.3f} s)"
    return (
        f"{row['size']} {row['label']} (tier {row['tier']}, score {row['score']}, "
        f"{row['seconds']:.3f} s)"
    )


def run_lines_experiment(args: argparse.Namespace) -> Outcome:
    """The paper's line-selection experiment: mean steps ± standard error per strategy."""
    from nonostudio.analysis.line_selection.lines_experiment import run_experiment

    result = run_experiment(
        simulations=args.simulations, seed=args.seed, progress=lambda f, m: say(f"{f:4.0%} {m}")
    )
    table = result.table()
    return Outcome(
        {"table": table, "simulations": args.simulations, "seed": args.seed}, table, ExitCode.OK
    )


def run(args: argparse.Namespace) -> Outcome:
    """Grade every puzzle named on the command line."""
    rule_set = _rule_set(args.rules)  # a bad rule file is bad input before any puzzle is read
    if args.csv is not None:
        check_writable(args.csv, "a CSV file")  # before the grading, not after it
    tasks = list(read_tasks(args.puzzles, args.fmt, colour=True))
    # (the tasks are read as they are graded, so the line cannot yet tell colour puzzles apart)
    say(
        f"grading {count(len(tasks), 'puzzle')}: black and white with the {rule_set.name!r} "
        f"rules ({len(rule_set)}), colour by colour line logic"
    )
    job = Job(COLUMNS, grade_named, (args.rules, args.time_limit), _describe, stoppable=True)
    table, code = run_batch(tasks, job, args.jobs)
    if args.csv and code == ExitCode.INTERRUPTED:  # a part of the table is not the CSV asked for
        say(f"nonostudio-cli: {args.csv}: not written (the grading was interrupted)")
    elif args.csv:
        try:
            write_csv(args.csv, table)
        except OSError as exc:  # the rows are printed all the same: the grading is not lost
            say(f"nonostudio-cli: {exc.filename or args.csv}: {exc.strerror or exc}")
            code = ExitCode.IO_ERROR
    data = [{k: v for k, v in row.items() if k not in FEATURE_COLUMNS} for row in table]
    return Outcome(data, text_table(table, TABLE, note=lambda row: row["explanation"]), code)
