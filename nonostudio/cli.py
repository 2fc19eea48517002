"""The headless command line: ``nonostudio-cli SUBCOMMAND`` or ``python -m nonostudio SUBCOMMAND``.

Subcommands: ``solve`` (one puzzle: solution(s) and verdict), ``check`` (a table of verdicts for
many puzzles), ``convert`` (another format or a picture), ``formats``.  Every subcommand takes
``--json`` and then prints exactly one JSON document on stdout; progress and messages go to stderr.

Exit codes:
  0    ok (solve: the puzzle has exactly one solution)
  1    solve: several solutions, no solution, or undecided within the time limit
  2    bad input (a puzzle or option; the message names the file, line, column or clue)
  3    a file could not be read or written
  4    an internal error (a bug: one line on stderr; NONOSTUDIO_DEBUG=1 adds the traceback)
  130  interrupted (Ctrl-C)

Each subcommand lives in a ``cli_*`` module with a ``register(subparsers, parent)`` function that
adds its parser and sets ``run(args) -> Outcome``; :data:`COMMANDS` lists those modules.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
import traceback
from collections.abc import Sequence
from types import ModuleType

from nonostudio import (
    __version__,
    cli_check,
    cli_convert,
    cli_explain,
    cli_grade,
    cli_learn,
    cli_rules,
    cli_solve,
)
from nonostudio.cli_common import EXIT_CODES_TEXT, ExitCode, emit, say
from nonostudio.core.errors import PuzzleError
from nonostudio.rules.ruleset import UnknownRuleSetError
from nonostudio.rules.tokens import RuleSyntaxError

COMMANDS: tuple[ModuleType, ...] = (cli_solve, cli_check, cli_convert, cli_rules, cli_explain,
                                     cli_grade, cli_learn)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="nonostudio-cli",
        description="Solve, check and convert Nonogram puzzles without the studio window.",
        epilog=EXIT_CODES_TEXT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"nonostudio {__version__}")
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--json", action="store_true",
                        help="print exactly one JSON document on stdout instead of text")
    subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")
    for module in COMMANDS:
        module.register(subparsers, parent)
    for sub in subparsers.choices.values():
        # Raw formatting keeps the exit-code table's lines; descriptions are wrapped here instead.
        sub.description = textwrap.fill(sub.description or "", 79)
        sub.epilog = EXIT_CODES_TEXT
        sub.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _fail(code: ExitCode, message: str, as_json: bool, **details: object) -> int:
    say(f"nonostudio-cli: {message}")
    if as_json:
        sys.stdout.write(json.dumps({"error": message, "exit_code": int(code)} | details) + "\n")
        sys.stdout.flush()
    return int(code)


def _os_message(exc: OSError) -> str:
    name = exc.filename if exc.filename is not None else ""
    reason = exc.strerror or str(exc)
    return f"{name}: {reason}" if name else reason


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand and return its exit code."""
    for number, arg in enumerate(sys.argv[1:] if argv is None else argv, 1):
        if "\0" in arg:  # only a caller in Python can pass one; no file name holds it
            return _fail(ExitCode.BAD_INPUT, f"argument {number} holds a NUL character", False)
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version and usage errors (2) end here
        return exc.code if isinstance(exc.code, int) else ExitCode.BAD_INPUT
    except KeyboardInterrupt:
        return _fail(ExitCode.INTERRUPTED, "interrupted", False)
    if args.command is None:
        parser.print_help(sys.stderr)
        return ExitCode.BAD_INPUT
    as_json = args.json
    try:
        return emit(args.run(args), as_json)
    except PuzzleError as exc:
        return _fail(ExitCode.BAD_INPUT, str(exc), as_json, source=exc.source, line=exc.line,
                     column=exc.column, clue=exc.clue)
    except RuleSyntaxError as exc:
        return _fail(ExitCode.BAD_INPUT, str(exc), as_json, source=exc.source, line=exc.line,
                     column=exc.column)
    except UnknownRuleSetError as exc:  # a name, not a file that failed to open: bad input
        return _fail(ExitCode.BAD_INPUT, str(exc), as_json, known_rule_sets=exc.known)
    except BrokenPipeError:
        # The reader went away (``| head``): nothing more can be said on stdout.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return ExitCode.IO_ERROR
    except OSError as exc:
        return _fail(ExitCode.IO_ERROR, _os_message(exc), as_json)
    except KeyboardInterrupt:
        return _fail(ExitCode.INTERRUPTED, "interrupted", as_json)
    except MemoryError:
        return _fail(ExitCode.INTERNAL_ERROR, "out of memory", as_json)
    except Exception as exc:  # a bug: one clear line instead of a traceback
        if os.environ.get("NONOSTUDIO_DEBUG"):
            traceback.print_exc()
        return _fail(ExitCode.INTERNAL_ERROR,
                     f"internal error ({type(exc).__name__}: {exc}); this is a bug in nonostudio, "
                     "please report it with the command (NONOSTUDIO_DEBUG=1 prints the traceback)",
                     as_json)
