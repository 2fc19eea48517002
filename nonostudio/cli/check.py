"""``nonostudio-cli check``: the verdict of many puzzles, one table row each, optionally in
parallel worker processes (the batch runner of :mod:`nonostudio.cli.batch`); colour puzzles are
decided by the colour solver."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

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
from nonostudio.cli.common import Outcome, add_format_option, positive_int_arg, time_limit_arg
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve

if TYPE_CHECKING:
    from nonostudio.core.formats import AnyPuzzle

NAME = "check"
HELP = "decide many puzzles (every puzzle of a collection file) and print one row each"
DEFAULT_TIME_LIMIT = 10.0
COLUMNS = ("file", "item", "width", "height", "size", "verdict", "label", "seconds", "error")
TABLE = batch_columns(Column("verdict", lambda row: row["label"], "<", 7))


def add_time_limit_option(parser: argparse.ArgumentParser, until: str) -> None:
    """Add ``--time-limit S`` (default :data:`DEFAULT_TIME_LIMIT`); its help reads
    ``seconds <until> (default: …)``."""
    parser.add_argument(
        "--time-limit",
        metavar="S",
        type=time_limit_arg,
        default=DEFAULT_TIME_LIMIT,
        help=f"seconds {until} (default: {DEFAULT_TIME_LIMIT:g})",
    )


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        NAME,
        parents=[parent],
        help=HELP,
        description=HELP + ". A file that cannot be read or understood gives a row with the "
        "error and the others still run; the exit code is then 3 (a file could not be read) or "
        "2 (bad input), otherwise 0 whatever the verdicts.",
    )
    parser.add_argument(
        "puzzles",
        metavar="FILE",
        nargs="+",
        help="puzzle files (FILE#ITEM for one puzzle of a collection) or puzzle strings",
    )
    add_time_limit_option(parser, "per puzzle before the verdict is 'undecided'")
    parser.add_argument(
        "--jobs",
        metavar="N",
        type=positive_int_arg,
        default=1,
        help="solve in N worker processes (default: 1, in this process)",
    )
    add_format_option(parser)
    parser.set_defaults(run=run)


def verdict(puzzle: AnyPuzzle, time_limit: float) -> dict[str, Any]:
    """Solve one puzzle (in this process or a worker) and return the row's verdict fields; a
    colour puzzle's row also has its ``colours`` and ``palette``."""
    if not isinstance(puzzle, Puzzle):  # colour: its modules are loaded for colour only
        from nonostudio.cli.colour import palette_data
        from nonostudio.core.colour.solver import solve_colour

        found = solve_colour(puzzle.rows, puzzle.cols, len(puzzle.palette), time_limit=time_limit)
        return {
            "verdict": found.verdict.name.lower(),
            "label": found.verdict.label,
            "seconds": round(found.seconds, 6),
            "colours": len(puzzle.palette) - 1,
            "palette": palette_data(puzzle.palette),
        }
    result = solve(puzzle, time_limit=time_limit, should_stop=worker_should_stop())
    return {
        "verdict": result.verdict.name.lower(),
        "label": result.verdict.label,
        "seconds": round(result.seconds, 6),
    }


def _describe(row: Row) -> str:
    return f"{row['size']} {row['label']} ({row['seconds']:.3f} s)"


def run(args: argparse.Namespace) -> Outcome:
    """Check every puzzle named on the command line."""
    job = Job(COLUMNS, verdict, (args.time_limit,), _describe, stoppable=True)
    tasks = list(read_tasks(args.puzzles, args.fmt, colour=True))
    table, code = run_batch(tasks, job, args.jobs)
    return Outcome(table, text_table(table, TABLE, error_after=2), code)
