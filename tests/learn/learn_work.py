"""Work functions for the runner tests (a module, so spawned worker processes can import them)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import z3

from nonostudio.core.line import FILLED
from nonostudio.core.progress import StopCallback
from nonostudio.learn.mining.specs import Specification


def z3_forced(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Ask z3 whether some solution of the state contradicts the specification's run."""
    t = spec.transition
    n, hints = len(t.before), t.hints
    starts = [z3.Int(f"s{j}", ctx) for j in range(len(hints))]
    solver = z3.Solver(ctx=ctx)
    for j, h in enumerate(hints):
        solver.add(starts[j] >= 0, starts[j] + h <= n)
        if j:
            solver.add(starts[j] >= starts[j - 1] + hints[j - 1] + 1)

    def filled(i: int) -> z3.BoolRef:
        cover = [z3.And(s <= i, i < s + h) for s, h in zip(starts, hints, strict=True)]
        return z3.Or(*cover) if cover else z3.BoolVal(False, ctx)

    for i, c in enumerate(t.before):
        if c != "-":
            solver.add(filled(i) if c == "O" else z3.Not(filled(i)))
    want = [
        filled(i) if spec.value == FILLED else z3.Not(filled(i))
        for i in range(spec.start, spec.end)
    ]
    solver.add(z3.Not(z3.And(*want)))
    forced = solver.check() == z3.unsat
    return {"forced": forced, "rule": spec.key if forced and len(spec.patterns) == 1 else None}


def pigeonhole(ctx: z3.Context, holes: int = 12) -> z3.Solver:
    """A small formula z3 needs many seconds for."""
    p = [[z3.Bool(f"p{i}_{j}", ctx) for j in range(holes)] for i in range(holes + 1)]
    s = z3.Solver(ctx=ctx)
    for row in p:
        s.add(z3.Or(*row))
    for j in range(holes):
        for i in range(holes + 1):
            for k in range(i + 1, holes + 1):
                s.add(z3.Or(z3.Not(p[i][j]), z3.Not(p[k][j])))
    return s


def z3_hard(spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context) -> dict:
    """Runs until interrupted: only the context interrupt ends it."""
    return {"answer": str(pigeonhole(ctx).check())}


def python_spin(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Python-bound work that checks ``should_stop`` between steps."""
    steps = 0
    while not should_stop():
        steps += 1
    return {"steps": steps}


def failing(spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context) -> dict:
    if spec.start == 0:
        raise ArithmeticError(f"no rule for {spec.key}")
    return {"ok": True}


def dies_on_one_cell(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    if len(spec.transition.before) == 1:
        os._exit(3)
    return {"ok": True}


def logged_slow(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Appends each call to the file named by LEARN_TEST_LOG, then takes a little while."""
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(spec.key + "\n")
    time.sleep(0.02)
    return {"key": spec.key, "rule": spec.key if spec.start == 0 else None}


BIG_HINT = """def big_hint:
  with h = arbitrary(hint):
  if lowest_end_cell(h) > highest_start_cell(h):
  then fill(true, highest_start_cell(h), lowest_end_cell(h))"""


def big_hint_everywhere(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Reports the control rule big hint as the rule found for every specification it gets."""
    log = os.environ.get("LEARN_TEST_LOG")
    if log:
        with Path(log).open("a") as f:
            f.write(spec.key + "\n")
    return {"rule": BIG_HINT}


def logged_nothing(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Appends each call to the file named by LEARN_TEST_LOG and finds no rule."""
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(spec.key + "\n")
    return {"rule": None}


def logged_rule_for_one_pattern(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Logs each call; reports a (not parseable) rule for one-pattern specifications of runs that
    start at cell 0."""
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(spec.key + "\n")
    return {
        "rule": f"found for {spec.key}" if len(spec.patterns) == 1 and spec.start == 0 else None
    }


def logged_narrow(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """The narrow work: logs ``narrow KEY`` and reports one rule, or fails on runs of crossed
    cells that start at cell 0."""
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(f"narrow {spec.key}\n")
    if spec.start == 0 and spec.value != FILLED:
        raise LookupError("no constant-level rule")
    return {"rule": None, "rules": [f"narrow rule for {spec.key}"]}


def dies_first_time_on_one_cell(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Kills its worker process the first time it gets a one-cell line (a marker file in the
    folder LEARN_TEST_DIR remembers that it did), then works like :func:`z3_forced`."""
    if len(spec.transition.before) == 1:
        marker = Path(os.environ["LEARN_TEST_DIR"]) / f"died-{spec.key.replace('|', '_')}"
        if not marker.exists():
            marker.write_text("died")
            os._exit(3)
    return z3_forced(spec, budget, should_stop, ctx)


def nothing(spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context) -> dict:
    """No work at all: what a run costs per item beyond its work."""
    return {}


def logged_sleepy(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Appends ``KEY PID`` to the file named by LEARN_TEST_LOG as it starts, then takes 0.4 s
    (so a worker killed while it runs dies mid-item)."""
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(f"{spec.key} {os.getpid()}\n")
    time.sleep(0.4)
    return {"key": spec.key}


def logged_dies_on_one_cell(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Logs each call to LEARN_TEST_LOG, then kills its worker process on one-cell lines."""
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(f"{spec.key} {os.getpid()}\n")
    return dies_on_one_cell(spec, budget, should_stop, ctx)


def logged_interval(
    spec: Specification,
    budget: float,
    should_stop: StopCallback,
    ctx: z3.Context,
    pause: float = 0.03,
) -> dict:
    """Takes ``pause`` s and appends ``KEY<TAB>start<TAB>end`` (monotonic seconds) to the file
    named by LEARN_TEST_LOG; finds no rule."""
    start = time.monotonic()
    time.sleep(pause)
    with Path(os.environ["LEARN_TEST_LOG"]).open("a") as log:
        log.write(f"{spec.key}\t{start}\t{time.monotonic()}\n")
    return {"rule": None}


def big_hint_on_short_lines(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Reports big hint for lines under 4 cells once a longer line's item has started (the file
    LEARN_TEST_LOG names exists; at most 10 s); on longer ones makes that file, then works
    (sleeps) until told to stop and finds no rule."""
    started = Path(os.environ["LEARN_TEST_LOG"])
    if len(spec.transition.before) < 4:
        deadline = time.monotonic() + 10.0
        while not started.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        return {"rule": BIG_HINT}
    started.touch()
    while not should_stop():
        time.sleep(0.01)
    return {"rule": None}


def dear(spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context) -> dict:
    """Takes 0.08 s (more than a cheap item) and finds no rule."""
    time.sleep(0.08)
    return {"rule": None}


def logged_dear_interval(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """:func:`logged_interval` of an item that is not cheap (0.06 s: the runner holds such items
    back, and never batches them)."""
    return logged_interval(spec, budget, should_stop, ctx, pause=0.06)


def big_hint_from_the_giver(
    spec: Specification, budget: float, should_stop: StopCallback, ctx: z3.Context
) -> dict:
    """Logs each call as ``KEY`` in the folder LEARN_TEST_DIR's file ``calls``; reports big hint
    for the one specification whose key is in its file ``giver``, no rule for the others."""
    folder = Path(os.environ["LEARN_TEST_DIR"])
    with (folder / "calls").open("a") as log:
        log.write(spec.key + "\n")
    giver = (folder / "giver").read_text().strip()
    return {"rule": BIG_HINT if spec.key == giver else None}
