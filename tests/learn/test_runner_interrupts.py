"""Ctrl-C and cancel: an interrupted specification is pending again (never failed), a resume
retries it, cancel takes under a second even when the work ignores it, and no worker process is
left behind, defunct or alive.

The children these tests interrupt get SIGINT at its default (a suite started in the background
with ``cmd &`` inherits SIGINT ignored, and a Ctrl-C would then test nothing).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import interrupt_work
import pytest
from ctrl_c import sigint_at_default

from nonostudio.learn.mining.specs import Specification, mine_transitions, specifications
from nonostudio.learn.running.runner import Runner, run_specifications
from nonostudio.learn.store.jobs import JobStore

REPO = Path(__file__).resolve().parents[2]

_CHILD = textwrap.dedent("""
    import sys
    import interrupt_work
    from nonostudio.cli.learning.learn import sigint_cancels
    from nonostudio.learn.store.jobs import JobStore
    from nonostudio.learn.running.runner import Runner
    if __name__ == "__main__":
        with JobStore(sys.argv[1]) as store:
            runner = Runner(store, int(sys.argv[2]), interrupt_work.z3_gives_up_when_interrupted,
                            jobs=1, mode=sys.argv[3], budget_s=float(sys.argv[4]))
            with sigint_cancels(runner.cancel) as interrupted:
                status = runner.run()
            print("interrupted" if interrupted[0] else "not interrupted", flush=True)
""")


def _two_specs() -> list[Specification]:
    return [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)][:2]


def _started(log: Path) -> list[tuple[str, int]]:
    if not log.exists():
        return []
    return [(k, int(p)) for _, k, p in (line.split() for line in log.read_text().splitlines())]


@pytest.mark.parametrize("mode", ["process", "thread"])
def test_ctrl_c_during_a_z3_query_leaves_the_specification_pending_and_resume_retries_it(
    tmp_path: Path, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, log = tmp_path / "jobs.sqlite3", tmp_path / "log"
    monkeypatch.setenv("LEARN_TEST_LOG", str(tmp_path / "resumed.log"))
    with JobStore(db) as store:
        run = store.create_run({}, _two_specs())
    script = tmp_path / "child.py"
    script.write_text(_CHILD)
    env = dict(
        os.environ,
        LEARN_TEST_LOG=str(log),
        PYTHONPATH=os.pathsep.join([str(REPO), str(Path(__file__).parent)]),
    )
    child = subprocess.Popen(
        [sys.executable, str(script), str(db), str(run), mode, "5"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=sigint_at_default,
    )
    try:
        deadline = time.monotonic() + 60
        while not _started(log) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert _started(log), "the work never started"
        time.sleep(0.5)  # inside z3's check by now
        os.killpg(child.pid, signal.SIGINT)  # as a Ctrl-C at the terminal: the whole group
        out, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 0, err
    assert out.strip() == "interrupted" and "Traceback" not in err
    [(key, _)] = _started(log)
    with JobStore(db) as store:
        records = {r.key: r for r in store.records(run)}
        assert store.run(run).status == "cancelled"
    assert {r.status for r in records.values()} == {"pending"}
    assert records[key].attempts == 1 and records[key].error is None
    # A resume retries it.
    with JobStore(db) as store:
        status = run_specifications(store, run, interrupt_work.quick, jobs=1, mode="thread")
        retried = {r.key: r for r in store.records(run)}[key]
    assert status.counts == {"done": 2}
    assert retried.status == "done" and retried.attempts == 2


def _zombies_and_children() -> tuple[list[int], list[int]]:
    """Our child processes: ``(defunct ones, all)``."""
    zombies, children = [], []
    me = os.getpid()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            state, ppid = stat.read_text().rsplit(")", 1)[1].split()[:2]
        except (OSError, ValueError):
            continue
        if int(ppid) == me:
            children.append(int(stat.parent.name))
            if state == "Z":
                zombies.append(int(stat.parent.name))
    return zombies, children


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc to see processes")
def test_cancel_of_work_that_ignores_it_takes_under_a_second_and_reaps_every_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log"
    monkeypatch.setenv("LEARN_TEST_LOG", str(log))
    specs = [s for t in mine_transitions(3) for s in specifications(t, max_patterns=1)]
    with JobStore(tmp_path / "jobs.sqlite3") as store:
        run = store.create_run({}, specs)
        runner = Runner(store, run, interrupt_work.stubborn, jobs=2, mode="process", budget_s=300.0)
        out: list = []
        thread = threading.Thread(target=lambda: out.append(runner.run()))
        thread.start()
        deadline = time.monotonic() + 60
        while len(_started(log)) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        workers = {pid for _, pid in _started(log)}
        assert len(workers) == 2, "the workers never started"
        asked = time.monotonic()
        runner.cancel()
        thread.join(timeout=10.0)
        latency = time.monotonic() - asked
        print(f"cancel latency with work that ignores it: {latency:.3f} s")
        assert not thread.is_alive() and latency < 1.0
        assert out[0].counts == {"pending": len(specs)}
        assert store.run(run).status == "cancelled"
    zombies, children = _zombies_and_children()
    assert not zombies, f"defunct worker processes {zombies}"
    assert not workers & set(children)
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)
