"""z3 contexts used from several threads: creating them so that any thread may release their
objects, and interrupting them from another thread.

**Releasing objects.**  z3's Python binding frees an expression, solver or model when its Python
object is collected (``Z3_dec_ref``), in whichever thread drops the last reference or runs the
cyclic collector, and ctypes lets that call run while the context's own thread is inside z3.  z3
contexts are not thread-safe, so a release from another thread can corrupt the context.  In a
stress run (``tests/benchmarks/bench_z3_release.py``: one thread building expressions, another
dropping them, for 30 s) bare contexts came out intact in 0 of 3 runs (a segmentation fault and
two hangs; a hang traced earlier was inside Z3_del_context).  :func:`new_context` turns on z3's
concurrent release (``Z3_enable_concurrent_dec_ref``), which queues such releases under a lock
for the context's own thread; its contexts came out intact in 3 of 3.

A proof stopped mid-query leaves its z3 objects in reference cycles (through the exception's
traceback), which the cyclic collector frees in whichever thread it runs; that context is done
with by then, and no path in the app is known to release objects of a context in use from another
thread, but with this setting none can do harm.  Every context the app creates comes from
:func:`new_context`.

**Interrupting.**  z3 keeps one error code per context, and its Python binding checks that code
after every call, ``Z3_interrupt`` included.  While a query in another thread is being cancelled,
z3 briefly sets that code to "canceled", so the *interrupting* thread can get a ``Z3Exception``
for an error that is not its own, after the interrupt has already been delivered.  Left alone,
that exception killed a prover's clean-up (losing its verdict) and the learning workers' budget
watchdog.
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
