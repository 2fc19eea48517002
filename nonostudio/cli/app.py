"""The command line's parser and runner: build the parser from the subcommand modules, run the
subcommand a command line names, and turn its errors into the exit codes and one-line messages of
:data:`~nonostudio.cli.common.EXIT_CODES_TEXT`.

Each subcommand lives in a module of this package with a ``register(subparsers, parent)``
function that adds its parser and sets ``run(args) -> Outcome``; :data:`COMMAND_MODULES` lists
those modules.  A command line naming a subcommand imports only its module (see
docs/design/cli.md, "Start-up").
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

from nonostudio import __version__
from nonostudio.cli.common import (
    EXIT_CODES_TEXT,
    ExitCode,
    Parser,
    PictureWriter,
    UsageError,
    emit,
    exit_codes_text,
    json_text,
    say,
)
from nonostudio.core.errors import PuzzleError, PuzzleFileError

if TYPE_CHECKING:  # for annotations only: a command line imports the rule layer when it needs it
    from nonostudio.rules.language.tokens import RuleSyntaxError
    from nonostudio.rules.measuring.coverage import TransitionsError

# The subcommand modules in help order, and the module of each subcommand name.  A command line
# naming a subcommand imports only its module (tests/test_cli_startup.py); ``--help``, no
# subcommand or an unknown name load them all.
COMMAND_MODULES = (
    "solve",
    "check",
    "convert",
    "rule_tools.rules",
    "explain",
    "grade",
    "learning.learn",
    "baselines",
    "tutor",
    "generate",
)
MODULE_OF = {
    "solve": "solve",
    "check": "check",
    "convert": "convert",
    "formats": "convert",
    "samples": "convert",
    "rules": "rule_tools.rules",
    "explain": "explain",
    "grade": "grade",
    "learn": "learning.learn",
    "baselines": "baselines",
    "practice": "tutor",
    "profile": "tutor",
    "generate": "generate",
}


def _command_modules(names: Sequence[str] = COMMAND_MODULES) -> list[ModuleType]:
    return [importlib.import_module(f"nonostudio.cli.{name}") for name in names]


def _named_command(words: Sequence[str]) -> str | None:
    """The subcommand a command line names (None: help before it, or none at all)."""
    named = next((w for w in words if not w.startswith("-")), None)
    before = words[: list(words).index(named)] if named is not None else words
    return None if any(w in ("-h", "--help") for w in before) else named


def _modules_for(command: str | None) -> tuple[str, ...]:
    """The subcommand modules a command line naming ``command`` needs (all for help or none)."""
    module = MODULE_OF.get(command) if command is not None else None
    return COMMAND_MODULES if module is None else (module,)


def load_commands(argv: Sequence[str] | None = None) -> None:
    """Import the subcommand modules the command line ``argv`` (default: ``sys.argv[1:]``)
    needs.  The entry point calls it while it holds Ctrl-C back (:mod:`nonostudio.console`), so
    the modules load inside that window; :func:`main` would import them anyway."""
    _command_modules(_modules_for(_named_command(sys.argv[1:] if argv is None else argv)))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand, or with only the one named ``only``
    (and those its module registers too)."""
    parser = Parser(  # the subcommands' parsers are of its class: a usage error is UsageError
        prog="nonostudio-cli",
        description="Solve, check and convert Nonogram puzzles without the studio window.",
        epilog=EXIT_CODES_TEXT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"nonostudio {__version__}")
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--json",
        action="store_true",
        help="print exactly one JSON document on stdout instead of text",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")
    for module in _command_modules(_modules_for(only)):
        module.register(subparsers, parent)
    for name, sub in subparsers.choices.items():
        # Raw formatting keeps the exit-code table's lines; descriptions are wrapped here instead.
        sub.description = textwrap.fill(sub.description or "", 79)
        sub.epilog = exit_codes_text(name)
        sub.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def _rules_error() -> tuple[type[BaseException], ...]:
    """The rule layer's bad-input errors (RuleSyntaxError, UnknownRuleSetError, TransitionsError),
    when that layer was loaded: a subcommand that never imported it cannot raise them."""
    tokens = sys.modules.get("nonostudio.rules.language.tokens")
    ruleset = sys.modules.get("nonostudio.rules.ruleset")
    coverage = sys.modules.get("nonostudio.rules.measuring.coverage")
    return tuple(
        getattr(m, n)
        for m, n in (
            (tokens, "RuleSyntaxError"),
            (ruleset, "UnknownRuleSetError"),
            (coverage, "TransitionsError"),
        )
        if m is not None
    )


def _rule_failure(exc: BaseException, as_json: bool) -> int:
    """The exit code and message of one of :func:`_rules_error`'s errors."""
    # Loaded already: ``exc`` was raised by the rule layer.
    from nonostudio.rules.language.tokens import RuleSyntaxError
    from nonostudio.rules.measuring.coverage import TransitionsError
    from nonostudio.rules.ruleset import UnknownRuleSetError

    if isinstance(exc, UnknownRuleSetError):  # a name, not a file that failed to open
        return _fail(ExitCode.BAD_INPUT, str(exc), as_json, known_rule_sets=exc.known)
    if isinstance(exc, TransitionsError):  # a test set: the details a puzzle error gives
        return _fail_at(exc, as_json, clue=None)
    assert isinstance(exc, RuleSyntaxError)
    return _fail_at(exc, as_json)


def _asks_json(words: Sequence[str]) -> bool:
    """Whether a command line that argparse refused asks for ``--json`` (or a prefix of it
    argparse would take), before any ``--``."""
    before = words[: words.index("--")] if "--" in words else words
    return any(w in ("--js", "--jso", "--json") for w in before)


def _fail(code: ExitCode, message: str, as_json: bool, **details: object) -> int:
    say(f"nonostudio-cli: {message}")
    if as_json:
        _json_error(code, message, **details)
    return int(code)


def _json_error(code: ExitCode, message: str, **details: object) -> None:
    """The one JSON document of an error on stdout; none when stdout cannot be written (the
    error may be that: the message on stderr says it)."""
    try:
        sys.stdout.write(
            json_text({"error": message, "exit_code": int(code)} | details, indent=None) + "\n"
        )
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):  # a full disk, a closed or missing stdout
        pass


def _fail_at(
    exc: PuzzleError | TransitionsError | RuleSyntaxError, as_json: bool, **more: object
) -> int:
    """Bad input: the message of ``exc``, and in the JSON error where it is (its source, line
    and column, then ``more``)."""
    return _fail(
        ExitCode.BAD_INPUT,
        str(exc),
        as_json,
        source=exc.source,
        line=exc.line,
        column=exc.column,
        **more,
    )


def _os_message(exc: OSError) -> str:
    name = exc.filename if exc.filename is not None else ""
    reason = exc.strerror or str(exc)
    return f"{name}: {reason}" if name else reason


def main(argv: Sequence[str] | None = None, *, write_picture: PictureWriter | None = None) -> int:
    """Run one subcommand (of ``argv``, default ``sys.argv[1:]``) and return its exit code.
    ``write_picture`` draws the pictures ``convert`` writes (the entry point,
    :mod:`nonostudio.console`, passes the studio's); without it ``convert`` writes no picture."""
    words = list(sys.argv[1:] if argv is None else argv)
    if sys.stdout is None:  # started with stdout closed ('>&-'): it was an internal error, exit 4
        return _fail(ExitCode.IO_ERROR, "standard output is closed: nothing can be printed", False)
    for number, arg in enumerate(words, 1):
        if "\0" in arg:  # only a caller in Python can pass one; no file name holds it
            return _fail(ExitCode.BAD_INPUT, f"argument {number} holds a NUL character", False)
    try:
        parser = build_parser(_named_command(words))
        args = parser.parse_args(words)
    except UsageError as exc:  # argparse's words on stderr; with --json its JSON document too
        exc.parser.print_usage(sys.stderr)
        say(f"{exc.parser.prog}: error: {exc.message}")
        if _asks_json(words):
            usage = exc.parser.format_usage().removeprefix("usage: ")
            _json_error(ExitCode.BAD_INPUT, exc.message, usage=" ".join(usage.split()))
        return ExitCode.BAD_INPUT
    except SystemExit as exc:  # --help and --version end here
        return exc.code if isinstance(exc.code, int) else ExitCode.BAD_INPUT
    except KeyboardInterrupt:
        return _fail(ExitCode.INTERRUPTED, "interrupted", False)
    if args.command is None:
        parser.print_help(sys.stderr)
        return ExitCode.BAD_INPUT
    as_json = args.json
    args.write_picture = write_picture
    try:
        return emit(args.run(args), as_json)
    except PuzzleFileError as exc:  # a file that could not be read: not bad input
        return _fail(ExitCode.IO_ERROR, str(exc), as_json, source=exc.source)
    except PuzzleError as exc:
        return _fail_at(exc, as_json, clue=exc.clue)
    except _rules_error() as exc:
        return _rule_failure(exc, as_json)
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
            import traceback  # here: it loads the tokenizer, which only a traceback needs

            traceback.print_exc()
        return _fail(
            ExitCode.INTERNAL_ERROR,
            f"internal error ({type(exc).__name__}: {exc}); this is a bug in nonostudio, "
            "please report it with the command (NONOSTUDIO_DEBUG=1 prints the traceback)",
            as_json,
        )
