"""The test loop's own checks: the leaked-thread check every test runs under (``tests/leaks.py``,
the autouse fixture in ``tests/conftest.py``) reports what it should and nothing else."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from leaks import leaked_threads

HERE = Path(__file__).parent


def test_a_thread_still_running_after_the_grace_is_leaked() -> None:
    before = set(threading.enumerate())
    release = threading.Event()
    stuck = threading.Thread(target=release.wait, name="stuck", daemon=True)
    stuck.start()
    try:
        assert leaked_threads(before, 0.05) == [stuck]  # daemon threads count too
    finally:
        release.set()
        stuck.join()
    assert leaked_threads(before, 0.05) == []


def test_a_thread_that_ends_within_the_grace_is_not_leaked() -> None:
    before = set(threading.enumerate())
    ending = threading.Event()
    finishing = threading.Thread(target=lambda: ending.wait(0.1), name="finishing")
    finishing.start()
    assert leaked_threads(before, 5.0) == []
    assert not finishing.is_alive()


@pytest.mark.slow
def test_the_autouse_check_fails_a_test_that_leaks(tmp_path: Path) -> None:
    """The real ``tests/conftest.py`` run on two tests: the one leaving a thread errors in its
    teardown, naming the thread; the one whose thread ends in time passes."""
    for name in ("conftest.py", "leaks.py", "shipped_proofs.py"):
        shutil.copy(HERE / name, tmp_path / name)
    (tmp_path / "test_leaky.py").write_text(_LEAKY, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    # The leaking test passed its call and errored in its teardown: 2 passes, 1 error.
    assert "2 passed, 1 error" in done.stdout, done.stdout + done.stderr
    assert "the test left 1 thread(s) running 2 s after it ended: leaky (daemon)" in done.stdout, (
        done.stdout
    )


_LEAKY = """
import threading

STOP = threading.Event()


def test_leaves_a_thread():
    threading.Thread(target=STOP.wait, args=(30,), name="leaky", daemon=True).start()


def test_its_thread_ends_in_time():
    threading.Thread(target=STOP.wait, args=(0.2,), name="brief", daemon=True).start()
"""
