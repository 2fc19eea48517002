"""``learn run`` holds its run: a second ``--resume`` of it while it runs is refused naming the
process, and ``learn status`` says a run whose process was killed is interrupted."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from tiny_learn_run import TINY_THREADS

from nonostudio.cli import main
from nonostudio.learn.store.jobs import JobStore, RunState

REPO = Path(__file__).resolve().parent.parent

# Two patterns: minutes of work, so the run is surely still going while the test looks at it.
LONG = [*TINY_THREADS, "--max-patterns", "2"]


def cli(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "nonostudio", *argv],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=30,  # refused within seconds; running the run would take minutes
    )


def status_json(capsys: pytest.CaptureFixture[str], store: Path) -> dict[str, Any]:
    assert main(["learn", "status", "--store", str(store), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def wait_running(store: Path, child: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and child.poll() is None:
        if store.exists():
            with JobStore(store) as s:
                runs = s.runs()
            if runs and runs[0].status == RunState.RUNNING:
                return
        time.sleep(0.1)
    raise AssertionError(f"the run did not start: {child.stderr.read() if child.stderr else ''!r}")


@pytest.mark.slow
def test_a_second_resume_is_refused_and_a_killed_run_is_interrupted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "jobs.sqlite3"
    child = subprocess.Popen(
        [sys.executable, "-m", "nonostudio", "learn", "run", *LONG, "--store", str(store)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        wait_running(store, child)
        second = cli("learn", "run", "--resume", "1", "--store", str(store), "--jobs", "1")
        assert second.returncode == 3, second.stderr
        assert f"run 1 is already running in process {child.pid}" in second.stderr
        live = status_json(capsys, store)
        assert live["status"] == "running" and live.get("process") == child.pid
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL
    with JobStore(store) as s:  # nothing was handed out twice
        assert max(r.attempts for r in s.records(1)) == 1

    dead = status_json(capsys, store)
    assert dead["status"] == "interrupted" and dead.get("process") is None
    assert main(["learn", "status", "--store", str(store)]) == 0
    text = capsys.readouterr().out
    assert "run status interrupted" in text and f"learn run --resume 1 --store {store}" in text
