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
import importlib
import json
import os
import sys
import textwrap
import traceback
from collections.abc import Sequence
from types import ModuleType

from nonostudio import __version__
from nonostudio.cli_common import EXIT_CODES_TEXT, ExitCode, emit, say
from nonostudio.core.errors import PuzzleError

# The subcommand modules in help order, and the module of each subcommand name.  A command line
# naming a subcommand imports only its module: the learning, rules and analysis layers cost
# 0.2-0.3 s of start-up that ``check`` or ``solve`` never use (tests/test_cli_startup.py).
# ``--help``, no subcommand or an unknown name load them all.
COMMAND_MODULES = ("cli_solve", "cli_check", "cli_convert", "cli_rules", "cli_explain",
                   "cli_grade", "cli_learn")
MODULE_OF = {"solve": "cli_solve", "check": "cli_check", "convert": "cli_convert",
             "formats": "cli_convert", "samples": "cli_convert", "rules": "cli_rules",
             "explain": "cli_explain", "grade": "cli_grade", "learn": "cli_learn"}


def _command_modules(names: Sequence[str] = COMMAND_MODULES) -> list[ModuleType]:
    return [importlib.import_module(f"nonostudio.{name}") for name in names]


def _named_command(words: Sequence[str]) -> str | None:
    """The subcommand a command line names (None: help before it, or none at all)."""
    named = next((w for w in words if not w.startswith("-")), None)
    before = words[: list(words).index(named)] if named is not None else words
    return None if any(w in ("-h", "--help") for w in before) else named


# Loaded now, while importing this module: the entry point (nonostudio.console) holds Ctrl-C back
# until then, so the subcommand's modules load inside that window too.
_command_modules((MODULE_OF[_named_command(sys.argv[1:])],)
                 if _named_command(sys.argv[1:]) in MODULE_OF else COMMAND_MODULES)


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand, or with only the one named ``only``
    (and those its module registers too)."""
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
    names = (MODULE_OF[only],) if only in MODULE_OF else COMMAND_MODULES
    for module in _command_modules(names):
        module.register(subparsers, parent)
    for sub in subparsers.choices.values():
        # Raw formatting keeps the exit-code table's lines; descriptions are wrapped here instead.
        sub.description = textwrap.fill(sub.description or "", 79)
        sub.epilog = EXIT_CODES_TEXT
        sub.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _rules_error() -> tuple[type[BaseException], ...]:
    """The rule layer's bad-input errors (RuleSyntaxError, UnknownRuleSetError), when that layer
    was loaded: a subcommand that never imported it cannot raise them."""
    tokens = sys.modules.get("nonostudio.rules.tokens")
    ruleset = sys.modules.get("nonostudio.rules.ruleset")
    return tuple(getattr(m, n) for m, n in ((tokens, "RuleSyntaxError"),
                                            (ruleset, "UnknownRuleSetError")) if m is not None)


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
        parser = build_parser(_named_command(list(sys.argv[1:] if argv is None else argv)))
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
    except _rules_error() as exc:
        if type(exc).__name__ == "UnknownRuleSetError":  # a name, not a file that failed to open
            return _fail(ExitCode.BAD_INPUT, str(exc), as_json, known_rule_sets=exc.known)
        return _fail(ExitCode.BAD_INPUT, str(exc), as_json, source=exc.source, line=exc.line,
                     column=exc.column)
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
