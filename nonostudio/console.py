"""The command line's entry point (``nonostudio-cli``, ``python -m nonostudio``), with Ctrl-C
handled from its first instant.

Loading the modules takes a few tenths of a second.  A Ctrl-C in that time raised
KeyboardInterrupt wherever the import happened to be; inside a weak-reference callback of the
import machinery Python only prints "Exception ignored" and goes on, so the interrupt was lost and
the command ran to its end (minutes, for ``check`` on a hard puzzle).  Here SIGINT is held back
while the modules load and delivered at one known point just after, where it ends the command
with exit code 130 and one line on stderr.
"""

from __future__ import annotations

import signal
import sys

INTERRUPTED = 130  # the exit code of an interrupted command (cli_common.ExitCode.INTERRUPTED)


def cli() -> int:
    """Load the command line and run the subcommand named in ``sys.argv``; its exit code."""
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        try:
            from nonostudio.cli import main
            from nonostudio.cli_common import record_sigint
        finally:
            # A Ctrl-C held back while loading is raised by this call (it checks for signals).
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    except KeyboardInterrupt:
        sys.stderr.write("nonostudio-cli: interrupted\n")
        return INTERRUPTED
    record_sigint()
    return main()
