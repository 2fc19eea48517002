"""The command line's entry point (``nonostudio-cli``, ``python -m nonostudio``) and its
composition root: it runs :func:`nonostudio.cli.main` with the studio's picture writer, and
handles Ctrl-C from its first instant.

It sits above both :mod:`nonostudio.cli` and :mod:`nonostudio.gui` and imports them only when
called (the GUI only when a picture is drawn), so ``check`` and the other subcommands start fast
and run where Qt cannot.  Ctrl-C is held back while the modules load and delivered at one known
point just after (see docs/design/cli.md, "Ctrl-C").
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nonostudio.core.colour.model import ColourPuzzle
    from nonostudio.core.puzzle import Puzzle

INTERRUPTED = 130  # the exit code of an interrupted command (cli.common.ExitCode.INTERRUPTED)


def write_picture(puzzle: Puzzle | ColourPuzzle, target: Path, with_solution: bool) -> None:
    """Draw ``puzzle`` into the picture file ``target`` with the studio's renderer (Qt is loaded
    here, headless, and nowhere else on the command line)."""
    from nonostudio.gui.common.export import export_picture
    from nonostudio.gui.common.headless import ensure_gui_app

    ensure_gui_app()
    export_picture(puzzle, target, with_solution=with_solution)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``) with the studio's picture writer;
    its exit code.  Ctrl-C is not treated specially here (:func:`cli` does that)."""
    from nonostudio.cli import main as cli_main

    return cli_main(argv, write_picture=write_picture)


def cli() -> int:
    """Load the command line and run the subcommand named in ``sys.argv``; its exit code."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        try:
            from nonostudio.cli.app import load_commands
            from nonostudio.cli.common import record_sigint

            load_commands(sys.argv[1:])
        finally:
            # A Ctrl-C held back while loading is raised by this call (it checks for signals).
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    except KeyboardInterrupt:
        sys.stderr.write("nonostudio-cli: interrupted\n")
        return INTERRUPTED
    record_sigint()
    return main()
