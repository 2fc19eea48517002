"""``nonostudio-cli generate``: a new unique puzzle whose hardest technique is a chosen one, made
to teach it (:mod:`nonostudio.analysis.generating`); ``--json`` carries the puzzle string, the
grade and the steps per technique, ``-o`` writes it in any writable format."""

from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from nonostudio.cli.common import (
    ExitCode,
    Outcome,
    ThrottledProgress,
    check_writable,
    positive_int_arg,
    probe_regular,
    say,
    shown_arg,
    whole_number_arg,
    write_puzzle_file,
)
from nonostudio.core.errors import PuzzleError

NAME = "generate"
HELP = "generate a unique puzzle whose hardest technique is the one to practise"
_SIZE = re.compile(r"\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*\Z")


def size_arg(text: str) -> tuple[int, int]:
    """argparse type for ``WxH``."""
    found = _SIZE.match(text)
    if found is None:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 15x15, not {text[:40]!r}")
    digits = max(len(found.group(1)), len(found.group(2)))
    if digits > 18:  # a smaller size out of range is said with the request's other checks
        raise argparse.ArgumentTypeError(f"a side of {digits} digits is far too large")
    return int(found.group(1)), int(found.group(2))


def density_arg(text: str) -> float:
    """argparse type for ``--density``: a share strictly between 0 and 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text[:40]!r}") from None
    if not 0.0 < value < 1.0:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1 (exclusive), not {text}")
    return value


def seed_arg(text: str) -> int:
    """argparse type for ``--seed``: a whole number ≥ 0.  One of 4,300 digits or more was "not
    a whole number" (int() refuses it), and the message held every digit."""
    if len(text.strip()) > 20:  # (int() refuses 4,300 digits)
        raise argparse.ArgumentTypeError(
            f"must be between 0 and 2**63 - 1, not {shown_arg(text.strip())}"
        )
    value = whole_number_arg(text, 20)
    if not 0 <= value < 2**63:
        raise argparse.ArgumentTypeError(f"must be between 0 and 2**63 - 1, not {text}")
    return value


def register(subparsers: argparse._SubParsersAction, parent: argparse.ArgumentParser) -> None:
    """Add the ``generate`` subcommand."""
    parser = subparsers.add_parser(
        NAME,
        parents=[parent],
        help=HELP,
        description=HELP + ": a local search over pictures, each try graded by the same code "
        "as 'grade' and the result checked unique by the complete solver. Deterministic for a "
        "seed. 'rules families' and the studio's technique browser list the technique ids.",
    )
    parser.add_argument("--technique", metavar="ID", required=True, help="the technique's id")
    parser.add_argument("--size", metavar="WxH", type=size_arg, required=True, help="e.g. 15x15")
    parser.add_argument("--seed", metavar="S", type=seed_arg, default=0, help="default: 0")
    parser.add_argument(
        "--density",
        metavar="D",
        type=density_arg,
        help="share of filled cells in the random start picture (default: by the technique)",
    )
    parser.add_argument(
        "--from",
        metavar="PICTURE",
        dest="picture",
        help="start from this picture (.png, .pbm/.pgm, or a puzzle file with a goal picture), "
        "fitted to the size",
    )
    parser.add_argument(
        "--uses",
        metavar="N",
        type=positive_int_arg,
        default=1,
        help="the technique must be used at least N times (default: 1)",
    )
    parser.add_argument(
        "--tries",
        metavar="N",
        type=positive_int_arg,
        default=None,
        help="try at most N pictures before giving up (default: 6000)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the puzzle (with its solution) to FILE, the format by its extension",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> Outcome:
    from nonostudio.analysis.generating import (
        DEFAULT_TRIES,
        GenerationError,
        NoPuzzleFound,
        check_request,
        generate,
    )
    from nonostudio.analysis.generating.picture_file import read_picture

    width, height = args.size
    try:
        check_request(args.technique, width, height, args.density)
    except GenerationError as exc:
        raise PuzzleError(str(exc)) from None
    if args.output is not None:
        check_writable(args.output, "a puzzle file")  # before the search, not after it
    if args.picture is not None:  # a FIFO waited forever (and is read twice: a puzzle's goal)
        probe_regular(args.picture, "a picture file", "it is read twice")
    picture = None if args.picture is None else read_picture(args.picture)
    tries = args.tries or DEFAULT_TRIES
    try:
        made = generate(
            args.technique,
            width,
            height,
            args.seed,
            density=args.density,
            picture=picture,
            min_uses=args.uses,
            tries=tries,
            progress=ThrottledProgress("tried"),  # Ctrl-C stops it (KeyboardInterrupt)
        )
    except NoPuzzleFound as exc:
        data: dict[str, Any] = {"error": str(exc), "technique": args.technique}
        if exc.best is not None:
            data["closest"] = describe(exc.best)
        return Outcome(data, f"error: {exc}", ExitCode.NOT_UNIQUE)
    except GenerationError as exc:
        raise PuzzleError(str(exc)) from None
    data = describe(made)
    if args.output:
        target = Path(args.output)
        write_puzzle_file(made.puzzle, target)
        data["output"] = str(target)
        say(f"wrote {target}")
    return Outcome(data, _text(data))


def describe(made: Any) -> dict[str, Any]:
    """The JSON of a generated puzzle: its string, picture, grade and steps per technique."""
    from nonostudio.core.formats.strings import write_string
    from nonostudio.core.puzzle import grid_to_text

    grade = made.grade
    return {
        "technique": made.technique,
        "puzzle": write_string(made.puzzle),
        "width": made.puzzle.width,
        "height": made.puzzle.height,
        "solution": grid_to_text(made.puzzle.goal).splitlines(),
        "hardest_technique": grade.hardest_technique,
        "uses": made.uses,
        "min_uses": made.min_uses,
        "techniques": dict(grade.features.techniques),
        "unique": True,
        "grade": {
            "tier": grade.tier,
            "score": grade.score,
            "label": grade.label,
            "explanation": grade.explanation,
            "rule_set": grade.rule_set,
        },
        "seed": made.seed,
        "tries": made.tries,
        "restarts": made.restarts,
        "seconds": round(made.seconds, 3),
    }


def _text(data: dict[str, Any]) -> str:
    uses = ", ".join(f"{name} {n}" for name, n in data["techniques"].items())
    lines = [
        data["puzzle"],
        *data["solution"],
        f"hardest technique: {data['hardest_technique']} (used {data['uses']} "
        f"time{'' if data['uses'] == 1 else 's'}); "
        f"tier {data['grade']['tier']}, {data['grade']['label']}, score {data['grade']['score']}",
        f"steps per technique: {uses}",
        f"unique; found in {data['tries']} tr{'y' if data['tries'] == 1 else 'ies'} "
        f"({data['seconds']:.1f} s, seed {data['seed']})",
    ]
    return "\n".join(lines)
