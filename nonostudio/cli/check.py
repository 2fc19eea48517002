"""``nonostudio-cli check``: the verdict of many puzzles, one table row each, optionally in
parallel worker processes (the batch runner of :mod:`nonostudio.cli.batch`); colour puzzles are
decided by the colour solver.  For a puzzle with no solution, several, or unequal totals, the
likely typos follow the table (:mod:`nonostudio.analysis.typos`)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from nonostudio.cli.batch import (
    Column,
    Job,
    Row,
    Task,
    batch_columns,
    read_tasks,
    run_batch,
    text_table,
    worker_should_stop,
)
from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    add_format_option,
    positive_int_arg,
    time_limit_arg,
)
from nonostudio.core.errors import InconsistentPuzzleError, PuzzleError
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.solver import Verdict, solve

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
    parser.add_argument(
        "--no-typos",
        dest="typos",
        action="store_false",
        help="do not look for the mistyped clue of a puzzle with no solution, several, or "
        "unequal totals (by default the likely typos follow the table)",
    )
    add_format_option(parser)
    parser.set_defaults(run=run)


#: Suggestions shown per puzzle.
SUGGESTIONS = 3


def typo_fields(report: Any) -> dict[str, Any]:
    """A row's typo fields: ``problem`` (in words), ``suggestions`` (list of ``{line, kind,
    before, after, verdict, line_solvable, confidence, text}``; a pair of edits, kind ``pair``,
    also has its two ``edits``), whether the search was ``typos_complete``, and when pairs of
    edits are offered ``pairs_text``: how many and on which lines; when none is offered,
    ``no_suggestion``: why (the sentence the studio shows, e.g. that no declared colour in an
    undeclared one's place makes the colour totals equal); ``line_fixes`` when a whole clue
    line put back or dropped makes one picture (``kind, axis, line, clue, line_solvable,
    text``) and ``line_fixes_text``, them in words."""
    fields = {
        "problem": report.problem,
        "suggestions": [s.as_dict() for s in report.offered(SUGGESTIONS)],
        "suggestions_found": len(report.offered(len(report.suggestions))),
        "typos_complete": report.complete,
    }
    if not fields["suggestions"]:
        fields["no_suggestion"] = report.no_suggestion_text()
    if getattr(report, "line_fixes", None):  # (black-and-white clues only)
        from nonostudio.analysis.typos.lines import fixes_text

        fields["line_fixes"] = [fix.as_dict() for fix in report.line_fixes]
        fields["line_fixes_text"] = fixes_text(report.line_fixes)
    if report.pairs(1):
        fields["pairs_text"] = report.pairs_text()
    return fields


def verdict(puzzle: AnyPuzzle, time_limit: float, typos: bool = False) -> dict[str, Any]:
    """Solve one puzzle (in this process or a worker) and return the row's verdict fields; a
    colour puzzle's row also has its ``colours`` and ``palette``.  With ``typos``, the row of a
    puzzle with no solution or several also has :func:`typo_fields`."""
    if not isinstance(puzzle, Puzzle):  # colour: its modules are loaded for colour only
        from nonostudio.cli.colour import palette_data
        from nonostudio.core.colour.solver import solve_colour

        found = solve_colour(
            puzzle.rows,
            puzzle.cols,
            len(puzzle.palette),
            time_limit=time_limit,
            should_stop=worker_should_stop(),
        )
        colour_fields: dict[str, Any] = {
            "verdict": found.verdict.name.lower(),
            "label": found.verdict.label,
            "seconds": round(found.seconds, 6),
            "colours": len(puzzle.palette) - 1,
            "palette": palette_data(puzzle.palette),
        }
        if found.reason:  # undecided, not for the time: too large for the SAT stage
            colour_fields["reason"] = found.reason
        if typos and found.verdict in (Verdict.NO_SOLUTION, Verdict.MULTIPLE):
            from nonostudio.analysis.typos import find_colour_typos_in

            colour_report = find_colour_typos_in(
                puzzle, time_limit=time_limit, should_stop=worker_should_stop()
            )
            colour_fields |= typo_fields(colour_report)
        return colour_fields
    result = solve(puzzle, time_limit=time_limit, should_stop=worker_should_stop())
    fields: dict[str, Any] = {
        "verdict": result.verdict.name.lower(),
        "label": result.verdict.label,
        "seconds": round(result.seconds, 6),
    }
    if result.reason:  # undecided, not for the time: too large for the SAT stage
        fields["reason"] = result.reason
    if result.verdict == Verdict.MULTIPLE:  # (a unique puzzle's grid is never built)
        one, other = result.solution, result.alternate
        if one is not None and other is not None:
            fields["differing"] = differing_cells(one, other)
    if typos and result.verdict in (Verdict.NO_SOLUTION, Verdict.MULTIPLE):
        from nonostudio.analysis.typos import find_typos_in  # loaded only when needed

        report = find_typos_in(
            puzzle, time_limit=time_limit, should_stop=worker_should_stop(), separators=True
        )
        fields |= typo_fields(report)
    return fields


def differing_cells(one: Any, other: Any) -> list[list[int]]:
    """The cells, ``[row, column]`` counted from 1, filled in one of two pictures and not in
    the other (a puzzle with several: where the two the solver found differ)."""
    from nonostudio.core.line import FILLED

    first, second = one == FILLED, other == FILLED
    height, width = first.shape
    return [
        [r + 1, c + 1] for r in range(height) for c in range(width) if first[r, c] != second[r, c]
    ]


#: Cells named at most in the words of where two pictures differ (the rest are counted).
DIFFERING_NAMED = 12


def differing_text(table: list[Row]) -> str:
    """The lines after the table that say where two of the pictures that fit differ, one a
    puzzle with several: ``FILE: two pictures fit and differ in 4 cells: row 8, columns 3 and
    5; row 9, columns 3 and 5.``  The table said only "multiple solutions", and ``solve``
    prints the two grids for the eye to compare."""
    if not any(row.get("differing") for row in table):
        return ""  # nothing more is imported for puzzles with one picture
    from nonostudio.core.counts import count
    from nonostudio.rules.words.phrases import join_and

    lines = []
    for row in table:
        cells = row.get("differing")
        if not cells:
            continue
        named: dict[int, list[int]] = {}
        for r, c in cells[:DIFFERING_NAMED]:
            named.setdefault(r, []).append(c)
        parts = [
            f"row {r}, {'column' if len(cols) == 1 else 'columns'} "
            f"{join_and([str(c) for c in cols])}"
            for r, cols in named.items()
        ]
        more = len(cells) - DIFFERING_NAMED
        rest = f"; and {count(more, 'more cell')}" if more > 0 else ""
        lines.append(
            f"{row['file']}: two pictures fit and differ in {count(len(cells), 'cell')}: "
            f"{'; '.join(parts)}{rest}."
        )
    return "\n" + "\n".join(lines) if lines else ""


def _describe(row: Row) -> str:
    return f"{row['size']} {row['label']} ({row['seconds']:.3f} s)"


def _inconsistent_typos(tasks: list[Task], table: list[Row], time_limit: float) -> None:
    """Add :func:`typo_fields` to the rows of puzzles whose clues could not make a puzzle
    (unequal totals, a clue too long for its line)."""
    for task, row in zip(tasks, table, strict=True):
        if not row["error"] or task.build is None or task.io_error:
            continue
        try:
            task.build()
        except InconsistentPuzzleError as exc:
            if exc.colour_clues is not None:
                from nonostudio.analysis.typos import find_colour_typos
                from nonostudio.core.colour.model import Palette

                palette, rows, cols = exc.colour_clues
                assert isinstance(palette, Palette)
                size = getattr(exc, "size", None)  # (a colour .non a clue line short or long)
                found = find_colour_typos(palette, rows, cols, time_limit=time_limit, size=size)
                row |= typo_fields(found)
                continue
            if exc.clues is None:
                continue
            from nonostudio.analysis.typos import find_typos  # loaded only when needed

            size = getattr(exc, "size", None)  # declared, when the line counts differ from it
            options: dict[str, Any] = {"separators": True}
            if size:
                options |= {"size": size, "readings": getattr(exc, "readings", ())}
            row |= typo_fields(find_typos(*exc.clues, time_limit=time_limit, **options))
        except (PuzzleError, OSError):
            continue


def reason_text(table: list[Row]) -> str:
    """The lines after the table that say why a puzzle is undecided when the time limit is not
    why (too large for the SAT stage), one a puzzle: ``FILE: too large …``."""
    lines = [f"{row['file']}: {row['reason']}" for row in table if row.get("reason")]
    return "\n" + "\n".join(lines) if lines else ""


def typo_text(table: list[Row]) -> str:
    """The lines after the table: each puzzle with a problem, its problem and likely typos."""
    if not any("suggestions" in row for row in table):
        return ""  # nothing more is imported for puzzles without a problem
    from nonostudio.analysis.typos.finder import TWO_TYPOS

    lines: list[str] = []
    for row in table:
        if "suggestions" not in row:
            continue
        lines += ["", f"{row['file']}: {row['problem']}"]
        suggestions = row["suggestions"]
        if suggestions and "line_fixes_text" in row:  # (else it is the no_suggestion text)
            lines.append(f"  {row['line_fixes_text']}")
        if not suggestions:
            lines.append(f"  {row.get('no_suggestion') or 'no single edit makes it unique.'}")
        elif "pairs_text" in row:
            lines.append(f"  no single edit makes the puzzle unique. {row['pairs_text']}")
        elif suggestions[0]["one_more_typo"]:
            found = row.get("suggestions_found", len(suggestions))
            two = f"{TWO_TYPOS[:-1]} (the {len(suggestions)} likeliest of {found}):"
            lines.append(
                f"  no single edit makes the puzzle unique. "
                f"{two if found > len(suggestions) else TWO_TYPOS}"
            )
        elif not suggestions[0]["verdict"].startswith("unique"):
            lines.append(
                "  no single edit makes the puzzle unique; after each of these, pictures fit "
                "every clue (more than one):"
            )
        else:
            found = row.get("suggestions_found", len(suggestions))
            of = (
                f"; the {len(suggestions)} likeliest of {found}" if found > len(suggestions) else ""
            )
            lines.append(f"  likely typos (each edit alone makes the puzzle unique{of}):")
        for n, s in enumerate(suggestions, 1):
            lines.append(f"  {n}. {suggestion_text(s)}")
    return "\n".join(lines)


def suggestion_text(data: dict[str, Any]) -> str:
    """A suggestion's JSON form in words: ``row 7: 3 → 2 (…): unique, line-solvable, confidence
    80%``."""
    verdict = Verdict[data["verdict"].upper()].label
    if data["kind"] == "pair":
        verdict = f"together {verdict}"
    elif data["one_more_typo"]:
        verdict = "then one more clue to fix"
    return f"{data['text']}: {verdict}, confidence {data['confidence']:.0%}"


def run(args: argparse.Namespace) -> Outcome:
    """Check every puzzle named on the command line."""
    typos = getattr(args, "typos", True)
    job = Job(COLUMNS, verdict, (args.time_limit, typos), _describe, stoppable=True)
    tasks = list(read_tasks(args.puzzles, args.fmt, colour=True))
    table, code = run_batch(tasks, job, args.jobs)
    if typos and code != ExitCode.INTERRUPTED:  # (no more solving after a Ctrl-C)
        _inconsistent_typos(tasks, table, args.time_limit)
    text = (
        text_table(table, TABLE, error_after=2)
        + reason_text(table)
        + differing_text(table)
        + typo_text(table)
    )
    return Outcome(table, text, code)
