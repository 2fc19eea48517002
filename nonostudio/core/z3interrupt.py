"""Interrupting a z3 context from another thread without the caller tripping over z3's errors.

z3 keeps one error code per context, and its Python binding checks that code after every call,
``Z3_interrupt`` included.  While a query in another thread is being cancelled, z3 briefly sets
that code to "canceled", so the *interrupting* thread can get a ``Z3Exception`` for an error that
is not its own, after the interrupt has already been delivered.  Left alone, that exception killed
a prover's clean-up (losing its verdict) and the learning workers' budget watchdog.
"""

from __future__ import annotations

import z3


def interrupt(ctx: z3.Context) -> None:
    """Ask every query running in ``ctx`` to stop; never raises for another thread's error."""
    try:
        ctx.interrupt()
    except z3.Z3Exception:
        pass  # the interrupt was delivered before z3's binding read the shared error code
