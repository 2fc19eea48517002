"""z3 contexts used from several threads: made so that any thread may release their objects,
and interrupted from another thread without that thread getting the query's error.

Every z3 context the app creates comes from :func:`new_context`.  Why both are needed, with the
stress-run figures: docs/design/core.md, section 4.
"""

from __future__ import annotations

import z3


def new_context() -> z3.Context:
    """A fresh z3 context whose objects any thread may release while another uses it."""
    ctx = z3.Context()
    z3.Z3_enable_concurrent_dec_ref(ctx.ref())
    return ctx


def interrupt(ctx: z3.Context) -> None:
    """Ask every query running in ``ctx`` to stop; never raises for another thread's error."""
    try:
        ctx.interrupt()
    except z3.Z3Exception:
        pass  # the interrupt was delivered before z3's binding read the shared error code
