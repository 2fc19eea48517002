"""The batch runner ``check`` and ``grade`` share: one table row per puzzle named on the command
line (per item of a collection file), filled in this process or in worker processes with Ctrl-C
handled, ``[i/N]`` progress on stderr, the exit code, and the text table."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nonostudio.cli.common import (
    ExitCode,
    first_done,
    ignore_sigint_in_worker,
    parse_noted,
    resolve,
    say,
    submit,
)
from nonostudio.core.errors import PuzzleError, PuzzleFileError
from nonostudio.core.formats import (
    pick_entry,
    read_any_entries,
    read_entries,
    read_file,
)

if TYPE_CHECKING:  # the worker pool's modules are imported when a pool runs (_run_pool)
    from concurrent.futures import Future
    from multiprocessing.synchronize import Event

    from nonostudio.core.formats import AnyEntries, AnyPuzzle

Row = dict[str, Any]


@dataclass
class Task:
    """One row of the table: a puzzle to build and run, or an error found while reading."""

    label: str
    item: str | None
    build: Callable[[], AnyPuzzle] | None = None
    error: str | None = None
    io_error: bool = False


def read_tasks(
    args: Sequence[str], fmt: str | None = None, *, colour: bool = False
) -> Iterator[Task]:
    """The rows the command-line arguments name: a puzzle string, ``FILE#ITEM``, or every item
    of a file (``fmt`` forces a reader); an argument that cannot be opened or read is a row with
    its error. With ``colour``, colour puzzles are read (as ColourPuzzle) instead of refused."""
    entries_of = read_any_entries if colour else read_entries

    def read_item(path: str, item: str) -> AnyPuzzle:
        if not colour:
            return read_file(path, item, fmt)
        return pick_entry(read_any_entries(path, fmt), item, Path(path).name or path)[1]

    for arg in args:
        try:
            source = resolve(arg)
        except OSError as exc:
            yield Task(arg, None, error=f"{arg}: cannot open: {exc.strerror or exc}", io_error=True)
            continue
        except PuzzleError as exc:  # an empty argument, '-'
            yield Task(arg, None, error=str(exc))
            continue
        if source.text is not None:
            yield Task(arg, None, build=partial(parse_noted, arg, fmt, colour=colour))
            continue
        assert source.path is not None  # resolve() gives a path when it gives no text
        if source.item is not None:
            yield Task(arg, source.item, build=partial(read_item, source.path, source.item))
            continue
        try:
            entries: AnyEntries = list(entries_of(source.path, fmt))
        except PuzzleError as exc:  # bad content, or (PuzzleFileError) an unreadable file
            yield Task(arg, None, error=str(exc), io_error=isinstance(exc, PuzzleFileError))
            continue
        except OSError as exc:  # gone or unreadable since it was opened
            yield Task(arg, None, error=f"{arg}: cannot read: {exc.strerror or exc}", io_error=True)
            continue
        for ident, build in entries:
            yield Task(f"{arg}#{ident}" if ident else arg, ident or None, build=build)


@dataclass(frozen=True)
class Job:
    """What a batch computes per puzzle and how its rows look.

    ``work(puzzle, *work_args)`` returns the row's own fields (or ``{"error": ...}``); it runs in
    this process or in a worker, so it and its arguments must pickle (a module-level function).
    ``columns`` are every row's keys in order (``file`` and ``item`` among them); ``describe``
    is the progress text of a row without an error.  A ``stoppable`` job's running work is told
    to stop on Ctrl-C (it polls :func:`worker_should_stop`); otherwise only the queued work is
    cancelled and the running work is left to finish.
    """

    columns: tuple[str, ...]
    work: Callable[..., Row]
    work_args: tuple[Any, ...]
    describe: Callable[[Row], str]
    stoppable: bool = False


class _Rows:
    """The table being filled in, in input order, with the ``[i/N]`` progress on stderr."""

    def __init__(self, tasks: list[Task], job: Job) -> None:
        self.tasks = tasks
        self.job = job
        self.rows: list[Row | None] = [None] * len(tasks)
        self.done = 0

    def build(self, index: int) -> AnyPuzzle | None:
        """The task's puzzle, or None after recording the row of its error."""
        task = self.tasks[index]
        if task.build is not None:
            try:
                return task.build()
            except PuzzleError as exc:
                task.error = str(exc)
                task.io_error = isinstance(exc, PuzzleFileError)
            except OSError as exc:  # the row says so and the other rows still run
                task.error = f"{task.label}: cannot read: {exc.strerror or exc}"
                task.io_error = True
        self.finish(index, None, {"error": task.error})
        return None

    def finish(self, index: int, puzzle: AnyPuzzle | None, fields: Row) -> None:
        task = self.tasks[index]
        size = (
            {}
            if puzzle is None
            else {"width": puzzle.width, "height": puzzle.height, "size": puzzle.size_text}
        )
        row = (
            dict.fromkeys(self.job.columns)
            | {"file": task.label, "item": task.item}
            | size
            | fields
        )
        self.rows[index] = row
        self.done += 1
        what = f"error: {row['error']}" if row["error"] else self.job.describe(row)
        say(f"[{self.done}/{len(self.tasks)}] {task.label}: {what}")


# A stoppable job's cancel flag in its worker processes: set by the parent on Ctrl-C so running
# work stops early.
_STOP: Event | None = None


def _init_worker(stop: Event | None) -> None:
    global _STOP
    _STOP = stop
    ignore_sigint_in_worker()  # Ctrl-C reaches the whole group: the parent handles it


def worker_should_stop() -> Callable[[], bool] | None:
    """In a stoppable job's worker process: a callback saying whether Ctrl-C asked the work to
    stop; None in this process (a Ctrl-C here raises KeyboardInterrupt instead)."""
    stop = _STOP
    return None if stop is None else stop.is_set


def _run_here(rows: _Rows) -> None:
    job = rows.job
    for index in range(len(rows.tasks)):
        puzzle = rows.build(index)
        if puzzle is not None:
            rows.finish(index, puzzle, job.work(puzzle, *job.work_args))


def _run_pool(rows: _Rows, jobs: int) -> None:
    # Ctrl-C goes to the whole process group; the parent handles it, cancelling the queued work.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    job = rows.job
    context = multiprocessing.get_context()
    stop = context.Event() if job.stoppable else None
    pending: dict[Future[Row], tuple[int, AnyPuzzle]] = {}
    with ProcessPoolExecutor(
        jobs, mp_context=context, initializer=_init_worker, initargs=(stop,)
    ) as pool:
        try:
            for index in range(len(rows.tasks)):
                puzzle = rows.build(index)
                if puzzle is not None:
                    future = submit(pool, pending, job.work, puzzle, *job.work_args)
                    pending[future] = (index, puzzle)
            while pending:
                finished = first_done(pending)
                for future in finished:
                    index, puzzle = pending.pop(future)
                    rows.finish(index, puzzle, future.result())
        except KeyboardInterrupt:
            if stop is not None:
                stop.set()
            pool.shutdown(wait=stop is not None, cancel_futures=True)
            raise


def run_batch(tasks: list[Task], job: Job, jobs: int = 1) -> tuple[list[Row], ExitCode]:
    """Run ``job`` on every task, in ``jobs`` worker processes when there are more than one (and
    more than one task); the rows in input order, and the exit code: 3 when a file could not be
    read, else 2 when a row has an error, else 0.

    Ctrl-C stops the run and gives the rows finished before it with code 130 (INTERRUPTED), and
    says on stderr how many of how many that is: the table of a long check was lost (only the
    progress lines had it), so a run stopped after 900 of 1000 puzzles printed no row."""
    rows = _Rows(tasks, job)
    # no more workers than puzzles: the pool forks all of them at once ('check --jobs 60' of
    # two files forked 60 processes, and --jobs 99999 as many as the system would give)
    jobs = min(jobs, len(tasks))
    try:
        if jobs > 1:
            _run_pool(rows, jobs)
        else:
            _run_here(rows)
    except KeyboardInterrupt:
        table = [row for row in rows.rows if row is not None]
        say(
            f"nonostudio-cli: interrupted: {len(table)} of {len(tasks)} done; "
            f"{'their rows follow' if table else 'no row to show'}"
        )
        return table, ExitCode.INTERRUPTED
    table = [row for row in rows.rows if row is not None]
    if any(task.io_error for task in tasks):
        code = ExitCode.IO_ERROR
    elif any(row["error"] for row in table):
        code = ExitCode.BAD_INPUT
    else:
        code = ExitCode.OK
    return table, code


@dataclass(frozen=True)
class Column:
    """A column of the text table: its header, the text of a row's cell, the alignment (``<``
    or ``>``) and the width; a ``fit`` column widens to its longest cell."""

    header: str
    cell: Callable[[Row], str]
    align: str = "<"
    width: int = 0
    fit: bool = True


def batch_columns(*middle: Column) -> tuple[Column, ...]:
    """The columns of a batch table: the file and its size, then ``middle``, then the seconds
    the puzzle took."""
    return (
        Column("file", lambda row: row["file"], "<", 4),
        Column("size", lambda row: row["size"], ">", 4),
        *middle,
        Column("seconds", lambda row: f"{row['seconds']:.3f}", ">", 7, fit=False),
    )


def text_table(
    rows: list[Row],
    columns: Sequence[Column],
    *,
    error_after: int = 1,
    note: Callable[[Row], str] | None = None,
) -> str:
    """The rows as a text table, a header line first.  The first column (the file) is as wide as
    its longest cell; another ``fit`` column as the longest among the rows without an error.  A
    row with an error shows the first ``error_after`` columns (the first filled in, the others
    blank) and then ``error: …``; ``note(row)`` adds an indented line under the other rows."""
    ok = [row for row in rows if not row["error"]]
    widths = [
        max([column.width] + [len(column.cell(row)) for row in (rows if i == 0 else ok)])
        if column.fit
        else column.width
        for i, column in enumerate(columns)
    ]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            f"{cell:{column.align}{width}}"
            for cell, column, width in zip(cells, columns, widths, strict=False)
        )

    lines = [line([column.header for column in columns])]
    for row in rows:
        if row["error"]:
            cells = [columns[0].cell(row)] + [""] * (error_after - 1)
            lines.append(f"{line(cells)}  error: {row['error']}")
            continue
        lines.append(line([column.cell(row) for column in columns]))
        if note is not None:
            lines.append(f"    {note(row)}")
    return "\n".join(lines)
