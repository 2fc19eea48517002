"""``nonostudio-cli convert`` and ``formats``: rewrite a puzzle in another format or as a picture,
and list the formats."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from nonostudio.cli_common import Outcome, load_puzzle, say
from nonostudio.core.errors import PuzzleError
from nonostudio.core.formats import FORMATS, write_file, write_text
from nonostudio.core.puzzle import Puzzle

# Written by nonostudio.gui.render (Qt), which is imported only when a picture is asked for.
PICTURES = {".png": "PNG picture", ".svg": "SVG picture", ".pdf": "PDF document"}
STDOUT_FORMAT = "non"

CONVERT_HELP = "write a puzzle in another format, or draw it as a .png, .svg or .pdf picture"
FORMATS_HELP = "list the puzzle formats that can be read and written"


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``convert`` and ``formats`` subcommands."""
    parser = subparsers.add_parser(
        "convert", parents=[parent], help=CONVERT_HELP,
        description=CONVERT_HELP + ". The format comes from OUT's extension (.non, .xml, .pbn, "
        ".txt, .pzl, .png, .svg, .pdf) or from --format; OUT '-' writes to stdout "
        f"(default format there: {STDOUT_FORMAT}).")
    parser.add_argument("source", metavar="IN",
                        help="a puzzle file in any readable format (IN#ITEM for one puzzle of "
                             "a collection), a puzzle string or a Simon Tatham id")
    parser.add_argument("target", metavar="OUT", help="the file to write, or - for stdout")
    parser.add_argument("--item", metavar="ID", help="which puzzle of a collection file")
    parser.add_argument("--format", metavar="F", dest="fmt",
                        help="output format name (see the formats subcommand)")
    parser.add_argument("--no-solution", action="store_true",
                        help="leave the solution picture (goal) out")
    parser.set_defaults(run=run_convert)

    formats = subparsers.add_parser("formats", parents=[parent], help=FORMATS_HELP,
                                    description=FORMATS_HELP + ".")
    formats.set_defaults(run=run_formats)


def _write_picture(puzzle: Puzzle, target: Path, with_solution: bool) -> None:
    # Qt is loaded here and nowhere else in the CLI, so the other subcommands start fast and run
    # where Qt cannot.
    from nonostudio.gui.headless import ensure_gui_app
    from nonostudio.gui.render import export_picture

    ensure_gui_app()
    export_picture(puzzle, target, with_solution=with_solution)


def _format_label(fmt: str | None, target: Path) -> str:
    if fmt is not None:
        return fmt
    suffix = target.suffix.lower()
    for info in FORMATS:
        if info.can_write and suffix in info.extensions:
            return info.name
    return suffix.lstrip(".") or "?"


def run_convert(args: argparse.Namespace) -> Outcome:
    """Convert the puzzle IN into OUT."""
    puzzle = load_puzzle(args.source, args.item)
    with_solution = not args.no_solution
    data: dict[str, Any] = {"input": args.source, "output": args.target,
                            "width": puzzle.width, "height": puzzle.height}
    if args.target == "-":
        fmt = args.fmt or STDOUT_FORMAT
        text = write_text(puzzle, fmt, with_solution=with_solution)
        text = text if text.endswith("\n") else text + "\n"
        data |= {"format": fmt, "with_solution": with_solution and puzzle.goal is not None,
                 "text": text}
        return Outcome(data, text)
    target = Path(args.target)
    suffix = target.suffix.lower()
    if suffix in PICTURES and args.fmt is None:
        if with_solution and puzzle.goal is None:
            say(f"{args.source}: the input holds no solution picture; drawing the clues only")
            with_solution = False
        _write_picture(puzzle, target, with_solution)
        fmt = suffix.lstrip(".")
    else:
        if args.fmt is not None and args.fmt.lower().lstrip(".") in (
                s.lstrip(".") for s in PICTURES):
            raise PuzzleError(f"pictures are chosen by OUT's extension "
                              f"({', '.join(PICTURES)}), not by --format {args.fmt}")
        try:
            write_file(puzzle, target, args.fmt, with_solution=with_solution)
        except OSError as exc:  # name the target, not the temporary file beside it
            raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from None
        fmt = _format_label(args.fmt, target)
        with_solution = with_solution and puzzle.goal is not None
    data |= {"format": fmt, "with_solution": with_solution}
    what = "with its solution" if with_solution else "without a solution"
    return Outcome(data, f"wrote {target} ({fmt}, {puzzle.size_text}, {what})")


def format_rows() -> list[dict[str, Any]]:
    """Every format with what nonostudio can do with it (pictures included)."""
    rows = [{"name": f.name, "label": f.label, "extensions": list(f.extensions),
             "read": f.can_read, "write": f.can_write} for f in FORMATS]
    rows += [{"name": suffix.lstrip("."), "label": label, "extensions": [suffix],
              "read": False, "write": True} for suffix, label in PICTURES.items()]
    return rows


def run_formats(args: argparse.Namespace) -> Outcome:
    """List the formats."""
    rows = format_rows()
    width = max(len(r["name"]) for r in rows)
    label_width = max(len(r["label"]) for r in rows)
    lines = [f"{'name':<{width}}  {'read/write':<10}  {'description':<{label_width}}  extensions"]
    for r in rows:
        mode = "/".join(m for m, ok in (("read", r["read"]), ("write", r["write"])) if ok)
        lines.append(f"{r['name']:<{width}}  {mode:<10}  {r['label']:<{label_width}}  "
                     f"{' '.join(r['extensions']) or '(typed or pasted text)'}")
    return Outcome(rows, "\n".join(lines))
