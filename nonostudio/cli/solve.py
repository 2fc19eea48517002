"""``nonostudio-cli solve``: decide one puzzle and print its solution(s) and verdict (a colour
puzzle's grids in its colours' characters, with a legend).  A puzzle with no solution, several, or
unequal totals also gets its likely typos (:mod:`nonostudio.analysis.typos`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import numpy as np

from nonostudio.cli.colour import cell_set_rows, colour_fields, grid_text_rows, legend
from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    ThrottledProgress,
    add_format_option,
    grid_rows,
    load_with_note,
    say,
    time_limit_arg,
)
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import InconsistentPuzzleError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import SolveResult, Verdict, solve

if TYPE_CHECKING:
    from nonostudio.core.colour.solver import ColourSolveResult

NAME = "solve"
HELP = "solve one puzzle: print its solution (both, when there are several) and the verdict"


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``solve`` subcommand."""
    parser = subparsers.add_parser(
        NAME,
        parents=[parent],
        help=HELP,
        description=HELP + ". Grids use '#' for filled, "
        "'.' for empty and '?' for cells line logic could not decide.",
    )
    parser.add_argument(
        "puzzle",
        metavar="FILE",
        help="a puzzle file (FILE#ITEM picks one of a collection), a puzzle "
        "string such as 1:1-1:1, or a Simon Tatham id such as 2x2:1/1/1/1",
    )
    parser.add_argument("--item", metavar="ID", help="which puzzle of a collection file")
    parser.add_argument(
        "--time-limit",
        metavar="S",
        type=time_limit_arg,
        default=None,
        help="give up after S seconds (verdict: undecided); default: no limit",
    )
    parser.add_argument(
        "--no-typos",
        dest="typos",
        action="store_false",
        help="do not look for the mistyped clue of a puzzle with no solution, several, or "
        "unequal totals",
    )
    add_format_option(parser)
    parser.set_defaults(run=run)


#: Seconds the search for a mistyped clue may take when ``--time-limit`` does not say.
TYPO_TIME_LIMIT = 30.0


def _typos(
    rows: Any,
    cols: Any,
    time_limit: float | None,
    palette: Any = None,
    size: tuple[int, int] | None = None,
    readings: Any = (),
) -> tuple[dict[str, Any], list[str]]:
    """The typo fields of the JSON form (as ``check`` gives them) and the text lines; with a
    ``palette``, of colour clues; ``size``: the width and height the file declares, when its
    clue lines are not as many; ``readings``: every reading of its lines when more than one
    fits that size (a ``.nin``'s or CWD's unmarked sections)."""
    from nonostudio.analysis.typos import find_colour_typos, find_typos  # loaded when needed
    from nonostudio.cli.check import typo_fields

    say("looking for a mistyped clue")
    limit = TYPO_TIME_LIMIT if time_limit is None else time_limit
    if palette is not None:
        found = find_colour_typos(
            palette, rows, cols, time_limit=limit, progress=ThrottledProgress(), size=size
        )
        return typo_fields(found), found.text_lines()
    report = find_typos(
        rows,
        cols,
        time_limit=limit,
        progress=ThrottledProgress(),
        size=size,
        readings=readings,
        separators=True,
    )
    return typo_fields(report), report.text_lines()


def _inconsistent(exc: InconsistentPuzzleError, args: argparse.Namespace) -> Outcome:
    """Clues that make no puzzle (unequal totals, a clue too long): the error as the command
    line gives it, with the likely typos."""
    say(f"nonostudio-cli: {exc}")
    if exc.colour_clues is not None:
        palette, rows, cols = exc.colour_clues
        size = getattr(exc, "size", None)  # (a colour .non a clue line short or long)
        fields, lines = _typos(rows, cols, args.time_limit, palette, size)
    else:
        assert exc.clues is not None
        size, readings = getattr(exc, "size", None), getattr(exc, "readings", ())
        fields, lines = _typos(*exc.clues, args.time_limit, size=size, readings=readings)
    data = {
        "error": str(exc),
        "exit_code": int(ExitCode.BAD_INPUT),
        "source": exc.source,
        "line": exc.line,
        "column": exc.column,
        "clue": exc.clue,
    } | fields
    return Outcome(data, "\n".join(lines), ExitCode.BAD_INPUT)


def result_data(puzzle: Puzzle, result: SolveResult) -> dict[str, Any]:
    """The JSON form of a solve result (``reason``: why it is undecided when that is not the
    time limit, e.g. too large for the SAT stage; empty otherwise)."""
    return {
        "verdict": result.verdict.name.lower(),
        "label": result.verdict.label,
        "unique": result.verdict.is_unique,
        "seconds": round(result.seconds, 6),
        "width": puzzle.width,
        "height": puzzle.height,
        "title": puzzle.title,
        "solution": grid_rows(result.solution),
        "alternate": grid_rows(result.alternate),
        "line_logic": grid_rows(result.grid),
        "timed_out": result.timed_out,
        "reason": result.reason,
        "stats": asdict(result.stats),
    }


def _rows(grid: np.ndarray | None) -> list[str]:
    return grid_rows(grid) or []


def _text(puzzle: Puzzle, result: SolveResult) -> str:
    return _verdict_text(puzzle, result, _rows, _rows)


def _verdict_text(
    puzzle: Puzzle | ColourPuzzle,
    result: SolveResult | ColourSolveResult,
    solution_rows: Callable[[Any], list[str]],
    decided_rows: Callable[[Any], list[str]],
    tail: Sequence[str] = (),
) -> str:
    """A solve as text: the solution (both, for several), or what line logic decided when the
    time ran out, then ``tail`` and the verdict line."""
    verdict = result.verdict
    parts: list[str] = []
    if verdict is Verdict.MULTIPLE:
        parts += [
            "solution 1:",
            *solution_rows(result.solution),
            "",
            "solution 2:",
            *solution_rows(result.alternate),
            "",
        ]
    elif verdict.is_unique:
        parts += [*solution_rows(result.solution), ""]
    elif verdict is Verdict.UNDECIDED:
        parts += ["decided by line logic ('?' = undecided):", *decided_rows(result.grid), ""]
    parts += tail
    if result.reason:  # why undecided, when not for the time (too large for the SAT stage)
        parts.append(result.reason)
    name = f"{puzzle.title} " if puzzle.title else ""
    note = " (time limit reached)" if result.timed_out else ""
    parts.append(f"{name}{puzzle.size_text}: {verdict.label}{note} in {result.seconds:.3f} s")
    return "\n".join(parts)


def run(args: argparse.Namespace) -> Outcome:
    """Solve the puzzle named on the command line."""
    try:
        puzzle, note, items = load_with_note(args.puzzle, args.item, args.fmt)
    except InconsistentPuzzleError as exc:
        if (exc.clues is None and exc.colour_clues is None) or not getattr(args, "typos", True):
            raise
        return _inconsistent(exc, args)
    if note:
        say(note)
    say(f"solving {puzzle.size_text} puzzle{f' {puzzle.title!r}' if puzzle.title else ''}")
    if isinstance(puzzle, ColourPuzzle):
        from nonostudio.core.colour.solver import solve_colour

        found = solve_colour(
            puzzle.rows,
            puzzle.cols,
            len(puzzle.palette),
            time_limit=args.time_limit,
            progress=ThrottledProgress(),
        )
        verdict = found.verdict
        data = colour_result_data(puzzle, found)
        text = colour_text(puzzle, found)
        if verdict in (Verdict.NO_SOLUTION, Verdict.MULTIPLE) and getattr(args, "typos", True):
            fields, lines = _typos(puzzle.rows, puzzle.cols, args.time_limit, puzzle.palette)
            data |= fields
            text += "\n" + "\n".join(lines)
    else:
        result = solve(puzzle, time_limit=args.time_limit, progress=ThrottledProgress())
        verdict = result.verdict
        data = result_data(puzzle, result)
        text = _text(puzzle, result)
        if verdict in (Verdict.NO_SOLUTION, Verdict.MULTIPLE) and getattr(args, "typos", True):
            fields, lines = _typos(puzzle.rows, puzzle.cols, args.time_limit)
            data |= fields
            text += "\n" + "\n".join(lines)
    code = ExitCode.OK if verdict.is_unique else ExitCode.NOT_UNIQUE
    if note:
        data |= {"items_in_file": items, "note": note}
    text += f"\n(the first of {items} puzzles in the file)" if note else ""
    return Outcome(data, text, code)


def colour_result_data(puzzle: ColourPuzzle, result: ColourSolveResult) -> dict[str, Any]:
    """The JSON form of a colour solve result: the keys of :func:`result_data` (grids as rows
    of colour characters, background ``.``, undecided ``?``) and the palette and clues."""
    palette = puzzle.palette
    return {
        "verdict": result.verdict.name.lower(),
        "label": result.verdict.label,
        "unique": result.verdict.is_unique,
        "seconds": round(result.seconds, 6),
        "width": puzzle.width,
        "height": puzzle.height,
        "title": puzzle.title,
        "solution": grid_text_rows(result.solution, palette),
        "alternate": grid_text_rows(result.alternate, palette),
        "line_logic": cell_set_rows(result.grid, palette),
        "timed_out": result.timed_out,
        "reason": result.reason,
        "stats": {"line_solves": result.line_solves, "nodes": result.nodes},
    } | colour_fields(puzzle)


def colour_text(puzzle: ColourPuzzle, result: ColourSolveResult) -> str:
    """The text of a colour solve: as :func:`_text`, grids in colour characters, then the
    legend."""
    palette = puzzle.palette
    return _verdict_text(
        puzzle,
        result,
        lambda grid: grid_text_rows(grid, palette) or [],
        lambda grid: cell_set_rows(grid, palette),
        [legend(palette)],
    )
