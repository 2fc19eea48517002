"""Job store faults, for real: a full disk and a read-only folder (tiny tmpfs mounts), a store held
by another process, a store of a newer version.  ``learn run`` reports the real error with exit
code 3 (never "cannot rollback - no transaction is active", never "not a nonostudio job store"),
and the store is never moved aside, deleted or changed by a failed write.

The disk and folder faults use tmpfs mounts (the tests run as root, here and in CI).  Where mount
is not permitted they fall back to other real faults: a file-size limit (RLIMIT_FSIZE) in the CLI
process for a full disk, the immutable attribute (``chattr +i``) or, when not root, file modes
for a read-only folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from ctrl_c import sigint_at_default_then
from tiny_learn_run import TINY_THREADS

from nonostudio.learn.mining.specs import all_specifications
from nonostudio.learn.store.jobs import SCHEMA_VERSION, JobStore, JobStoreError, RunState

REPO = Path(__file__).resolve().parents[2]


def _mount(folder: Path, options: str) -> bool:
    folder.mkdir(exist_ok=True)
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True
    )
    return done.returncode == 0


def _umount(folder: Path) -> None:
    subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def _remount_read_only(folder: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True, capture_output=True)


def _fill(folder: Path, leave: int = 0) -> None:
    """Take all the free space of ``folder``'s file system but ``leave`` bytes."""
    st = os.statvfs(folder)
    with (folder / "filler").open("wb") as f:
        f.write(b"\0" * max(0, st.f_bavail * st.f_frsize - leave))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _cli(*argv: str, preexec: Callable[[], None] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-B", "-m", "nonostudio", "learn", *argv, "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=sigint_at_default_then(preexec),
    )


def _file_size_limit(limit: int) -> Callable[[], None]:
    """A child's fault: no file it writes may grow past ``limit`` bytes (SIGXFSZ ignored, so the
    write fails with EFBIG as it does on a full disk)."""

    def apply() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def _assert_real_error(done: subprocess.CompletedProcess, *wanted: str) -> str:
    """Exit 3, one clear message naming the store and saying one of ``wanted``; no traceback,
    none of the misleading messages."""
    assert done.returncode == 3, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    error = json.loads(done.stdout.splitlines()[-1])
    message = error["error"]
    assert error["exit_code"] == 3
    assert any(w in message for w in wanted), message
    assert "jobs.sqlite3" in message
    assert "rollback" not in message and "not a nonostudio job store" not in message
    return message


@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[tuple[Path, Callable[[], None] | None]]:
    """``(folder, child fault)``: a 1 MB tmpfs (filled by the test when it wants), or, where
    mounting is not permitted, a plain folder and a 64 KB file-size limit for the CLI process."""
    folder = tmp_path / "disk"
    if _mount(folder, "size=1m"):
        try:
            yield folder, None
        finally:
            _umount(folder)
    else:
        yield folder, _file_size_limit(64 * 1024)


@contextlib.contextmanager
def _read_only(folder: Path) -> Iterator[str]:
    """Make ``folder`` (a tmpfs mount, or a plain folder) read-only while inside; yields how."""
    if folder.is_mount():
        _remount_read_only(folder)
        yield "read-only mount"
        return
    if shutil.which("chattr") and subprocess.run(["chattr", "+i", str(folder)]).returncode == 0:
        for f in folder.iterdir():
            subprocess.run(["chattr", "+i", str(f)], check=True)
        try:
            yield "immutable attribute"
        finally:
            for f in [folder, *folder.iterdir()]:
                subprocess.run(["chattr", "-i", str(f)], check=True)
        return
    if os.geteuid() == 0:
        pytest.fail("no way to make a folder read-only here: mount and chattr both refused")
    for f in folder.iterdir():
        f.chmod(0o444)
    folder.chmod(0o555)
    try:
        yield "file modes"
    finally:
        folder.chmod(0o755)


@pytest.fixture
def data_folder(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs (a plain folder where mounting is not permitted)."""
    folder = tmp_path / "data"
    mounted = _mount(folder, "size=4m")
    try:
        yield folder
    finally:
        if mounted:
            _umount(folder)


def _make_run(path: Path) -> int:
    with JobStore(path) as store:
        return store.create_run(
            {"max_length": 3, "max_patterns": 1, "budget_s": 30.0}, list(all_specifications(3, 1))
        )


# ---- a full disk ----------------------------------------------------------------------------


def test_learn_run_on_a_full_disk_says_the_disk_is_full(
    full_disk: tuple[Path, Callable[[], None] | None],
) -> None:
    folder, fault = full_disk
    if fault is None:
        _fill(folder)
    done = _cli("run", *TINY_THREADS, "--store", str(folder / "jobs.sqlite3"), preexec=fault)
    _assert_real_error(done, "the disk is full", *(["disk I/O error"] if fault else []))


@pytest.mark.slow
def test_a_disk_that_fills_during_a_run_stops_it_with_the_real_error_and_loses_nothing(
    full_disk: tuple[Path, Callable[[], None] | None],
) -> None:
    folder, fault = full_disk
    store = folder / "jobs.sqlite3"
    run = _make_run(store)
    with JobStore(store) as s:
        before = {r.key: r.status for r in s.records(run)}
    if fault is None:
        _fill(folder, leave=60 * 1024)  # room to open the store and start, not to finish
    done = _cli(
        "run",
        "--resume",
        str(run),
        "--store",
        str(store),
        "--jobs",
        "1",
        "--mode",
        "thread",
        preexec=fault,
    )
    _assert_real_error(done, "the disk is full", *(["disk I/O error"] if fault else []))
    (folder / "filler").unlink(missing_ok=True)
    with JobStore(store) as s:  # the store is whole and holds every specification
        assert s._read("PRAGMA integrity_check") == [("ok",)]
        after = {r.key: r.status for r in s.records(run)}
    assert after.keys() == before.keys()
    assert "failed" not in after.values()
    # ... and a resume with room to write finishes it.
    done = _cli(
        "run", "--resume", str(run), "--store", str(store), "--jobs", "1", "--mode", "thread"
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["finished"] == len(before)


# ---- read-only ------------------------------------------------------------------------------


def test_learn_run_in_a_read_only_folder_says_read_only(data_folder: Path) -> None:
    with _read_only(data_folder):
        done = _cli("run", *TINY_THREADS, "--store", str(data_folder / "jobs.sqlite3"))
    _assert_real_error(done, "read-only")
    assert not (data_folder / "jobs.sqlite3").exists()


@pytest.mark.slow
def test_a_read_only_store_is_read_and_never_changed(data_folder: Path) -> None:
    store = data_folder / "jobs.sqlite3"
    run = _make_run(store)
    digest = _digest(store)
    with _read_only(data_folder):
        status = _cli("status", "--store", str(store))
        resumed = _cli("run", "--resume", str(run), "--store", str(store))
        new = _cli("run", *TINY_THREADS, "--store", str(store))
        with JobStore(store) as s:
            assert s.read_only and [r.id for r in s.runs()] == [run]
            with pytest.raises(JobStoreError, match="read-only"):
                s.set_run_status(run, RunState.CANCELLED)
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout)["total"] == 27
    _assert_real_error(resumed, "read-only")
    _assert_real_error(new, "read-only")
    assert sorted(p.name for p in data_folder.iterdir()) == ["jobs.sqlite3"]
    assert _digest(store) == digest


# ---- held by another process ----------------------------------------------------------------


# Holds the store's write lock for SECONDS, or less once a line (or EOF) comes on its stdin.
_HOLDER = """
import select, sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
db.execute("UPDATE runs SET status = status")
print("locked", flush=True)
select.select([sys.stdin], [], [], float(sys.argv[2]))
db.execute("COMMIT")
print("committed", flush=True)
"""


def _hold(path: Path, seconds: float) -> subprocess.Popen[str]:
    """A process holding ``path``'s write lock for ``seconds``, or until :func:`_said` if that
    comes first."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(path), str(seconds)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    return holder


def _said(holder: subprocess.Popen[str]) -> str:
    """What the holding process printed after "locked", once it ended (its pipe closed); one
    still holding is told to commit now."""
    out, _ = holder.communicate("commit\n")
    return out.strip()


@pytest.mark.slow
def test_a_store_held_by_another_process_is_waited_for_then_reported_in_use(tmp_path: Path) -> None:
    path = tmp_path / "jobs.sqlite3"
    run = _make_run(path)
    digest_before = _digest(path)
    # A lock released within the busy timeout is waited for: the write goes through.
    holder = _hold(path, 0.5)
    with JobStore(path, busy_timeout_s=10.0) as store:
        began = time.monotonic()
        store.set_run_status(run, RunState.CANCELLED)
        assert time.monotonic() - began >= 0.3
    assert _said(holder) == "committed" and holder.wait() == 0
    # One held longer (until the error is seen, at most 10 s) is reported as in use, and the
    # other process's work is not disturbed.
    holder = _hold(path, 10.0)
    try:
        with JobStore(path, busy_timeout_s=0.5) as store:
            began = time.monotonic()
            with pytest.raises(JobStoreError, match="in use by another process") as caught:
                store.set_run_status(run, RunState.FINISHED)
            assert 0.4 < time.monotonic() - began < 2.5
            assert caught.value.filename == str(path)
            assert store.run(run).status == "cancelled"  # reading goes on
    finally:
        assert _said(holder) == "committed" and holder.wait() == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("jobs")) == [
        "jobs.sqlite3"
    ]
    with JobStore(path) as store:
        assert store.run(run).status == "cancelled"
    assert digest_before != _digest(path)  # the holder's and our first write went in


# ---- versions and foreign files -------------------------------------------------------------


def test_the_store_carries_its_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "jobs.sqlite3"
    _make_run(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    db.close()
    # A store from before versions (0) opens and is marked with the current version.
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 0")
    db.close()
    with JobStore(path) as store:
        assert len(store.runs()) == 1
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    db.close()


def test_a_store_of_a_newer_version_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    path = tmp_path / "jobs.sqlite3"
    _make_run(path)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    digest = _digest(path)
    with pytest.raises(
        ValueError,
        match=f"newer nonostudio \\(schema version "
        f"{SCHEMA_VERSION + 1}; this version reads up to "
        f"{SCHEMA_VERSION}\\)",
    ):
        JobStore(path)
    done = _cli("status", "--store", str(path))
    assert done.returncode == 2 and "newer nonostudio" in done.stderr
    assert "Traceback" not in done.stderr
    assert _digest(path) == digest


def test_another_database_is_not_taken_for_a_job_store(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE puzzles (id INTEGER PRIMARY KEY, data TEXT)")
    db.commit()
    db.close()
    digest = _digest(path)
    with pytest.raises(ValueError, match="not a nonostudio job store .*puzzles"):
        JobStore(path)
    assert _digest(path) == digest  # no job tables were added to it
