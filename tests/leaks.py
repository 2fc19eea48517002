"""What counts as a thread a test leaked (the autouse check in ``tests/conftest.py``)."""

from __future__ import annotations

import threading
import time

THREAD_GRACE_S = 2.0
"""How long the threads a test started may take to end after it (a cancelled job finishing)."""


def _long_lived(thread: threading.Thread) -> bool:
    """Threads that outlive a test by design, so never counted as leaked:

    * the shipped-rule proofs' feeder and pool threads (``shipped_proofs``, one set a session);
    * threads Python did not start (``threading._DummyThread``: Qt's thread-pool threads, once
      they run Python code, stay registered for good); the GUI tests check instead that Qt's
      pool is idle after each test (``tests/gui/conftest.py``).
    """
    import shipped_proofs

    return isinstance(thread, threading._DummyThread) or thread in shipped_proofs.session_threads()


def leaked_threads(before: set[threading.Thread], grace_s: float) -> list[threading.Thread]:
    """The live threads not in ``before`` and not long-lived, once each was given up to
    ``grace_s`` seconds in all to end."""
    new = [t for t in threading.enumerate() if t not in before and not _long_lived(t)]
    deadline = time.monotonic() + grace_s
    for thread in new:
        thread.join(max(0.0, deadline - time.monotonic()))
    return [t for t in new if t.is_alive()]
