"""Children that a test interrupts with Ctrl-C start with SIGINT at its default.

A suite started in the background (``pytest ... &`` from a script) inherits SIGINT *ignored*, and
so do the processes it starts: Python then installs no KeyboardInterrupt handler, and a test's
Ctrl-C to its child tests nothing (or fails).  Pass :func:`sigint_at_default` as ``preexec_fn``
(``subprocess.Popen(..., preexec_fn=sigint_at_default)``) to every child a test interrupts; a
``preexec`` of the test's own can be chained with :func:`sigint_at_default_then`.
"""

from __future__ import annotations

import signal
from collections.abc import Callable


def sigint_at_default() -> None:
    """In the child, between fork and exec: SIGINT back at its default action (POSIX only)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def sigint_at_default_then(preexec: Callable[[], None] | None) -> Callable[[], None]:
    """A ``preexec_fn`` that puts SIGINT at its default, then runs ``preexec`` (if any)."""

    def child() -> None:
        sigint_at_default()
        if preexec is not None:
            preexec()

    return child
