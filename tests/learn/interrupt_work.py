"""Work functions for the interrupt, cancel and fault tests of the runner (a module, so spawned
worker processes can import them).  Each logs ``start KEY PID`` to the file LEARN_TEST_LOG names."""

from __future__ import annotations

import os
import time
from pathlib import Path

import z3
from learn_work import pigeonhole

from nonostudio.core.progress import StopCallback
from nonostudio.learn.mining.specs import Specification


def _log(spec: Specification) -> None:
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(f"start {spec.key} {os.getpid()}\n")


def z3_gives_up_when_interrupted(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """A z3 query that runs until interrupted and then raises, as the prover does when z3 gives
    up ("z3 gave up … interrupted from keyboard")."""
    _log(spec)
    solver = pigeonhole(ctx)
    answer = solver.check()
    if answer == z3.unknown:
        raise RuntimeError(f"z3 gave up on {spec.key}: {solver.reason_unknown()}")
    return {"answer": str(answer)}


def stubborn(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Work that never looks at ``should_stop`` (a long native call, say)."""
    _log(spec)
    time.sleep(120)
    return {"slept": True}


def quick(spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context) -> dict:
    _log(spec)
    return {"ok": True}
