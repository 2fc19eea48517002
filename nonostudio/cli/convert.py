"""``nonostudio-cli convert``, ``formats`` and ``samples``: rewrite a puzzle in another format or
as a picture, list the formats, and list or copy out the bundled sample puzzles.

Pictures are drawn by the :data:`~nonostudio.cli.common.PictureWriter` the entry point hands to
:func:`nonostudio.cli.main` (the studio's drawing code, loaded only when a picture is asked for):
the command line itself imports nothing of the GUI."""

from __future__ import annotations

import argparse
import errno
import os
import shutil
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from nonostudio.cli.colour import colour_fields
from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    PictureWriter,
    format_arg,
    load_puzzle,
    load_with_note,
    say,
    write_puzzle_file,
)
from nonostudio.core.colour.model import ColourPuzzle
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import FORMATS, write_text
from nonostudio.core.formats._registry import CODECS
from nonostudio.core.paths import samples_dir
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.samples import sample_files

if TYPE_CHECKING:
    from nonostudio.core.colour.solver import ColourSolveResult
    from nonostudio.core.solver import SolveResult

P = TypeVar("P", Puzzle, ColourPuzzle)

# Drawn by the entry point's PictureWriter (the studio's, with Qt loaded only then).
PICTURES = {".png": "PNG picture", ".svg": "SVG picture", ".pdf": "PDF document"}
STDOUT_FORMAT = "non"
SOLVE_SECONDS = 10.0  # how long a picture export tries to find the solution the file lacks

CONVERT_HELP = "write a puzzle in another format, or draw it as a .png, .svg or .pdf picture"
FORMATS_HELP = "list the puzzle formats that can be read and written"
SAMPLES_HELP = (
    "list the freely licensed sample puzzles that come with nonostudio, or copy them "
    "into a folder to try the other commands on"
)


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``convert`` and ``formats`` subcommands."""
    parser = subparsers.add_parser(
        "convert",
        parents=[parent],
        help=CONVERT_HELP,
        description=CONVERT_HELP + ". The format comes from OUT's extension (.non, .xml, .pbn, "
        ".txt, .pzl, .png, .svg, .pdf) or from --format; OUT '-' writes to stdout "
        f"(default format there: {STDOUT_FORMAT}). A colour puzzle is written as .xml, .non "
        "or .g.",
    )
    parser.add_argument(
        "source",
        metavar="IN",
        help="a puzzle file in any readable format (IN#ITEM for one puzzle of "
        "a collection), a puzzle string or a Simon Tatham id",
    )
    parser.add_argument("target", metavar="OUT", help="the file to write, or - for stdout")
    parser.add_argument("--item", metavar="ID", help="which puzzle of a collection file")
    parser.add_argument(
        "--format", metavar="F", dest="fmt", help="output format name (see the formats subcommand)"
    )
    parser.add_argument(
        "--input-format",
        metavar="NAME",
        dest="in_fmt",
        type=format_arg,
        default=None,
        help="read IN as this format instead of detecting it (see the formats subcommand)",
    )
    drawn = parser.add_mutually_exclusive_group()
    drawn.add_argument(
        "--no-solution",
        "--blank",
        dest="blank",
        action="store_true",
        help="leave the solution out: the file's goal picture in a puzzle file; "
        "in a picture, the grid is drawn empty with its clues",
    )
    drawn.add_argument(
        "--solution",
        action="store_true",
        help="pictures only: draw the solution, and fail (exit 1) when the "
        "puzzle has none or several. Without --solution or --blank a "
        "picture shows the file's goal picture or, when the file holds none, "
        f"the solution found within {SOLVE_SECONDS:.0f} s when it is unique "
        "(else an empty grid, with a note saying why)",
    )
    parser.set_defaults(run=run_convert)

    formats = subparsers.add_parser(
        "formats", parents=[parent], help=FORMATS_HELP, description=FORMATS_HELP + "."
    )
    formats.set_defaults(run=run_formats)

    samples = subparsers.add_parser(
        "samples",
        parents=[parent],
        help=SAMPLES_HELP,
        description=SAMPLES_HELP + ". Each file keeps its title, author, copyright and licence "
        "lines; keep them with any copy.",
    )
    samples.add_argument(
        "folder",
        metavar="FOLDER",
        nargs="?",
        help="copy the samples into FOLDER (created if needed; files already "
        "there are left as they are)",
    )
    samples.set_defaults(run=run_samples)


def _format_label(fmt: str | None, target: Path) -> str:
    if fmt is not None:
        return fmt
    suffix = target.suffix.lower()
    for info in FORMATS:
        if info.can_write and suffix in info.extensions:
            return info.name
    return suffix.lstrip(".") or "?"


def _with_solved_goal(puzzle: P, source: str, required: bool) -> P | None:
    """``puzzle`` with its unique solution as the goal (said when the input holds no picture;
    one it holds fits its clues, the readers check, so it is that solution), or None (with a
    note) when it has none, several, or none was found in time; ``required`` (``--solution``)
    makes that an error.  A colour puzzle is solved by the colour solver."""
    limit = None if required else SOLVE_SECONDS
    result: SolveResult | ColourSolveResult
    if isinstance(puzzle, ColourPuzzle):
        from nonostudio.core.colour.solver import solve_colour

        result = solve_colour(puzzle.rows, puzzle.cols, puzzle.ncolours, time_limit=limit)
    else:
        from nonostudio.core.solver import solve

        result = solve(puzzle, time_limit=limit)
    if result.verdict.is_unique and result.solution is not None:
        if puzzle.goal is None:
            say(
                f"{source}: the input holds no solution picture; drawing the unique solution "
                f"found by solving it ({result.seconds:.1f} s)"
            )
        return replace(puzzle, goal=result.solution)
    if required:
        raise _NotUnique(f"{source}: no solution to draw: {result.verdict.label}")
    say(
        f"{source}: the input holds no solution picture and the puzzle's is not known "
        f"({result.verdict.label}); drawing the clues only"
    )
    return None


def _write_picture(puzzle: P, args: argparse.Namespace, target: Path) -> bool:
    """Draw ``puzzle`` to ``target`` with the entry point's picture writer, with its solution
    unless ``--no-solution`` (solved first when the input holds none); whether the solution was
    drawn.  Raises :class:`_NotUnique` when ``--solution`` asks for one it does not have."""
    write_picture: PictureWriter | None = args.write_picture
    if write_picture is None:
        raise PuzzleError(
            f"{target}: this command line was started without a picture "
            f"writer, so it cannot draw {', '.join(PICTURES)} pictures",
            source=str(target),
        )
    with_solution = not args.blank
    if with_solution and (puzzle.goal is None or args.solution):  # (--solution: the file's
        # picture drawn only when it is the one solution; it was drawn for a puzzle of several)
        solved = _with_solved_goal(puzzle, args.source, required=args.solution)
        with_solution = solved is not None
        puzzle = solved or puzzle
    write_picture(puzzle, target, with_solution)
    return with_solution


class _NotUnique(Exception):
    """``--solution`` asked for the solution of a puzzle without exactly one (not a fault of the
    puzzle's file: :func:`run_convert` reports it with the exit code for that)."""


def run_convert(args: argparse.Namespace) -> Outcome:
    """Convert the puzzle IN into OUT."""
    loaded, note, _ = load_with_note(
        args.source, args.item, args.in_fmt, doing="converting", does="converts"
    )
    if note:
        say(note)
    if args.target != "-" and Path(args.target).is_dir():  # said "cannot tell the format from
        # the extension ''; use one of ..." (exit 2), or with --format "Is a directory"
        named = Path(args.source.split("#")[0])
        stem = named.stem if named.is_file() else "puzzle"
        raise IsADirectoryError(
            errno.EISDIR,
            f"is a folder, not a file to write; name the file, as in "
            f"{os.path.join(args.target, stem + '.non')}",
            args.target,
        )
    try:
        if isinstance(loaded, ColourPuzzle):
            return _convert_colour(loaded, args)
        return _convert(loaded, args)
    except _NotUnique as exc:
        data = _size_fields(loaded, args) | {"error": str(exc)}
        return Outcome(data, str(exc), ExitCode.NOT_UNIQUE)


def _convert(puzzle: Puzzle, args: argparse.Namespace) -> Outcome:
    """Convert a black-and-white puzzle: to any format that writes one, or draw it as a
    picture."""
    with_solution = not args.blank
    data = _size_fields(puzzle, args)
    if args.target == "-":
        fmt = args.fmt or STDOUT_FORMAT
        text = write_text(puzzle, fmt, with_solution=with_solution)
        text = text if text.endswith("\n") else text + "\n"
        data |= {
            "format": fmt,
            "with_solution": with_solution and puzzle.goal is not None,
            "text": text,
        }
        return Outcome(data, text)
    target = Path(args.target)
    if _is_picture(args, target):
        with_solution = _write_picture(puzzle, args, target)
        fmt = target.suffix.lower().lstrip(".")
    else:
        if args.fmt is not None and args.fmt.lower().lstrip(".") in (
            s.lstrip(".") for s in PICTURES
        ):
            raise PuzzleError(
                f"pictures are chosen by OUT's extension "
                f"({', '.join(PICTURES)}), not by --format {args.fmt}"
            )
        write_puzzle_file(
            puzzle, target, args.fmt, with_solution=with_solution, also_takes=_drawn(args)
        )
        fmt = _format_label(args.fmt, target)
        with_solution = with_solution and puzzle.goal is not None
    data |= {"format": fmt, "with_solution": with_solution}
    what = "with its solution" if with_solution else "without a solution"
    return Outcome(data, f"wrote {target} ({fmt}, {puzzle.size_text}, {what})")


def _size_fields(puzzle: Puzzle | ColourPuzzle, args: argparse.Namespace) -> dict[str, Any]:
    """The JSON fields every conversion reports: IN, OUT and the puzzle's size."""
    return {
        "input": args.source,
        "output": args.target,
        "width": puzzle.width,
        "height": puzzle.height,
    }


def _drawn(args: argparse.Namespace) -> tuple[str, ...]:
    """The picture extensions this command line draws (none when started without a picture
    writer), listed with the puzzle formats when OUT's extension is neither."""
    return tuple(PICTURES) if args.write_picture is not None else ()


def _is_picture(args: argparse.Namespace, target: Path) -> bool:
    """Whether OUT is a picture (by its extension, with no ``--format``); ``--solution`` is an
    error when it is not."""
    picture = args.target != "-" and target.suffix.lower() in PICTURES and args.fmt is None
    if args.solution and not picture:
        raise PuzzleError(
            "--solution is for pictures (.png, .svg, .pdf); a puzzle file keeps "
            "the goal picture its input holds (--no-solution leaves it out)"
        )
    return picture


def _convert_colour(puzzle: ColourPuzzle, args: argparse.Namespace) -> Outcome:
    """Convert a colour puzzle: to webpbn XML, ``.non`` or ``.g`` (other formats have no
    colours and say so), or draw it as a picture with its clue numbers on boxes of their
    colours."""
    data = _size_fields(puzzle, args)
    target = Path(args.target)
    if _is_picture(args, target):
        with_solution = _write_picture(puzzle, args, target)
        fmt = target.suffix.lower().lstrip(".")
    else:
        with_solution = not args.blank and puzzle.goal is not None
        if args.target == "-":
            fmt = args.fmt or STDOUT_FORMAT
            text = write_text(puzzle, fmt, with_solution=with_solution)
            data |= {"format": fmt, "with_solution": with_solution, "text": text}
            return Outcome(data | colour_fields(puzzle), text)
        write_puzzle_file(
            puzzle, target, args.fmt, with_solution=with_solution, also_takes=_drawn(args)
        )
        fmt = args.fmt or target.suffix.lower().lstrip(".")
        fmt = "xml" if fmt == "pbn" else fmt
    data |= {"format": fmt, "with_solution": with_solution}
    what = "with its solution" if with_solution else "without a solution"
    colours = len(puzzle.palette) - 1
    text = f"wrote {target} ({fmt}, {puzzle.size_text}, {colours} colours, {what})"
    return Outcome(data | colour_fields(puzzle), text)


def run_samples(args: argparse.Namespace) -> Outcome:
    """List the bundled samples, or copy them into ``args.folder``."""
    rows: list[dict[str, Any]] = []
    for path in sample_files():
        try:
            puzzle = load_puzzle(str(path))
        except (PuzzleError, OSError) as exc:  # a damaged installation: say which file
            raise PuzzleError(f"a bundled sample cannot be read: {exc}", source=str(path)) from exc
        rows.append(
            {
                "file": path.name,
                "path": str(path),
                "title": puzzle.title,
                "width": puzzle.width,
                "height": puzzle.height,
                "copyright": puzzle.copyright or puzzle.author,
                "license": puzzle.licence,
            }
        )
    if args.folder is None:
        width = max(len(r["file"]) for r in rows)
        lines = [
            f"{r['file']:<{width}}  {r['width']:>2}x{r['height']:<2}  {r['title']}  "
            f"({r['license']}, {r['copyright']})"
            for r in rows
        ]
        lines += ["", f"in {samples_dir()}; `nonostudio-cli samples FOLDER` copies them out"]
        return Outcome({"folder": str(samples_dir()), "samples": rows}, "\n".join(lines))
    folder = Path(args.folder)
    if folder.exists() and not folder.is_dir():  # (it said "cannot create the folder: File exists")
        raise NotADirectoryError(errno.ENOTDIR, "is a file, not a folder to copy into", str(folder))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OSError(exc.errno, f"cannot create the folder: {exc.strerror}", str(folder)) from None
    copied, kept = [], []
    for row in rows:
        target = folder / row["file"]
        if target.exists():
            kept.append(row["file"])
            continue
        shutil.copyfile(row["path"], target)
        copied.append(row["file"])
        row["path"] = str(target)
    text = f"copied {len(copied)} sample puzzles to {folder}"
    if kept:
        text += f" ({len(kept)} already there were left as they are)"
    return Outcome({"folder": str(folder), "copied": copied, "kept": kept, "samples": rows}, text)


def format_rows() -> list[dict[str, Any]]:
    """Every format with what nonostudio can do with it (pictures included); ``colour_read``
    and ``colour_write`` say whether it reads and writes colour puzzles (``.g`` writes colour
    only: a black-and-white puzzle is not written as ``.g``)."""
    rows = [
        {
            "name": c.info.name,
            "label": c.info.label,
            "extensions": list(c.info.extensions),
            "read": c.info.can_read,
            "write": c.info.can_write,
            "colour_read": c.colour_entries is not None,
            "colour_write": c.colour_write is not None,
        }
        for c in CODECS
    ]
    rows += [
        {
            "name": suffix.lstrip("."),
            "label": label,
            "extensions": [suffix],
            "read": False,
            "write": True,
            "colour_read": False,
            "colour_write": True,
        }
        for suffix, label in PICTURES.items()
    ]
    return rows


def run_formats(args: argparse.Namespace) -> Outcome:
    """List the formats."""
    rows = format_rows()
    width = max(len(r["name"]) for r in rows)
    label_width = max(len(r["label"]) for r in rows)
    lines = [
        f"{'name':<{width}}  {'read/write':<10}  {'colour':<10}  {'description':<{label_width}}"
        "  extensions"
    ]
    for r in rows:
        mode = "/".join(m for m, ok in (("read", r["read"]), ("write", r["write"])) if ok)
        colour = "/".join(
            m for m, ok in (("read", r["colour_read"]), ("write", r["colour_write"])) if ok
        )
        lines.append(
            f"{r['name']:<{width}}  {mode:<10}  {colour or '-':<10}  {r['label']:<{label_width}}  "
            f"{' '.join(r['extensions']) or '(typed or pasted text)'}"
        )
    return Outcome(rows, "\n".join(lines))
