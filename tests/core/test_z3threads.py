"""z3 contexts across threads: objects of a context released by another thread while it works
leave it intact, every context the app makes allows that, and an error z3 reports for another
thread's cancelled query never escapes into the interrupting thread."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
import z3

from nonostudio.core import satsolver
from nonostudio.core.gridstate import GridState
from nonostudio.core.line import CROSSED, FILLED
from nonostudio.core.puzzle import Puzzle
from nonostudio.core.z3threads import interrupt, new_context
from nonostudio.rules.proving.prover import ProofStrategy, prove
from nonostudio.rules.ruleset import load_rule_set


def test_interrupt_is_delivered_and_the_foreign_error_swallowed(z3_interrupt_reports_canceled):
    ctx = z3.Context()
    with pytest.raises(z3.Z3Exception):
        ctx.interrupt()  # what a bare call does under the race
    interrupt(ctx)  # does not raise
    assert z3_interrupt_reports_canceled == []


@pytest.mark.parametrize("at_once", [False, True])
def test_a_proof_keeps_its_verdict(z3_interrupt_reports_canceled, at_once: bool) -> None:
    rules = {r.name: r for r in load_rule_set("control").rules}
    assert prove(rules["big_hint"], 8, strategy=ProofStrategy(at_once=at_once)).sound is True
    assert (
        prove(
            rules["force_maximum"],
            8,
            strategy=ProofStrategy(at_once=at_once),
            should_stop=lambda: True,
        ).sound
        is None
    )
    assert z3_interrupt_reports_canceled == []


@pytest.mark.slow
def test_a_stopped_sat_search_says_so(z3_interrupt_reports_canceled) -> None:
    # A 40 × 40 random grid takes z3 about a second; the stop is asked by the watcher itself, so
    # encoding (which polls the same function) is not cut short.
    rng = random.Random(3)
    grid = np.array(
        [[FILLED if rng.random() < 0.5 else CROSSED for _ in range(40)] for _ in range(40)],
        dtype=np.int8,
    )
    with pytest.raises(satsolver.SatUnknown):
        satsolver.sat_solutions(
            GridState(Puzzle.from_grid(grid)),
            backend="z3",
            should_stop=lambda: threading.current_thread().name == "z3-watch",
        )
    assert z3_interrupt_reports_canceled == []


# tests/z3_release_stress.py: one thread builds expressions in a context and another drops them
# (z3's release runs there), then the context is deleted.  Bare contexts failed that in 3 of 3
# runs of 30 s here but in 0 of 4 runs of 6 s, so this only checks that the app's contexts come
# through a short run; the next test checks that every context the app makes is one of them.  The
# comparison is tests/benchmarks/bench_z3_release.py, run by hand.
STRESS = Path(__file__).resolve().parents[1] / "z3_release_stress.py"


@pytest.mark.slow
def test_objects_released_by_another_thread_leave_the_context_intact() -> None:
    root = STRESS.parents[1]
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join(p for p in (str(root), os.environ.get("PYTHONPATH")) if p)
    }  # this checkout's package
    done = subprocess.run(
        [sys.executable, str(STRESS), "new", "6"],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=40,
    )
    assert (done.returncode, done.stdout.strip()) == (0, "intact"), done.stderr[-2000:]


def test_every_context_the_app_makes_allows_release_from_any_thread() -> None:
    package = Path(__file__).resolve().parents[2] / "nonostudio"
    makers = [
        str(f.relative_to(package))
        for f in sorted(package.rglob("*.py"))
        if "z3.Context(" in f.read_text(encoding="utf-8")
    ]
    assert makers == ["core/z3threads.py"]
    ctx = new_context()
    assert isinstance(ctx, z3.Context)
    assert z3.Solver(ctx=ctx).check() == z3.sat
