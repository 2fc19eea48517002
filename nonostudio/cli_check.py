"""``nonostudio-cli check``: the verdict of many puzzles, one table row each, optionally in
parallel worker processes."""

from __future__ import annotations

import argparse
import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from nonostudio.cli_common import (
    ExitCode,
    Outcome,
    first_done,
    ignore_sigint_in_worker,
    positive_int_arg,
    resolve,
    say,
    submit,
    time_limit_arg,
)
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import parse_puzzle_arg, read_entries, read_file
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import solve

NAME = "check"
HELP = "decide many puzzles (every puzzle of a collection file) and print one row each"
DEFAULT_TIME_LIMIT = 10.0


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``check`` subcommand."""
    parser = subparsers.add_parser(
        NAME, parents=[parent], help=HELP,
        description=HELP + ". A file that cannot be read or understood gives a row with the "
        "error and the others still run; the exit code is then 3 (a file could not be read) or "
        "2 (bad input), otherwise 0 whatever the verdicts.")
    parser.add_argument("puzzles", metavar="FILE", nargs="+",
                        help="puzzle files (FILE#ITEM for one puzzle of a collection) or "
                             "puzzle strings")
    parser.add_argument("--time-limit", metavar="S", type=time_limit_arg,
                        default=DEFAULT_TIME_LIMIT,
                        help=f"seconds per puzzle before the verdict is 'undecided' "
                             f"(default: {DEFAULT_TIME_LIMIT:g})")
    parser.add_argument("--jobs", metavar="N", type=positive_int_arg, default=1,
                        help="solve in N worker processes (default: 1, in this process)")
    parser.set_defaults(run=run)


@dataclass
class _Task:
    """One row of the table: a puzzle to build and solve, or an error found while reading."""

    label: str
    item: str | None
    build: Callable[[], Puzzle] | None = None
    error: str | None = None
    io_error: bool = False


def _tasks(args: list[str]) -> Iterator[_Task]:
    for arg in args:
        try:
            source = resolve(arg)
        except OSError as exc:
            yield _Task(arg, None, error=f"{arg}: cannot open: {exc.strerror or exc}",
                        io_error=True)
            continue
        if source.text is not None:
            yield _Task(arg, None, build=partial(parse_puzzle_arg, arg))
        elif source.item is not None:
            yield _Task(arg, source.item, build=partial(read_file, source.path, source.item))
        else:
            try:
                entries = read_entries(source.path)
            except PuzzleError as exc:
                yield _Task(arg, None, error=str(exc))
                continue
            except OSError as exc:  # gone or unreadable since it was opened
                yield _Task(arg, None, error=f"{arg}: cannot read: {exc.strerror or exc}",
                            io_error=True)
                continue
            for ident, build in entries:
                yield _Task(f"{arg}#{ident}" if ident else arg, ident or None, build=build)


# The worker processes' cancel flag: set by the parent on Ctrl-C so running solves stop early.
_STOP: Any = None


def _init_worker(stop: Any) -> None:
    global _STOP
    _STOP = stop
    ignore_sigint_in_worker()  # Ctrl-C reaches the whole group: the parent sets the flag


def _verdict(puzzle: Puzzle, time_limit: float) -> dict[str, Any]:
    """Solve one puzzle (in this process or a worker) and return the row's verdict fields."""
    stop = _STOP
    result = solve(puzzle, time_limit=time_limit,
                   should_stop=None if stop is None else stop.is_set)
    return {"verdict": result.verdict.name.lower(), "label": result.verdict.label,
            "seconds": round(result.seconds, 6)}


class _Rows:
    """The table being filled in, in input order, with the ``[i/N]`` progress on stderr."""

    def __init__(self, tasks: list[_Task]) -> None:
        self.tasks = tasks
        self.rows: list[dict[str, Any] | None] = [None] * len(tasks)
        self.done = 0

    def finish(self, index: int, row: dict[str, Any]) -> None:
        task = self.tasks[index]
        row = {"file": task.label, "item": task.item, "width": None, "height": None,
               "size": None, "verdict": None, "label": None, "seconds": None,
               "error": None} | row
        self.rows[index] = row
        self.done += 1
        what = f"error: {row['error']}" if row["error"] else (
            f"{row['size']} {row['label']} ({row['seconds']:.3f} s)")
        say(f"[{self.done}/{len(self.tasks)}] {task.label}: {what}")


def _build(rows: _Rows, index: int) -> Puzzle | None:
    task = rows.tasks[index]
    if task.build is not None:
        try:
            return task.build()
        except PuzzleError as exc:
            task.error = str(exc)
        except OSError as exc:  # the row says so and the other rows still run
            task.error = f"{task.label}: cannot read: {exc.strerror or exc}"
            task.io_error = True
    rows.finish(index, {"error": task.error})
    return None


def _size(puzzle: Puzzle) -> dict[str, Any]:
    return {"width": puzzle.width, "height": puzzle.height, "size": puzzle.size_text}


def _run_here(rows: _Rows, time_limit: float) -> None:
    for index in range(len(rows.tasks)):
        puzzle = _build(rows, index)
        if puzzle is not None:
            rows.finish(index, _size(puzzle) | _verdict(puzzle, time_limit))


def _run_pool(rows: _Rows, time_limit: float, jobs: int) -> None:
    context = multiprocessing.get_context()
    stop = context.Event()
    pending: dict[Future[dict[str, Any]], tuple[int, Puzzle]] = {}
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_init_worker,
                             initargs=(stop,)) as pool:
        try:
            for index in range(len(rows.tasks)):
                puzzle = _build(rows, index)
                if puzzle is not None:
                    pending[submit(pool, pending, _verdict, puzzle, time_limit)] = (index, puzzle)
            while pending:
                finished = first_done(pending)
                for future in finished:
                    index, puzzle = pending.pop(future)
                    rows.finish(index, _size(puzzle) | future.result())
        except KeyboardInterrupt:
            stop.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise


def _table(rows: list[dict[str, Any]]) -> str:
    solved = [row for row in rows if not row["error"]]
    w_file = max([4] + [len(row["file"]) for row in rows])
    w_size = max([4] + [len(row["size"]) for row in solved])
    w_verdict = max([7] + [len(row["label"]) for row in solved])

    def line(file: str, size: str, verdict: str, seconds: str) -> str:
        return f"{file:<{w_file}}  {size:>{w_size}}  {verdict:<{w_verdict}}  {seconds:>7}"

    lines = [line("file", "size", "verdict", "seconds")]
    for row in rows:
        if row["error"]:
            lines.append(f"{row['file']:<{w_file}}  {'':>{w_size}}  error: {row['error']}")
        else:
            lines.append(line(row["file"], row["size"], row["label"], f"{row['seconds']:.3f}"))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> Outcome:
    """Check every puzzle named on the command line."""
    tasks = list(_tasks(args.puzzles))
    rows = _Rows(tasks)
    if args.jobs > 1 and len(tasks) > 1:
        _run_pool(rows, args.time_limit, args.jobs)
    else:
        _run_here(rows, args.time_limit)
    table = [row for row in rows.rows if row is not None]
    if any(task.io_error for task in tasks):
        code = ExitCode.IO_ERROR
    elif any(row["error"] for row in table):
        code = ExitCode.BAD_INPUT
    else:
        code = ExitCode.OK
    return Outcome(table, _table(table), code)
