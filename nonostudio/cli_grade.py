"""``nonostudio-cli grade``: the difficulty of many puzzles for a rule set — tier, score, label,
features, explanation and time — one row per puzzle (per item of a collection file), optionally
in parallel worker processes and into a CSV file."""

from __future__ import annotations

import argparse
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from functools import lru_cache
from typing import Any

from nonostudio.analysis import grading
from nonostudio.analysis.defaults import DEFAULT_RULE_SET
from nonostudio.analysis.difficulty import TIER_TEXT
from nonostudio.analysis.grading import COLUMNS, FEATURE_COLUMNS, write_csv
from nonostudio.cli_check import _Task, _tasks
from nonostudio.cli_common import (
    ExitCode,
    Outcome,
    first_done,
    ignore_sigint_in_worker,
    positive_int_arg,
    say,
    submit,
)
from nonostudio.cli_rules import load_rules
from nonostudio.core.errors import PuzzleError
from nonostudio.core.puzzle import Puzzle
from nonostudio.rules.ruleset import RuleSet

NAME = "grade"
HELP = "grade the difficulty of puzzles for a rule set and print one row each"
DEFAULT_RULES = DEFAULT_RULE_SET  # the studio's one default (analysis.defaults)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``grade`` subcommand."""
    parser = subparsers.add_parser(
        NAME, parents=[parent], help=HELP,
        description=HELP + ". The tier is the tier of the hardest technique the puzzle needs "
        "(see 'rules families'): " + "; ".join(f"{i} {text}" for i, text in enumerate(TIER_TEXT))
        + ". Blank margins never change a grade. A puzzle that cannot be read gives a row with the error and the others still "
        "run; the exit code is then 3 (a file could not be read) or 2 (bad input), otherwise 0.")
    parser.add_argument("puzzles", metavar="FILE", nargs="+",
                        help="puzzle files (every item of a collection; FILE#ITEM for one) or "
                             "puzzle strings; or the single word 'lines-experiment' to run the "
                             "line-selection experiment of Dandurand et al. (CogSci 2012)")
    parser.add_argument("--rules", metavar="NAME", default=DEFAULT_RULES,
                        help=f"a shipped rule set's name or a .rules file (default: {DEFAULT_RULES})")
    parser.add_argument("--csv", metavar="OUT", help="also write the rows to this CSV file")
    parser.add_argument("--jobs", metavar="N", type=positive_int_arg, default=1,
                        help="grade in N worker processes (default: 1, in this process)")
    parser.add_argument("--simulations", metavar="N", type=positive_int_arg, default=20,
                        help="lines-experiment: number of simulations (default: 20, as the paper)")
    parser.add_argument("--seed", metavar="S", type=int, default=0,
                        help="lines-experiment: random seed (default: 0)")
    parser.set_defaults(run=run)


@lru_cache(maxsize=4)
def _rule_set(name: str) -> RuleSet:
    return load_rules(name)


def grade_row(puzzle: Puzzle, rules: str) -> dict[str, Any]:
    """Grade one puzzle (in this process or a worker) and return the row's fields."""
    return grading.grade_row(puzzle, _rule_set(rules))


class _Rows:
    """The table being filled in, in input order, with ``[i/N]`` progress on stderr."""

    def __init__(self, tasks: list[_Task]) -> None:
        self.tasks = tasks
        self.rows: list[dict[str, Any] | None] = [None] * len(tasks)
        self.done = 0

    def build(self, index: int) -> Puzzle | None:
        """The task's puzzle, or None after recording the row of its error."""
        task = self.tasks[index]
        if task.build is not None:
            try:
                return task.build()
            except PuzzleError as exc:
                task.error = str(exc)
        self.finish(index, None, {"error": task.error})
        return None

    def finish(self, index: int, puzzle: Puzzle | None, row: dict[str, Any]) -> None:
        task = self.tasks[index]
        size = {} if puzzle is None else {"width": puzzle.width, "height": puzzle.height,
                                          "size": puzzle.size_text}
        full = dict.fromkeys(COLUMNS) | {"file": task.label, "item": task.item} | size | row
        self.rows[index] = full
        self.done += 1
        what = f"error: {full['error']}" if full["error"] else (
            f"{full['size']} {full['label']} (tier {full['tier']}, score {full['score']}, "
            f"{full['seconds']:.3f} s)")
        say(f"[{self.done}/{len(self.tasks)}] {task.label}: {what}")


def _run_here(rows: _Rows, rules: str) -> None:
    for index in range(len(rows.tasks)):
        puzzle = rows.build(index)
        if puzzle is not None:
            rows.finish(index, puzzle, grade_row(puzzle, rules))


def _run_pool(rows: _Rows, rules: str, jobs: int) -> None:
    # Ctrl-C goes to the whole process group; the parent handles it, cancelling the queued grades
    # (a grade takes seconds at most, so running ones are left to finish).
    pending: dict[Future[dict[str, Any]], tuple[int, Puzzle]] = {}
    with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context(),
                             initializer=ignore_sigint_in_worker) as pool:
        try:
            for index in range(len(rows.tasks)):
                puzzle = rows.build(index)
                if puzzle is not None:
                    pending[submit(pool, pending, grade_row, puzzle, rules)] = (index, puzzle)
            while pending:
                finished = first_done(pending)
                for future in finished:
                    index, puzzle = pending.pop(future)
                    rows.finish(index, puzzle, future.result())
        except KeyboardInterrupt:
            pool.shutdown(wait=False, cancel_futures=True)
            raise


def _table(rows: list[dict[str, Any]]) -> str:
    graded = [row for row in rows if not row["error"]]
    w_file = max([4] + [len(row["file"]) for row in rows])
    w_size = max([4] + [len(row["size"]) for row in graded])
    w_label = max([5] + [len(row["label"]) for row in graded])

    def line(file: str, size: str, tier: str, score: str, label: str, seconds: str) -> str:
        return (f"{file:<{w_file}}  {size:>{w_size}}  {tier:>4}  {score:>6}  {label:<{w_label}}  "
                f"{seconds:>7}")

    lines = [line("file", "size", "tier", "score", "label", "seconds")]
    for row in rows:
        if row["error"]:
            lines.append(f"{row['file']:<{w_file}}  error: {row['error']}")
            continue
        lines.append(line(row["file"], row["size"], str(row["tier"]), f"{row['score']:.2f}",
                          row["label"], f"{row['seconds']:.3f}"))
        lines.append(f"    {row['explanation']}")
    return "\n".join(lines)


def run_lines_experiment(args: argparse.Namespace) -> Outcome:
    """The paper's line-selection experiment: mean steps ± standard error per strategy."""
    from nonostudio.analysis.lines_experiment import run_experiment

    result = run_experiment(simulations=args.simulations, seed=args.seed,
                            progress=lambda f, m: say(f"{f:4.0%} {m}"))
    table = result.table()
    return Outcome({"table": table, "simulations": args.simulations, "seed": args.seed},
                   table, ExitCode.OK)


def run(args: argparse.Namespace) -> Outcome:
    """Grade every puzzle named on the command line."""
    if args.puzzles == ["lines-experiment"]:
        return run_lines_experiment(args)
    rule_set = _rule_set(args.rules)  # a bad rule file is bad input before any puzzle is read
    tasks = list(_tasks(args.puzzles))
    say(f"grading {len(tasks)} puzzle(s) with the {rule_set.name!r} rules ({len(rule_set)})")
    rows = _Rows(tasks)
    if args.jobs > 1 and len(tasks) > 1:
        _run_pool(rows, args.rules, args.jobs)
    else:
        _run_here(rows, args.rules)
    table = [row for row in rows.rows if row is not None]
    if args.csv:
        write_csv(args.csv, table)
    if any(task.io_error for task in tasks):
        code = ExitCode.IO_ERROR
    elif any(row["error"] for row in table):
        code = ExitCode.BAD_INPUT
    else:
        code = ExitCode.OK
    data = [{k: v for k, v in row.items() if k not in FEATURE_COLUMNS} for row in table]
    return Outcome(data, _table(table), code)
