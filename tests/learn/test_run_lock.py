"""A run's lock: held by the process running it, let go by the system when that process dies, so
a killed run reads as interrupted and no run is run by two processes at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from nonostudio.learn.mining.specs import all_specifications
from nonostudio.learn.running.runner import run_specifications
from nonostudio.learn.store.jobs import JobStore, RunState, SpecStatus
from nonostudio.learn.store.run_lock import RunBusyError, RunLock, lock_path, run_owner

REPO = Path(__file__).resolve().parents[2]

HOLDER = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    from nonostudio.learn.store.run_lock import RunLock

    RunLock(Path(sys.argv[1]), int(sys.argv[2])).acquire()
    print("held", flush=True)
    time.sleep(120)
""")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[JobStore]:
    with JobStore(tmp_path / "jobs.sqlite3") as s:
        yield s


def one_run(store: JobStore) -> int:
    return store.create_run({"max_length": 2}, list(all_specifications(2, 1)))


def hold_in_child(store: JobStore, run_id: int) -> subprocess.Popen[str]:
    """A child process holding the run's lock (printing ``held`` once it does)."""
    child = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(store.path), str(run_id)],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line == "held\n", child.stderr.read() if child.poll() is not None else line
    return child


def kill(child: subprocess.Popen[str]) -> None:
    child.send_signal(signal.SIGKILL)
    child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL


def test_a_run_whose_process_was_killed_reads_as_interrupted(store: JobStore) -> None:
    run = one_run(store)
    store.set_run_status(run, RunState.RUNNING)
    child = hold_in_child(store, run)
    try:
        owner = run_owner(store.path, run)
        assert owner is not None and owner.pid == child.pid
        assert store.run(run).status == RunState.RUNNING
    finally:
        kill(child)
    assert run_owner(store.path, run) is None
    assert store.run(run).status == RunState.INTERRUPTED
    with pytest.raises(ValueError, match="unknown run status"):
        store.set_run_status(run, RunState.INTERRUPTED)  # read from the lock, never stored


def test_a_run_held_by_a_live_process_cannot_be_taken_until_that_process_dies(
    store: JobStore,
) -> None:
    run = one_run(store)
    child = hold_in_child(store, run)
    try:
        with pytest.raises(
            RunBusyError, match=f"run {run} is already running in process {child.pid}"
        ) as busy:
            RunLock(store.path, run).acquire()
        assert busy.value.filename == str(store.path)
    finally:
        kill(child)
    with RunLock(store.path, run):  # the system let go of the dead process's lock
        assert run_owner(store.path, run) is not None
    assert run_owner(store.path, run) is None
    assert not lock_path(store.path, run).exists()  # released normally: the file goes


def test_a_runner_refuses_a_run_that_is_running_and_changes_nothing(store: JobStore) -> None:
    run = one_run(store)
    first = store.pending(run)[0].key
    store.set_run_status(run, RunState.RUNNING)
    store.mark_running(run, first)  # in flight in the process that holds the run
    with RunLock(store.path, run), pytest.raises(RunBusyError, match="in this process"):
        run_specifications(store, run, lambda *a: {}, jobs=1, mode="thread")
    assert store.spec_status(run, first) == SpecStatus.RUNNING  # not handed out a second time
    assert store.run(run).status == RunState.INTERRUPTED  # nobody holds it now


def test_a_lock_file_left_by_a_killed_process_does_not_hold_the_run(store: JobStore) -> None:
    run = one_run(store)
    lock_path(store.path, run).write_text('{"pid": 1, "since": 0}')
    assert run_owner(store.path, run) is None
    with RunLock(store.path, run):
        owner = run_owner(store.path, run)
        assert owner is not None and owner.pid == os.getpid()
